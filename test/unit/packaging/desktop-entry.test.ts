/**
 * The Linux desktop file as electron-builder writes it for the deb and the AppImage, computed by
 * app-builder-lib's own LinuxTargetHelper from electron-builder.yml and package.json: its
 * StartupWMClass is the window class Electron gives the window (package.json's desktopName), and
 * the sign-in scheme is listed once.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

interface Config {
  protocols: { schemes: string[] }[];
  linux: Record<string, unknown>;
  deb: Record<string, unknown>;
}

async function desktopEntry(): Promise<{ entry: Record<string, string>; fileName: string }> {
  const { load } = require('js-yaml') as { load(text: string): unknown };
  const config = load(await readFile('electron-builder.yml', 'utf8')) as Config;
  const metadata = JSON.parse(await readFile('package.json', 'utf8')) as Record<string, string>;
  const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper') as {
    LinuxTargetHelper: {
      prototype: {
        computeDesktopEntry(options: unknown): Promise<string>;
        getDesktopFileName(fallback?: string): string;
      };
    };
  };
  // The parts of electron-builder's packager that computeDesktopEntry reads.
  const helper = {
    packager: {
      appInfo: { productName: 'Library Kiosk', sanitizedProductName: 'Library Kiosk' },
      executableName: metadata.name,
      info: { metadata },
      config,
      platformSpecificBuildOptions: config.linux,
      fileAssociations: [],
    },
    getDescription: () => metadata.description,
  };
  const text = await LinuxTargetHelper.prototype.computeDesktopEntry.call(helper, {
    ...config.linux,
    ...config.deb,
  });
  const entry: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) entry[match[1] as string] = match[2] as string;
  }
  const fileName = LinuxTargetHelper.prototype.getDesktopFileName.call(helper, metadata.name);
  return { entry, fileName };
}

describe('the Linux desktop file', () => {
  it("names the window class Electron gives the window (package.json's desktopName)", async () => {
    const metadata = JSON.parse(await readFile('package.json', 'utf8')) as { desktopName?: string };
    expect(metadata.desktopName).toBe('library-kiosk.desktop');
    const { entry, fileName } = await desktopEntry();
    // Electron sets the Wayland app_id and the X11 WM_CLASS from desktopName, minus ".desktop".
    expect(entry.StartupWMClass).toBe('library-kiosk');
    expect(`${fileName}.desktop`).toBe(metadata.desktopName);
  });

  it('lists the sign-in scheme once', async () => {
    const { entry } = await desktopEntry();
    expect(entry.MimeType).toBe('x-scheme-handler/org.example.librarykiosk;');
  });
});
