// `loadgate run | validate | …`: the same pipeline as the action, with terminal output.
// Exit codes (docs/verdict.md): 0 passed, 1 a check failed, 2 bad input (nothing sent),
// 130/143 stopped by SIGINT/SIGTERM (results written, marked incomplete).
import { pathToFileURL } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError, formatProblem, isProblem, orThrow, problemLines, type Problem, valueOrThrow } from '../errors.ts';
import { parseShard, parseStartAt } from '../engine/shard.ts';
import { conclude, concludeShard } from '../pipeline/conclude.ts';
import { preflight, shapeOf, type Gate } from '../pipeline/gate.ts';
import { measureComparison, measureDefinition, measureMerge, type Measured } from '../pipeline/measure.ts';
import { readEnvironmentSpec, readProxies, readResultsFile, reportPathFor, resultsText } from '../pipeline/sources.ts';
import { writeCiReports, type CiReportFiles } from '../pipeline/ci-reports.ts';
import { historyForGate, type History } from '../pipeline/history.ts';
import { parseHistoryBaseline, type HistoryBaselineSpec } from '../history/history.ts';
import { exitCodeOf } from '../verdict/judge.ts';
import type { OnSaturated } from '../verdict/on-saturated.ts';
import { renderSummaryLine } from '../report/markdown.ts';
import { parseWorkers } from '../engine/worker-count.ts';
import { parseWarmUp } from '../engine/run.ts';
import { parseStopDeadline } from '../engine/stop-deadline.ts';
import { parseCheckBodyLimit } from '../engine/check-body.ts';
import { resolveApiKey, type KeySources } from '../hosted/api-key.ts';
import type { HostedSettings } from '../hosted/run-definition.ts';
import { judgedOnWindows, parseThresholdLines, THRESHOLD_FLAG } from '../thresholds/grammar.ts';
import { judgeLatency, planLatency, runLatencyPlan } from '../latency/session.ts';
import { parseLatencyThresholdLines } from '../thresholds/latency.ts';
import { isLatencyThresholdLine } from '../thresholds/syntax.ts';
import { latencyTerminal } from '../report/latency.ts';
import { loadDefinition } from '../definition/load.ts';
import { CLI_FLAG_NAMES, parseCompareSettings } from '../compare/settings.ts';
import { addSample, progressLine, type ProgressTotals } from '../report/progress.ts';
import { renderTerminal } from '../report/terminal.ts';
import { renderHtmlReport } from '../report/html.ts';
import { parseOnSaturated } from '../verdict/on-saturated.ts';
import { asksVersion, VERSION } from '../version.ts';
import { commandHelp, COMMANDS, overview } from './help.ts';
import { argsOf, checkWithFlags, cliLog, type CliIo, outputsOf, stopSignalOf } from './io.ts';
import { type CommandArgs, UsageError } from '../settings/argv.ts';
import { FLAG_SPELLING, shardingProblems } from '../settings/exclusive.ts';
import { closest } from '../settings/suggest.ts';
import { wholeNumber } from '../settings/values.ts';
import { emptySecretName, emptySecretProblems } from '../variables/empty-secrets.ts';
import { parseWaitFor, waitFor } from '../pipeline/wait-for.ts';
import type { LoadTestResult, SecondSample, Threshold } from '../types.ts';

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
  serve: loadedWhenChosen(() => import('../server/main.ts').then((m) => m.serveCommand)),
  merge: mergeCommand,
  latency: latencyCommand,
  compare: compareCommand,
  'wait-for': waitForCommand,
  // Loaded on use: `run` never loads the format parsers, nor the shard pod's side of the protocol.
  import: loadedWhenChosen(() => import('../import/command.ts').then((m) => m.importCommand)),
  shard: loadedWhenChosen(() =>
    import('../shard/client.ts').then((m) => (args: string[], io: CliIo) => m.shardCommand(args, { ...io, env: process.env })),
  ),
  capacity: loadedWhenChosen(() => import('./capacity.ts').then((m) => m.capacityCommand)),
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
    io.err(
      `loadgate: unknown command "${command}"${didYouMean(command)}; the commands are ${Object.keys(RUNNERS).join(', ')} (loadgate help)`,
    );
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
    if (error instanceof UsageError) {
      io.err(error.message);
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
    io.err(`loadgate: no command "${topic}"${didYouMean(topic)}; the commands are ${Object.keys(RUNNERS).join(', ')}`);
    return 2;
  }
  io.out(commandHelp(topic as keyof typeof COMMANDS));
  return 0;
}

/** ` (did you mean validate?)` for a misspelt command, else nothing. */
function didYouMean(word: string): string {
  const near = closest(word, Object.keys(RUNNERS));
  return near === undefined ? '' : ` (did you mean ${near}?)`;
}

/**
 * Variables come only from --env, -e and --env-var: say so when the missing one is set in the
 * shell, and name the flags for a secret left without a value (an import's).
 */
function shellVariableHint(message: string): string {
  const unknown = /unknown variable "([^"]+)"/.exec(message)?.[1];
  const empty = emptySecretName(message);
  const name = unknown ?? empty;
  if (name === undefined) return '';
  if (process.env[name] !== undefined)
    return ` (${name} is set in this shell, but variables come only from --env, -e KEY=VALUE and --env-var NAME: pass --env-var ${name})`;
  return empty === undefined ? '' : ` (export ${name} and pass --env-var ${name}, or pass -e ${name}=VALUE)`;
}

/** Absent: the engine's default, which suits the schedule (docs/engine.md). */
function parseConcurrency(text: string | undefined): number | undefined {
  return text === undefined ? undefined : orThrow(wholeNumber(text, '--max-concurrency'));
}

function parseFlagsThresholds(lines: string[]): Threshold[] {
  const parsed = parseThresholdLines(lines, THRESHOLD_FLAG);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const latencyLine = lines.findIndex((line) => isLatencyThresholdLine(line));
  if (latencyLine >= 0) {
    throw new InputError([{ path: `--thresholds #${latencyLine + 1}`, message: 'latency thresholds go with `loadgate latency`' }]);
  }
  return parsed.value;
}

async function compareCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('compare', args, io);
  const file = flags.positionals[0];
  const base = flags.text('compare-environment');
  const problems: Problem[] = [];
  if (!file) problems.push({ path: 'definition', message: 'expected the path of a test definition file' });
  if (!base) problems.push({ path: '--compare-environment', message: "expected the base side's environment (a file or inline JSON)" });
  const settings = parseCompareSettings(
    {
      rounds: flags.text('rounds'),
      warmupRounds: flags.text('warm-up-rounds'),
      maxRegression: flags.text('max-regression'),
      metric: flags.text('compare-metric'),
      seed: flags.text('seed'),
      maxRounds: flags.text('max-rounds'),
      maxTime: flags.text('max-compare-time'),
      onInconclusive: flags.text('on-inconclusive'),
    },
    CLI_FLAG_NAMES,
  );
  if (!settings.ok) problems.push(...settings.problems);
  if (problems.length > 0 || !settings.ok) throw new InputError(problems);
  const gate = gateOf(parseFlagsThresholds(flags.list('thresholds')), flags.flag('default-thresholds'));
  const proxies = await readProxies(flags.list('proxies'), flags.text('proxies-file'));
  const workers = orThrow(parseWorkers(flags.text('workers')!, '--workers'));
  const resultsPath = resolve(flags.text('results-file')!);
  const measured = await measureComparison(
    {
      loaded: await loadDefinition(file!),
      head: await readEnvironmentSpec(flags.text('environment') ?? '', '--environment'),
      base: (await readEnvironmentSpec(base!, '--compare-environment'))!,
      baseName: `--compare-environment ${base}`,
      settings: settings.value,
      settingNames: CLI_FLAG_NAMES,
      options: {
        concurrency: parseConcurrency(flags.text('max-concurrency')),
        workers,
        insecure: flags.flag('insecure-tls'),
        proxies,
        signal: io.signal,
        testUrl: pathToFileURL(reportPathFor(resultsPath)).href,
      },
    },
    gate,
    cliLog(io),
  );
  return report(measured, gate, io, resultsPath, reportPathFor(resultsPath), ciFilesOf(flags));
}

async function latencyCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('latency', args, io);
  const apiUrl = flags.text('api-url');
  const hosted = apiUrl ? await hostedSettings(apiUrl, keySources(flags), undefined, io) : undefined;
  const parsed = parseLatencyThresholdLines(flags.list('thresholds'), THRESHOLD_FLAG);
  if (!parsed.ok) throw new InputError(parsed.problems);
  const plan = valueOrThrow(
    planLatency(
      {
        target: flags.positionals[0] ?? '',
        patterns: flags.list('latency-locations'),
        // Named only when given: a hosted service is sent a count only when the user named one (docs/latency.md).
        samples: flags.given('latency-samples') ? flags.text('latency-samples')! : '',
        config: flags.list('latency-locations-config'),
      },
      { target: 'url', patterns: '--latency-locations', samples: '--latency-samples', config: '--latency-locations-config' },
      hosted !== undefined,
    ),
  );
  const result = await runLatencyPlan(plan, { insecure: flags.flag('insecure-tls'), signal: io.signal, hosted });
  const { checks } = judgeLatency(result, parsed.value, THRESHOLD_FLAG);
  const resultsPath = resolve(flags.text('results-file')!);
  await writeFile(resultsPath, resultsText(result));
  io.out(latencyTerminal(result, { color: io.isTTY, outcomes: checks }));
  io.out(`results: ${resultsPath}`);
  return checks.every((c) => c.passed) ? 0 : 1;
}

async function mergeCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('merge', args, io);
  if (flags.positionals.length === 0) throw new InputError([{ path: 'merge', message: 'expected shard results files, folders or globs' }]);
  const baseline = await baselineFileOf(flags);
  const thresholds = parseFlagsThresholds(flags.list('thresholds'));
  const resultsPath = resolve(flags.text('results-file')!);
  const measured = await measureMerge(flags.positionals, process.cwd(), 'merge', pathToFileURL(reportPathFor(resultsPath)).href);
  // The merged result names the test: history is read for it once the shards are added up.
  const { history, unchecked } = await historyOf(flags, measured.result.run.name, thresholds);
  const gate = gateOf(
    thresholds.filter((t) => !unchecked.includes(t)),
    flags.flag('default-thresholds'),
    { baseline, history },
  );
  return report(measured, gate, io, resultsPath, reportPathFor(resultsPath), ciFilesOf(flags));
}

/** The definition and, when given, the thresholds as a run would check them: nothing is sent. */
async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('validate', args, io);
  const file = flags.positionals[0];
  if (!file) throw new InputError([{ path: 'definition', message: 'expected the path of a test definition file' }]);
  const baseline = await baselineFileOf(flags);
  // A history baseline's runs come at run time (--history): its relative limits are checked then.
  const thresholds = parseFlagsThresholds(flags.list('thresholds')).filter((t) => !(t.baseline && historySpecOf(flags)));
  const gate = gateOf(thresholds, true, { baseline });
  const proxies = await readProxies(flags.list('proxies'), flags.text('proxies-file'));
  const test = await checkWithFlags(file, flags, io, {}, { allowEmptySecrets: true }, (definition) =>
    preflight(gate, shapeOf(definition, proxies, 'embedded', baseline)),
  );
  // The file is valid; its secrets come at run time, and `run` refuses to send one empty.
  for (const problem of emptySecretProblems(test.definition, file))
    io.err(`warning: ${formatProblem(problem)}${shellVariableHint(problem.message)}`);
  const checked =
    gate.thresholds.length > 0 ? ` (and ${gate.thresholds.length} ${gate.thresholds.length === 1 ? 'threshold' : 'thresholds'})` : '';
  io.out(`${file}: valid${checked}`);
  return 0;
}

async function waitForCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('wait-for', args, io);
  const settings = valueOrThrow(
    parseWaitFor(flags.positionals[0] ?? '', flags.text('wait-for-timeout')!, { url: 'url', timeout: '--wait-for-timeout' }),
  );
  const answered = await waitFor(settings, {
    insecure: flags.flag('insecure-tls'),
    signal: io.signal,
    onRetry: (attempt, reason) => {
      if (attempt === 1) io.err(`waiting for ${settings.url} to answer (${reason}), up to ${settings.timeoutS} s…`);
    },
  });
  io.out(`${settings.url} answered ${answered.status} after ${(answered.elapsedMs / 1000).toFixed(1)} s`);
  return 0;
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('run', args, io);
  const file = flags.positionals[0];
  if (!file) throw new InputError([{ path: 'definition', message: 'expected the path of a test definition file' }]);
  const text = (name: string, parse: (text: string, name: string) => number | Problem): number | undefined => {
    const given = flags.text(name);
    return given === undefined ? undefined : orThrow(parse(given, `--${name}`));
  };
  const thresholds = parseFlagsThresholds(flags.list('thresholds'));
  const proxies = await readProxies(flags.list('proxies'), flags.text('proxies-file'));
  const concurrency = parseConcurrency(flags.text('max-concurrency'));
  const shardText = flags.text('shard');
  const shard = shardText === undefined ? undefined : orThrow(parseShard(shardText, '--shard'));
  const startAtMs = text('start-at', parseStartAt);
  const warmUpS = text('warm-up', parseWarmUp);
  const stopDeadlineMs = text('stop-deadline', parseStopDeadline);
  const checkBodyBytes = text('check-body-limit', parseCheckBodyLimit);
  const workers = orThrow(parseWorkers(flags.text('workers')!, '--workers'));
  const baseline = await baselineFileOf(flags);
  const apiUrl = flags.text('api-url');
  const problems = shardingProblems(
    { shard: shard !== undefined, startAt: startAtMs !== undefined, hosted: Boolean(apiUrl) },
    FLAG_SPELLING,
  );
  const onSaturated = parseOnSaturated(flags.text('on-saturated')!, '--on-saturated');
  if (isProblem(onSaturated)) problems.push(onSaturated);
  if (problems.length > 0 || isProblem(onSaturated)) throw new InputError(problems);
  // --quiet: nothing but problems (errors and warnings); notes and progress go nowhere.
  const chatter = flags.flag('quiet') ? { ...io, err: () => {} } : io;
  const hostedMode = apiUrl ? 'hosted' : 'embedded';
  // The thresholds checked with the definition's problems (a history baseline's when its runs are read).
  const early = gateOf(
    thresholds.filter((t) => !(t.baseline && historySpecOf(flags))),
    flags.flag('default-thresholds'),
    { baseline },
  );
  const test = await checkWithFlags(
    file,
    flags,
    chatter,
    { duration: flags.text('duration'), iterations: flags.text('iterations'), rate: flags.text('rate') },
    {},
    (definition) => preflight(early, shapeOf(definition, proxies, hostedMode, baseline)),
  );
  const { history, unchecked } = await historyOf(flags, test.definition.name, thresholds);
  const gate = gateOf(
    thresholds.filter((t) => !unchecked.includes(t)),
    flags.flag('default-thresholds'),
    { baseline, onSaturated, history },
  );
  const resultsPath = resolve(flags.text('results-file')!);
  const reportPath = resolve(flags.text('report') ?? reportPathFor(resultsPath));
  const show = outputsOf(io, flags);
  const hosted = apiUrl ? await hostedSettings(apiUrl, keySources(flags), flags.text('api-result-path'), chatter) : null;
  preflight(gate, shapeOf(test.definition, proxies, hosted ? 'hosted' : 'embedded', baseline));
  const measured = await measureDefinition(
    test,
    {
      ...(hosted && { hosted }),
      embedded: {
        concurrency,
        insecure: flags.flag('insecure-tls'),
        proxies,
        signal: io.signal,
        ...(!flags.flag('quiet') && { onSecond: progressPrinter(io, test.definition.config_data) }),
        shard,
        startAtMs,
        warmUpS,
        stopDeadlineMs,
        checkBodyBytes,
        keepSecondHistograms: judgedOnWindows(thresholds),
        testUrl: pathToFileURL(reportPath).href,
      },
      workers,
      abortOn: thresholds,
    },
    { ...cliLog(io), info: cliLog(chatter).info },
  );
  if (flags.flag('json')) io.out(JSON.stringify(measured.result, null, 2));
  if (shard) return reportShard(measured, gate, show, resultsPath);
  return report(measured, gate, show, resultsPath, reportPath, ciFilesOf(flags));
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
    io.err("note: a shard's thresholds are checked when the shards are merged: loadgate merge <files> --thresholds …");
  io.out(`results: ${resultsPath}`);
  return judgement.outcome === 'incomplete' ? exitCodeOf(judgement) : 0;
}

function gateOf(
  thresholds: Threshold[],
  defaults: boolean,
  extra: { baseline?: LoadTestResult; onSaturated?: OnSaturated; history?: History } = {},
): Gate {
  const { baseline, onSaturated, history } = extra;
  return {
    thresholds,
    defaults,
    origin: THRESHOLD_FLAG,
    ...(baseline && { baseline }),
    ...(onSaturated && { onSaturated }),
    ...(history && { history }),
  };
}

/** --baseline FILE: an earlier results file; `history` and `history:K` are historyOf's. */
async function baselineFileOf(flags: CommandArgs): Promise<LoadTestResult | undefined> {
  const given = flags.text('baseline');
  if (given === undefined || historySpecOf(flags) !== undefined) return undefined;
  return readResultsFile(given, '--baseline');
}

function historySpecOf(flags: CommandArgs): HistoryBaselineSpec | undefined {
  const given = flags.text('baseline');
  return given === undefined ? undefined : orThrow(parseHistoryBaseline(given, '--baseline'));
}

/** The --history runs of this test and, with --baseline history[:K], the runs whose median is the baseline (docs/history.md). */
async function historyOf(
  flags: CommandArgs,
  testName: string,
  thresholds: readonly Threshold[],
): Promise<{ history?: History; unchecked: Threshold[] }> {
  const spec = historySpecOf(flags);
  const paths = flags.list('history');
  if (spec && paths.length === 0) {
    throw new InputError([
      { path: '--baseline', message: `--baseline ${flags.text('baseline')} is the median of earlier runs: give them with --history PATH` },
    ]);
  }
  if (paths.length === 0) return { unchecked: [] };
  const size = orThrow(wholeNumber(flags.text('history-size')!, '--history-size'));
  return historyForGate({ paths }, testName, size, spec, thresholds);
}

function keySources(flags: CommandArgs): KeySources {
  return { key: flags.text('api-key'), file: flags.text('api-key-file'), variable: flags.text('api-key-env')! };
}

/** The key from a file or an environment variable by default, so it stays out of shell history (src/hosted/api-key.ts). */
async function hostedSettings(apiUrl: string, sources: KeySources, resultPath: string | undefined, io: CliIo): Promise<HostedSettings> {
  const apiKey = await resolveApiKey(sources, process.env, (path) => readFile(path, 'utf8'));
  if (!/^https?:\/\//.test(apiUrl))
    throw new InputError([{ path: '--api-url', message: `expected an http:// or https:// base URL, got "${apiUrl}"` }]);
  return { apiUrl, apiKey, resultPath, signal: io.signal, log: (message) => io.err(message) };
}

/** The reports for other CI systems that --junit and --gitlab-metrics ask for (docs/ci.md). */
function ciFilesOf(flags: CommandArgs): CiReportFiles {
  const junit = flags.text('junit-file');
  const gitlabMetrics = flags.text('gitlab-metrics-file');
  const summary = flags.text('summary-file');
  return { ...(junit && { junit }), ...(gitlabMetrics && { gitlabMetrics }), ...(summary && { summary }) };
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
  const ciReports = await writeCiReports(ciFiles, result, judgement, model);
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
 * The CLI's two streams as entry.ts writes them: a line per call, except an in-place line
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
