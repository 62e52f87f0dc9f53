import { describe, expect, it } from 'vitest';
import type { SessionConfig } from '../../../src-main/circulation/session-state';
import { maskedAddress } from '../../../src-main/receipt-mail/masked-address';
import { harness, memberRecord, sessionConfig } from './session-harness';

/** The patron borrowed one item and pressed "I'm done": the receipt question. */
function atQuestion(config: Partial<SessionConfig> = {}, email: string | null = 'ada@example.org') {
  const session = harness(sessionConfig({ emailReceipts: true, ...config }));
  const record = memberRecord({ member: email === null ? {} : { email } });
  if (email === null) delete record.member.email;
  session.identified(record);
  session.scanItem();
  session.checkOutAnswer(0);
  session.send({ type: 'finish' });
  return session;
}

const MAIL = {
  subject: 'Your library receipt: Central',
  text: 'Central\nItems borrowed\n1. Dune\n',
};

describe('patron session: an e-mailed receipt', () => {
  it('offers e-mail to the address the member record holds, masked on the screen', () => {
    const session = atQuestion();
    expect(session.screen()).toMatchObject({
      name: 'receipt',
      step: 'ask',
      emailTo: 'a•••@e•••.org',
    });
    expect(JSON.stringify(session.screen())).not.toContain('ada@example.org');
  });

  it('sends to the record’s address, with the words the screen gave, and thanks saying so', () => {
    const session = atQuestion();
    session.send({ type: 'receipt-email', ...MAIL });
    expect(session.screen()).toMatchObject({ name: 'receipt', step: 'emailing' });
    expect(session.effectsOf('email-receipt')).toEqual([
      { type: 'email-receipt', generation: session.generation, to: 'ada@example.org', ...MAIL },
    ]);
    session.send({ type: 'receipt-emailed', generation: session.generation, sent: true });
    expect(session.screen()).toEqual({
      name: 'thanks',
      firstName: 'Ada',
      kind: 'check-out',
      emailed: true,
    });
  });

  it('asks again without e-mail when the relay did not take it, and keeps every loan', () => {
    const session = atQuestion();
    session.send({ type: 'receipt-email', ...MAIL });
    session.send({ type: 'receipt-emailed', generation: session.generation, sent: false });
    const screen = session.screen();
    expect(screen).toMatchObject({ name: 'receipt', step: 'ask', emailFailed: true });
    expect(screen).not.toHaveProperty('emailTo');
    expect(session.sounds()).toEqual(['error']);
    // The receipt still lists what was borrowed: print it, or finish without one.
    expect(screen.name === 'receipt' && screen.receipt.lines.map((line) => line.status)).toEqual([
      'done',
    ]);
    session.send({ type: 'receipt-chosen', print: true });
    expect(session.effectsOf('print-receipt')).toHaveLength(1);
  });

  it('drops an answer from a session that has ended', () => {
    const session = atQuestion();
    session.send({ type: 'receipt-email', ...MAIL });
    const generation = session.generation;
    session.fire('inactivity-end');
    expect(session.screen()).toMatchObject({ name: 'attract' });
    session.send({ type: 'receipt-emailed', generation, sent: true });
    expect(session.screen()).toMatchObject({ name: 'attract' });
    expect(JSON.stringify(session.state)).not.toContain('ada@example.org');
  });

  it('sends once: a second press while sending does nothing', () => {
    const session = atQuestion();
    session.send({ type: 'receipt-email', ...MAIL });
    session.send({ type: 'receipt-email', ...MAIL });
    expect(session.effectsOf('email-receipt')).toEqual([]);
  });

  it('offers no e-mail to a record without an address, nor to returns, nor without a relay', () => {
    expect(atQuestion({}, null).screen()).not.toHaveProperty('emailTo');
    expect(atQuestion({ emailReceipts: false }).screen()).not.toHaveProperty('emailTo');
    const returns = harness(sessionConfig({ emailReceipts: true }));
    returns.send({ type: 'start-check-in' });
    returns.scanItem();
    returns.checkInAnswer(0);
    returns.send({ type: 'finish' });
    expect(returns.screen()).toMatchObject({ name: 'receipt', step: 'ask' });
    expect(returns.screen()).not.toHaveProperty('emailTo');
    // Nothing to send to: an e-mail asked for anyway is ignored.
    returns.send({ type: 'receipt-email', ...MAIL });
    expect(returns.effectsOf('email-receipt')).toEqual([]);
  });

  it('keeps no address where receipts are not e-mailed', () => {
    const session = harness(sessionConfig());
    session.identified(memberRecord({ member: { email: 'ada@example.org' } }));
    expect(JSON.stringify(session.state)).not.toContain('ada@example.org');
  });
});

describe('a masked address', () => {
  it.each([
    ['amara.okafor@example.org', 'a•••@e•••.org'],
    ['ada@example.org', 'a•••@e•••.org'],
    ['x@mail.example.co.uk', 'x•••@m•••.uk'],
    ['ñandú@correo.es', 'ñ•••@c•••.es'],
    ['root@localhost', 'r•••@l•••'],
  ])('%s shows as %s', (address, masked) => {
    expect(maskedAddress(address)).toBe(masked);
  });
});
