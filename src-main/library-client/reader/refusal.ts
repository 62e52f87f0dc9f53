import { resolvePath } from './locate';
import { isPlainObject, readText } from './values';

/** What a refusal's body said: a stable code when there is one, and the service's own words. */
export interface Refusal {
  code?: string;
  message?: string;
}

const MAX_MESSAGE = 300;
/** How deep a refusal's lists and `error` objects are read, and how many of its messages. */
const MAX_WALK = 8;
const MAX_MESSAGES = 50;
// A code is one token (`member_blocked`, `E1042`, `Patron.Blocked`); a sentence is a message.
const CODE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

const MESSAGE_KEYS = [
  'detail',
  'message',
  'error_description',
  'errorMessage',
  'description',
  'msg',
  'reason',
];
const CODE_KEYS = ['code', 'errorCode', 'error_code', 'errorKey', 'subCode'];

// Control characters would let a service's text forge lines in a log or a terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]+/g;

function clean(text: string | undefined): string | undefined {
  const cleaned = text?.replace(CONTROL, ' ').trim().slice(0, MAX_MESSAGE);
  return cleaned ? cleaned : undefined;
}

function first(record: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const text = clean(readText(resolvePath(record, key)?.value));
    if (text) return text;
  }
  return undefined;
}

/** ASP.NET's and others' validation lists: `{ "errors": { "Name": ["is required"] } }` or `[...]`. */
function validationErrors(value: unknown): string | undefined {
  const messages: string[] = [];
  // Real lists nest two or three levels; a deeper one is not walked, so no answer can overflow it.
  const collect = (entry: unknown, field?: string, depth = 0): void => {
    if (depth > MAX_WALK || messages.length >= MAX_MESSAGES) return;
    if (Array.isArray(entry)) entry.forEach((inner) => collect(inner, field, depth + 1));
    else if (isPlainObject(entry)) {
      const text = first(entry, ['message', 'detail', 'description', 'msg']);
      if (text) messages.push(field ? `${field}: ${text}` : text);
      else Object.entries(entry).forEach(([key, inner]) => collect(inner, key, depth + 1));
    } else {
      const text = clean(readText(entry));
      if (text) messages.push(field ? `${field}: ${text}` : text);
    }
  };
  collect(value);
  return messages.length > 0 ? clean(messages.join('; ')) : undefined;
}

/** RFC 9457's `type` is a URI; its last step is the closest thing to a code. */
function problemCode(type: string | undefined): string | undefined {
  if (!type || type === 'about:blank') return undefined;
  const last = type.split(/[/#]/).filter(Boolean).pop();
  return last && CODE.test(last) ? last : undefined;
}

/**
 * Reads a refusal from whatever the service sent: `{ error, message }`, OAuth's
 * `{ error, error_description }`, RFC 9457 problem details, `{ "error": { code, message } }`,
 * `{ "Message": ... }`, validation lists, a bare JSON string, plain text, or nothing.
 */
export function readRefusal(body: unknown, text: string, depth = 0): Refusal {
  if (typeof body === 'string') return { message: clean(body) };
  if (!isPlainObject(body)) {
    // Plain text is the service's words; an HTML error page is not.
    const plain = body === undefined && !/^\s*</.test(text) ? clean(text) : undefined;
    return plain ? { message: plain } : {};
  }
  const nested = resolvePath(body, 'error')?.value;
  if (isPlainObject(nested) && depth < MAX_WALK) {
    const inner = readRefusal(nested, '', depth + 1);
    return { ...readRefusal({ ...body, error: undefined }, '', MAX_WALK), ...inner };
  }
  const errorText = clean(readText(nested));
  const errors = resolvePath(body, 'errors')?.value;
  const title = first(body, ['title']);
  const message =
    first(body, MESSAGE_KEYS) ??
    (errors !== undefined
      ? [title, validationErrors(errors)].filter(Boolean).join(': ') || undefined
      : title) ??
    (errorText && !CODE.test(errorText) ? errorText : undefined);
  const code =
    first(body, CODE_KEYS) ??
    (errorText && CODE.test(errorText) ? errorText : undefined) ??
    problemCode(first(body, ['type']));
  return {
    ...(code ? { code } : {}),
    ...(message ? { message } : !code && errorText ? { message: errorText } : {}),
  };
}
