// What each CLI command says about itself: `loadgate <command> --help`, `loadgate help <command>`,
// and the overview that `loadgate help` prints. One entry per command, so that the overview, the
// per-command help and the unknown-option hint read from the same list.
import { VERSION } from './version.ts';

interface CommandHelp {
  /** `run <definition.json> [options]` */
  synopsis: string;
  about: string;
  /** [flags, what it does] */
  options: [string, string][];
}

const THRESHOLD = [
  '--threshold EXPR',
  'a check on the results, repeatable: "p95 < 500ms", "step[*].p99.9 < 1s", "http_fail_rate < 1%", "p95 < baseline + 10%" (docs/verdict.md)',
] as [string, string];
const JUNIT = ['--junit FILE', 'also write the verdict as JUnit XML: a testcase per check (GitLab, Jenkins, Azure; docs/ci.md)'] as [
  string,
  string,
];
const GITLAB_METRICS = ['--gitlab-metrics FILE', 'also write GitLab\'s metrics report: loadgate_p95_ms{step="login"} 123 (docs/ci.md)'] as [
  string,
  string,
];
const RESULTS = ['--results FILE', 'where to write the results JSON (default loadgate-results.json); the HTML report goes beside it'] as [
  string,
  string,
];

export const COMMANDS: Record<string, CommandHelp> = {
  run: {
    synopsis: 'run <definition.json> [options]',
    about: 'Run a load test here (or on a service with --api-url), judge it, print the summary and write the results.',
    options: [
      ['--env FILE|JSON', "the environment (named variables): a file or inline JSON; replaces the definition's"],
      ['-e, --var KEY=VALUE', 'set one variable, repeatable; overrides the environment'],
      ['--env-var NAME', "take the variable NAME from this process's environment, repeatable"],
      ['--secret NAME', 'the variable NAME is a secret: never written to results, reports or logs, repeatable'],
      [
        '--duration S',
        "override the definition's duration (seconds), keeping its rate: the iterations scale with it (a note says how many)",
      ],
      ['--iterations N', "override the definition's iteration_count (with --duration: exactly N over S seconds)"],
      ['--rate R', 'a constant R iterations per second over the duration (linear load)'],
      THRESHOLD,
      ['--no-default-thresholds', 'leave out the default step[*].http_fail_rate < 1%'],
      [
        '--on-saturated fail|warn',
        'a load generator that could not keep up fails the run when that changes the verdict (default), or only warns',
      ],
      ['--baseline FILE', 'an earlier results file: changes in the report, and limits such as "p95 < baseline + 10%"'],
      RESULTS,
      ['--report FILE', 'where to write the HTML report'],
      JUNIT,
      GITLAB_METRICS,
      ['--proxy CC=URL', "send a country's share through an HTTP proxy, repeatable"],
      ['--concurrency N', 'cap on iterations in flight (default: what the schedule needs)'],
      [
        '--workers N|auto|cores-K',
        'engine threads (default auto: one per 10,000 requests/s, at most the cores less one; cores-K leaves K cores)',
      ],
      ['--warm-up S', 'seconds of unrecorded load against the target before the recorded schedule'],
      ['--insecure', 'do not verify TLS certificates'],
      ['--json', 'print the results JSON on stdout (the summary goes to stderr)'],
      ['--quiet', 'print no progress and no summary; the exit code says how it went'],
      ['--api-url URL', 'run on a service of the interface (docs/interface.md); the key comes from LOADGATE_API_KEY by default'],
      ['--api-key-env NAME', 'the environment variable holding the API key (default LOADGATE_API_KEY)'],
      ['--api-key-file FILE', 'read the API key from a file instead (first line; kept out of shell history)'],
      ['--api-key KEY', 'the API key itself (shell history and the process list keep it: prefer the two above)'],
      ['--api-result-path PATH', "the service's result path, if not the default"],
      ['--shard i/N', 'run one slice of a sharded run (docs/scaling.md)'],
      ['--start-at TIME', 'RFC 3339 or epoch ms: every shard starts together'],
    ],
  },
  validate: {
    synopsis: 'validate <definition.json> [options]',
    about: 'Check a definition, its data files and thresholds without sending anything.',
    options: [
      ['--env FILE|JSON', 'the environment to resolve variables with'],
      ['-e, --var KEY=VALUE', 'set one variable, repeatable'],
      ['--env-var NAME', "take a variable from this process's environment, repeatable"],
      ['--secret NAME', 'the variable NAME is a secret (its value is kept out of messages), repeatable'],
      THRESHOLD,
      ['--proxy CC=URL', 'the proxies the run will have (locations in thresholds)'],
      ['--baseline FILE', 'the baseline that relative thresholds will read'],
    ],
  },
  compare: {
    synopsis: 'compare <definition.json> --base-env FILE [options]',
    about: 'Measure head against base in interleaved rounds and test the difference per step (docs/comparison.md).',
    options: [
      ['--base-env FILE|JSON', "the base deployment's environment (required)"],
      ['--env FILE|JSON', "the head deployment's environment"],
      ['--rounds N', 'measured rounds (default 10)'],
      ['--warmup-rounds N', 'rounds run first and discarded (default 1)'],
      ['--max-rounds N', 'more rounds while steps are inconclusive, up to N (default 3 × rounds)'],
      ['--max-time S', 'stop adding rounds once they would end after S seconds'],
      ['--on-inconclusive warn|fail', 'a step still inconclusive at the budget warns (default) or fails the run'],
      ['--max-regression P%', 'largest tolerated slowdown (default 10%)'],
      ['--metric M', 'the per-round statistic: p95 (default), median, avg, p80, p90, p99, min, max'],
      ['--seed S', "repeat an earlier run's order of sides"],
      THRESHOLD,
      ['--no-default-thresholds', 'leave out the default threshold'],
      RESULTS,
      JUNIT,
      GITLAB_METRICS,
      ['--proxy CC=URL', 'as for run'],
      ['--concurrency N', 'as for run'],
      ['--workers N|auto|cores-K', 'as for run'],
      ['--insecure', 'as for run'],
    ],
  },
  merge: {
    synopsis: 'merge <FILE|DIR|GLOB>... [options]',
    about: 'Merge the shard results files of a sharded run exactly, then judge and report as for run.',
    options: [
      THRESHOLD,
      ['--no-default-thresholds', 'leave out the default threshold'],
      ['--baseline FILE', 'as for run'],
      RESULTS,
      JUNIT,
      GITLAB_METRICS,
    ],
  },
  latency: {
    synopsis: 'latency <url> [options]',
    about: 'Measure DNS, connect, TLS, time to first byte and total from a list of locations (docs/latency.md).',
    options: [
      ['--location PATTERN', 'location codes or patterns (EU.*, *), repeatable'],
      ['--samples N', 'samples per location'],
      ['--location-config CODE=Name[@PROXY]', 'a location of your own, repeatable'],
      ['--threshold EXPR', 'e.g. "latency.ttfb.p95 < 200ms", repeatable'],
      ['--results FILE', 'default loadgate-latency.json'],
      ['--insecure', 'do not verify TLS certificates'],
      ['--api-url URL', 'measure on a service of the interface'],
      ['--api-key-env NAME', 'the environment variable holding the API key'],
      ['--api-key-file FILE', 'read the API key from a file instead'],
      ['--api-key KEY', 'the API key itself (kept by shell history: prefer the two above)'],
    ],
  },
  'wait-for': {
    synopsis: 'wait-for <url> [--timeout S] [--insecure]',
    about: 'Poll a URL until the service answers with any HTTP status; exit 2 after the timeout.',
    options: [
      ['--timeout S', 'seconds to wait (default 60)'],
      ['--insecure', 'do not verify TLS certificates'],
    ],
  },
  import: {
    synopsis: 'import har|postman|openapi|curl <file|-> [options]',
    about: "Write a definition from a browser's HAR, a Postman collection, an OpenAPI document or curl lines (docs/import.md).",
    options: [
      ['-o, --output FILE', 'write the definition here (default: stdout); the summary goes to stderr'],
      ['--name NAME', "the test's name (default: from the source)"],
      ['--rate R', 'R iterations per second over the duration'],
      ['--duration S', 'seconds (default 10)'],
      ['--iterations N', 'iterations (default 100)'],
      ['--keep-secrets', 'write Authorization, cookie and API-key values into the file (still marked secret)'],
      ['--include PATTERN', 'har: keep only the requests whose URL matches, repeatable (glob, or /regex/)'],
      ['--exclude PATTERN', 'har: drop the requests whose URL matches, repeatable'],
      ['--think-time', 'har: keep the time between requests as sleeps'],
      ['--environment FILE', "postman: a Postman environment file whose variables join the collection's"],
      ['--operation ID', 'openapi: only this operation (operationId or "GET /path"), repeatable'],
      ['--tag TAG', 'openapi: only the operations with this tag, repeatable'],
    ],
  },
  serve: {
    synopsis: 'serve [options]',
    about: 'Run the load and latency testing service of docs/interface.md on this machine (docs/server.md).',
    options: [
      ['--port N', 'default 8080'],
      ['--host ADDR', 'default 127.0.0.1'],
      ['--public-url URL', "the base of every test_url, such as the TLS proxy's https:// address (default the listening address)"],
      ['--db FILE', 'the SQLite database (default loadgate.db); one server per file'],
      ['--data-dir DIR', 'where uploaded test data is kept (default beside the database)'],
      ['--api-key-file FILE', 'accepted API keys, one per line (also LOADGATE_API_KEYS)'],
      ['--proxy CC=URL', 'a country this server sends load from, repeatable'],
      ['--rate-limit on|N|GET=N,OTHER=M', 'requests per second per key, GET and other methods apart (on: 5 and 2)'],
      ['--latency-location CODE=Name[@PROXY]', 'a latency location this server measures from, repeatable'],
      ['--headers-timeout S', "seconds a client has to send a request's headers (default 20)"],
      ['--request-timeout S', 'seconds a client has to send a whole request, body included (default 120)'],
      ['--idle-timeout S', 'seconds a connection may stay silent (default 60)'],
      ['--max-connections-per-address N', 'open connections one client address may hold (default 64; 0: no cap)'],
      ['--workers N|auto|cores-K', 'engine threads per test, as for run'],
      ['--executor local|kubernetes', 'where tests run: here (default), or as Indexed Jobs in Kubernetes (docs/kubernetes.md)'],
      ['--image IMAGE', 'kubernetes: the image shard pods run (required)'],
      ['--kubeconfig FILE', 'kubernetes: the cluster (default: in-cluster service account, else ~/.kube/config)'],
      ['--kube-context NAME', 'kubernetes: the kubeconfig context'],
      ['--namespace NS', 'kubernetes: where Jobs and Secrets go (default default)'],
      ['--callback-url URL', 'kubernetes: the URL shard pods call (default --public-url)'],
      ['--rate-per-pod N', 'kubernetes: iterations per second per shard pod (default 1000)'],
      ['--shards N', 'kubernetes: shards per location for every test (default: from --rate-per-pod)'],
      ['--location CC=node:LABEL=VALUE|CC=namespace:NS', 'kubernetes: a load location and where its pods run, repeatable'],
      ['--start-barrier S', 'kubernetes: seconds the start waits for every pod (default 120)'],
    ],
  },
  shard: {
    synopsis: 'shard --server URL --test ID',
    about: "One shard of a test on `serve --executor kubernetes` (a Job's pod runs it; docs/kubernetes.md).",
    options: [
      ['--server URL', 'the loadgate server to call home to'],
      [
        '--test ID',
        'the test; the index, token, attempt and location come from JOB_COMPLETION_INDEX, LOADGATE_SHARD_TOKEN, LOADGATE_SHARD_ATTEMPT and LOADGATE_SHARD_LOCATION',
      ],
    ],
  },
  help: { synopsis: 'help [command]', about: "Print this overview, or one command's options.", options: [] },
};

const EXIT_CODES = `Exit codes: 0 passed, 1 a check failed, 2 bad input or the run could not be carried out (nothing sent),
  130/143 stopped by SIGINT/SIGTERM (partial results written, marked incomplete; never a pass).`;

export function overview(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.synopsis.length));
  const lines = Object.values(COMMANDS).map((c) => `  loadgate ${c.synopsis.padEnd(width)}  ${c.about}`);
  return [
    `loadgate ${VERSION}: load-test HTTP services and gate on the results.`,
    '',
    'Usage:',
    ...lines,
    '',
    'loadgate <command> --help lists its options.',
    EXIT_CODES,
  ].join('\n');
}

export function commandHelp(name: string): string {
  const help = COMMANDS[name]!;
  const width = Math.max(0, ...help.options.map(([flags]) => flags.length));
  const options = help.options.map(([flags, text]) => `  ${flags.padEnd(width)}  ${text}`);
  return [`loadgate ${help.synopsis}`, '', help.about, ...(options.length > 0 ? ['', 'Options:', ...options] : []), '', EXIT_CODES].join(
    '\n',
  );
}

/** `--treshold` → `--threshold`: the closest option of the command, when one is close. */
export function closestOption(name: string, given: string): string | undefined {
  const flags = (COMMANDS[name]?.options ?? []).flatMap(([f]) => f.split(', ').map((part) => part.split(' ')[0]!));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const flag of flags) {
    const d = editDistance(given, flag);
    if (d < bestDistance) [best, bestDistance] = [flag, d];
  }
  return bestDistance <= Math.max(2, Math.floor(given.length / 4)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
