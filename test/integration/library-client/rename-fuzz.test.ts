import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readBranches,
  readCirculationResult,
  readMember,
  readMemberCirculation,
  readMemberPage,
  readMemberTypes,
  readUserInfo,
} from '../../../src-main/library-client/reader/records';
import type { Reading } from '../../../src-main/library-client/reader/view';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { canonical } from '../../support/canonical';
import { startFixture } from '../../support/service-fixture';
import type { ServiceFixture } from '../../support/service-fixture';
import { seededRandom } from '../../support/random';

/**
 * Real answers of the reference service, renamed at random (case, separators, wrappers, numbers
 * and flags as text, instants in the .NET form): the reader must find the same values.
 */
const RUNS = 150;
const reading: Reading = { fieldMap: {}, now: Date.now() };

const words = (key: string): string[] =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

const STYLES: ((parts: string[]) => string)[] = [
  (parts) => parts.join('_'),
  (parts) => parts.join('-'),
  (parts) => parts.join(' '),
  (parts) => parts.join('').toUpperCase(),
  (parts) => parts.map((part) => part.toUpperCase()).join('_'),
  (parts) =>
    parts.map((part, index) => (index ? part[0]?.toUpperCase() + part.slice(1) : part)).join(''),
  (parts) => parts.map((part) => part[0]?.toUpperCase() + part.slice(1)).join(''),
];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function rename(value: unknown, pick: () => number): unknown {
  const choose = <T>(options: T[]): T => options[Math.floor(pick() * options.length)] as T;
  if (Array.isArray(value)) return value.map((entry) => rename(entry, pick));
  if (typeof value === 'number') return pick() < 0.5 ? String(value) : value;
  if (typeof value === 'boolean')
    return choose([value, value ? 'Y' : 'N', value ? 1 : 0, String(value)]);
  if (typeof value === 'string' && ISO_INSTANT.test(value) && pick() < 0.3) {
    return `/Date(${Date.parse(value)})/`;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [choose(STYLES)(words(key)), rename(inner, pick)]),
  );
}

function wrapRecord(body: unknown, pick: () => number): unknown {
  const roll = pick();
  if (roll < 0.33) return { data: body };
  if (roll < 0.5) return { result: body, success: true, message: 'OK' };
  return body;
}

function wrapList(items: unknown[], pick: () => number): unknown {
  const roll = pick();
  if (roll < 0.25) return items;
  if (roll < 0.5) return { data: items };
  if (roll < 0.75) return { results: items, meta: { status: 'ok' } };
  return { value: items };
}

let fixture: ServiceFixture;
const answers = new Map<string, unknown>();

beforeAll(async () => {
  fixture = await startFixture();
  const get = async (path: string): Promise<unknown> => (await fixture.api(path)).body;
  answers.set('user info', await get('/api/getuserinfo'));
  answers.set('member page', await get('/api/user-memberlist?name=&size=10&page=1'));
  answers.set('member', await get('/api/userdetails/1001'));
  answers.set('branches', await get('/api/listbranch'));
  answers.set('member types', await get('/api/listusertype'));
  answers.set('member lookup', await get(`/api/lmmemberbycard/${memberBarcode(5)}`));
  const checkout = { ItemBarcode: itemBarcode(9), UserBarcode: memberBarcode(1) };
  answers.set(
    'check-out',
    (await fixture.api('/api/checkout', { method: 'POST', body: checkout })).body,
  );
  const checkin = { ItemBarcode: itemBarcode(22) };
  answers.set(
    'check-in',
    (await fixture.api('/api/checkin', { method: 'POST', body: checkin })).body,
  );
});

afterAll(async () => {
  await fixture?.stop();
});

/** Each answer kind: how to rename and wrap it, and how the reader reads it. */
const CASES: [
  string,
  (body: unknown, pick: () => number) => unknown,
  (body: unknown) => unknown,
][] = [
  [
    'user info',
    (body, pick) => wrapRecord(rename(body, pick), pick),
    (body) => readUserInfo(body, reading),
  ],
  [
    'member',
    (body, pick) => wrapRecord(rename(body, pick), pick),
    (body) => readMember(body, reading),
  ],
  [
    'member lookup',
    (body, pick) => wrapRecord(rename(body, pick), pick),
    (body) => readMemberCirculation(body, reading),
  ],
  [
    'member page',
    (body, pick) => {
      const renamed = rename(body, pick) as Record<string, unknown>;
      // The list moves under another key; the paging fields stay beside it.
      const [listKey] = Object.entries(renamed).find(([, inner]) => Array.isArray(inner)) ?? [];
      if (!listKey || pick() < 0.5) return renamed;
      const { [listKey]: list, ...paging } = renamed;
      return { ...paging, items: list };
    },
    (body) => readMemberPage(body, reading),
  ],
  [
    'branches',
    (body, pick) =>
      wrapList(
        (body as { Branches: unknown[] }).Branches.map((b) => rename(b, pick)),
        pick,
      ),
    (body) => readBranches(body, reading),
  ],
  [
    'member types',
    (body, pick) =>
      wrapList(
        (body as { UserTypes: unknown[] }).UserTypes.map((t) => rename(t, pick)),
        pick,
      ),
    (body) => readMemberTypes(body, reading),
  ],
  [
    'check-out',
    (body, pick) => wrapRecord(rename(body, pick), pick),
    (body) => readCirculationResult('checkOut', body, reading),
  ],
  [
    'check-in',
    (body, pick) => wrapRecord(rename(body, pick), pick),
    (body) => readCirculationResult('checkIn', body, reading),
  ],
];

describe('renamed answers', () => {
  it.each(CASES)('reads the same %s however it is spelled and wrapped', (name, disguise, read) => {
    const original = answers.get(name);
    const expected = canonical(read(original));
    // Lists and records come as Read results; circulation answers are read as they are.
    if (expected && typeof expected === 'object' && 'ok' in expected) {
      expect(expected).toMatchObject({ ok: true });
    }
    const base = Math.floor(Math.random() * 2 ** 31);
    for (let run = 0; run < RUNS; run += 1) {
      const seed = base + run;
      const disguised = disguise(original, seededRandom(seed));
      expect(canonical(read(disguised)), `seed ${seed}: ${JSON.stringify(disguised)}`).toEqual(
        expected,
      );
    }
  });
});
