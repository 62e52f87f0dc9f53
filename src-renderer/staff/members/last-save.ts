import { tick } from 'svelte';
import type {
  FieldChangedElsewhere,
  FieldNotAsSent,
} from '../../../src-common/ipc/console/members';

/** What the member screen keeps of the last save, shown under the Save button until the member closes. */
export interface LastSave {
  /** "Saved." or that it saved but could not read the member back (a catalog key: the words follow the language). */
  note: 'members.edit.saved' | 'members.edit.savedNotRead';
  notAsSent: FieldNotAsSent[];
  changedElsewhere: FieldChangedElsewhere[];
}

/**
 * Once a save has answered: the Save button and what the save said, in view (the button may sit
 * at the fold and the outcome grows below it), and the focus on `focusId`: the Save button after
 * a refusal, the outcome line after a save (the form is drawn again, so the button is a new one).
 */
export async function showSaveOutcome(
  focusId: 'member-save' | 'member-save-status',
): Promise<void> {
  await tick();
  document.getElementById(focusId)?.focus({ preventScroll: true });
  document.getElementById('member-save-area')?.scrollIntoView({ block: 'nearest' });
}
