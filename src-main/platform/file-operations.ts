/**
 * The operations that decide what a power cut leaves on disk, as the kiosk's durable writers make
 * them through platform/files.ts: in the order they completed, with the bytes written. Nothing is
 * recorded unless a recorder is set (the crash-point tests, docs/offline.md#every-crash-point);
 * without one each operation costs one comparison.
 */
export type FileOperation =
  /** A file opened for writing: `created` when this open made it (O_CREAT on a missing name). */
  | {
      op: 'open';
      handle: number;
      path: string;
      created: boolean;
      /** O_TRUNC cut an existing file to nothing. */
      truncated: boolean;
    }
  /** Bytes written at `position`, or at the end of the file (O_APPEND). */
  | { op: 'write'; handle: number; position: number | 'end'; bytes: Buffer }
  | { op: 'truncate'; handle: number; size: number }
  | { op: 'fsync'; handle: number }
  | { op: 'fdatasync'; handle: number }
  | { op: 'close'; handle: number }
  | { op: 'rename'; from: string; to: string }
  | { op: 'link'; from: string; to: string }
  | { op: 'unlink'; path: string }
  | { op: 'mkdir'; path: string }
  | { op: 'rmdir'; path: string }
  /** fsync of a folder: the names created, renamed or removed in it are on disk. */
  | { op: 'fsync-folder'; path: string };

export type FileOperationKind = FileOperation['op'];

export interface FileOperationRecorder {
  /** Called once the operation completed, with absolute paths; `bytes` are the recorder's own copy. */
  record(operation: FileOperation): void;
}

let recorder: FileOperationRecorder | undefined;
let lastHandle = 0;

/** Sets (or, with nothing, removes) the one recorder of this process. */
export function setFileOperationRecorder(next?: FileOperationRecorder): void {
  recorder = next;
}

/** The recorder now, if any: writers check it once per operation. */
export function fileOperationRecorder(): FileOperationRecorder | undefined {
  return recorder;
}

/** A number for a handle opened while recording, unique in this process. */
export function nextRecordedHandle(): number {
  lastHandle += 1;
  return lastHandle;
}
