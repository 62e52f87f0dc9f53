/**
 * The documents screen's checks before any service request (name, PDF bytes, size) and what a
 * failed publish is called, from src-main/core/console/documents/.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishFailureOf } from '../../../src-main/core/console/documents/failure';
import { documentName } from '../../../src-main/core/console/documents/name-check';
import { checkPdf } from '../../../src-main/core/console/documents/pdf-check';
import { signatureExpiry } from '../../../src-main/library-client/publish';
import type { PublishError } from '../../../src-main/library-client/publish';
import { INSECURE_UPLOAD_ADDRESS } from '../../../src-main/library-client/schemas/publisher';
import { en, es } from '../../../src-renderer/i18n/catalog';

describe('the document name', () => {
  it('takes a name of 3 characters or more, without the spaces around it', () => {
    expect(documentName('  Annual report ', 'a.pdf')).toEqual({ ok: true, value: 'Annual report' });
    expect(documentName('abc', 'a.pdf')).toEqual({ ok: true, value: 'abc' });
  });

  it('refuses a name of 1 or 2 characters (the interface: empty or at least 3)', () => {
    expect(documentName('ab', 'report.pdf')).toEqual({ ok: false, error: 'too-short' });
    expect(documentName(' a ', 'report.pdf')).toEqual({ ok: false, error: 'too-short' });
  });

  it("uses the file's own name when the field is empty", () => {
    expect(documentName('', 'report.pdf')).toEqual({ ok: true, value: 'report.pdf' });
    expect(documentName('   ', 'ab')).toEqual({ ok: false, error: 'file-name-too-short' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(documentName('😀😀', 'x.pdf')).toEqual({ ok: false, error: 'too-short' });
  });
});

describe('the PDF check', () => {
  let dir: string;
  const write = async (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pdf-check-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes a file that starts with %PDF-', async () => {
    const file = await write('a.pdf', Buffer.from('%PDF-1.4\n...'));
    expect(await checkPdf(file, 1024)).toEqual({ ok: true, value: { sizeBytes: 12 } });
  });

  it('refuses a PNG named .pdf by its bytes', async () => {
    const file = await write('png.pdf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]));
    expect(await checkPdf(file, 1024)).toEqual({ ok: false, error: { reason: 'not-pdf' } });
  });

  it('refuses a file shorter than the header, an empty one and one over the limit', async () => {
    expect(await checkPdf(await write('short.pdf', Buffer.from('%PD')), 1024)).toEqual({
      ok: false,
      error: { reason: 'not-pdf' },
    });
    expect(await checkPdf(await write('empty.pdf', Buffer.alloc(0)), 1024)).toEqual({
      ok: false,
      error: { reason: 'empty' },
    });
    const big = await write('big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(1020)]));
    expect(await checkPdf(big, 1024)).toEqual({ ok: false, error: { reason: 'too-large' } });
    expect(await checkPdf(big, 1025)).toMatchObject({ ok: true });
  });

  it('calls a missing file or a folder unreadable', async () => {
    expect(await checkPdf(path.join(dir, 'gone.pdf'), 1024)).toMatchObject({
      ok: false,
      error: { reason: 'unreadable', cause: 'ENOENT' },
    });
    expect(await checkPdf(dir, 1024)).toEqual({
      ok: false,
      error: { reason: 'unreadable', cause: 'not-a-file' },
    });
  });
});

describe('what a failed publish is called', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const refused = (operation: 'createDocument' | 'uploadFile', status: number): PublishError => ({
    kind: 'refused',
    operation,
    status,
    outcome: 'not-applied',
  });

  it('a 400 on create is the name, unless an item id was given', () => {
    expect(publishFailureOf(refused('createDocument', 400), { withDocid: false, now })).toBe(
      'name-refused',
    );
    expect(publishFailureOf(refused('createDocument', 400), { withDocid: true, now })).toBe(
      'create-refused',
    );
  });

  it('a 403 on upload is an expired ticket once its signature expiry has passed', () => {
    const before = new Date('2026-03-01T11:59:59Z');
    const after = new Date('2026-03-01T12:15:00Z');
    const error = refused('uploadFile', 403);
    expect(publishFailureOf(error, { withDocid: false, now, signatureExpiresAt: before })).toBe(
      'ticket-expired',
    );
    expect(publishFailureOf(error, { withDocid: false, now, signatureExpiresAt: after })).toBe(
      'signature-refused',
    );
    expect(publishFailureOf(error, { withDocid: false, now })).toBe('signature-refused');
    expect(publishFailureOf(refused('uploadFile', 400), { withDocid: false, now })).toBe(
      'upload-refused',
    );
  });

  it('an upload address in plain http to another host has its own words, in both languages', () => {
    const error = {
      kind: 'malformed-response' as const,
      operation: 'createDocument' as const,
      status: 200,
      issue: INSECURE_UPLOAD_ADDRESS,
      outcome: 'applied' as const,
    };
    expect(publishFailureOf(error, { withDocid: false, now })).toBe('upload-address-insecure');
    expect(
      publishFailureOf(
        { ...error, issue: 'uploadendpoint: not an http(s) address' },
        { withDocid: false, now },
      ),
    ).toBe('other');
    expect([
      en.documents.failure['upload-address-insecure'],
      es.documents.failure['upload-address-insecure'],
    ]).toEqual([
      "The library service gave an upload address without encryption (plain http to another computer), so the file was not sent. Tell the library's IT staff: the file store must use https.",
      'El servicio de la biblioteca ha dado una dirección de subida sin cifrado (http sin cifrar hacia otro equipo), así que el archivo no se ha enviado. Avise al personal informático de la biblioteca: el almacén de archivos debe usar https.',
    ]);
  });

  it('network, time-out, unreadable file and sign-in each have their own words', () => {
    const context = { withDocid: false, now };
    expect(
      publishFailureOf(
        { kind: 'unreachable', operation: 'uploadFile', cause: 'ECONNREFUSED', outcome: 'unknown' },
        context,
      ),
    ).toBe('unreachable');
    expect(
      publishFailureOf(
        { kind: 'timeout', operation: 'uploadFile', timeoutMs: 15_000, outcome: 'unknown' },
        context,
      ),
    ).toBe('timeout');
    expect(
      publishFailureOf(
        { kind: 'file-unreadable', operation: 'uploadFile', cause: 'ENOENT' },
        context,
      ),
    ).toBe('file-unreadable');
    expect(
      publishFailureOf(
        {
          kind: 'auth-required',
          operation: 'createDocument',
          reason: 'signed-out',
          outcome: 'not-applied',
        },
        context,
      ),
    ).toBe('sign-in');
  });
});

describe("the upload signature's stated expiry", () => {
  it('is read from the SAS `se` parameter', () => {
    expect(
      signatureExpiry('http://127.0.0.1:1/a/b?sv=2025-11-05&se=2026-03-01T12%3A15%3A00Z&sig=x'),
    ).toEqual(new Date('2026-03-01T12:15:00Z'));
  });

  it('is unknown when the address has none or it is not a date', () => {
    expect(signatureExpiry('http://127.0.0.1:1/a/b?sig=x')).toBeUndefined();
    expect(signatureExpiry('http://127.0.0.1:1/a/b?se=soon')).toBeUndefined();
    expect(signatureExpiry('not a url')).toBeUndefined();
  });
});
