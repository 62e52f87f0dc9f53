import { encodeText, type Sip2Encoding } from '../../src-shared/sip2/encoding';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';

/**
 * A value the listener's encoding can carry: each character it lacks loses its accents
 * ("Ó" -> "O") or, failing that, becomes "?", as a system on a narrow code page does. Also no
 * "|", CR or LF, which no field may hold.
 */
export function fitText(text: string, encoding: Sip2Encoding): string {
  const safe = text.replace(/[|\r\n]/g, ' ');
  if (encoding === 'utf-8' || encodeText(safe, encoding).ok) return safe;
  let fitted = '';
  for (const character of safe) {
    if (encodeText(character, encoding).ok) {
      fitted += character;
      continue;
    }
    const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
    fitted += encodeText(bare, encoding).ok ? bare : '?';
  }
  return fitted;
}

/** Every value of an answer fitted (fixed fields are the listener's own ASCII, left as they are). */
export function fitMessage(message: OutgoingMessage, encoding: Sip2Encoding): OutgoingMessage {
  const fields: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries(message.fields as Record<string, string | string[]>)) {
    fields[id] = Array.isArray(value)
      ? value.map((one) => fitText(one, encoding))
      : fitText(value, encoding);
  }
  return { ...message, fields } as OutgoingMessage;
}
