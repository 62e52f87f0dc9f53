import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The deb's maintainer scripts (electron-builder.yml deb.afterInstall / deb.afterRemove). Setting
 * them replaces electron-builder's own templates, so ours start with those, verbatim; after them,
 * the scanner's udev rule is installed and removed. That section runs here for real, against a
 * temporary root, with a stand-in udevadm that records what it was asked.
 */
const require = createRequire(import.meta.url);
const templates = path.join(
  path.dirname(require.resolve('app-builder-lib/package.json')),
  'templates/linux',
);
const OURS = {
  install: 'resources/deb/after-install.tpl',
  remove: 'resources/deb/after-remove.tpl',
};
const THEIRS = {
  install: path.join(templates, 'after-install.tpl'),
  remove: path.join(templates, 'after-remove.tpl'),
};

/** electron-builder's macro expansion (FpmTarget writeConfigFile): an unknown macro fails. */
function render(template: string): string {
  const macros: Record<string, string> = {
    executable: 'library-kiosk',
    sanitizedProductName: 'Library Kiosk',
    productFilename: 'Library Kiosk',
  };
  return template.replace(/\$\{([a-zA-Z]+)\}/g, (_match, name: string) => {
    const value = macros[name];
    if (value === undefined) throw new Error(`Macro ${name} is not defined`);
    return value;
  });
}

function udevSection(script: string): string {
  const start = script.indexOf('# >>> library-kiosk udev rule');
  const end = script.indexOf('# <<< library-kiosk udev rule');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return script.slice(start, end);
}

let root: string;
let paths: {
  source: string;
  target: string;
  stamp: string;
  /** Where versions before issue 35 kept the stamp: the kiosk user's data folder. */
  dataDir: string;
  calls: string;
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'kiosk-deb-'));
  paths = {
    source: path.join(root, 'opt/Library Kiosk/resources/udev/70-library-kiosk-scanner.rules'),
    target: path.join(root, 'etc/udev/rules.d/70-library-kiosk-scanner.rules'),
    stamp: path.join(root, 'var/lib/library-kiosk-package/udev-rule.sha256'),
    dataDir: path.join(root, 'var/lib/library-kiosk'),
    calls: path.join(root, 'udevadm-calls'),
  };
  mkdirSync(path.dirname(paths.source), { recursive: true });
  writeFileSync(paths.source, readFileSync('resources/udev/70-library-kiosk-scanner.rules'));
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'udevadm'), `#!/bin/sh\necho "$*" >> '${paths.calls}'\n`);
  writeFileSync(path.join(bin, 'ischroot'), '#!/bin/sh\nexit 1\n');
  chmodSync(path.join(bin, 'udevadm'), 0o755);
  chmodSync(path.join(bin, 'ischroot'), 0o755);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/**
 * Runs our udev section of `which` script with every absolute path it names (/opt, /etc/udev,
 * /var/lib) moved under the temporary root, whatever the variables that hold them are called.
 */
function run(which: 'install' | 'remove', arg: string): { stdout: string; calls: string[] } {
  const section = udevSection(render(readFileSync(OURS[which], 'utf8')))
    .replaceAll("'/opt/", `'${root}/opt/`)
    .replaceAll("'/etc/udev/", `'${root}/etc/udev/`)
    .replaceAll("'/var/lib/", `'${root}/var/lib/`)
    .replaceAll('/usr/bin/ischroot', path.join(root, 'bin/ischroot'));
  // --norc and no stdin: bash run over a socket (libuv's pipes are socketpairs) reads ~/.bashrc.
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', section, 'postinst', arg], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: `${path.join(root, 'bin')}:/usr/bin:/bin` },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const calls = existsSync(paths.calls) ? readFileSync(paths.calls, 'utf8').trim().split('\n') : [];
  rmSync(paths.calls, { force: true });
  return { stdout: result.stdout, calls };
}

describe("the deb's maintainer scripts", () => {
  it.each(['install', 'remove'] as const)(
    "after-%s starts with electron-builder's own template, verbatim",
    (which) => {
      const ours = readFileSync(OURS[which], 'utf8');
      const theirs = readFileSync(THEIRS[which], 'utf8');
      expect(ours.startsWith(theirs)).toBe(true);
    },
  );

  it.each(['install', 'remove'] as const)(
    'after-%s expands with no unknown macro and parses with bash -n',
    (which) => {
      const rendered = render(readFileSync(OURS[which], 'utf8'));
      expect(rendered).toMatch(/^#!\/bin\/bash\n/);
      expect(rendered).not.toMatch(/\$\{/);
      const check = spawnSync('bash', ['--norc', '--noprofile', '-n', '-c', rendered], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    },
  );

  it('install: puts the shipped rule in /etc/udev/rules.d (0644) and reloads udev', () => {
    const { calls } = run('install', 'configure');
    expect(readFileSync(paths.target, 'utf8')).toBe(readFileSync(paths.source, 'utf8'));
    expect(statSync(paths.target).mode & 0o777).toBe(0o644);
    expect(existsSync(paths.stamp)).toBe(true);
    expect(calls).toEqual([
      'control --reload-rules',
      'trigger --subsystem-match=hidraw --action=change',
    ]);
  });

  it('upgrade: replaces the rule it installed with the new version', () => {
    run('install', 'configure');
    writeFileSync(paths.source, `${readFileSync(paths.source, 'utf8')}# a newer rule\n`);
    run('install', 'configure');
    expect(readFileSync(paths.target, 'utf8')).toContain('# a newer rule');
  });

  it("upgrade: keeps a rule staff edited, and says where this version's is", () => {
    run('install', 'configure');
    writeFileSync(paths.target, 'SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0c2e"\n');
    const { stdout } = run('install', 'configure');
    expect(readFileSync(paths.target, 'utf8')).toContain('0c2e');
    expect(stdout).toContain('kept the edited');
  });

  it('remove: takes the rule it installed away and reloads udev; upgrade leaves it', () => {
    run('install', 'configure');
    run('remove', 'upgrade');
    expect(existsSync(paths.target)).toBe(true);
    const { calls } = run('remove', 'remove');
    expect(existsSync(paths.target)).toBe(false);
    expect(existsSync(paths.stamp)).toBe(false);
    expect(calls).toEqual(['control --reload-rules']);
  });

  it('remove keeps an edited rule; purge takes it away', () => {
    run('install', 'configure');
    writeFileSync(paths.target, '# edited\n');
    const { stdout } = run('remove', 'remove');
    expect(existsSync(paths.target)).toBe(true);
    expect(stdout).toContain('kept the edited');
    run('remove', 'purge');
    expect(existsSync(paths.target)).toBe(false);
    expect(existsSync(paths.stamp)).toBe(false);
  });

  it("install: never writes through a link the kiosk user planted in its data folder (root's file stays whole)", () => {
    // The kiosk user owns /var/lib/library-kiosk: a link there in the old stamp's place, to a
    // stand-in for /etc/shadow, must not make root replace that file with a checksum.
    const shadow = path.join(root, 'etc/shadow');
    mkdirSync(path.dirname(shadow), { recursive: true });
    writeFileSync(shadow, 'root:$y$j9T$secret:19000:0:99999:7:::\n');
    mkdirSync(paths.dataDir, { recursive: true });
    const planted = path.join(paths.dataDir, 'udev-rule.sha256');
    symlinkSync(shadow, planted);
    run('install', 'configure');
    expect(readFileSync(shadow, 'utf8')).toBe('root:$y$j9T$secret:19000:0:99999:7:::\n');
    expect(existsSync(planted)).toBe(false);
    // The stamp is in root's own folder, a regular file, and the rule was installed.
    expect(lstatSync(paths.stamp).isFile()).toBe(true);
    expect(statSync(path.dirname(paths.stamp)).mode & 0o777).toBe(0o755);
    expect(readFileSync(paths.target, 'utf8')).toBe(readFileSync(paths.source, 'utf8'));
  });

  it("install: replaces a link in the stamp's own place instead of writing through it", () => {
    const victim = path.join(root, 'victim');
    writeFileSync(victim, 'untouched\n');
    mkdirSync(path.dirname(paths.stamp), { recursive: true });
    symlinkSync(victim, paths.stamp);
    run('install', 'configure');
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n');
    expect(lstatSync(paths.stamp).isSymbolicLink()).toBe(false);
  });

  it("upgrade from a version that kept the stamp in the data folder: reads root's own file there once, then removes it", () => {
    // What the older after-install left: the shipped rule and its checksum in the data folder.
    mkdirSync(path.dirname(paths.target), { recursive: true });
    writeFileSync(paths.target, readFileSync(paths.source));
    mkdirSync(paths.dataDir, { recursive: true });
    const old = path.join(paths.dataDir, 'udev-rule.sha256');
    const sum = spawnSync('sha256sum', { input: readFileSync(paths.target), encoding: 'utf8' });
    writeFileSync(old, sum.stdout);
    writeFileSync(paths.source, `${readFileSync(paths.source, 'utf8')}# a newer rule\n`);
    run('install', 'configure');
    expect(readFileSync(paths.target, 'utf8')).toContain('# a newer rule');
    expect(existsSync(old)).toBe(false);
    expect(existsSync(paths.stamp)).toBe(true);
  });
});
