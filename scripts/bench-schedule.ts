// One open-model run for `npm run bench -- --schedule`: a linear schedule at a given rate, with
// loadgate's default settings (the CLI's: no --concurrency, no warm-up), on the engine's worker
// thread as the CLI runs it. Prints one JSON line: the whole run's percentiles as the results file
// reports them (integer ms), the first second's and the steady seconds' (fractional ms, from the
// series), late starts, what the generator recorded about itself, and the process's CPU time
// (every thread) per response over the seconds after the first.
//   node scripts/bench-schedule.ts URL RATE SECONDS [THREADS]
import { validateDefinition } from '../src/definition/validate.ts';
import { prepareTest } from '../src/engine/prepare.ts';
import { runEmbeddedInWorkers } from '../src/engine/workers.ts';

const [url, rateArg, secondsArg, threadsArg] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.|localhost|\[::1\])/.test(url)) throw new Error('bench-schedule: loopback URL required');
const rate = Number(rateArg);
const seconds = Number(secondsArg);

const raw = {
  name: 'schedule',
  config_data: { steps: [{ id: 1, name: 'ok', url }], iteration_count: rate * seconds, duration: seconds, load_type: 'linear' },
};
const checked = validateDefinition(raw, 'bench.json');
if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
const test = await prepareTest({ definition: checked.value.definition, file: 'bench.json', dir: process.cwd() }, {});
let from: NodeJS.CpuUsage | undefined;
let used: NodeJS.CpuUsage | undefined;
let responses = 0;
const onSecond = (s: { t: number; responses: number }): void => {
  if (s.t === 0) from = process.cpuUsage();
  else if (s.t < seconds) {
    responses += s.responses;
    used = process.cpuUsage(from);
  }
};
const result = await runEmbeddedInWorkers(test, { insecure: false, proxies: {}, testUrl: 'bench', onSecond }, Number(threadsArg ?? 1));
const cpuUs = (used?.user ?? 0) + (used?.system ?? 0);

const { run } = result;
const times = result.results.response_times;
const planned = run.series.slice(0, seconds);
const [first, ...steady] = planned;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const out = {
  rate,
  iterations: result.results.iteration_count,
  failures: result.results.fail_count,
  duration_s: run.duration_s,
  whole: { p50: times.median, p95: times.p95, p99: times.p99, max: times.max },
  first: { p50: first?.p50, p95: first?.p95, p99: first?.p99 },
  steady: {
    p50: median(steady.map((s) => s.p50)),
    p95: median(steady.map((s) => s.p95)),
    p99: median(steady.map((s) => s.p99)),
    p99_max: Math.max(...steady.map((s) => s.p99)),
  },
  late: run.late_iterations,
  late_pct: Math.round((run.late_iterations / Math.max(1, result.results.iteration_count)) * 10_000) / 100,
  max_schedule_lag_ms: run.max_schedule_lag_ms,
  cpu_us_per_request: responses > 0 ? Math.round((cpuUs / responses) * 10) / 10 : 0,
  generator: (run as { generator?: unknown }).generator ?? null,
  series: planned.map((s) => ({ ...s })),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
