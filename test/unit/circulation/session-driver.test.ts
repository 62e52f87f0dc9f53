import { scanned } from '../../support/scans';
import { describe, expect, it, vi } from 'vitest';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionDriverOptions } from '../../../src-main/circulation/session-driver';
import { err, ok } from '../../../src-common/result';
import { captureLogs } from '../scanner/capture-logs';
import { fakeClock, fakePort } from './fakes';
import { CARD, ITEM, circulationRecord, memberRecord, sessionConfig } from './session-harness';

const logs = captureLogs();

/** A patron with one loan, ITEM, on the card. */
const onCard = memberRecord({
  loans: [
    {
      extra: {},
      itemBarcode: ITEM,
      title: 'Dune',
      checkedOutAt: 'unknown',
      dueDate: { kind: 'day', date: '2026-01-31' },
      overdue: false,
      fine: 0,
    },
  ],
});

function setup(overrides: Partial<SessionDriverOptions> = {}) {
  const time = fakeClock();
  const service = fakePort();
  const callbacks = {
    onChange: vi.fn(),
    onSound: vi.fn(),
    onResetChoices: vi.fn(),
    onForgetScans: vi.fn(),
  };
  const driver = createSessionDriver({
    config: sessionConfig({ receiptMode: 'print' }),
    port: service.port,
    clock: time.clock,
    signedOut: false,
    ...callbacks,
    ...overrides,
  });
  const scanCard = () => driver.dispatch(scanned.member(CARD));
  const scanItem = () => driver.dispatch(scanned.item(ITEM));
  return { driver, time, service, callbacks, scanCard, scanItem };
}

describe('session driver', () => {
  it('looks the scanned card up through the port and shows the answer', async () => {
    const { driver, service, scanCard } = setup();
    scanCard();
    expect(service.calls[0]).toMatchObject({ operation: 'memberByBarcode', args: [CARD] });
    await service.answer(ok(memberRecord()));
    expect(driver.state().step.name).toBe('patron');
  });

  it('checks out with the card barcode the patron scanned', async () => {
    const { service, scanCard, scanItem } = setup();
    scanCard();
    await service.answer(ok(memberRecord()));
    scanItem();
    expect(service.calls[1]).toMatchObject({
      operation: 'checkOut',
      args: [{ itemBarcode: ITEM, memberBarcode: CARD }],
    });
  });

  it('sends a renewal from the list to the desk as a renewal, and shows its answer', async () => {
    const renew = vi.fn(async () => ({ via: 'service' as const, result: ok(circulationRecord()) }));
    const service = fakePort();
    const { driver, scanCard } = setup({
      port: service.port,
      desk: {
        identify: async () => ({ via: 'service', result: ok(onCard) }),
        checkOut: async () => {
          throw new Error('a renewal is not a check-out here');
        },
        checkIn: async () => {
          throw new Error('no check-in');
        },
        renew,
      },
    });
    scanCard();
    await vi.waitFor(() => expect(driver.state().step.name).toBe('patron'));
    driver.dispatch({ type: 'renew', loan: 0 });
    expect(renew).toHaveBeenCalledWith({ itemBarcode: ITEM, memberBarcode: CARD });
    await vi.waitFor(() =>
      expect(driver.state().step).toMatchObject({ lines: [{ status: 'done', label: 'Dune' }] }),
    );
  });

  it('ends the session when the inactivity timeout passes', () => {
    const { driver, time, scanCard, callbacks } = setup();
    scanCard();
    time.advance(100_000);
    expect(driver.state().warning).toEqual({ deadline: time.clock.now() + 20_000 });
    time.advance(20_000);
    expect(driver.state().step.name).toBe('attract');
    expect(callbacks.onResetChoices).toHaveBeenCalledOnce();
    expect(callbacks.onForgetScans).toHaveBeenCalledOnce();
  });

  it('restarts the inactivity countdown on activity', () => {
    const { driver, time, scanCard } = setup();
    scanCard();
    time.advance(110_000);
    driver.dispatch({ type: 'activity' });
    time.advance(110_000);
    expect(driver.state().step.name).toBe('identifying');
    expect(driver.state().warning).toBeDefined();
  });

  it('drops a check-out answer that arrives after the session timed out', async () => {
    const { driver, time, service, scanCard, scanItem } = setup();
    scanCard();
    await service.answer(ok(memberRecord()));
    scanItem();
    time.advance(120_000);
    scanCard();
    await service.answer(ok(memberRecord({ member: { givenName: 'Grace' } })), 2);
    scanItem();
    await service.answer(ok(circulationRecord()), 1);
    const { step } = driver.state();
    expect(step.name === 'patron' && step.lines).toEqual([
      { id: 0, label: '0001', labelIs: 'barcode-end', status: 'pending' },
    ]);
  });

  it('plays the sound of each outcome', async () => {
    const { service, scanCard, callbacks } = setup();
    scanCard();
    await service.answer(ok(memberRecord()));
    expect(callbacks.onSound).toHaveBeenCalledWith('success');
  });

  it('turns a port that throws into an unavailable notice', async () => {
    const { driver, scanCard } = setup({
      port: {
        ...fakePort().port,
        memberByBarcode: () => Promise.reject(new Error('bug')),
      },
    });
    scanCard();
    await vi.waitFor(() => expect(driver.state().notice?.message).toEqual({ kind: 'unavailable' }));
    expect(logs.map((record) => record.message)).toContain('service call threw');
  });

  it('prints through the host and thanks the patron when the print is done', async () => {
    const printReceipt = vi.fn(() => Promise.resolve());
    const { driver, service, scanCard, scanItem } = setup({ printReceipt });
    scanCard();
    await service.answer(ok(memberRecord()));
    scanItem();
    await service.answer(ok(circulationRecord()));
    driver.dispatch({ type: 'finish' });
    expect(printReceipt).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Ada' }));
    await vi.waitFor(() => expect(driver.state().step.name).toBe('thanks'));
  });

  it('thanks the patron even when the host cannot print', async () => {
    const { driver, service, scanCard, scanItem } = setup({
      printReceipt: () => Promise.reject(new Error('no paper')),
    });
    scanCard();
    await service.answer(ok(memberRecord()));
    scanItem();
    await service.answer(ok(circulationRecord()));
    driver.dispatch({ type: 'finish' });
    await vi.waitFor(() => expect(driver.state().step.name).toBe('thanks'));
  });

  it('reports each change once, and nothing for an event that changes nothing', () => {
    const { driver, callbacks, scanCard } = setup();
    scanCard();
    expect(callbacks.onChange).toHaveBeenCalledTimes(1);
    driver.dispatch({ type: 'receipt-chosen', print: true });
    expect(callbacks.onChange).toHaveBeenCalledTimes(1);
  });

  it('stops its timers and ignores answers after dispose', async () => {
    const { driver, time, service, scanCard } = setup();
    scanCard();
    driver.dispose();
    expect(time.pending()).toBe(0);
    await service.answer(
      err({ kind: 'cancelled', operation: 'memberByBarcode', outcome: 'not-applied' }),
    );
    expect(driver.state().step.name).toBe('identifying');
  });
});
