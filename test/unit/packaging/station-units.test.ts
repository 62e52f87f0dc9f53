/**
 * The station's systemd units (docs/security.md, "The station's units"): systemd accepts each, and
 * `systemd-analyze security --offline=true` rates the web host's at 2.5 or less and the graphical
 * session's (alone and with the Chromium drop-in) at 5.0 or less; every check it still marks is
 * named in the unit with why. On a Chromium station the web host and the browser run as different
 * users, each with its own folder, sharing only the launch URL and the restart history by group.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_RESTARTS_FILE } from '../../../src-main/core/console/diagnostics/station-restarts';

const STATION = path.resolve('resources/station');
const WEB_UNIT = 'library-kiosk-web.service';
const SESSION_UNIT = 'library-kiosk.service';
const CHROMIUM_DROP_IN = 'library-kiosk-chromium.conf';

/** Nothing is skipped (docs/testing.md): a missing tool fails with what to install. */
function needSystemdAnalyze(): void {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) {
    throw new Error(
      'systemd-analyze is missing: apt-get install systemd (bash .ci/run installs it)',
    );
  }
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-station-units-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A copy of a unit (and the Chromium drop-in, where asked) in a folder of its own, as systemd
 * would load it; the session's ExecStart= names the script in this checkout, not yet installed.
 */
async function installed(unit: string, withDropIn = false): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'unit-'));
  const text = (await readFile(path.join(STATION, unit), 'utf8')).replace(
    /^ExecStart=\/usr\/share\/library-kiosk\/station\//m,
    `ExecStart=${STATION}/`,
  );
  const copy = path.join(folder, unit);
  await writeFile(copy, text);
  if (withDropIn) {
    await mkdir(`${copy}.d`);
    await copyFile(path.join(STATION, CHROMIUM_DROP_IN), path.join(`${copy}.d`, 'chromium.conf'));
  }
  return copy;
}

/** The overall exposure `systemd-analyze security --offline=true` gives, and the checks it marks. */
function security(unitFile: string): { exposure: number; marked: string[] } {
  const run = spawnSync('systemd-analyze', ['security', '--offline=true', unitFile], {
    encoding: 'utf8',
  });
  const overall = /Overall exposure level for \S+: (\d+\.\d)/.exec(run.stdout);
  if (!overall) throw new Error(`no exposure level in: ${run.stdout}${run.stderr}`);
  const marked = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('✗'))
    .map((line) => line.slice(1).trim().split(/\s+/)[0]!);
  return { exposure: Number(overall[1]), marked };
}

/** Every value of a [Service] key in a unit's text (and its drop-in's), an empty value resetting. */
function values(texts: string[], key: string): string[] {
  let found: string[] = [];
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${key}=`)) continue;
      const value = line.slice(key.length + 1);
      found = value === '' ? [] : [...found, value];
    }
  }
  return found;
}

/** KIOSK_* variables set by Environment= lines, the last one winning. */
function environment(texts: string[]): Record<string, string> {
  return Object.fromEntries(
    values(texts, 'Environment').map((entry) => {
      const [name, ...rest] = entry.replace(/^"|"$/g, '').split('=');
      return [name!, rest.join('=')];
    }),
  );
}

describe.each([
  { name: WEB_UNIT, dropIn: false, most: 2.5 },
  { name: SESSION_UNIT, dropIn: false, most: 5.0 },
  { name: `${SESSION_UNIT} with ${CHROMIUM_DROP_IN}`, dropIn: true, most: 5.0 },
])('$name', ({ name, dropIn, most }) => {
  const unit = name.split(' ')[0]!;

  it('is a unit systemd accepts (systemd-analyze verify), with no warning', async () => {
    needSystemdAnalyze();
    const copy = await installed(unit, dropIn);
    const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
  });

  it(`rates ${most.toFixed(1)} or less in systemd-analyze security --offline=true`, async () => {
    needSystemdAnalyze();
    const { exposure } = security(await installed(unit, dropIn));
    expect(exposure).toBeLessThanOrEqual(most);
  });

  it('names in the unit each check it does not pass, and why', async () => {
    needSystemdAnalyze();
    const { marked } = security(await installed(unit, dropIn));
    const text = await readFile(path.join(STATION, unit), 'utf8');
    // The "Not taken" list names the directive (e.g. "- PrivateNetwork=, IPAddressDeny=: ...");
    // a check taken in part names a directive the unit sets (RestrictNamespaces=user pid net).
    const notTaken = text.slice(text.indexOf('# Not taken, and why:'));
    expect(text).toContain('# Not taken, and why:');
    expect(marked.length).toBeGreaterThan(0);
    for (const check of marked) {
      const directive = check.split('=')[0]!;
      const named =
        notTaken.includes(`${directive}=`) || new RegExp(`^${directive}=\\S`, 'm').test(text);
      expect(named, `${check} is named in ${unit}`).toBe(true);
    }
  });
});

describe('a Chromium station: the web host and the browser as different users', () => {
  async function texts(): Promise<{ web: string[]; session: string[] }> {
    const read = (file: string): Promise<string> => readFile(path.join(STATION, file), 'utf8');
    return {
      web: [await read(WEB_UNIT)],
      session: [await read(SESSION_UNIT), await read(CHROMIUM_DROP_IN)],
    };
  }

  it('runs the host as kiosk-host and the session as kiosk, in the group that shares', async () => {
    const { web, session } = await texts();
    expect(values(web, 'User')).toEqual(['kiosk-host']);
    expect(values(session, 'User')).toEqual(['kiosk']);
    // The host's group is the session user's: the only files shared are those made for the group.
    expect(values(web, 'Group')).toEqual(['kiosk']);
    expect(values(web, 'UMask')).toEqual(['0077']);
  });

  it('keeps the key, the data folder and the session folder apart', async () => {
    const { web, session } = await texts();
    expect(values(web, 'LoadCredentialEncrypted')).toHaveLength(1);
    expect(values(session, 'LoadCredentialEncrypted')).toEqual([]);
    expect(values(session, 'LoadCredential')).toEqual([]);
    expect(values(web, 'StateDirectory')).toEqual(['library-kiosk']);
    expect(values(web, 'StateDirectoryMode')).toEqual(['0700']);
    expect(values(session, 'StateDirectory')).toEqual(['library-kiosk-station']);
    expect(values(session, 'StateDirectoryMode').at(-1)).toBe('0710');
    expect(environment(web).KIOSK_DATA_DIR).toBe('/var/lib/library-kiosk');
    expect(environment(session).KIOSK_DATA_DIR).toBe('/var/lib/library-kiosk-station');
    expect(environment(session).KIOSK_CLIENT).toBe('chromium');
  });

  it('shares the launch URL through the host runtime folder and the history through the session folder', async () => {
    const { web, session } = await texts();
    expect(values(web, 'RuntimeDirectory')).toEqual(['library-kiosk-web']);
    expect(values(web, 'RuntimeDirectoryMode')).toEqual(['0750']);
    const launchUrl = environment(web).KIOSK_LAUNCH_URL_FILE;
    expect(launchUrl).toBe('/run/library-kiosk-web/launch-url');
    expect(environment(session).KIOSK_LAUNCH_URL_FILE).toBe(launchUrl);
    expect(environment(web).KIOSK_STATION_RESTARTS_FILE).toBe(
      path.posix.join(environment(session).KIOSK_DATA_DIR!, STATION_RESTARTS_FILE),
    );
  });

  it('leaves an Electron station as it was: one user, its own data folder', async () => {
    const session = [await readFile(path.join(STATION, SESSION_UNIT), 'utf8')];
    expect(values(session, 'User')).toEqual(['kiosk']);
    expect(values(session, 'StateDirectory')).toEqual(['library-kiosk']);
    expect(environment(session).KIOSK_CLIENT).toBe('electron');
    expect(environment(session).KIOSK_DATA_DIR).toBe('/var/lib/library-kiosk');
  });
});
