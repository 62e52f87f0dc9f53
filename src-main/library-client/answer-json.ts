/**
 * The deepest nesting the kiosk reads in an answer. Real answers nest four or five levels; the
 * readers walk what they are given, so a limit here keeps every walk short.
 */
export const MAX_ANSWER_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether brackets outside strings nest deeper than `limit`: one pass, nothing allocated. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}

/**
 * An answer's JSON: `undefined` for text that is not JSON, and also for JSON nested deeper than
 * MAX_ANSWER_DEPTH (`tooDeep`), which the kiosk treats as unreadable rather than walk.
 */
export function parseAnswerJson(text: string): { body: unknown; tooDeep: boolean } {
  if (nestsDeeperThan(text, MAX_ANSWER_DEPTH)) return { body: undefined, tooDeep: true };
  try {
    return { body: JSON.parse(text) as unknown, tooDeep: false };
  } catch {
    return { body: undefined, tooDeep: false };
  }
}
