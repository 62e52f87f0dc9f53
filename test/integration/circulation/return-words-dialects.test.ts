import { scanned } from '../../support/scans';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createSessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionDriver } from '../../../src-main/circulation/session-driver';
import type { SessionStep } from '../../../src-main/circulation/session-state';
import type { FieldMap } from '../../../src-main/library-client/reader/view';
import { PatronSettingsSchema } from '../../../src-main/settings/schema';
import { formatDate } from '../../../src-renderer/lib/format';
import { returnWords, checkOutWords } from '../../../src-renderer/lib/line-words';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DATABASE_FILE } from '../../../src-reference-service/db/open';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import type { DialectName } from '../../../src-reference-service/index';
import { settledLines } from '../../support/session-waits';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { translators as T } from '../../support/catalog-words';

/**
 * The words a patron reads for a return and for a re-scan, through the whole real path: the
 * reference service in each dialect over HTTP, the client's reader, the session machine, and the
 * renderer's line words in both languages.
 */

const DIALECTS: DialectName[] = ['reference', 'camel', 'snake', 'dotnet', 'drf'];

/** A service that says nothing the kiosk can read about lateness or a fine (mapped away). */
const SAYS_NOTHING: FieldMap = {
  'checkIn.overdue': 'not.sent',
  'checkIn.overdueDate': 'not.sent',
  'checkIn.daysOverdue': 'not.sent',
  'checkIn.dueDate': 'not.sent',
  'checkIn.fine': 'not.sent',
  'checkIn.currency': 'not.sent',
};

interface Running {
  test: TestService;
  staff: StaffAuth;
  blind: StaffAuth;
  /** A staff member's overdue loan: staff pay no daily fine (seed: member type STAFF). */
  unfined: { card: string; item: string };
}
const running = new Map<DialectName, Running>();
const drivers: SessionDriver[] = [];

function unfinedLoan(test: TestService): { card: string; item: string } {
  const db = new Database(path.join(test.dir, 'service', DATABASE_FILE), { readonly: true });
  try {
    const row = db
      .prepare<[string], { card: string; item: string }>(
        `SELECT members.barcode AS card, loans.item_barcode AS item FROM loans
         JOIN members ON members.id = loans.member_id
         WHERE members.member_type_id = 'STAFF' AND loans.due_at < ?
         ORDER BY loans.item_barcode LIMIT 1`,
      )
      .get(new Date().toISOString());
    if (!row) throw new Error('the seed has no overdue loan of a STAFF member');
    return row;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  await Promise.all(
    DIALECTS.map(async (dialect) => {
      const test = await startTestService({ dialect });
      const [staff, blind] = await Promise.all([
        signedIn(test),
        signedIn(test, { interop: { fieldMap: SAYS_NOTHING } }),
      ]);
      running.set(dialect, { test, staff, blind, unfined: unfinedLoan(test) });
    }),
  );
}, 180_000);

afterAll(async () => {
  drivers.forEach((session) => session.dispose());
  await Promise.all(
    [...running.values()].map(async ({ test, staff, blind }) => {
      staff.dispose();
      blind.dispose();
      await test.stop();
    }),
  );
});

function driver(auth: StaffAuth): SessionDriver {
  const session = createSessionDriver({
    config: {
      branchName: 'Central',
      patron: PatronSettingsSchema.parse({}),
      receiptMode: 'ask',
      printBy: 'renderer',
    },
    port: auth.client,
    signedOut: false,
    onChange: () => undefined,
    onSound: () => undefined,
    onResetChoices: () => undefined,
    onForgetScans: () => undefined,
  });
  drivers.push(session);
  return session;
}

async function stepOf<N extends SessionStep['name']>(session: SessionDriver, name: N) {
  await vi.waitFor(() => expect(session.state().step.name).toBe(name));
  return session.state().step as Extract<SessionStep, { name: N }>;
}

async function returned(auth: StaffAuth, item: string) {
  const session = driver(auth);
  session.dispatch({ type: 'start-check-in' });
  await stepOf(session, 'check-in');
  session.dispatch(scanned.item(item));
  const [line] = await settledLines(session);
  if (!line) throw new Error('no line');
  return line;
}

async function borrowed(auth: StaffAuth, card: string, items: string[]) {
  const session = driver(auth);
  session.dispatch(scanned.member(card));
  await stepOf(session, 'patron');
  for (const item of items) {
    session.dispatch(scanned.item(item));
    await settledLines(session);
  }
  return settledLines(session);
}

const words = (line: Parameters<typeof returnWords>[0]) => ({
  en: returnWords(line, 'en', T.en),
  es: returnWords(line, 'es', T.es),
});

describe.each(DIALECTS)('returns and re-scans against the %s dialect', (dialect) => {
  const run = (): Running => {
    const found = running.get(dialect);
    if (!found) throw new Error(`no ${dialect} service`);
    return found;
  };

  it('reads an on-time return as returned on time, never late and with no missed date', async () => {
    const item = itemBarcode(DEMO_ITEMS.available[0]);
    await borrowed(run().staff, memberBarcode(DEMO_MEMBERS.canBorrow), [item]);
    const line = await returned(run().staff, item);
    expect(line).toMatchObject({ status: 'done', overdue: false, fine: 0, overdueDate: null });
    expect(words(line)).toEqual({
      en: 'Returned on time. Thank you!',
      es: 'Devuelto a tiempo. ¡Gracias!',
    });
  });

  it('reads an overdue return with its missed due date and its fine', async () => {
    const line = await returned(run().staff, itemBarcode(DEMO_ITEMS.overdue[0]));
    expect(line).toMatchObject({ status: 'done', overdue: true, fine: 2.25 });
    const due = line.overdueDate ?? 'unknown';
    expect(words(line)).toEqual({
      en: `Returned late · Was due ${formatDate(due, 'en')} · Fine: €2.25`,
      es: `Devuelto con retraso · Debía devolverse el ${formatDate(due, 'es')} · Multa: 2,25\u00a0€`,
    });
    // The missed day is one the seed made: about nine days before today.
    expect(formatDate(due, 'en')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it('reads an overdue return that was not charged as late, with no fine', async () => {
    const line = await returned(run().staff, run().unfined.item);
    expect(line).toMatchObject({ status: 'done', overdue: true, fine: 0 });
    const due = line.overdueDate ?? 'unknown';
    expect(words(line)).toEqual({
      en: `Returned late · Was due ${formatDate(due, 'en')} · No fine`,
      es: `Devuelto con retraso · Debía devolverse el ${formatDate(due, 'es')} · Sin multa`,
    });
  });

  it('reads a return whose answer tells neither lateness nor fine as "Returned", claiming nothing', async () => {
    const line = await returned(run().blind, itemBarcode(DEMO_ITEMS.overdue[1]));
    expect(line).toMatchObject({ status: 'done', overdue: 'unknown', fine: 'unknown' });
    expect(words(line)).toEqual({ en: 'Returned', es: 'Devuelto' });
  });

  it('tells a re-scan the same day that the date stayed, and why', async () => {
    const item = itemBarcode(DEMO_ITEMS.available[1]);
    const [line] = await borrowed(run().staff, memberBarcode(DEMO_MEMBERS.canBorrow), [item, item]);
    expect(line).toMatchObject({ status: 'done', renewed: true, renewal: 'same-date' });
    const due = formatDate(line?.dueDate ?? 'unknown', 'en');
    expect(checkOutWords(line ?? {}, 'en', T.en)).toBe(
      `Already on your card, still due ${due}: renewing it today gives the same date.`,
    );
  });

  it('tells a re-scan of an older loan its new due date', async () => {
    const [line] = await borrowed(run().staff, memberBarcode(DEMO_MEMBERS.withOverdueLoans), [
      itemBarcode(DEMO_ITEMS.onLoanNotDue),
    ]);
    expect(line).toMatchObject({ status: 'done', renewed: true, renewal: 'extended' });
    const due = line?.dueDate ?? 'unknown';
    expect(checkOutWords(line ?? {}, 'en', T.en)).toBe(`Renewed: now due ${formatDate(due, 'en')}`);
    expect(checkOutWords(line ?? {}, 'es', T.es)).toBe(
      `Renovado: ahora se devuelve el ${formatDate(due, 'es')}`,
    );
  });
});
