import { CIRCULATION_WORKLOADS } from './circulation-workloads';
import { startCrashEnvironment } from './environment';
import { SETTINGS_WORKLOADS } from './settings-workloads';
import { STATION_WORKLOADS } from './station-workloads';
import { STORAGE_WORKLOADS } from './storage-workloads';
import { runWorkload } from './workload';
import type { NamedWorkload, RunOptions, WorkloadFigures } from './workload';

/** Every workload of the crash-point run, in order, each made with its own items and members. */
export const ALL_WORKLOADS: readonly NamedWorkload[] = [
  ...CIRCULATION_WORKLOADS,
  ...SETTINGS_WORKLOADS,
  ...STORAGE_WORKLOADS,
  ...STATION_WORKLOADS,
];

export interface CrashRun {
  figures: WorkloadFigures[];
  totals: Omit<WorkloadFigures, 'name'>;
}

/** Runs the workloads whose names `only` matches (all without), each checked as `options` say. */
export async function runCrashPoints(
  options: RunOptions & { only?: RegExp; log?: (line: string) => void } = {},
): Promise<CrashRun> {
  const env = await startCrashEnvironment();
  const figures: WorkloadFigures[] = [];
  try {
    for (const workload of ALL_WORKLOADS) {
      if (options.only && !options.only.test(workload.name)) continue;
      const started = Date.now();
      const result = await runWorkload(env, workload, options);
      figures.push(result);
      options.log?.(
        `${workload.name}: ${result.checked} of ${result.distinctChecks} checked, ${result.failures.length} failing (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    await env.stop();
  }
  const sum = (key: keyof Omit<WorkloadFigures, 'name' | 'failures'>): number =>
    figures.reduce((total, figure) => total + figure[key], 0);
  return {
    figures,
    totals: {
      operations: sum('operations'),
      crashPoints: sum('crashPoints'),
      statesGenerated: sum('statesGenerated'),
      distinctChecks: sum('distinctChecks'),
      checked: sum('checked'),
      failures: figures.flatMap((figure) => figure.failures),
    },
  };
}

/** The figures as a table: one row per workload, then the totals. */
export function figuresTable(run: CrashRun): string {
  const header = [
    'workload',
    'operations',
    'crash points',
    'states generated',
    'distinct',
    'checked',
    'failures',
  ];
  const row = (name: string, figure: Omit<WorkloadFigures, 'name'>): string[] => [
    name,
    String(figure.operations),
    String(figure.crashPoints),
    String(figure.statesGenerated),
    String(figure.distinctChecks),
    String(figure.checked),
    String(figure.failures.length),
  ];
  const rows = [
    header,
    ...run.figures.map((figure) => row(figure.name, figure)),
    row('total', run.totals),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.slice(1).map(line)].join('\n');
}
