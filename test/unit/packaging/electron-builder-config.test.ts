import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  protocols: { schemes: string[] }[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  linux: { target: string[] };
  win: { target: string[] };
  extraResources: { from: string; to: string }[];
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
