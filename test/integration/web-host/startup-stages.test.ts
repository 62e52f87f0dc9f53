/**
 * The web host's start, for real (embedded reference service, SQLite, HTTP): one log line per
 * stage, with its duration, so a slow or stuck start reads from the log.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { captureLogs } from '../../support/log-capture';

let web: WebKiosk | undefined;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  logs = captureLogs('info');
  const rendererDir = await mkdtemp(path.join(os.tmpdir(), 'renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const settings = resolveSettings(
    {},
    {},
    { dataDir: await mkdtemp(path.join(os.tmpdir(), 'kiosk-stages-')) },
  );
  if (!settings.ok) throw new Error(settings.error.message);
  web = await startWebKiosk({
    settings: settings.value,
    port: 0,
    rendererDir,
    embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
  });
});

afterAll(async () => {
  await web?.stop();
  logs.restore();
});

describe("the web host's start-up log", () => {
  it('logs each stage once, in order, with its duration in ms', () => {
    const stageLines = logs.records
      .filter((record) => record.scope === 'start-up')
      .map((record) => record.data as { path: string; stage: string; ms: number });
    expect(stageLines.map(({ path: where, stage }) => `${where}: ${stage}`)).toEqual([
      'kiosk: library service',
      'kiosk: staff sign-in',
      'kiosk: scanner',
      'kiosk: offline journal',
      'kiosk: kiosk core',
      'web host: kiosk',
      'web host: web server',
    ]);
    for (const line of stageLines) {
      expect(Number.isInteger(line.ms) && line.ms >= 0).toBe(true);
    }
    const service = logs.records.find((record) =>
      record.message.startsWith('kiosk start-up stage: library service ('),
    );
    expect(service?.message).toMatch(/^kiosk start-up stage: library service \(\d+ ms\)$/);
  });
});
