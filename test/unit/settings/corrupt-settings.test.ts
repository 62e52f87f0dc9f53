import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { describeJsonSyntaxError, readJsonObjectFile } from '../../../src-main/settings/json-file';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

const PIN_HASH = 'scrypt$32768$8$1$c2FsdC1mb3ItdGVzdHM$aGFzaC1mb3ItdGVzdHMtb25seS0wMDAwMDAwMA';
// A hand edit that left a trailing comma: line 4, column 3 is the closing brace after it.
const TRAILING_COMMA = `{\n  "staff": { "pinHash": "${PIN_HASH}" },\n  "kiosk": { "branchName": "Central" },\n  }\n`;

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-corrupt-settings-'));
  file = path.join(dir, 'settings.json');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const store = () => createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });

function expectUntouched(before: Buffer, mode: number): void {
  expect(readFileSync(file).equals(before)).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(mode);
  // Never set aside either: staff must find it where it was, to fix it.
  expect(readdirSync(dir)).toEqual(['settings.json']);
}

const message = (detail: string): string =>
  `The settings file ${file} ${detail}. Fix or remove it (removing it resets every setting, the staff PIN included); the kiosk does not start with it.`;

describe('a corrupt settings file (web host and CLI, conf)', () => {
  const cases: [string, string, string][] = [
    [
      'invalid JSON',
      TRAILING_COMMA,
      'is not valid JSON (Expected double-quoted property name at line 4, column 3)',
    ],
    [
      'a JSON array',
      '[{"kiosk":{"branchName":"Central"}}]',
      'holds a JSON array, not a JSON object',
    ],
    ['JSON null', 'null\n', 'holds JSON null, not a JSON object'],
    ['a JSON string', '"settings"', 'holds a JSON string, not a JSON object'],
    ['an empty file', '', 'is empty (it must hold a JSON object)'],
    [
      'a byte-order mark',
      '\uFEFF{"kiosk":{}}',
      'starts with a byte-order mark, which JSON does not allow (save it as UTF-8 without BOM)',
    ],
  ];

  it.each(cases)(
    'with %s: load and save give the message naming the file, never a throw, and leave it byte for byte',
    (_name, text, detail) => {
      writeFileSync(file, text, { mode: 0o600 });
      const before = readFileSync(file);

      const settings = store();
      expect(settings.location).toBe(file);
      expect(settings.load()).toEqual({
        ok: false,
        error: {
          kind: 'settings-file',
          file,
          problem: expect.any(String),
          message: message(detail),
        },
      });
      expect(settings.stored()).toEqual({});
      expect(settings.save({ staff: { pinHash: PIN_HASH } })).toEqual(settings.load());

      expectUntouched(before, 0o600);
    },
  );

  it('never quotes the file in the message, not even the part V8 quotes', () => {
    writeFileSync(file, `{"staff":{"pinHash":"${PIN_HASH}"}} trailing`, { mode: 0o600 });
    const loaded = store().load();
    expect(loaded.ok).toBe(false);
    const text = loaded.ok ? '' : loaded.error.message;
    expect(text).toContain('is not valid JSON (Unexpected non-whitespace character after JSON');
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('trailing');
  });

  it('reports a settings path that is a folder as unreadable', () => {
    mkdirSync(file);
    const settings = store();
    expect(settings.load()).toMatchObject({
      ok: false,
      error: { message: message('cannot be read (it is a folder, not a file)') },
    });
    expect(settings.save({}).ok).toBe(false);
    expect(statSync(file).isDirectory()).toBe(true);
  });

  it('reports a settings file this user may not read (EACCES), and leaves it as it is', () => {
    writeFileSync(file, '{"kiosk":{"branchName":"Central"}}', { mode: 0o600 });
    const before = readFileSync(file);
    let results: { location: string; load: unknown; save: unknown };
    if (isRoot) {
      // root reads any file: the store runs as root without the capabilities that override file
      // permissions (util-linux's setpriv), and the 0600 file belongs to nobody. Still root, it
      // can reach the checkout wherever it was cloned, a folder only root may enter included.
      chownSync(file, NOBODY, NOBODY);
      const script = `
        const { createConfSettingsStore } = await import('./src-main/settings/conf-store.ts');
        const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: process.argv[1] } });
        const results = { location: store.location, load: store.load(), save: store.save({}) };
        process.stdout.write(JSON.stringify(results));`;
      const run = spawnSync(
        'setpriv',
        [
          '--bounding-set=-dac_override,-dac_read_search',
          process.execPath,
          '--import',
          'tsx',
          '-e',
          script,
          dir,
        ],
        {
          cwd: ROOT,
          env: { ...process.env, KIOSK_LOG_LEVEL: 'error' },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(run.stderr).toBe('');
      results = JSON.parse(run.stdout) as typeof results;
    } else {
      chmodSync(file, 0o000);
      const settings = store();
      results = { location: settings.location, load: settings.load(), save: settings.save({}) };
    }
    const refusal = {
      ok: false,
      error: {
        kind: 'settings-file',
        file,
        problem: 'unreadable',
        message: message('cannot be read (EACCES: permission denied for this user)'),
      },
    };
    expect(results).toEqual({ location: file, load: refusal, save: refusal });
    chmodSync(file, 0o600);
    expectUntouched(before, 0o600);
  }, 40_000);

  it('still reports an invalid value as the setting it is', () => {
    writeFileSync(file, JSON.stringify({ patron: { warningMs: 'soon' } }), { mode: 0o600 });
    expect(store().load()).toMatchObject({
      ok: false,
      error: { kind: 'invalid-setting', setting: 'patron.warningMs', source: 'settings file' },
    });
  });
});

describe('reading a JSON object file', () => {
  it('gives null for a file that does not exist, and the object for a good one', () => {
    expect(readJsonObjectFile(file)).toEqual({ ok: true, value: null });
    writeFileSync(file, '{"a":1}');
    expect(readJsonObjectFile(file)).toEqual({ ok: true, value: { a: 1 } });
  });

  it("turns V8's position into a line and column and drops the text it quotes", () => {
    const text = '{\n  "a": 1,\n  "b": tru\n}';
    let error: unknown;
    try {
      JSON.parse(text);
    } catch (caught) {
      error = caught;
    }
    // V8: `Unexpected token '\n', ..."  "b": tru\n}" is not valid JSON`.
    expect(describeJsonSyntaxError(error, text)).toBe("Unexpected token '\\n'");
    expect(
      describeJsonSyntaxError(
        new SyntaxError('Unexpected token \'a\', "abc" is not valid JSON'),
        'abc',
      ),
    ).toBe("Unexpected token 'a'");
    expect(
      describeJsonSyntaxError(
        new SyntaxError("Expected property name or '}' in JSON at position 4 (line 2 column 3)"),
        '{\n  x',
      ),
    ).toBe("Expected property name or '}' at line 2, column 3");
  });
});
