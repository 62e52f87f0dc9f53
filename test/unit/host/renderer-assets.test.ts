import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRendererAsset, resolveAssetPath } from '../../../src-main/host/renderer-assets';

describe('renderer asset resolution', () => {
  let root: string;

  beforeAll(async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'assets-'));
    root = path.join(parent, 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html>');
    await writeFile(path.join(root, 'assets', 'app.js'), 'export {}');
    await writeFile(path.join(parent, 'secret.txt'), 'outside');
  });

  it('maps / to index.html', () => {
    expect(resolveAssetPath(root, '/')).toBe(path.join(root, 'index.html'));
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/../../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%5csecret.txt',
  ])('refuses a path that escapes the renderer folder: %s', (urlPath) => {
    expect(resolveAssetPath(root, urlPath)).toBeNull();
  });

  it('refuses NUL bytes and malformed escapes', () => {
    expect(resolveAssetPath(root, '/index.html%00.js')).toBeNull();
    expect(resolveAssetPath(root, '/%E0%A4%A')).toBeNull();
  });

  it('refuses a sibling folder whose name starts with the root name', () => {
    expect(resolveAssetPath(root, '/../renderer-evil/x.js')).toBeNull();
  });

  it('reads a file with its content type', async () => {
    const asset = await readRendererAsset(root, '/assets/app.js');
    expect(asset?.contentType).toBe('text/javascript; charset=utf-8');
    expect(asset?.body.toString()).toBe('export {}');
  });

  it('returns null for a missing file', async () => {
    expect(await readRendererAsset(root, '/nope.js')).toBeNull();
  });
});
