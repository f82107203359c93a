// The one table of settings: every CLI flag, action input and `serve` flag is an entry here, with
// its one name (the CLI flag is `--name`, the action input `name`), the older spellings that
// still work, its default and its help. parseArgs options, `--help`, getInputs' aliases,
// action.yml's check and docs/settings.md all read this table (test/settings.test.ts).

export const COMMANDS = ['run', 'validate', 'compare', 'merge', 'latency', 'wait-for', 'import', 'serve', 'shard', 'capacity'] as const;
export type Command = (typeof COMMANDS)[number];

export interface Setting {
  /** The CLI flag without `--`, and the action input when `input` is set. */
  name: string;
  /** A one-letter CLI flag beside `--name`. */
  short?: string;
  /** A boolean flag takes no value (`--no-name` turns a default-true one off). */
  type: 'string' | 'boolean';
  /** The flag may be given more than once; the action input takes one per line. */
  multiple?: boolean;
  /** The CLI commands that take it; empty: an action input only. */
  commands: readonly Command[];
  /** An action input of the same name. */
  input?: boolean;
  /** The value's placeholder in `--help`: `N`, `FILE`. */
  value?: string;
  /** As text, as action.yml and `--help` show it; absent: none, or what the help says. */
  default?: string;
  /** A command whose default differs (`latency` writes loadgate-latency.json). */
  defaultFor?: Partial<Record<Command, string>>;
  help: string;
  /** What the help says for one command where the setting means something narrower there. */
  helpFor?: Partial<Record<Command, string>>;
  /** Older CLI spellings (without `--`): they still work and print the new name. */
  aliases?: readonly string[];
  /** Older action input names: they still work (action.yml keeps them, deprecated) and a notice names the new one. */
  inputAliases?: readonly string[];
}

export const DEFAULT_RESULTS_FILE = 'loadgate-results.json';
export const DEFAULT_LATENCY_RESULTS_FILE = 'loadgate-latency.json';
export const DEFAULT_API_KEY_ENV = 'LOADGATE_API_KEY';
/** Earlier runs history keeps (input and flag history-size). */
export const DEFAULT_HISTORY_SIZE = 30;

const LOAD: readonly Command[] = ['run', 'compare', 'capacity'];
const JUDGED: readonly Command[] = ['run', 'compare', 'merge'];
const TLS: readonly Command[] = ['run', 'compare', 'latency', 'wait-for', 'capacity'];
const HOSTED: readonly Command[] = ['run', 'latency'];

/** Kept literal (`as const`) so that an action input's name is a type: see InputName. */
const TABLE = [
  // What to run.
  { name: 'test', type: 'string', commands: [], input: true, help: 'the test definition file (the CLI takes it as its argument)' },
  {
    name: 'mode',
    type: 'string',
    commands: [],
    input: true,
    default: 'embedded',
    help: 'embedded, hosted, merge, compare, capacity or publish',
  },
  {
    name: 'environment',
    type: 'string',
    commands: ['run', 'validate', 'compare', 'capacity'],
    input: true,
    value: 'FILE|JSON',
    help: "the environment (named variables): a file or inline JSON; replaces the definition's",
    helpFor: { compare: "the head deployment's environment" },
    aliases: ['env'],
  },
  {
    name: 'var',
    short: 'e',
    type: 'string',
    multiple: true,
    commands: ['run', 'validate', 'capacity'],
    value: 'KEY=VALUE',
    help: 'set one variable, repeatable; overrides the environment',
  },
  {
    name: 'env-var',
    type: 'string',
    multiple: true,
    commands: ['run', 'validate', 'capacity'],
    value: 'NAME',
    help: "take the variable NAME from this process's environment, repeatable",
  },
  {
    name: 'secret',
    type: 'string',
    multiple: true,
    commands: ['run', 'validate', 'capacity'],
    value: 'NAME',
    help: 'the variable NAME is a secret: never written to results, reports or logs, repeatable',
  },
  // The load.
  {
    name: 'duration',
    short: 'd',
    type: 'string',
    commands: ['run', 'import'],
    value: 'TIME',
    help: "override the definition's duration (30s, 2m, 1h; a bare number is seconds), keeping its rate: the iterations scale with it (a note says how many)",
    helpFor: { import: 'the duration (30s, 2m; a bare number is seconds; default 10s)' },
  },
  {
    name: 'iterations',
    type: 'string',
    commands: ['run', 'import'],
    value: 'N',
    help: "override the definition's iteration_count (with --duration: exactly N over the duration)",
    helpFor: { import: 'iterations (default 100)' },
  },
  {
    name: 'rate',
    type: 'string',
    commands: ['run', 'import'],
    value: 'R/s',
    help: 'a constant R iterations per second over the duration (20/s, 1200/m; linear load)',
  },
  {
    name: 'max-concurrency',
    type: 'string',
    commands: LOAD,
    input: true,
    value: 'N',
    help: "cap on iterations in flight (default: the schedule's busiest second, 100 to 5000)",
    aliases: ['concurrency'],
  },
  {
    name: 'workers',
    type: 'string',
    commands: [...LOAD, 'serve'],
    input: true,
    value: 'N|auto|cores-K',
    default: 'auto',
    help: 'engine threads (auto: one per 10,000 requests/s, at most the cores less one; cores-K leaves K cores)',
    helpFor: { serve: 'engine threads per test, as for run' },
  },
  {
    name: 'warm-up',
    type: 'string',
    commands: ['run'],
    input: true,
    value: 'TIME',
    help: "unrecorded load against the target before the recorded schedule (10s, 1m; overrides the definition's warm_up)",
  },
  {
    name: 'check-body-limit',
    type: 'string',
    commands: ['run', 'serve'],
    input: true,
    value: 'SIZE',
    default: '1MiB',
    help: "what a step's assertions and captures read of a response body, at most (its first bytes, decoded; 512KiB, 4MiB; docs/variables.md)",
  },
  {
    name: 'stop-deadline',
    type: 'string',
    commands: ['run', 'serve'],
    input: true,
    value: 'TIME',
    default: '2s',
    help: "how long a stop (a signal, a cancelled job, serve's stop or shutdown) waits for the engine's threads before it ends them, keeping the results they reported (docs/engine.md)",
  },
  {
    name: 'proxies',
    type: 'string',
    multiple: true,
    commands: ['run', 'validate', 'compare', 'serve', 'capacity'],
    input: true,
    value: 'CC=URL',
    help: "send a country's share through an HTTP proxy, repeatable or comma-separated",
    helpFor: {
      validate: 'the proxies the run will have (locations in thresholds)',
      serve: 'a country this server sends load from, repeatable',
    },
    aliases: ['proxy'],
  },
  {
    name: 'proxies-file',
    type: 'string',
    commands: ['run', 'validate', 'compare', 'serve', 'capacity'],
    value: 'FILE',
    help: 'read the --proxies entries from a file, one a line (proxy credentials stay out of shell history and the process list)',
  },
  {
    name: 'insecure-tls',
    type: 'boolean',
    commands: TLS,
    input: true,
    default: 'false',
    help: 'do not verify TLS certificates',
    aliases: ['insecure'],
  },
  // The verdict.
  {
    name: 'thresholds',
    type: 'string',
    multiple: true,
    commands: ['run', 'validate', 'compare', 'merge', 'latency', 'capacity'],
    input: true,
    value: 'EXPR',
    help: 'a check on the results, repeatable: "p95 < 500ms", "step[*].p99.9 < 1s", "http_fail_rate < 1%", "p95 < baseline + 10%" (docs/verdict.md)',
    helpFor: {
      latency: 'a check on the latencies, repeatable: "latency.ttfb.p95 < 200ms"',
      capacity: 'a check on the rate found, repeatable: "capacity >= 300/s", "capacity >= baseline - 10%"',
    },
    aliases: ['threshold'],
  },
  {
    name: 'default-thresholds',
    type: 'boolean',
    commands: JUDGED,
    input: true,
    default: 'true',
    help: 'the default step[*].http_fail_rate < 1% when no threshold is on http_fail_rate (--no-default-thresholds: off)',
  },
  {
    name: 'on-saturated',
    type: 'string',
    commands: ['run'],
    input: true,
    value: 'fail|warn',
    default: 'fail',
    help: 'a load generator that could not keep up fails the run when that changes the verdict, or only warns',
  },
  {
    name: 'baseline',
    type: 'string',
    commands: ['run', 'validate', 'merge', 'capacity'],
    input: true,
    value: 'FILE',
    help: 'an earlier results file: changes in the report, and limits such as "p95 < baseline + 10%" (action: auto finds one); history or history:K: the median of the last K (5) history runs (docs/history.md)',
  },
  {
    name: 'history',
    type: 'string',
    multiple: true,
    commands: ['run', 'merge'],
    input: true,
    value: 'PATH',
    help: "earlier results of the test, repeatable: files or folders of them, for the report's trend and --baseline history (action: auto reads the base branch's artifacts; docs/history.md)",
  },
  {
    name: 'history-size',
    type: 'string',
    commands: ['run', 'merge'],
    input: true,
    value: 'N',
    default: String(DEFAULT_HISTORY_SIZE),
    help: 'the most earlier runs history keeps, the newest',
  },
  // The capacity search (docs/capacity.md).
  {
    name: 'slo',
    type: 'string',
    multiple: true,
    commands: ['capacity'],
    input: true,
    value: 'EXPR',
    help: 'a service level each probe must hold, in the threshold grammar, repeatable: "p99 < 100ms", "http_fail_rate < 1%"',
  },
  {
    name: 'probe',
    type: 'string',
    commands: ['capacity'],
    input: true,
    value: 'TIME',
    default: '10s',
    help: 'how long each probe runs at its rate; its first second is load that is not judged',
  },
  {
    name: 'from',
    type: 'string',
    commands: ['capacity'],
    input: true,
    value: 'R/s',
    default: '10/s',
    help: "the first probe's rate; rates double from it until an SLO fails",
  },
  { name: 'to', type: 'string', commands: ['capacity'], input: true, value: 'R/s', help: 'the highest rate probed (default: no cap)' },
  {
    name: 'precision',
    type: 'string',
    commands: ['capacity'],
    input: true,
    value: 'PCT',
    default: '5%',
    help: 'bisect until the bracket [held, failed] is at most this much wider than the rate that held',
  },
  {
    name: 'max-time',
    type: 'string',
    commands: ['capacity'],
    input: true,
    value: 'TIME',
    default: '10m',
    help: 'no probe starts that would end the search past this; the bracket so far is the answer',
  },
  // Where the results go.
  {
    name: 'results-file',
    type: 'string',
    commands: [...JUDGED, 'latency', 'capacity'],
    input: true,
    value: 'FILE',
    default: DEFAULT_RESULTS_FILE,
    defaultFor: { latency: DEFAULT_LATENCY_RESULTS_FILE },
    help: 'where to write the results JSON; the HTML report goes beside it',
    aliases: ['results'],
  },
  { name: 'report', type: 'string', commands: ['run', 'capacity'], value: 'FILE', help: 'where to write the HTML report' },
  {
    name: 'summary-file',
    type: 'string',
    commands: JUDGED,
    value: 'FILE',
    help: 'also write the report as Markdown, as the action writes its job summary, for other CIs (docs/history.md)',
  },
  {
    name: 'junit-file',
    type: 'string',
    commands: JUDGED,
    input: true,
    value: 'FILE',
    help: 'also write the verdict as JUnit XML: a testcase per check (GitLab, Jenkins, Azure; docs/ci.md)',
    aliases: ['junit'],
  },
  {
    name: 'gitlab-metrics-file',
    type: 'string',
    commands: JUDGED,
    input: true,
    value: 'FILE',
    help: 'also write GitLab\'s metrics report: loadgate_p95_ms{step="login"} 123 (docs/ci.md)',
    aliases: ['gitlab-metrics'],
  },
  { name: 'json', type: 'boolean', commands: ['run', 'capacity'], help: 'print the results JSON on stdout (the summary goes to stderr)' },
  {
    name: 'quiet',
    type: 'boolean',
    commands: ['run', 'capacity'],
    help: 'print no progress and no summary; the exit code says how it went',
  },
  // Hosted runs.
  {
    name: 'api-url',
    type: 'string',
    commands: HOSTED,
    input: true,
    value: 'URL',
    help: 'run on a service of the interface (docs/interface.md)',
  },
  {
    name: 'api-key',
    type: 'string',
    commands: HOSTED,
    input: true,
    value: 'KEY',
    help: 'the API key itself (shell history and the process list keep it: prefer --api-key-env or --api-key-file)',
  },
  {
    name: 'api-key-env',
    type: 'string',
    commands: HOSTED,
    value: 'NAME',
    default: DEFAULT_API_KEY_ENV,
    help: 'the environment variable holding the API key',
  },
  {
    name: 'api-key-file',
    type: 'string',
    commands: HOSTED,
    value: 'FILE',
    help: 'read the API key from a file instead (first line; kept out of shell history)',
  },
  {
    name: 'api-result-path',
    type: 'string',
    commands: ['run'],
    input: true,
    value: 'PATH',
    help: "the service's result path, if not /v1/load/test/<id>/result/",
  },
  // Sharded runs.
  { name: 'shard', type: 'string', commands: ['run'], input: true, value: 'i/N', help: 'run one slice of a sharded run (docs/scaling.md)' },
  {
    name: 'start-at',
    type: 'string',
    commands: ['run'],
    input: true,
    value: 'TIME',
    help: 'RFC 3339 or epoch ms: every shard starts together',
  },
  {
    name: 'shards',
    type: 'string',
    commands: [],
    input: true,
    default: 'loadgate-shards/**/*.json',
    help: 'glob of shard results files to merge (mode merge)',
  },
  // The comparison gate.
  {
    name: 'compare-environment',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'FILE|JSON',
    help: "the base deployment's environment (required)",
    aliases: ['base-env'],
  },
  { name: 'rounds', type: 'string', commands: ['compare'], input: true, value: 'N', default: '10', help: 'measured rounds' },
  {
    name: 'warm-up-rounds',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'N',
    default: '1',
    help: 'rounds run first and discarded',
    aliases: ['warmup-rounds'],
    inputAliases: ['warmup-rounds'],
  },
  {
    name: 'max-rounds',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'N',
    help: 'more rounds while steps are inconclusive, up to N (default 3 × rounds)',
  },
  {
    name: 'max-compare-time',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'TIME',
    help: 'no extension round begins after this long from the start (10m, 600; default no limit)',
    aliases: ['max-time'],
  },
  {
    name: 'on-inconclusive',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'warn|fail',
    default: 'warn',
    help: 'a step still inconclusive at the budget warns or fails the run',
  },
  {
    name: 'max-regression',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'P%',
    default: '10%',
    help: 'largest tolerated slowdown of head against base',
  },
  {
    name: 'compare-metric',
    type: 'string',
    commands: ['compare'],
    input: true,
    value: 'M',
    default: 'p95',
    help: 'the per-round statistic: avg, median, p80, p90, p95, p99, min, max; first_event.<that> or gap.<that> for streaming steps',
    aliases: ['metric'],
  },
  { name: 'seed', type: 'string', commands: ['compare'], input: true, value: 'S', help: "repeat an earlier run's order of sides" },
  // Latency tests.
  {
    name: 'latency-target',
    type: 'string',
    commands: [],
    input: true,
    help: 'URL to measure latency to (the CLI takes it as its argument)',
  },
  {
    name: 'latency-locations',
    type: 'string',
    multiple: true,
    commands: ['latency'],
    input: true,
    value: 'PATTERN',
    default: '*',
    help: 'location codes or patterns (EU.*, *), repeatable',
    aliases: ['location'],
  },
  {
    name: 'latency-samples',
    type: 'string',
    commands: ['latency'],
    input: true,
    value: 'N',
    default: '10',
    help: 'samples per location',
    aliases: ['samples'],
  },
  {
    name: 'latency-locations-config',
    type: 'string',
    multiple: true,
    commands: ['latency', 'serve'],
    input: true,
    value: 'CODE=Name[@PROXY]',
    help: 'a location of your own, repeatable (the action: one per line)',
    helpFor: { serve: 'a latency location this server measures from (@kube:CC: a one-pod Job in load location CC), repeatable' },
    aliases: ['location-config', 'latency-location'],
  },
  // Waiting for the service.
  {
    name: 'wait-for',
    type: 'string',
    commands: [],
    input: true,
    help: 'a URL polled until it answers, before the run (the CLI: loadgate wait-for URL)',
  },
  {
    name: 'wait-for-timeout',
    type: 'string',
    commands: ['wait-for'],
    input: true,
    value: 'TIME',
    default: '60',
    help: 'how long to wait for the URL (30s, 2m; a bare number is seconds)',
    aliases: ['timeout'],
  },
  // The report on GitHub.
  {
    name: 'comment',
    type: 'string',
    commands: [],
    input: true,
    default: 'always',
    help: 'when to post the sticky PR comment: always, on-failure, on-change, never',
  },
  { name: 'check', type: 'boolean', commands: [], input: true, default: 'true', help: 'report the verdict as a check run on the commit' },
  {
    name: 'check-name',
    type: 'string',
    commands: [],
    input: true,
    help: "the check run's name (default loadgate: <test name>, plus the matrix entry)",
  },
  {
    name: 'matrix',
    type: 'string',
    commands: [],
    input: true,
    default: '${{ toJSON(matrix) }}',
    help: "the job's matrix entry, which names each entry's check run (leave the default: the runner fills it in)",
  },
  {
    name: 'github-token',
    type: 'string',
    commands: [],
    input: true,
    default: '${{ github.token }}',
    help: 'token for the comment and the check run',
  },
  {
    name: 'report-name',
    type: 'string',
    commands: [],
    input: true,
    help: "the web report's artifact name (default loadgate-report-<test>-<job>)",
  },
  // loadgate import.
  {
    name: 'output',
    short: 'o',
    type: 'string',
    commands: ['import'],
    value: 'FILE',
    help: 'write the definition here (default: stdout); the summary goes to stderr',
  },
  { name: 'name', type: 'string', commands: ['import'], value: 'NAME', help: "the test's name (default: from the source)" },
  {
    name: 'keep-secrets',
    type: 'boolean',
    commands: ['import'],
    help: 'write Authorization, cookie and API-key values into the file (still marked secret)',
  },
  {
    name: 'include',
    type: 'string',
    multiple: true,
    commands: ['import'],
    value: 'PATTERN',
    help: 'har: keep only the requests whose URL matches, repeatable (glob, or /regex/)',
  },
  {
    name: 'exclude',
    type: 'string',
    multiple: true,
    commands: ['import'],
    value: 'PATTERN',
    help: 'har: drop the requests whose URL matches, repeatable',
  },
  { name: 'think-time', type: 'boolean', commands: ['import'], help: 'har: keep the time between requests as sleeps' },
  {
    name: 'environment',
    type: 'string',
    commands: ['import'],
    value: 'FILE',
    help: "postman: a Postman environment file whose variables join the collection's",
  },
  {
    name: 'operation',
    type: 'string',
    multiple: true,
    commands: ['import'],
    value: 'ID',
    help: 'openapi: only this operation (operationId or "GET /path"), repeatable',
  },
  {
    name: 'tag',
    type: 'string',
    multiple: true,
    commands: ['import'],
    value: 'TAG',
    help: 'openapi: only the operations with this tag, repeatable',
  },
  // loadgate serve.
  { name: 'port', type: 'string', commands: ['serve'], value: 'N', default: '8080', help: 'the port to listen on' },
  { name: 'host', type: 'string', commands: ['serve'], value: 'ADDR', default: '127.0.0.1', help: 'the address to listen on' },
  {
    name: 'public-url',
    type: 'string',
    commands: ['serve'],
    value: 'URL',
    help: "the base of every test_url, such as the TLS proxy's https:// address (default the listening address)",
  },
  {
    name: 'db',
    type: 'string',
    commands: ['serve'],
    value: 'FILE',
    default: './loadgate.db',
    help: 'the SQLite database; one server per file',
  },
  {
    name: 'data-dir',
    type: 'string',
    commands: ['serve'],
    value: 'DIR',
    help: 'where uploaded test data is kept (default beside the database)',
  },
  {
    name: 'api-key-file',
    type: 'string',
    commands: ['serve'],
    value: 'FILE',
    help: 'accepted API keys, one per line, KEY or TENANT:KEY (also LOADGATE_API_KEY, comma-separated; LOADGATE_API_KEYS is its older name)',
  },
  {
    name: 'secret-key-file',
    type: 'string',
    commands: ['serve'],
    value: 'FILE',
    help: 'the key sealing secret values at rest, 32 bytes in base64 (also LOADGATE_SECRET_KEY; default: a key file made in the data folder)',
  },
  {
    name: 'rotate-secret-key',
    type: 'string',
    commands: ['serve'],
    value: 'FILE',
    help: 'seal every secret value again under the key in FILE, then exit (the current key as usual)',
  },
  {
    name: 'retention',
    type: 'string',
    commands: ['serve'],
    value: 'DAYS',
    help: 'delete tests that ended more than DAYS days ago, with their results (default: keep them)',
  },
  {
    name: 'rate-limit',
    type: 'string',
    commands: ['serve'],
    value: 'on|N|GET=N,OTHER=M',
    help: 'requests per second per tenant, GET and other methods apart (on: 5 and 2)',
  },
  {
    name: 'headers-timeout',
    type: 'string',
    commands: ['serve'],
    value: 'S',
    default: '20',
    help: "seconds a client has to send a request's headers",
  },
  {
    name: 'request-timeout',
    type: 'string',
    commands: ['serve'],
    value: 'S',
    default: '120',
    help: 'seconds a client has to send a whole request, body included',
  },
  { name: 'idle-timeout', type: 'string', commands: ['serve'], value: 'S', default: '60', help: 'seconds a connection may stay silent' },
  {
    name: 'max-connections-per-address',
    type: 'string',
    commands: ['serve'],
    value: 'N',
    default: '64',
    help: 'open connections one client address may hold (0: no cap)',
  },
  {
    name: 'executor',
    type: 'string',
    commands: ['serve'],
    value: 'local|kubernetes',
    default: 'local',
    help: 'where tests run: here, or as Indexed Jobs in Kubernetes (docs/kubernetes.md)',
  },
  { name: 'image', type: 'string', commands: ['serve'], value: 'IMAGE', help: 'kubernetes: the image shard pods run (required)' },
  {
    name: 'kubeconfig',
    type: 'string',
    commands: ['serve'],
    value: 'FILE',
    help: 'kubernetes: the cluster (default: in-cluster service account, else ~/.kube/config)',
  },
  { name: 'kube-context', type: 'string', commands: ['serve'], value: 'NAME', help: 'kubernetes: the kubeconfig context' },
  {
    name: 'namespace',
    type: 'string',
    commands: ['serve'],
    value: 'NS',
    default: 'default',
    help: 'kubernetes: where Jobs and Secrets go',
  },
  {
    name: 'callback-url',
    type: 'string',
    commands: ['serve'],
    value: 'URL',
    help: 'kubernetes: the URL shard pods call (default --public-url)',
  },
  {
    name: 'rate-per-pod',
    type: 'string',
    commands: ['serve'],
    value: 'N',
    default: '1000',
    help: 'kubernetes: iterations per second per shard pod',
  },
  {
    name: 'shards',
    type: 'string',
    commands: ['serve'],
    value: 'N',
    help: 'kubernetes: shards per location for every test (default: from --rate-per-pod)',
  },
  {
    name: 'location',
    type: 'string',
    multiple: true,
    commands: ['serve'],
    value: 'CC=node:LABEL=VALUE|CC=namespace:NS|CC=context:NAME',
    help: 'kubernetes: a load location and where its pods run, repeatable',
  },
  {
    name: 'start-barrier',
    type: 'string',
    commands: ['serve'],
    value: 'S',
    default: '120',
    help: 'kubernetes: seconds the start waits for every pod',
  },
  {
    name: 'shutdown-grace',
    type: 'string',
    commands: ['serve'],
    value: 'S',
    default: '40',
    help: "kubernetes: on SIGTERM, seconds serve keeps taking the running test's uploads before it leaves the test to the next server",
  },
  {
    name: 'kube-api-backoff',
    type: 'string',
    commands: ['serve'],
    value: 'MS',
    default: '500',
    help: 'kubernetes: milliseconds before a failed API call (429, 5xx, no connection) is first retried; doubled each retry, up to 60 times it',
  },
  {
    name: 'cluster-wait',
    type: 'string',
    commands: ['serve'],
    value: 'S',
    default: '600',
    help: 'kubernetes: seconds queued tests wait for an API server that does not answer before the next one fails',
  },
  {
    name: 'shard-cpu',
    type: 'string',
    commands: ['serve'],
    value: 'QUANTITY',
    default: '1',
    help: 'kubernetes: CPU of a shard pod, its request and its limit (e.g. 500m, 2)',
  },
  {
    name: 'shard-memory',
    type: 'string',
    commands: ['serve'],
    value: 'QUANTITY',
    default: '512Mi',
    help: 'kubernetes: memory of a shard pod, its request and its limit (e.g. 1Gi)',
  },
  // loadgate shard (a pod of serve's Kubernetes executor runs it).
  { name: 'server', type: 'string', commands: ['shard'], value: 'URL', help: 'the loadgate server to call home to' },
  {
    name: 'latency',
    type: 'string',
    commands: ['shard'],
    value: 'ID',
    help: 'measure a latency test from this pod (a one-pod Job) instead of running a shard; the token comes from LOADGATE_SHARD_TOKEN',
  },
  {
    name: 'test',
    type: 'string',
    commands: ['shard'],
    value: 'ID',
    help: 'the test; the index, token, attempt and location come from JOB_COMPLETION_INDEX, LOADGATE_SHARD_TOKEN, LOADGATE_SHARD_ATTEMPT and LOADGATE_SHARD_LOCATION',
  },
] as const satisfies readonly Setting[];

export const SETTINGS: readonly Setting[] = TABLE;

/** The name of an action input as the table spells it: getInputs reads no other. */
export type InputName = Extract<(typeof TABLE)[number], { input: true }>['name'];

/** The settings a command takes, in the table's order. */
export function settingsOf(command: Command): Setting[] {
  return SETTINGS.filter((s) => s.commands.includes(command));
}

/** The action's inputs, in the table's order. */
export function actionInputs(): Setting[] {
  return SETTINGS.filter((s) => s.input);
}

/** An action input's default, as action.yml gives it (test/settings.test.ts checks that they agree). */
export function inputDefault(name: InputName): string {
  const setting = SETTINGS.find((s) => s.input && s.name === name);
  if (setting?.default === undefined) throw new Error(`no action input "${name}" with a default in the settings table`);
  return setting.default;
}

export function defaultOf(setting: Setting, command?: Command): string | undefined {
  return (command && setting.defaultFor?.[command]) ?? setting.default;
}

export function helpOf(setting: Setting, command?: Command): string {
  return (command && setting.helpFor?.[command]) ?? setting.help;
}
