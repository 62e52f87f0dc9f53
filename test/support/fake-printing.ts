/**
 * `webContents.print()` as Electron 45 sends a job to the printer, for fake-electron.ts: which
 * printer and which paper the job gets, from the options the glue passes.
 *
 * What it follows:
 * - lib/browser/api/web-contents.ts (`WebContents.prototype.print`): `usePrinterDefaultPageSize`
 *   with `pageSize` throws; a named `pageSize` or `{ width, height }` in microns (each at least
 *   352) becomes the job's media size.
 * - shell/browser/printing/printing_utils.cc (`GetDeviceNameToUse`): an unknown `deviceName` fails
 *   with "Invalid deviceName provided"; without one, the system's default printer, else the first.
 * - shell/browser/api/electron_api_web_contents.cc (`OnGetDeviceNameToUse`): with no media size,
 *   A4 (210 x 297 mm) since electron#46937, or the printer's own default paper when
 *   `usePrinterDefaultPageSize` is set (electron#49523; A4 again if the printer reports none); a
 *   given size is kept (electron#50808). The page's CSS `@page { size }` does not change the
 *   paper sent to the printer (electron#49374: thermal printers got A4 jobs).
 */

/** A printer as the OS's print system (CUPS) reports it. */
export interface FakePrinter {
  name: string;
  isDefault?: boolean;
  /** Its default paper in microns; absent: the print system reports none. */
  defaultPaper?: { width: number; height: number };
}

/** What reached the printer. */
export interface PrintJob {
  printer: string;
  /** The paper the job was laid out on, in microns. */
  media: { width: number; height: number };
  silent: boolean;
}

export const A4 = { width: 210_000, height: 297_000 };

const NAMED_SIZES: Record<string, { width: number; height: number }> = {
  A4,
  A5: { width: 148_000, height: 210_000 },
  Letter: { width: 215_900, height: 279_400 },
  Legal: { width: 215_900, height: 355_600 },
};

/** A station with an office printer and, as its default, an 80 mm receipt printer. */
export const STATION_PRINTERS: FakePrinter[] = [
  { name: 'Office-A4', defaultPaper: A4 },
  { name: 'Receipt-80mm', isDefault: true, defaultPaper: { width: 80_000, height: 297_000 } },
];

interface PrintOptions {
  silent?: boolean;
  deviceName?: string;
  pageSize?: string | { width: number; height: number };
  usePrinterDefaultPageSize?: boolean;
}

/** The page size a `pageSize` option asks for; throws as Electron does for a bad one. */
function requestedSize(pageSize: PrintOptions['pageSize']): PrintJob['media'] | undefined {
  if (pageSize === undefined) return undefined;
  if (typeof pageSize === 'string') {
    const named = NAMED_SIZES[pageSize];
    if (!named) throw new Error(`Unsupported pageSize: ${pageSize}`);
    return named;
  }
  if (!pageSize.height || !pageSize.width) {
    throw new Error('height and width properties are required for pageSize');
  }
  const size = { width: Math.ceil(pageSize.width), height: Math.ceil(pageSize.height) };
  if (size.width < 352 || size.height < 352) {
    throw new RangeError('height and width properties must be minimum 352 microns.');
  }
  return size;
}

/**
 * The job Electron would send for these options, or the failure reason its callback gets. Throws
 * synchronously where Electron's `print()` throws.
 */
export function printJob(
  raw: unknown,
  printers: readonly FakePrinter[],
): { job: PrintJob } | { failure: string } {
  if (typeof raw !== 'object' || raw === null) {
    throw new TypeError('webContents.print(): Invalid print settings specified.');
  }
  const options = raw as PrintOptions;
  if (options.usePrinterDefaultPageSize !== undefined && options.pageSize !== undefined) {
    throw new Error('usePrinterDefaultPageSize cannot be combined with pageSize');
  }
  const asked = requestedSize(options.pageSize);
  let printer: FakePrinter | undefined;
  if (options.deviceName) {
    printer = printers.find((candidate) => candidate.name === options.deviceName);
    if (!printer) return { failure: 'Invalid deviceName provided' };
  } else {
    printer = printers.find((candidate) => candidate.isDefault) ?? printers[0];
    if (!printer) return { failure: 'No printers available on the network' };
  }
  const media = asked ?? (options.usePrinterDefaultPageSize ? (printer.defaultPaper ?? A4) : A4);
  return { job: { printer: printer.name, media, silent: options.silent ?? false } };
}
