import type { z } from 'zod';
import type { SettingRule } from '../../src-common/ipc/console/setting-rule';

type Issue = z.core.$ZodIssue;

/** The settings schema's own refinements, by the setting they name. */
const REFINEMENTS: Record<string, SettingRule['kind']> = {
  'patron.warningMs': 'warning-after-timeout',
  'receipt.askTimeoutMs': 'warning-after-question',
  'offline.probeFirstDelayMs': 'probe-order',
  'service.redirectUri': 'redirect-uri',
  'service.baseUrl': 'not-https',
  'service.authUrl': 'not-https',
  'scanner.patronPattern': 'bad-pattern',
  'scanner.itemPattern': 'bad-pattern',
  'sip2.host': 'sip2-host',
  'patron.backEnd': 'sip2-needs-host',
  'metrics.host': 'metrics-needs-credentials',
};

const EXPECTED: Record<string, NonNullable<SettingRule['expected']>> = {
  number: 'number',
  int: 'number',
  boolean: 'on-off',
  string: 'text',
  array: 'list',
  object: 'group',
};

/**
 * A zod issue of the settings schema as a rule staff can be told about (by the path it names and
 * its kind), so that no schema wording ("Too small: expected number to be >=2000") reaches them.
 */
export function settingRuleOf(issue: Issue, path: string): SettingRule {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        return Number(issue.minimum) <= 1 ? { kind: 'empty' } : { kind: 'other' };
      }
      return { kind: 'too-small', limit: Number(issue.minimum) };
    case 'too_big':
      return issue.origin === 'string'
        ? { kind: 'too-long', limit: Number(issue.maximum) }
        : { kind: 'too-big', limit: Number(issue.maximum) };
    case 'invalid_type': {
      if (issue.expected === 'int') return { kind: 'whole-number' };
      const expected = EXPECTED[issue.expected];
      return expected ? { kind: 'wrong-type', expected } : { kind: 'other' };
    }
    case 'invalid_value':
    case 'invalid_union':
      return { kind: 'not-a-choice' };
    case 'invalid_format':
      if (issue.format === 'url') return { kind: 'not-a-url' };
      if (path === 'staff.pinHash') return { kind: 'pin-hash' };
      if (path === 'metrics.host') return { kind: 'listen-host' };
      return { kind: 'other' };
    case 'custom':
      return { kind: REFINEMENTS[path] ?? 'other' };
    default:
      return { kind: 'other' };
  }
}
