import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KIOSK_METRIC_NAMES } from './kiosk-metric-names';
import { MONITORING, asPrometheusSees, metricNamesIn, promtool, scratchFolder } from './promtool';

const DASHBOARD = path.join(MONITORING, 'kiosk-fleet-dashboard.json');
const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

/** The parts of a dashboard Grafana needs to import and draw it. */
const Datasource = z.object({ type: z.literal('prometheus'), uid: z.literal('${datasource}') });
const Panel = z.object({
  id: z.number().int().positive(),
  type: z.enum(['stat', 'table', 'timeseries']),
  title: z.string().min(1),
  description: z.string().min(1),
  datasource: Datasource,
  gridPos: z.object({
    x: z.number().int().min(0).max(23),
    y: z.number().int().min(0),
    w: z.number().int().min(1).max(24),
    h: z.number().int().min(1),
  }),
  targets: z
    .array(
      z.object({
        refId: z.string().regex(/^[A-Z]$/),
        expr: z.string().min(1),
        datasource: Datasource,
      }),
    )
    .min(1),
});
const Variable = z.object({ name: z.string(), type: z.enum(['datasource', 'query']) });
const Dashboard = z.object({
  title: z.string().min(1),
  uid: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/),
  schemaVersion: z.number().int().min(36),
  time: z.object({ from: z.string(), to: z.string() }),
  templating: z.object({ list: z.array(Variable) }),
  panels: z.array(Panel).min(1),
});

const raw: unknown = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8'));
const dashboard = Dashboard.parse(raw);
const targets = dashboard.panels.flatMap((panel) =>
  panel.targets.map((target) => ({ panel: panel.title, ...target })),
);

const scratch = scratchFolder('kiosk-dashboard-');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the fleet dashboard (resources/monitoring/kiosk-fleet-dashboard.json)', () => {
  it('has what Grafana needs: panel ids, types, grid places, targets with expressions', () => {
    expect(Dashboard.safeParse(raw).success).toBe(true);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      const refIds = panel.targets.map((target) => target.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
    }
  });

  it('asks for a Prometheus data source, a branch and a kiosk', () => {
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual([
      'datasource',
      'branch',
      'instance',
    ]);
    expect(dashboard.panels.every((panel) => panel.datasource.uid === DATASOURCE.uid)).toBe(true);
  });

  it('filters every kiosk expression by the chosen branch and kiosk', () => {
    for (const target of targets) {
      expect(target.expr, target.panel).toContain('branch=~"$branch", instance=~"$instance"');
    }
  });

  it('has the fleet panels', () => {
    expect(dashboard.panels.map((panel) => panel.title)).toEqual(
      expect.arrayContaining([
        'Kiosks online',
        'Kiosks offline',
        'Kiosks',
        'Sessions per hour',
        'Check-outs and check-ins per hour by outcome',
        'Scan to feedback, 95th percentile',
        'Library system latency by operation, 95th percentile',
        'Memory (resident)',
        'Event loop lag',
        'Alerts firing',
      ]),
    );
  });

  it('reads only metrics the kiosk exports (and up and ALERTS from Prometheus)', () => {
    const known = new Set([...KIOSK_METRIC_NAMES, 'up', 'ALERTS']);
    const read = targets.flatMap((target) => metricNamesIn(target.expr));
    expect(read).toEqual(
      expect.arrayContaining([
        'ALERTS',
        'library_kiosk_scan_feedback_seconds',
        'nodejs_eventloop_lag_p99_seconds',
      ]),
    );
    expect(read.filter((name) => !known.has(name))).toEqual([]);
  });

  it('has expressions Prometheus parses (promtool check rules, each as a recording rule)', () => {
    const rules = targets.map((target, index) => ({
      record: `dashboard:expr_${index}`,
      expr: asPrometheusSees(target.expr),
    }));
    // JSON is YAML: promtool reads the file as it is.
    const file = path.join(scratch, 'dashboard-exprs.yml');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    const run = promtool(['check', 'rules', file]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('an expression Prometheus cannot parse is caught by the same check', () => {
    const file = path.join(scratch, 'broken.yml');
    const rules = [{ record: 'dashboard:broken', expr: 'sum by (le (rate(x[5m]))' }];
    fs.writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    const run = promtool(['check', 'rules', file]);
    expect(run.status).not.toBe(0);
  });
});
