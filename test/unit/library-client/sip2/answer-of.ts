import { buildFrame } from '../../../../src-shared/sip2/build';
import type { MessageCode } from '../../../../src-shared/sip2/messages';
import { parseFrame } from '../../../../src-shared/sip2/parse';
import type { Answer } from '../../../../src-main/library-client/sip2/sip2-connection';

/**
 * An ACS answer as the client receives it: built to a frame by the codec and parsed back, so a
 * table row reads like the frame an ACS sends. `extra` adds fields outside the layout.
 */
export function answerOf<C extends MessageCode>(
  code: C,
  fixed: Record<string, string>,
  fields: Record<string, string | string[]>,
  extra: (readonly [string, string])[] = [],
): Answer<C> {
  const frame = buildFrame({ code, fixed, fields, extra } as never, {
    encoding: 'utf-8',
    terminator: 'CR',
    checksum: true,
    sequence: 1,
  });
  if (!frame.ok) throw new Error(`test frame: ${JSON.stringify(frame.error)}`);
  const parsed = parseFrame(frame.value, { encoding: 'utf-8', requireChecksum: true });
  if (!parsed.ok || parsed.value.code !== code) throw new Error('test frame did not parse');
  return parsed.value as Answer<C>;
}

export const DATE = '20261125    120000';

export const patronFixed = (overrides: Record<string, string> = {}) => ({
  patronStatus: ' '.repeat(14),
  language: '000',
  transactionDate: DATE,
  holdItemsCount: '0000',
  overdueItemsCount: '0000',
  chargedItemsCount: '0000',
  fineItemsCount: '0000',
  recallItemsCount: '0000',
  unavailableHoldsCount: '0000',
  ...overrides,
});

/** A patron status of 14 positions with Y at the given ones (0-based). */
export const statusWith = (...positions: number[]) =>
  Array.from({ length: 14 }, (_, at) => (positions.includes(at) ? 'Y' : ' ')).join('');
