// JSON text from a user (a definition, an environment file, a request body) parsed strictly, in
// one pass of jsonc-parser's visitor before any value is built: the first syntax error at its line
// and column, keys given twice in one object (JSON.parse keeps the last one silently) and nesting
// deeper than any definition needs (a recursive reader would exhaust the stack on it) are
// problems naming both places and the JSON path.
import { printParseErrorCode, visit, type JSONPath, type ParseErrorCode } from 'jsonc-parser';
import { failed, type Parsed, parsed, shownProblems, type Problem } from '../errors.ts';
import { describeValue, member } from '../json.ts';

/**
 * The deepest nesting of arrays and objects accepted. A definition needs 7 levels; the limit also
 * bounds the recursion of the visitor, of jsonc-parser's tree and of the validator.
 */
export const MAX_JSON_DEPTH = 64;

/** The value and the text it was parsed from (for locating later problems). */
export interface JsonDocument {
  json: unknown;
  text: string;
}

/**
 * The document, or the problems: a syntax error (`syntax`: the text is not JSON), or keys given
 * twice and nesting too deep.
 */
export type JsonText = Parsed<JsonDocument> & { syntax?: boolean };

/**
 * Parses `text` (a leading byte order mark ignored); `file` names it in the problems. A `secret`
 * text (an inline environment) is never quoted: a syntax error says what was expected, not what
 * was found.
 */
export function parseJsonText(text: string, file?: string, { secret = false } = {}): JsonText {
  const source = text.replace(/^\uFEFF/, '');
  const { problems, syntax } = structureProblems(source, secret);
  if (problems.length > 0) return { ...failed(problems.map((p) => (file === undefined ? p : { file, ...p }))), syntax };
  return parsed({ json: JSON.parse(source), text: source });
}

/** A stop of the visit: the nesting went too deep, or the text is not JSON. */
class Stop {}

function structureProblems(text: string, secret: boolean): { problems: Problem[]; syntax: boolean } {
  const problems: Problem[] = [];
  let syntax = false;
  /** Per open object, the line and column of each key seen in it. */
  const keys: Array<Map<string, Position> | null> = [];
  const open = (line: number, character: number, path: () => JSONPath, object: boolean): void => {
    keys.push(object ? new Map() : null);
    if (keys.length <= MAX_JSON_DEPTH) return;
    const message = `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep; a test definition needs fewer than 10`;
    problems.push(at({ line, character }, pathText(path()), message));
    throw new Stop();
  };
  try {
    visit(
      text,
      {
        onObjectBegin: (_offset, _length, line, character, path) => open(line, character, path, true),
        onArrayBegin: (_offset, _length, line, character, path) => open(line, character, path, false),
        onObjectEnd: () => void keys.pop(),
        onArrayEnd: () => void keys.pop(),
        onObjectProperty: (name, _offset, _length, line, character, path) => {
          const seen = keys.at(-1);
          const first = seen?.get(name);
          if (first === undefined) return void seen?.set(name, { line, character });
          const message = `duplicate key ${describeValue(name)}: first at ${place(first)}, again at ${place({ line, character })}; JSON keeps only one of them, so give it once`;
          problems.push(at({ line, character }, pathText([...path(), name]), message));
        },
        onError: (code, offset, length, line, character) => {
          syntax = true;
          problems.push(
            at(
              { line, character },
              `line ${line + 1}, column ${character + 1}`,
              `JSON syntax error: ${syntaxMessage(code, secret ? undefined : { text, offset, length })}`,
            ),
          );
          throw new Stop();
        },
      },
      { disallowComments: true },
    );
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return { problems, syntax };
}

/** jsonc-parser's positions: 0-based line and UTF-16 character within the line. */
interface Position {
  line: number;
  character: number;
}

function place(p: Position): string {
  return `line ${p.line + 1}, column ${p.character + 1}`;
}

function at(p: Position, path: string, message: string): Problem {
  return { path, message, line: p.line + 1, column: p.character + 1 };
}

function pathText(path: JSONPath): string {
  return `$${path.map((s) => (typeof s === 'number' ? `[${s}]` : member(s))).join('')}`;
}

/** What was expected, and what was found unless the text must not be quoted. */
function syntaxMessage(code: ParseErrorCode, found?: { text: string; offset: number; length: number }): string {
  const expected = SYNTAX_EXPECTATIONS[printParseErrorCode(code)] ?? 'not valid JSON';
  if (!found) return expected;
  const { text, offset, length } = found;
  return `${expected}, got ${offset >= text.length ? 'the end of the text' : shown(text.slice(offset, offset + Math.max(length, 1)))}`;
}

/** What was found, cut short, control characters escaped (a line break must not start a new log line). */
function shown(token: string): string {
  const cut = token.length > 40 ? `${token.slice(0, 39)}…` : token;
  return `\`${JSON.stringify(cut).slice(1, -1).replace(/\\"/g, '"')}\``;
}

/** By jsonc-parser's error name (its codes are a const enum, which type stripping cannot read). */
const SYNTAX_EXPECTATIONS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array)',
  InvalidNumberFormat: 'expected a number such as 12, -3.5 or 1e6',
  PropertyNameExpected: 'expected a key in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':' after the key",
  CommaExpected: "expected ',' between two items",
  CloseBraceExpected: "expected ',' or '}' after a value in the object",
  CloseBracketExpected: "expected ',' or ']' after an item of the array",
  EndOfFileExpected: 'expected the end of the text after the JSON value',
  InvalidCommentToken: 'expected no comments (JSON has none)',
  UnexpectedEndOfComment: 'expected no comments (JSON has none)',
  UnexpectedEndOfString: 'expected the string to end with a double quote on the same line',
  UnexpectedEndOfNumber: 'expected digits to finish the number',
  InvalidUnicode: 'expected four hexadecimal digits after \\u',
  InvalidEscapeCharacter: 'expected an escape such as \\n, \\" or \\\\ after the backslash',
  InvalidCharacter: 'expected control characters in a string to be escaped (\\n, \\t, \\u0000)',
};

/**
 * Line and column of problems at JSON paths (`$.config_data.steps[1].method`) in the text they came
 * from. Only the problems a reader is shown are located (errors.ts, MAX_PROBLEMS_SHOWN): the rest
 * are counted, never placed, and a generated file can have tens of thousands. One visit of the
 * text finds the places along the shown problems' paths: it builds no tree, skips the contents of
 * every other array and object, and stops once each path is found or known to end early, which
 * for problems in document order is near their last one (docs/performance.md).
 */
export function locateProblems(problems: Problem[], text: string): Problem[] {
  if (problems.length === 0) return problems;
  const { shown } = shownProblems(problems);
  const paths = shown.map((problem) => jsonPathSegments(problem.path));
  const root = wantedPlaces(paths);
  findPlaces(root, text);
  const located = shown.map((problem, i) => {
    const place = deepestPlace(root, paths[i]);
    return place === undefined ? problem : { ...problem, line: place.line + 1, column: place.character + 1 };
  });
  return [...located, ...problems.slice(located.length)];
}

/**
 * A place along the problems' paths, with the places wanted below it (by key in an object, by
 * index in an array). `at` is where it begins once found: its key in an object, else its value.
 */
interface Wanted {
  parent: Wanted | undefined;
  children: Map<string | number, Wanted>;
  /** A problem's path ends here. */
  target: boolean;
  /** Targets here and below neither found nor known to be absent. */
  open: number;
  at?: Position;
}

function wanted(parent: Wanted | undefined): Wanted {
  return { parent, children: new Map(), target: false, open: 0 };
}

function wantedPlaces(paths: Array<JSONPath | undefined>): Wanted {
  const root = wanted(undefined);
  for (const segments of paths) {
    if (!segments) continue;
    let node = root;
    for (const segment of segments) {
      const child = node.children.get(segment) ?? wanted(node);
      node.children.set(segment, child);
      node = child;
    }
    if (node.target) continue;
    node.target = true;
    for (let n: Wanted | undefined = node; n; n = n.parent) n.open++;
  }
  return root;
}

/** An array or object open in the visit: what is wanted inside it, its last item's index, the place of the key just read. */
interface Frame {
  wanted: Wanted | undefined;
  array: boolean;
  index: number;
  key: Wanted | undefined;
}

/** Sets `at` of the wanted places that the text has; stops as soon as every target is settled. */
function findPlaces(root: Wanted, text: string): void {
  if (root.open === 0) return;
  const frames: Frame[] = [];
  const settle = (node: Wanted, targets: number): void => {
    for (let n: Wanted | undefined = node; n; n = n.parent) n.open -= targets;
    if (root.open === 0) throw new Stop();
  };
  const found = (node: Wanted | undefined, at: Position): Wanted | undefined => {
    if (!node) return undefined;
    node.at = at;
    if (node.target) settle(node, 1);
    return node;
  };
  // Once a value ends, whatever it lacks of the paths through it is absent.
  const ended = (node: Wanted | undefined): void => {
    if (node && node.open > 0) settle(node, node.open);
  };
  const valueAt = (line: number, character: number): Wanted | undefined => {
    const frame = frames.at(-1);
    if (!frame) return found(root, { line, character });
    if (!frame.array) return frame.key;
    frame.index++;
    return found(frame.wanted?.children.get(frame.index), { line, character });
  };
  const begin = (array: boolean) => (_offset: number, _length: number, line: number, character: number) => {
    const node = valueAt(line, character);
    frames.push({ wanted: node, array, index: -1, key: undefined });
    // The contents of a value no path goes into are scanned without a callback.
    return node !== undefined && node.children.size > 0;
  };
  const end = () => ended(frames.pop()?.wanted);
  try {
    visit(text, {
      onObjectBegin: begin(false),
      onArrayBegin: begin(true),
      onObjectEnd: end,
      onArrayEnd: end,
      onObjectProperty: (name, _offset, _length, line, character) => {
        const frame = frames.at(-1)!;
        frame.key = found(frame.wanted?.children.get(name), { line, character });
      },
      onLiteralValue: (_value, _offset, _length, line, character) => ended(valueAt(line, character)),
    });
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
}

/** Where the deepest place of the path that the text has begins: a missing key points at the object that lacks it. */
function deepestPlace(root: Wanted, segments: JSONPath | undefined): Position | undefined {
  if (!segments) return undefined;
  let place = root.at;
  let node: Wanted | undefined = root;
  for (const segment of segments) {
    node = node.children.get(segment);
    if (!node?.at) break;
    place = node.at;
  }
  return place;
}

/** `$.a.b[2]["c d"]` → ['a', 'b', 2, 'c d']; undefined for what is not a JSON path. */
export function jsonPathSegments(path: string): JSONPath | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: JSONPath = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (!match) return undefined;
    segments.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : (JSON.parse(match[3]!) as string)));
  }
  return segments;
}
