import type { NoBrowserReason } from './open-browser';

const REASONS: Record<NoBrowserReason, string> = {
  'no-chromium': 'no Chromium is installed',
  'no-display': 'there is no display',
  'browser-failed': 'Chromium could not start',
};

/**
 * What `npm start` says when no browser shows the kiosk. In demo mode (a checkout, never a
 * station: the demo PIN is public anyway) it prints the address itself, launch key included, so
 * a newcomer can open it; otherwise it names the 0600 file that holds it (docs/security.md).
 */
export function noBrowserText(
  reason: NoBrowserReason,
  demo: boolean,
  launchUrl: string,
  launchUrlFile: string,
): string {
  const why = `No browser could be opened here (${REASONS[reason]}).`;
  return demo
    ? `${why} Open the kiosk in a browser on this machine: ${launchUrl}`
    : `${why} Open the address in ${launchUrlFile} in a browser on this machine.`;
}
