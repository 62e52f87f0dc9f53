import type { BrowserWindow, Dialog } from 'electron';

/** The open dialog's options: one PDF file (the core checks its bytes; the filter only helps). */
export const PDF_DIALOG_OPTIONS = {
  title: 'Choose a PDF to publish',
  buttonLabel: 'Choose',
  properties: ['openFile', 'dontAddToRecent'],
  filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
} satisfies Electron.OpenDialogOptions;

/**
 * The documents screen's file choice in Electron: the main process's open dialog, modal to the
 * kiosk window. The path stays in the core; the renderer never names one.
 */
export function pdfPicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  window: BrowserWindow,
): () => Promise<string | undefined> {
  return async () => {
    if (window.isDestroyed()) return undefined;
    const { canceled, filePaths } = await dialog.showOpenDialog(window, {
      ...PDF_DIALOG_OPTIONS,
      properties: [...PDF_DIALOG_OPTIONS.properties],
      filters: PDF_DIALOG_OPTIONS.filters.map((filter) => ({
        ...filter,
        extensions: [...filter.extensions],
      })),
    });
    return canceled ? undefined : filePaths[0];
  };
}
