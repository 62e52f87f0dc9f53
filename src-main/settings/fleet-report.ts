import { createLogger } from '../../src-shared/log/logger';
import type { FleetRefusalReason, FleetState, FleetStateFile } from './fleet-state-file';
import type { SecurityChange } from '../../src-common/ipc/console/security-change';
import type { FleetCheck } from './fleet-updater';

const log = createLogger('fleet-settings');

/**
 * What the fleet updater tells of each check, in the log and in its state file (the version in
 * force, the last refusal, which the settings screen shows): apart from the checks themselves so
 * that a refusal repeated every interval is logged at warn once, whichever check refused it.
 */
export function createFleetReport(parts: { host: string; state: FleetStateFile; now: () => Date }) {
  const { host, state, now } = parts;
  // The refusal last logged at warn (reason, version, host): while it repeats, each interval
  // logs it at debug only. A different refusal, or a good file in between, forgets it.
  let warned: string | undefined;
  const logRefusal = (level: 'warn' | 'error', line: string, data: Record<string, unknown>) => {
    const key = JSON.stringify([data.reason, data.version, host]);
    if (key === warned) {
      log.debug(line, data);
      return;
    }
    warned = key;
    log[level](line, data);
  };

  const writeState = (next: FleetState) => {
    try {
      state.write(next);
    } catch (error) {
      log.error('the fleet state file could not be written', { error });
    }
  };

  const inForceWords = (current: FleetState) =>
    current.inForce ? `fleet version ${current.inForce.version}` : 'local settings';

  return {
    /** The state file cannot be read: nothing is checked, as its version count is unknown. */
    stateUnreadable(): FleetCheck {
      const line = `fleet settings not checked: ${state.file} cannot be read (remove it to start the version count again); keeping the settings in force`;
      logRefusal('error', line, { reason: 'state-unreadable' });
      return { outcome: 'refused', reason: 'state-unreadable', line };
    },

    refused(
      current: FleetState,
      reason: FleetRefusalReason,
      why: string,
      version?: number,
    ): FleetCheck {
      const line = `fleet settings from ${host} refused: ${why}; keeping ${inForceWords(current)}`;
      logRefusal('warn', line, { reason, host, ...(version === undefined ? {} : { version }) });
      writeState({
        ...current,
        lastRefusal: {
          reason,
          at: now().toISOString(),
          host,
          ...(version === undefined ? {} : { version }),
        },
      });
      return { outcome: 'refused', reason, line };
    },

    unchanged(current: FleetState, version: number): FleetCheck {
      warned = undefined;
      log.debug(`fleet settings version ${version} from ${host} unchanged`, { version, host });
      // The steady state writes nothing; a refusal recorded since is no longer the news.
      if (current.lastRefusal) writeState({ inForce: current.inForce });
      return { outcome: 'unchanged', version };
    },

    applied(inForce: NonNullable<FleetState['inForce']>, security: SecurityChange[]): FleetCheck {
      const { version } = inForce;
      writeState({ inForce });
      warned = undefined;
      log.info(`fleet settings version ${version} from ${host} applied`, { version, host });
      if (security.length > 0) {
        log.warn(`fleet settings version ${version} made changes its signed policy allows`, {
          version,
          host,
          changes: security,
        });
      }
      return { outcome: 'applied', version };
    },
  };
}
