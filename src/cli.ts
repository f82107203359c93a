// `loadgate run | validate | …`: the same pipeline as the action, with terminal output.
// Exit codes (docs/verdict.md): 0 passed, 1 a check failed, 2 bad input (nothing sent),
// 130/143 stopped by SIGINT/SIGTERM (results written, marked incomplete).
import { pathToFileURL } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { InputError, formatProblem, isProblem, problemLines, type Problem } from './errors.ts';
import { parseShard, parseStartAt } from './engine/shard.ts';
import { conclude, concludeShard } from './pipeline/conclude.ts';
import { preflight, shapeOf, type Gate } from './pipeline/gate.ts';
import { measureComparison, measureDefinition, measureMerge, type Measured, type RunLog } from './pipeline/measure.ts';
import { readEnvironmentSpec, readResultsFile, reportPathFor, resultsText } from './pipeline/sources.ts';
import { writeCiReports, type CiReportFiles } from './pipeline/ci-reports.ts';
import { exitCodeOf, type StopSignal } from './verdict/judge.ts';
import type { OnSaturated } from './verdict/on-saturated.ts';
import { renderSummaryLine } from './report/markdown.ts';
import { parseWorkers } from './engine/worker-count.ts';
import { parseWarmUp } from './engine/run.ts';
import { resolveApiKey, type KeySources } from './hosted/api-key.ts';
import type { HostedSettings } from './hosted/run-definition.ts';
import { parseThresholdLines, THRESHOLD_FLAG } from './thresholds.ts';
import { judgeLatency, planLatency, runLatencyPlan } from './latency/session.ts';
import { parseLatencyThresholdLines } from './latency/thresholds.ts';
import { isLatencyThresholdLine } from './threshold-syntax.ts';
import { latencyTerminal } from './report/latency.ts';
import { loadDefinition } from './definition/load.ts';
import { CLI_FLAG_NAMES, parseCompareSettings } from './compare/settings.ts';
import { addSample, progressLine, type ProgressTotals } from './report/progress.ts';
import { renderTerminal } from './report/terminal.ts';
import { renderHtmlReport } from './report/html.ts';
import { parseProxies } from './engine/proxies.ts';
import { readOnSaturated } from './verdict/on-saturated.ts';
import { asksVersion, VERSION } from './version.ts';
import { closestOption, commandHelp, COMMANDS, overview } from './cli-help.ts';
import { applyLoadFlags, environmentWithFlags, markSecrets, variablesFromFlags } from './cli-overrides.ts';
import { checkTest } from './engine/prepare.ts';
import { parseWaitFor, waitFor } from './pipeline/wait-for.ts';
import type { LoadTestResult, SecondSample, Threshold } from './types.ts';

export interface CliIo {
  out: (text: string) => void;
  /** A line on stderr; text starting with `\r` is an in-place line that the next one replaces (lineStreams). */
  err: (text: string) => void;
  /** stdout is a terminal: the summary is coloured. */
  isTTY: boolean;
  /** stderr is a terminal: the progress line updates in place there. */
  errIsTTY?: boolean;
  /** Aborted on SIGINT/SIGTERM (its reason is the signal's name): stop, keep what ran. */
  signal?: AbortSignal;
}

const RUN_OPTIONS = {
  results: { type: 'string', default: 'loadgate-results.json' },
  report: { type: 'string' },
  env: { type: 'string' },
  proxy: { type: 'string', multiple: true, default: [] as string[] },
  threshold: { type: 'string', multiple: true, default: [] as string[] },
  baseline: { type: 'string' },
  'api-url': { type: 'string' },
  'api-key-env': { type: 'string', default: 'LOADGATE_API_KEY' },
  'api-key-file': { type: 'string' },
  'api-key': { type: 'string' },
  'api-result-path': { type: 'string' },
  shard: { type: 'string' },
  'start-at': { type: 'string' },
  concurrency: { type: 'string' },
  workers: { type: 'string', default: 'auto' },
  'warm-up': { type: 'string' },
  insecure: { type: 'boolean', default: false },
  'default-thresholds': { type: 'boolean', default: true },
  var: { type: 'string', short: 'e', multiple: true, default: [] as string[] },
  'env-var': { type: 'string', multiple: true, default: [] as string[] },
  secret: { type: 'string', multiple: true, default: [] as string[] },
  duration: { type: 'string' },
  iterations: { type: 'string' },
  rate: { type: 'string' },
  json: { type: 'boolean', default: false },
  'on-saturated': { type: 'string', default: 'fail' },
  quiet: { type: 'boolean', default: false },
  junit: { type: 'string' },
  'gitlab-metrics': { type: 'string' },
} as const;

type Runner = (args: string[], io: CliIo) => Promise<number>;

/**
 * A command whose module is loaded only when it is chosen: `serve` brings Fastify, which `run`,
 * `validate` and `--version` never need; the bundle keeps it in a chunk of its own
 * (docs/development.md).
 */
function loadedWhenChosen(load: () => Promise<Runner>): Runner {
  return async (args, io) => (await load())(args, io);
}

const RUNNERS: Record<string, Runner> = {
  run: runCommand,
  validate: validateCommand,
  serve: loadedWhenChosen(() => import('./server/main.ts').then((m) => m.serveCommand)),
  merge: mergeCommand,
  latency: latencyCommand,
  compare: compareCommand,
  'wait-for': waitForCommand,
  // Loaded on use: `run` never loads the format parsers, nor the shard's server-side protocol.
  import: loadedWhenChosen(() => import('./import/command.ts').then((m) => m.importCommand)),
  shard: loadedWhenChosen(() =>
    import('./server/shards/client.ts').then((m) => (args: string[], io: CliIo) => m.shardCommand(args, { ...io, env: process.env })),
  ),
};

export async function cli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.err(overview());
    return 2;
  }
  if (asksVersion(argv)) {
    io.out(VERSION);
    return 0;
  }
  if (command === 'help' || command === '--help' || command === '-h') return help(rest[0], io);
  const runner = RUNNERS[command];
  if (!runner) {
    io.err(`loadgate: unknown command "${command}"; the commands are ${Object.keys(RUNNERS).join(', ')} (loadgate help)`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) return help(command, io);
  try {
    return await runner(rest, io);
  } catch (error) {
    if (error instanceof InputError) {
      io.err(
        `loadgate: bad input\n${problemLines(error.problems, (p) => `${formatProblem(p)}${shellVariableHint(p.message)}`)
          .map((line) => `  ${line}`)
          .join('\n')}`,
      );
      return 2;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(parseArgsProblem(command, error));
      return 2;
    }
    // A service that cannot be reached, a hosted test that failed: no result to judge.
    io.err(`loadgate: ${(error as Error).message}`);
    if (process.env.LOADGATE_DEBUG) io.err(String((error as Error).stack));
    return 2;
  }
}

function help(topic: string | undefined, io: CliIo): number {
  if (topic === undefined) {
    io.out(overview());
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, topic)) {
    io.err(`loadgate: no command "${topic}"; the commands are ${Object.keys(RUNNERS).join(', ')}`);
    return 2;
  }
  io.out(commandHelp(topic));
  return 0;
}

/** One line: the option parseArgs refused, the closest one the command has, and where the list is. */
function parseArgsProblem(command: string, error: Error): string {
  const option = /'(-{1,2}[^']*)'/.exec(error.message)?.[1];
  const see = `loadgate ${command} --help lists its options`;
  if (!option || !String((error as { code?: string }).code).includes('UNKNOWN_OPTION'))
    return `loadgate ${command}: ${error.message.replace(/\s*\n\s*/g, ' ')} (${see})`;
  const closest = closestOption(command, option);
  return `loadgate ${command}: unknown option ${option}${closest ? `; did you mean ${closest}?` : ''} (${see})`;
}

/** Variables come only from --env, -e and --env-var: say so when the missing one is set in the shell. */
function shellVariableHint(message: string): string {
  const name = /unknown variable "([^"]+)"/.exec(message)?.[1];
  if (!name || process.env[name] === undefined) return '';
  return ` (${name} is set in this shell, but variables come only from --env, -e KEY=VALUE and --env-var NAME: pass --env-var ${name})`;
}

/** Absent: the engine's default, which suits the schedule (docs/engine.md). */
function parseConcurrency(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    throw new InputError([{ path: '--concurrency', message: `expected a whole number of at least 1, got "${text}"` }]);
  }
  return n;
}

function orThrow<T>(parsed: T | Problem): T {
  if (isProblem(parsed)) throw new InputError([parsed]);
  return parsed;
}

function parseFlagsThresholds(lines: string[]): Threshold[] {
  const parsed = parseThresholdLines(lines, THRESHOLD_FLAG);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const latencyLine = lines.findIndex((line) => isLatencyThresholdLine(line));
  if (latencyLine >= 0) {
    throw new InputError([{ path: `--threshold #${latencyLine + 1}`, message: 'latency thresholds go with `loadgate latency`' }]);
  }
  return parsed.thresholds;
}

async function compareCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      env: RUN_OPTIONS.env,
      'base-env': { type: 'string' },
      rounds: { type: 'string' },
      'warmup-rounds': { type: 'string' },
      'max-rounds': { type: 'string' },
      'max-time': { type: 'string' },
      'on-inconclusive': { type: 'string' },
      'max-regression': { type: 'string' },
      metric: { type: 'string' },
      seed: { type: 'string' },
      threshold: RUN_OPTIONS.threshold,
      results: RUN_OPTIONS.results,
      concurrency: RUN_OPTIONS.concurrency,
      workers: RUN_OPTIONS.workers,
      insecure: RUN_OPTIONS.insecure,
      proxy: RUN_OPTIONS.proxy,
      'default-thresholds': RUN_OPTIONS['default-thresholds'],
      junit: RUN_OPTIONS.junit,
      'gitlab-metrics': RUN_OPTIONS['gitlab-metrics'],
    },
    allowNegative: true,
  });
  const file = positionals[0];
  const problems: Problem[] = [];
  if (!file) problems.push({ path: 'definition', message: 'expected the path of a test definition file' });
  if (!values['base-env']) problems.push({ path: '--base-env', message: "expected the base side's environment (a file or inline JSON)" });
  const settings = parseCompareSettings(
    {
      rounds: values.rounds,
      warmupRounds: values['warmup-rounds'],
      maxRegression: values['max-regression'],
      metric: values.metric,
      seed: values.seed,
      maxRounds: values['max-rounds'],
      maxTime: values['max-time'],
      onInconclusive: values['on-inconclusive'],
    },
    CLI_FLAG_NAMES,
  );
  if (Array.isArray(settings)) problems.push(...settings);
  if (problems.length > 0 || Array.isArray(settings)) throw new InputError(problems);
  const gate = gateOf(parseFlagsThresholds(values.threshold), values['default-thresholds']);
  const proxies = parseProxies(values.proxy, '--proxy');
  const workers = orThrow(parseWorkers(values.workers, '--workers'));
  const resultsPath = resolve(values.results);
  const measured = await measureComparison(
    {
      loaded: await loadDefinition(file!),
      head: await readEnvironmentSpec(values.env ?? '', '--env'),
      base: (await readEnvironmentSpec(values['base-env']!, '--base-env'))!,
      baseName: `--base-env ${values['base-env']}`,
      settings,
      roundsName: CLI_FLAG_NAMES.rounds,
      options: {
        concurrency: parseConcurrency(values.concurrency),
        workers,
        insecure: values.insecure,
        proxies,
        signal: io.signal,
        testUrl: pathToFileURL(reportPathFor(resultsPath)).href,
      },
    },
    gate,
    cliLog(io),
  );
  return report(measured, gate, io, resultsPath, reportPathFor(resultsPath), ciFilesOf(values));
}

async function latencyCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      location: { type: 'string', multiple: true, default: [] as string[] },
      samples: { type: 'string', default: '' },
      'location-config': { type: 'string', multiple: true, default: [] as string[] },
      threshold: RUN_OPTIONS.threshold,
      results: { type: 'string', default: 'loadgate-latency.json' },
      insecure: RUN_OPTIONS.insecure,
      'api-url': RUN_OPTIONS['api-url'],
      'api-key-env': RUN_OPTIONS['api-key-env'],
      'api-key-file': RUN_OPTIONS['api-key-file'],
      'api-key': RUN_OPTIONS['api-key'],
    },
  });
  const hosted = values['api-url'] ? await hostedSettings(values['api-url'], keySources(values), undefined, io) : undefined;
  const parsed = parseLatencyThresholdLines(values.threshold, THRESHOLD_FLAG);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const plan = planLatency(
    { target: positionals[0] ?? '', patterns: values.location, samples: values.samples, config: values['location-config'] },
    { target: 'url', patterns: '--location', samples: '--samples', config: '--location-config' },
    hosted !== undefined,
  );
  if (Array.isArray(plan)) throw new InputError(plan);
  const result = await runLatencyPlan(plan, { insecure: values.insecure, signal: io.signal, hosted });
  const { checks } = judgeLatency(result, parsed.thresholds, THRESHOLD_FLAG);
  const resultsPath = resolve(values.results);
  await writeFile(resultsPath, resultsText(result));
  io.out(latencyTerminal(result, { color: io.isTTY, outcomes: checks }));
  io.out(`results: ${resultsPath}`);
  return checks.every((c) => c.passed) ? 0 : 1;
}

async function mergeCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      results: RUN_OPTIONS.results,
      threshold: RUN_OPTIONS.threshold,
      baseline: RUN_OPTIONS.baseline,
      'default-thresholds': RUN_OPTIONS['default-thresholds'],
      junit: RUN_OPTIONS.junit,
      'gitlab-metrics': RUN_OPTIONS['gitlab-metrics'],
    },
    allowNegative: true,
  });
  if (positionals.length === 0) throw new InputError([{ path: 'merge', message: 'expected shard results files, folders or globs' }]);
  const baseline = values.baseline ? await readResultsFile(values.baseline, '--baseline') : undefined;
  const gate = gateOf(parseFlagsThresholds(values.threshold), values['default-thresholds'], { baseline });
  const resultsPath = resolve(values.results);
  const measured = await measureMerge(positionals, process.cwd(), 'merge', pathToFileURL(reportPathFor(resultsPath)).href);
  return report(measured, gate, io, resultsPath, reportPathFor(resultsPath), ciFilesOf(values));
}

/** The definition and, when given, the thresholds as a run would check them: nothing is sent. */
async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      threshold: RUN_OPTIONS.threshold,
      proxy: RUN_OPTIONS.proxy,
      baseline: RUN_OPTIONS.baseline,
      var: RUN_OPTIONS.var,
      'env-var': RUN_OPTIONS['env-var'],
      secret: RUN_OPTIONS.secret,
    },
  });
  const file = positionals[0];
  if (!file) throw new InputError([{ path: 'definition', message: 'expected the path of a test definition file' }]);
  const baseline = values.baseline ? await readResultsFile(values.baseline, '--baseline') : undefined;
  const gate = gateOf(parseFlagsThresholds(values.threshold), true, { baseline });
  const test = await checkWithFlags(file, values, io);
  preflight(gate, shapeOf(test.definition, parseProxies(values.proxy, '--proxy'), 'embedded', baseline));
  const checked =
    gate.thresholds.length > 0 ? ` (and ${gate.thresholds.length} ${gate.thresholds.length === 1 ? 'threshold' : 'thresholds'})` : '';
  io.out(`${file}: valid${checked}`);
  return 0;
}

async function waitForCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { timeout: { type: 'string', default: '' }, insecure: RUN_OPTIONS.insecure },
  });
  const settings = parseWaitFor(positionals[0] ?? '', values.timeout, { url: 'url', timeout: '--timeout' });
  if (Array.isArray(settings)) throw new InputError(settings);
  const answered = await waitFor(settings, {
    insecure: values.insecure,
    signal: io.signal,
    onRetry: (attempt, reason) => {
      if (attempt === 1) io.err(`waiting for ${settings.url} to answer (${reason}), up to ${settings.timeoutS} s…`);
    },
  });
  io.out(`${settings.url} answered ${answered.status} after ${(answered.elapsedMs / 1000).toFixed(1)} s`);
  return 0;
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: RUN_OPTIONS, allowNegative: true });
  const file = positionals[0];
  if (!file) throw new InputError([{ path: 'definition', message: 'expected the path of a test definition file' }]);
  const thresholds = parseFlagsThresholds(values.threshold);
  const proxies = parseProxies(values.proxy, '--proxy');
  const concurrency = parseConcurrency(values.concurrency);
  const shard = values.shard === undefined ? undefined : orThrow(parseShard(values.shard, '--shard'));
  const startAtMs = values['start-at'] === undefined ? undefined : orThrow(parseStartAt(values['start-at'], '--start-at'));
  const warmUpS = values['warm-up'] === undefined ? undefined : orThrow(parseWarmUp(values['warm-up'], '--warm-up'));
  const workers = orThrow(parseWorkers(values.workers, '--workers'));
  const baseline = values.baseline ? await readResultsFile(values.baseline, '--baseline') : undefined;
  const problems: Problem[] = [];
  if (shard && values['api-url'])
    problems.push({
      path: '--shard',
      message: 'a hosted service runs the whole test: --shard splits a run over machines that each run their slice here (docs/scaling.md)',
    });
  const onSaturated = readOnSaturated(values['on-saturated'], '--on-saturated', problems);
  if (problems.length > 0) throw new InputError(problems);
  const gate = gateOf(thresholds, values['default-thresholds'], { baseline, onSaturated });
  const test = await checkWithFlags(file, values, io);
  const resultsPath = resolve(values.results);
  const reportPath = resolve(values.report ?? reportPathFor(resultsPath));
  const show = outputsOf(io, values);
  const hosted = values['api-url'] ? await hostedSettings(values['api-url'], keySources(values), values['api-result-path'], io) : null;
  preflight(gate, shapeOf(test.definition, proxies, hosted ? 'hosted' : 'embedded', baseline));
  const measured = await measureDefinition(
    test,
    {
      ...(hosted && { hosted }),
      embedded: {
        concurrency,
        insecure: values.insecure,
        proxies,
        signal: io.signal,
        ...(!values.quiet && { onSecond: progressPrinter(io, test.definition.config_data) }),
        shard,
        startAtMs,
        warmUpS,
        testUrl: pathToFileURL(reportPath).href,
      },
      workers,
    },
    cliLog(io),
  );
  if (values.json) io.out(JSON.stringify(measured.result, null, 2));
  if (shard) return reportShard(measured, gate, show, resultsPath);
  return report(measured, gate, show, resultsPath, reportPath, ciFilesOf(values));
}

/**
 * A shard is judged at the merge, where all its data is (as in the action): one summary line, and
 * exit 0 so that a script goes on to `loadgate merge`; only a stop is not a success (130/143).
 */
async function reportShard(measured: Measured, gate: Gate, io: CliIo, resultsPath: string): Promise<number> {
  const { result, judgement, model } = await concludeShard(measured, stopSignalOf(io));
  await writeFile(resultsPath, resultsText(result));
  io.out(renderSummaryLine(model));
  if (gate.thresholds.length > 0)
    io.err("note: a shard's thresholds are checked when the shards are merged: loadgate merge <files> --threshold …");
  io.out(`results: ${resultsPath}`);
  return judgement.outcome === 'incomplete' ? exitCodeOf(judgement) : 0;
}

/** The definition with the flags' variables and load applied, checked (every input problem found here). */
async function checkWithFlags(
  file: string,
  values: { env?: string; var: string[]; 'env-var': string[]; secret: string[]; duration?: string; iterations?: string; rate?: string },
  io: CliIo,
) {
  const vars = variablesFromFlags(values.var, values['env-var'], process.env);
  const given = environmentWithFlags(await readEnvironmentSpec(values.env ?? '', '--env'), vars);
  const load = applyLoadFlags(await loadDefinition(file), values);
  const { loaded, environment } = markSecrets(load.loaded, given, values.secret);
  const test = await checkTest(loaded, environment ? { environment } : {});
  for (const note of load.notes) io.err(`note: ${note}`);
  return test;
}

/**
 * Where the summary goes: stdout, unless --json claims stdout for the results (the summary then
 * goes to stderr) or --quiet leaves it out. Progress and logs are always on stderr.
 */
function outputsOf(io: CliIo, values: { json: boolean; quiet: boolean }): CliIo {
  if (values.quiet) return { ...io, out: () => {} };
  if (values.json) return { ...io, out: io.err };
  return io;
}

function gateOf(thresholds: Threshold[], defaults: boolean, extra: { baseline?: LoadTestResult; onSaturated?: OnSaturated } = {}): Gate {
  const { baseline, onSaturated } = extra;
  return { thresholds, defaults, origin: THRESHOLD_FLAG, ...(baseline && { baseline }), ...(onSaturated && { onSaturated }) };
}

/** The signal that cut the run short, if one did (its name is the abort reason cli-entry.ts gives). */
function stopSignalOf(io: CliIo): StopSignal | undefined {
  const reason: unknown = io.signal?.reason;
  return reason === 'SIGINT' || reason === 'SIGTERM' ? reason : undefined;
}

/** Progress and notes on stderr, so that stdout keeps the summary (or the JSON results). */
function cliLog(io: CliIo): RunLog {
  return { info: (line) => io.err(line), warn: (line) => io.err(`warning: ${line}`) };
}

function keySources(values: { 'api-key'?: string; 'api-key-file'?: string; 'api-key-env': string }): KeySources {
  return { key: values['api-key'], file: values['api-key-file'], variable: values['api-key-env'] };
}

/** The key from a file or an environment variable by default, so it stays out of shell history (src/hosted/api-key.ts). */
async function hostedSettings(apiUrl: string, sources: KeySources, resultPath: string | undefined, io: CliIo): Promise<HostedSettings> {
  const apiKey = await resolveApiKey(sources, process.env, (path) => readFile(path, 'utf8'));
  if (!/^https?:\/\//.test(apiUrl))
    throw new InputError([{ path: '--api-url', message: `expected an http:// or https:// base URL, got "${apiUrl}"` }]);
  return { apiUrl, apiKey, resultPath, signal: io.signal, log: (message) => io.err(message) };
}

/** The reports for other CI systems that --junit and --gitlab-metrics ask for (docs/ci.md). */
function ciFilesOf(values: { junit?: string; 'gitlab-metrics'?: string }): CiReportFiles {
  return { ...(values.junit && { junit: values.junit }), ...(values['gitlab-metrics'] && { gitlabMetrics: values['gitlab-metrics'] }) };
}

/** The one judgement and its model: the results file, the web report, the CI reports asked for and the terminal summary. */
async function report(
  measured: Measured,
  gate: Gate,
  io: CliIo,
  resultsPath: string,
  reportPath: string,
  ciFiles: CiReportFiles = {},
): Promise<number> {
  const stoppedBy = stopSignalOf(io);
  const { result, judgement, model } = await conclude(measured, gate, { ...(stoppedBy && { stoppedBy }) });
  await writeFile(resultsPath, resultsText(result));
  await writeFile(reportPath, renderHtmlReport(model));
  const ciReports = await writeCiReports(ciFiles, result, judgement);
  io.out(renderTerminal(model, { color: io.isTTY }));
  io.out(`results: ${resultsPath}\nreport:  ${reportPath}${ciReports.map((file) => `\nci:      ${file}`).join('')}`);
  return exitCodeOf(judgement);
}

/** The validator sets duration and iteration_count to manual_load's sums, so they always hold. */
function progressPrinter(io: CliIo, config: { duration: number; iteration_count: number }) {
  let totals: ProgressTotals = { started: 0, responses: 0, failures: 0 };
  return (sample: SecondSample) => {
    totals = addSample(totals, sample);
    const line = progressLine(sample, totals, config.duration, config.iteration_count);
    if (io.errIsTTY) io.err(`${IN_PLACE}${line}`);
    else io.err(line);
  };
}

/** Back to the line's start and clear it: the progress line is redrawn where it is. */
const IN_PLACE = '\r\x1b[2K';

interface Stream {
  write(text: string): unknown;
}

/**
 * The CLI's two streams as cli-entry.ts writes them: a line per call, except an in-place line
 * (text starting with `\r`), which stays open for the next one to redraw it; whatever else comes,
 * on either stream, first ends it, so that no line is written over the progress line.
 */
export function lineStreams(stdout: Stream, stderr: Stream): Pick<CliIo, 'out' | 'err'> {
  let open = false;
  const end = (): void => {
    if (open) stderr.write('\n');
    open = false;
  };
  return {
    out: (text) => {
      end();
      stdout.write(`${text}\n`);
    },
    err: (text) => {
      if (text.startsWith('\r')) {
        stderr.write(text);
        open = true;
        return;
      }
      end();
      stderr.write(`${text}\n`);
    },
  };
}
