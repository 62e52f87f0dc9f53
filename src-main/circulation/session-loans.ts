import type { ItemBarcode } from '../../src-common/barcodes';
import type { LoanLine } from '../../src-common/ipc/patron';
import type { CirculationResult } from '../library/records';
import { UNKNOWN } from '../library/values';
import { itemLabel } from './patron-view';
import { withDueDate } from './renewal';
import type { SessionState } from './session-state';

/**
 * After a check-out the service accepted: an item the list of loans did not have joins it (this
 * session's loans are on loan to the patron too), with its title, or its barcode's end, and
 * its due date; one it had takes its new due date (`withDueDate`). A list the service did not
 * give stays unknown: a list of this session's items alone would read as the whole card.
 */
export function withLoan(
  state: SessionState,
  item: ItemBarcode,
  result: Pick<CirculationResult, 'dueDate' | 'title' | 'renewed'>,
): SessionState {
  const dated = withDueDate(state, item, result.dueDate);
  const { step } = dated;
  if (step.name !== 'patron' || step.loanItems.includes(item)) return dated;
  const { loans } = step.patron;
  if (loans === UNKNOWN) return dated;
  const loan: LoanLine = {
    title: result.title ?? itemLabel(item),
    ...(result.title === undefined ? { titleIs: 'barcode-end' as const } : {}),
    dueDate: result.dueDate,
    overdue: false,
    // A renewal of an item the lookup did not list is on the card from before: renewable.
    ...(result.renewed === true ? {} : { borrowedNow: true as const }),
  };
  return {
    ...dated,
    step: {
      ...step,
      patron: { ...step.patron, loans: [...loans, loan] },
      loanItems: [...step.loanItems, item],
    },
  };
}
