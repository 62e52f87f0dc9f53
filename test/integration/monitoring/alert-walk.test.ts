import fs from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../../src-common/ipc/contract';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { freePort } from '../../support/free-port';
import { makePrivateCa } from '../../support/private-ca';
import { startAlertmanager, startPrometheus } from '../../support/prometheus';
import type { Daemon, RunningPrometheus } from '../../support/prometheus';
import { runCli } from '../../support/run-cli';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';
import { MONITORING, ROOT, asPrometheusSees } from './promtool';

/**
 * Issue 26's walk, as a library's IT would do it, with nothing of their own: the kiosk's token
 * made by `library-kiosk metrics-token`, the scrape job, the file_sd targets file and the rules
 * and alerting blocks taken from docs/operations.md's own code blocks (only addresses, paths and
 * intervals substituted, so the docs cannot drift from what works), the shipped alert rules and
 * Alertmanager example. The kiosk loses the library service and lends offline; Prometheus sees it
 * offline with a queue under its branch and station, Alertmanager's webhook gets KioskOffline, and
 * every query of the fleet dashboard runs against this Prometheus.
 *
 * What is shortened so the walk takes seconds, not ten minutes: scrape and rule evaluation every
 * second; each rule's `for:` (promtool's rule tests, kiosk-alerts.test.yml, hold the real ones);
 * the example route's group_wait and group_interval. Grafana itself is not packaged for Debian:
 * the dashboard is checked by its schema (fleet-dashboard.test.ts) and by running its queries.
 */

const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

const CARD = memberBarcode(DEMO_MEMBERS.canBorrow);
// The seed never lends items 1-20; this file takes 18.
const ITEM = itemBarcode(18);
/** Allowed for the start-up and for the walk; what they take is in docs/performance.md. */
const WALK_MS = 40_000;

/** The fenced code blocks of a markdown file, by language (a list item's indent taken off). */
function codeBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(/^( *)```(\w*)\n([\s\S]*?)^ *```$/gm)]
    .filter((match) => match[2] === language)
    .map((match) => match[3]!.replaceAll(new RegExp(`^${match[1]}`, 'gm'), ''));
}

/** The one block that contains every one of `marks`: two would make the test ambiguous. */
function blockWith(blocks: string[], ...marks: string[]): string {
  const found = blocks.filter((block) => marks.every((mark) => block.includes(mark)));
  if (found.length !== 1) throw new Error(`${found.length} blocks in the docs hold ${marks}`);
  return found[0]!;
}

type Yaml = Record<string, unknown>;

interface Notification {
  status: string;
  /** The route that sent it and the group's labels (Alertmanager's webhook payload). */
  groupKey: string;
  groupLabels: Record<string, string>;
  alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[];
}

/** Alertmanager's webhook_configs target: keeps every notification it is sent. */
async function startWebhook(): Promise<{ url: string; received: Notification[]; server: Server }> {
  const received: Notification[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as Notification);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, server };
}

const operations = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
const yamlBlocks = codeBlocks(operations, 'yaml');
const jsonBlocks = codeBlocks(operations, 'json');

let test: TestWebKiosk;
let prometheus: RunningPrometheus;
let alertmanager: Daemon;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
let target: string;
let dataDir: string | undefined;

beforeAll(async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-walk-'));
  dataDir = folder;
  // The kiosk: SIP2 lends with no staff signed in; its heartbeat every second finds the outage.
  await writeFile(
    path.join(folder, 'settings.json'),
    JSON.stringify({
      patron: { backEnd: 'sip2' },
      sip2: { heartbeatSeconds: 1, requestTimeoutMs: 1_000 },
      offline: { probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 },
      receipt: { mode: 'none' },
      scanner: { device: { mode: 'off' } },
    }),
  );
  // Step 1 of the docs: the token, by the project's own command; its output is the token file.
  const made = await runCli(['metrics-token'], { ...process.env, KIOSK_DATA_DIR: folder });
  expect(made.code, made.stderr).toBe(0);
  // Step 2: the docs' listener settings, on loopback and a free port here.
  const metricsPort = await freePort();
  // Off loopback the listener speaks TLS only (issue 35): the kiosk's certificate, signed by the
  // library's own authority, where the docs put it (/etc/library-kiosk/ is this test's folder).
  const ca = await makePrivateCa();
  await writeFile(path.join(folder, 'metrics-cert.pem'), ca.certificate);
  await writeFile(path.join(folder, 'metrics-key.pem'), ca.key, { mode: 0o600 });
  const listener = JSON.parse(
    blockWith(jsonBlocks, '"metrics"', '"port": 9464', 'tlsCertFile').replaceAll(
      '/etc/library-kiosk/',
      `${folder}/`,
    ),
  ) as { metrics: Yaml };
  expect(listener.metrics).toMatchObject({ enabled: true, host: '0.0.0.0', port: 9464 });
  const stored = JSON.parse(await readFile(path.join(folder, 'settings.json'), 'utf8')) as Yaml & {
    metrics: Yaml;
  };
  const settings = {
    ...stored,
    metrics: { ...stored.metrics, ...listener.metrics, host: '127.0.0.1', port: metricsPort },
  };
  target = `127.0.0.1:${metricsPort}`;

  webhook = await startWebhook();
  const example = load(
    fs.readFileSync(path.join(MONITORING, 'alertmanager-example.yml'), 'utf8'),
  ) as { route: Yaml & { routes: Yaml[] }; receivers: { name: string }[]; time_intervals: unknown };
  // Monitoring starts while the kiosk does: Prometheus's discovery takes 5 s to hand over the
  // file_sd targets, and that wait need not follow the kiosk's start.
  const startMonitoring = async (): Promise<void> => {
    alertmanager = await startAlertmanager({
      // The example's routes and grouping as shipped; its receiver's e-mail replaced by this
      // test's webhook, and its waits shortened.
      config: () =>
        JSON.stringify({
          route: {
            ...example.route,
            routes: example.route.routes.map((route) => ({
              ...route,
              group_wait: '1s',
              group_interval: '1s',
            })),
          },
          receivers: example.receivers.map(({ name }) => ({
            name,
            webhook_configs: [{ url: webhook.url }],
          })),
          time_intervals: example.time_intervals,
        }),
    });
    prometheus = await startPrometheus({
      // The docs' blocks, with /etc/prometheus/ as this Prometheus's folder.
      config: async (dir) => {
        const etc = (text: string) => text.replaceAll('/etc/prometheus/', `${dir}/`);
        await writeFile(path.join(dir, 'kiosk.token'), made.stdout);
        await writeFile(path.join(dir, 'kiosk-server-ca.pem'), ca.caCertificate);
        await mkdir(path.join(dir, 'kiosks'));
        const entries = load(blockWith(yamlBlocks, "- targets: ['10.2.0.15:9464']")) as {
          targets: string[];
          labels: Yaml;
        }[];
        // The docs' first kiosk, at this kiosk's address (the second is not here).
        const central = [{ ...entries[0]!, targets: [target] }];
        await writeFile(path.join(dir, 'kiosks/central.yml'), JSON.stringify(central));
        await mkdir(path.join(dir, 'rules'));
        const rules = fs
          .readFileSync(path.join(MONITORING, 'kiosk-alerts.yml'), 'utf8')
          .replace(/^(\s+)for: \d+m$/gm, '$1for: 2s');
        expect(rules).not.toMatch(/for: \d+[mh]/);
        await writeFile(path.join(dir, 'rules/kiosk-alerts.yml'), rules);
        const scrape = load(
          etc(blockWith(yamlBlocks, 'job_name: library-kiosk', 'file_sd_configs')),
        ) as { scrape_configs: Yaml[] };
        // Beside `authorization`, the docs' TLS for a kiosk scraped across the network.
        const tls = load(
          etc(blockWith(yamlBlocks, 'scheme: https', 'kiosk-server-ca.pem')),
        ) as Yaml;
        const alerting = load(
          etc(blockWith(yamlBlocks, 'rule_files:', 'alertmanagers:')).replace(
            'alertmanager.example.org:9093',
            new URL(alertmanager.url).host,
          ),
        ) as Yaml;
        return JSON.stringify({
          global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
          ...alerting,
          scrape_configs: scrape.scrape_configs.map((job) => ({
            ...job,
            ...tls,
            scrape_interval: '1s',
          })),
        });
      },
    });
  };
  // Whatever started is stopped by afterAll, should another part fail.
  const started = await Promise.allSettled([
    startTestWebKiosk({ dataDir: folder, settings, embeddedService: { faults: true } }).then(
      (kiosk) => (test = kiosk),
    ),
    startMonitoring(),
  ]);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
}, WALK_MS);

afterAll(async () => {
  await prometheus?.stop();
  await alertmanager?.stop();
  webhook?.server.close();
  await test?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const accepted = (result: IpcResult<unknown>): boolean =>
  result.ok && (result.value as { accepted?: boolean }).accepted === true;

/** The first series of an instant query, once Prometheus has it. */
async function seriesOf(expr: string) {
  return vi.waitFor(
    async () => {
      const found = (await prometheus.query(expr))[0];
      if (!found) throw new Error(`${expr}: no series yet`);
      return found;
    },
    { timeout: 10_000, interval: 250 },
  );
}

describe("IT's walk: docs/operations.md's Prometheus and Alertmanager, a kiosk offline with a queue", () => {
  it('is scraped with the docs’ job and targets file: up, labelled by branch and station', async () => {
    const up = await seriesOf(`up{job="library-kiosk"} == 1`);
    expect(up.metric).toMatchObject({
      job: 'library-kiosk',
      instance: target,
      branch: 'Central',
      station: 'front desk',
    });
  });

  it(
    'shows the kiosk offline with a queued loan, and Alertmanager sends KioskOffline naming it',
    async () => {
      const { web, ipc } = test;
      const kiosk = ipc!;
      await kiosk.until((state) => state.screen.name === 'attract');
      const faults = web.kiosk.faults;
      if (!faults) throw new Error('the embedded service was started without its fault knobs');
      // The library service is lost: it drops every connection.
      faults.set({ outage: true });
      await vi.waitFor(() => expect(web.kiosk.offline.connectivity.state()).toBe('offline'), {
        timeout: 10_000,
      });
      expect(accepted(await kiosk.invoke('station.scanner.submitWedgeScan', { code: CARD }))).toBe(
        true,
      );
      await kiosk.until((state) => state.screen.name === 'patron');
      expect(accepted(await kiosk.invoke('station.scanner.submitWedgeScan', { code: ITEM }))).toBe(
        true,
      );
      const { screen } = await kiosk.until(
        (state) =>
          state.screen.name === 'patron' &&
          state.screen.session.length === 1 &&
          state.screen.session[0]!.status !== 'pending',
      );
      expect(screen.name === 'patron' && screen.session[0]).toMatchObject({ status: 'queued' });
      expect((await kiosk.invoke('patron.finish')).ok).toBe(true);

      const labels = { instance: target, branch: 'Central', station: 'front desk' };
      const offline = await seriesOf('library_kiosk_online == 0');
      expect(offline.metric).toMatchObject(labels);
      const queued = await seriesOf('library_kiosk_queue_transactions >= 1');
      expect(queued.metric).toMatchObject(labels);
      expect(Number(queued.value?.[1])).toBeGreaterThanOrEqual(1);

      const notification = await vi.waitFor(
        () => {
          const found = webhook.received.find((one) =>
            one.alerts.some(
              (alert) =>
                alert.status === 'firing' &&
                alert.labels.alertname === 'KioskOffline' &&
                alert.labels.instance === target,
            ),
          );
          if (!found) throw new Error('no KioskOffline notification yet');
          return found;
        },
        { timeout: 15_000, interval: 250 },
      );
      // Sent by the example's warning route, grouped by branch and alert.
      expect(notification.groupKey).toBe(
        '{}/{alertname=~"Kiosk.*",severity="warning"}:{alertname="KioskOffline", branch="Central"}',
      );
      expect(notification.groupLabels).toEqual({ alertname: 'KioskOffline', branch: 'Central' });
      const alert = notification.alerts.find((one) => one.labels.alertname === 'KioskOffline')!;
      expect(alert.labels).toMatchObject({ ...labels, severity: 'warning' });
      expect(alert.annotations.summary).toBe(
        `Kiosk ${target}, station front desk, Central branch cannot reach the library system (10 minutes)`,
      );
    },
    WALK_MS,
  );
});

/**
 * Dashboard queries that find nothing for this kiosk, and why: a labelled counter has no series
 * until its first count, and nothing here counts them; a kiosk with no USB scanner has no
 * scanner gauge. In the dashboard's order.
 */
const NO_DATA_HERE: Record<string, string> = {
  'max by (branch, station, instance) (library_kiosk_scanner_connected':
    'the scanner is a keyboard wedge (scanner.device.mode off): no USB scanner to watch',
  'sum by (outcome) (increase(library_kiosk_sync_transactions_total':
    'the queue is not sent in this walk (the service stays lost), so no sync outcome yet',
  'sum by (outcome) (increase(library_kiosk_receipts_total':
    'receipt mode is none: no receipt printed or failed',
  'sum by (instance, who) (increase(library_kiosk_pin_lockouts_total': 'no PIN locked out',
};

describe('the fleet dashboard (kiosk-fleet-dashboard.json) against this Prometheus', () => {
  const dashboard = JSON.parse(
    fs.readFileSync(path.join(MONITORING, 'kiosk-fleet-dashboard.json'), 'utf8'),
  ) as {
    panels: { title: string; targets: { refId: string; expr: string }[] }[];
    templating: { list: { name: string; query?: { query: string } }[] };
  };

  it('fills its Branch and Kiosk drop-downs (label_values, as Grafana asks)', async () => {
    const variables = dashboard.templating.list.map((v) => [v.name, v.query?.query]);
    expect(variables).toEqual([
      ['datasource', undefined],
      ['branch', 'label_values(library_kiosk_online, branch)'],
      ['instance', 'label_values(library_kiosk_online{branch=~"$branch"}, instance)'],
    ]);
    const values = (label: string, match: string) =>
      prometheus.api<string[]>(
        `/api/v1/label/${label}/values?match[]=${encodeURIComponent(asPrometheusSees(match))}`,
      );
    expect(await values('branch', 'library_kiosk_online')).toEqual(['Central']);
    expect(await values('instance', 'library_kiosk_online{branch=~"$branch"}')).toEqual([target]);
  });

  it('runs every panel query without error; each has this kiosk’s data but those listed', async () => {
    const empty: string[] = [];
    for (const panel of dashboard.panels) {
      for (const query of panel.targets) {
        const result = await prometheus.query(asPrometheusSees(query.expr));
        if (result.length === 0) empty.push(query.expr);
      }
    }
    const listed = Object.keys(NO_DATA_HERE);
    expect(empty.map((expr) => listed.find((start) => expr.startsWith(start)) ?? expr)).toEqual(
      listed,
    );
  });

  it('shows the alert firing in its Alerts firing panel', async () => {
    const firing = await prometheus.query(
      asPrometheusSees(
        dashboard.panels.find(
          (panel) => panel.title === 'Alerts firing' && panel.targets[0]!.expr.startsWith('ALERTS'),
        )!.targets[0]!.expr,
      ),
    );
    expect(firing.map((series) => series.metric.alertname)).toContain('KioskOffline');
  });
});
