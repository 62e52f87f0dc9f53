import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import type { StatusView } from '../../../src-common/ipc/console/diagnostics';
import {
  clockTime,
  recoveriesText,
  stationRestartsText,
} from '../../../src-renderer/staff/diagnostics/recovery-words';
import { translators as T } from '../../support/catalog-words';

type Recoveries = NonNullable<StatusView['pageRecoveries']>;
type StationRestarts = StatusView['stationRestarts'];

/** The status screen's page-recoveries line as the catalogs make it, in UTC for the test. */
function line(language: Language, recoveries: Recoveries): { label: string; value: string } {
  const t = T[language];
  return {
    label: t('diagnostics.status.pageRecoveries'),
    value: recoveriesText(recoveries, t, (at) => clockTime(at, language, 'UTC')),
  };
}

const AT = '2026-11-25T14:02:30.000Z';

describe("the status screen's page recoveries, in English and Spanish", () => {
  it.each([
    ['en', { count: 0 }, 'Page recoveries since start', 'None'],
    ['es', { count: 0 }, 'Recuperaciones de la página desde el inicio', 'Ninguna'],
    [
      'en',
      { count: 2, last: { kind: 'crashed', at: AT } },
      'Page recoveries since start',
      '2 (last: crashed, 14:02)',
    ],
    [
      'es',
      { count: 2, last: { kind: 'crashed', at: AT } },
      'Recuperaciones de la página desde el inicio',
      '2 (la última: se cerró por un fallo, 14:02)',
    ],
    [
      'en',
      { count: 1, last: { kind: 'unresponsive', at: AT } },
      'Page recoveries since start',
      '1 (last: stopped responding, 14:02)',
    ],
    [
      'es',
      { count: 1, last: { kind: 'unresponsive', at: AT } },
      'Recuperaciones de la página desde el inicio',
      '1 (la última: dejó de responder, 14:02)',
    ],
    [
      'en',
      { count: 3, last: { kind: 'heartbeat-lost', at: AT } },
      'Page recoveries since start',
      '3 (last: browser stopped answering, 14:02)',
    ],
    [
      'es',
      { count: 3, last: { kind: 'heartbeat-lost', at: AT } },
      'Recuperaciones de la página desde el inicio',
      '3 (la última: el navegador dejó de contestar, 14:02)',
    ],
  ] as const)('in %s, %j reads "%s: %s"', (language, recoveries, label, value) => {
    expect(line(language, recoveries)).toEqual({ label, value });
  });

  it('shows no time or reason when nothing was recovered', () => {
    expect(line('en', { count: 0 }).value).not.toMatch(/last|\d/);
    expect(line('es', { count: 0 }).value).not.toMatch(/última|\d/);
  });
});

/** The status screen's station-restarts line as the catalogs make it, in UTC for the test. */
function restartsLine(
  language: Language,
  restarts: StationRestarts,
): { label: string; value: string } {
  const t = T[language];
  return {
    label: t('diagnostics.status.stationRestarts'),
    value: stationRestartsText(restarts, t, (at) => clockTime(at, language, 'UTC')),
  };
}

describe("the status screen's station restarts, in English and Spanish", () => {
  const EN = 'Station restarts in the last hour';
  const ES = 'Reinicios de la estación en la última hora';
  it.each([
    ['en', { recorded: false, lastHour: 0 }, EN, 'None recorded'],
    ['es', { recorded: false, lastHour: 0 }, ES, 'Ninguno registrado'],
    ['en', { recorded: true, lastHour: 0 }, EN, 'None'],
    ['es', { recorded: true, lastHour: 0 }, ES, 'Ninguno'],
    [
      'en',
      { recorded: true, lastHour: 4, last: { kind: 'page-kept-crashing', status: 3, at: AT } },
      EN,
      '4 (last: the page kept crashing, 14:02)',
    ],
    [
      'es',
      { recorded: true, lastHour: 4, last: { kind: 'page-kept-crashing', status: 3, at: AT } },
      ES,
      '4 (el último: la página se cerraba una y otra vez, 14:02)',
    ],
    [
      'en',
      { recorded: true, lastHour: 1, last: { kind: 'other', status: 139, at: AT } },
      EN,
      '1 (last: ended unexpectedly (status 139), 14:02)',
    ],
    [
      'es',
      { recorded: true, lastHour: 1, last: { kind: 'other', status: 139, at: AT } },
      ES,
      '1 (el último: terminó de forma inesperada (estado 139), 14:02)',
    ],
  ] as const)('in %s, %j reads "%s: %s"', (language, restarts, label, value) => {
    expect(restartsLine(language, restarts)).toEqual({ label, value });
  });

  it('shows no time or reason when there is nothing to tell', () => {
    for (const restarts of [
      { recorded: false, lastHour: 0 },
      { recorded: true, lastHour: 0 },
    ]) {
      expect(restartsLine('en', restarts).value).not.toMatch(/last|\d/);
      expect(restartsLine('es', restarts).value).not.toMatch(/último|\d/);
    }
  });
});
