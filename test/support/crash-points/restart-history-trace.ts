import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  fileOperationRecorder,
  nextRecordedHandle,
} from '../../../src-main/platform/file-operations';
import { STATION_RESTARTS_FILE } from '../../../src-main/core/console/diagnostics/station-restarts';
import { readTree } from './recording';
import { operationsOfTrace, traceShell } from './traced-shell';

const SESSION_SCRIPT = fileURLToPath(
  new URL('../../../resources/station/library-kiosk-session.sh', import.meta.url),
);

/** The session script's own `remember` function, as shipped. */
async function rememberFunction(): Promise<string> {
  const script = await readFile(SESSION_SCRIPT, 'utf8');
  const found = /^remember\(\) \{\n[\s\S]*?\n\}\n/m.exec(script);
  if (!found) throw new Error(`no remember() in ${SESSION_SCRIPT}`);
  return found[0];
}

/**
 * Runs the script's `remember status pause` on `dataDir` under strace, and hands its durable
 * writes to the recorder of file-operations.ts (recordWorkload's, or powerCuts').
 */
export async function rememberTraced(
  dataDir: string,
  status: number,
  pause: number,
): Promise<void> {
  const script = [
    `log() { printf 'library-kiosk-session: %s\\n' "$*" >&2; }`,
    await rememberFunction(),
    `history_file="$KIOSK_DATA_DIR/${STATION_RESTARTS_FILE}"`,
    'history_keep=50',
    `remember ${status} ${pause}`,
  ].join('\n');
  const existing = new Set(
    (await readTree(dataDir)).map((entry) => path.join(dataDir, ...entry.path.split('/'))),
  );
  const traced = await traceShell(script, { KIOSK_DATA_DIR: dataDir });
  if (traced.status !== 0 || traced.stderr !== '') {
    throw new Error(`remember failed (${traced.status}): ${traced.stderr}`);
  }
  const recording = fileOperationRecorder();
  if (!recording) throw new Error('not recording');
  const operations = operationsOfTrace(traced.trace, {
    root: dataDir,
    existing,
    newHandle: nextRecordedHandle,
  });
  for (const operation of operations) recording.record(operation);
}

export const EARLIER = [
  '2026-11-25T14:02:30Z 70 2',
  '2026-11-25T14:02:40Z 70 4',
  '2026-11-25T14:02:50Z 1 8',
];
