import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechAnswerSchema } from '../../../src-common/ipc/access';
import type { KioskState } from '../../../src-common/ipc/contract';
import { wavFormat } from '../../../src-main/speech/wav-header';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { createFakePactl, type FakePactl } from '../../support/fake-pactl';
import type { IpcWireClient } from '../../support/ipc-wire-client';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

/**
 * Audio mode's main-process half behind the web host, as the renderer reaches it over the
 * WebSocket: `patron.speech.say` answers a WAV made by the real espeak-ng; the transcript a test reads
 * is emptied when a session ends; and headphones plugged in (a stand-in pactl on the PATH, the
 * one mock: no sound card here) turn audio mode on in the state every page sees.
 */

let test: TestWebKiosk;
let web: WebKiosk;
let kiosk: IpcWireClient;
let pactl: FakePactl;
const PATH = process.env.PATH;

beforeAll(async () => {
  pactl = await createFakePactl();
  // The kiosk looks pactl up on the PATH at start, as on a station.
  process.env.PATH = `${pactl.bin}:${PATH ?? ''}`;
  test = await startTestWebKiosk({
    prefix: 'kiosk-speech-',
    settings: {
      // SIP2 serves patrons with no staff signed in: a session can start and end here.
      patron: { backEnd: 'sip2' },
      receipt: { mode: 'none' },
      scanner: { device: { mode: 'off' } },
    },
    host: { speechTranscript: true },
  });
  web = test.web;
  kiosk = test.ipc!;
});

afterAll(async () => {
  process.env.PATH = PATH;
  await test?.stop();
  await pactl?.remove();
});

const transcript = () => web.kiosk.speech?.transcript();

/** A session begun (check-in) and ended by the patron: the choices and transcript reset. */
async function oneSession(): Promise<void> {
  await kiosk.until((state) => state.screen.name === 'attract');
  expect((await kiosk.invoke('patron.startCheckIn')).ok).toBe(true);
  await kiosk.until((state) => state.screen.name === 'check-in');
  expect((await kiosk.invoke('patron.cancel')).ok).toBe(true);
  await kiosk.until((state) => state.screen.name === 'attract');
}

describe('speech.say over the web host’s socket', () => {
  it.each([
    { language: 'en', text: 'Hello, Amara. Scan your first item.' },
    { language: 'es', text: 'Hola, Amara. Escanee su primer documento.' },
  ])('$language: a WAV from espeak-ng, its sizes filled in', async (request) => {
    const result = await kiosk.invoke('patron.speech.say', { ...request, rate: 175 });
    expect(result.ok).toBe(true);
    const answer = SpeechAnswerSchema.parse(result.ok && result.value);
    expect(answer.engine).toBe('espeak-ng');
    const wav = Buffer.from(answer.engine === 'espeak-ng' ? answer.wav : '', 'base64');
    const format = wavFormat(wav);
    expect(format.ok && format.value.dataBytes).toBe(wav.length - 44);
    expect(format.ok && format.value.seconds).toBeGreaterThan(1.2);
  });

  it.each([
    { case: 'a language with no voice', payload: { text: 'Bonjour', language: 'fr', rate: 175 } },
    { case: 'no words', payload: { text: '', language: 'en', rate: 175 } },
    { case: 'a rate past the fastest', payload: { text: 'Hi', language: 'en', rate: 2000 } },
  ])(
    'refuses $case at the choke point, before the engine or the transcript',
    async ({ payload }) => {
      const before = transcript()?.length;
      expect((await kiosk.invoke('patron.speech.say', payload)).ok).toBe(false);
      expect(transcript()?.length).toBe(before);
    },
  );

  it('keeps what a session asked to be said for the test, and forgets it when the session ends', async () => {
    await oneSession();
    expect(transcript()).toEqual([]);
    await kiosk.invoke('patron.speech.say', {
      text: 'Return your items.',
      language: 'en',
      rate: 175,
    });
    await kiosk.invoke('patron.speech.say', {
      text: 'Devuelva sus documentos.',
      language: 'es',
      rate: 175,
    });
    expect(transcript()).toEqual([
      { language: 'en', text: 'Return your items.' },
      { language: 'es', text: 'Devuelva sus documentos.' },
    ]);
    await oneSession();
    expect(transcript()).toEqual([]);
  });
});

describe('headphones plugged in', () => {
  const audio = (state: KioskState) => state.access.audio;

  it('turn audio mode on for the screen showing, until the session ends', async () => {
    await kiosk.until((state) => state.screen.name === 'attract' && !audio(state));
    await pactl.setActivePort('analog-output-headphones');
    await pactl.event("Event 'change' on sink #47");
    await kiosk.until(audio, 5_000);
    // A session's end puts the station's defaults back (audio off here), headphones or not.
    await oneSession();
    expect(audio(await kiosk.until((state) => state.screen.name === 'attract'))).toBe(false);
  });
});
