/**
 * The kiosk's lockdown rules as pure functions, so that they are tested without Electron: which
 * key chords reach a page, and where a page may navigate or be redirected.
 */

import { originOf } from '../platform/origin';

/** A key press as Electron's `before-input-event` describes it (the fields the rule reads). */
export interface KeyInput {
  type: string;
  key: string;
  control: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

// Editing chords staff need in text fields; none of them leaves the app or shows its insides.
const EDITING = new Set(['a', 'c', 'v', 'x', 'z', 'y']);
// Keys that browsers and Electron's default menu bind to leaving, reloading or inspecting.
const BROWSER_KEYS = /^(F\d{1,2}|Browser\w+|Launch\w+|Help|ContextMenu|Props|Print|Open|Close)$/;

/** Ctrl+Alt+S opens staff mode (src-renderer/lib/staff-chord.ts). */
function isStaffChord(input: KeyInput): boolean {
  return input.control && input.alt && !input.meta && input.key.toLowerCase() === 's';
}

/** A single printable character typed with AltGr, which reaches the page as Ctrl+Alt. */
function isAltGrCharacter(input: KeyInput): boolean {
  return input.control && input.alt && !input.meta && [...input.key].length === 1;
}

/**
 * Allow or deny one key press. Plain typing, Shift, Enter, Tab, arrows and Escape pass; function
 * keys, browser and launch keys, Alt alone or with a key (menus, Alt+Left is "back"), the Super /
 * Command key, and Ctrl chords (close, quit, reload, print, zoom, DevTools, view source...) are
 * denied, except the staff chord, editing chords and AltGr characters.
 */
export function keyDecision(input: KeyInput): 'allow' | 'deny' {
  if (BROWSER_KEYS.test(input.key)) return 'deny';
  if (input.meta || input.key === 'Meta' || input.key === 'OS') return 'deny';
  if (isStaffChord(input) || isAltGrCharacter(input)) return 'allow';
  if (input.key === 'Alt' || input.key === 'AltGraph') return input.control ? 'allow' : 'deny';
  if (input.alt) return 'deny';
  if (input.control) {
    if (input.key === 'Control' || input.key === 'Shift') return 'allow';
    return !input.shift && EDITING.has(input.key.toLowerCase()) ? 'allow' : 'deny';
  }
  return 'allow';
}

export interface NavigationPolicy {
  /** The app's own origin, e.g. `app://kiosk`: always allowed. */
  appOrigin: string;
  /** Origins of the authorization server: allowed only outside the kiosk's own session. */
  authOrigins: Iterable<string>;
}

/**
 * Whether a page may go to `url`, by navigation or by a server's redirect alike. The kiosk window
 * stays on the app's origin; the separate sign-in window may also reach the authorization
 * server's origins. Origins are compared whole, so `https://auth.example.evil.com` is not
 * `https://auth.example`.
 */
export function navigationAllowed(
  url: string,
  from: { kioskSession: boolean },
  policy: NavigationPolicy,
): boolean {
  const origin = originOf(url);
  if (origin === undefined) return false;
  if (origin === originOf(policy.appOrigin)) return true;
  if (from.kioskSession) return false;
  return [...policy.authOrigins].some((allowed) => originOf(allowed) === origin);
}
