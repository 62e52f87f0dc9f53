import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../src-main/settings/check';
import { fleetInForce } from '../../../src-main/settings/fleet-in-force';
import type { FleetState } from '../../../src-main/settings/fleet-state-file';
import { settingsDigest } from '../../../src-main/settings/settings-digest';

const FROM_FLEET = withDefaults({ dataDir: '/var/lib/kiosk', kiosk: { branchName: 'North' } });
const EDITED_HERE = withDefaults({ dataDir: '/var/lib/kiosk', kiosk: { branchName: 'Annex' } });
if (!FROM_FLEET || !EDITED_HERE) throw new Error('test settings refused');

const applied = {
  version: 7,
  issuedAt: '2026-11-26T03:00:00.000Z',
  appliedAt: '2026-11-26T03:30:00.000Z',
  host: 'fleet.example.org',
};
const IN_FORCE = { version: 7, appliedAt: applied.appliedAt, host: 'fleet.example.org' };

describe('which fleet version is in force for the settings the kiosk runs with', () => {
  it.each<[string, FleetState, typeof FROM_FLEET, unknown]>([
    ['no fleet file ever applied: none', {}, FROM_FLEET, undefined],
    [
      'a refusal only: none',
      { lastRefusal: { reason: 'unreachable', at: applied.appliedAt, host: 'h' } },
      FROM_FLEET,
      undefined,
    ],
    [
      'the settings the file made: the fleet version, unchanged',
      { inForce: { ...applied, settingsDigest: settingsDigest(FROM_FLEET) } },
      FROM_FLEET,
      { ...IN_FORCE, changedHere: false },
    ],
    [
      'settings changed at the kiosk since: the fleet version, changed here',
      { inForce: { ...applied, settingsDigest: settingsDigest(FROM_FLEET) } },
      EDITED_HERE,
      { ...IN_FORCE, changedHere: true },
    ],
    [
      'a state from before the digest was recorded: taken as unchanged',
      { inForce: applied },
      EDITED_HERE,
      { ...IN_FORCE, changedHere: false },
    ],
  ])('%s', (_name, state, settings, expected) => {
    expect(fleetInForce(state, settings)).toEqual(expected);
  });
});
