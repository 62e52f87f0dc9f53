import { readFile } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export interface RendererAsset {
  body: Buffer;
  contentType: string;
}

/**
 * Maps a request path to a file inside `root`, refusing anything that escapes it (`..`, encoded
 * separators, absolute paths, NUL). Returns null for refused or missing files.
 */
export function resolveAssetPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const resolved = path.resolve(root, relative);
  const base = path.resolve(root);
  return resolved.startsWith(base + path.sep) ? resolved : null;
}

export async function readRendererAsset(
  root: string,
  urlPath: string,
): Promise<RendererAsset | null> {
  const file = resolveAssetPath(root, urlPath);
  if (!file) return null;
  try {
    const body = await readFile(file);
    return {
      body,
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
