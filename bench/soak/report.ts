import type { QuietCounts, SoakResult } from './driver';
import { mib } from './driver';

/** Heap after GC may grow this much between the sample at `heapFrom` and the last one. */
export const HEAP_GROWTH_LIMIT = 0.05;

export interface SoakVerdict {
  ok: boolean;
  lines: string[];
}

const pct = (from: number, to: number): string => `${(((to - from) / from) * 100).toFixed(1)} %`;

/** The samples as a Markdown table. */
export function soakTable(result: SoakResult): string {
  const head =
    '| check-outs | sessions | elapsed s | host heap MiB | host RSS MiB | renderer heap MiB | renderer JS data KiB | fds | sockets | timers | DOM nodes | listeners |';
  const rule =
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const rows = result.samples.map((s) =>
    [
      s.checkOuts,
      s.sessions,
      (s.elapsedMs / 1000).toFixed(0),
      mib(s.host.heapUsed),
      mib(s.host.rss),
      mib(s.renderer.heapUsed),
      (s.renderer.dataHeap / 1024).toFixed(0),
      s.host.counts.fds,
      s.host.counts.sockets,
      s.host.counts.timers,
      s.renderer.nodes,
      s.renderer.listeners,
    ].join(' | '),
  );
  return [head, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

const counts = (c: QuietCounts): string =>
  `fds ${c.fds}, sockets ${c.sockets}, timers ${c.timers} (ref'd ${c.refTimers}), TCP ${c.tcp}, elements ${c.elements}`;

/**
 * Counts: every session's quiet point came back to the baseline (no session left above it after
 * settling). Heap: after GC, the host's heap and the renderer's JS data grew less than 5 % from
 * the sample at `heapFrom` check-outs to the last; skipped when the run is too short to have both.
 * The renderer's whole JS heap is shown beside them, not judged: it also holds the compiled code
 * and Blink caches of an engine still warming up (tiering up over the first thousand sessions).
 */
export function soakVerdict(result: SoakResult, heapFrom: number): SoakVerdict {
  const lines: string[] = [];
  let ok = true;
  const { sessions } = result;
  lines.push(
    `${sessions.checkOut} check-out and ${sessions.checkIn} check-in sessions ` +
      `(${sessions.chromium} through Chromium, ${sessions.timedOut} timed out), ` +
      `${result.languageSwitches} language switches, ${result.staffVisits} staff visits, ` +
      `${(result.elapsedMs / 1000).toFixed(0)} s; lines not done: ${result.lineErrors}`,
  );
  if (result.lineErrors > 0) ok = false;
  lines.push(`quiet-point baseline: ${counts(result.baseline)}`);
  lines.push(`quiet-point peak:     ${counts(result.peak)}`);
  const over = Object.entries(result.over);
  if (result.leak) {
    ok = false;
    lines.push(`LEAK: ${result.leak}`);
  } else if (over.length > 0) {
    ok = false;
    lines.push(
      `FAIL: sessions that ended above the baseline: ${over.map(([c, n]) => `${c} ${n}`).join(', ')}`,
    );
  } else {
    lines.push(
      'ok: fds, sockets, timers and DOM elements back to the baseline after every session',
    );
  }
  const from = result.samples.find((s) => s.checkOuts === heapFrom);
  const last = result.samples.at(-1);
  if (from && last && last !== from) {
    for (const [name, a, b] of [
      ['host heap', from.host.heapUsed, last.host.heapUsed],
      ['renderer JS data', from.renderer.dataHeap, last.renderer.dataHeap],
    ] as const) {
      const grew = (b - a) / a;
      const good = grew < HEAP_GROWTH_LIMIT;
      if (!good) ok = false;
      lines.push(
        `${good ? 'ok' : 'FAIL'}: ${name} after GC ${mib(a)} MiB at ${heapFrom} check-outs, ` +
          `${mib(b)} MiB at ${last.checkOuts} (${pct(a, b)}; limit ${HEAP_GROWTH_LIMIT * 100} %)`,
      );
    }
    const [a, b] = [from.renderer.heapUsed, last.renderer.heapUsed];
    lines.push(
      `(not judged) renderer heap after GC, compiled code included: ${mib(a)} MiB at ${heapFrom} ` +
        `check-outs, ${mib(b)} MiB at ${last.checkOuts} (${pct(a, b)})`,
    );
  } else {
    lines.push(`heap growth not judged: no sample at ${heapFrom} check-outs and after`);
  }
  lines.push(ok ? 'VERDICT: no leak found' : 'VERDICT: FAIL');
  return { ok, lines };
}
