import { describe, expect, it } from 'vitest';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { CARD, ITEM, OTHER_ITEM, harness, sessionConfig } from './session-harness';

const offline = OfflineSettingsSchema.parse({ maxItemsPerPatron: 3 });
const config = () => sessionConfig({ offline, receiptMode: 'ask' });

function identifiedOffline() {
  const session = harness(config());
  session.send({ type: 'connectivity', online: false });
  session.scanCard();
  session.send({
    type: 'member-offline',
    generation: session.generation,
    decision: { accepted: true },
  });
  return session;
}

describe('patron session while the service is unreachable', () => {
  it('tells patrons on the attract screen what the kiosk still takes, and offers no email sign-in', () => {
    const session = harness(sessionConfig({ offline, patron: { allowEmail: true } }));
    session.send({ type: 'connectivity', online: false });
    expect(session.screen()).toEqual({
      name: 'attract',
      signedOut: false,
      allowEmail: false,
      offline: { checkOut: true, checkIn: true },
    });
    session.send({ type: 'connectivity', online: true });
    expect(session.screen()).toEqual({ name: 'attract', signedOut: false, allowEmail: true });
  });

  it('lets a card checked by the offline rules borrow, with no name, loans or fine to show', () => {
    const session = identifiedOffline();
    expect(session.screen()).toEqual({
      name: 'patron',
      patron: { firstName: '', loans: 'unknown', fine: 'unknown', offline: { maxItems: 3 } },
      session: [],
    });
    expect(session.sounds()).toEqual(['success']);
  });

  it('ends the session with the reason when the offline rules refuse the card', () => {
    const session = harness(config());
    session.scanCard();
    session.send({
      type: 'member-offline',
      generation: session.generation,
      decision: { accepted: false, message: { kind: 'refused', code: 'member_blocked' } },
    });
    expect(session.state.step.name).toBe('attract');
    expect(session.state.notice?.message).toEqual({ kind: 'refused', code: 'member_blocked' });
    expect(session.sounds()).toContain('error');
  });

  it('shows a check-out recorded offline as taken, with the offline due day, never as a failure', () => {
    const session = identifiedOffline();
    session.scanItem();
    session.send({
      type: 'line-queued',
      generation: session.generation,
      lineId: 0,
      queued: 'offline',
      dueDay: '2026-12-07',
    });
    expect(session.lines()).toEqual([
      {
        id: 0,
        label: '0001',
        labelIs: 'barcode-end',
        status: 'queued',
        queued: 'offline',
        dueDate: { kind: 'day', date: '2026-12-07' },
      },
    ]);
    expect(session.sounds()).toEqual(['success']);
  });

  it('counts the check-outs recorded offline in this session into the next check-out request', () => {
    const session = identifiedOffline();
    session.scanItem(ITEM);
    session.send({
      type: 'line-queued',
      generation: session.generation,
      lineId: 0,
      queued: 'offline',
    });
    session.scanItem(OTHER_ITEM);
    expect(session.effectsOf('check-out')).toEqual([
      expect.objectContaining({ itemBarcode: OTHER_ITEM, memberBarcode: CARD, queuedInSession: 1 }),
    ]);
  });

  it('shows why the offline rules declined an item', () => {
    const session = identifiedOffline();
    session.scanItem();
    session.send({
      type: 'line-declined',
      generation: session.generation,
      lineId: 0,
      message: { kind: 'offline-limit' },
    });
    expect(session.lines()[0]).toMatchObject({
      status: 'refused',
      message: { kind: 'offline-limit' },
    });
    expect(session.sounds()).toEqual(['error']);
  });

  it('records a return offline with its fine still to be calculated', () => {
    const session = harness(config());
    session.send({ type: 'connectivity', online: false });
    session.send({ type: 'start-check-in' });
    session.scanItem();
    session.send({
      type: 'line-queued',
      generation: session.generation,
      lineId: 0,
      queued: 'offline',
    });
    expect(session.screen()).toMatchObject({
      name: 'check-in',
      offline: true,
      session: [{ status: 'queued', queued: 'offline', fine: 'unknown' }],
    });
  });

  it('puts recorded lines on the receipt beside the done ones', () => {
    const session = identifiedOffline();
    session.scanItem();
    session.send({
      type: 'line-queued',
      generation: session.generation,
      lineId: 0,
      queued: 'confirming',
      dueDay: '2026-12-07',
    });
    session.send({ type: 'finish' });
    const screen = session.screen();
    expect(screen.name === 'receipt' && screen.receipt.lines.map((line) => line.status)).toEqual([
      'queued',
    ]);
  });

  it('drops a recorded answer that arrives after the session ended', () => {
    const session = identifiedOffline();
    session.scanItem();
    const asked = session.generation;
    session.send({ type: 'cancel' });
    session.send({ type: 'line-queued', generation: asked, lineId: 0, queued: 'offline' });
    expect(session.state.step).toEqual({ name: 'attract' });
  });
});

describe('the offline per-patron limit', () => {
  it('counts check-outs still awaiting their answer, so a burst of scans cannot pass it', () => {
    const session = identifiedOffline();
    session.scanItem(ITEM);
    session.scanItem(OTHER_ITEM);
    expect(session.effectsOf('check-out')).toEqual([
      expect.objectContaining({ itemBarcode: OTHER_ITEM, queuedInSession: 1 }),
    ]);
  });
});
