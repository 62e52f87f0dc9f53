import type { IpcHandlers } from '../../src-common/ipc/contract';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { SessionDriver } from '../circulation/session-driver';
import type { PatronChoices } from './patron-choices';

/**
 * The patron's language, contrast and access modes: each change kept until the session ends
 * (patron-choices.ts) and the screens redrawn with it.
 */
export function patronChoiceHandlers(
  choices: Pick<PatronChoices, 'setLanguage' | 'setTheme' | 'setAccess' | 'volume'>,
  emit: () => void,
): Pick<
  IpcHandlers,
  'station.kiosk.setLanguage' | 'station.kiosk.setTheme' | 'patron.kiosk.setAccess'
> {
  return {
    'station.kiosk.setLanguage': ({ language: next }) => {
      choices.setLanguage(next);
      emit();
    },
    'station.kiosk.setTheme': ({ theme: next }) => {
      choices.setTheme(next);
      emit();
    },
    'patron.kiosk.setAccess': (change) => {
      choices.setAccess(change);
      emit();
      // The volume keys say the level set here, which the screen's copy may not show yet.
      return { volume: choices.volume() };
    },
  };
}

type PatronSessionChannel =
  | 'patron.startCheckIn'
  | 'patron.chooseEmail'
  | 'patron.submitEmail'
  | 'patron.submitPin'
  | 'patron.finish'
  | 'patron.chooseReceipt'
  | 'patron.emailReceipt'
  | 'patron.receiptPrinted'
  | 'patron.activity'
  | 'patron.moreTime'
  | 'patron.cancel'
  | 'patron.renew'
  | 'patron.renewAll';

/**
 * The patron's channels, each one step of the session (circulation/session-events.ts). Apart from
 * the core's other channels so that what a patron's screen may ask of a session is one list; the
 * choke point admits them only while patron screens show.
 */
export function patronSessionHandlers(
  session: Pick<SessionDriver, 'dispatch' | 'state'>,
): Pick<IpcHandlers, PatronSessionChannel> {
  return {
    'patron.startCheckIn': () => session.dispatch({ type: 'start-check-in' }),
    'patron.chooseEmail': () => session.dispatch({ type: 'choose-email' }),
    'patron.submitEmail': ({ email }) => session.dispatch({ type: 'submit-email', email }),
    'patron.submitPin': ({ pin }) => session.dispatch({ type: 'submit-pin', pin }),
    'patron.finish': () => session.dispatch({ type: 'finish' }),
    'patron.chooseReceipt': ({ print }) => session.dispatch({ type: 'receipt-chosen', print }),
    'patron.emailReceipt': ({ subject, text }) =>
      session.dispatch({ type: 'receipt-email', subject, text }),
    'patron.receiptPrinted': () =>
      session.dispatch({ type: 'receipt-printed', generation: session.state().generation }),
    'patron.activity': () => session.dispatch({ type: 'activity' }),
    'patron.moreTime': () => session.dispatch({ type: 'more-time' }),
    'patron.cancel': () => session.dispatch({ type: 'patron-cancel' }),
    'patron.renew': ({ loan }) => session.dispatch({ type: 'renew', loan }),
    'patron.renewAll': () => session.dispatch({ type: 'renew-all' }),
  };
}

type OfflineChannel =
  | 'staff.offline.retry'
  | 'staff.offline.dismiss'
  | 'staff.offline.export'
  | 'staff.offline.importBlockList'
  | 'staff.offline.lendWithoutBlockList'
  | 'staff.offline.setDamageAside';

/**
 * The staff console's store-and-forward channels (the offline screen). Without store and forward
 * (a host without it) there is nothing to retry, export or import, and each says so.
 */
export function offlineHandlers(
  offline: OfflineCirculation | undefined,
): Pick<IpcHandlers, OfflineChannel> {
  return {
    'staff.offline.retry': async ({ id }) => ({ done: offline ? await offline.retry(id) : false }),
    'staff.offline.dismiss': async ({ id }) => ({
      done: offline ? await offline.dismiss(id) : false,
    }),
    'staff.offline.export': ({ what }) => offline?.exportCsv(what),
    'staff.offline.importBlockList': async ({ csv }) => offline?.importBlockList(csv),
    'staff.offline.lendWithoutBlockList': async () => ({
      done: offline ? await offline.lendWithoutBlockList() : false,
    }),
    'staff.offline.setDamageAside': async () => {
      const file = offline ? await offline.setDamageAside() : undefined;
      return file ? { file } : {};
    },
  };
}
