import { setLogLevel } from '../src-shared/log/logger';
import { createEspeakEngine } from '../src-main/speech/espeak-engine';
import { findOnPath } from '../src-main/speech/find-program';
import { createKioskVoice } from '../src-main/speech/kiosk-voice';
import { wavFormat } from '../src-main/speech/wav-header';
import type { SpeechRequest } from '../src-common/ipc/access';
import { summarise, type BenchRow, type BenchSuite } from './index';

const WARMUP = 3;
const SAMPLES = 40;

/** What audio mode says most: a greeting, one loan's line, and the Help key's whole answer. */
const TEXTS: Record<'greeting' | 'loan line' | 'help', Record<'en' | 'es', string>> = {
  greeting: {
    en: 'Hello, Amara. You have 2 items on loan. Scan your next item.',
    es: 'Hola, Amara. Tiene 2 documentos en préstamo. Escanee el siguiente.',
  },
  'loan line': {
    en: 'The Left Hand of Darkness. Due on Monday, 14 December.',
    es: 'La mano izquierda de la oscuridad. Devolver el lunes 14 de diciembre.',
  },
  help: {
    en:
      'Library self-service kiosk: Central Library. Scan your library card, or press Select to ' +
      'return items. Buttons: Return items, Use your email, Español, Large text. Up and Down move ' +
      'from one button to the next and say it. Select presses the button you are on. Back ' +
      'chooses Start over. The number keys type your PIN. Help says this again. Volume up and ' +
      'Volume down make the voice louder or quieter. The Audio key turns audio off.',
    es:
      'Quiosco de autopréstamo de la biblioteca: Biblioteca Central. Escanee su carné, o pulse ' +
      'Seleccionar para devolver documentos. Botones: Devolver documentos, Usar su correo, ' +
      'English, Texto grande. Arriba y Abajo pasan de un botón al siguiente y lo dicen. ' +
      'Seleccionar pulsa el botón en el que está. Atrás elige Empezar de nuevo. Las teclas de ' +
      'números escriben su PIN. Ayuda repite esto. Subir y bajar volumen hacen la voz más alta ' +
      'o más baja. La tecla Audio apaga el audio.',
  },
};

/** The service as the kiosk runs it (espeak-ng, one request at a time), timed request by request. */
async function run(): Promise<BenchRow[]> {
  setLogLevel('error');
  const binary = findOnPath('espeak-ng', process.env);
  if (!binary) throw new Error('espeak-ng is missing: apt-get install espeak-ng');
  const service = createKioskVoice({
    engine: createEspeakEngine({ binary }),
    voices: { en: 'en-us', es: 'es' },
  });
  const rows: BenchRow[] = [];
  for (const [name, byLanguage] of Object.entries(TEXTS)) {
    for (const language of ['en', 'es'] as const) {
      const request: SpeechRequest = { text: byLanguage[language], language, rate: 175 };
      const times: number[] = [];
      let bytes = 0;
      let seconds = 0;
      for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
        const start = process.hrtime.bigint();
        const answer = await service.say(request);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (answer.engine !== 'espeak-ng') throw new Error(`no speech for ${name} (${language})`);
        if (i < WARMUP) continue;
        times.push(ms);
        const wav = Buffer.from(answer.wav, 'base64');
        bytes = wav.length;
        const format = wavFormat(wav);
        seconds = format.ok ? format.value.seconds : NaN;
      }
      const label = `${name} ${language} (${request.text.length} chars, ${seconds.toFixed(1)} s)`;
      rows.push(summarise(`${label}: make`, 'ms', times));
      rows.push(summarise(`${label}: WAV`, 'KiB', [bytes / 1024]));
    }
  }
  return rows;
}

export const suite: BenchSuite = { name: 'speech', run };
