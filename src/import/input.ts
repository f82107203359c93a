// Reading what is imported: a file or stdin ("-"), as text, then JSON with the line and column of
// a syntax error, so that bad input names its file and place (YAML: openapi.ts).
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { failed, type Parsed, parsed } from '../errors.ts';
import { MAX_DATA_BYTES, readTextFile } from '../definition/text-file.ts';
import type { Source } from './types.ts';

export async function readSource(file: string, readStdin: () => Promise<string>): Promise<Parsed<Source>> {
  if (file === '-') return parsed({ file: 'stdin', text: await readStdin() });
  const read = await readTextFile(file, MAX_DATA_BYTES);
  if (!read.ok) return failed([{ file, path: '$', message: `cannot read the file to import: ${read.reason}` }]);
  return parsed({ file, text: read.value });
}

/** Parsed, not `T | Problem`: a JSON value may itself look like a Problem. */
export function parseJson(source: Source, what: string): Parsed<unknown> {
  const errors: ParseError[] = [];
  const text = source.text.replace(/^\uFEFF/, '');
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
