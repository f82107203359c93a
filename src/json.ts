// Parsed JSON from outside (files, requests, service answers) is `unknown` until checked; the
// problems found name the place by JSON path and say what was there.

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON-path segment for an object key: `.name`, or `["odd key"]` when it is not an identifier. */
export function member(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** A value as a problem's message shows what was found: its kind, or the literal cut at 60 characters. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  // JSON.parse reads a literal past the largest double (1e400) as Infinity, which JSON writes as null.
  if (value === Number.POSITIVE_INFINITY) return 'a number too large (above 1.8e308)';
  if (value === Number.NEGATIVE_INFINITY) return 'a negative number too large (under -1.8e308)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 56)}…"` : text;
}
