import type { Screen } from '../../src-common/ipc/contract';
import type { SessionConfig, SessionState } from './session-state';

/**
 * The screen of the session as the renderer may see it. Built field by field from the contract's
 * shapes, so the card barcode the machine keeps for check-outs can never slip into it.
 */
export function sessionScreen(config: SessionConfig, state: SessionState): Screen {
  const { step } = state;
  switch (step.name) {
    case 'attract':
      return {
        name: 'attract',
        outOfService: state.outOfService,
        allowEmail: config.patron.allowEmail && !state.offline,
        ...(state.offline
          ? {
              offline: {
                checkOut: (config.offline?.checkOut ?? false) && !config.offlineCheckOutPaused?.(),
                checkIn: config.offline?.checkIn ?? false,
              },
            }
          : {}),
      };
    case 'identifying':
      return { name: 'identifying' };
    case 'email-entry':
      return {
        name: 'email-entry',
        ...(step.message ? { message: step.message } : {}),
        ...(step.entered ? { entered: step.entered } : {}),
      };
    case 'patron':
      return { name: 'patron', patron: step.patron, session: step.lines };
    case 'check-in':
      return { name: 'check-in', session: step.lines, ...(state.offline ? { offline: true } : {}) };
    case 'receipt':
      return { name: 'receipt', step: step.step, receipt: step.receipt, printBy: config.printBy };
    case 'thanks':
      return { name: 'thanks', firstName: step.firstName, kind: step.kind };
    default:
      return step satisfies never;
  }
}
