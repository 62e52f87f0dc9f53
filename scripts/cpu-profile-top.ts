/**
 * Where a V8 CPU profile (.cpuprofile, as `node --cpu-prof` or KIOSK_BENCH_PROFILE writes it)
 * spent its time: self time per package or project folder, then per function, largest first.
 *
 *   npx tsx scripts/cpu-profile-top.ts <file.cpuprofile> [functions to list, default 30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's place: the npm package it is in, the project folder, or V8's own kind of frame. */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return url;
  const project = /\/(src-[^/]+\/[^/]+|bench|test|scripts)\//.exec(url);
  return project?.[1] ?? url;
}

function main(): void {
  const [file, count = '30'] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx scripts/cpu-profile-top.ts <file.cpuprofile> [count]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const place = placeOf(frame.url, frame.functionName);
    places.set(place, (places.get(place) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const print = (title: string, rows: Map<string, number>, limit: number): void => {
    process.stdout.write(`\n${title}\n`);
    for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
      const share = ((100 * us) / total).toFixed(1).padStart(5);
      process.stdout.write(`${share} %  ${(us / 1000).toFixed(1).padStart(9)} ms  ${name}\n`);
    }
  };
  process.stdout.write(`${file}: ${(total / 1000).toFixed(0)} ms sampled\n`);
  print('Self time by place', places, 25);
  print('Self time by function', functions, Number(count));
}

main();
