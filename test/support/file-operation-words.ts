import path from 'node:path';
import { setFileOperationRecorder } from '../../src-main/platform/file-operations';
import type { FileOperation } from '../../src-main/platform/file-operations';

/**
 * The durable writes `body` makes under `root`, recorded at the seam (platform/files.ts) and put
 * in words: `write keys/a.key.<random>.tmp 32 B`, `fsync ...`, `rename a -> b`, `fsync-folder keys`.
 * Random temporary names read `<random>`, so that a test can state the order exactly.
 */
export async function durableWrites(root: string, body: () => Promise<unknown>): Promise<string[]> {
  const operations: FileOperation[] = [];
  setFileOperationRecorder({ record: (operation) => operations.push(operation) });
  try {
    await body();
  } finally {
    setFileOperationRecorder(undefined);
  }
  const named = (file: string): string =>
    path
      .relative(root, file)
      .split(path.sep)
      .join('/')
      .replace(/\.[0-9a-f]{12,16}\.(tmp|rewrite)$/, '.<random>.$1')
      .replace(/\.\d+\.tmp$/, '.<pid>.tmp') || '.';
  const handles = new Map<number, string>();
  const words: string[] = [];
  for (const operation of operations) {
    switch (operation.op) {
      case 'open':
        handles.set(operation.handle, named(operation.path));
        if (operation.created) words.push(`create ${named(operation.path)}`);
        break;
      case 'write':
        words.push(`write ${handles.get(operation.handle)} ${operation.bytes.length} B`);
        break;
      case 'truncate':
        words.push(`truncate ${handles.get(operation.handle)} ${operation.size}`);
        break;
      case 'fsync':
      case 'fdatasync':
        words.push(`${operation.op} ${handles.get(operation.handle)}`);
        break;
      case 'close':
        break;
      case 'rename':
      case 'link':
        words.push(`${operation.op} ${named(operation.from)} -> ${named(operation.to)}`);
        break;
      case 'unlink':
      case 'mkdir':
      case 'rmdir':
      case 'fsync-folder':
        words.push(`${operation.op} ${named(operation.path)}`);
        break;
      default:
        operation satisfies never;
    }
  }
  return words;
}
