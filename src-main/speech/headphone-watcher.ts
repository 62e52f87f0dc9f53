import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createLogger, type Logger } from '../../src-shared/log/logger';
import { headphonesActive } from './headphone-ports';

export interface HeadphoneWatcherOptions {
  /** pactl's binary (find-program.ts). */
  pactl: string;
  /** Headphones became the default output: the kiosk turns audio mode on. */
  onPlugged(): void;
  env?: Record<string, string | undefined>;
  /** When `pactl subscribe` cannot run or stops: how often the sinks are read instead. */
  pollMs?: number;
  /** Events come in bursts (a plug changes the card, the sink and the server): one read after. */
  settleMs?: number;
  log?: Logger;
}

export interface HeadphoneWatcher {
  /** Reads where sound goes now (plugged-in headphones at start are no plug), then watches. */
  start(): Promise<void>;
  stop(): void;
}

const READ_TIMEOUT_MS = 3_000;
const SINK_EVENT = /^Event '(new|change|remove)' on (sink|server|card) /;

/** Whether a line of `pactl subscribe` can change where sound goes (and so starts a read). */
export const isOutputEvent = (line: string): boolean => SINK_EVENT.test(line);

/**
 * Watches the sound server (PulseAudio, or PipeWire's pulse server) through pactl: each event on
 * a sink, card or the server reads the default sink again, and a change of its active port to a
 * headphone port is a plug. Polls instead if `pactl subscribe` stops. Errors are logged once.
 */
export function createHeadphoneWatcher(options: HeadphoneWatcherOptions): HeadphoneWatcher {
  const log = options.log ?? createLogger('headphones');
  const pollMs = options.pollMs ?? 3_000;
  const settleMs = options.settleMs ?? 150;
  // Always C: the labels read (Default Sink, Active Port) are translated in other locales.
  const env = { ...(options.env ?? process.env), LC_ALL: 'C' };
  let plugged: boolean | undefined;
  let stopped = false;
  let subscriber: ChildProcess | undefined;
  let poll: NodeJS.Timeout | undefined;
  let settle: NodeJS.Timeout | undefined;
  let reading: Promise<void> | undefined;
  let again = false;
  let failureLogged = false;

  const pactl = (args: string[]): Promise<string | undefined> =>
    new Promise((resolve) => {
      execFile(options.pactl, args, { env, timeout: READ_TIMEOUT_MS }, (error, stdout) =>
        resolve(error ? undefined : stdout),
      );
    });

  async function readOnce(): Promise<void> {
    const [info, sinks] = await Promise.all([pactl(['info']), pactl(['list', 'sinks'])]);
    if (stopped) return;
    const now =
      info === undefined || sinks === undefined ? undefined : headphonesActive(info, sinks);
    log.debug('sound output read', { headphones: now ?? 'unknown' });
    if (now === undefined) {
      if (!failureLogged)
        log.info('pactl did not say where sound goes: headphones unknown for now');
      failureLogged = true;
      return;
    }
    failureLogged = false;
    if (now && plugged === false) {
      log.info('headphones plugged in: audio mode on');
      options.onPlugged();
    }
    plugged = now;
  }

  /** One read at a time; events during a read make one more after it. */
  function read(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = readOnce().finally(() => {
      reading = undefined;
      if (again && !stopped) {
        again = false;
        void read();
      }
    });
    return reading;
  }

  function startPolling(): void {
    if (stopped || poll) return;
    poll = setInterval(() => void read(), pollMs);
    poll.unref();
  }

  function subscribe(): void {
    const child = spawn(options.pactl, ['subscribe'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    subscriber = child;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!isOutputEvent(line)) return;
      clearTimeout(settle);
      settle = setTimeout(() => void read(), settleMs);
    });
    child.on('error', () => undefined);
    child.on('close', () => {
      if (stopped) return;
      log.info('pactl subscribe stopped: the sinks are read every few seconds instead', {
        everyMs: pollMs,
      });
      startPolling();
    });
  }

  return {
    async start() {
      // The first read is the baseline: headphones already in at start are not a plug.
      await readOnce();
      if (!stopped) subscribe();
    },
    stop() {
      stopped = true;
      clearTimeout(settle);
      clearInterval(poll);
      subscriber?.kill();
    },
  };
}
