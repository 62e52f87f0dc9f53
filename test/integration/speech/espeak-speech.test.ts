import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechAnswer, SpeechRequest } from '../../../src-common/ipc/access';
import {
  setLogLevel,
  setLogSinks,
  stderrSink,
  type LogRecord,
} from '../../../src-shared/log/logger';
import { createEspeakEngine } from '../../../src-main/speech/espeak-engine';
import { findOnPath } from '../../../src-main/speech/find-program';
import { createKioskVoice } from '../../../src-main/speech/kiosk-voice';
import { stationSpeech } from '../../../src-main/speech/station-audio';
import { wavFormat } from '../../../src-main/speech/wav-header';

/**
 * The real espeak-ng (Debian's package) through the speech service, and each WAV checked by sox
 * as a station's tools would read it: its length for the words said, and that it is not silent.
 */

const run = promisify(execFile);
const VOICES = { en: 'en-us', es: 'es' };

// Patron data as the screens would say it: a first name and a title.
const GREETING_EN = 'Hello, Amara. Scan your first item, or press Enter to return items.';
const GREETING_ES = 'Hola, Amara. Escanee su primer documento o pulse Intro para devolver.';
const LOAN_EN = 'The Left Hand of Darkness, due on the fourteenth of December.';

let dir: string;
const records: LogRecord[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-speech-'));
  setLogSinks([(record) => records.push(record)]);
  setLogLevel('debug');
});

afterAll(async () => {
  setLogLevel('error'); // the integration project's KIOSK_LOG_LEVEL
  setLogSinks([stderrSink]);
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  records.length = 0;
});

function espeak(): string {
  const binary = findOnPath('espeak-ng', process.env);
  if (!binary) throw new Error('espeak-ng is missing: apt-get install espeak-ng (.ci/run does)');
  return binary;
}

/** sox's own reading of a WAV file: its length in seconds and its RMS amplitude (0 to 1). */
async function soxStat(wav: Buffer, name: string): Promise<{ seconds: number; rms: number }> {
  const file = path.join(dir, `${name}.wav`);
  await writeFile(file, wav);
  // `stat` writes its table on stderr.
  const { stderr } = await run('sox', [file, '-n', 'stat']);
  const figure = (label: string): number => {
    const match = new RegExp(`^${label}:\\s+(-?[0-9.]+)`, 'm').exec(stderr);
    if (!match?.[1]) throw new Error(`sox said no ${label}:\n${stderr}`);
    return Number(match[1]);
  };
  return { seconds: figure('Length \\(seconds\\)'), rms: figure('RMS\\s+amplitude') };
}

const wavOf = (answer: SpeechAnswer): Buffer => {
  if (answer.engine !== 'espeak-ng') throw new Error(`no speech: ${answer.engine}`);
  return Buffer.from(answer.wav, 'base64');
};

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

const request = (text: string, language: 'en' | 'es' = 'en', rate = 175): SpeechRequest => ({
  text,
  language,
  rate,
});

/** Nothing of what was said, not a word of it, in any log record. */
function expectLogFree(...texts: string[]): void {
  const logged = JSON.stringify(records);
  for (const text of texts) {
    for (const word of text.match(/\p{L}{4,}/gu) ?? []) {
      expect(logged, `"${word}" was logged`).not.toContain(word);
    }
  }
}

describe('speech through the service with the real espeak-ng', () => {
  it.each([
    { language: 'en' as const, text: GREETING_EN },
    { language: 'es' as const, text: GREETING_ES },
  ])(
    '$language: a WAV sox reads, as long as the words take and not silent',
    async ({ language, text }) => {
      const service = createKioskVoice({
        engine: createEspeakEngine({ binary: espeak() }),
        voices: VOICES,
      });
      const wav = wavOf(await service.say(request(text, language)));
      const { seconds, rms } = await soxStat(wav, `greeting-${language}`);
      // 12 words at 175 a minute are about 4 s; pauses at the commas and stops make more.
      const spoken = (words(text) / 175) * 60;
      expect(seconds).toBeGreaterThan(spoken * 0.6);
      expect(seconds).toBeLessThan(spoken * 2);
      expect(rms).toBeGreaterThan(0.02);
      // The header's own length agrees with sox's (the streamed sizes were filled in).
      const format = wavFormat(wav);
      expect(format.ok && format.value).toMatchObject({ sampleRate: 22_050, channels: 1 });
      expect(format.ok && format.value.seconds).toBeCloseTo(seconds, 2);
    },
  );

  it('fills in the sizes espeak-ng leaves open: soxi reads a length from the header only then', async () => {
    const args = ['-v', 'en-us', '-s', '175', '--stdout'];
    const raw = spawnSync(espeak(), args, { input: LOAN_EN }).stdout;
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak() }),
      voices: VOICES,
    });
    const fixed = wavOf(await service.say(request(LOAN_EN)));
    const headerSeconds = async (wav: Buffer, name: string): Promise<number> => {
      const file = path.join(dir, `${name}.wav`);
      await writeFile(file, wav);
      return Number((await run('soxi', ['-D', file])).stdout.trim());
    };
    expect(raw.readUInt32LE(40)).toBeGreaterThan(0x70000000);
    expect(await headerSeconds(raw, 'raw')).toBe(0);
    const { seconds } = await soxStat(fixed, 'fixed');
    expect(await headerSeconds(fixed, 'fixed')).toBeCloseTo(seconds, 3);
    // The samples themselves are espeak-ng's, untouched.
    expect(fixed.subarray(44).equals(raw.subarray(44, 44 + fixed.length - 44))).toBe(true);
  });

  it('speaks faster at a faster rate: a shorter WAV for the same words', async () => {
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak() }),
      voices: VOICES,
    });
    const slow = await soxStat(wavOf(await service.say(request(LOAN_EN, 'en', 120))), 'slow');
    const fast = await soxStat(wavOf(await service.say(request(LOAN_EN, 'en', 300))), 'fast');
    expect(fast.seconds).toBeLessThan(slow.seconds * 0.7);
  });

  it.each(['.', ' ', '…', '¿?', '-'])(
    'refuses "%s", which has nothing to say: none, no engine run',
    async (text) => {
      let runs = 0;
      const engine = createEspeakEngine({ binary: espeak() });
      const service = createKioskVoice({
        engine: { name: engine.name, synth: (r) => (runs++, engine.synth(r)) },
        voices: VOICES,
      });
      expect(await service.say(request(text))).toEqual({ engine: 'none' });
      expect(runs).toBe(0);
    },
  );

  it('espeak-ng itself makes a short silence of a lone full stop (why it is refused)', async () => {
    const made = await createEspeakEngine({ binary: espeak() }).synth({
      text: '.',
      voice: 'en-us',
      rate: 175,
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const { seconds, rms } = await soxStat(made.value, 'stop');
    expect(seconds).toBeLessThan(0.1);
    expect(rms).toBeLessThan(0.001);
  });

  it('kills a run past its time and answers none, logging why without the words', async () => {
    const long = `${LOAN_EN} `.repeat(30).slice(0, 2000);
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak(), timeoutMs: 5 }),
      voices: VOICES,
    });
    expect(await service.say(request(long))).toEqual({ engine: 'none' });
    expect(records.map((record) => record.data)).toContainEqual({
      problem: { kind: 'timeout', ms: 5 },
      language: 'en',
    });
    expectLogFree(long);
  });

  it('cuts off a WAV past its size cap', async () => {
    const made = await createEspeakEngine({ binary: espeak(), maxBytes: 20_000 }).synth({
      text: LOAN_EN,
      voice: 'en-us',
      rate: 175,
    });
    expect(made).toEqual({ ok: false, error: { kind: 'too-large', maxBytes: 20_000 } });
  });

  it('runs a few at once, queues some, and refuses more: busy', async () => {
    const engine = createEspeakEngine({ binary: espeak(), running: 1, waiting: 1 });
    const results = await Promise.all(
      [1, 2, 3].map(() => engine.synth({ text: LOAN_EN, voice: 'es', rate: 175 })),
    );
    expect(results.map((result) => (result.ok ? 'wav' : result.error.kind))).toEqual([
      'wav',
      'wav',
      'busy',
    ]);
  });

  it('answers none when KIOSK_ESPEAK_NG names no program, said once at start and never per request', async () => {
    const service = stationSpeech({
      voices: VOICES,
      env: { PATH: process.env.PATH, KIOSK_ESPEAK_NG: path.join(dir, 'no-such-espeak') },
    });
    expect(records.map((record) => record.message)).toEqual([
      'audio mode has no speech engine: install espeak-ng',
    ]);
    expect(records[0]?.data).toEqual({ why: 'KIOSK_ESPEAK_NG names no program' });
    expect(await service.say(request(GREETING_EN))).toEqual({ engine: 'none' });
    expect(await service.say(request(GREETING_ES, 'es'))).toEqual({ engine: 'none' });
    expect(records).toHaveLength(1);
    expectLogFree(GREETING_EN, GREETING_ES);
  });

  it('finds espeak-ng on the PATH at start and says nothing of it', async () => {
    const service = stationSpeech({ voices: VOICES, env: { PATH: process.env.PATH } });
    expect(records).toEqual([]);
    expect((await service.say(request(LOAN_EN))).engine).toBe('espeak-ng');
  });

  it('an engine that fails (an unknown voice) answers none and logs its exit, not the words', async () => {
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak() }),
      voices: { en: 'xx-nonexistent', es: 'es' },
    });
    expect(await service.say(request(GREETING_EN))).toEqual({ engine: 'none' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: 'warn',
      message: 'no speech made: the engine failed',
      data: { problem: { kind: 'exited', exitCode: 1, signal: null }, language: 'en' },
    });
    expectLogFree(GREETING_EN);
  });
});

describe('the transcript (tests only)', () => {
  it('keeps each request’s language and words in order, and forget() empties it', async () => {
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak() }),
      voices: VOICES,
      transcript: true,
    });
    await service.say(request(GREETING_EN));
    await service.say(request(GREETING_ES, 'es'));
    await service.say(request('.'));
    expect(service.transcript?.()).toEqual([
      { language: 'en', text: GREETING_EN },
      { language: 'es', text: GREETING_ES },
      { language: 'en', text: '.' },
    ]);
    service.forget();
    expect(service.transcript?.()).toEqual([]);
    await service.say(request(LOAN_EN));
    expect(service.transcript?.()).toEqual([{ language: 'en', text: LOAN_EN }]);
  });

  it('is not kept at all unless asked for (production)', async () => {
    const service = createKioskVoice({
      engine: createEspeakEngine({ binary: espeak() }),
      voices: VOICES,
    });
    await service.say(request(GREETING_EN));
    expect(service.transcript).toBeUndefined();
  });

  it('is a copy: a test changing what it read changes nothing kept', async () => {
    const service = createKioskVoice({ engine: undefined, voices: VOICES, transcript: true });
    await service.say(request(LOAN_EN));
    service.transcript?.().splice(0);
    expect(service.transcript?.()).toHaveLength(1);
  });
});
