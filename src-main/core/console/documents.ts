import type { DocumentsChannel } from '../../ipc/console/channels';
import type { UploadView } from '../../ipc/console/documents';
import { failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';

const notYet = () => failed({ kind: 'unavailable', reason: 'not-built' });

export interface DocumentsArea extends ConsoleArea<DocumentsChannel> {
  /** The document being published, for the staff view; absent when there is none. */
  upload(): UploadView | undefined;
}

export function createDocumentsArea(_context: ConsoleContext): DocumentsArea {
  return {
    upload: () => undefined,
    handlers: {
      'documents.choose': notYet,
      'documents.stage': notYet,
      'documents.publish': notYet,
      'documents.cancel': notYet,
      'documents.discard': notYet,
    },
  };
}
