import { describe, expect, it } from 'vitest';
import { SettingRuleSchema } from '../../../src-common/ipc/console/setting-rule';
import { SettingsFormSchema } from '../../../src-common/ipc/console/settings';
import { selectOptions } from '../../../src-main/core/console/settings/form';
import type { Language } from '../../../src-common/ipc/contract';
import { catalogText } from '../../support/catalog-words';

/** A catalog entry by dotted id under the settings screen, or undefined. */
const words = (language: Language, id: string): unknown =>
  catalogText(language, `settingsScreen.${id}`);

describe('the settings screen names every setting, choice and rule in words', () => {
  it.each(['en', 'es'] as const)('every field of the form has a label in %s', (language) => {
    for (const field of Object.keys(SettingsFormSchema.shape)) {
      expect(typeof words(language, `field.${field}`), field).toBe('string');
    }
  });

  it.each(['en', 'es'] as const)('every choice of every list has a label in %s', (language) => {
    for (const [field, options] of Object.entries(selectOptions())) {
      for (const option of options) {
        expect(typeof words(language, `option.${field}.${option}`), option).toBe('string');
      }
    }
  });

  it.each(['en', 'es'] as const)('every rule a setting can break reads in %s', (language) => {
    for (const kind of SettingRuleSchema.shape.kind.options) {
      expect(words(language, `rule.${kind}`), kind).toBeDefined();
    }
  });

  it.each([
    [
      'en',
      'field.receipt.askTimeoutMs',
      'Wait for an answer to “Would you like a receipt?” for (seconds)',
    ],
    [
      'es',
      'field.receipt.askTimeoutMs',
      'Esperar respuesta a «¿Quiere un recibo?» durante (segundos)',
    ],
    ['en', 'field.receipt.unanswered', 'When nobody answers “Would you like a receipt?”'],
    ['es', 'field.receipt.unanswered', 'Si nadie responde a «¿Quiere un recibo?»'],
    ['en', 'option.receipt.unanswered.none', 'Print nothing'],
    ['es', 'option.receipt.unanswered.none', 'No imprimir nada'],
    ['en', 'option.receipt.unanswered.print', 'Print the receipt'],
    ['es', 'option.receipt.unanswered.print', 'Imprimir el recibo'],
    [
      'en',
      'rule.warning-after-question',
      'The question must wait longer than the warning before the end of a session, so that “Are you still there?” shows first: make it longer, or the warning shorter.',
    ],
    [
      'es',
      'rule.warning-after-question',
      'La pregunta debe esperar más que el aviso antes del final de la sesión, para que «¿Sigue ahí?» aparezca antes: alárguela o acorte el aviso.',
    ],
  ] as const)('in %s, %s reads exactly "%s"', (language, id, text) => {
    expect(words(language, id)).toBe(text);
  });

  // The monitoring group (issue 26): the listener and the fleet interval by plain names; the
  // listener's secrets stay in the file, and the rules say so.
  it.each([
    ['en', 'section.monitoring', 'Monitoring'],
    ['es', 'section.monitoring', 'Supervisión'],
    ['en', 'field.metrics.enabled', 'Serve metrics for monitoring'],
    ['es', 'field.metrics.enabled', 'Ofrecer métricas para la supervisión'],
    ['en', 'field.metrics.host', 'Serve metrics on address'],
    ['es', 'field.metrics.host', 'Ofrecer las métricas en la dirección'],
    ['en', 'field.metrics.port', 'Metrics port'],
    ['es', 'field.metrics.port', 'Puerto de las métricas'],
    ['en', 'field.fleet.intervalMinutes', 'Look for new fleet settings every (minutes)'],
    ['es', 'field.fleet.intervalMinutes', 'Buscar nueva configuración de flota cada (minutos)'],
    [
      'en',
      'rule.metrics-needs-credentials',
      'Off this computer, metrics need TLS (a certificate and its key) and a scrape token (library-kiosk metrics-token) or client certificates, set in the settings file first: keep 127.0.0.1 until then.',
    ],
    [
      'es',
      'rule.metrics-needs-credentials',
      'Fuera de este equipo, las métricas necesitan TLS (un certificado y su clave) y un token de lectura (library-kiosk metrics-token) o certificados de cliente, puestos antes en el archivo de configuración: deje 127.0.0.1 hasta entonces.',
    ],
    [
      'en',
      'rule.listen-host',
      'Must be a server name or IP address only, such as 0.0.0.0 or 127.0.0.1, without http:// or :port (the port has its own field).',
    ],
    [
      'es',
      'rule.listen-host',
      'Debe ser solo un nombre de servidor o una dirección IP, como 0.0.0.0 o 127.0.0.1, sin http:// ni :puerto (el puerto tiene su propio campo).',
    ],
  ] as const)('monitoring: in %s, %s reads exactly "%s"', (language, id, text) => {
    expect(words(language, id)).toBe(text);
  });

  // The accessibility group (issue 25): each field by its plain name and unit, and the key map's
  // note, since the keys are set in the file or an export only.
  it.each([
    ['en', 'section.accessibility', 'Accessibility: speech, large text, reach'],
    ['es', 'section.accessibility', 'Accesibilidad: voz, texto grande, alcance'],
    ['en', 'field.accessibility.audio', 'Start every session in audio mode (speech)'],
    ['es', 'field.accessibility.audio', 'Empezar cada sesión en modo audio (voz)'],
    ['en', 'field.accessibility.largeText', 'Start every session with large text'],
    ['es', 'field.accessibility.largeText', 'Empezar cada sesión con texto grande'],
    [
      'en',
      'field.accessibility.lowReach',
      'Start every session with the controls low on the screen',
    ],
    [
      'es',
      'field.accessibility.lowReach',
      'Empezar cada sesión con los controles en la parte baja de la pantalla',
    ],
    ['en', 'field.accessibility.audioOnHeadphones', 'Plugging in headphones turns audio mode on'],
    [
      'es',
      'field.accessibility.audioOnHeadphones',
      'Conectar unos auriculares activa el modo audio',
    ],
    ['en', 'field.accessibility.speechRate', 'Speech rate (words per minute)'],
    ['es', 'field.accessibility.speechRate', 'Velocidad de la voz (palabras por minuto)'],
    ['en', 'field.accessibility.voices.en', 'Voice for English (espeak-ng voice)'],
    ['es', 'field.accessibility.voices.en', 'Voz para el inglés (voz de espeak-ng)'],
    ['en', 'field.accessibility.voices.es', 'Voice for Spanish (espeak-ng voice)'],
    ['es', 'field.accessibility.voices.es', 'Voz para el español (voz de espeak-ng)'],
    [
      'en',
      'field.accessibility.hintRepeatSeconds',
      "In audio mode, say the welcome screen's hint again every (seconds)",
    ],
    [
      'es',
      'field.accessibility.hintRepeatSeconds',
      'En modo audio, repetir la indicación de la pantalla de bienvenida cada (segundos)',
    ],
    [
      'en',
      'field.accessibility.audioTimeoutFactor',
      'In audio mode, every timeout is longer by (times)',
    ],
    [
      'es',
      'field.accessibility.audioTimeoutFactor',
      'En modo audio, cada tiempo de espera se alarga por (veces)',
    ],
    [
      'en',
      'field.accessibility.moreTimeFactor',
      '“More time” makes the rest of a session’s timeouts longer by (times)',
    ],
    [
      'es',
      'field.accessibility.moreTimeFactor',
      '«Más tiempo» alarga el resto de los tiempos de espera de la sesión por (veces)',
    ],
    [
      'en',
      'hint.accessibility.audioTimeoutFactor',
      'The session and its warning, the receipt question, the thank-you screen and scan notices. 2 doubles each.',
    ],
    [
      'es',
      'hint.accessibility.audioTimeoutFactor',
      'La sesión y su aviso, la pregunta del recibo, la pantalla de agradecimiento y los avisos de lectura. 2 duplica cada uno.',
    ],
    [
      'en',
      'hint.accessibility.moreTimeFactor',
      'After a patron presses “More time” at “Are you still there?”. Pressing it again does not add more; with audio mode, both apply.',
    ],
    [
      'es',
      'hint.accessibility.moreTimeFactor',
      'Después de que un usuario pulse «Más tiempo» en «¿Sigue ahí?». Volver a pulsarlo no añade más; con el modo audio, se aplican los dos.',
    ],
    [
      'en',
      'accessibilityKeys',
      'The keypad’s keys: for each action, the keys that do it; speech names the first. Out of the box a number pad works with NumLock on or off: 8 and 2 move, 5 or Enter press, “.” is Help, “/” is Back.',
    ],
    [
      'es',
      'accessibilityKeys',
      'Las teclas del teclado numérico: para cada acción, las teclas que la hacen; la voz nombra la primera. Sin cambiar nada, un teclado numérico funciona con Bloq Num activado o no: 8 y 2 mueven, 5 o Intro pulsan, «.» es Ayuda, «/» es Atrás.',
    ],
  ] as const)('in %s, %s reads exactly "%s"', (language, id, text) => {
    expect(words(language, id)).toBe(text);
  });
});
