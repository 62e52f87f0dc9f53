import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Both station units hand the kiosk's JSON log lines (stderr) to journald under one name, the
 * one docs/operations.md's Vector and Promtail recipes select on.
 */
describe.each(['library-kiosk.service', 'library-kiosk-web.service'])('%s', (unit) => {
  it('sends stdout and stderr to the journal as library-kiosk', async () => {
    const text = await readFile(path.resolve('resources/station', unit), 'utf8');
    expect(text).toMatch(/^StandardOutput=journal$/m);
    expect(text).toMatch(/^StandardError=journal$/m);
    expect(text).toMatch(/^SyslogIdentifier=library-kiosk$/m);
  });
});
