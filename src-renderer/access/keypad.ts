import type { KeyMap, KeypadAction } from '../../src-common/ipc/contract';
import type { ControlFacts } from './control-words';
import { nextFocus } from './focus-order';
import { actsOnKeydown, keypadAction, type Typing } from './keypad-keys';

/** What the keypad needs of the kiosk at each key. */
export interface KeypadPort {
  /** The keypad's keys and what this screen types; undefined where the keypad does nothing. */
  now(): { keys: KeyMap; typing: Typing } | undefined;
  /** Says a control the focus moved to (audio mode only: the port decides). */
  sayControl(facts: ControlFacts | undefined): void;
  /** Back where a screen has no way back, help, audio, volume: the controller's. */
  act(action: Exclude<KeypadAction, 'up' | 'down' | 'select'>, hasBack: boolean): void;
}

const CONTROLS =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Where the keys move: the still-there dialog while it shows (the page is inert), else the page. */
function activeRegion(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('[role="alertdialog"]') ??
    document.querySelector<HTMLElement>('main.app')
  );
}

const shown = (element: HTMLElement): boolean =>
  element.getClientRects().length > 0 &&
  element.closest('[inert], [aria-hidden="true"]') === null &&
  getComputedStyle(element).visibility !== 'hidden';

/** Demo mode's strip: an evaluator's aid, not the screen's; its buttons come last. */
const inDemoStrip = (element: HTMLElement): boolean => element.closest('.demo-strip') !== null;

/** The region's controls a keyboard reaches, in the order they are read (DOM order). */
function controlsOf(region: HTMLElement): HTMLElement[] {
  return [...region.querySelectorAll<HTMLElement>(CONTROLS)].filter(shown);
}

/**
 * The order Up and Down go round: from the screen's first own control to its last, then the
 * language and the modes (read before it, in its top strip), and demo mode's strip last, so its
 * buttons never come between the screen's own. Index 0 is where the first press lands.
 */
function keypadOrder(region: HTMLElement): HTMLElement[] {
  const all = controlsOf(region);
  const own = all.filter((control) => !inDemoStrip(control));
  const start = startOf(own);
  return [...own.slice(start), ...own.slice(0, start), ...all.filter(inDemoStrip)];
}

/**
 * Where a screen's keypad focus starts: the first button or field of the screen itself, below
 * its top strip (not the language, the modes or demo mode's strip), so the first Down lands on
 * what the screen asks; the rest come after it, by wrapping. In the still-there dialog, its own.
 */
function startOf(controls: HTMLElement[]): number {
  const own = (element: HTMLElement): boolean =>
    element.closest('.screen') !== null &&
    element.closest('header') === null &&
    (element instanceof HTMLButtonElement || element instanceof HTMLInputElement);
  return Math.max(0, controls.findIndex(own));
}

function labelText(element: HTMLElement): string {
  // A name for the ear where the visible one reads badly (a demo barcode's 14 digits).
  const spoken = element.dataset.keypadName;
  if (spoken) return spoken;
  const label = element.getAttribute('aria-label');
  if (label) return label;
  const ids = element.getAttribute('aria-labelledby');
  if (ids) {
    return ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.innerText ?? '')
      .join('\n');
  }
  if (element instanceof HTMLInputElement) {
    return [...(element.labels ?? [])].map((l) => l.innerText).join('\n');
  }
  return element.innerText;
}

function factsOf(element: HTMLElement): ControlFacts {
  const pressed = element.getAttribute('aria-pressed');
  const role: ControlFacts['role'] =
    element instanceof HTMLButtonElement
      ? 'button'
      : element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? 'field'
        : 'other';
  return {
    name: labelText(element),
    role,
    ...(pressed === 'true' || pressed === 'false' ? { pressed: pressed === 'true' } : {}),
  };
}

const isTextField = (element: Element | null): boolean =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['button', 'submit', 'checkbox'].includes(element.type));

/** Enter and Space press a focused button (Enter submits a field's form) without our help. */
const pressesNatively = (event: KeyboardEvent, focused: Element): boolean =>
  (event.key === 'Enter' &&
    (focused instanceof HTMLButtonElement || focused instanceof HTMLInputElement)) ||
  (event.key === ' ' && focused instanceof HTMLButtonElement);

/**
 * The station's keypad on the patron screens: Up and Down move through the controls (and, in
 * audio mode, say each), Select presses the one with focus, Back presses the screen's way back
 * (`data-keypad-back`), and the rest go to the controller. Keys a barcode scan is made of never
 * arrive here: the wedge detector listens first, in the capture phase, and stops them.
 */
export function attachKeypad(target: Window, port: KeypadPort): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    const now = port.now();
    if (!now) return;
    const action = keypadAction(event, now.keys, now.typing);
    if (!action) return;
    const focused = document.activeElement;
    // In a field, Left and Right move the caret, whatever the map says.
    if (isTextField(focused) && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) return;
    if (!actsOnKeydown(action, event.repeat)) return;
    const region = activeRegion();
    if (!region) return;
    if (action === 'up' || action === 'down') {
      event.preventDefault();
      const controls = keypadOrder(region);
      const current = controls.findIndex((control) => control === focused);
      const next = nextFocus(controls.length, current, 0, action);
      const control = next === undefined ? undefined : controls[next];
      control?.focus();
      port.sayControl(control && factsOf(control));
      return;
    }
    if (action === 'select') {
      // Nothing chosen yet: the screen's own keys decide (Enter is OK on the PIN screen).
      if (!(focused instanceof HTMLElement) || !region.contains(focused)) return;
      if (pressesNatively(event, focused)) return;
      event.preventDefault();
      focused.click();
      return;
    }
    event.preventDefault();
    const back =
      action === 'back'
        ? region.querySelector<HTMLElement>('[data-keypad-back]:not([disabled])')
        : null;
    if (back) back.click();
    port.act(action, back !== null);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
