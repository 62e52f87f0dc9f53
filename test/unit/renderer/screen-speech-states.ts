import { DEFAULT_KEY_MAP } from '../../../src-common/ipc/access';
import type {
  KioskState,
  Language,
  PatronView,
  Screen,
  TransactionLine,
} from '../../../src-common/ipc/contract';

/** Kiosk states for the speech tests: audio mode on, a patron's session as the core sends it. */

export const NOW = Date.parse('2026-11-26T10:00:00Z');

export function state(screen: Screen, change: Partial<KioskState> = {}): KioskState {
  return {
    language: 'en',
    theme: 'standard',
    branchName: 'Central Library',
    screen,
    volume: 0.7,
    wedge: {
      wedgeMaxAvgIntervalMs: 30,
      wedgeMinLength: 6,
      wedgeSuffixKeys: ['Enter'],
      wedgeHoldMs: 50,
    },
    access: { audio: true, largeText: false, lowReach: false, speechRate: 175 },
    accessStation: { keys: DEFAULT_KEY_MAP, hintRepeatSeconds: 30, audioOnHeadphones: true },
    ...change,
  };
}

export const inSpanish = (kiosk: KioskState): KioskState => ({ ...kiosk, language: 'es' });
export const inLanguage = (kiosk: KioskState, language: Language): KioskState => ({
  ...kiosk,
  language,
});

export const ATTRACT: Screen = { name: 'attract', signedOut: false, allowEmail: true };

export const AMARA: PatronView = {
  firstName: 'Amara',
  loans: [
    { title: 'Small Gods', dueDate: { kind: 'day', date: '2026-12-03' }, overdue: false },
    { title: 'Mort', dueDate: { kind: 'day', date: '2026-11-13' }, overdue: true },
  ],
  fine: 1.5,
  currency: 'EUR',
};

export function patron(session: TransactionLine[] = [], view: Partial<PatronView> = {}): Screen {
  return { name: 'patron', patron: { ...AMARA, ...view }, session };
}

export function checkIn(session: TransactionLine[] = [], offline?: boolean): Screen {
  return { name: 'check-in', session, ...(offline === undefined ? {} : { offline }) };
}

const DUE = { kind: 'day', date: '2026-12-10' } as const;

/** The lines of a session, by what became of them. */
export const LINES = {
  pending: { id: 1, label: 'The Hobbit', labelIs: 'title', status: 'pending' },
  borrowed: { id: 1, label: 'The Hobbit', labelIs: 'title', status: 'done', dueDate: DUE },
  untitled: { id: 2, label: '0050', labelIs: 'barcode-end', status: 'done', dueDate: DUE },
  renewed: {
    id: 3,
    label: 'Mort',
    labelIs: 'title',
    status: 'done',
    dueDate: DUE,
    renewal: 'extended',
  },
  refused: {
    id: 4,
    label: 'Dune',
    labelIs: 'title',
    status: 'refused',
    message: { kind: 'refused', code: 'item_on_loan_to_other' },
  },
  refusedInOwnWords: {
    id: 5,
    label: 'Dune',
    labelIs: 'title',
    status: 'refused',
    message: { kind: 'refused', code: 'other', serviceText: 'Item is in repair' },
  },
  queuedOut: {
    id: 6,
    label: 'Emma',
    labelIs: 'title',
    status: 'queued',
    queued: 'offline',
    dueDate: DUE,
  },
  queuedIn: { id: 7, label: 'Emma', labelIs: 'title', status: 'queued', queued: 'offline' },
  returnedLate: {
    id: 8,
    label: 'Small Gods',
    labelIs: 'title',
    status: 'done',
    overdue: true,
    overdueDate: { kind: 'day', date: '2026-11-13' },
    fine: 1.5,
    currency: 'EUR',
    routing: { alert: 'hold' },
    systemWords: ['Thank you for the book.'],
  },
  returnedOnTime: {
    id: 9,
    label: 'Emma',
    labelIs: 'title',
    status: 'done',
    overdue: false,
    overdueDate: null,
    fine: 0,
    routing: { alert: 'transit', sortBin: 'B2' },
  },
} as const satisfies Record<string, TransactionLine>;

export const line = (name: keyof typeof LINES): TransactionLine => LINES[name] as TransactionLine;
