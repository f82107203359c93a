// Domain types, described once. Wire and file names (snake_case, config_data, proxy_config)
// are kept exactly as in the service interface (docs/interface.md 2.1–2.5).

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const LOAD_TYPES = ['linear', 'incremental', 'waved'] as const;
export type LoadType = (typeof LOAD_TYPES)[number];

export interface StepOthers {
  h2: boolean;
  'disable-redirect': boolean;
  'disable-compression': boolean;
}

/** A value capture from a step's response (docs/variables.md, in the Ddosify style users know). */
export type CaptureSpec =
  | { from: 'body'; json_path: string }
  | { from: 'body'; regexp: { exp: string; matchNo?: number } }
  | { from: 'header'; header_key: string; regexp?: { exp: string; matchNo?: number } };

/** A step after defaults were applied. Strings may still hold {{…}} templates. */
export interface Step {
  id: number;
  name: string;
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  payload?: string;
  /** Per-request timeout in seconds. */
  timeout: number;
  others: StepOthers;
  /** Think time after this step: "1000" or "300-500" (milliseconds). */
  sleep?: string;
  capture_env?: Record<string, CaptureSpec>;
  assertion?: string[];
  /** A streaming step: server-sent events or a WebSocket exchange (docs/streaming.md). */
  stream?: StepStream;
}

/** A step whose response body is a server-sent event stream (docs/streaming.md). */
export interface SseStream {
  type: 'sse';
  /** The event type that ends the stream (not counted); absent: a `data: [DONE]` sentinel ends it. */
  until_event?: string;
  /** The stream ends after this many events. */
  max_events?: number;
  /** The longest a stream may stay open (seconds); reaching it is an error unless expect_open. */
  max_seconds: number;
  /** A subscription meant to be cut: reaching max_seconds ends it without an error. */
  expect_open: boolean;
}

/** A WebSocket exchange: messages sent once the socket opens, then messages received until an end (docs/streaming.md). */
export interface WebSocketStream {
  type: 'websocket';
  /** Text messages sent in order once the socket is open; templates allowed. */
  send: string[];
  /** The exchange ends after this many messages. */
  receive?: number;
  /** The exchange ends at a message matching this RE2 pattern. */
  until?: string;
  max_seconds: number;
}

export type StepStream = SseStream | WebSocketStream;

export interface ManualStage {
  /** Seconds. */
  duration: number;
  /** Iterations started over the stage. */
  count: number;
}

export interface ConfigData {
  steps: Step[];
  /** Country code → integer share. Absent: one location. */
  proxy_config?: Record<string, number>;
  iteration_count: number;
  load_type: LoadType;
  /** Seconds. */
  duration: number;
  manual_load?: ManualStage[];
}

export type EnvValue = boolean | string | number | number[];
export interface EnvVar {
  key: string;
  value: EnvValue;
  /** The value is a secret: masked in the action's log, never written to results, reports or logs (docs/security.md). */
  secret?: boolean;
}
export interface Environment {
  name: string;
  vars: EnvVar[];
}

export interface FileConfig {
  delimiter: string;
  vars: Record<string, { tag: string }>;
  allow_quota: boolean;
  order: 'random' | 'sequential';
  skip_first_line: boolean;
  skip_empty_line: boolean;
}
export interface TestDataSet {
  name: string;
  /** As written: relative to the definition file. loadDefinition replaces it with the absolute path. */
  file: string;
  type: 'csv';
  file_config: FileConfig;
}

/** A validated test definition with every default applied (docs/interface.md 2.1). */
export interface LoadTestDefinition {
  name: string;
  config_data: ConfigData;
  environment?: Environment;
  test_data: TestDataSet[];
  /** Seconds of unrecorded load against the target before the recorded schedule (docs/engine.md). */
  warm_up?: number;
}

// ---- Results: docs/interface.md 2.5, plus the `run` block (docs/results.md) ----

export interface ResponseTimes {
  avg: number;
  max: number;
  min: number;
  p80: number;
  p90: number;
  p95: number;
  p99: number;
  median: number;
  stddev: number;
}

export type CountDist = Record<string, number>;

/**
 * A streaming step's own figures (docs/results.md): streams opened, events counted before each
 * stream's end, and in ms the time to the first event and the gaps between events.
 */
export interface StreamFigures {
  streams: number;
  events: number;
  first_event: ResponseTimes;
  gap: ResponseTimes;
  /** WebSocket steps: close codes, as sent by either side (keys are the codes as strings). */
  close_code_dist?: CountDist;
}

export interface StepLocationResult {
  error_dist: CountDist;
  fail_count: number;
  success_count: number;
  response_times: ResponseTimes;
  iteration_count: number;
  status_code_dist: CountDist;
  location_dist: Record<string, never>;
  /** Streaming steps only. */
  stream?: StreamFigures;
}

export interface StepResult {
  id: number;
  fail_count: number;
  success_count: number;
  iteration_count: number;
  response_times: ResponseTimes;
  status_code_dist: CountDist;
  error_dist: CountDist;
  location_dist: Record<string, StepLocationResult>;
  /** Streaming steps only. */
  stream?: StreamFigures;
}

export interface LocationResult {
  fail_count: number;
  success_count: number;
  iteration_count: number;
  response_times: ResponseTimes;
}

export interface Results {
  steps: StepResult[];
  fail_count: number;
  success_count: number;
  iteration_count: number;
  response_times: ResponseTimes;
  location_dist: Record<string, LocationResult>;
}

/** One second of the run, for progress and reports. Latencies in ms (fractional). */
export interface SecondSample {
  /** Seconds since the run's start (0-based). */
  t: number;
  started: number;
  responses: number;
  failures: number;
  /** Requests without a 2xx/3xx answer (no response, or an error status the step does not expect), as http_fail_rate counts them; absent in older files. */
  errors?: number;
  p50: number;
  p95: number;
  p99: number;
  /** Iterations that started this second more than 10 ms behind their planned time. */
  late?: number;
  /** The engine thread's event-loop delay this second: p99 and max of a 5 ms timer's lateness. */
  loop_delay_p99_ms?: number;
  loop_delay_max_ms?: number;
  /** CPU time of the engine thread, % of one core. */
  cpu_pct?: number;
  /** Share of the second the engine thread's event loop was busy (not waiting for I/O), %. */
  busy_pct?: number;
  /** Connections the engine had open at the end of the second (direct ones; not proxy tunnels). */
  sockets?: number;
  /** Shard files, and runs with a threshold `over TIME`: the second's response times, an encoded HdrHistogram (docs/results.md). */
  histogram?: string;
  /** Runs with streaming steps: the second's streams, events, first-event and gap times (docs/results.md). */
  stream?: SecondStream;
}

/** A second's times in fractional ms; shard files add the encoded HdrHistogram (µs) they are read from. */
export interface SecondTimes {
  p50: number;
  p95: number;
  p99: number;
  histogram?: string;
}

/** The streaming steps of one second of a series: streams opened, events counted, and their times. */
export interface SecondStream {
  streams: number;
  events: number;
  first_event: SecondTimes;
  gap: SecondTimes;
}

/** How the load generator itself did over a run (docs/engine.md, "The generator watches itself"). */
export interface GeneratorInfo {
  /** The generator, not the service, was the bottleneck: latencies or the applied load are its own. */
  saturated: boolean;
  /** Why, when saturated: the rule that held, with its figure. */
  reason?: string;
  /**
   * Present (true) when saturated while the engine thread had CPU to spare (under 50 % of a core
   * in every second): the machine stalled it, the generator was not at its own limit.
   */
  host_stalled?: boolean;
  /** Event-loop delay of the engine thread over the run (ms). */
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  /** The busiest second's CPU (% of one core) and event-loop busy share (%). */
  cpu_pct_max: number;
  busy_pct_max: number;
  /** Iterations late, or never started, in seconds when the engine thread had no time to spare (>= 90 % busy, or loop delay p99 > 10 ms). */
  behind_iterations: number;
  /** Planned iterations not started because the schedule ended (its planned end plus 1 s). */
  unstarted_iterations: number;
  /** Iterations per second: as planned for this runner, and as started. */
  planned_iterations_per_s: number;
  applied_iterations_per_s: number;
  /** The in-flight cap the run used (the setting, or the default the schedule suits). */
  concurrency: number;
  /** Most connections open at once. */
  sockets_max: number;
  /** Seconds of unrecorded load against the target before the recorded schedule (0: none). */
  warm_up_s: number;
}

/** The slice of a sharded run a results file holds (docs/scaling.md). */
export interface ShardInfo {
  index: number;
  count: number;
  definition_sha256: string;
  started_at: string;
  finished_at: string;
  /** How late the shard began after `start-at` (0 without it). */
  start_lag_ms: number;
}

/** One shard of a merged run (run.shards). */
export interface ShardSummary {
  index: number;
  file: string;
  started_at: string;
  finished_at: string;
  start_lag_ms: number;
  iterations: number;
  /** Began more than 1 s after start-at or after the earliest shard. */
  late: boolean;
}

/** Encoded HdrHistograms (µs) of a shard file, keyed like the results (docs/results.md). */
export interface EncodedHistograms {
  overall: string;
  steps: Record<string, string>;
  locations: Record<string, string>;
  step_locations: Record<string, Record<string, string>>;
  /** Runs with streaming steps: the histograms of the stream figures (docs/results.md). */
  streams?: { first_event: StreamHistograms; gap: StreamHistograms };
}

/** One stream figure's histograms (µs): over every streaming step, per streaming step, per step × location. */
export interface StreamHistograms {
  overall: string;
  steps: Record<string, string>;
  step_locations: Record<string, Record<string, string>>;
}

export interface RunStepInfo {
  id: number;
  name: string;
  method: string;
  url: string;
  /** Error statuses (≥ 400) the step's assertions expect: not HTTP errors (docs/verdict.md). */
  expected_status?: number[];
}

export interface RunInfo {
  mode: 'embedded' | 'hosted' | 'merge' | 'compare';
  name: string;
  started_at: string;
  finished_at: string;
  duration_s: number;
  /** Responses per second over rate_window_s. */
  rps: number;
  /** The seconds the run's rates are over (docs/results.md, "Rates"); absent in files of versions before it. */
  rate_window_s?: number;
  late_iterations: number;
  max_schedule_lag_ms: number;
  version: string;
  /** Step names, since 2.5 step results carry only ids. */
  steps: RunStepInfo[];
  /** Location name → how it sent ("direct", or "proxy http://host:port"). */
  locations: Record<string, string>;
  /** True when the run was stopped early (signal or cancel): the results are partial. */
  interrupted: boolean;
  /** The run stopped itself on an `abort` threshold whose breach was certain: the results so far, judged failed (docs/verdict.md). */
  aborted?: { threshold: string; reason: string; at_s: number };
  series: SecondSample[];
  /** Embedded runs: how the load generator itself did. */
  generator?: GeneratorInfo;
  /** Shard files only. */
  shard?: ShardInfo;
  /** Merged runs only: the shards merged. */
  shards?: ShardSummary[];
  /** When a latency test ran with the load test (action input latency-target). */
  latency?: LatencyResult;
  /** Sharded runs on `serve --executor kubernetes`: how much of the plan the result holds (docs/results.md). */
  coverage?: Coverage;
}

/** One shard's part of the plan that the result lacks (a pod died, started late, or was stopped). */
export interface ShardCoverage {
  /** `<location>-<index>` (the Job's JOB_COMPLETION_INDEX). */
  shard: string;
  location: string;
  index: number;
  /** Attempts Kubernetes made (1 without a retry). */
  attempts: number;
  /** Seconds of the shard's plan with load, and those of them whose results are missing. */
  planned_s: number;
  missing_s: number;
  /** The missing windows: [from, to) in seconds since the run's start. */
  missing: Array<[number, number]>;
}

export interface Coverage {
  planned_iterations: number;
  /** Iterations the shards sent, every attempt counted (a dead attempt's load reached the target too). */
  applied_iterations: number;
  /** applied ÷ planned, % with one decimal. */
  applied_pct: number;
  /** Iterations the result holds (the counts of `results` add up to it). */
  measured_iterations: number;
  /** measured ÷ planned, % with one decimal. */
  measured_pct: number;
  /** Every shard with a part missing; empty when the result holds the whole plan. */
  shards: ShardCoverage[];
}

export interface LoadTestResult {
  test_url: string;
  results: Results;
  run: RunInfo;
  /** Shard files only. */
  histograms?: EncodedHistograms;
  /** Earlier runs of the same test read with --history / input history (docs/history.md). */
  history?: HistoryBlock;
  /** `loadgate capacity` only: the search and its answer (docs/capacity.md). */
  capacity?: CapacityInfo;
}

/** A run's figures as history keeps them (ms, %, requests per second); one with nothing to measure is absent. */
export interface HistoryLevelFigures {
  rps?: number;
  http_fail_rate?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  /** Streaming steps (docs/streaming.md): the time to the first event and the gaps between events, ms. */
  first_event_p50?: number;
  first_event_p95?: number;
  first_event_p99?: number;
  gap_p50?: number;
  gap_p95?: number;
  gap_p99?: number;
}

export interface HistoryFigures {
  overall: HistoryLevelFigures;
  /** By step id. */
  steps: Record<string, HistoryLevelFigures>;
}

export interface HistoryRunEntry {
  /** The workflow run id of an artifact, or the results file's name. */
  id: string;
  sha?: string;
  started_at: string;
  figures: HistoryFigures;
}

/** The results file's `history` block (docs/results.md): the earlier runs, oldest first. */
export interface HistoryBlock {
  /** The branch the runs are of, when known (the action's base branch). */
  branch?: string;
  runs: HistoryRunEntry[];
  /** With --baseline history: the ids of the runs whose median the relative thresholds used. */
  baseline?: { median_of: string[] };
}

/** One probe of a capacity search: its rate, what it measured, whether every SLO held. */
export interface CapacityProbe {
  rate: number;
  applied: number;
  p50?: number;
  p95?: number;
  p99?: number;
  http_fail_rate?: number;
  passed: boolean;
  /** The generator changed what the probe says (docs/capacity.md): it counts for neither side of the bracket. */
  saturated: boolean;
  /** Saturated because the machine stalled the generator (it had CPU to spare), not at its own limit: probed again. */
  stalled?: boolean;
}

/** The highest rate at which every SLO held, and why the search went no higher (docs/capacity.md). */
export interface CapacityInfo {
  max_rate: number;
  limited_by: 'slo' | 'generator' | 'host' | 'max' | 'time';
  /** The lowest rate that failed an SLO, saturated the generator or was stalled by the machine every time, when one did. */
  failed_at?: number;
  /** The SLO lines as written. */
  slo: string[];
  /** Seconds each probe ran (its first, unjudged, included). */
  probe_s: number;
  probes: CapacityProbe[];
}

// ---- Thresholds (docs/verdict.md) ----

/** Metrics known by name; any percentile is written `pN` (PercentileMetric). */
export const THRESHOLD_METRICS = [
  'avg',
  'min',
  'max',
  'median',
  'p80',
  'p90',
  'p95',
  'p99',
  'stddev',
  'fail_rate',
  'success_rate',
  'http_fail_rate',
  'status_2xx',
  'status_3xx',
  'status_4xx',
  'status_5xx',
  'fail_count',
  'success_count',
  'iteration_count',
  'rps',
  'capacity',
] as const;
export type NamedMetric = (typeof THRESHOLD_METRICS)[number];
/** `p75`, `p99.9` (canonical form: the percentile as a decimal number). */
export type PercentileMetric = `p${string}`;
export type ThresholdMetric = NamedMetric | PercentileMetric;
export type ThresholdOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** `step[*]` and `location[*]`: every step or location, each checked on its own. */
export type StepSelector = { id: number } | { name: string } | { each: true };

/** A limit relative to the baseline's value at the same scope: `baseline + 10%`, `baseline - 20ms`. */
export interface BaselineLimit {
  /** `percent`: baseline × (1 ± amount/100). `absolute`: baseline ± amount (in the metric's base unit). */
  kind: 'percent' | 'absolute';
  /** Signed: +10 for `+ 10%`, -20 for `- 20ms`; 0 for plain `baseline`. */
  amount: number;
}

export interface Threshold {
  /** The line as the user wrote it (trimmed). */
  source: string;
  /** 1-based line number in the input. */
  line: number;
  step?: StepSelector;
  /** A location name, or `*` for each location. */
  location?: string;
  metric: ThresholdMetric;
  op: ThresholdOp;
  /** In the metric's base unit: ms for times, % for rates, plain numbers otherwise. Unused when `baseline` is set. */
  value: number;
  baseline?: BaselineLimit;
  /** Applied by loadgate, not written by the user (docs/verdict.md, defaults). */
  isDefault?: boolean;
  /** `over 10s`: judged on every sliding window of this many seconds, the worst one shown (docs/verdict.md). */
  overS?: number;
  /** `abort`: the run stops as soon as this threshold's breach is certain (docs/verdict.md). */
  abort?: boolean;
  /** `first_event.p95`, `gap.p99`: a time of the streaming steps' figures rather than of responses (docs/streaming.md). */
  stream?: StreamMetric;
}

/** The stream figures a threshold can judge (docs/streaming.md). */
export const STREAM_METRICS = ['first_event', 'gap'] as const;
export type StreamMetric = (typeof STREAM_METRICS)[number];

/** A check from another part of the run (latency thresholds, the comparison gate) that counts in the verdict. */
export interface ExtraCheck {
  /** How the check reads, e.g. `latency.ttfb.p95 < 200 ms`. */
  describe: string;
  /** The measured value as text, e.g. `212 ms`. */
  actual: string;
  passed: boolean;
}

export interface ThresholdOutcome {
  threshold: Threshold;
  /** The measured value in the metric's base unit; undefined when there is no sample to measure. */
  actual: number | undefined;
  /** The limit the value was held to (the threshold's value, or the one computed from the baseline). */
  limit: number | undefined;
  passed: boolean;
  /** For `step[*]`/`location[*]`: the scope whose value is shown (the worst, or the first that failed). */
  where?: string;
  /** Why it failed when there was nothing to compare: `no successful response`, `not in the baseline`. */
  reason?: string;
  /** A limit from a history baseline: how many runs its median is of, and their spread (min–max). */
  baselineSpread?: { runs: number; min: number; max: number };
}

// ---- The verdict (docs/verdict.md): built once by src/verdict/judge.ts, rendered by every surface ----

export type Outcome = 'passed' | 'failed' | 'incomplete';
export type CheckKind = 'threshold' | 'no-data' | 'completeness' | 'generator' | 'comparison' | 'latency';
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'stopped';

/** One line of the verdict: what was checked, what was measured, whether it held. */
export interface Check extends ExtraCheck {
  kind: CheckKind;
  /** A threshold's limit as tables show it: `< 500 ms`, `< 530 ms (baseline + 10%)`. */
  limit?: string;
  /** A default threshold (not written by the user). */
  isDefault?: boolean;
  /** A check that does not fail the run when it fails (a warning the user asked for). */
  warnOnly?: boolean;
}

export interface Judgement {
  outcome: Outcome;
  /** The thresholds and their outcomes, defaults included, as the thresholds tables list them. */
  thresholds: ThresholdOutcome[];
  /** Every check, thresholds first: what reports list and the headline counts. */
  checks: Check[];
  /** The checks that failed the run. */
  failed: Check[];
  /** Checks that failed but only warn. */
  warnings: Check[];
  /** What stopped the run early, when something did. */
  stoppedBy?: StopSignal;
  /**
   * Late iterations and their cause, judged with the generator check (docs/verdict.md): a warning
   * when less load was applied than planned, else a note.
   */
  late?: { text: string; warning: boolean };
}

// ---- Latency tests (docs/latency.md). Wire names (snake_case) as the service answer and the results file write them. ----
export const LATENCY_PHASES = ['dns', 'connect', 'tls', 'ttfb', 'total'] as const;
export type LatencyPhase = (typeof LATENCY_PHASES)[number];

export const LATENCY_STATS = ['min', 'avg', 'median', 'p95', 'max'] as const;
export type LatencyStat = (typeof LATENCY_STATS)[number];

/** Milliseconds, one decimal. */
export type PhaseStats = Record<LatencyStat, number>;
export type PhaseSummary = Record<LatencyPhase, PhaseStats>;

/** A place latency is measured from: a code (`EU.DE.FRA`), a display name and an egress. */
export interface LatencyLocation {
  code: string;
  name: string;
  /** An HTTP proxy URL; absent: direct from this machine. */
  proxy?: string;
  /** `serve --executor kubernetes` only: the load location (`--location`) whose one-pod Job measures from there. */
  kube?: string;
}

export interface LocationLatency {
  name: string;
  /** `direct`, `proxy http://host:port` (credentials left out), or what a hosted service said. */
  egress: string;
  /** Samples taken. */
  samples: number;
  failures: number;
  /** Failure reason (as in error_dist) → count. */
  errors: Record<string, number>;
  /** The status code of the last successful sample. */
  status_code?: number;
  /** Over the successful samples; all 0 when every sample failed. */
  phases: PhaseSummary;
}

export interface LatencyResult {
  target: string;
  /** Samples asked for per location. */
  samples: number;
  /** Location code → its measurements. */
  locations: Record<string, LocationLatency>;
}

/**
 * One location in the answer of POST /v1/latency/test/ (docs/interface.md 2.6): success carries
 * `status_code` and `latency` (the median total, integer ms), a location whose every sample
 * failed carries `error` (the most frequent reason) instead. Never a null.
 */
export type LatencyAnswerEntry =
  | ({
      name: string;
      egress: 'direct' | 'proxy';
      status_code: number;
      latency: number;
      samples: number;
      failures: number;
      errors: Record<string, number>;
      phases: PhaseSummary;
    } & PhaseStats)
  | {
      name: string;
      egress: 'direct' | 'proxy';
      error: string;
      samples: number;
      failures: number;
      errors: Record<string, number>;
    };
