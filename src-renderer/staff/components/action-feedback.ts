import type { Problem } from '../../../src-common/ipc/contract';
import { problemText } from './console-problem';

/** What came of a staff action, for the line under its button. */
export interface Feedback {
  tone: 'done' | 'error';
  text: string;
  detail?: string;
}

/** A call that produced no value, in the words every staff screen uses for its problem. */
export function callFailed(problem: Problem): Feedback {
  return { tone: 'error', text: problemText(problem) };
}

export const done = (text: string, detail?: string): Feedback => ({
  tone: 'done',
  text,
  ...(detail ? { detail } : {}),
});

export const failed = (text: string): Feedback => ({ tone: 'error', text });
