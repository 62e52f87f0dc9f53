import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-main/ipc/contract';
import type { StatusView } from '../../../src-main/ipc/console/diagnostics';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { clockTime, recoveriesText } from '../../../src-renderer/staff/diagnostics/recovery-words';

type Recoveries = NonNullable<StatusView['pageRecoveries']>;

/** The status screen's page-recoveries line as the catalogs make it, in UTC for the test. */
function line(language: Language, recoveries: Recoveries): { label: string; value: string } {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    initAsync: false,
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  return {
    label: instance.t('diagnostics.status.pageRecoveries'),
    value: recoveriesText(
      recoveries,
      (key, params) => instance.t(key, params),
      (at) => clockTime(at, language, 'UTC'),
    ),
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
