import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KIOSK_METRIC_NAMES } from './kiosk-metric-names';
import { MONITORING, metricNamesIn, promtool, scratchFolder } from './promtool';

const RULES = path.join(MONITORING, 'kiosk-alerts.yml');
const RULE_TESTS = path.join(MONITORING, 'kiosk-alerts.test.yml');

const RuleFile = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      rules: z.array(
        z.object({
          alert: z.string(),
          expr: z.string(),
          for: z.string().optional(),
          labels: z.object({ severity: z.enum(['critical', 'warning']) }),
          annotations: z.object({ summary: z.string(), description: z.string() }),
        }),
      ),
    }),
  ),
});

// js-yaml comes with electron-builder (as the packaging tests read electron-builder.yml).
const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

const rules = RuleFile.parse(load(fs.readFileSync(RULES, 'utf8'))).groups.flatMap(
  (group) => group.rules,
);

const scratch = scratchFolder('kiosk-alerts-');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The rules with one change, next to a copy of their tests: the tests must catch it. */
function testRulesChanged(from: string, to: string): ReturnType<typeof promtool> {
  const original = fs.readFileSync(RULES, 'utf8');
  expect(original).toContain(from);
  const folder = fs.mkdtempSync(path.join(scratch, 'changed-'));
  fs.writeFileSync(path.join(folder, 'kiosk-alerts.yml'), original.replace(from, to));
  fs.copyFileSync(RULE_TESTS, path.join(folder, 'kiosk-alerts.test.yml'));
  return promtool(['test', 'rules', path.join(folder, 'kiosk-alerts.test.yml')]);
}

describe('the kiosk alert rules (resources/monitoring/kiosk-alerts.yml)', () => {
  it('pass promtool check rules', () => {
    const run = promtool(['check', 'rules', RULES]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('pass their promtool unit tests: each alert fires, and not on a blip or an empty queue', () => {
    const run = promtool(['test', 'rules', RULE_TESTS]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('SUCCESS');
  });

  it('are each exercised by the unit tests', () => {
    const tests = fs.readFileSync(RULE_TESTS, 'utf8');
    for (const rule of rules) expect(tests).toContain(`alertname: ${rule.alert}`);
  });

  it.each([
    ['a longer queue threshold', '> 4 * 3600', '> 5 * 3600'],
    ['a shorter offline wait', 'for: 10m', 'for: 2m'],
    ['sign-in lapsed without the queue condition', ' and library_kiosk_queue_transactions > 0', ''],
    [
      'the clock skew one way only',
      'abs(library_kiosk_clock_skew_seconds)',
      'library_kiosk_clock_skew_seconds',
    ],
  ])('catch %s (promtool test rules fails)', (_, from, to) => {
    const run = testRulesChanged(from, to);
    expect(run.status, run.output).not.toBe(0);
    expect(run.output).toContain('FAILED');
  });

  it('read only metrics the kiosk exports, and up from the kiosks job', () => {
    const known = new Set([...KIOSK_METRIC_NAMES, 'up']);
    const read = rules.flatMap((rule) => metricNamesIn(rule.expr));
    expect(read).toEqual(expect.arrayContaining(['up', 'library_kiosk_queue_oldest_age_seconds']));
    expect(read.filter((name) => !known.has(name))).toEqual([]);
    expect(rules.find((rule) => rule.alert === 'KioskNotAnsweringScrapes')?.expr).toContain(
      'up{job="library-kiosk"}',
    );
  });

  it('name the kiosk by its target labels in every summary', () => {
    for (const rule of rules) {
      expect(rule.annotations.summary).toContain('{{ $labels.instance }}');
      expect(rule.annotations.summary).toContain('{{ with $labels.station }}');
      expect(rule.annotations.summary).toContain('{{ with $labels.branch }}');
    }
  });
});
