import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  protocols: { schemes: string[] }[];
  files: string[];
  asarUnpack: string[];
  npmRebuild?: boolean;
  electronFuses: Record<string, boolean>;
  linux: { target: string[] };
  win: { target: string[] };
  deb: { depends: string[]; afterInstall?: string; afterRemove?: string };
  extraResources: { from: string; to: string; filter?: string[] }[];
}

/** electron-builder's own deb dependencies (what `deb.depends` replaces), read from app-builder-lib. */
function defaultDebDepends(): string[] {
  const { default: FpmTarget } = require('app-builder-lib/out/targets/FpmTarget') as {
    default: { prototype: { getDefaultDepends(target: string): string[] } };
  };
  return FpmTarget.prototype.getDefaultDepends.call({}, 'deb');
}

/** The fuse table of docs/electron.md ("| `fuseName` | on/off | why |"). */
async function documentedFuses(): Promise<Record<string, boolean>> {
  const text = await readFile('docs/electron.md', 'utf8');
  const fuses: Record<string, boolean> = {};
  for (const match of text.matchAll(/^\| `(\w+)` +\| (on|off) +\|/gm)) {
    fuses[match[1] as string] = match[2] === 'on';
  }
  return fuses;
}

async function loadConfig(): Promise<BuilderConfig> {
  const { load } = require('js-yaml') as { load(text: string): unknown };
  return load(await readFile('electron-builder.yml', 'utf8')) as BuilderConfig;
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema validation", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (enabled: boolean) => unknown;
    };
    await expect(
      validateConfiguration(await loadConfig(), new DebugLogger(false)),
    ).resolves.toBeUndefined();
  });

  it('builds AppImage and deb for Linux and NSIS for Windows', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('registers the reversed-domain OAuth scheme and unpacks node-hid from asar', async () => {
    const config = await loadConfig();
    expect(config.protocols.flatMap((protocol) => protocol.schemes)).toContain(
      'org.example.librarykiosk',
    );
    expect(config.asarUnpack).toContain('node_modules/node-hid/**');
  });

  it('sets the Electron fuses exactly as docs/electron.md documents them', async () => {
    const { electronFuses } = await loadConfig();
    const documented = await documentedFuses();
    expect(Object.keys(documented).length).toBeGreaterThanOrEqual(8);
    expect(electronFuses).toEqual(documented);
  });

  it("depends, in the deb, on electron-builder's own list and libusb", async () => {
    const { deb } = await loadConfig();
    const defaults = defaultDebDepends();
    expect(defaults).toContain('libgtk-3-0');
    expect(defaults).toContain('libsecret-1-0');
    expect(deb.depends).toEqual(expect.arrayContaining([...defaults, 'libusb-1.0-0']));
  });

  it('depends, in the deb, on espeak-ng, which speaks in audio mode, as .ci/run installs it', async () => {
    const { deb } = await loadConfig();
    expect(deb.depends).toContain('espeak-ng');
    // The station's engine is found on the PATH (src-main/speech/station-audio.ts): the package's
    // binary is the one the kiosk runs, and the one the real-engine tests use.
    const ci = await readFile('.ci/run', 'utf8');
    expect(ci).toMatch(/command -v espeak-ng .*\|\| need\+=\(espeak-ng\)/);
    expect(ci).toMatch(/command -v sox .*\|\| need\+=\(sox\)/);
  });

  it('runs after-install and after-remove scripts from the repository', async () => {
    const { deb } = await loadConfig();
    for (const script of [deb.afterInstall, deb.afterRemove]) {
      expect(script).toBeDefined();
      expect(existsSync(script as string)).toBe(true);
      expect(await readFile(script as string, 'utf8')).toMatch(/^#!\/bin\/bash\n/);
    }
  });

  it('keeps native modules out of the asar, one build per runtime, with no rebuild in place', async () => {
    const config = await loadConfig();
    // node-hid's Node-API prebuilds load in Electron as they are, from outside the archive.
    expect(config.asarUnpack).toContain('node_modules/node-hid/**');
    // better-sqlite3: the Electron build made by scripts/prepare-electron-native.js, outside the
    // asar; node_modules' Node build is neither rebuilt in place nor shipped.
    expect(config.npmRebuild).toBe(false);
    expect(config.extraResources).toContainEqual({
      from: 'native/electron',
      to: 'native/electron',
      filter: ['better_sqlite3.node', 'build-info.json'],
    });
    expect(config.files).toContain('!node_modules/better-sqlite3/{build,deps,src}/**');
  });

  it('hardens the Electron fuses', async () => {
    const { electronFuses } = await loadConfig();
    expect(electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it("ships the scanner's udev rule and the station's session script and unit", async () => {
    const { extraResources } = await loadConfig();
    expect(extraResources).toEqual(
      expect.arrayContaining([
        { from: 'resources/udev', to: 'udev' },
        { from: 'resources/station', to: 'station' },
      ]),
    );
  });
});
