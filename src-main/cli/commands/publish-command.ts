import { publishDocument } from '../../library-client/publish';
import type { Command } from '../command';
import { createProgressBar } from '../progress-bar';
import { usage, withStaffClient } from './with-staff-client';

export const publish: Command = (input) => {
  const [filePath, ...extra] = input.parsed.positionals;
  if (!filePath || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: publish <file.pdf> [--name N] [--docid ID]'));
  const { name, docid } = input.parsed.options;
  const bar = createProgressBar(input.streams.stderr);
  return withStaffClient(
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
    // Uploaded is published: a detail the ticket did not give is shown as such, never a failure.
    (document) =>
      `published document ${document.itemId ?? '(id not given)'} (sub-document ${
        document.subdocid ?? 'not given'
      }, file ${document.fileId ?? 'not given'})`,
  );
};
