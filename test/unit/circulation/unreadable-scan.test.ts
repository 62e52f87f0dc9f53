import { describe, expect, it } from 'vitest';
import { harness, sessionConfig } from './session-harness';

/** A scan the scanner could not read (issue 37, item 6): told where a scan is expected. */
describe('patron session: a scan that could not be read', () => {
  it.each<[string, (session: ReturnType<typeof harness>) => void]>([
    ['the welcome screen', () => undefined],
    ['the patron screen', (session) => session.identified()],
    ['the return screen', (session) => session.send({ type: 'start-check-in' })],
    ['the email screen', (session) => session.send({ type: 'choose-email' })],
  ])('on %s: a notice to scan again, with the error sound, and nothing else', (_label, reach) => {
    const session = harness(sessionConfig({ patron: { allowEmail: true } }));
    reach(session);
    const { step, generation } = session.state;
    session.send({ type: 'scan-unreadable' });
    expect(session.state.notice).toMatchObject({
      tone: 'error',
      message: { kind: 'unreadable-scan' },
    });
    expect(session.sounds()).toEqual(['error']);
    expect(session.effects.map((effect) => effect.type)).toEqual(['play', 'set-timer']);
    expect(session.state.step).toBe(step);
    expect(session.state.generation).toBe(generation);
  });

  it('says nothing while the kiosk is out of service, or while a card is looked up', () => {
    const out = harness(sessionConfig(), { signedOut: true });
    out.send({ type: 'scan-unreadable' });
    expect(out.state.notice).toBeUndefined();
    const looking = harness();
    looking.scanCard();
    looking.send({ type: 'scan-unreadable' });
    expect(looking.state.notice).toBeUndefined();
    expect(looking.effects).toEqual([]);
  });
});
