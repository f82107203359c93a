// `{{…}}` templates (docs/variables.md). A template is parsed once, before the run: environment variables
// become constants, everything else becomes a closure, and adjacent text is merged. Rendering is
// then a concatenation of precomputed parts; a template without per-iteration parts is a constant.

import { failed, type Parsed, parsed, type Problem } from '../errors.ts';
import type { DataSet } from './csv.ts';
import { compileDynamic, dynamicNamesList, isDynamicName, type RenderPart } from './dynamic.ts';
import type { IterationVars } from './iteration.ts';

/** What a template may refer to. */
export interface TemplateScope {
  /** Environment variables, already rendered (see envVariables). */
  env: ReadonlyMap<string, string>;
  /** The loaded data sets, in test_data order: a set's position is its index in IterationVars.rows. */
  dataSets: readonly DataSet[];
  /** The names captured by steps that run before the one being compiled. */
  capturedNames: ReadonlySet<string>;
  /**
   * Declared data sets that could not be loaded: their problems are reported already, so a
   * reference to one is not reported again as an unknown set.
   */
  unreadableDataSets?: ReadonlySet<string>;
  /** The names of the secret environment variables: a message never quotes text derived from their values. */
  secrets?: ReadonlySet<string>;
}

/** Where a template is written: the definition file and the JSON path of the string. */
export interface Where {
  file?: string;
  /** e.g. `$.config_data.steps[1].headers.Authorization` */
  path: string;
}

export interface CompiledTemplate {
  /** The text when it is the same for every request (no data, capture or dynamic value), else null. */
  readonly static: string | null;
  render(vars: IterationVars): string;
}

export interface CompiledUrl {
  /** `scheme://host[:port]` as WHATWG URL normalises it (lower-case host, no default port). */
  origin: string;
  /** Path and query (starts with "/"), fragment removed, characters illegal in a request target percent-encoded. */
  path: CompiledTemplate;
}

export function createIterationVars(dataSetCount: number, random: () => number = Math.random): IterationVars {
  return { k: 0, rows: new Int32Array(dataSetCount).fill(-1), captured: new Map(), random };
}

/** Prepares a (reused) IterationVars for iteration k: no rows drawn, nothing captured. */
export function beginIteration(vars: IterationVars, k: number): void {
  vars.k = k;
  vars.rows.fill(-1);
  vars.captured.clear();
}

export function compileTemplate(text: string, scope: TemplateScope, where: Where): Parsed<CompiledTemplate> {
  const pieces = parsePieces(text, scope, where);
  return pieces.ok ? parsed(build(pieces.value, undefined)) : pieces;
}

/**
 * Compiles a step URL. Its origin (scheme, host, port) must be known before the run, so it may
 * use environment variables but not data, captures or dynamic values: the engine keeps one
 * connection pool per origin. The path and query may use anything.
 */
export function compileUrl(text: string, scope: TemplateScope, where: Where): Parsed<CompiledUrl> {
  const parsedPieces = parsePieces(text, scope, where);
  if (!parsedPieces.ok) return parsedPieces;
  const pieces = parsedPieces.value;
  const head = pieces.consts[0]!;
  const authorityEnd = findAuthorityEnd(head);
  if (authorityEnd < 0 && pieces.parts.length > 0) {
    return failed([
      problem(
        where,
        `the URL's origin (scheme, host and port) must not depend on test data, captures or dynamic values; write it as text or with environment variables, e.g. "{{BASE_URL}}/users/{{data.users.id}}"`,
      ),
    ]);
  }
  const originText = authorityEnd < 0 ? head : head.slice(0, authorityEnd);
  const origin = validOrigin(originText);
  if (origin.error !== undefined) {
    // What URL parsing made of a secret (a scheme or host lowercased, a port cut short) would slip
    // past the redaction of its exact value: with a secret in the URL, the reason names no part of it.
    const error = templateReferences(text).some((name) => scope.secrets?.has(name)) ? MALFORMED_ORIGIN : origin.error;
    return failed([problem(where, `${error}; got ${JSON.stringify(originText)} after environment variables were resolved`)]);
  }
  const path = withoutFragment({
    consts: [authorityEnd < 0 ? '' : head.slice(authorityEnd), ...pieces.consts.slice(1)],
    parts: pieces.parts,
  });
  if (!path.consts[0]!.startsWith('/')) path.consts[0] = `/${path.consts[0]!}`;
  return parsed({ origin: origin.value, path: build(path, toRequestTarget) });
}

/** The names a template refers to (`{{ NAME }}` → `NAME`), in order: which variables a text uses. */
export function templateReferences(text: string): string[] {
  return [...text.matchAll(/\{\{(.*?)\}\}/gs)].map((m) => m[1]!.trim());
}

interface Pieces {
  /** Text around the parts: consts.length === parts.length + 1. */
  consts: string[];
  parts: RenderPart[];
}

type Resolved = { constant: string } | { part: RenderPart } | { error: string };

function parsePieces(text: string, scope: TemplateScope, where: Where): Parsed<Pieces> {
  const consts: string[] = [];
  const parts: RenderPart[] = [];
  const problems: Problem[] = [];
  let pending = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (open < 0) break;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) {
      problems.push(problem(where, `"{{" at character ${open + 1} is not closed by "}}"`));
      break;
    }
    pending += text.slice(at, open);
    const resolved = resolve(text.slice(open + 2, close).trim(), scope);
    if ('constant' in resolved) pending += resolved.constant;
    else if ('part' in resolved) {
      consts.push(pending);
      parts.push(resolved.part);
      pending = '';
    } else problems.push(problem(where, resolved.error));
    at = close + 2;
  }
  if (problems.length > 0) return failed(problems);
  consts.push(pending + text.slice(at));
  return parsed({ consts, parts });
}

const DYNAMIC_REF = /^(_[A-Za-z]+)\s*(?:\(([^()]*)\))?$/;

function resolve(ref: string, scope: TemplateScope): Resolved {
  if (ref === '') return { error: 'empty "{{}}"; write {{NAME}}, {{data.<set>.<tag>}} or a dynamic value such as {{_randomUUID}}' };
  if (ref.startsWith('data.')) {
    // A placeholder: the test will not run, and the set's own problem says why.
    if (scope.unreadableDataSets?.has(ref.split('.')[1] ?? '')) return { constant: '' };
    return resolveData(ref, scope.dataSets);
  }
  const dynamic = DYNAMIC_REF.exec(ref);
  if (dynamic !== null && isDynamicName(dynamic[1]!)) {
    if (scope.env.has(ref))
      return { error: `"${ref}" is both an environment variable and a dynamic value; rename the environment variable` };
    const part = compileDynamic(dynamic[1]!, dynamic[2]);
    return typeof part === 'string' ? { error: part } : { part };
  }
  const constant = scope.env.get(ref);
  if (constant !== undefined) return { constant };
  if (scope.capturedNames.has(ref)) return { part: (v) => v.captured.get(ref) ?? '' };
  return { error: unknownMessage(ref, scope) };
}

function resolveData(ref: string, dataSets: readonly DataSet[]): Resolved {
  const [, setName, ...tagParts] = ref.split('.');
  const tag = tagParts.join('.');
  if (!setName || !tag) return { error: `"{{${ref}}}" is incomplete; write {{data.<set>.<tag>}}` };
  const index = dataSets.findIndex((s) => s.name === setName);
  const set = dataSets[index];
  if (set === undefined) {
    const declared = dataSets.length === 0 ? 'no test_data is declared' : `declared: ${dataSets.map((s) => s.name).join(', ')}`;
    return { error: `unknown data set "${setName}" in {{${ref}}}; ${declared}` };
  }
  const column = set.tagIndex(tag);
  if (column < 0) {
    const tags = set.tags.length === 0 ? 'it has no tagged columns' : `its tags: ${set.tags.join(', ')}`;
    return { error: `data set "${setName}" has no tag "${tag}" (in {{${ref}}}); ${tags}` };
  }
  return { part: (v) => set.value(column, rowOf(v, index, set)) };
}

/** The row of `set` for this iteration, drawn on first use and then shared by every step. */
function rowOf(vars: IterationVars, index: number, set: DataSet): number {
  let row = vars.rows[index]!;
  if (row < 0) {
    row = set.order === 'sequential' ? vars.k % set.rowCount : Math.floor(vars.random() * set.rowCount);
    vars.rows[index] = row;
  }
  return row;
}

const MAX_LISTED = 20;

function unknownMessage(ref: string, scope: TemplateScope): string {
  const known = [...scope.env.keys(), ...scope.capturedNames];
  const listed =
    known.length === 0
      ? 'there are no environment variables or earlier captures'
      : `known: ${known.slice(0, MAX_LISTED).join(', ')}${known.length > MAX_LISTED ? ', …' : ''}`;
  const dynamicHint = ref.startsWith('_') ? `; dynamic values: ${dynamicNamesList()}` : '';
  return `unknown variable "${ref}": not an environment variable and not captured by an earlier step (${listed})${dynamicHint}`;
}

function build(pieces: Pieces, finish: ((s: string) => string) | undefined): CompiledTemplate {
  const { consts, parts } = pieces;
  if (parts.length === 0) {
    const text = finish === undefined ? consts[0]! : finish(consts[0]!);
    return { static: text, render: () => text };
  }
  const concat = concatenation(consts, parts);
  return { static: null, render: finish === undefined ? concat : (v) => finish(concat(v)) };
}

function concatenation(consts: string[], parts: RenderPart[]): RenderPart {
  const [c0, c1, c2] = consts as [string, string, string | undefined];
  const [p0, p1] = parts as [RenderPart, RenderPart | undefined];
  if (parts.length === 1) return (v) => c0 + p0(v) + c1;
  if (parts.length === 2) return (v) => c0 + p0(v) + c1 + p1!(v) + c2!;
  return (v) => {
    let s = c0;
    for (let i = 0; i < parts.length; i++) s += parts[i]!(v) + consts[i + 1]!;
    return s;
  };
}

function findAuthorityEnd(head: string): number {
  const scheme = head.indexOf('://');
  if (scheme < 0) return -1;
  for (let i = scheme + 3; i < head.length; i++) {
    const c = head[i];
    if (c === '/' || c === '?' || c === '#') return i;
  }
  return -1;
}

const MALFORMED_ORIGIN = 'the URL must start with http:// or https:// and a host (and an optional port)';

function validOrigin(text: string): { value: string; error?: undefined } | { error: string } {
  const malformed = { error: MALFORMED_ORIGIN };
  if (!text.includes('://')) return malformed;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return malformed;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: `the URL scheme must be http or https, not ${url.protocol.slice(0, -1)}` };
  if (url.username !== '' || url.password !== '')
    return { error: 'credentials in the URL are not sent; put them in an Authorization header' };
  return { value: url.origin };
}

function withoutFragment(pieces: Pieces): Pieces {
  const at = pieces.consts.findIndex((c) => c.includes('#'));
  if (at < 0) return pieces;
  const consts = pieces.consts.slice(0, at + 1);
  consts[at] = consts[at]!.slice(0, consts[at]!.indexOf('#'));
  return { consts, parts: pieces.parts.slice(0, at) };
}

/**
 * Percent-encodes what may not appear in an HTTP request target (controls, space, non-ASCII,
 * `"<>\^`{|}`), as browsers do for a typed URL; everything else, `%` included, is sent as written.
 */
export function toRequestTarget(path: string): string {
  for (let i = 0; i < path.length; i++) {
    if (needsEncoding(path.charCodeAt(i))) return path.replace(UNSAFE, encodeCodePoint);
  }
  return path;
}

const UNSAFE = /[^\x21-\x7e]|["<>\\^`{|}]/gu;

function needsEncoding(c: number): boolean {
  return (
    c <= 0x20 ||
    c >= 0x7f ||
    c === 0x22 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5c ||
    c === 0x5e ||
    c === 0x60 ||
    c === 0x7b ||
    c === 0x7c ||
    c === 0x7d
  );
}

function encodeCodePoint(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as the WHATWG URL parser writes it
  }
}

export function problem(where: Where, message: string): Problem {
  return where.file === undefined ? { path: where.path, message } : { file: where.file, path: where.path, message };
}
