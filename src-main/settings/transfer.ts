import { isDeepStrictEqual } from 'node:util';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { checkSettings, withDefaults } from './check';
import type { SettingIssue } from './check';
import type { FixedSetting, StoredSettings } from './resolve';

/**
 * Settings files that provision a fleet of kiosks alike (docs/staff-settings.md): the stored
 * document under a small header. Written by the staff screen's export; read back by its import,
 * which shows what it would change before anything is saved. A CLI command can use the same.
 */
export const SETTINGS_EXPORT_FORMAT = 'library-kiosk-settings';
export const SETTINGS_EXPORT_VERSION = 1;

/**
 * Settings of one machine or secret: never written to an export, never taken from an import (the
 * kiosk keeps its own). The client secret and the SIP2 passwords are not settings (they live sealed
 * in the vault); they are listed so that a hand-made file carrying one is refused all the same.
 */
export const LOCAL_SETTINGS = [
  'dataDir',
  'staff.pinHash',
  'staff.cardHash',
  'allowBasicTextEncryption',
  'service.clientSecret',
  // The SIP2 login and terminal passwords are sealed like the client secret (set-sip2-password).
  'sip2.loginPassword',
  'sip2.terminalPassword',
] as const;

export interface SettingsExportHeader {
  format: typeof SETTINGS_EXPORT_FORMAT;
  version: typeof SETTINGS_EXPORT_VERSION;
  /** ISO 8601. */
  exportedAt: string;
  /** The version of the kiosk that wrote the file. */
  appVersion: string;
}

export interface SettingsExport extends SettingsExportHeader {
  settings: StoredSettings;
}

/** Why a file is not a settings export this kiosk reads (the staff screen says it in words). */
export type NotAnExportReason = 'not-json' | 'not-an-export' | 'newer-version';

export type ImportProblem =
  | { kind: 'not-an-export'; reason: NotAnExportReason }
  /** It is an export, but some of its values are not settings this kiosk accepts. */
  | { kind: 'invalid'; issues: SettingIssue[] };

export interface ReadImport {
  settings: StoredSettings;
  /** Machine-specific or secret settings the file carried: left out, never applied. */
  ignored: string[];
  exportedAt: string;
  appVersion: string;
}

/** One setting an import changes; values as the staff screen shows them (`null`: not set). */
export interface SettingChange {
  path: string;
  current: string | null;
  imported: string | null;
  /** The environment variable that fixes this setting: the import stores it, the variable wins. */
  fixedBy?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function valueAt(document: unknown, dotted: string): unknown {
  let node = document;
  for (const key of dotted ? dotted.split('.') : []) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** A copy of the document without the paths given (removed ones are returned by path). */
function without(
  document: Record<string, unknown>,
  paths: readonly string[],
): { kept: Record<string, unknown>; removed: string[] } {
  const kept = structuredClone(document);
  const removed: string[] = [];
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let node: unknown = kept;
    for (const key of keys.slice(0, -1)) node = isObject(node) ? node[key] : undefined;
    const last = keys[keys.length - 1]!;
    if (isObject(node) && last in node) {
      delete node[last];
      removed.push(dotted);
      // A section left empty by the removal goes too (`staff: {}` says nothing).
      const parent = keys.slice(0, -1).join('.');
      if (parent && Object.keys(node).length === 0) {
        delete (valueAt(kept, keys.slice(0, -2).join('.')) as Record<string, unknown>)[
          keys.at(-2)!
        ];
      }
    }
  }
  return { kept, removed };
}

/** The stored document as an export file's text, without machine-specific and secret settings. */
export function exportSettings(
  stored: StoredSettings,
  meta: { appVersion: string; now: Date },
): { fileName: string; text: string } {
  const document: SettingsExport = {
    format: SETTINGS_EXPORT_FORMAT,
    version: SETTINGS_EXPORT_VERSION,
    exportedAt: meta.now.toISOString(),
    appVersion: meta.appVersion,
    settings: without(stored, LOCAL_SETTINGS).kept as StoredSettings,
  };
  return {
    fileName: `kiosk-settings-${meta.now.toISOString().slice(0, 10)}.json`,
    text: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/** Keys of `input` the schema dropped (zod strips what it does not know): not kiosk settings. */
function unknownKeys(input: unknown, parsed: unknown, prefix: string): string[] {
  if (!isObject(input) || !isObject(parsed)) return [];
  return Object.keys(input).flatMap((key) => {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (!(key in parsed)) return [dotted];
    return unknownKeys(input[key], parsed[key], dotted);
  });
}

/**
 * An export file's text as settings to import: the header checked, machine-specific and secret
 * settings left out (and named), every value checked by the settings schema, unknown keys refused.
 */
export function readSettingsExport(text: string): Result<ReadImport, ImportProblem> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return err({ kind: 'not-an-export', reason: 'not-json' });
  }
  if (!isObject(file) || file.format !== SETTINGS_EXPORT_FORMAT || !isObject(file.settings)) {
    return err({ kind: 'not-an-export', reason: 'not-an-export' });
  }
  if (typeof file.version !== 'number' || file.version > SETTINGS_EXPORT_VERSION) {
    return err({ kind: 'not-an-export', reason: 'newer-version' });
  }
  const { kept, removed } = without(file.settings, LOCAL_SETTINGS);
  // On its own, without this kiosk's environment: the file must be good for every kiosk.
  const issues = checkSettings(kept as StoredSettings, []);
  if (issues.length > 0) return err({ kind: 'invalid', issues });
  const unknown = unknownKeys(kept, withDefaults(kept as StoredSettings), '');
  if (unknown.length > 0) {
    return err({
      kind: 'invalid',
      issues: unknown.map((path) => ({
        path,
        message: 'is not a kiosk setting',
        rule: { kind: 'not-a-setting' as const },
      })),
    });
  }
  return ok({
    settings: kept as StoredSettings,
    ignored: removed,
    exportedAt: typeof file.exportedAt === 'string' ? file.exportedAt : '',
    appVersion: typeof file.appVersion === 'string' ? file.appVersion : '',
  });
}

/** What this kiosk stores after an import: the imported settings and its own local ones. */
export function applyImport(current: StoredSettings, imported: StoredSettings): StoredSettings {
  const next = structuredClone(imported) as Record<string, unknown>;
  for (const dotted of LOCAL_SETTINGS) {
    const value = valueAt(current, dotted);
    if (value === undefined) continue;
    const keys = dotted.split('.');
    let node = next;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = structuredClone(value);
  }
  return next as StoredSettings;
}

/** Every leaf of a settings document by dotted path (arrays are one value). */
function leaves(document: unknown, prefix = '', into = new Map<string, unknown>()) {
  if (!isObject(document)) return into;
  for (const [key, value] of Object.entries(document)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) leaves(value, dotted, into);
    else into.set(dotted, value);
  }
  return into;
}

function shown(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * What storing `next` instead of `current` changes, setting by setting, defaults filled in on both
 * sides (a value that only becomes explicit is no change). Local settings are not compared.
 */
export function diffSettings(
  current: StoredSettings,
  next: StoredSettings,
  fixed: readonly FixedSetting[],
): SettingChange[] {
  const before = leaves(withDefaults(current) ?? current);
  const after = leaves(withDefaults(next) ?? next);
  const fixedBy = new Map(fixed.map((entry) => [entry.setting, entry.variable]));
  const local = new Set<string>(LOCAL_SETTINGS);
  const paths = [...new Set([...before.keys(), ...after.keys()])].filter(
    (path) => !local.has(path),
  );
  return paths
    .filter((path) => !isDeepStrictEqual(before.get(path), after.get(path)))
    .sort()
    .map((path) => {
      const variable = fixedBy.get(path);
      return {
        path,
        current: shown(before.get(path)),
        imported: shown(after.get(path)),
        ...(variable ? { fixedBy: variable } : {}),
      };
    });
}
