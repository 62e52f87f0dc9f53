/**
 * The web host's staging route for the documents screen, over HTTP: a one-time token from the
 * staff-only `staff.console.documents.stage` call, the Host check, the size limit while streaming, and files
 * 0600 in a 0700 folder that a restart empties.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../../src-main/staff-pin/demo-pin';
import { resolveSettings } from '../../../src-main/settings/resolve';
import {
  STAGING_FOLDER,
  STAGING_PATH,
  STAGING_TOKEN_HEADER,
} from '../../../src-main/web-host/document-staging';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';

const LIMIT = 4096;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);

let web: WebKiosk;
let dataDir: string;
let staging: string;

interface Sent {
  status: number;
  body: string;
}

/** One PUT with the given headers; `chunks` are written one by one (no content-length). */
function put(headers: Record<string, string>, chunks: Buffer[], method = 'PUT'): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.host.url}${STAGING_PATH}`, { method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      // A refusal mid-stream closes the connection; what was answered is what counts.
      error.code === 'ECONNRESET' || error.code === 'EPIPE'
        ? resolve({ status: -1, body: '' })
        : reject(error),
    );
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

async function token(sizeBytes = PDF.length): Promise<string> {
  const answer = await web.kiosk.core.handlers['staff.console.documents.stage']({
    fileName: 'notice.pdf',
    sizeBytes,
  });
  if (!answer.ok) throw new Error(`stage refused: ${JSON.stringify(answer)}`);
  return answer.value.token;
}

const upload = () => web.kiosk.core.state().staff?.upload;

beforeAll(async () => {
  const rendererDir = await mkdtemp(path.join(tmpdir(), 'renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-staging-'));
  staging = path.join(dataDir, STAGING_FOLDER);
  // Left by a crash: the next start deletes it.
  await mkdir(staging, { recursive: true });
  await writeFile(path.join(staging, 'left-over.pdf'), PDF);
  const settings = resolveSettings({ documents: { maxUploadBytes: LIMIT } }, {}, { dataDir });
  if (!settings.ok) throw new Error(settings.error.message);
  web = await startWebKiosk({
    settings: settings.value,
    port: 0,
    rendererDir,
    embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
    demo: true,
  });
  await web.kiosk.core.handlers['station.staff.open'](undefined);
  await web.kiosk.core.handlers['station.staff.submitPin']({ pin: DEMO_STAFF_PIN });
  expect(web.kiosk.core.state().screen.name).toBe('staff');
});

afterAll(async () => {
  await web?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the staging route', () => {
  it('starts with an empty 0700 staging folder (a crash leaves nothing behind)', async () => {
    expect(await readdir(staging)).toEqual([]);
    expect((await stat(staging)).mode & 0o777).toBe(0o700);
  });

  it('takes a PDF with a fresh token into a 0600 file, and the screen has it', async () => {
    const sent = await put({ [STAGING_TOKEN_HEADER]: await token() }, [PDF]);
    expect(sent.status).toBe(201);
    await expect.poll(() => upload()?.phase).toBe('chosen');
    expect(upload()?.file).toEqual({ fileName: 'notice.pdf', sizeBytes: PDF.length });
    const [name] = await readdir(staging);
    expect((await stat(path.join(staging, name ?? ''))).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(web.kiosk.core.state())).not.toContain(staging);
  });

  it('refuses a token used once already', async () => {
    const once = await token();
    expect((await put({ [STAGING_TOKEN_HEADER]: once }, [PDF])).status).toBe(201);
    expect((await put({ [STAGING_TOKEN_HEADER]: once }, [PDF])).status).toBe(403);
  });

  it('refuses a wrong token and a request without one, writing nothing', async () => {
    await web.kiosk.core.handlers['staff.console.documents.discard'](undefined);
    // The discard deletes the staged copy in the background: start from an empty folder.
    await expect.poll(() => readdir(staging)).toEqual([]);
    await token();
    expect((await put({ [STAGING_TOKEN_HEADER]: 'x'.repeat(43) }, [PDF])).status).toBe(403);
    expect((await put({}, [PDF])).status).toBe(403);
    expect(await readdir(staging)).toEqual([]);
  });

  it('refuses a foreign Host before the token is looked at', async () => {
    const fresh = await token();
    expect((await put({ [STAGING_TOKEN_HEADER]: fresh, host: 'evil.example' }, [PDF])).status).toBe(
      421,
    );
    // The token was not spent by the refused request.
    expect((await put({ [STAGING_TOKEN_HEADER]: fresh }, [PDF])).status).toBe(201);
  });

  it('refuses a page of another origin', async () => {
    const fresh = await token();
    const sent = await put({ [STAGING_TOKEN_HEADER]: fresh, origin: 'http://evil.example' }, [PDF]);
    expect(sent.status).toBe(403);
  });

  it('takes only PUT', async () => {
    expect((await put({ [STAGING_TOKEN_HEADER]: await token() }, [PDF], 'POST')).status).toBe(405);
  });

  it('refuses more than the limit as it streams, and keeps no part of it', async () => {
    await web.kiosk.core.handlers['staff.console.documents.discard'](undefined);
    // The browser announced a small file, then sent more (no content-length: chunked).
    const fresh = await token();
    const chunks = [PDF, PDF, PDF, PDF, PDF, PDF];
    const sent = await put({ [STAGING_TOKEN_HEADER]: fresh }, chunks);
    expect([413, -1]).toContain(sent.status);
    await expect.poll(() => upload()?.rejected?.reason).toBe('too-large');
    await expect.poll(() => readdir(staging)).toEqual([]);
  });

  it('refuses a declared length over the limit without reading it', async () => {
    const fresh = await token();
    const sent = await put({ [STAGING_TOKEN_HEADER]: fresh, 'content-length': String(LIMIT + 1) }, [
      Buffer.alloc(LIMIT + 1),
    ]);
    expect([413, -1]).toContain(sent.status);
    expect(await readdir(staging)).toEqual([]);
  });

  it('gives no token for a file announced over the limit', async () => {
    const answer = await web.kiosk.core.handlers['staff.console.documents.stage']({
      fileName: 'huge.pdf',
      sizeBytes: LIMIT + 1,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('deletes the staged copy when staff mode ends', async () => {
    expect((await put({ [STAGING_TOKEN_HEADER]: await token() }, [PDF])).status).toBe(201);
    await expect.poll(() => upload()?.phase).toBe('chosen');
    expect(await readdir(staging)).toHaveLength(1);
    await web.kiosk.core.handlers['station.staff.exit'](undefined);
    await expect.poll(() => readdir(staging)).toEqual([]);
  });
});
