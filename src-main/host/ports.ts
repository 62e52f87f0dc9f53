import { parseArgs } from 'node:util';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { DEFAULT_PORTS } from '../../src-reference-service/config';

/**
 * Every port the kiosk listens on, on 127.0.0.1: the web host's page and the embedded reference
 * service's three servers (its defaults live in src-reference-service/config.ts). Each has a flag of the web
 * host (`npm start -- --base-port 7311`) and an environment variable (both hosts); the flag wins.
 */
export type PortName = 'web' | 'base' | 'auth' | 'blob';

export interface PortSetting {
  flag: string;
  variable: string;
  fallback: number;
  /** What listens there, as the start-up message names it. */
  serves: string;
}

export const PORT_SETTINGS: Record<PortName, PortSetting> = {
  web: { flag: '--port', variable: 'KIOSK_WEB_PORT', fallback: 7300, serves: "the kiosk's page" },
  base: {
    flag: '--base-port',
    variable: 'KIOSK_BASE_PORT',
    fallback: DEFAULT_PORTS.base,
    serves: "the built-in library service's API",
  },
  auth: {
    flag: '--auth-port',
    variable: 'KIOSK_AUTH_PORT',
    fallback: DEFAULT_PORTS.auth,
    serves: "the built-in library service's sign-in",
  },
  blob: {
    flag: '--blob-port',
    variable: 'KIOSK_BLOB_PORT',
    fallback: DEFAULT_PORTS.blob,
    serves: "the built-in library service's document storage",
  },
};

export type KioskPorts = Record<PortName, number>;

/** The flags' values as parseArgs gives them (absent: not given). */
export type PortFlags = Partial<Record<PortName, string | undefined>>;

/** The port flags in a command line that also holds other arguments (Electron's, Chromium's). */
export function portFlags(argv: readonly string[]): PortFlags {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      'base-port': { type: 'string' },
      'auth-port': { type: 'string' },
      'blob-port': { type: 'string' },
    },
    strict: false,
    allowPositionals: true,
  });
  const text = (value: string | boolean | undefined): string | undefined =>
    typeof value === 'string' ? value : undefined;
  return {
    web: text(values.port),
    base: text(values['base-port']),
    auth: text(values['auth-port']),
    blob: text(values['blob-port']),
  };
}

/** Flag, else variable, else the default, for each port; the first invalid one is named. */
export function resolvePorts(
  flags: PortFlags,
  env: Record<string, string | undefined>,
): Result<KioskPorts, string> {
  const ports: Partial<KioskPorts> = {};
  for (const [name, setting] of Object.entries(PORT_SETTINGS) as [PortName, PortSetting][]) {
    const text = flags[name] ?? env[setting.variable] ?? '';
    if (text === '') {
      ports[name] = setting.fallback;
      continue;
    }
    const port = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isInteger(port) || port > 65535) {
      return err(
        `Invalid setting ${name === 'web' ? 'port' : `${name} port`} (from ${setting.flag} or ${setting.variable}): ${text} is not a port number (0 to 65535; 0 picks a free one).`,
      );
    }
    ports[name] = port;
  }
  return ok(ports as KioskPorts);
}

/** The port a listen failed on because something else holds it; undefined for other errors. */
export function portInUse(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, port } = error as { code?: unknown; port?: unknown };
  return code === 'EADDRINUSE' && typeof port === 'number' ? port : undefined;
}

/**
 * One line for a start that failed on a port in use: which port and what the kiosk wanted it
 * for, the likeliest holder (this kiosk, started twice) and the setting that moves it.
 */
export function portInUseMessage(port: number, ports: KioskPorts): string {
  const name = (Object.keys(PORT_SETTINGS) as PortName[]).find((key) => ports[key] === port);
  const setting = name ? PORT_SETTINGS[name] : undefined;
  const what = setting ? `, where it serves ${setting.serves},` : '';
  const move = setting
    ? `Stop it, or move this port: ${setting.variable}=${port + 10} npm start (or npm start -- ${setting.flag} ${port + 10}).`
    : 'Stop it.';
  return (
    `Library Kiosk cannot start: port ${port} on 127.0.0.1${what} is already in use. ` +
    `Is the kiosk already running (another \`npm start\`)? ${move} ` +
    'Every port and its setting: docs/configuration.md, "Ports".'
  );
}
