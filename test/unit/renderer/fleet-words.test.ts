import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import type { FleetStatus } from '../../../src-common/ipc/console/settings';
import {
  fleetInForceText,
  fleetRefusedText,
} from '../../../src-renderer/staff/settings/fleet-words';
import { translators as T } from '../../support/catalog-words';

const AT = '2026-11-26T03:30:00.000Z';
const timeOf = (iso: string) => (iso === AT ? 'Nov 26, 3:30 AM' : `unexpected ${iso}`);
const IN_FORCE = { version: 7, appliedAt: AT, host: 'fleet.example.org' };

function line(language: Language, fleet: FleetStatus): string {
  return fleetInForceText(fleet, T[language], timeOf);
}

describe('the settings in force on the settings screen, in English and Spanish', () => {
  it.each<[Language, FleetStatus, string]>([
    ['en', {}, 'Settings in force: local settings'],
    ['es', {}, 'Configuración vigente: configuración local'],
    [
      'en',
      { inForce: { ...IN_FORCE, changedHere: false } },
      'Settings in force: fleet version 7, fetched Nov 26, 3:30 AM from fleet.example.org',
    ],
    [
      'es',
      { inForce: { ...IN_FORCE, changedHere: false } },
      'Configuración vigente: versión de flota 7, obtenida de fleet.example.org el Nov 26, 3:30 AM',
    ],
    [
      'en',
      { inForce: { ...IN_FORCE, changedHere: true } },
      'Settings in force: fleet version 7 (fetched Nov 26, 3:30 AM from fleet.example.org), changed at this kiosk since',
    ],
    [
      'es',
      { inForce: { ...IN_FORCE, changedHere: true } },
      'Configuración vigente: versión de flota 7 (obtenida de fleet.example.org el Nov 26, 3:30 AM), modificada después en este quiosco',
    ],
  ])('%s: %j', (language, fleet, expected) => {
    expect(line(language, fleet)).toBe(expected);
  });

  it('never calls settings changed at the kiosk plain fleet settings', () => {
    for (const language of ['en', 'es'] as const) {
      const changed = line(language, { inForce: { ...IN_FORCE, changedHere: true } });
      expect(changed).not.toBe(line(language, { inForce: { ...IN_FORCE, changedHere: false } }));
    }
  });
});

describe('the last fleet file refused, in English and Spanish', () => {
  it.each<[Language, FleetStatus, string | undefined]>([
    ['en', { inForce: { ...IN_FORCE, changedHere: false } }, undefined],
    [
      'en',
      { lastRefusal: { reason: 'version-reused', at: AT } },
      'Last fleet settings file refused (Nov 26, 3:30 AM): it carries the version in force with other settings (a file changed without a new version number).',
    ],
    [
      'es',
      { lastRefusal: { reason: 'version-reused', at: AT } },
      'Último archivo de configuración de flota rechazado (Nov 26, 3:30 AM): lleva la versión vigente con otra configuración (un archivo modificado sin número de versión nuevo).',
    ],
    [
      'en',
      { lastRefusal: { reason: 'replayed', at: AT } },
      'Last fleet settings file refused (Nov 26, 3:30 AM): its version is not newer than the one in force.',
    ],
    [
      'en',
      { lastRefusal: { reason: 'lowers-protection', at: AT } },
      "Last fleet settings file refused (Nov 26, 3:30 AM): it would lower a protection or change an address, which only staff at the kiosk can confirm, and the fleet's signed policy does not allow it by name.",
    ],
    [
      'es',
      { lastRefusal: { reason: 'bad-policy', at: AT } },
      'Último archivo de configuración de flota rechazado (Nov 26, 3:30 AM): su política nombra un cambio que este quiosco no conoce (¿un archivo para una versión más nueva?).',
    ],
  ])('%s: %j', (language, fleet, expected) => {
    expect(fleetRefusedText(fleet, T[language], timeOf)).toBe(expected);
  });
});
