import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { UtilityFork } from '../../../src-main/electron/utility-process-launcher';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

/**
 * The reference service with its Azurite child started through the Electron launcher. Electron
 * cannot run here, so utilityProcess.fork is played by Node: the child gets what a utility
 * process gets (the script loaded as an ES module, process.argv = [execPath, script, ...args], the
 * given environment, stdout/stderr piped, 'exit' with the code) and the launcher's adapter, the
 * service and the real Azurite do the rest.
 */
vi.mock('electron', () => ({ default: {}, app: {}, utilityProcess: {} }));

const { utilityProcessLauncher } =
  await import('../../../src-main/electron/utility-process-launcher');

const forked: { modulePath: string; args: string[]; serviceName?: string }[] = [];

const nodeAsUtilityProcess: UtilityFork = (modulePath, args, options) => {
  forked.push({
    modulePath,
    args,
    ...(options.serviceName ? { serviceName: options.serviceName } : {}),
  });
  expect(options.stdio).toBe('pipe');
  const child = spawn(process.execPath, [modulePath, ...args], {
    env: options.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    once: (_event: 'exit', listener: (code: number) => void) =>
      child.once('exit', (code) => listener(code ?? -1)),
    kill: () => child.kill('SIGTERM'),
  };
};

let fixture: ServiceFixture;

beforeAll(async () => {
  fixture = await startFixture({ launchChild: utilityProcessLauncher(nodeAsUtilityProcess) });
});

afterAll(async () => {
  await fixture?.stop();
});

describe('the service with Azurite in a (stand-in) utility process', () => {
  it('forked the Azurite child script once, named', () => {
    expect(forked).toHaveLength(1);
    expect(forked[0]?.modulePath).toMatch(/azurite-child\.mjs$/);
    expect(forked[0]?.serviceName).toMatch(/Azurite/);
  });

  it('serves blobs from it, with the documents container made', async () => {
    const { blobAccount } = fixture.service;
    const blobUrl = await fixture.service.blobUrl();
    const client = new BlobServiceClient(
      blobUrl,
      new StorageSharedKeyCredential(blobAccount.name, blobAccount.key),
    );
    const names: string[] = [];
    for await (const container of client.listContainers()) names.push(container.name);
    expect(names.length).toBeGreaterThan(0);
  });

  it('stops the child with the service', async () => {
    await fixture.service.stop();
    await expect(fetch(await fixture.service.blobUrl())).rejects.toThrow();
  });
});
