import type { SettingRule } from '../../src-common/ipc/console/setting-rule';
import { settingRuleOf } from './issue-rule';
import type { FixedSetting, StoredSettings } from './resolve';
import { SettingsSchema } from './schema';
import type { Settings } from './schema';

/**
 * One setting the schema refuses: its dotted path (`patron.warningMs`), why in the schema's words
 * (logs, the CLI) and the rule it broke (the staff screen's words).
 */
export interface SettingIssue {
  path: string;
  message: string;
  rule: SettingRule;
}

/** A placeholder data folder: the document is checked, not the host's folder. */
const ANY_DATA_DIR = '-';

function setPath(document: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = document;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

/** The document with the environment's values in place, as resolveSettings applies them. */
export function withEnvironment(
  document: StoredSettings,
  fixed: readonly FixedSetting[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...document };
  for (const { setting, value } of fixed) setPath(merged, setting, value);
  return merged;
}

/**
 * Every issue of a stored document (with the environment's values applied, as the store does),
 * not just the first: the staff screen shows each next to its field. Empty: the store will save it.
 */
export function checkSettings(
  document: StoredSettings,
  fixed: readonly FixedSetting[],
): SettingIssue[] {
  const parsed = SettingsSchema.safeParse({
    dataDir: ANY_DATA_DIR,
    ...withEnvironment(document, fixed),
  });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : 'settings';
    return { path, message: issue.message, rule: settingRuleOf(issue, path) };
  });
}

/** The document's values with every default filled in, without the environment (an export's view). */
export function withDefaults(document: StoredSettings): Settings | undefined {
  const parsed = SettingsSchema.safeParse({ dataDir: ANY_DATA_DIR, ...document });
  return parsed.success ? parsed.data : undefined;
}

export { setPath as setSettingPath };
