import type { TransactionLine } from '../../src-common/ipc/contract';

/**
 * Something of the session went through, was recorded to be confirmed, or may still go through
 * (an answer is awaited): the same rule as the core's, which finishes on a Cancel then.
 */
export const hasCommitted = (lines: readonly TransactionLine[]): boolean =>
  lines.some((line) => line.status !== 'refused');
