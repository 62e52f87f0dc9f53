import type { Screen } from '../../src-common/ipc/contract';
import { maskedAddress } from '../receipt-mail/masked-address';
import type { PatronView } from '../../src-common/ipc/patron';
import { UNKNOWN } from '../library/values';
import { renewOffer } from './session-renewals';
import { offered, PIN_TRIES, type SessionConfig, type SessionState } from './session-state';

/** The patron's loans as the list shows them: each with Renew where it is offered now. */
function loansNow(state: SessionState, patron: PatronView): PatronView {
  if (patron.loans === UNKNOWN) return patron;
  return {
    ...patron,
    loans: patron.loans.map((loan, index) => {
      const renew = renewOffer(state, index);
      return renew ? { ...loan, renew } : loan;
    }),
  };
}

/**
 * The screen of the session as the renderer may see it. Built field by field from the contract's
 * shapes, so the card barcode the machine keeps for check-outs can never slip into it.
 */
export function sessionScreen(config: SessionConfig, state: SessionState): Screen {
  const { step } = state;
  switch (step.name) {
    case 'attract': {
      const offers = offered(config, state);
      return {
        name: 'attract',
        signedOut: state.signedOut,
        ...(config.scannerPlace && config.scannerPlace !== 'unstated'
          ? { scannerPlace: config.scannerPlace }
          : {}),
        allowEmail: config.patron.allowEmail && !state.offline && offers.checkOut,
        ...(state.offline
          ? {
              offline: {
                checkOut: (config.offline?.checkOut ?? false) && !config.offlineCheckOutPaused?.(),
                checkIn: config.offline?.checkIn ?? false,
              },
            }
          : {}),
        ...(offers.checkOut && offers.checkIn ? {} : { offers }),
      };
    }
    case 'identifying':
      return { name: 'identifying' };
    // Never the card or the PIN: how many tries are left after a wrong one, no more.
    case 'pin-entry':
      return {
        name: 'pin-entry',
        ...(step.wrongTries > 0 ? { triesLeft: PIN_TRIES - step.wrongTries } : {}),
      };
    case 'email-entry':
      return {
        name: 'email-entry',
        ...(step.message ? { message: step.message } : {}),
        ...(step.entered ? { entered: step.entered } : {}),
      };
    case 'patron': {
      const { loans } = step.patron;
      // Away, renewing is not offered; the list says why where it has loans to renew.
      const renewOffline =
        state.offline &&
        !step.patron.blocked &&
        loans !== UNKNOWN &&
        loans.some((loan, index) => !loan.borrowedNow && step.loanItems[index]);
      return {
        name: 'patron',
        patron: loansNow(state, step.patron),
        session: step.lines,
        ...(renewOffline ? { renewOffline: true as const } : {}),
      };
    }
    case 'check-in':
      return { name: 'check-in', session: step.lines, ...(state.offline ? { offline: true } : {}) };
    case 'receipt':
      return {
        name: 'receipt',
        step: step.step,
        receipt: step.receipt,
        printBy: config.printBy,
        // The address masked (a•••@e•••.org), never whole: the screen is seen by whoever passes.
        ...(step.emailTo ? { emailTo: maskedAddress(step.emailTo) } : {}),
        ...(step.emailFailed ? { emailFailed: true as const } : {}),
      };
    case 'thanks':
      return {
        name: 'thanks',
        firstName: step.firstName,
        kind: step.kind,
        ...(step.emailed ? { emailed: true as const } : {}),
      };
    default:
      return step satisfies never;
  }
}
