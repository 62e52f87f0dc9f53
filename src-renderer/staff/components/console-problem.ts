import type { Problem } from '../../../src-common/ipc/contract';
import { t } from '../../i18n/i18n.svelte';
import { sizeText } from '../documents/sizes';
import { problemWords } from './problem-words';

/** One sentence for staff about a call that produced no value, in the screen's language. */
export function problemText(problem: Problem): string {
  return problemWords(problem, t, sizeText);
}
