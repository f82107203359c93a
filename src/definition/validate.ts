// Validation of a parsed definition (pure): the schema, then the rules a schema cannot say,
// every problem gathered with its JSON path; then the defaults (docs/interface.md 2.1).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { failed, type Parsed, parsed, type Problem } from '../errors.ts';
import { closest } from '../settings/suggest.ts';
import type { ConfigData, Environment, LoadTestDefinition, Step, StepStream, TestDataSet } from '../types.ts';
import { compilePattern } from '../patterns/pattern.ts';
import {
  DEFAULT_STREAM_MAX_S,
  DEFAULTS,
  EnvironmentSchema,
  FORBIDDEN_HEADERS,
  LIMITS,
  LoadTestSchema,
  PATTERNS,
  type RawEnvironment,
  type RawLoadTest,
} from './schema.ts';
import { describeValue, isRecord, member } from '../json.ts';

/** A valid definition, and the environment file it names (still to be loaded), if any. */
export interface ValidDefinition {
  definition: LoadTestDefinition;
  environmentPath?: string;
}

export type DefinitionValidation = Parsed<ValidDefinition>;

export type EnvironmentValidation = Parsed<Environment>;

export function validateDefinition(raw: unknown, file: string): DefinitionValidation {
  const { definition: check } = validators();
  const problems = check(raw) ? [] : schemaProblems(check.errors ?? [], raw);
  problems.push(...definitionRuleProblems(raw));
  if (problems.length > 0) return failed(withFile(inDocumentOrder(problems), file));
  return parsed(normaliseDefinition(raw as RawLoadTest));
}

/** For environment files and the action's `environment` input; `file` is absent for an input. */
export function validateEnvironment(raw: unknown, file?: string): EnvironmentValidation {
  const { environment: check } = validators();
  const problems = check(raw) ? [] : schemaProblems(check.errors ?? [], raw);
  problems.push(...environmentRuleProblems(raw, '$'));
  if (problems.length > 0) return failed(withFile(inDocumentOrder(problems), file));
  return parsed(normaliseEnvironment(structuredClone(raw as RawEnvironment)));
}

/** The problem with a step URL, or null; `websocket`: the URL of a WebSocket stream step (ws:// or wss://). */
export function checkStepUrl(url: string, websocket = false): string | null {
  const [plain, secure] = websocket ? ['ws', 'wss'] : ['http', 'https'];
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    return `expected an absolute URL starting with ${plain}:// or ${secure}://, got ${describeValue(url)}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `expected a valid absolute ${plain}(s) URL, got ${describeValue(url)}`;
  }
  if (parsed.protocol !== `${plain}:` && parsed.protocol !== `${secure}:`) {
    const article = websocket ? 'a' : 'an';
    const hint = websocket
      ? ': the URL of a WebSocket stream step'
      : parsed.protocol.startsWith('ws')
        ? '; a WebSocket step takes "stream": {"type": "websocket", …}'
        : '';
    return `expected ${article} ${plain}:// or ${secure}:// URL, got a ${parsed.protocol}// URL${hint}`;
  }
  return null;
}

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TEMPLATE = /\{\{[^}]*\}\}/g;

/** The problem with a header name (templates in it are checked after resolution), or null. */
export function checkHeaderName(name: string): string | null {
  const literal = name.replace(TEMPLATE, '');
  if (literal === '' && name !== '') return null;
  if (HTTP_TOKEN.test(literal)) return null;
  return `invalid header name ${describeValue(name)}: expected letters, digits and !#$%&'*+-.^_\`|~ only (no spaces or colons)`;
}

/** undici's rule for a header value: tab, visible ASCII and Latin-1; never CR, LF or NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The problem with a header value's written parts (templates are checked after resolution), or
 * null: its length (the schema's bound, checked again once variables are resolved) and its characters.
 */
export function checkHeaderValue(value: string): string | null {
  if (value.length > LIMITS.headerValueBytes) {
    return `a header value of ${value.length} bytes: at most ${LIMITS.headerValueBytes} are allowed (servers commonly answer 431 to longer ones)`;
  }
  const literal = value.replace(TEMPLATE, '');
  if (HEADER_VALUE.test(literal)) return null;
  const bad = [...literal].find((c) => !HEADER_VALUE.test(c)) ?? '';
  const named =
    bad === '\r' || bad === '\n'
      ? 'a line break'
      : `the character ${JSON.stringify(bad)} (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  return `invalid header value: it holds ${named}; a header value is one line of tab, printable ASCII and Latin-1 characters`;
}

/** Why a header may not be set by a definition, or null. */
export function forbiddenHeader(name: string): string | null {
  const reason = FORBIDDEN_HEADERS[name.toLowerCase()];
  return reason === undefined ? null : `the header ${describeValue(name)} cannot be set: ${reason}`;
}

// ---- schema ----

let compiled: { definition: ValidateFunction; environment: ValidateFunction } | undefined;

function validators(): { definition: ValidateFunction; environment: ValidateFunction } {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
    compiled = { definition: ajv.compile(LoadTestSchema), environment: ajv.compile(EnvironmentSchema) };
  }
  return compiled;
}

function schemaProblems(errors: ErrorObject[], root: unknown): Problem[] {
  const suggestions: Suggestions = new Map();
  const problems = resolveAnyOfs(errors).map((e) => translate(e, root, suggestions));
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\n${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * ajv reports every failed branch of an anyOf. Keep only the branch the value was meant for
 * (one whose type and discriminator fit, with the fewest errors); when that is ambiguous,
 * the anyOf error alone stands for them, as one "expected A, B or C" message. Each error is
 * looked up among the anyOfs around it (a few path prefixes), never compared with every other
 * error, so thousands of failed anyOfs cost time in proportion to their number.
 */
function resolveAnyOfs(errors: ErrorObject[]): ErrorObject[] {
  const anyOfs: AnyOfs = new Map();
  for (const e of errors.filter((e) => e.keyword === 'anyOf')) {
    const at = anyOfs.get(e.schemaPath) ?? new Map<string, ErrorObject>();
    anyOfs.set(e.schemaPath, at.set(e.instancePath, e));
  }
  if (anyOfs.size === 0) return errors;
  const outside: ErrorObject[] = [];
  const inside = new Map<ErrorObject, ErrorObject[]>();
  const around = new Map<string, string[]>();
  for (const e of errors) {
    const group = outermostAnyOf(e, anyOfs, around) ?? (e.keyword === 'anyOf' ? e : undefined);
    if (!group) outside.push(e);
    else if (!inside.has(group)) inside.set(group, group === e ? [] : [e]);
    else if (group !== e) inside.get(group)!.push(e);
  }
  for (const [anyOf, branchErrors] of inside) {
    const chosen = chooseBranch(anyOf, branchErrors);
    // A chosen branch may hold anyOfs of its own, resolved the same way.
    outside.push(...(chosen[0] === anyOf ? chosen : resolveAnyOfs(chosen)));
  }
  return outside;
}

/** The anyOf errors by schema path, then by the instance path of their value. */
type AnyOfs = Map<string, Map<string, ErrorObject>>;

/**
 * The outermost anyOf error that `e` lies inside: at or above its value, around its schema path.
 * `around` keeps the anyOf schema paths around each schema path, which thousands of errors share.
 */
function outermostAnyOf(e: ErrorObject, anyOfs: AnyOfs, around: Map<string, string[]>): ErrorObject | undefined {
  let schemaPaths = around.get(e.schemaPath);
  if (!schemaPaths) {
    schemaPaths = [...e.schemaPath.matchAll(/\/anyOf(?=\/)/g)].map((m) => e.schemaPath.slice(0, m.index + '/anyOf'.length));
    around.set(e.schemaPath, schemaPaths);
  }
  for (const schemaPath of schemaPaths) {
    const at = anyOfs.get(schemaPath);
    if (!at) continue;
    for (let path = e.instancePath; ; path = path.slice(0, path.lastIndexOf('/'))) {
      const anyOf = at.get(path);
      if (anyOf) return anyOf;
      if (path === '') break;
    }
  }
  return undefined;
}

function chooseBranch(anyOf: ErrorObject, inside: ErrorObject[]): ErrorObject[] {
  const byBranch = new Map<string, ErrorObject[]>();
  for (const e of inside) {
    const branch = e.schemaPath.slice(anyOf.schemaPath.length + 1).split('/')[0] ?? '';
    const group = byBranch.get(branch);
    if (group) group.push(e);
    else byBranch.set(branch, [e]);
  }
  const viable = [...byBranch.values()]
    .filter((errs) => !errs.some((e) => rejectsKind(e, anyOf.instancePath)))
    .sort((a, b) => a.length - b.length);
  const [best, next] = viable;
  if (best && (!next || best.length < next.length)) return best;
  return [anyOf];
}

/** The value is not of the branch's type, or its discriminator (a const member) differs. */
function rejectsKind(e: ErrorObject, at: string): boolean {
  if (e.keyword === 'type') return e.instancePath === at;
  return e.keyword === 'const' && e.instancePath.slice(0, e.instancePath.lastIndexOf('/')) === at;
}

function translate(e: ErrorObject, root: unknown, suggestions: Suggestions): Problem {
  const path = jsonPath(e.instancePath, root);
  const params = e.params as Record<string, unknown>;
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const got = `got ${describeValue(e.data)}`;
  switch (e.keyword) {
    case 'required':
      return { path: path + member(String(params.missingProperty)), message: `missing required key "${String(params.missingProperty)}"` };
    case 'additionalProperties':
      return unknownKeyProblem(path, String(params.additionalProperty), parent, suggestions);
    case 'type':
      return { path, message: `expected ${typeWord(params.type)}, ${got}` };
    case 'enum':
      return { path, message: `expected one of ${(params.allowedValues as unknown[]).join(', ')}, ${got}` };
    case 'const':
      return { path, message: `expected ${JSON.stringify(params.allowedValue)}, ${got}` };
    case 'minimum':
      return { path, message: `expected ${typeWord(parent.type)} of at least ${String(params.limit)}, ${got}` };
    case 'maximum':
      return { path, message: `expected ${typeWord(parent.type)} of at most ${String(params.limit)}, ${got}` };
    case 'exclusiveMinimum':
      return { path, message: `expected ${typeWord(parent.type)} greater than ${String(params.limit)}, ${got}` };
    case 'minItems':
      return { path, message: `expected at least ${plural(Number(params.limit), 'item')}, ${got}` };
    case 'maxItems':
      return {
        path,
        message: `expected at most ${plural(Number(params.limit), 'item')}, got ${plural((e.data as unknown[]).length, 'item')}`,
      };
    case 'minLength':
    case 'maxLength':
      return { path, message: `expected ${lengthWords(parent)}, ${got}` };
    case 'pattern':
      return { path, message: `expected ${patternWords(String(params.pattern))}, ${got}` };
    case 'anyOf':
      return { path, message: `expected ${alternatives(e.schema)}, ${got}` };
    default:
      return { path, message: e.message ?? `does not match the schema (${e.keyword})` };
  }
}

/** The close known key per schema object and unknown key: a generated file repeats one mistake thousands of times. */
type Suggestions = Map<object, Map<string, string | undefined>>;

function unknownKeyProblem(path: string, key: string, parent: Record<string, unknown>, suggestions: Suggestions): Problem {
  const keyPath = path + member(key);
  const known = Object.keys((parent.properties ?? {}) as object);
  if (known.length === 0) {
    const pattern = Object.keys((parent.patternProperties ?? {}) as object)[0] ?? '';
    return { path: keyPath, message: `invalid key ${describeValue(key)}: expected ${patternWords(pattern)}` };
  }
  const forSchema = suggestions.get(parent) ?? new Map<string, string | undefined>();
  suggestions.set(parent, forSchema);
  if (!forSchema.has(key)) forSchema.set(key, closest(key, known));
  const suggestion = forSchema.get(key);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : `; expected one of ${known.join(', ')}`;
  return { path: keyPath, message: `unknown key ${describeValue(key)}${hint}` };
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeWord(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type ?? 'value').split(',');
  return types.map((t) => TYPE_WORDS[String(t)] ?? `a ${String(t)}`).join(' or ');
}

function lengthWords(schema: Record<string, unknown>): string {
  const { minLength, maxLength } = schema;
  if (typeof maxLength === 'number' && minLength === maxLength) return `exactly ${plural(maxLength, 'character')}`;
  if (typeof maxLength === 'number') return `at most ${plural(maxLength, 'character')}`;
  if (minLength === 1) return 'a non-empty string';
  return `at least ${plural(Number(minLength), 'character')}`;
}

function patternWords(pattern: string): string {
  const known = Object.values(PATTERNS).find((p) => p.pattern === pattern);
  return known ? known.expected : `a string matching /${pattern}/`;
}

function alternatives(branches: unknown): string {
  const words = (Array.isArray(branches) ? branches : []).map((b: Record<string, unknown>) =>
    typeof b.title === 'string' ? b.title : typeWord(b.type),
  );
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? 'another value');
}

function plural(n: number, noun: string): string {
  return n === 1 ? `one ${noun}` : `${n} ${noun}s`;
}

// ---- JSON paths ----

/** `/config_data/steps/1/method` → `$.config_data.steps[1].method` (indexes only in arrays). */
function jsonPath(pointer: string, root: unknown): string {
  let path = '$';
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    path += Array.isArray(node) ? `[${key}]` : member(key);
    node = Array.isArray(node) ? node[Number(key)] : isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return path;
}

const pathOrder = new Intl.Collator('en', { numeric: true });

/** Schema and rule problems interleaved by path, so that those of one step read together. */
function inDocumentOrder(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => pathOrder.compare(a.path, b.path));
}

function withFile(problems: Problem[], file: string | undefined): Problem[] {
  return file === undefined ? problems : problems.map((p) => ({ file, ...p }));
}

// ---- rules the schema cannot say (on the raw value: they run even where the schema failed) ----

function isNonNegativeInteger(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= 0;
}

function records(v: unknown): Array<[number, Record<string, unknown>]> {
  return Array.isArray(v) ? v.flatMap((item, i) => (isRecord(item) ? [[i, item] as [number, Record<string, unknown>]] : [])) : [];
}

function definitionRuleProblems(raw: unknown): Problem[] {
  if (!isRecord(raw)) return [];
  const problems: Problem[] = [];
  const config = raw.config_data;
  if (isRecord(config)) {
    problems.push(...stepIdProblems(config.steps));
    for (const [i, step] of records(config.steps)) problems.push(...stepProblems(step, `$.config_data.steps[${i}]`));
    problems.push(...countProblems(config), ...proxyConfigProblems(config.proxy_config));
  }
  if (isRecord(raw.environment)) problems.push(...environmentRuleProblems(raw.environment, '$.environment'));
  problems.push(...testDataProblems(raw.test_data));
  return problems;
}

function stepIdProblems(steps: unknown): Problem[] {
  const problems: Problem[] = [];
  const firstIndexOfId = new Map<number, number>();
  for (const [i, step] of records(steps)) {
    const id = step.id;
    if (!Number.isInteger(id)) continue;
    const path = `$.config_data.steps[${i}].id`;
    const earlier = firstIndexOfId.get(id as number);
    if (earlier !== undefined) {
      problems.push({ path, message: `duplicate id ${String(id)} (also $.config_data.steps[${earlier}]): ids are 1..n in step order` });
      continue;
    }
    firstIndexOfId.set(id as number, i);
    if (id !== i + 1) problems.push({ path, message: `expected id ${i + 1} (ids are 1..n in step order), got ${String(id)}` });
  }
  return problems;
}

function stepProblems(step: Record<string, unknown>, path: string): Problem[] {
  const problems: Problem[] = [];
  const websocket = isRecord(step.stream) && step.stream.type === 'websocket';
  if (typeof step.url === 'string' && !step.url.includes('{{')) {
    const message = checkStepUrl(step.url, websocket);
    if (message) problems.push({ path: `${path}.url`, message });
  }
  if (isRecord(step.stream)) problems.push(...streamProblems(step, step.stream, path));
  if (isRecord(step.headers)) problems.push(...headerProblems(step.headers, `${path}.headers`));
  problems.push(...sleepProblems(step.sleep, `${path}.sleep`));
  if (isRecord(step.capture_env)) problems.push(...captureProblems(step.capture_env, `${path}.capture_env`));
  return problems;
}

/** What the stream schema cannot say: a pattern RE2 runs, a protocol the stream can use. */
function streamProblems(step: Record<string, unknown>, stream: Record<string, unknown>, path: string): Problem[] {
  const problems: Problem[] = [];
  if (stream.type === 'websocket' && typeof stream.until === 'string') {
    const compiled = compilePattern(stream.until);
    if (compiled.problem !== undefined) problems.push({ path: `${path}.stream.until`, message: compiled.problem });
  }
  if (stream.type === 'websocket' && step.payload !== undefined)
    problems.push({ path: `${path}.payload`, message: 'a WebSocket step sends no request body; put its messages in stream.send' });
  if (stream.type === 'websocket' && isRecord(step.others) && step.others.h2 === true)
    problems.push({ path: `${path}.others.h2`, message: 'a WebSocket stream opens over HTTP/1.1; expected h2 false or left out' });
  if (stream.type === 'sse' && step.method === 'HEAD')
    problems.push({ path: `${path}.method`, message: 'a HEAD response has no body to stream; expected GET, POST or another method' });
  return problems;
}

function headerProblems(headers: Record<string, unknown>, path: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    const at = `${path}${member(name)}`;
    // A value over the length bound is the schema's to report.
    const checked = typeof value === 'string' && value.length <= LIMITS.headerValueBytes ? checkHeaderValue(value) : null;
    const message = checkHeaderName(name) ?? forbiddenHeader(name) ?? checked;
    if (message) problems.push({ path: at, message });
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) {
      problems.push({
        path: at,
        message: `duplicate header ${describeValue(name)} (also ${describeValue(earlier)}): header names are case-insensitive`,
      });
    } else seen.set(name.toLowerCase(), name);
    if (typeof value === 'string') bytes += `${name}: ${value}\r\n`.length;
  }
  // A value over its own bound is reported once, by the schema.
  const valueTooLong = Object.values(headers).some((v) => typeof v === 'string' && v.length > LIMITS.headerValueBytes);
  if (bytes > LIMITS.headerBytes && !valueTooLong) {
    problems.push({
      path,
      message: `the headers add up to ${bytes} bytes as sent ("Name: value" lines); at most ${LIMITS.headerBytes} are allowed (Node's HTTP server refuses a larger request header, and so do common proxies)`,
    });
  }
  return problems;
}

function sleepProblems(sleep: unknown, path: string): Problem[] {
  const range = typeof sleep === 'string' ? /^([0-9]+)(?:-([0-9]+))?$/.exec(sleep) : null;
  if (!range) return [];
  const [min, max] = [Number(range[1]), Number(range[2] ?? range[1])];
  if (max > LIMITS.sleepMs) {
    return [{ path, message: `expected at most ${LIMITS.sleepMs} ms (an hour) of think time, got ${describeValue(sleep)}` }];
  }
  if (max < min) return [{ path, message: `expected a range "N-M" with M ≥ N, got ${describeValue(sleep)}` }];
  return [];
}

function captureProblems(captures: Record<string, unknown>, path: string): Problem[] {
  return Object.entries(captures).flatMap(([name, spec]) => {
    const exp = isRecord(spec) && isRecord(spec.regexp) ? spec.regexp.exp : undefined;
    if (typeof exp !== 'string') return [];
    const { problem } = compilePattern(exp);
    return problem === undefined ? [] : [{ path: `${path}${member(name)}.regexp.exp`, message: problem }];
  });
}

function countProblems(config: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  if (config.iteration_count !== undefined && config.request_count !== undefined) {
    problems.push({
      path: '$.config_data.request_count',
      message: 'give either iteration_count or request_count (its older name), not both',
    });
  }
  const stages = records(config.manual_load).map(([, stage]) => stage);
  const counts = stages.map((s) => s.count);
  if (stages.length === 0 || !counts.every(isNonNegativeInteger)) return problems;
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) {
    problems.push({ path: '$.config_data.manual_load', message: 'expected at least one stage with a count above 0, got none' });
  }
  if (total > LIMITS.iterations) {
    problems.push({
      path: '$.config_data.manual_load',
      message: `the stages add up to ${total} iterations; at most ${LIMITS.iterations} are allowed`,
    });
  }
  const durations = stages.map((s) => s.duration);
  const seconds = durations.every(isNonNegativeInteger) ? durations.reduce((sum, n) => sum + n, 0) : 0;
  if (seconds > LIMITS.durationS) {
    problems.push({
      path: '$.config_data.manual_load',
      message: `the stages add up to ${seconds} s; a test lasts at most ${LIMITS.durationS} s (a day)`,
    });
  }
  for (const key of ['iteration_count', 'request_count'] as const) {
    const given = config[key];
    if (Number.isInteger(given) && given !== total) {
      problems.push({
        path: `$.config_data.${key}`,
        message: `is ${String(given)}, but the manual_load stages add up to ${total} iterations: leave ${key} out or make them equal`,
      });
    }
  }
  return problems;
}

function proxyConfigProblems(proxyConfig: unknown): Problem[] {
  if (!isRecord(proxyConfig)) return [];
  const shares = Object.values(proxyConfig);
  if (!shares.every(isNonNegativeInteger)) return [];
  if (shares.reduce((sum, n) => sum + n, 0) > 0) return [];
  return [{ path: '$.config_data.proxy_config', message: 'expected at least one country with a share above 0, got none' }];
}

function environmentRuleProblems(environment: unknown, path: string): Problem[] {
  if (!isRecord(environment)) return [];
  const keys = records(environment.vars).map(([i, v]) => ({ value: v.key, path: `${path}.vars[${i}].key` }));
  return duplicates(keys, 'key');
}

function testDataProblems(testData: unknown): Problem[] {
  const sets = records(testData);
  const problems = duplicates(
    sets.map(([i, set]) => ({ value: set.name, path: `$.test_data[${i}].name` })),
    'test data name',
  );
  for (const [i, set] of sets) {
    const vars = isRecord(set.file_config) && isRecord(set.file_config.vars) ? set.file_config.vars : {};
    const tags = Object.entries(vars).map(([column, v]) => ({
      value: isRecord(v) ? v.tag : undefined,
      path: `$.test_data[${i}].file_config.vars${member(column)}.tag`,
    }));
    problems.push(...duplicates(tags, 'tag'));
  }
  return problems;
}

function duplicates(items: Array<{ value: unknown; path: string }>, what: string): Problem[] {
  const first = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { value, path } of items) {
    if (typeof value !== 'string') continue;
    const earlier = first.get(value);
    if (earlier) problems.push({ path, message: `duplicate ${what} ${describeValue(value)} (also ${earlier})` });
    else first.set(value, path);
  }
  return problems;
}

// ---- defaults ----

function normaliseDefinition(raw: RawLoadTest): ValidDefinition {
  const copy = structuredClone(raw);
  const definition: LoadTestDefinition = {
    name: copy.name,
    config_data: normaliseConfig(copy.config_data),
    test_data: (copy.test_data ?? []).map(normaliseTestData),
  };
  if (copy.warm_up !== undefined && copy.warm_up > 0) definition.warm_up = copy.warm_up;
  if (typeof copy.environment === 'string') return { definition, environmentPath: copy.environment };
  if (copy.environment) definition.environment = normaliseEnvironment(copy.environment);
  return { definition };
}

function normaliseConfig(raw: RawLoadTest['config_data']): ConfigData {
  const stages = raw.manual_load;
  const config: ConfigData = {
    steps: raw.steps.map(normaliseStep),
    iteration_count: stages
      ? stages.reduce((sum, s) => sum + s.count, 0)
      : (raw.iteration_count ?? raw.request_count ?? DEFAULTS.iteration_count),
    load_type: raw.load_type ?? DEFAULTS.load_type,
    duration: stages ? stages.reduce((sum, s) => sum + s.duration, 0) : (raw.duration ?? DEFAULTS.duration),
  };
  if (raw.proxy_config) config.proxy_config = raw.proxy_config;
  if (stages) config.manual_load = stages;
  return config;
}

/** The name of a step that has none (the public interface does not require one). */
export function defaultStepName(id: number): string {
  return `step ${id}`;
}

function normaliseStep(raw: RawLoadTest['config_data']['steps'][number]): Step {
  const step: Step = {
    id: raw.id,
    name: raw.name ?? defaultStepName(raw.id),
    url: raw.url,
    method: raw.method ?? DEFAULTS.method,
    headers: raw.headers ?? {},
    timeout: raw.timeout ?? DEFAULTS.timeout,
    others: { ...DEFAULTS.others, ...raw.others },
  };
  if (raw.payload !== undefined) step.payload = raw.payload;
  if (raw.sleep !== undefined) step.sleep = raw.sleep;
  if (raw.capture_env !== undefined) step.capture_env = raw.capture_env;
  if (raw.assertion !== undefined) step.assertion = raw.assertion;
  if (raw.stream !== undefined) step.stream = normaliseStream(raw.stream);
  return step;
}

function normaliseStream(raw: NonNullable<RawLoadTest['config_data']['steps'][number]['stream']>): StepStream {
  const max_seconds = raw.max_seconds ?? DEFAULT_STREAM_MAX_S;
  if (raw.type === 'sse') return { ...raw, max_seconds, expect_open: raw.expect_open ?? false };
  return { ...raw, send: raw.send ?? [], max_seconds, ...(raw.receive === undefined && raw.until === undefined && { receive: 1 }) };
}

function normaliseTestData(raw: NonNullable<RawLoadTest['test_data']>[number]): TestDataSet {
  return {
    name: raw.name,
    file: raw.file,
    type: raw.type ?? DEFAULTS.test_data_type,
    file_config: { ...DEFAULTS.file_config, ...raw.file_config },
  };
}

function normaliseEnvironment(raw: RawEnvironment): Environment {
  return { name: raw.name, vars: raw.vars.map(({ key, value, secret }) => (secret ? { key, value, secret } : { key, value })) };
}
