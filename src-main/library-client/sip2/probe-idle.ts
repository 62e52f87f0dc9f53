import { buildFrame } from '../../../src-shared/sip2/build';
import { parseFrame } from '../../../src-shared/sip2/parse';
import { loginRequest } from './requests';
import { open } from './probe-line';
import type { Sip2ProbeOptions } from './probe';

/**
 * Whether the ACS keeps a quiet line open as long as the kiosk's heartbeat leaves it quiet:
 * SIPServer's sample closes a RAW line silent for 60 s (and its session data with it), Koha's
 * service timeout likewise. On a line of its own, logged in, left silent for the heartbeat and a
 * second more; a close in that time is a line the kiosk would find dropped at its next request.
 */

export type IdleWatch =
  | { kind: 'kept'; watchedSeconds: number }
  | { kind: 'closed'; watchedSeconds: number; closedAfterSeconds: number }
  /** The watch could not start (no connection, no login): the steps say why. */
  | { kind: 'not-watched' };

/** How much longer than the heartbeat the line is watched: a close at the beat itself counts. */
const MARGIN_MS = 1000;
/**
 * The longest watch: past two minutes staff would be left waiting for the probe, and the idle
 * limits servers are known to keep (60 s) have long shown.
 */
export const MAX_IDLE_WATCH_SECONDS = 120;

export async function watchIdle(
  options: Sip2ProbeOptions,
  heartbeatSeconds: number,
): Promise<IdleWatch> {
  const seconds = Math.min(heartbeatSeconds, MAX_IDLE_WATCH_SECONDS);
  const opened = await open(options);
  if (!opened.ok) return { kind: 'not-watched' };
  const line = opened.value;
  if (options.loginUser) {
    const login = buildFrame(
      loginRequest(options.loginUser, options.loginPassword, options.locationCode),
      {
        encoding: options.encoding,
        terminator: options.terminator,
        checksum: options.checksums,
        ...(options.checksums ? { sequence: 0 } : {}),
      },
    );
    const answer = login.ok
      ? await line.exchange(login.value, options.requestTimeoutMs)
      : undefined;
    const parsed =
      answer?.kind === 'answer'
        ? parseFrame(answer.bytes, { encoding: options.encoding, requireChecksum: false })
        : undefined;
    if (!parsed?.ok || parsed.value.code !== '94' || parsed.value.fixed.ok !== '1') {
      line.close();
      return { kind: 'not-watched' };
    }
  }
  const started = Date.now();
  const watchMs = seconds * 1000 + MARGIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const quiet = new Promise<'kept'>((resolve) => {
    timer = setTimeout(() => resolve('kept'), watchMs);
  });
  const outcome = await Promise.race([line.closed().then(() => 'closed' as const), quiet]);
  clearTimeout(timer);
  line.close();
  if (outcome === 'kept') return { kind: 'kept', watchedSeconds: seconds };
  return {
    kind: 'closed',
    watchedSeconds: seconds,
    closedAfterSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
