import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for pactl (no sound server runs here): a script in a folder of its own, to put on
 * the PATH, that answers `info` and `list sinks` from files the test writes and streams `subscribe`
 * events the test appends. The only mock of the headphone tests: the sound card's jack.
 */
export interface FakePactl {
  /** The folder holding `pactl`: put it first on the PATH. */
  bin: string;
  /** The default sink's active port now, by name; its ports are speakers and headphones. */
  setActivePort(port: 'analog-output-speaker' | 'analog-output-headphones'): Promise<void>;
  /** One line of `pactl subscribe`, as a sound server sends on a change. */
  event(line: string): Promise<void>;
  /** `pactl subscribe` exits at once (a server without subscriptions, or gone). */
  refuseSubscribe(): Promise<void>;
  /** The LC_ALL each run of pactl saw, in order. */
  locales(): Promise<string[]>;
  remove(): Promise<void>;
}

const SINK = 'alsa_output.pci-0000_00_1f.3.analog-stereo';

const SCRIPT = `#!/bin/bash
state="$(dirname "$0")/state"
echo "\${LC_ALL:-unset}" >> "$state/locales"
case "$1" in
  info) cat "$state/info" ;;
  list) [ "$2" = sinks ] && cat "$state/sinks" ;;
  subscribe)
    [ -f "$state/no-subscribe" ] && exit 1
    exec tail -n +1 -f "$state/events" ;;
  *) exit 1 ;;
esac
`;

function sinks(activePort: string, headphones: 'available' | 'not available'): string {
  return [
    'Sink #47',
    '\tState: RUNNING',
    `\tName: ${SINK}`,
    '\tDescription: Built-in Audio Analog Stereo',
    '\tPorts:',
    '\t\tanalog-output-speaker: Speakers (type: Speaker, priority: 10000, availability group: Legacy 1, availability unknown)',
    `\t\tanalog-output-headphones: Headphones (type: Headphones, priority: 9900, availability group: Legacy 2, ${headphones})`,
    `\tActive Port: ${activePort}`,
    '\tFormats:',
    '\t\tpcm',
    '',
  ].join('\n');
}

export async function createFakePactl(): Promise<FakePactl> {
  const bin = await mkdtemp(path.join(tmpdir(), 'fake-pactl-'));
  const state = path.join(bin, 'state');
  await mkdir(state);
  await writeFile(path.join(bin, 'pactl'), SCRIPT);
  await chmod(path.join(bin, 'pactl'), 0o755);
  await writeFile(
    path.join(state, 'info'),
    `Server Name: PulseAudio (on PipeWire 1.2.7)\nDefault Sink: ${SINK}\nDefault Source: ${SINK}.monitor\n`,
  );
  await writeFile(path.join(state, 'events'), '');
  await writeFile(path.join(state, 'locales'), '');
  const fake: FakePactl = {
    bin,
    async setActivePort(port) {
      const plugged = port === 'analog-output-headphones';
      await writeFile(
        path.join(state, 'sinks'),
        sinks(port, plugged ? 'available' : 'not available'),
      );
    },
    event: (line) => appendFile(path.join(state, 'events'), `${line}\n`),
    refuseSubscribe: () => writeFile(path.join(state, 'no-subscribe'), ''),
    locales: async () =>
      (await readFile(path.join(state, 'locales'), 'utf8')).split('\n').filter(Boolean),
    // A read the watcher started just before its stop may still be writing `locales`: rm tries
    // again on ENOTEMPTY rather than failing the test (seen once with a busy core).
    remove: () => rm(bin, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }),
  };
  await fake.setActivePort('analog-output-speaker');
  return fake;
}
