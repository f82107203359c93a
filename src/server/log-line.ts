// One log entry, one line: test names, URLs and reasons that clients chose reach the server's
// log, and a line break or terminal escape in them must not start a line that looks like the
// server's own.

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators as visible
 * escapes: `\n`, `\r`, `\t`, else `\u{…}`. A stack trace becomes one line with `\n` in it.
 */
export function escapeLogLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
