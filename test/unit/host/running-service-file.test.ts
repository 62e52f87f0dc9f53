import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RUNNING_SERVICE_FILE,
  readRunningService,
  removeRunningServiceFile,
  writeRunningServiceFile,
} from '../../../src-main/host/running-service-file';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'running-service-'));
  folders.push(dir);
  return dir;
}

const SERVICE = { pid: 4242, baseUrl: 'http://127.0.0.1:7301', authUrl: 'http://127.0.0.1:7302' };

describe('running-service.json', () => {
  it('names the service while its kiosk runs, 0600, and nothing once removed', async () => {
    const dir = await folder();
    const file = await writeRunningServiceFile(dir, SERVICE);
    expect(file).toBe(path.join(dir, RUNNING_SERVICE_FILE));
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(readRunningService(dir, (pid) => pid === 4242)).toEqual(SERVICE);
    await removeRunningServiceFile(dir);
    expect(readRunningService(dir, () => true)).toBeUndefined();
  });

  it('is ignored when its kiosk is gone (a crash left it behind)', async () => {
    const dir = await folder();
    await writeRunningServiceFile(dir, SERVICE);
    expect(readRunningService(dir, () => false)).toBeUndefined();
  });

  it('is ignored when it names another machine or is not what the kiosk writes', async () => {
    const dir = await folder();
    const file = path.join(dir, RUNNING_SERVICE_FILE);
    await writeFile(file, JSON.stringify({ ...SERVICE, baseUrl: 'http://library.example:7301' }));
    expect(readRunningService(dir, () => true)).toBeUndefined();
    await writeFile(file, '{"pid": 42,');
    expect(readRunningService(dir, () => true)).toBeUndefined();
  });
});
