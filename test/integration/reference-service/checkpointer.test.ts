import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src-shared/log/logger';
import { startCheckpointer } from '../../../src-reference-service/db/checkpointer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'checkpointer-it-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function recordingLogger(onWarn: (message: string) => void): Logger {
  const silent = (): void => undefined;
  const log: Logger = {
    debug: silent,
    info: silent,
    warn: (message) => onWarn(message),
    error: silent,
    child: () => log,
  };
  return log;
}

describe('checkpoint worker', () => {
  it('logs a warning instead of crashing the host when the worker fails', async () => {
    let warned: (message: string) => void = () => undefined;
    const warning = new Promise<string>((resolve) => (warned = resolve));
    // The worker cannot open a database in a directory that does not exist: it throws at start.
    const checkpointer = startCheckpointer(
      join(dir, 'missing', 'db.sqlite'),
      recordingLogger(warned),
    );
    expect(await warning).toMatch(/checkpoint worker failed/);
    await checkpointer.stop();
  });
});
