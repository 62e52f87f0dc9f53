import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddressFieldSchema,
  LoweringFieldSchema,
} from '../../../src-common/ipc/console/security-change';
import type { SecurityField } from '../../../src-common/ipc/console/security-change';
import type { StoredSettings } from '../../../src-main/settings/resolve';
import { SettingsSchema } from '../../../src-main/settings/schema';
import { securityChanges } from '../../../src-main/settings/security-changes';
import { SETTING_CLASSES, classOf } from '../../../src-main/settings/setting-classes';
import type { SettingClass } from '../../../src-main/settings/setting-classes';
import { LOCAL_SETTINGS } from '../../../src-main/settings/transfer';

/** Wrappers that hold one setting's own schema: defaults, optionals, a transform's input. */
const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch']);

function inner(schema: z.core.$ZodType): z.core.$ZodType {
  let node = schema;
  for (;;) {
    const def = node._zod.def as {
      type: string;
      innerType?: z.core.$ZodType;
      in?: z.core.$ZodType;
    };
    if (WRAPPERS.has(def.type) && def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}

/** Every setting of the schema by dotted path: the leaves of its objects, groups walked into. */
function settingPaths(schema: z.core.$ZodType, prefix = ''): string[] {
  const node = inner(schema);
  const def = node._zod.def as { type: string; shape?: Record<string, z.core.$ZodType> };
  if (def.type !== 'object' || !def.shape) return [prefix];
  return Object.entries(def.shape).flatMap(([key, child]) =>
    settingPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

const PATHS = settingPaths(SettingsSchema);

/**
 * For each setting that can lower a protection, a change of it alone that does (from, to), as
 * stored documents: the test proves the core finds it. A new `lowers` class needs a line here.
 */
const FLEET_KEY_A = 'MCowBQYDK2VwAyEAVpc0Ic6wJQjbCmCoqHXtknYyDmugg1HzfE7NZLOJiJw=';
const FLEET_KEY_B = 'MCowBQYDK2VwAyEA7w995Q4GzYYDMGDJJlQ587185V4ABNXsVPraGWxaQoE=';
const TLS_FILES = { tlsCertFile: '/etc/k/cert.pem', tlsKeyFile: '/etc/k/key.pem' };
const LOWERING_EXAMPLES: Record<string, [StoredSettings, StoredSettings]> = {
  'service.baseUrl': [{}, { service: { baseUrl: 'https://library.example.org' } }],
  'service.authUrl': [
    { service: { baseUrl: 'https://library.example.org' } },
    { service: { baseUrl: 'https://library.example.org', authUrl: 'https://sso.example.net' } },
  ],
  'service.clientId': [
    { service: { baseUrl: 'https://library.example.org' } },
    { service: { baseUrl: 'https://library.example.org', clientId: 'kiosk-7' } },
  ],
  'service.clientKind': [
    { service: { baseUrl: 'https://library.example.org' } },
    { service: { baseUrl: 'https://library.example.org', clientKind: 'development' } },
  ],
  signInPresentation: [{}, { signInPresentation: 'system-browser' }],
  'patron.allowEmail': [{}, { patron: { allowEmail: true } }],
  'receipt.unanswered': [{}, { receipt: { unanswered: 'print' } }],
  'sip2.host': [{}, { sip2: { host: 'acs.example.org' } }],
  'sip2.port': [
    { sip2: { host: 'acs.example.org', tls: true } },
    { sip2: { host: 'acs.example.org', tls: true, port: 6443 } },
  ],
  'sip2.tls': [
    { sip2: { host: 'acs.example.org', tls: true } },
    { sip2: { host: 'acs.example.org', tls: false } },
  ],
  'receipt.email.enabled': [
    { receipt: { email: { host: 'smtp.example.org', from: 'kiosk@example.org' } } },
    { receipt: { email: { enabled: true, host: 'smtp.example.org', from: 'kiosk@example.org' } } },
  ],
  'receipt.email.host': [
    { receipt: { email: { enabled: true, host: 'smtp.example.org', from: 'kiosk@example.org' } } },
    { receipt: { email: { enabled: true, host: 'smtp.example.net', from: 'kiosk@example.org' } } },
  ],
  'receipt.email.port': [
    { receipt: { email: { enabled: true, host: 'smtp.example.org', from: 'kiosk@example.org' } } },
    {
      receipt: {
        email: { enabled: true, host: 'smtp.example.org', port: 2525, from: 'kiosk@example.org' },
      },
    },
  ],
  'receipt.email.tlsCaFile': [
    { receipt: { email: { tlsCaFile: '/etc/k/relay-ca.pem' } } },
    { receipt: { email: {} } },
  ],
  'receipt.email.tlsServerName': [
    { receipt: { email: { tlsServerName: 'smtp.example.org' } } },
    { receipt: { email: { tlsServerName: 'mail.example.net' } } },
  ],
  'sip2.tlsCaFile': [
    { sip2: { host: 'acs.example.org', tls: true, tlsCaFile: '/etc/k/library-ca.pem' } },
    { sip2: { host: 'acs.example.org', tls: true } },
  ],
  'sip2.tlsServerName': [
    { sip2: { host: 'acs.example.org', tls: true, tlsServerName: 'acs.example.org' } },
    { sip2: { host: 'acs.example.org', tls: true, tlsServerName: 'evil.example.net' } },
  ],
  'sip2.patronPin': [{ sip2: { patronPin: true } }, { sip2: { patronPin: false } }],
  'metrics.enabled': [
    { metrics: { host: '0.0.0.0', bearerTokenSha256: 'ab'.repeat(32), ...TLS_FILES } },
    {
      metrics: { enabled: true, host: '0.0.0.0', bearerTokenSha256: 'ab'.repeat(32), ...TLS_FILES },
    },
  ],
  'metrics.host': [
    { metrics: { enabled: true, bearerTokenSha256: 'ab'.repeat(32), ...TLS_FILES } },
    {
      metrics: { enabled: true, host: '0.0.0.0', bearerTokenSha256: 'ab'.repeat(32), ...TLS_FILES },
    },
  ],
  'metrics.bearerTokenSha256': [
    { metrics: { bearerTokenSha256: 'ab'.repeat(32) } },
    { metrics: { bearerTokenSha256: 'cd'.repeat(32) } },
  ],
  'metrics.tlsClientCaFile': [
    { metrics: { ...TLS_FILES, tlsClientCaFile: '/etc/k/scrapers-ca.pem' } },
    { metrics: { ...TLS_FILES, tlsClientCaFile: '/etc/k/other-ca.pem' } },
  ],
  'fleet.url': [
    { fleet: { publicKey: FLEET_KEY_A } },
    { fleet: { publicKey: FLEET_KEY_A, url: 'https://fleet.example.org/f.json' } },
  ],
  'fleet.publicKey': [{ fleet: { publicKey: FLEET_KEY_A } }, { fleet: { publicKey: FLEET_KEY_B } }],
};

const entries = Object.entries(SETTING_CLASSES) as [string, SettingClass][];
const lowering = entries.filter(
  (entry): entry is [string, Extract<SettingClass, { kind: 'lowers' }>] =>
    entry[1].kind === 'lowers',
);

describe('every setting has a class (issue 35, item 2)', () => {
  it('walks the schema: the settings are there to be walked', () => {
    expect(PATHS).toContain('sip2.patronPin');
    expect(PATHS).toContain('metrics.bearerTokenSha256');
    expect(PATHS.length).toBeGreaterThan(90);
  });

  it('classes each setting of the schema (add a new one to src-main/settings/setting-classes.ts)', () => {
    const unclassified = PATHS.filter((path) => classOf(path) === undefined);
    expect(unclassified).toEqual([]);
  });

  it('classes no setting the schema does not have (a renamed or removed one)', () => {
    const stale = entries
      .map(([key]) => key)
      .filter((key) =>
        key.endsWith('.*')
          ? !PATHS.some((path) => path.startsWith(key.slice(0, -1)))
          : !PATHS.includes(key),
      );
    expect(stale).toEqual([]);
  });

  it('finds each change a class names, and names each change the core finds', () => {
    const named = new Set<SecurityField>(lowering.flatMap(([, entry]) => entry.fields));
    expect([...named].sort()).toEqual(
      [...AddressFieldSchema.options, ...LoweringFieldSchema.options].sort(),
    );
  });

  it('keeps the local settings of the class table and of exports one list', () => {
    const local = entries.filter(([, entry]) => entry.kind === 'local').map(([key]) => key);
    const exportLocal = LOCAL_SETTINGS.filter((key) => PATHS.includes(key));
    expect(local.sort()).toEqual([...exportLocal].sort());
  });

  it('has an example change for each setting that can lower a protection, and none for another', () => {
    expect(Object.keys(LOWERING_EXAMPLES).sort()).toEqual(lowering.map(([key]) => key).sort());
  });

  it.each(lowering)('%s: its example change is found, as one of its own fields', (key, entry) => {
    const [from, to] = LOWERING_EXAMPLES[key]!;
    expect(SettingsSchema.safeParse({ dataDir: '-', ...from }).success).toBe(true);
    expect(SettingsSchema.safeParse({ dataDir: '-', ...to }).success).toBe(true);
    const found = securityChanges(from, to).map((change) => change.field);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((field) => !entry.fields.includes(field))).toEqual([]);
  });
});

describe("docs/security.md's table of every setting", () => {
  const docs = readFileSync('docs/security.md', 'utf8');
  /** The table's rows by key: its second column, whitespace as one space. */
  const rows = new Map(
    [...docs.matchAll(/^\| `([^`]+)` +\| (.+?) +\|$/gm)].map((match) => [
      match[1]!,
      match[2]!.replace(/\s+/g, ' '),
    ]),
  );
  /** What the row must say for a class. */
  const words = (entry: SettingClass): string =>
    entry.kind === 'lowers'
      ? `lowers a protection when ${entry.when} (confirmed as ${entry.fields.map((field) => `\`${field}\``).join(', ')})`
      : entry.kind === 'never'
        ? `never: ${entry.why}`
        : `local: ${entry.why}`;

  it.each(entries)('lists %s with its class', (key, entry) => {
    expect(rows.get(key)).toBe(words(entry));
  });
});
