import { readFileSync } from 'node:fs';
import { z } from 'zod';

const FixtureFileSchema = z.object({
  about: z.string(),
  cases: z.array(
    z.object({
      name: z.string(),
      reports: z.array(z.string()),
      expected: z.array(z.object({ text: z.string(), symbology: z.string().optional() })),
    }),
  ),
});

export type ReportFixture = z.infer<typeof FixtureFileSchema>['cases'][number];

export function hex(text: string): Uint8Array {
  return Uint8Array.from(text.trim().split(/\s+/), (byte) => Number.parseInt(byte, 16));
}

export function loadFixtures(name: 'pos-reports' | 'keyboard-reports'): ReportFixture[] {
  const url = new URL(`./fixtures/${name}.json`, import.meta.url);
  return FixtureFileSchema.parse(JSON.parse(readFileSync(url, 'utf8'))).cases;
}

export { posReport } from '../../support/fake-hid';

/** An 8-byte boot-keyboard report. */
export function keyReport(modifiers: number, ...usages: number[]): Uint8Array {
  return Uint8Array.from([modifiers, 0, ...usages, 0, 0, 0, 0, 0, 0].slice(0, 8));
}
