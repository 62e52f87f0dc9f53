import type { KioskState, Screen, TransactionLine } from '../../src-common/ipc/contract';
import type { Translate } from '../i18n/message-key';
import type { MessageContext } from '../lib/messages';
import { capitalised, keyNamesOn, type KeyNames } from './key-names';
import { attractSpeech, screenSpeech, showsAccessBar, type ScreenSpeech } from './speech-screens';
import { lineSpeech, messageSpeech } from './speech-words';
import type { Utterance } from './player';

/**
 * What audio mode says (docs/accessibility.md): pure functions of the kiosk's state and the
 * message catalog, so the words heard are the words shown and each case is tested in Node.
 */

export type { Utterance } from './player';

/**
 * What to say when the state changes from `previous` to `next`: a new screen (where the patron
 * is, what to do next, its buttons), each new outcome of the session, a new notice, the
 * still-there warning. A new screen and the warning interrupt; outcomes and notices are said
 * after what is being said, so none is lost. Nothing while audio mode is off (but "Audio off"
 * when it goes off), on a staff screen, or when nothing the patron hears has changed.
 * `now` (epoch ms) counts the warning's seconds.
 */
export function speechFor(
  previous: KioskState | undefined,
  next: KioskState,
  t: Translate,
  now: number = Date.now(),
): Utterance | undefined {
  if (!next.access.audio)
    return previous?.access.audio
      ? { lines: [t('access.speech.audioOff')], interrupt: true }
      : undefined;
  const screen = screenSpeech(next, t);
  if (!screen) return undefined;
  const names = keyNamesOn(next, t);
  const turnedOn = previous !== undefined && !previous.access.audio;
  const newScreen = previous === undefined || turnedOn || !sameScreen(previous, next);
  const notice = next.notice && next.notice.id !== previous?.notice?.id ? next.notice : undefined;
  const noticeLines = notice ? [messageSpeech(notice.message, t, noticeContext(next.screen))] : [];
  const warning = next.inactivityWarning;
  const newWarning =
    warning !== undefined && warning.deadline !== previous?.inactivityWarning?.deadline;
  const warningLines = newWarning ? warningSpeech(next, t, now) : [];
  // "I'm still here" (or More time): the warning went and the screen is as it was; where the
  // patron is, again, so they know what they came back to.
  const answered = !newScreen && previous.inactivityWarning !== undefined && !warning;
  const lines = newScreen
    ? [
        ...(turnedOn ? [t('access.speech.audioOn')] : []),
        ...noticeLines,
        ...screenLines(screen, names, t),
        // Where a patron starts, or has just started audio mode: the key that explains the rest.
        ...(turnedOn || (next.screen.name === 'attract' && screen.buttons.length > 0)
          ? [capitalised(t('access.speech.helpHint', { help: names.help }))]
          : []),
        ...warningLines,
      ]
    : [
        ...changesWithin(previous, next, t),
        ...noticeLines,
        ...(answered ? screenLines(screen, names, t) : []),
        ...warningLines,
      ];
  if (lines.length === 0) return undefined;
  return { lines, interrupt: newScreen || newWarning || answered };
}

/**
 * How the patron's session ended, said as it ends (its new screen is the welcome screen in the
 * kiosk's own language and modes): what ended it, what stays recorded, goodbye. Undefined where
 * nothing ended, audio mode was off, or the ending says itself (a thank-you, a refusal's notice).
 * `t` speaks the patron's language, the one `previous` was in.
 */
export function endingSpeech(
  previous: KioskState,
  next: KioskState,
  t: Translate,
): Utterance | undefined {
  const ended = next.sessionEnded;
  if (!ended || ended.id === previous.sessionEnded?.id || !previous.access.audio) return undefined;
  return {
    lines: [
      t(`access.speech.ended.${ended.how}`),
      ...(ended.how === 'closed' ? [] : [t(`access.speech.ended.${ended.done}`)]),
      t('access.speech.ended.goodbye'),
    ],
    interrupt: true,
  };
}

/**
 * The Help key: the screen's question and next step again (and the warning, while it shows),
 * then which key does what here.
 */
export function helpFor(state: KioskState, t: Translate, now: number = Date.now()): string[] {
  const screen = screenSpeech(state, t);
  if (!screen) return [];
  const names = keyNamesOn(state, t);
  const bar = showsAccessBar(state.screen);
  const pressable = screen.buttons.length > 0 || screen.digits === true || bar;
  return [
    ...(state.inactivityWarning
      ? warningSpeech(state, t, now)
      : screenLines(screen, names, t, 'listed')),
    ...(pressable
      ? [t('access.speech.keys.move', names), t('access.speech.keys.select', names)]
      : []),
    ...(screen.digits ? [t('access.speech.keys.digits')] : []),
    ...(screen.back ? [t('access.speech.keys.back', { ...names, label: screen.back })] : []),
    t('access.speech.keys.help', names),
    t('access.speech.keys.volume', names),
    ...(bar
      ? [
          t('access.speech.keys.rate', {
            slower: t('access.bar.slower'),
            faster: t('access.bar.faster'),
          }),
        ]
      : []),
    t('access.speech.keys.audio', names),
  ].map(capitalised);
}

/** Said again at intervals on the attract screen in audio mode: what is offered and how to start. */
export function attractHint(state: KioskState, t: Translate): string[] {
  if (state.screen.name !== 'attract') return [];
  const hint = attractSpeech(state, state.screen, t, 'brief');
  const names = keyNamesOn(state, t);
  return hint.buttons.length > 0
    ? [...screenLines(hint, names, t), capitalised(t('access.speech.helpHint', names))]
    : hint.lines;
}

/**
 * The screen's lines, then its buttons and how to reach them; `listed`, the buttons alone, where
 * the key help that follows says what the keys do.
 */
function screenLines(
  screen: ScreenSpeech,
  names: KeyNames,
  t: Translate,
  keys: 'with-keys' | 'listed' = 'with-keys',
): string[] {
  if (screen.buttons.length === 0) return screen.lines;
  return [
    ...screen.lines,
    t('access.speech.buttons', { list: screen.buttons.join('; ') }),
    ...(keys === 'with-keys' ? [capitalised(t('access.speech.move', names))] : []),
  ];
}

/**
 * The same screen for the listener: the same language and the things that change what it says
 * first. A patron screen's loans and a session's lines change within it (said as outcomes).
 */
function sameScreen(previous: KioskState, next: KioskState): boolean {
  if (previous.language !== next.language) return false;
  const before = screenIdentity(previous.screen, previous.branchName);
  const after = screenIdentity(next.screen, next.branchName);
  return before.length === after.length && before.every((part, index) => part === after[index]);
}

type Part = string | number | boolean | undefined;

function screenIdentity(screen: Screen, branchName: string): Part[] {
  switch (screen.name) {
    case 'attract':
      return [
        screen.name,
        branchName,
        screen.signedOut,
        screen.allowEmail,
        screen.offline?.checkOut,
        screen.offline?.checkIn,
        screen.offers?.checkOut,
        screen.offers?.checkIn,
      ];
    case 'pin-entry':
      return [screen.name, screen.triesLeft];
    case 'email-entry':
      return [screen.name, screen.message?.kind, screen.message?.code, screen.message?.serviceText];
    case 'patron':
      return [
        screen.name,
        screen.patron.firstName,
        screen.patron.blocked?.kind,
        screen.patron.blocked?.code,
        screen.patron.offline?.maxItems,
      ];
    case 'receipt':
      return [screen.name, screen.step];
    case 'thanks':
      return [screen.name, screen.kind, screen.firstName];
    case 'identifying':
    case 'check-in':
    case 'staff-pin':
    case 'staff':
      return [screen.name];
    default:
      return screen satisfies never;
  }
}

/**
 * On the same screen: each line of the session whose outcome is new (in scan order), and the
 * return screen's offline banner when the library system goes away during the session.
 */
function changesWithin(previous: KioskState, next: KioskState, t: Translate): string[] {
  const before = sessionOf(previous.screen);
  const after = sessionOf(next.screen);
  if (!after) return [];
  const said = new Map((before?.lines ?? []).map((line) => [line.id, line]));
  const fresh = after.lines.filter((line) => {
    const old = said.get(line.id);
    return (
      old === undefined ||
      old.status !== line.status ||
      old.queued !== line.queued ||
      old.again !== line.again
    );
  });
  const offlineNow =
    next.screen.name === 'check-in' &&
    next.screen.offline === true &&
    previous.screen.name === 'check-in' &&
    previous.screen.offline !== true;
  return [
    ...(offlineNow ? [t('checkIn.offline')] : []),
    ...fresh.flatMap((line) => lineSpeech(line, after.mode, next.language, t, after.currency)),
  ];
}

function sessionOf(
  screen: Screen,
): { lines: TransactionLine[]; mode: 'check-out' | 'check-in'; currency?: string } | undefined {
  if (screen.name === 'patron')
    return {
      lines: screen.session,
      mode: 'check-out',
      ...(screen.patron.currency ? { currency: screen.patron.currency } : {}),
    };
  if (screen.name === 'check-in') return { lines: screen.session, mode: 'check-in' };
  return undefined;
}

/** As App.svelte gives the notice bar: offline, the attract screen says whether returns are taken. */
function noticeContext(screen: Screen): MessageContext {
  return screen.name === 'attract' && screen.offline
    ? { returnsTaken: screen.offline.checkIn }
    : {};
}

/**
 * The still-there dialog: its title, the seconds left in words a listener follows ("30 seconds",
 * where the screen shows "30 s"), and what to press: the dialog's focus starts on "I'm still
 * here", and "More time" is the next button.
 */
function warningSpeech(state: KioskState, t: Translate, now: number): string[] {
  const warning = state.inactivityWarning;
  if (!warning) return [];
  const count = Math.max(0, Math.ceil((warning.deadline - now) / 1000));
  const names = keyNamesOn(state, t);
  return [
    t('stillThere.title'),
    warning.printsReceipt
      ? t('access.speech.stillThere.countdownReceipt', { count })
      : t('access.speech.stillThere.countdown', { count }),
    t('access.speech.stillThere.stay', names),
    t('access.speech.stillThere.more', names),
  ];
}
