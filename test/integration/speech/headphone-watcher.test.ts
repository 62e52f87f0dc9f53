import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  setLogLevel,
  setLogSinks,
  stderrSink,
  type LogRecord,
} from '../../../src-shared/log/logger';
import {
  createHeadphoneWatcher,
  type HeadphoneWatcher,
} from '../../../src-main/speech/headphone-watcher';
import { stationHeadphones } from '../../../src-main/speech/station-audio';
import { createFakePactl, type FakePactl } from '../../support/fake-pactl';

/**
 * The headphone watcher against a stand-in pactl on the PATH (no sound server runs here): the
 * jack is the one thing mocked; the watcher runs pactl as a station would.
 */

const PLUG_EVENTS = [
  "Event 'change' on card #45",
  "Event 'change' on sink #47",
  "Event 'change' on server #-1",
];

let pactl: FakePactl;
let watcher: HeadphoneWatcher | undefined;
const records: LogRecord[] = [];

beforeEach(async () => {
  pactl = await createFakePactl();
  records.length = 0;
  setLogSinks([(record) => records.push(record)]);
  setLogLevel('debug');
});

afterEach(async () => {
  watcher?.stop();
  watcher = undefined;
  setLogLevel('error'); // the integration project's KIOSK_LOG_LEVEL
  setLogSinks([stderrSink]);
  await pactl.remove();
});

const env = () => ({ PATH: `${pactl.bin}:${process.env.PATH ?? ''}` });

async function plug(port: 'analog-output-speaker' | 'analog-output-headphones'): Promise<void> {
  await pactl.setActivePort(port);
  for (const line of PLUG_EVENTS) await pactl.event(line);
}

/** What each of the watcher's reads of the default sink found, in order (its debug line). */
const reads = (): unknown[] =>
  records
    .filter((r) => r.message === 'sound output read')
    .map((r) => (r.data as { headphones?: unknown } | undefined)?.headphones);

/** Waits until the watcher has made `count` reads: what follows a read is then decided. */
async function readsMade(count: number): Promise<unknown[]> {
  await vi.waitFor(() => expect(reads()).toHaveLength(count), { timeout: 10_000 });
  return reads();
}

function watch(options: { pollMs?: number } = {}): { plugs: () => number } {
  let plugs = 0;
  const started = stationHeadphones({
    enabled: true,
    env: env(),
    onPlugged: () => (plugs += 1),
    ...options,
  });
  if (!started) throw new Error('no watcher: the fake pactl was not found');
  watcher = started;
  return { plugs: () => plugs };
}

describe('headphones plugged in, read through pactl subscribe', () => {
  it('a plug (the default sink’s active port becomes the headphones) is told once per plug', async () => {
    const { plugs } = watch();
    await watcher?.start();
    await plug('analog-output-headphones');
    await vi.waitFor(() => expect(plugs()).toBe(1));
    await plug('analog-output-speaker');
    // Unplugged (the read after it saw the speakers), then plugged again: a second plug.
    await vi.waitFor(() => expect(reads().at(-1)).toBe(false), { timeout: 10_000 });
    expect(plugs()).toBe(1);
    await plug('analog-output-headphones');
    await vi.waitFor(() => expect(plugs()).toBe(2));
    expect(
      records.filter((r) => r.message === 'headphones plugged in: audio mode on'),
    ).toHaveLength(2);
  });

  it('headphones already in at start are no plug', async () => {
    await pactl.setActivePort('analog-output-headphones');
    const { plugs } = watch();
    await watcher?.start();
    await pactl.event("Event 'change' on sink #47");
    // The start's read and the event's both found headphones in: no plug.
    expect(await readsMade(2)).toEqual([true, true]);
    expect(plugs()).toBe(0);
  });

  it('events on anything but sinks, cards and the server start no read', async () => {
    const { plugs } = watch();
    await watcher?.start();
    // info, list sinks, then subscribe: the start's three runs.
    await vi.waitFor(async () => expect(await pactl.locales()).toHaveLength(3));
    await pactl.setActivePort('analog-output-headphones');
    await pactl.event("Event 'new' on sink-input #90");
    await pactl.event("Event 'change' on source #48");
    await pactl.event("Event 'change' on client #12");
    // Then speakers again and an event that does start a read: had the three above started one
    // more than 150 ms (the settling time) before it, that read would have seen the headphones (a
    // plug) and been counted. Which lines start a read is unit-tested in headphone-events.test.ts.
    await pactl.setActivePort('analog-output-speaker');
    await pactl.event("Event 'change' on sink #47");
    expect(await readsMade(2)).toEqual([false, false]);
    expect(plugs()).toBe(0);
    // One info and one list after the start's three: the marker's read alone.
    expect(await pactl.locales()).toHaveLength(5);
  });

  it('runs pactl in the C locale, whose labels it reads', async () => {
    watch();
    await watcher?.start();
    const locales = await pactl.locales();
    expect(locales.length).toBeGreaterThanOrEqual(2);
    expect(new Set(locales)).toEqual(new Set(['C']));
  });
});

describe('where pactl subscribe does not work', () => {
  it('reads the sinks every few seconds instead, and says so once', async () => {
    await pactl.refuseSubscribe();
    const { plugs } = watch({ pollMs: 100 });
    await watcher?.start();
    await vi.waitFor(() =>
      expect(records.map((r) => r.message)).toContain(
        'pactl subscribe stopped: the sinks are read every few seconds instead',
      ),
    );
    await pactl.setActivePort('analog-output-headphones');
    await vi.waitFor(() => expect(plugs()).toBe(1));
  });
});

describe('a station that cannot tell', () => {
  it('without pactl: off, said once in the log', () => {
    const watcher = stationHeadphones({
      enabled: true,
      env: { PATH: '/nonexistent' },
      onPlugged: () => undefined,
    });
    expect(watcher).toBeUndefined();
    expect(records.map((r) => r.message)).toEqual([
      'headphones are not watched: no pactl (PulseAudio or PipeWire) on this station',
    ]);
  });

  it('with audioOnHeadphones off: no watcher, no pactl run, nothing logged', async () => {
    expect(
      stationHeadphones({ enabled: false, env: env(), onPlugged: () => undefined }),
    ).toBeUndefined();
    expect(await pactl.locales()).toEqual([]);
    expect(records).toEqual([]);
  });

  it('a sound server that does not answer: unknown, said once, no plug', async () => {
    let plugs = 0;
    watcher = createHeadphoneWatcher({
      pactl: '/bin/false',
      onPlugged: () => (plugs += 1),
      pollMs: 50,
    });
    await watcher.start();
    // The start's read and at least two polls, each unanswered (the polls go on meanwhile).
    await vi.waitFor(() => expect(reads().length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(new Set(reads())).toEqual(new Set(['unknown']));
    expect(plugs).toBe(0);
    expect(
      records.filter(
        (r) => r.message === 'pactl did not say where sound goes: headphones unknown for now',
      ),
    ).toHaveLength(1);
  });
});
