import { describe, expect, it } from 'vitest';
import { RefusalCodeSchema } from '../../../src-main/ipc/patron';
import en from '../../../src-renderer/i18n/en.json';
import { messageWords, REFUSAL_KEYS } from '../../../src-renderer/lib/messages';

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
}

describe('patron message words', () => {
  it('has catalog words for every refusal code', () => {
    for (const code of RefusalCodeSchema.options)
      expect(lookup(REFUSAL_KEYS[code])).toBeTypeOf('string');
  });

  it("shows the service's own text for a refusal the kiosk has no words for", () => {
    expect(
      messageWords({ kind: 'refused', code: 'other', serviceText: 'Item is damaged' }),
    ).toEqual({
      key: 'message.refusal.other',
      serviceText: 'Item is damaged',
    });
  });

  it("uses the kiosk's words for a known code even when the service sent text", () => {
    expect(
      messageWords({ kind: 'refused', code: 'loan_limit_reached', serviceText: 'LIMIT' }),
    ).toEqual({
      key: 'message.refusal.loan_limit_reached',
    });
  });

  it('treats a refusal without a code as other', () => {
    expect(messageWords({ kind: 'refused' })).toEqual({ key: 'message.refusal.other' });
  });
});
