// Step chaining (docs/variables.md): a step's `capture_env` and `assertion` list, compiled once before the
// run into closures over a response. A failure is reported as a reason built only from the
// definition (names, paths, the assertion text), never from response contents: reasons are
// error_dist keys, and their number must stay bounded however the target answers.

import { failed, isProblem, type Parsed, parsed, type Problem } from '../errors.ts';
import type { CaptureSpec, Step } from '../types.ts';
import { isDynamicName } from './dynamic.ts';
import type { IterationVars } from './iteration.ts';
import { problem, type TemplateScope, type Where } from './template.ts';
import { isRecord } from '../json.ts';
import { compilePattern, type Pattern } from '../patterns/pattern.ts';

export interface StepResponse {
  status: number;
  /** Names in lower case (as undici gives them); a repeated header as an array. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text; may be '' when the step's checks do not need it (needsBody false). */
  body: string;
  /** Milliseconds, fractions allowed. */
  responseTimeMs: number;
}

export interface StepChecks {
  /** True when a capture or an assertion reads the body or a JSON path. */
  needsBody: boolean;
  /** The names this step captures, to add to the scope of the steps after it. */
  captureNames: readonly string[];
  /** Checks the assertions, then stores the captures in `vars.captured`. Null when all hold, else the reason. */
  run(res: StepResponse, vars: IterationVars): string | null;
}

/** Compiles a step's checks; `where.path` is the step's JSON path, e.g. `$.config_data.steps[1]`. */
export function compileStepChecks(step: Pick<Step, 'capture_env' | 'assertion'>, scope: TemplateScope, where: Where): Parsed<StepChecks> {
  const problems: Problem[] = [];
  const captures: Capture[] = [];
  for (const [name, spec] of Object.entries(step.capture_env ?? {})) {
    const capture = compileCapture(name, spec, scope, at(where, `.capture_env${jsonKey(name)}`));
    if (isProblem(capture)) problems.push(capture);
    else captures.push(capture);
  }
  const assertions: Assertion[] = [];
  (step.assertion ?? []).forEach((text, j) => {
    const assertion = compileAssertion(text, at(where, `.assertion[${j}]`));
    if ('path' in assertion) problems.push(assertion);
    else assertions.push(assertion);
  });
  if (problems.length > 0) return failed(problems);
  return parsed({
    needsBody: captures.some((c) => c.needsBody) || assertions.some((a) => a.needsBody),
    captureNames: captures.map((c) => c.name),
    run: (res, vars) => runChecks(assertions, captures, res, vars),
  });
}

function runChecks(assertions: Assertion[], captures: Capture[], res: StepResponse, vars: IterationVars): string | null {
  const response: Response = { res, json: UNPARSED };
  for (const a of assertions) if (!a.holds(response)) return a.reason;
  for (const c of captures) {
    const value = c.extract(response);
    if (typeof value !== 'string') return value.reason;
    vars.captured.set(c.name, value);
  }
  return null;
}

// ---- The response as checks read it: the body is parsed as JSON at most once ----

const UNPARSED = Symbol('unparsed');
const NOT_JSON = Symbol('not JSON');

interface Response {
  res: StepResponse;
  json: unknown;
}

function jsonOf(r: Response): unknown {
  if (r.json === UNPARSED) {
    try {
      r.json = JSON.parse(r.res.body);
    } catch {
      r.json = NOT_JSON;
    }
  }
  return r.json;
}

function headerOf(r: Response, lowerName: string): string | undefined {
  const value = r.res.headers[lowerName];
  return Array.isArray(value) ? value.join(', ') : value;
}

// ---- JSON paths: `data.token`, `items.0.id`, `items[0].id`, optionally starting with `$.` ----

function compileJsonPath(path: string): string[] | string {
  let p = path.trim();
  if (p === '$' || p === '') return p === '$' ? [] : 'a JSON path must not be empty; write e.g. "data.token" or "items.0.id"';
  if (p.startsWith('$.')) p = p.slice(2);
  const segments = p.replace(/\[([0-9]+)\]/g, '.$1').split('.');
  return segments.includes('') ? `the JSON path "${path}" has an empty segment; write e.g. "data.token" or "items.0.id"` : segments;
}

function lookup(doc: unknown, segments: readonly string[]): unknown {
  let current = doc;
  for (const s of segments) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, s)) return undefined;
    current = (current as Record<string, unknown>)[s];
  }
  return current;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// ---- Captures ----

interface Failure {
  reason: string;
}

interface Capture {
  name: string;
  needsBody: boolean;
  extract(r: Response): string | Failure;
}

const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function compileCapture(name: string, spec: CaptureSpec, scope: TemplateScope, where: Where): Capture | Problem {
  const nameProblem = captureNameProblem(name, scope);
  if (nameProblem !== undefined) return problem(where, nameProblem);
  const fail = (why: string): Failure => ({ reason: `capture failed: ${name} (${why})` });
  if (spec.from === 'header') return compileHeaderCapture(name, spec, fail, where);
  if ('json_path' in spec) {
    const segments = compileJsonPath(spec.json_path);
    if (typeof segments === 'string') return problem(at(where, '.json_path'), segments);
    const notFound = fail(`json path "${spec.json_path}" not found`);
    const notJson = fail('body is not JSON');
    return {
      name,
      needsBody: true,
      extract: (r) => {
        const doc = jsonOf(r);
        if (doc === NOT_JSON) return notJson;
        const value = lookup(doc, segments);
        return value === undefined ? notFound : asText(value);
      },
    };
  }
  const regexp = compileRegexp(spec.regexp, at(where, '.regexp'));
  if (!(regexp instanceof CaptureRegexp)) return regexp;
  const noMatch = fail(`regexp ${JSON.stringify(spec.regexp.exp)} did not match the body`);
  return { name, needsBody: true, extract: (r) => regexp.match(r.res.body) ?? noMatch };
}

function compileHeaderCapture(
  name: string,
  spec: Extract<CaptureSpec, { from: 'header' }>,
  fail: (why: string) => Failure,
  where: Where,
): Capture | Problem {
  const header = spec.header_key.trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(header))
    return problem(at(where, '.header_key'), `${JSON.stringify(spec.header_key)} is not a header name`);
  const missing = fail(`header "${header}" not found`);
  if (spec.regexp === undefined) return { name, needsBody: false, extract: (r) => headerOf(r, header) ?? missing };
  const regexp = compileRegexp(spec.regexp, at(where, '.regexp'));
  if (!(regexp instanceof CaptureRegexp)) return regexp;
  const noMatch = fail(`regexp ${JSON.stringify(spec.regexp.exp)} did not match header "${header}"`);
  return {
    name,
    needsBody: false,
    extract: (r) => {
      const value = headerOf(r, header);
      return value === undefined ? missing : (regexp.match(value) ?? noMatch);
    },
  };
}

function captureNameProblem(name: string, scope: TemplateScope): string | undefined {
  if (!CAPTURE_NAME.test(name))
    return `a capture name must be a letter or "_" followed by letters, digits, "_" or "-", got ${JSON.stringify(name)}`;
  if (isDynamicName(name)) return `"${name}" is a dynamic value; choose another capture name`;
  if (scope.env.has(name)) return `"${name}" is already an environment variable; a capture must not shadow it, choose another name`;
  return undefined;
}

/** A capture regexp: the group `matchNo` of the first match (default: group 1 when there is a group, else the whole match). */
class CaptureRegexp {
  private readonly pattern: Pattern;
  private readonly group: number;
  constructor(pattern: Pattern, group: number) {
    this.pattern = pattern;
    this.group = group;
  }
  match(text: string): string | undefined {
    return this.pattern.exec(text)?.[this.group];
  }
}

function compileRegexp(spec: { exp: string; matchNo?: number }, where: Where): CaptureRegexp | Problem {
  const compiled = compilePattern(spec.exp);
  if (compiled.problem !== undefined) return problem(at(where, '.exp'), compiled.problem);
  const groups = compiled.pattern.groupCount;
  const group = spec.matchNo ?? (groups > 0 ? 1 : 0);
  if (!Number.isInteger(group) || group < 0 || group > groups) {
    return problem(
      at(where, '.matchNo'),
      `matchNo is the group to capture: 0 (the whole match)${groups > 0 ? ` to ${groups}` : ''}, got ${group}`,
    );
  }
  return new CaptureRegexp(compiled.pattern, group);
}

// ---- Assertions: `fn(subject[, literal…])`, parsed once ----

interface Assertion {
  needsBody: boolean;
  reason: string;
  holds(r: Response): boolean;
}

type Literal = string | number | boolean | null | Literal[];
type Subject = { read(r: Response): unknown; needsBody: boolean };
type ArgKind = 'any' | 'number' | 'string' | 'array';

interface AssertionFunction {
  args: ArgKind[];
  compile(args: Literal[]): (value: unknown) => boolean;
}

const FUNCTIONS: Record<string, AssertionFunction> = {
  equals: {
    args: ['any'],
    compile:
      ([x]) =>
      (v) =>
        looseEqual(v, x!),
  },
  not_equals: {
    args: ['any'],
    compile:
      ([x]) =>
      (v) =>
        !looseEqual(v, x!),
  },
  in: {
    args: ['array'],
    compile:
      ([xs]) =>
      (v) =>
        (xs as Literal[]).some((x) => looseEqual(v, x)),
  },
  not_in: {
    args: ['array'],
    compile:
      ([xs]) =>
      (v) =>
        !(xs as Literal[]).some((x) => looseEqual(v, x)),
  },
  less_than: {
    args: ['number'],
    compile:
      ([n]) =>
      (v) =>
        toNumber(v) < (n as number),
  },
  greater_than: {
    args: ['number'],
    compile:
      ([n]) =>
      (v) =>
        toNumber(v) > (n as number),
  },
  range: {
    args: ['number', 'number'],
    compile:
      ([lo, hi]) =>
      (v) =>
        toNumber(v) >= (lo as number) && toNumber(v) < (hi as number),
  },
  contains: {
    args: ['any'],
    compile:
      ([x]) =>
      (v) =>
        containsValue(v, x!),
  },
  not_contains: {
    args: ['any'],
    compile:
      ([x]) =>
      (v) =>
        !containsValue(v, x!),
  },
  regexp: {
    args: ['string'],
    compile: ([exp]) => {
      const compiled = compilePattern(exp as string);
      if (compiled.problem !== undefined) throw new SyntaxError(compiled.problem);
      const pattern = compiled.pattern;
      return (v) => v !== undefined && pattern.test(asText(v));
    },
  },
  exists: { args: [], compile: () => (v) => v !== undefined },
  not_exists: { args: [], compile: () => (v) => v === undefined },
};

export const ASSERTION_FUNCTIONS: readonly string[] = Object.keys(FUNCTIONS);

/**
 * The error statuses (400–599) a step's assertions expect: those for which every assertion on
 * status_code holds. None when no assertion reads the status. Such a status is the answer the
 * step asked for, so it is not an HTTP error (docs/verdict.md, http_fail_rate).
 */
export function expectedErrorStatuses(assertions: readonly string[] | undefined): number[] {
  const onStatus: ((status: number) => boolean)[] = [];
  for (const text of assertions ?? []) {
    try {
      const parsed = parseAssertion(text.trim());
      const fn = FUNCTIONS[parsed.fn];
      if (!fn || parsed.subject !== STATUS_SUBJECT) continue;
      const test = fn.compile(parsed.args);
      onStatus.push((status) => test(status));
    } catch {
      // A broken assertion is the definition validator's to report.
    }
  }
  if (onStatus.length === 0) return [];
  const expected: number[] = [];
  for (let status = 400; status <= 599; status++) if (onStatus.every((holds) => holds(status))) expected.push(status);
  return expected;
}

function compileAssertion(text: string, where: Where): Assertion | Problem {
  const source = text.trim();
  try {
    const parsed = parseAssertion(source);
    const fn = FUNCTIONS[parsed.fn];
    if (fn === undefined) throw new SyntaxError(`unknown assertion "${parsed.fn}"; known: ${ASSERTION_FUNCTIONS.join(', ')}`);
    checkArgs(parsed.fn, fn.args, parsed.args);
    const test = fn.compile(parsed.args);
    const subject = parsed.subject;
    return { needsBody: subject.needsBody, reason: `assertion failed: ${source}`, holds: (r) => test(subject.read(r)) };
  } catch (err) {
    return problem(where, `cannot use the assertion ${JSON.stringify(source)}: ${(err as Error).message}`);
  }
}

function checkArgs(name: string, kinds: ArgKind[], args: Literal[]): void {
  const usage = `${name}(subject${kinds.map((k) => `, ${k === 'any' ? 'value' : k}`).join('')})`;
  if (args.length !== kinds.length) throw new SyntaxError(`expected ${usage}`);
  kinds.forEach((kind, i) => {
    const arg = args[i];
    const ok = kind === 'any' || (kind === 'array' ? Array.isArray(arg) : typeof arg === kind);
    if (!ok) throw new SyntaxError(`argument ${i + 2} must be a${kind === 'array' ? 'n array' : ` ${kind}`}; expected ${usage}`);
  });
}

interface ParsedAssertion {
  fn: string;
  subject: Subject;
  args: Literal[];
}

/** A small recursive-descent reader; errors are SyntaxErrors whose message says what was expected where. */
function parseAssertion(s: string): ParsedAssertion {
  let i = 0;
  const skip = (): void => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  const fail = (expected: string): never => {
    throw new SyntaxError(`expected ${expected} at character ${i + 1}`);
  };
  const expect = (c: string): void => {
    skip();
    if (s[i] !== c) fail(`"${c}"`);
    i++;
  };
  const word = (pattern: RegExp, what: string): string => {
    skip();
    pattern.lastIndex = i;
    const m = pattern.exec(s);
    if (m === null) return fail(what);
    i += m[0].length;
    return m[0];
  };
  const jsonString = (): string => {
    const m = /"(?:[^"\\]|\\.)*"/y;
    return JSON.parse(word(m, 'a "string"')) as string;
  };
  const literal = (): Literal => {
    skip();
    if (s[i] === '"') return jsonString();
    if (s[i] === '[') {
      i++;
      const items: Literal[] = [];
      skip();
      while (s[i] !== ']') {
        if (items.length > 0) expect(',');
        items.push(literal());
        skip();
      }
      i++;
      return items;
    }
    const token = word(/-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/y, 'a number, "string", [array], true, false or null');
    return token === 'true' ? true : token === 'false' ? false : token === 'null' ? null : Number(token);
  };
  const subject = (): Subject => {
    const name = word(/[A-Za-z_][A-Za-z0-9_.-]*/y, 'a subject: status_code, response_time, body, headers.<name> or json_path("…")');
    if (name === 'json_path') {
      expect('(');
      skip();
      const path = s[i] === '"' ? jsonString() : word(/[^)]+/y, 'a JSON path');
      expect(')');
      const segments = compileJsonPath(path);
      if (typeof segments === 'string') throw new SyntaxError(segments);
      const read = (r: Response): unknown => {
        const doc = jsonOf(r);
        return doc === NOT_JSON ? undefined : lookup(doc, segments);
      };
      return { needsBody: true, read };
    }
    return namedSubject(name);
  };
  const fn = word(/[A-Za-z_][A-Za-z0-9_]*/y, 'an assertion such as equals(status_code,200)');
  expect('(');
  const subj = subject();
  const args: Literal[] = [];
  skip();
  while (s[i] === ',') {
    i++;
    args.push(literal());
    skip();
  }
  expect(')');
  skip();
  if (i < s.length) fail('the end of the assertion');
  return { fn, subject: subj, args };
}

const STATUS_SUBJECT: Subject = { needsBody: false, read: (r) => r.res.status };

function namedSubject(name: string): Subject {
  if (name === 'status_code') return STATUS_SUBJECT;
  if (name === 'response_time') return { needsBody: false, read: (r) => r.res.responseTimeMs };
  if (name === 'body') return { needsBody: true, read: (r) => r.res.body };
  if (name.startsWith('headers.') && name.length > 'headers.'.length) {
    const header = name.slice('headers.'.length).toLowerCase();
    return { needsBody: false, read: (r) => headerOf(r, header) };
  }
  throw new SyntaxError(`unknown subject "${name}"; use status_code, response_time, body, headers.<name> or json_path("…")`);
}

/** JSON equality, except that a number equals a string holding that number as JavaScript writes it (headers are text). */
function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => looseEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && looseEqual(a[k], b[k]));
  }
  return false;
}

/** An array contains an equal element; anything else contains the text of `x` in its text. */
function containsValue(v: unknown, x: Literal): boolean {
  if (v === undefined) return false;
  if (Array.isArray(v)) return v.some((e) => looseEqual(e, x));
  return asText(v).includes(typeof x === 'string' ? x : JSON.stringify(x));
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

function jsonKey(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

function at(where: Where, suffix: string): Where {
  return { ...where, path: `${where.path}${suffix}` };
}
