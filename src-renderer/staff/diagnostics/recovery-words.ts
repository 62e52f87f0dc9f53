import type { StatusView } from '../../../src-common/ipc/console/diagnostics';
import type { MessageKey, Translate } from '../../i18n/message-key';

type Recoveries = NonNullable<StatusView['pageRecoveries']>;

export const RECOVERY_KIND_KEYS = {
  crashed: 'diagnostics.status.recoveryKind.crashed',
  unresponsive: 'diagnostics.status.recoveryKind.unresponsive',
  'heartbeat-lost': 'diagnostics.status.recoveryKind.heartbeat-lost',
} as const satisfies Record<NonNullable<Recoveries['last']>['kind'], MessageKey>;

/** The hour and minute of a recovery, in the screen's language and the station's time zone. */
export function clockTime(at: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));
}

/** "2 (last: crashed, 14:02)", or "None": the status screen's page recoveries. */
export function recoveriesText(
  recoveries: Recoveries,
  translate: Translate,
  timeOf: (at: string) => string,
): string {
  const { last } = recoveries;
  if (recoveries.count === 0 || !last) return translate('diagnostics.status.pageRecoveriesNone');
  return translate('diagnostics.status.pageRecoveriesSome', {
    count: recoveries.count,
    kind: translate(RECOVERY_KIND_KEYS[last.kind]),
    time: timeOf(last.at),
  });
}

type StationRestarts = StatusView['stationRestarts'];

/**
 * "4 (last: the page kept crashing, 14:02)", "None" (none in the last hour) or "None recorded"
 * (no history: not run by the station session, or never restarted): the station's restarts.
 */
export function stationRestartsText(
  restarts: StationRestarts,
  translate: Translate,
  timeOf: (at: string) => string,
): string {
  if (!restarts.recorded) return translate('diagnostics.status.stationRestartsNotRecorded');
  const { last } = restarts;
  if (restarts.lastHour === 0 || !last) return translate('diagnostics.status.stationRestartsNone');
  const reason =
    last.kind === 'page-kept-crashing'
      ? translate('diagnostics.status.stationEnd.pageKeptCrashing')
      : translate('diagnostics.status.stationEnd.other', { status: last.status });
  return translate('diagnostics.status.stationRestartsSome', {
    count: restarts.lastHour,
    reason,
    time: timeOf(last.at),
  });
}
