/**
 * The documents screen's file choice in Electron (src-main/electron/document-dialog.ts) on the
 * fake `electron` module: a modal open dialog for one PDF, and its answer as a path or nothing.
 */
import type { BrowserWindow, Dialog } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfPicker } from '../../../src-main/electron/document-dialog';
import { FakeBrowserWindow, FakeElectron } from '../../support/fake-electron';

let electron: FakeElectron;
let window: FakeBrowserWindow;

function picker() {
  const dialog = electron.module().dialog as Pick<Dialog, 'showOpenDialog'>;
  return pdfPicker(dialog, window as unknown as BrowserWindow);
}

beforeEach(() => {
  electron = new FakeElectron({ paths: {} });
  electron.ready();
  window = new FakeBrowserWindow(electron);
});

describe('choosing a PDF with the open dialog (Electron)', () => {
  it('opens one modal dialog on the kiosk window, for one file, with a PDF filter', async () => {
    await picker()();
    expect(electron.openDialogs).toHaveLength(1);
    const [shown] = electron.openDialogs;
    expect(shown?.window).toBe(window.name);
    expect(shown?.options).toMatchObject({
      properties: ['openFile', 'dontAddToRecent'],
      filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
    });
    expect(shown?.options).not.toHaveProperty(
      'properties',
      expect.arrayContaining(['multiSelections']),
    );
  });

  it('hands the core the chosen path', async () => {
    electron.openDialogAnswer = { canceled: false, filePaths: ['/home/staff/report.pdf'] };
    expect(await picker()()).toBe('/home/staff/report.pdf');
  });

  it('hands the core nothing when staff close the dialog', async () => {
    electron.openDialogAnswer = { canceled: true, filePaths: [] };
    expect(await picker()()).toBeUndefined();
  });

  it('opens no dialog once the kiosk window is gone', async () => {
    window.close();
    expect(await picker()()).toBeUndefined();
    expect(electron.openDialogs).toEqual([]);
  });
});
