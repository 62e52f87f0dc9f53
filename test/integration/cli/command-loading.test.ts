import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The CLI loads what its command needs and nothing more: the files a real `library-kiosk` process
 * loads (recorded by a module hook, test/support/module-trace.mjs), as paths below the checkout.
 */
const root = path.resolve(fileURLToPath(import.meta.url), '../../../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cli-loading-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function filesLoadedBy(args: string[], input = ''): Promise<string[]> {
  const trace = path.join(dir, `${args.join('_')}.trace`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', './test/support/module-trace.mjs', 'bin/library-kiosk.js', ...args],
      {
        cwd: root,
        env: { ...process.env, KIOSK_DATA_DIR: path.join(dir, 'data'), MODULE_TRACE_FILE: trace },
        stdio: ['pipe', 'ignore', 'ignore'],
      },
    );
    child.on('error', reject);
    child.on('close', () => resolve());
    child.stdin.end(input);
  });
  return (await readFile(trace, 'utf8'))
    .split('\n')
    .filter((url) => url.startsWith('file:') && !url.includes('/node_modules/'))
    .map((url) => path.relative(root, fileURLToPath(url)));
}

/** The composition root and what only the kiosk itself runs. */
const KIOSK_ONLY = [
  'src-main/host/bootstrap.ts',
  'src-main/host/embedded-service.ts',
  'src-main/core/kiosk-core.ts',
  'src-main/circulation/offline/offline-circulation.ts',
  'src-main/scanner/scanner-input.ts',
  'src-reference-service/index.ts',
];
/** The service client and what signs staff in to it. */
const SERVICE_SIDE = [
  'src-main/cli/context.ts',
  'src-main/library-client/client.ts',
  'src-main/auth/staff-auth.ts',
  'src-main/vault/kiosk-keys.ts',
];

describe('what each library-kiosk command loads', () => {
  it('--help loads no command, nothing of the kiosk and no settings', async () => {
    const loaded = await filesLoadedBy(['--help']);
    expect(loaded).toContain('src-main/cli/main.ts');
    expect(loaded.filter((file) => file.startsWith('src-main/cli/commands/'))).toEqual([]);
    const beyondTheCli =
      /^src-(service|main\/(host|core|circulation|auth|vault|settings|scanner|platform))\//;
    expect(loaded.filter((file) => beyondTheCli.test(file))).toEqual([]);
  });

  it.each([
    ['set-pin', '482193\n', 'src-main/cli/commands/set-pin-command.ts'],
    ['clear-pin-lockout', '', 'src-main/cli/commands/clear-pin-lockout-command.ts'],
  ])(
    '%s loads its own command, not the service client nor the composition root',
    async (command, input, module) => {
      const loaded = await filesLoadedBy([command], input);
      expect(loaded).toContain(module);
      expect(loaded.filter((file) => file.startsWith('src-main/cli/commands/'))).toEqual([module]);
      expect(loaded.filter((file) => [...KIOSK_ONLY, ...SERVICE_SIDE].includes(file))).toEqual([]);
    },
  );

  it('a command that calls the service loads the staff sign-in, still not the composition root', async () => {
    const loaded = await filesLoadedBy(['whoami']);
    expect(loaded).toEqual(expect.arrayContaining(SERVICE_SIDE));
    expect(loaded.filter((file) => KIOSK_ONLY.includes(file))).toEqual([]);
  });
});
