import { gzipSync } from 'node:zlib';
import { seededRandom } from './random';

/**
 * A generated corpus of bad answers for the service client (issue 22, item 2): malformed,
 * truncated, oversized, deeply nested, wrongly typed and wrongly encoded, under the statuses a
 * service sends. Deterministic from its seed; big bodies are described, not held, and the corpus
 * server (answer-corpus-server.ts) streams them.
 */

export const CORPUS_STATUSES = [200, 201, 400, 401, 404, 409, 422, 500] as const;

/** How the body goes on the wire. */
export type WireBody =
  | { kind: 'bytes'; bytes: Buffer; statedLength?: number }
  /** `prefix`, then `fill` repeated to `totalBytes`, then `suffix`; streamed, never built whole. */
  | {
      kind: 'stream';
      prefix: string;
      fill: string;
      suffix: string;
      totalBytes: number;
      stated: boolean;
    }
  /** One byte every `everyMs`, never ending: only the client's timeout ends it. */
  | { kind: 'drip'; everyMs: number }
  /** The bytes, then the connection reset before the stated length. */
  | { kind: 'cut'; bytes: Buffer; statedLength: number };

export type Category =
  | 'valid'
  | 'truncated'
  | 'malformed'
  | 'wrong-type'
  | 'deep'
  | 'encoding'
  | 'over-cap'
  | 'under-cap'
  | 'network';

export interface CorpusAnswer {
  category: Category;
  /** One line saying what this answer is, for a failure message. */
  label: string;
  status: number;
  headers: Record<string, string>;
  body: WireBody;
}

const gzippedSpaces = new Map<number, Buffer>();

/** `totalBytes` spaces gzipped (about a thousandth of their size), made once per size. */
function spacesGzipped(totalBytes: number): Buffer {
  let gzipped = gzippedSpaces.get(totalBytes);
  if (!gzipped) {
    gzipped = gzipSync(Buffer.alloc(totalBytes, ' '));
    gzippedSpaces.set(totalBytes, gzipped);
  }
  return gzipped;
}

const JSON_TYPE: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };

/** An answer each operation's reader accepts, in the interface's own spelling. */
export const SAMPLES: Record<string, unknown> = {
  getUserInfo: {
    Customer: { Id: 'c1', Name: 'Library', Plan: 'basic' },
    User: {
      Id: 'u1',
      UserName: 'staff',
      Name: 'Staff One',
      Email: 's@example.org',
      BranchId: 'b1',
    },
  },
  listMembers: {
    Members: [member()],
    Page: 1,
    Size: 20,
    Total: 1,
    TotalPages: 1,
  },
  getMember: member(),
  listBranches: { Branches: [{ Id: 'b1', Code: 'MAIN', Name: 'Main', City: 'Town' }] },
  listMemberTypes: {
    UserTypes: [
      {
        Id: 'adult',
        Name: 'Adult',
        LoanPeriodDays: 14,
        LoanLimit: 10,
        FineThreshold: 5,
        DailyFine: 0.2,
        MaxFinePerItem: 4,
      },
    ],
  },
  updateMember: member(),
  memberByBarcode: circulation(),
  memberByEmail: circulation(),
  checkOut: {
    TransactionId: '6f1c1f7e-3f55-4f55-9b55-0c5a1b2f3e4d',
    Timestamp: '2026-11-25T10:00:00Z',
    ItemBarcode: '31000000000012',
    UserBarcode: '21000000000015',
    Title: 'A Book',
    Author: 'An Author',
    DueDate: '2026-12-09T23:59:59Z',
    Renewed: false,
    Fine: 0,
    Currency: 'EUR',
  },
  checkIn: {
    TransactionId: '6f1c1f7e-3f55-4f55-9b55-0c5a1b2f3e4d',
    Timestamp: '2026-11-25T10:00:00Z',
    ItemBarcode: '31000000000012',
    UserBarcode: '21000000000015',
    Title: 'A Book',
    Author: 'An Author',
    DueDate: '2026-12-09T23:59:59Z',
    Overdue: false,
    OverdueDate: null,
    DaysOverdue: 0,
    Fine: 0,
    Currency: 'EUR',
  },
  createDocument: {
    itemId: '6f1c1f7e-3f55-4f55-9b55-0c5a1b2f3e4d',
    fileId: '7f1c1f7e-3f55-4f55-9b55-0c5a1b2f3e4d',
    container: 'documents',
    uploadendpoint: 'http://127.0.0.1:9/documents/file.pdf?se=2030-01-01T00%3A00%3A00Z&sig=x',
  },
  refusal: { error: 'member_blocked', message: 'The member is blocked.' },
  validation: { title: 'Invalid', errors: { Name: ['is required'], Email: ['is not an address'] } },
};

function member(): Record<string, unknown> {
  return {
    Id: '1001',
    userbarcode: '21000000000015',
    branchid: 'b1',
    usertype: 'adult',
    GivenName: 'Ana',
    Surname: 'Ruiz',
    UserName: 'ana',
    PhoneNo: '555',
    address1: '1 Street',
    address2: '',
    city: 'Town',
    country: 'ES',
    postcode: '28001',
    NameTitle: 'Ms',
    userstatus: 'active',
    Email: 'ana@example.org',
    ExpiryDate: '2030-01-01',
  };
}

function circulation(): Record<string, unknown> {
  return {
    Member: member(),
    Items: [
      {
        ItemBarcode: '31000000000012',
        Title: 'A Book',
        Author: 'An Author',
        CheckedOutAt: '2026-11-20T10:00:00Z',
        DueDate: '2026-12-04T23:59:59Z',
        Overdue: false,
      },
    ],
    Fine: 1.5,
    Currency: 'EUR',
    Blocks: [],
  };
}

/** Every path into a JSON value (`Member.GivenName`, `Items.0.DueDate`), the root as `[]`. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => pathsOf(v, [...prefix, i])));
  if (value && typeof value === 'object') {
    return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...prefix, k])));
  }
  return here;
}

function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path[path.length - 1] as string | number] = value;
  return copy;
}

/** Values of every JSON type and some that are legal but hostile. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0.000001,
  '',
  ' ',
  'not a date',
  '12abc',
  '\u0000\u001b[2J',
  '/Date(99999999999999999999)/',
  '9999-99-99',
  [],
  [[]],
  [null],
  ['a', 'b'],
  [1, 2, 3],
  {},
  { amount: { amount: 'x' } },
  { '': null },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  'x'.repeat(100_000),
  Array.from({ length: 5_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
];

/** One value of each JSON type, for every field in turn. */
const EVERY_TYPE: unknown[] = [null, true, 7, 'text', [], {}, [['nested']], { amount: {} }];

function nested(depth: number, shape: 'array' | 'object' | 'error' | 'amount'): string {
  const open = { array: '[', object: '{"a":', error: '{"error":', amount: '{"amount":' }[shape];
  const close = shape === 'array' ? ']' : '}';
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

const DEPTHS = [8, 40, 63, 64, 65, 100, 1_000, 20_000, 100_000];

export interface CorpusOptions {
  seed: number;
  /** The client's service.maxAnswerBytes. */
  capBytes: number;
  /** Answers per operation, of which the big ones are only a few. */
  perOperation: number;
}

/**
 * The corpus for one operation. `big` adds the few streamed 5-150 MB answers (given to a few
 * operations only, to keep the run short); every operation gets its over-cap and under-cap answer.
 */
export function corpusFor(
  operation: string,
  options: CorpusOptions & { big: boolean },
): CorpusAnswer[] {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (below: number): number => Math.floor(random() * below);
  const status = (): number => pick(CORPUS_STATUSES);
  const sample = SAMPLES[operation] ?? SAMPLES.refusal;
  const bodyFor = (code: number): unknown =>
    code < 300 ? sample : pick([SAMPLES.refusal, SAMPLES.validation, sample]);
  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
  const answers: CorpusAnswer[] = [];
  const add = (
    category: Category,
    label: string,
    code: number,
    body: WireBody,
    headers = JSON_TYPE,
  ) => answers.push({ category, label, status: code, headers, body });
  const bytes = (b: Buffer, statedLength?: number): WireBody =>
    statedLength === undefined
      ? { kind: 'bytes', bytes: b }
      : { kind: 'bytes', bytes: b, statedLength };

  // The few that must be there whatever the draw.
  for (const code of CORPUS_STATUSES)
    add('valid', `valid ${code}`, code, bytes(json(bodyFor(code))));
  const cap = options.capBytes;
  add('over-cap', 'cap + 1 byte, chunked', status(), {
    kind: 'stream',
    prefix: '{"pad":"',
    fill: 'x',
    suffix: '"}',
    totalBytes: cap + 1,
    stated: false,
  });
  add('under-cap', 'cap - 1 KiB, valid JSON, chunked', 200, {
    kind: 'stream',
    prefix: '{"pad":"',
    fill: 'y',
    suffix: '"}',
    totalBytes: cap - 1024,
    stated: false,
  });
  add(
    'deep',
    '400 nesting 20,000 arrays in errors',
    400,
    bytes(Buffer.from(`{"errors":${nested(20_000, 'array')}}`)),
  );
  if (options.big) {
    const mb = 1024 ** 2;
    add('over-cap', '5 MB chunked', 200, {
      kind: 'stream',
      prefix: '[',
      fill: '0,',
      suffix: '0]',
      totalBytes: 5 * mb,
      stated: false,
    });
    add('over-cap', '20 MB with content-length', 400, {
      kind: 'stream',
      prefix: '"',
      fill: 'z',
      suffix: '"',
      totalBytes: 20 * mb,
      stated: true,
    });
    add('over-cap', '150 MB chunked', 200, {
      kind: 'stream',
      prefix: '{"Items":[',
      fill: '{"ItemBarcode":"1"},',
      suffix: '{}]}',
      totalBytes: 150 * mb,
      stated: false,
    });
    add('over-cap', '150 MB with content-length', 500, {
      kind: 'stream',
      prefix: '{"message":"',
      fill: 'w',
      suffix: '"}',
      totalBytes: 150 * mb,
      stated: true,
    });
    // Compressed here, once, before any client's clock starts: compressing while answering
    // raced the client's timeout on a loaded machine and read `timeout` for `too-large`.
    add(
      'over-cap',
      'gzip of 50 MB',
      200,
      { kind: 'bytes', bytes: spacesGzipped(50 * mb) },
      { ...JSON_TYPE, 'content-encoding': 'gzip' },
    );
    add('network', 'a byte every 300 ms', 200, { kind: 'drip', everyMs: 300 });
  }

  // Every field of the success answer, and of a refusal, given a value of every JSON type.
  for (const [code, value] of [
    [pick([200, 201]), sample],
    [pick([400, 404, 409, 422]), SAMPLES.validation],
  ] as const) {
    for (const path of pathsOf(value)) {
      for (const wrong of EVERY_TYPE) {
        add(
          'wrong-type',
          `${path.join('.') || 'root'} as ${describe(wrong)}`,
          code,
          bytes(json(withValueAt(value, path, wrong))),
        );
      }
    }
  }

  while (answers.length < options.perOperation) {
    const code = status();
    const value = bodyFor(code);
    const text = JSON.stringify(value);
    switch (int(7)) {
      case 0: {
        const at = int(text.length);
        add(
          'truncated',
          `cut at ${at} of ${text.length}`,
          code,
          bytes(Buffer.from(text.slice(0, at))),
        );
        break;
      }
      case 1: {
        const chars = text.split('');
        for (let n = 1 + int(4); n > 0; n -= 1) {
          const at = int(chars.length);
          const junk = pick([
            '{',
            '}',
            '[',
            ']',
            ',',
            ':',
            '"',
            '\\',
            'NaN',
            'undefined',
            "'",
            '\u0000',
          ]);
          if (random() < 0.5) chars.splice(at, 1, junk);
          else chars.splice(at, 0, junk);
        }
        add('malformed', 'mutated brackets and quotes', code, bytes(Buffer.from(chars.join(''))));
        break;
      }
      case 2:
      case 3: {
        const paths = pathsOf(value);
        const path = pick(paths);
        const wrong = pick(WRONG_VALUES);
        add(
          'wrong-type',
          `${path.join('.') || 'root'} as ${describe(wrong)}`,
          code,
          bytes(json(withValueAt(value, path, wrong))),
        );
        break;
      }
      case 4: {
        const depth = pick(DEPTHS);
        const shape = pick(['array', 'object', 'error', 'amount'] as const);
        const paths = pathsOf(value);
        const path = pick(paths);
        const inner = nested(depth, shape);
        // Spliced as text: the value is too deep to build and stringify.
        const marker = '"__deep__"';
        const spliced = JSON.stringify(withValueAt(value, path, '__deep__')).replace(marker, inner);
        add(
          'deep',
          `${depth} levels of ${shape} at ${path.join('.') || 'root'}`,
          code,
          bytes(Buffer.from(spliced)),
        );
        break;
      }
      case 5: {
        const encoding = int(12);
        const base = Buffer.from(text);
        const label = [
          'invalid UTF-8 bytes',
          'UTF-16LE with BOM',
          'UTF-16BE with BOM',
          'UTF-8 BOM',
          'text/html page',
          'JSON as text/html',
          'XML',
          'empty body',
          'gzip header, plain body',
          'br header, plain body',
          'real gzip',
          'no content-type',
        ][encoding] as string;
        const headers: Record<string, string> = { ...JSON_TYPE };
        let body = base;
        if (encoding === 0) {
          const at = int(base.length);
          body = Buffer.concat([
            base.subarray(0, at),
            Buffer.from([0xff, 0xc3, 0x28, 0xe2, 0x82]),
            base.subarray(at),
          ]);
        } else if (encoding === 1)
          body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
        else if (encoding === 2)
          body = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
        else if (encoding === 3) body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), base]);
        else if (encoding === 4) {
          headers['content-type'] = 'text/html';
          body = Buffer.from('<!doctype html><title>Error</title><p>Something <b>broke</b>');
        } else if (encoding === 5) headers['content-type'] = 'text/html';
        else if (encoding === 6) {
          headers['content-type'] = 'application/xml';
          body = Buffer.from('<Error><Code>Oops</Code><Message>x</Message></Error>');
        } else if (encoding === 7) body = Buffer.alloc(0);
        else if (encoding === 8) headers['content-encoding'] = 'gzip';
        else if (encoding === 9) headers['content-encoding'] = 'br';
        else if (encoding === 10) {
          headers['content-encoding'] = 'gzip';
          body = gzipSync(base);
        } else delete headers['content-type'];
        add('encoding', label, code, bytes(body), headers);
        break;
      }
      default: {
        const kind = int(3);
        const base = Buffer.from(text);
        if (kind === 0) {
          add('network', 'connection reset before the stated length', code, {
            kind: 'cut',
            bytes: base.subarray(0, int(base.length)),
            statedLength: base.length + 100,
          });
        } else if (kind === 1) {
          add(
            'network',
            'content-length shorter than the body',
            code,
            bytes(base, Math.max(0, base.length - 1 - int(10))),
          );
        } else {
          add(
            'malformed',
            'random bytes',
            code,
            bytes(Buffer.from(Array.from({ length: int(2_000) }, () => int(256)))),
          );
        }
      }
    }
  }
  return answers;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === 'string') return `string(${value.length})`;
  return typeof value;
}
