/**
 * A URL's origin, custom schemes included: `app://kiosk`, whose WHATWG origin is "null", is
 * rebuilt from its scheme and host so that it can be compared. Undefined for no URL or one that
 * does not parse.
 */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin;
}
