import { rm } from 'node:fs/promises';
import { crashPoints } from './crash-points';
import { crashStates } from './crash-states';
import { materialize } from './materialize';
import { recordWorkload } from './recording';

/**
 * For a store's own tests: the folders a power cut could leave while `body` runs on `root`
 * (`during`, every crash point) and once it has returned (`after`, the last one), each written
 * out as a real folder and handed to `look`, which reads it as the kiosk would at its next start.
 */
export async function powerCuts<T>(
  root: string,
  body: () => Promise<unknown>,
  look: (folder: string) => Promise<T>,
): Promise<{ during: T[]; after: T[] }> {
  const recording = await recordWorkload<never>(root, async () => {
    await body();
  });
  const points = [...crashPoints(recording)];
  const seen = new Map<string, T>();
  const after: T[] = [];
  for (const [index, point] of points.entries()) {
    for (const state of crashStates(point.frontier)) {
      let found = seen.get(state.digest);
      if (!seen.has(state.digest)) {
        const folder = await materialize(state, root);
        try {
          found = await look(folder);
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
        seen.set(state.digest, found!);
      }
      if (index === points.length - 1) after.push(found!);
    }
  }
  return { during: [...seen.values()], after };
}
