// A loaded definition → a CheckedTest or a PreparedTest: environment merged, every template,
// capture and assertion compiled, test data read, before any request is sent; all problems are
// thrown at once. The caller checks (CSV rows read and checked, none kept); each engine thread
// prepares (the rows kept, the compiled steps to run): the rows are held once per thread
// (docs/engine.md, "A thread of its own").
import { resolve } from 'node:path';
import type { Dispatcher } from 'undici';
import { InputError, type Parsed, type Problem } from '../errors.ts';
import type { LoadedDefinition } from '../definition/load.ts';
import { loadDataSet, type DataSet } from '../variables/csv.ts';
import { envVariables, mergeEnvironments, redactSecrets, secretNames, secretValues } from '../variables/environment.ts';
import { beginIteration, compileTemplate, compileUrl, createIterationVars, type TemplateScope } from '../variables/template.ts';
import { compileStepChecks, expectedErrorStatuses } from '../variables/checks.ts';
import { emptySecretProblems } from '../variables/empty-secrets.ts';
import { checkHeaderName, checkHeaderValue, forbiddenHeader } from '../definition/validate.ts';
import type { IterationVars } from '../variables/iteration.ts';
import { dispatchOptions, isStatic, type PreparedStep, type PreparedStream, type Renderable } from './step.ts';
import { compilePattern } from '../patterns/pattern.ts';
import { runSteps } from './run-info.ts';
import type { Environment, LoadTestDefinition, RunStepInfo, Step, StepStream } from '../types.ts';

export function parseSleep(sleep: string | undefined): [number, number] | null {
  if (sleep === undefined) return null;
  const [min, max = min] = sleep.split('-').map((part) => Number(part.trim()));
  return [min!, max!];
}

function compiled<T>(result: Parsed<T>, problems: Problem[]): T | null {
  if (result.ok) return result.value;
  problems.push(...result.problems);
  return null;
}

function prepareStep(
  step: Step,
  index: number,
  scope: TemplateScope & { secrets: ReadonlySet<string> },
  file: string,
  problems: Problem[],
): PreparedStep | null {
  const at = (suffix: string) => ({ file, path: `$.config_data.steps[${index}]${suffix}` });
  const before = problems.length;
  const websocket = step.stream?.type === 'websocket';
  // A WebSocket's handshake is an HTTP/1.1 request to the http(s) origin of its ws(s) URL.
  const url = compiled(compileUrl(websocket ? step.url.replace(/^ws/i, 'http') : step.url, scope, at('.url')), problems);
  const stream = step.stream ? prepareStream(step.stream, url?.origin ?? '', scope, at, problems) : null;
  const headers = Object.entries(step.headers).map(([name, value]): [Renderable | null, Renderable | null] => [
    compiled(compileTemplate(name, scope, at(`.headers[${JSON.stringify(name)}]`)), problems),
    compiled(compileTemplate(value, scope, at(`.headers[${JSON.stringify(name)}]`)), problems),
  ]);
  problems.push(...resolvedHeaderProblems(Object.keys(step.headers), headers, at));
  const body = step.payload === undefined ? null : compiled(compileTemplate(step.payload, scope, at('.payload')), problems);
  const checks = step.capture_env || step.assertion ? compiled(compileStepChecks(step, scope, at('')), problems) : null;
  if (problems.length > before || !url) return null;
  const prepared: PreparedStep = {
    id: step.id,
    name: step.name,
    displayUrl: withEnvironment(step.url, scope.env, scope.secrets),
    origin: url.origin,
    method: step.method as Dispatcher.HttpMethod,
    path: url.path,
    headers: headers as [Renderable, Renderable][],
    body,
    staticOptions: null,
    timeoutMs: Math.round(step.timeout * 1000),
    followRedirects: !step.others['disable-redirect'],
    h2: step.others.h2,
    // An event stream is read as it arrives, so it is asked for uncompressed (docs/streaming.md).
    decompress: !step.others['disable-compression'] && step.stream === undefined,
    checks,
    expectedStatus: new Set(expectedErrorStatuses(step.assertion)),
    sleep: parseSleep(step.sleep),
    stream,
  };
  if (isStatic(prepared)) prepared.staticOptions = staticOptions(prepared);
  return prepared;
}

function prepareStream(
  stream: StepStream,
  origin: string,
  scope: TemplateScope,
  at: (suffix: string) => Omit<Problem, 'message'>,
  problems: Problem[],
): PreparedStream | null {
  const maxMs = Math.round(stream.max_seconds * 1000);
  if (stream.type === 'sse')
    return {
      type: 'sse',
      untilEvent: stream.until_event ?? null,
      maxEvents: stream.max_events ?? Number.POSITIVE_INFINITY,
      maxMs,
      expectOpen: stream.expect_open,
    };
  const send = stream.send.map((text, i) => compiled(compileTemplate(text, scope, at(`.stream.send[${i}]`)), problems));
  const until = stream.until === undefined ? null : compilePattern(stream.until);
  if (until?.problem !== undefined) problems.push({ ...at('.stream.until'), message: until.problem });
  if (send.some((s) => s === null) || until?.problem !== undefined) return null;
  return {
    type: 'websocket',
    origin: origin.replace(/^http/, 'ws'),
    send: send as Renderable[],
    receive: stream.receive ?? Number.POSITIVE_INFINITY,
    until: until?.pattern ?? null,
    maxMs,
  };
}

/** Headers whose templates resolved before the run (environment variables) are checked as written ones are. */
function resolvedHeaderProblems(
  written: string[],
  headers: [Renderable | null, Renderable | null][],
  at: (suffix: string) => Omit<Problem, 'message'>,
): Problem[] {
  return headers.flatMap(([name, value], i) => {
    const message =
      (name?.static != null ? (checkHeaderName(name.static) ?? forbiddenHeader(name.static)) : null) ??
      (value?.static != null ? checkHeaderValue(value.static) : null);
    return message ? [{ ...at(`.headers[${JSON.stringify(written[i])}]`), message: `after its variables are resolved: ${message}` }] : [];
  });
}

/** The text with environment variables resolved, except secret ones, which stay `{{KEY}}`. */
function withEnvironment(text: string, env: ReadonlyMap<string, string>, secrets: ReadonlySet<string>): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, key: string) =>
    secrets.has(key) ? whole : (env.get(key) ?? whole),
  );
}

/** One options object for every request of a constant step; the body encoded once. */
function staticOptions(step: PreparedStep): Dispatcher.DispatchOptions {
  const options = dispatchOptions(step, null);
  if (typeof options.body === 'string') options.body = Buffer.from(options.body);
  return options;
}

/**
 * Problems quote resolved text (a URL after its variables): a secret value in one becomes `***`,
 * as written, as a quoted JSON string writes it (`"` and `\\` escaped), and in any case.
 */
function withoutSecrets(problems: Problem[], environment: Environment): Problem[] {
  const values = secretValues(environment);
  if (values.length === 0) return problems;
  const forms = [...new Set(values.flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]))].sort((a, b) => b.length - a.length);
  const anyCase = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  return problems.map((p) => ({ ...p, message: redactSecrets(p.message, values).replace(anyCase, '***') }));
}

async function loadDataSets(
  loaded: LoadedDefinition,
  keepRows: boolean,
  problems: Problem[],
): Promise<{ loaded: DataSet[]; unreadable: Set<string> }> {
  // loadDefinition makes data paths absolute; resolving against the definition's folder also
  // serves definitions validated elsewhere (the server, tests) with paths as written.
  const declared = loaded.definition.test_data;
  const sets = await Promise.all(
    declared.map((set, i) =>
      loadDataSet({ ...set, file: resolve(loaded.dir, set.file) }, { file: loaded.file, path: `$.test_data[${i}]` }, { keepRows }),
    ),
  );
  const unreadable = new Set<string>();
  const good = sets.flatMap((set, i) => {
    if (set.ok) return [set.value];
    problems.push(...set.problems);
    unreadable.add(declared[i]!.name);
    return [];
  });
  return { loaded: good, unreadable };
}

/**
 * A definition checked to its last template, holding nothing it read: the environment merged,
 * data paths absolute, and what results show of its steps. What the caller keeps, and what an
 * engine thread is given to prepare (plain data: it crosses to a thread as it is).
 */
export interface CheckedTest {
  definition: LoadTestDefinition;
  /** Where the definition came from: data paths in problems, and what a thread prepares from. */
  source: { file: string; dir: string };
  /** run.steps: each request as results show it (variables resolved, secrets kept as templates). */
  runSteps: RunStepInfo[];
}

/** A checked test made ready to run in this thread (prepare.ts): steps compiled, test data loaded. */
export interface PreparedTest extends CheckedTest {
  steps: PreparedStep[];
  /** Present when templates use per-iteration state (data rows, captures). */
  iterationVars?: { create(): IterationVars; begin(vars: IterationVars, k: number): void };
}

export interface CheckOptions {
  /** Added on top of the definition's environment (mergeEnvironments). */
  environment?: Environment;
  /**
   * Accept secret variables without a value (variables/empty-secrets.ts): for checks of a file
   * whose secrets are given at run time (`validate` warns of them, `import` writes them).
   */
  allowEmptySecrets?: boolean;
}

/** Every input problem of the test, found as a run would find them; the data's rows are read and checked, not kept. */
export async function checkTest(loaded: LoadedDefinition, options: CheckOptions): Promise<CheckedTest> {
  const { steps, dataSets: _checkedOnly, ...checked } = await compileTest(loaded, options, false);
  return checked;
}

/** The test made ready to run in this thread: its data rows kept, its steps compiled. */
export async function prepareTest(loaded: LoadedDefinition, options: CheckOptions): Promise<PreparedTest> {
  const { dataSets, ...prepared } = await compileTest(loaded, options, true);
  const perIteration =
    dataSets.length > 0 || prepared.steps.some((s) => !isStatic(s) || s.checks !== null || s.stream?.type === 'websocket');
  return {
    ...prepared,
    iterationVars: perIteration ? { create: () => createIterationVars(dataSets.length), begin: beginIteration } : undefined,
  };
}

async function compileTest(loaded: LoadedDefinition, options: CheckOptions, keepRows: boolean) {
  const { definition } = loaded;
  const problems: Problem[] = [];
  const { loaded: dataSets, unreadable } = await loadDataSets(loaded, keepRows, problems);
  const environment = mergeEnvironments(definition.environment, options.environment);
  const capturedNames = new Set<string>();
  const secrets = secretNames(environment);
  const steps: PreparedStep[] = [];
  definition.config_data.steps.forEach((step, i) => {
    const scope = {
      env: envVariables(environment),
      dataSets,
      capturedNames: new Set(capturedNames),
      unreadableDataSets: unreadable,
      secrets,
    };
    const prepared = prepareStep(step, i, scope, loaded.file, problems);
    if (prepared) steps.push(prepared);
    for (const name of Object.keys(step.capture_env ?? {})) capturedNames.add(name);
  });
  if (!options.allowEmptySecrets) problems.push(...emptySecretProblems({ ...definition, environment }, loaded.file));
  if (problems.length > 0) throw new InputError(withoutSecrets(problems, environment));
  return {
    definition: {
      ...definition,
      environment,
      test_data: definition.test_data.map((set) => ({ ...set, file: resolve(loaded.dir, set.file) })),
    },
    source: { file: loaded.file, dir: loaded.dir },
    runSteps: runSteps(definition, (id) => steps.find((s) => s.id === id)?.displayUrl),
    steps,
    dataSets,
  };
}
