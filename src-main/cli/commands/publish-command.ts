import { publishDocument } from '../../service/publish';
import type { Command } from '../command';
import { createProgressBar } from '../progress-bar';
import { usage, withService } from './with-service';

export const publish: Command = (input) => {
  const [filePath, ...extra] = input.parsed.positionals;
  if (!filePath || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: publish <file.pdf> [--name N] [--docid ID]'));
  const { name, docid } = input.parsed.options;
  const bar = createProgressBar(input.streams.stderr);
  return withService(
    input,
    async (client) => {
      const result = await publishDocument(client, filePath, {
        ...(typeof name === 'string' ? { name } : {}),
        ...(typeof docid === 'string' ? { docid } : {}),
        signal: input.signal,
        onProgress: (progress) => bar.update(progress),
      });
      bar.finish();
      return result;
    },
    (document) =>
      `published document ${document.itemId} (sub-document ${document.subdocid}, file ${document.fileId})`,
  );
};
