import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startService,
  type RunningService,
  type StartServiceOptions,
} from '../../src-reference-service/index';
import { accessToken } from './service-oauth';

/** A reference service on ephemeral ports in a temp dir, with helpers for API calls. */
export interface ServiceFixture {
  service: RunningService;
  dataDir: string;
  /** A token of the librarian with every scope, fetched once. */
  token: string;
  /** Calls the API with the fixture's token (or `token`, or none with token: null). */
  api(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      token?: string | null;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** Shifts the service clock (circulation dates, fines, SAS expiry) by whole days. */
  shiftClock(days: number): void;
  stop(): Promise<void>;
}

export async function startFixture(
  options: Omit<StartServiceOptions, 'dataDir' | 'now'> & { dataDir?: string } = {},
): Promise<ServiceFixture> {
  const dir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'service-it-')));
  let offsetMs = 0;
  const service = await startService({
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    ...options,
    dataDir: dir,
    now: () => new Date(Date.now() + offsetMs),
  });
  let token = '';
  try {
    token = await accessToken(service.authUrl);
  } catch (error) {
    await service.stop();
    throw error;
  }

  const api: ServiceFixture['api'] = async (path, init = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    const bearer = init.token === undefined ? token : init.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${service.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined
        ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
        : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Non-JSON bodies stay text so a test can show what came back.
    }
    return { status: response.status, body, headers: response.headers };
  };

  return {
    service,
    dataDir: dir,
    token,
    api,
    shiftClock: (days) => {
      offsetMs += days * 86_400_000;
    },
    stop: async () => {
      await service.stop();
      if (!options.dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
