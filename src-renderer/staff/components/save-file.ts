/**
 * Saves text as a file the way a browser downloads one: a blob behind a temporary link with
 * `download`. The web host's browser saves it; Electron asks where. The blob's address lives on a
 * while after the click, since the download may start reading it only after the click returns.
 */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
