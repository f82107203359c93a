// Every action input is read, defaulted and validated here, once; errors name the input.
import { InputError, isProblem, type Problem } from '../errors.ts';
import { parseProxies } from '../engine/proxies.ts';
import { parseShard, parseStartAt } from '../engine/shard.ts';
import { parseWarmUp } from '../engine/run.ts';
import { parseStopDeadline } from '../engine/stop-deadline.ts';
import { parseCheckBodyLimit } from '../engine/check-body.ts';
import { parseWorkers, type WorkersSetting } from '../engine/worker-count.ts';
import type { Shard } from '../engine/plan.ts';
import { parseThresholds, type ThresholdOrigin, THRESHOLDS_INPUT } from '../thresholds/grammar.ts';
import { CAPACITY_INPUTS, type CapacitySettings, parseCapacitySettings } from '../capacity/settings.ts';
import { capacityGateProblems } from '../pipeline/capacity.ts';
import { planLatency, type LatencyPlan } from '../latency/session.ts';
import { ACTION_INPUT_NAMES, parseCompareSettings, type CompareSettings } from '../compare/settings.ts';
import { parseLatencyThresholds, type LatencyThreshold } from '../thresholds/latency.ts';
import type { Threshold } from '../types.ts';
import { COMMENT_WHEN, type CommentWhen, type GitHubInputs, matrixEntryOf } from '../settings/github-inputs.ts';
import { parseOnSaturated, type OnSaturated } from '../verdict/on-saturated.ts';
import { parseWaitFor, type WaitForSettings } from '../pipeline/wait-for.ts';
import { INPUT_SPELLING, shardingProblems } from '../settings/exclusive.ts';
import { withInputAliases } from '../settings/inputs.ts';
import { DEFAULT_HISTORY_SIZE, inputDefault, type InputName } from '../settings/table.ts';
import { type HistoryBaselineSpec, parseHistoryBaseline } from '../history/history.ts';
import { boolean, wholeNumber } from '../settings/values.ts';

export const MODES = ['embedded', 'hosted', 'merge', 'compare', 'capacity', 'publish'] as const;
export type Mode = (typeof MODES)[number];
/** Modes this version runs; the others are refused with a clear message. */
export const AVAILABLE_MODES: readonly Mode[] = ['embedded', 'hosted', 'merge', 'compare', 'capacity', 'publish'];

/** Input slo: mode capacity's service levels, one per line (docs/capacity.md). */
export const SLO_INPUT: ThresholdOrigin = { name: 'slo', kind: 'lines' };

/** Input baseline: the base branch's newest results, found and downloaded (docs/ci.md). */
export const AUTO_BASELINE = 'auto';

export const DEFAULT_SHARDS = inputDefault('shards');

export interface ActionInputs extends GitHubInputs {
  mode: Mode;
  environment: string;
  proxies: Record<string, string>;
  /** Absent: the engine's default, which suits the schedule (docs/engine.md). */
  maxConcurrency?: number;
  /** Engine threads (docs/engine.md): auto, a count, or every core but K. */
  workers: WorkersSetting;
  /** The default thresholds apply unless the user sets one on http_fail_rate (docs/verdict.md). */
  defaultThresholds: boolean;
  /** A saturated load generator fails the run (`fail`) or only warns (`warn`) (docs/verdict.md). */
  onSaturated: OnSaturated;
  resultsFile: string;
  baseline: string;
  /** baseline: history[:K] (docs/history.md); `baseline` is then empty. */
  historyBaseline?: HistoryBaselineSpec;
  insecureTls: boolean;
  /** mode hosted: the service's {base_url}, its key, and an optional result path template. */
  apiUrl: string;
  apiKey: string;
  apiResultPath: string;
  /** mode merge: a glob of shard results files. */
  shards: string;
  /** A latency test run with the load test (latency-target), and its `latency…` thresholds. */
  latency?: LatencyPlan;
  latencyThresholds: LatencyThreshold[];
  /** mode compare: the base side's environment (inline JSON or a file) and the gate's settings. */
  compareEnvironment: string;
  compare?: CompareSettings;
  /** mode capacity: what each probe must hold, and the search's settings; `thresholds` then gate on the rate found. */
  capacity?: { slo: Threshold[]; settings: CapacitySettings };
  /** Seconds of unrecorded load before the recorded schedule; absent: the definition's warm_up. */
  warmUpS?: number;
  /** How long a stop waits for the engine's threads (ms); absent: STOP_DEADLINE_MS. */
  stopDeadlineMs?: number;
  /** What a step's checks read of a body, at most (bytes); absent: DEFAULT_CHECK_BODY_BYTES. */
  checkBodyBytes?: number;
  /** A sharded run's slice (docs/scaling.md) and the common start, epoch ms. */
  shard?: Shard;
  startAtMs?: number;
  /** A URL polled until it answers, before the run (wait-for, wait-for-timeout). */
  waitFor?: WaitForSettings;
  /** Reports for other CI systems (docs/ci.md): JUnit XML and GitLab's metrics report; empty: none. */
  junitFile: string;
  gitlabMetricsFile: string;
}

/**
 * What the status check needs, read on its own and leniently: bad input elsewhere completes the
 * check as a failure, so these must not depend on the other inputs (getInputs reports a bad value).
 */
export function readCheckInputs(readInput: InputReader): { enabled: boolean; name: string; matrixEntry: string; token: string } {
  const read: TableReader = readInput;
  // mode publish posts the checks of the results it publishes, on their PR's head; the workflow_run's own commit gets none.
  const enabled = readBoolean(read, 'check', true, []) && read('mode').trim() !== 'publish';
  return { enabled, name: read('check-name').trim(), matrixEntry: matrixEntryOf(read('matrix')), token: read('github-token').trim() };
}

/** Reads one input by name: `core.getInput` in the action, a map in tests. */
export type InputReader = (name: string) => string;

/** Reads an input of the settings table by its name there (an older name stands in for it). */
type TableReader = (name: InputName) => string;

/** As `core.getBooleanInput` reads it; empty is the default. */
function readBoolean(read: TableReader, name: InputName, fallback: boolean, problems: Problem[]): boolean {
  const text = read(name);
  if (text.trim() === '') return fallback;
  const parsed = boolean(text, name);
  if (!isProblem(parsed)) return parsed;
  problems.push(parsed);
  return fallback;
}

function readCommentWhen(read: TableReader, problems: Problem[]): CommentWhen {
  const text = read('comment').trim();
  if (text === '') return 'always';
  if ((COMMENT_WHEN as readonly string[]).includes(text)) return text as CommentWhen;
  const parsed = boolean(text, 'comment');
  if (!isProblem(parsed)) return parsed ? 'always' : 'never';
  problems.push({ path: 'comment', message: `expected one of ${COMMENT_WHEN.join(', ')} (or true/false), got "${text}"` });
  return 'always';
}

function readMode(read: TableReader, problems: Problem[]): Mode {
  const text = read('mode').trim() || 'embedded';
  if (!(MODES as readonly string[]).includes(text)) {
    problems.push({ path: 'mode', message: `expected one of ${MODES.join(', ')}, got "${text}"` });
    return 'embedded';
  }
  if (!AVAILABLE_MODES.includes(text as Mode)) {
    problems.push({
      path: 'mode',
      message: `mode "${text}" is not available in this version of loadgate (available: ${AVAILABLE_MODES.join(', ')})`,
    });
  }
  return text as Mode;
}

function checkHosted(inputs: ActionInputs, problems: Problem[]): void {
  const url = URL.parse(inputs.apiUrl);
  if (!url || !/^https?:$/.test(url.protocol)) {
    problems.push({ path: 'api-url', message: `mode hosted needs the service's base URL (http:// or https://), got "${inputs.apiUrl}"` });
  }
  if (inputs.apiKey === '') problems.push({ path: 'api-key', message: "mode hosted needs the service's API key (sent as X-API-KEY)" });
  if (inputs.apiResultPath !== '' && !inputs.apiResultPath.startsWith('/')) {
    problems.push({
      path: 'api-result-path',
      message: `expected a path starting with "/" (with <id> for the test id), got "${inputs.apiResultPath}"`,
    });
  }
}

/** baseline: history[:K] takes its runs from the history input. */
function readHistoryBaseline(inputs: ActionInputs, problems: Problem[]): void {
  const spec = parseHistoryBaseline(inputs.baseline, 'baseline');
  if (spec === undefined) return;
  if (isProblem(spec)) {
    problems.push(spec);
    return;
  }
  if (inputs.history.length === 0) {
    problems.push({
      path: 'baseline',
      message: `baseline ${inputs.baseline} is the median of earlier runs: set the history input (a path, or auto)`,
    });
  }
  inputs.historyBaseline = spec;
  inputs.baseline = '';
}

function readParsed<T>(
  read: TableReader,
  name: InputName,
  parse: (text: string, name: string) => T | Problem,
  problems: Problem[],
): T | undefined {
  const text = read(name).trim();
  if (text === '') return undefined;
  const parsed = parse(text, name);
  if (!isProblem(parsed)) return parsed;
  problems.push(parsed);
  return undefined;
}

const LATENCY_NAMES = {
  target: 'latency-target',
  patterns: 'latency-locations',
  samples: 'latency-samples',
  config: 'latency-locations-config',
};

function readLatency(read: TableReader, inputs: ActionInputs, problems: Problem[]): LatencyPlan | undefined {
  const target = read('latency-target').trim();
  if (target === '') {
    if (inputs.latencyThresholds.length > 0) {
      problems.push({ path: 'thresholds', message: 'latency thresholds need a latency test: set latency-target' });
    }
    return undefined;
  }
  const lines = (name: InputName): string[] =>
    read(name)
      .split(/[\n,]/)
      .map((l) => l.trim())
      .filter(Boolean);
  const plan = planLatency(
    { target, patterns: lines('latency-locations'), samples: read('latency-samples'), config: [read('latency-locations-config')] },
    LATENCY_NAMES,
    inputs.mode === 'hosted',
  );
  if (plan.ok) return plan.value;
  problems.push(...plan.problems);
  return undefined;
}

function readCompare(read: TableReader, inputs: ActionInputs, problems: Problem[]): CompareSettings | undefined {
  if (inputs.compareEnvironment === '') {
    problems.push({ path: 'compare-environment', message: "mode compare needs the base side's environment (inline JSON or a file)" });
  }
  const settings = parseCompareSettings(
    {
      rounds: read('rounds'),
      warmupRounds: read('warm-up-rounds'),
      maxRegression: read('max-regression'),
      metric: read('compare-metric'),
      seed: read('seed'),
      maxRounds: read('max-rounds'),
      maxTime: read('max-compare-time'),
      onInconclusive: read('on-inconclusive'),
    },
    ACTION_INPUT_NAMES,
  );
  if (settings.ok) return settings.value;
  problems.push(...settings.problems);
  return undefined;
}

function readCapacity(read: TableReader, inputs: ActionInputs, problems: Problem[]): ActionInputs['capacity'] {
  const sloText = read('slo');
  const to = read('to').trim();
  const texts = {
    probe: read('probe').trim() || inputDefault('probe'),
    from: read('from').trim() || inputDefault('from'),
    ...(to !== '' && { to }),
    precision: read('precision').trim() || inputDefault('precision'),
    maxTime: read('max-time').trim() || inputDefault('max-time'),
  };
  if (inputs.mode !== 'capacity') {
    if (sloText.trim() !== '')
      problems.push({ path: 'slo', message: 'slo lines are what mode capacity judges each probe by: set mode: capacity' });
    return undefined;
  }
  if (sloText.trim() === '')
    problems.push({ path: 'slo', message: 'mode capacity needs at least one SLO line, such as "p99 < 100ms" (docs/capacity.md)' });
  if (inputs.shard !== undefined)
    problems.push({ path: 'shard', message: 'a capacity search runs on one runner: mode capacity takes no shard' });
  problems.push(...capacityGateProblems(inputs.thresholds, THRESHOLDS_INPUT, 'slo'));
  const slo = parseThresholds(sloText, SLO_INPUT);
  if (!slo.ok) problems.push(...slo.problems);
  const settings = parseCapacitySettings(texts, CAPACITY_INPUTS);
  if (!settings.ok) problems.push(...settings.problems);
  return slo.ok && settings.ok ? { slo: slo.value, settings: settings.value } : undefined;
}

function readWaitFor(read: TableReader, problems: Problem[]): WaitForSettings | undefined {
  const url = read('wait-for').trim();
  if (url === '') return undefined;
  const settings = parseWaitFor(url, read('wait-for-timeout').trim(), { url: 'wait-for', timeout: 'wait-for-timeout' });
  if (settings.ok) return settings.value;
  problems.push(...settings.problems);
  return undefined;
}

function readLatencyThresholds(read: TableReader, problems: Problem[]): LatencyThreshold[] {
  const parsed = parseLatencyThresholds(read('thresholds'), THRESHOLDS_INPUT);
  if (parsed.ok) return parsed.value;
  problems.push(...parsed.problems);
  return [];
}

function readThresholds(read: TableReader, problems: Problem[]): Threshold[] {
  const parsed = parseThresholds(read('thresholds'), THRESHOLDS_INPUT);
  if (parsed.ok) return parsed.value;
  problems.push(...parsed.problems);
  return [];
}

/** Every input, checked; `notice` hears of an older input name in use (core.notice in the action). */
export function getInputs(readInput: InputReader, notice: (line: string) => void = () => {}): ActionInputs {
  const read: TableReader = withInputAliases(readInput, notice);
  const problems: Problem[] = [];
  const test = read('test').trim();
  const proxies = parseProxies([read('proxies')], 'proxies');
  if (!proxies.ok) problems.push(...proxies.problems);
  const inputs: ActionInputs = {
    test,
    mode: readMode(read, problems),
    environment: read('environment').trim(),
    proxies: proxies.ok ? proxies.value : {},
    maxConcurrency: readParsed(read, 'max-concurrency', wholeNumber, problems),
    workers: readParsed(read, 'workers', parseWorkers, problems) ?? 'auto',
    thresholds: readThresholds(read, problems),
    defaultThresholds: readBoolean(read, 'default-thresholds', true, problems),
    onSaturated: readParsed(read, 'on-saturated', parseOnSaturated, problems) ?? 'fail',
    reportName: read('report-name').trim(),
    commentWhen: readCommentWhen(read, problems),
    comment: true,
    githubToken: read('github-token').trim(),
    resultsFile: read('results-file').trim() || inputDefault('results-file'),
    baseline: read('baseline').trim(),
    history: read('history')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    historySize: readParsed(read, 'history-size', wholeNumber, problems) ?? DEFAULT_HISTORY_SIZE,
    insecureTls: readBoolean(read, 'insecure-tls', false, problems),
    apiUrl: read('api-url').trim(),
    apiKey: read('api-key').trim(),
    apiResultPath: read('api-result-path').trim(),
    shards: read('shards').trim() || DEFAULT_SHARDS,
    latencyThresholds: readLatencyThresholds(read, problems),
    compareEnvironment: read('compare-environment').trim(),
    junitFile: read('junit-file').trim(),
    gitlabMetricsFile: read('gitlab-metrics-file').trim(),
    check: readBoolean(read, 'check', true, problems),
    checkName: read('check-name').trim(),
    matrixEntry: matrixEntryOf(read('matrix')),
  };
  inputs.comment = inputs.commentWhen !== 'never';
  readHistoryBaseline(inputs, problems);
  if (test === '' && inputs.mode !== 'merge' && inputs.mode !== 'publish') {
    problems.push({ path: 'test', message: 'expected the path of the test definition file (input "test")' });
  }
  if (inputs.mode === 'hosted') checkHosted(inputs, problems);
  inputs.shard = readParsed(read, 'shard', parseShard, problems);
  inputs.startAtMs = readParsed(read, 'start-at', parseStartAt, problems);
  inputs.warmUpS = readParsed(read, 'warm-up', parseWarmUp, problems);
  inputs.stopDeadlineMs = readParsed(read, 'stop-deadline', parseStopDeadline, problems);
  inputs.checkBodyBytes = readParsed(read, 'check-body-limit', parseCheckBodyLimit, problems);
  const sharding = { shard: inputs.shard !== undefined, startAt: inputs.startAtMs !== undefined, hosted: inputs.mode === 'hosted' };
  problems.push(...shardingProblems(sharding, INPUT_SPELLING));
  inputs.latency = readLatency(read, inputs, problems);
  inputs.waitFor = readWaitFor(read, problems);
  if (inputs.mode === 'compare') inputs.compare = readCompare(read, inputs, problems);
  inputs.capacity = readCapacity(read, inputs, problems);
  if (problems.length > 0) throw new InputError(problems);
  return inputs;
}
