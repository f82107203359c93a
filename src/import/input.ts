// Reading what is imported: a file or stdin ("-"), as text, then JSON with the line and column of
// a syntax error, so that bad input names its file and place (YAML: openapi.ts).
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { failed, type Parsed, parsed, type Problem } from '../errors.ts';
import { MAX_DATA_BYTES, readTextFile } from '../definition/text-file.ts';
import { member } from '../json.ts';
import type { Source } from './types.ts';

export async function readSource(file: string, readStdin: () => Promise<string>): Promise<Parsed<Source>> {
  if (file === '-') return parsed({ file: 'stdin', text: await readStdin() });
  const read = await readTextFile(file, MAX_DATA_BYTES);
  if (!read.ok) return failed([{ file, path: '$', message: `cannot read the file to import: ${read.reason}` }]);
  return parsed({ file, text: read.value });
}

/**
 * The deepest nesting of arrays and objects an imported document may have: far more than a HAR
 * file, a Postman collection's folders or an OpenAPI document's schemas need, and little enough
 * for the parsers, whose recursion goes one level deeper per level of nesting (100,000 levels
 * exhaust the stack; the YAML parser takes seconds and hundreds of MB on them).
 */
export const MAX_IMPORT_DEPTH = 256;

/** Parsed, not `T | Problem`: a JSON value may itself look like a Problem. */
export function parseJson(source: Source, what: string): Parsed<unknown> {
  const errors: ParseError[] = [];
  const text = source.text.replace(/^\uFEFF/, '');
  const tooDeep = nestingProblem(source.file, text);
  if (tooDeep) return failed([tooDeep]);
  const value: unknown = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first) {
    const { line, column } = lineAndColumn(text, first.offset);
    return failed([
      {
        file: source.file,
        path: `line ${line}, column ${column}`,
        line,
        column,
        message: `expected ${what} (JSON), found a syntax error: ${readable(printParseErrorCode(first.error))}`,
      },
    ]);
  }
  return parsed(value);
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** "CommaExpected" → "comma expected". */
function readable(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Where a scan of JSON text is: an array at an index, or an object at its latest key. */
type Frame = { index: number } | { key: string; expectKey: boolean };

/**
 * A problem when JSON `text` nests arrays and objects deeper than `max`, naming the line, column
 * and JSON path where it did. One pass over the characters with a stack of its own (strings
 * skipped, keys kept for the path), so that no depth of input can exhaust the call stack; text
 * that is not JSON is left to the parser to report.
 */
export function nestingProblem(file: string, text: string, max = MAX_IMPORT_DEPTH): Problem | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i = skipString(text, i, frames.at(-1));
    } else if (c === '{' || c === '[') {
      if (frames.length === max) return tooDeep(file, text, i, frames, max);
      frames.push(c === '{' ? { key: '', expectKey: true } : { index: 0 });
    } else if (c === '}' || c === ']') {
      frames.pop();
    } else if (c === ',' || c === ':') {
      separated(frames.at(-1), c);
    }
  }
  return undefined;
}

/** Skips the string opening at `start`, kept as the key when an object expects one: the index of its closing quote. */
function skipString(text: string, start: number, top: Frame | undefined): number {
  const end = stringEnd(text, start);
  if (top && 'expectKey' in top && top.expectKey) top.key = keyOf(text.slice(start, end + 1));
  return end;
}

/** A `,` moves an array to its next index; in an object a `,` says a key comes next, a `:` its value. */
function separated(top: Frame | undefined, c: ',' | ':'): void {
  if (top && 'index' in top && c === ',') top.index++;
  else if (top && 'expectKey' in top) top.expectKey = c === ',';
}

function tooDeep(file: string, text: string, at: number, frames: readonly Frame[], max: number): Problem {
  const { line, column } = lineAndColumn(text, at);
  const message = `arrays and objects nested more than ${max} levels deep; an import needs far fewer`;
  return { file, path: pathOf(frames), line, column, message };
}

/** The index of the quote that closes the string opening at `start` (or the text's last index). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}

function keyOf(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted;
  }
}

function pathOf(frames: readonly Frame[]): string {
  return `$${frames.map((f) => ('index' in f ? `[${f.index}]` : member(f.key))).join('')}`;
}
