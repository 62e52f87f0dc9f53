/**
 * Access for patrons who cannot see the screen or reach it (docs/accessibility.md): audio mode,
 * large text, a low-reach layout, and a small keypad's keys. The station's settings give the
 * defaults; a patron's changes last until their session ends.
 */

import { z } from 'zod';
import { SPEECH_RATE } from '../speech-rate';
import { VOLUME } from '../volume';

/** What a key of the station's keypad does, as on accessible ticket machines. */
export const KeypadActionSchema = z.enum([
  /** Move to the previous control and say it. */
  'up',
  /** Move to the next control and say it. */
  'down',
  /** Press the control that has focus. */
  'select',
  /** The screen's way back (cancel a PIN or email, start over). */
  'back',
  /** Say again what this screen asks, then which key does what; starts audio mode if off. */
  'help',
  'volumeUp',
  'volumeDown',
  /** Audio mode on or off. */
  'audio',
]);
export type KeypadAction = z.infer<typeof KeypadActionSchema>;

/**
 * `KeyboardEvent.code` values (a keypad is a USB HID keyboard), or a named key value (`ArrowUp`,
 * `Enter`) a keypad sends under another code; a few per action at most.
 */
const KeyCodes = z.array(z.string().regex(/^[A-Za-z0-9]{1,40}$/)).max(8);

/** Every action's keys; a key named under two actions does the first in this order. */
export const KeyMapSchema = z.object({
  up: KeyCodes,
  down: KeyCodes,
  select: KeyCodes,
  back: KeyCodes,
  help: KeyCodes,
  volumeUp: KeyCodes,
  volumeDown: KeyCodes,
  audio: KeyCodes,
});
export type KeyMap = z.infer<typeof KeyMapSchema>;

/**
 * Out of the box, a plain number keypad (NumLock on or off: a key is read by its code, which
 * NumLock does not change) and a keyboard: 8 and 2 move, 5 or Enter press, "." is Help, "/" is
 * Back, "*" audio, "+" and "-" the volume; beside them the arrow keys, Enter, Escape, F1 and F2.
 * The first key of each action is the one speech names (docs/accessibility.md, "Keys"). Digits
 * stay digits where a screen types them (a PIN), so Help and Back are not digits.
 */
export const DEFAULT_KEY_MAP: KeyMap = {
  up: ['Numpad8', 'ArrowUp', 'ArrowLeft'],
  down: ['Numpad2', 'ArrowDown', 'ArrowRight'],
  select: ['Numpad5', 'NumpadEnter', 'Enter'],
  back: ['NumpadDivide', 'Escape'],
  help: ['NumpadDecimal', 'F1'],
  volumeUp: ['NumpadAdd', 'AudioVolumeUp'],
  volumeDown: ['NumpadSubtract', 'AudioVolumeDown'],
  audio: ['NumpadMultiply', 'F2'],
};

/** The patron's modes now: the station's defaults until the patron changes one. */
export const AccessSchema = z.object({
  audio: z.boolean(),
  largeText: z.boolean(),
  lowReach: z.boolean(),
  /** espeak-ng words per minute. */
  speechRate: z.number().int().min(SPEECH_RATE.min).max(SPEECH_RATE.max),
});
export type Access = z.infer<typeof AccessSchema>;

/** Speech and sounds, 0 (silent) to 1: the station's, until a patron changes it. */
export const VolumeSchema = z.number().min(VOLUME.min).max(VOLUME.max);

/** One press of a pair of keys or buttons: down (-1) or up (1). */
const StepSchema = z.union([z.literal(-1), z.literal(1)]);

/**
 * A patron's change to one or more modes, or a step of the speech rate or the volume (speech and
 * sounds). The rate buttons and the volume keys send a step, not a value: the renderer's copy of
 * the state may be one press behind. Strict, so a field the core does not know (an absolute
 * `volume` from an old renderer) is refused by name, not dropped unseen.
 */
export const AccessChangeSchema = z.strictObject({
  ...AccessSchema.partial().shape,
  speechRateStep: StepSchema.optional(),
  volumeStep: StepSchema.optional(),
});
export type AccessChange = z.infer<typeof AccessChangeSchema>;

/** What the patron holds once a change is made: the volume keys say the level the core set. */
export const AccessChangedSchema = z.object({ volume: VolumeSchema });

/** What the renderer needs of the station's access settings; fixed while the kiosk runs. */
export const AccessStationSchema = z.object({
  keys: KeyMapSchema,
  /** While audio mode is on, the attract screen says its hint again this often. */
  hintRepeatSeconds: z.number().int().positive(),
  /** Headphones plugged in (where the station can tell) start audio mode. */
  audioOnHeadphones: z.boolean(),
});
export type AccessStation = z.infer<typeof AccessStationSchema>;

/** Speech the renderer asks the main process to make: the words, their language and rate. */
export const SpeechRequestSchema = z.object({
  text: z.string().min(1).max(2000),
  language: z.enum(['en', 'es']),
  rate: z.number().int().min(SPEECH_RATE.min).max(SPEECH_RATE.max),
});
export type SpeechRequest = z.infer<typeof SpeechRequestSchema>;

/**
 * The speech made: a WAV file (base64) from espeak-ng, or `none` when the station has no engine
 * (the renderer then uses the platform's speech, if it has one).
 */
export const SpeechAnswerSchema = z.discriminatedUnion('engine', [
  z.object({ engine: z.literal('espeak-ng'), wav: z.base64() }),
  z.object({ engine: z.literal('none') }),
]);
export type SpeechAnswer = z.infer<typeof SpeechAnswerSchema>;
