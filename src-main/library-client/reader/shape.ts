/**
 * The shape of an answer without its values: key names and value types, for a log line that helps
 * an integrator without putting a patron's data or a secret in the log.
 */
export function shapeOf(value: unknown, depth = 3): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    return depth > 0 ? [shapeOf(value[0], depth - 1), `(${value.length} entries)`] : 'array';
  }
  if (typeof value === 'object') {
    if (depth === 0) return 'object';
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 40)
        .map(([key, inner]) => [key, shapeOf(inner, depth - 1)]),
    );
  }
  return typeof value;
}

/**
 * What to log of an answer that could not be read: the shape of a JSON body, and for anything else
 * (an HTML page, `OK`, nothing) its media type and size. Never the text: it may be a patron's data.
 */
export function answerShape(body: unknown, headers: Headers, text: string): unknown {
  if (body !== undefined) return shapeOf(body);
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim().slice(0, 100);
  return {
    json: false,
    contentType: mediaType || 'none',
    bytes: new TextEncoder().encode(text).length,
  };
}
