import type { KioskState, Language, PatronView } from '../../src-common/ipc/contract';
import type { Translate } from '../i18n/message-key';
import { moneyWords } from '../lib/line-words';
import { countWords } from '../lib/messages';
import type { ScreenOf } from '../lib/screens';
import { attractOffer } from '../patron/attract-offer';
import { keyNamesOn } from './key-names';
import { scannerHintKey } from '../patron/scanner-hint';
import { hasCommitted } from '../patron/session-lines';
import { thanksWords } from '../patron/thanks-words';
import { messageSpeech, sentence, systemWordsSpeech } from './speech-words';

/**
 * What a patron screen shows, as audio mode says it: where the patron is (the screen's title),
 * what to do next, then what the screen tells; its buttons by their own words; the button the
 * Back key presses. Each from the catalog ids the screen itself shows.
 */
export interface ScreenSpeech {
  lines: string[];
  /** The screen's buttons, by the words on them, in the screen's order. */
  buttons: string[];
  /** The words of the button the Back key presses here; absent where there is no way back. */
  back?: string;
  /** The number keys type here (the PIN). */
  digits?: boolean;
}

/** The patron screen's speech; undefined on the staff screens, which audio mode does not speak. */
export function screenSpeech(state: KioskState, t: Translate): ScreenSpeech | undefined {
  const { screen } = state;
  switch (screen.name) {
    case 'attract':
      return attractSpeech(state, screen, t, 'whole');
    case 'identifying':
      return { lines: [sentence(t('identifying.title'))], buttons: [] };
    case 'pin-entry':
      return {
        lines: [
          t('sip2.pin.title'),
          ...(screen.triesLeft ? [t('sip2.pin.wrong', { count: screen.triesLeft })] : []),
          t('sip2.pin.hint'),
          t('access.speech.pin.keys', keyNamesOn(state, t)),
        ].map(sentence),
        buttons: [],
        back: t('session.cancel'),
        digits: true,
      };
    case 'email-entry':
      return {
        lines: [
          sentence(t('email.title')),
          ...(screen.message ? [messageSpeech(screen.message, t)] : []),
          sentence(t('email.label')),
          t('access.speech.email.keys', keyNamesOn(state, t)),
        ],
        buttons: [t('email.submit'), t('session.cancel')],
        back: t('session.cancel'),
      };
    case 'patron':
      return patronSpeech(state.language, screen, t);
    case 'check-in': {
      const committed = hasCommitted(screen.session);
      return {
        lines: [
          t('checkIn.title'),
          ...(screen.offline ? [t('checkIn.offline')] : []),
          t('checkIn.instruction'),
          t('checkIn.hint'),
        ].map(sentence),
        ...sessionButtons(committed, t),
      };
    }
    case 'receipt':
      if (screen.step === 'printing')
        return {
          lines: [t('receipt.printing'), t('receipt.printingHint')].map(sentence),
          buttons: [],
        };
      // The address is never said, not even masked: "your library account" says whose it is.
      if (screen.step === 'emailing')
        return {
          lines: [t('receipt.email.sending'), t('receipt.email.sendingHint')].map(sentence),
          buttons: [],
        };
      return {
        lines: [
          t('receipt.ask'),
          ...(screen.emailFailed ? [t('receipt.email.failed')] : []),
          ...(screen.receipt.lines.some((line) => line.status === 'queued')
            ? [t('receipt.askQueued')]
            : []),
        ].map(sentence),
        buttons: [
          t('receipt.yes'),
          ...(screen.emailTo
            ? [`${t('receipt.email.button')}, ${t('receipt.email.sendingHint')}`]
            : []),
          t('receipt.no'),
        ],
        back: t('receipt.no'),
      };
    case 'thanks': {
      const words = thanksWords(screen);
      return {
        lines: [
          t(words.title.key, words.title.params),
          t(words.hint),
          ...(screen.emailed ? [t('receipt.email.sent')] : []),
        ].map(sentence),
        buttons: [],
      };
    }
    case 'staff-pin':
    case 'staff':
      return undefined;
    default:
      return screen satisfies never;
  }
}

/**
 * The screens drawn with the top bar (TopBar): the language and the access bar, whose Slower and
 * Faster buttons set the voice's speed, come after the screen's own buttons.
 */
export function showsAccessBar(screen: KioskState['screen']): boolean {
  switch (screen.name) {
    case 'attract':
      return !screen.signedOut;
    case 'pin-entry':
    case 'email-entry':
    case 'patron':
    case 'check-in':
    case 'receipt':
      return true;
    default:
      return false;
  }
}

/**
 * The welcome screen: what the kiosk takes now and how to start. `brief`, for the hint said
 * again at intervals: without the kiosk's name and the scanner hint, which the first time gave.
 */
export function attractSpeech(
  state: KioskState,
  screen: ScreenOf<'attract'>,
  t: Translate,
  length: 'whole' | 'brief',
): ScreenSpeech {
  const whole = length === 'whole';
  if (screen.signedOut)
    return {
      lines: [t('attract.signedOut'), t('attract.signedOutHint')].map(sentence),
      buttons: [],
    };
  const offer = attractOffer(screen.offline, screen.offers);
  if (offer.closed)
    return {
      lines: [
        t('attract.offline.closedTitle'),
        t(offer.closedHint ?? 'attract.offline.closedHint'),
      ].map(sentence),
      buttons: [],
    };
  const other: Language = state.language === 'en' ? 'es' : 'en';
  return {
    lines: [
      sentence(t('attract.welcome')),
      ...(whole
        ? [
            state.branchName
              ? t('access.speech.where', { branch: state.branchName })
              : t('access.speech.whereUnnamed'),
          ]
        : []),
      ...(offer.banner ? [sentence(t(offer.banner))] : []),
      ...(offer.cardScan
        ? [t('attract.instruction'), ...(whole ? [t(scannerHintKey(screen.scannerPlace))] : [])]
        : [t('attract.offline.returnsInstruction')]
      ).map(sentence),
    ],
    buttons: [
      ...(offer.returns ? [`${t('attract.returnItems')}, ${t('attract.returnItemsHint')}`] : []),
      ...(screen.allowEmail ? [t('attract.useEmail')] : []),
      t(`language.${other}`),
    ],
  };
}

function patronSpeech(language: Language, screen: ScreenOf<'patron'>, t: Translate): ScreenSpeech {
  const { patron } = screen;
  const greeting = patron.firstName
    ? t('patron.greeting', { name: patron.firstName })
    : t('patron.greetingNoName');
  const limit =
    patron.offline &&
    countWords(patron.offline.maxItems, {
      one: 'patron.offline.limitOne',
      other: 'patron.offline.limit',
    });
  const offline = limit ? [sentence(t(limit.key, limit.params))] : [];
  const next = patron.blocked
    ? [
        sentence(t('patron.blockedTitle')),
        messageSpeech(patron.blocked, t),
        sentence(t('session.seeStaff')),
      ]
    : [t('patron.scanItems'), t('patron.scanItemsHint')].map(sentence);
  const loans = patron.loans === 'unknown' ? [] : patron.loans;
  const renewable = loans.some((loan) => loan.renew === 'offered' || loan.renew === 'pending');
  // "Renew all" shows where two loans or more offer Renew (Patron.svelte).
  const renewAll = loans.filter((loan) => loan.renew === 'offered').length >= 2;
  const account = patron.offline
    ? [sentence(t('patron.offline.accountLater'))]
    : [
        ...loansSpeech(patron.loans, t),
        // Renewing from the list, as the screen offers it (or why it does not now).
        ...(renewable ? [t('access.speech.patron.renew')] : []),
        ...(screen.renewOffline ? [sentence(t('patron.renewOffline'))] : []),
        fineSpeech(patron, language, t),
      ];
  const session = sessionButtons(hasCommitted(screen.session), t);
  const buttons = patron.blocked
    ? { buttons: [t('session.close')], back: t('session.close') }
    : {
        ...session,
        buttons: [...(renewAll ? [t('patron.renewAll')] : []), ...session.buttons],
      };
  return {
    lines: [
      sentence(greeting),
      ...offline,
      ...next,
      ...(patron.systemWords?.length ? [systemWordsSpeech(patron.systemWords, t)] : []),
      ...account,
    ],
    ...buttons,
  };
}

/** How many items are on loan and how many of them overdue: the count, not the titles. */
function loansSpeech(loans: PatronView['loans'], t: Translate): string[] {
  if (loans === 'unknown') return [sentence(t('patron.loansUnknown'))];
  if (loans.length === 0) return [sentence(t('patron.noLoans'))];
  const overdue = loans.filter((loan) => loan.overdue === true).length;
  return [
    t('access.speech.patron.loans', { count: loans.length }),
    ...(overdue > 0 ? [t('access.speech.patron.overdue', { count: overdue })] : []),
  ];
}

function fineSpeech(patron: PatronView, language: Language, t: Translate): string {
  if (patron.fine === 'unknown') return sentence(t('patron.fineUnknown'));
  if (patron.fine === 0) return sentence(t('patron.noFine'));
  return sentence(
    t('patron.fine', { amount: moneyWords(patron.fine, language, t, patron.currency) }),
  );
}

/**
 * SessionActions: Cancel until something went through, and "I'm done". Back cancels while
 * nothing is done; after that it is "I'm done", the only way out then.
 */
function sessionButtons(committed: boolean, t: Translate): Omit<ScreenSpeech, 'lines'> {
  const done = t('session.done');
  return committed
    ? { buttons: [done], back: done }
    : { buttons: [t('session.cancel'), done], back: t('session.cancel') };
}
