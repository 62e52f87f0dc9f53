/**
 * Issue 22, item 3: a copy of the web host's data folder must not decrypt on another machine.
 *
 * Two "machines", each with its own systemd credential host secret (SYSTEMD_CREDENTIAL_SECRET:
 * systemd-creds reads that file instead of /var/lib/systemd/credential.secret). Each has the
 * kiosk's master key sealed with `systemd-creds encrypt --with-key=host`, and the test does what
 * systemd does for `LoadCredentialEncrypted=library-kiosk-key:<file>`: decrypts it into a private
 * folder and names it in CREDENTIALS_DIRECTORY. PID 1 here is not systemd, so no unit is started.
 *
 * On machine A staff sign in with the real CLI against the reference service and the kiosk
 * records offline loans in its journal; then the whole data folder is copied to machine B.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import { openOfflineJournal } from '../../../src-main/circulation/journal/offline-journal';
import { offlineFiles } from '../../../src-main/circulation/offline/offline-files';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { openKioskKeys } from '../../../src-main/vault/kiosk-keys';
import type { KioskKeys } from '../../../src-main/vault/kiosk-keys';
import { cliLogin } from '../../support/cli-login';
import { captureLogs } from '../../support/log-capture';
import { runCli } from '../../support/run-cli';
import { runWebHostStart } from '../../support/run-web-host';
import { startWebHostChild } from '../../support/web-host-child';
import { LIBRARIAN, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember } from '../../support/barcodes';

const CARD = asMember('P2000301');
const LOANS = ['I9000101', 'I9000102', 'I9000103'];

/** Nothing is skipped (docs/testing.md): without systemd-creds the test says what to install. */
function needSystemdCreds(): void {
  if (spawnSync('systemd-creds', ['--version']).status !== 0) {
    throw new Error('systemd-creds is missing: apt-get install systemd (bash .ci/run installs it)');
  }
}

interface Machine {
  /** Its credential host secret (systemd makes one per machine). */
  secret: string;
  /** The master key sealed to this machine: /etc/library-kiosk/kiosk-key.cred on a station. */
  credential: string;
}

let test: TestService;
let root: string;
let machineA: Machine;
let machineB: Machine;
let dataDir: string;
let credentialsA: string;
let envA: Record<string, string | undefined>;
let refreshToken: string;
let accessToken: string;

function systemdCreds(machine: Machine, args: string[], input?: Buffer) {
  return spawnSync('systemd-creds', args, {
    env: { PATH: process.env.PATH, SYSTEMD_CREDENTIAL_SECRET: machine.secret },
    ...(input ? { input } : {}),
  });
}

/** `systemd-creds encrypt --with-key=host`: a new random master key sealed to this machine. */
async function provision(name: string): Promise<Machine> {
  const folder = path.join(root, name);
  await mkdir(folder, { mode: 0o700 });
  const machine = {
    secret: path.join(folder, 'credential.secret'),
    credential: path.join(folder, 'kiosk-key.cred'),
  };
  const made = systemdCreds(
    machine,
    ['encrypt', '--with-key=host', '--name=library-kiosk-key', '-', machine.credential],
    randomBytes(32),
  );
  expect(made.status, made.stderr.toString()).toBe(0);
  return machine;
}

/**
 * What systemd does for LoadCredentialEncrypted= at a unit's start: decrypt with this machine's
 * host secret into a folder only the service may read. Null when it does not decrypt here.
 */
async function loadCredential(machine: Machine, credential: string): Promise<string | null> {
  const folder = await mkdtemp(path.join(root, 'credentials-'));
  await chmod(folder, 0o700);
  const file = path.join(folder, 'library-kiosk-key');
  const opened = systemdCreds(machine, ['decrypt', '--name=library-kiosk-key', credential, file]);
  if (opened.status !== 0) return null;
  await chmod(file, 0o400);
  return folder;
}

/** Every file under `folder`, read whole. */
async function everyFile(folder: string): Promise<Buffer[]> {
  const names = await readdir(folder, { recursive: true });
  const files: Buffer[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    if ((await stat(file)).isFile()) files.push(await readFile(file));
  }
  return files;
}

async function openedKeys(folder: string, env: Record<string, string | undefined>) {
  const opened = await openKioskKeys(folder, env);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.keys;
}

async function journalAt(folder: string, keys: KioskKeys) {
  const journal = await openOfflineJournal({
    file: offlineFiles(folder).journal,
    keys: keys.journal,
  });
  const read = {
    items: journal.entries().map((entry) => entry.txn.item),
    problem: journal.problem(),
  };
  await journal.close();
  return read;
}

async function copyOfTheFolder(name: string): Promise<string> {
  const copy = path.join(root, name);
  await cp(dataDir, copy, { recursive: true, preserveTimestamps: true });
  return copy;
}

describe('a data folder copied to another machine (systemd credential)', () => {
  beforeAll(async () => {
    needSystemdCreds();
    test = await startTestService();
    root = await mkdtemp(path.join(os.tmpdir(), 'kiosk-copied-folder-'));
    machineA = await provision('machine-a');
    machineB = await provision('machine-b');
    dataDir = path.join(root, 'data-a');
    const folder = await loadCredential(machineA, machineA.credential);
    if (!folder) throw new Error("machine A's credential does not decrypt on machine A");
    credentialsA = folder;
    envA = {
      PATH: process.env.PATH,
      HOME: test.dir,
      KIOSK_DATA_DIR: dataDir,
      KIOSK_BASE_URL: test.service.baseUrl,
      KIOSK_AUTH_URL: test.service.authUrl,
      CREDENTIALS_DIRECTORY: credentialsA,
    };
    // Staff sign the station in with the CLI, which seals the tokens with the station's key.
    const login = await cliLogin(envA, LIBRARIAN);
    if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stderr}`);
    // The service is unreachable: the kiosk records three loans in its offline journal.
    const keys = await openedKeys(dataDir, envA);
    const journal = await openOfflineJournal({
      file: offlineFiles(dataDir).journal,
      keys: keys.journal,
    });
    for (const item of LOANS) {
      const recorded = await journal.record({
        kind: 'check-out',
        item: asItem(item),
        member: CARD,
        at: Date.now(),
      });
      if (!recorded.ok) throw new Error(`not recorded: ${recorded.error.kind}`);
    }
    await journal.close();
    const stored = await createFileVault(fileVaultPaths(dataDir), keys.vault).load();
    if (!stored.ok || !stored.value?.refreshToken) throw new Error('no refresh token stored');
    refreshToken = stored.value.refreshToken;
    accessToken = stored.value.accessToken;
  }, 60_000);

  afterAll(async () => {
    await test?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('keeps no key in the data folder: only keys sealed with the credential, no token or barcode in clear', async () => {
    expect((await readdir(path.join(dataDir, 'keys'))).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
    for (const bytes of await everyFile(dataDir)) {
      for (const secret of [refreshToken, accessToken, CARD, ...LOANS]) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
      }
    }
  });

  it('the copy with nothing else: its own key files are not there to open the tokens or the journal', async () => {
    const copy = await copyOfTheFolder('copy-alone');
    const logs = captureLogs();
    try {
      // As the old web host read its data folder: the key files beside the data.
      const tokens = await createFileVault(fileVaultPaths(copy)).load();
      // Compared, never printed: a failure must not put the token in the test output.
      expect(tokens.ok && tokens.value?.refreshToken === refreshToken).toBe(false);
      expect(await createFileJournalKey(journalKeyFile(copy)).load({ create: false })).toEqual({
        ok: false,
        error: { kind: 'key-missing' },
      });
    } finally {
      logs.restore();
    }
  });

  it("machine A's credential file does not decrypt on machine B", async () => {
    expect(await loadCredential(machineB, machineA.credential)).toBeNull();
  });

  it("on machine B with B's own credential: no token is read, the journal is kept whole and staff told", async () => {
    const copy = await copyOfTheFolder('copy-on-b');
    const journalBefore = await readFile(offlineFiles(copy).journal);
    const credentialsB = await loadCredential(machineB, machineB.credential);
    if (!credentialsB) throw new Error("machine B's credential does not decrypt on machine B");
    const logs = captureLogs();
    try {
      const keys = await openedKeys(copy, { CREDENTIALS_DIRECTORY: credentialsB });
      expect(keys.source).toBe('systemd-credential');
      expect(await createFileVault(fileVaultPaths(copy), keys.vault).load()).toEqual({
        ok: false,
        error: { kind: 'vault.corrupt' },
      });
      const journal = await journalAt(copy, keys);
      expect(journal.items).toEqual([]);
      // The kiosk's staff screens show this problem and refuse offline transactions.
      expect(journal.problem).toEqual({ kind: 'key-unreadable' });
      expect(await readFile(offlineFiles(copy).journal)).toEqual(journalBefore);
    } finally {
      logs.restore();
    }
  });

  it('on machine B with no credential: the web host refuses to start and says why', async () => {
    const copy = await copyOfTheFolder('copy-no-key');
    const run = runWebHostStart(copy);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `The kiosk will not start: the keys of the data folder ${copy} are sealed with a master key kept outside it, and none is given (the systemd credential library-kiosk-key or KIOSK_KEY_FILE).`,
    );
    expect((await readdir(path.join(copy, 'keys'))).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
  });

  it("on machine B with no credential: the CLI refuses too (exit 2), and with A's credential it is signed in", async () => {
    const copy = await copyOfTheFolder('copy-cli');
    const withoutKey = await runCli(['whoami'], {
      ...envA,
      KIOSK_DATA_DIR: copy,
      CREDENTIALS_DIRECTORY: undefined,
    });
    expect(withoutKey.code).toBe(2);
    expect(withoutKey.stderr).toContain(
      'are sealed with a master key kept outside it, and none is given',
    );
    const onA = await runCli(['whoami'], envA);
    expect(onA.code, onA.stderr).toBe(0);
  }, 30_000);

  it('on machine A, the folder still reads: the refresh token and every loan', async () => {
    const keys = await openedKeys(dataDir, envA);
    const tokens = await createFileVault(fileVaultPaths(dataDir), keys.vault).load();
    expect(tokens.ok && tokens.value?.refreshToken === refreshToken).toBe(true);
    expect((await journalAt(dataDir, keys)).items).toEqual(LOANS);
  });

  it('the web host on machine A starts with the credential and warns of nothing', async () => {
    const host = await startWebHostChild(dataDir, {
      ...(envA as Record<string, string>),
      KIOSK_LOG_LEVEL: 'warn',
    });
    try {
      expect(host.output()).not.toContain('the data folder keeps its own keys');
    } finally {
      await host.kill('SIGTERM');
    }
    expect((await readdir(path.join(dataDir, 'keys'))).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
  }, 60_000);

  it('the web host with no key source (a checkout) warns at start that a copy of the folder can be read', async () => {
    const fresh = path.join(root, 'checkout-data');
    const host = await startWebHostChild(fresh, {
      KIOSK_BASE_URL: test.service.baseUrl,
      KIOSK_AUTH_URL: test.service.authUrl,
      KIOSK_LOG_LEVEL: 'warn',
    });
    try {
      expect(host.output()).toContain(
        'the data folder keeps its own keys (keys/): a copy of the folder reads the staff sign-in and the offline journal; give the kiosk a systemd credential or KIOSK_KEY_FILE (docs/deployment.md)',
      );
    } finally {
      await host.kill('SIGTERM');
    }
    expect(await readdir(path.join(fresh, 'keys'))).toEqual(['offline-journal.key']);
  }, 60_000);
});
