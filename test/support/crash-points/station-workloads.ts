import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  parseStationRestarts,
  STATION_RESTARTS_FILE,
} from '../../../src-main/core/console/diagnostics/station-restarts';
import { EARLIER, rememberTraced } from './restart-history-trace';
import type { NamedWorkload, Workload } from './workload';

/**
 * The station's session script records a restart in its history (`remember`, run under strace:
 * its system calls are the recording). After any crash the history opens with every restart it
 * held, and the new one once `remember` returned: a history lost or cut short would tell staff
 * "none recorded" when the station has been failing.
 */
function restartHistory(): Workload<{ remembered: number }> {
  return {
    async prepare(_env, dataDir) {
      await writeFile(path.join(dataDir, STATION_RESTARTS_FILE), `${EARLIER.join('\n')}\n`, {
        mode: 0o600,
      });
    },
    async run({ dataDir, recorder }) {
      await rememberTraced(dataDir, 70, 16);
      recorder.mark({ mark: 'acknowledged', what: { remembered: EARLIER.length + 1 } });
    },
    async check({ dataDir, acknowledged }) {
      const text = await readFile(path.join(dataDir, STATION_RESTARTS_FILE), 'utf8').catch(
        () => null,
      );
      if (text === null) return ['the restart history is gone'];
      const lines = text.split('\n').filter((line) => line !== '');
      const entries = parseStationRestarts(text).length;
      const problems: string[] = [];
      if (entries !== lines.length) problems.push(`${lines.length - entries} damaged line(s)`);
      if (entries < EARLIER.length) problems.push(`${entries} of ${EARLIER.length} restarts left`);
      if (acknowledged.length > 0 && entries !== EARLIER.length + 1) {
        problems.push(`the restart remembered is not in the history (${entries} entries)`);
      }
      return problems;
    },
  };
}

export const STATION_WORKLOADS: readonly NamedWorkload[] = [
  { name: 'restart history (session script)', make: restartHistory },
] as NamedWorkload[];
