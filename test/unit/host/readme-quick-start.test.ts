import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../../src-main/staff-pin/demo-pin';
import { demoSamples } from '../../../src-reference-service/demo-guide';
import { consentPage } from '../../../src-reference-service/oauth/pages';

/**
 * The README's quick start: two commands, then the demo in three lines, whose values are the
 * ones demo mode shows (the demo PIN and the embedded service's seed), so the README cannot drift
 * from the kiosk.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const README = readFileSync(path.resolve(root, 'README.md'), 'utf8');
const quickStart = README.slice(
  README.indexOf('## Quick start'),
  README.indexOf('\n## ', README.indexOf('## Quick start') + 1),
);

describe('the README quick start', () => {
  it('is two commands', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
    const commands = block
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.replace(/\s+#.*$/, ''));
    expect(commands).toEqual(['npm ci && npm start', 'npm test']);
  });

  it('walks the demo in three lines with the values demo mode shows', () => {
    const lines = quickStart.split('\n').filter((line) => /^\d\. /.test(line));
    expect(lines).toHaveLength(3);
    const samples = demoSamples();
    const [staff, lending, email] = lines as [string, string, string];
    expect(staff).toContain(`PIN \`${DEMO_STAFF_PIN}\``);
    expect(staff).toContain(
      `as \`${samples.staff.username}\`, password \`${samples.staff.password}\``,
    );
    expect(lending).toContain(`card \`${samples.cards[0]?.barcode}\``);
    expect(samples.cards[0]?.situation).toBe('can-borrow');
    expect(lending).toContain(
      `items \`${samples.availableItems[0]}\` and \`${samples.availableItems[1]}\``,
    );
    expect(email).toContain(`\`${samples.email}\``);
  });

  it('names the consent page that follows the sign-in, with its heading and button', () => {
    const staff = quickStart.split('\n').find((line) => line.startsWith('1. ')) ?? '';
    const page = consentPage('uid', 'Library Kiosk', ['serviceApi', 'offline_access']);
    expect(page).toContain('>Allow Library Kiosk?</h1>');
    expect(page).toContain('>Allow</button>');
    expect(staff).toContain('"Allow Library Kiosk?", press **Allow**');
  });

  it('says how long npm test takes on 2 cores, and gives quicker commands that work here', () => {
    expect(quickStart).toMatch(
      /`npm test` runs everything and takes about half an hour on a\nmachine with 2 cores/,
    );
    const blocks = [...quickStart.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    const quicker = (blocks[1] ?? '').split('\n').filter((line) => line.trim() !== '');
    expect(quicker.length).toBeGreaterThanOrEqual(4);
    const scripts = (
      JSON.parse(readFileSync(path.resolve(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const line of quicker) {
      const command = line.replace(/\s+#.*$/, '');
      for (const script of command.matchAll(/npm run ([\w:]+)/g)) {
        expect(scripts, command).toHaveProperty(script[1] ?? '');
      }
      for (const file of command.matchAll(/\b(test\/\S+)/g)) {
        expect(existsSync(path.resolve(root, file[1] ?? '')), command).toBe(true);
      }
    }
    expect(quicker.join('\n')).toContain('npm run test:unit');
  });
});
