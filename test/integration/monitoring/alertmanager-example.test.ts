import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MONITORING, scratchFolder } from './promtool';

const EXAMPLE = path.join(MONITORING, 'alertmanager-example.yml');

/**
 * amtool from PATH (Debian's `prometheus-alertmanager`; .ci/run installs it). Missing, the test
 * fails saying so: it is the only check that Alertmanager takes the shipped example.
 */
function amtool(args: string[]): { status: number | null; output: string } {
  const run = spawnSync('amtool', args, { encoding: 'utf8', timeout: 20_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      "amtool is not on PATH: install Debian's `prometheus-alertmanager` package, which ships it.",
    );
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const scratch = scratchFolder('kiosk-alertmanager-');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the Alertmanager example (resources/monitoring/alertmanager-example.yml)', () => {
  it('passes amtool check-config', () => {
    const run = amtool(['check-config', EXAMPLE]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('SUCCESS');
    expect(run.output).toContain('1 receivers');
  });

  it('routes kiosk alerts by severity, grouped by branch and alert', () => {
    const run = amtool(['config', 'routes', `--config.file=${EXAMPLE}`]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(
      '{alertname=~"Kiosk.*",severity="critical"}  receiver: library-it',
    );
    expect(run.output).toContain('{alertname=~"Kiosk.*",severity="warning"}  receiver: library-it');
    expect(fs.readFileSync(EXAMPLE, 'utf8')).toContain("group_by: ['branch', 'alertname']");
  });

  it('a configuration Alertmanager refuses is caught by the same check', () => {
    const broken = path.join(scratch, 'broken.yml');
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    // A route naming a receiver that does not exist.
    fs.writeFileSync(
      broken,
      text.replace('      receiver: library-it\n', '      receiver: nobody\n'),
    );
    const run = amtool(['check-config', broken]);
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('nobody');
  });
});
