// One engine run for the benchmark, in its own process (so it can be pinned to a core like
// autocannon): open model at a rate far above what the machine sends, in-flight capped at the
// connection count, stopped after the given seconds (or requests). Prints one JSON line. The
// engine runs on its worker thread, as in the CLI and the action (src/engine/in-worker.ts).
// `cpu`: the open model on WORKERS engine threads at a fixed RATE with default settings, or at
// full speed (RATE `max`: far above what the machine sends, CONNECTIONS in flight in all): the
// whole process's CPU time (every thread) per response over the seconds after the first.
//   node scripts/bench-engine.ts speed URL SECONDS CONNECTIONS
//   node scripts/bench-engine.ts memory URL REQUESTS CONNECTIONS
//   node scripts/bench-engine.ts cpu URL RATE|max SECONDS WORKERS CONNECTIONS [capped]
// `capped`: at a fixed RATE too, at most CONNECTIONS in flight (the footprint table's engine runs,
// beside autocannon's connections); without it a fixed rate takes the default cap.
import { validateDefinition } from '../src/definition/validate.ts';
import { prepareTest } from '../src/engine/prepare.ts';
import { runEmbeddedInWorkers } from '../src/engine/workers.ts';
import type { SecondSample } from '../src/types.ts';

const [mode, url, amount, connections, workers, cap, capped] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.|localhost|\[::1\])/.test(url)) throw new Error('bench-engine: loopback URL required');

async function prepared(iterations: number, duration: number) {
  const raw = { name: 'bench', config_data: { steps: [{ id: 1, name: 'ok', url }], iteration_count: iterations, duration } };
  const checked = validateDefinition(raw, 'bench.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return prepareTest({ definition: checked.value.definition, file: 'bench.json', dir: process.cwd() }, {});
}

async function speed(seconds: number, concurrency: number) {
  // 2,000,000 iterations a second: the in-flight cap, not the schedule, is the limit.
  const test = await prepared(2_000_000 * seconds, seconds);
  const series: SecondSample[] = [];
  // Stopped after `seconds` whole seconds of the recorded run (the hot-path warm-up before it takes
  // its own time), so every second measured is a whole one.
  const stop = new AbortController();
  const result = await runEmbeddedInWorkers(
    test,
    {
      concurrency,
      insecure: false,
      proxies: {},
      testUrl: 'bench',
      signal: stop.signal,
      onSecond: (s) => {
        series.push(s);
        if (series.length === seconds) stop.abort();
      },
    },
    1,
  );
  // The first second is JIT warm-up (Node clients run ~10k req/s in it here): measure whole seconds after it.
  const measured = series.slice(1, seconds);
  const responses = measured.reduce((n, s) => n + s.responses, 0);
  const times = result.results.response_times;
  return {
    rps: responses / measured.length,
    p50_ms: median(measured.map((s) => s.p50)),
    p99_ms: median(measured.map((s) => s.p99)),
    max_ms: times.max,
  };
}

async function memory(requests: number, concurrency: number) {
  // As fast as the machine sends, stopped once `requests` responses are in: the schedule (far above
  // what any machine sends, over time enough at 20,000/s) is not what ends it.
  const seconds = Math.max(1, Math.ceil(requests / 20_000));
  const test = await prepared(2_000_000 * seconds, seconds);
  const stop = new AbortController();
  let done = 0;
  let rssAt100k = 0;
  let rssLast = 0;
  let rssPeak = 0;
  // Sampled each second while the engine's worker runs (after the run it is gone, and its memory
  // with it). No forced GC: this is what the process holds, garbage not yet collected included.
  await runEmbeddedInWorkers(
    test,
    {
      concurrency,
      insecure: false,
      proxies: {},
      testUrl: 'bench',
      signal: stop.signal,
      onSecond: (s) => {
        done += s.responses;
        if (done >= requests) stop.abort();
        rssLast = process.memoryUsage().rss;
        if (rssAt100k === 0 && done >= 100_000) rssAt100k = rssLast;
        if (rssAt100k !== 0) rssPeak = Math.max(rssPeak, rssLast);
      },
    },
    1,
  );
  return {
    requests: done,
    rss_at_100k_mb: mb(rssAt100k),
    rss_end_mb: mb(rssLast),
    rss_peak_mb: mb(rssPeak),
    growth_mb: mb(rssLast - rssAt100k),
  };
}

/**
 * CPU µs per response at a fixed rate: process.cpuUsage() counts every thread of the process (the
 * engine threads, the main thread adding up their seconds, V8's helpers). Read when the first
 * second's sample arrives and when the last one's does, so the threads' warm-up and their start
 * are left out; the responses are those of the seconds in between.
 */
async function cpu(rate: number | 'max', seconds: number, threads: number, concurrency: number, capAlways: boolean) {
  const full = rate === 'max';
  const test = await prepared((full ? 2_000_000 : rate) * seconds, seconds);
  const stop = new AbortController();
  let from: NodeJS.CpuUsage | undefined;
  let used: NodeJS.CpuUsage | undefined;
  let responses = 0;
  const result = await runEmbeddedInWorkers(
    test,
    {
      insecure: false,
      proxies: {},
      testUrl: 'bench',
      signal: stop.signal,
      ...((full || capAlways) && { concurrency }),
      onSecond: (s) => {
        if (s.t === 0) from = process.cpuUsage();
        else if (s.t < seconds) {
          responses += s.responses;
          used = process.cpuUsage(from);
        }
        // At full speed the schedule is far from done: stop after the seconds measured.
        if (full && s.t === seconds - 1) stop.abort();
      },
    },
    threads,
  );
  const cpuUs = (used?.user ?? 0) + (used?.system ?? 0);
  return {
    workers: threads,
    rate,
    responses,
    rps: Math.round(responses / Math.max(1, seconds - 1)),
    cpu_us_per_request: responses > 0 ? Math.round((cpuUs / responses) * 10) / 10 : 0,
    sys_us_per_request: responses > 0 ? Math.round(((used?.system ?? 0) / responses) * 10) / 10 : 0,
    p99_ms: result.results.response_times.p99,
    late: result.run.late_iterations,
    saturated: result.run.generator?.saturated ?? false,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

const out =
  mode === 'memory'
    ? await memory(Number(amount), Number(connections))
    : mode === 'cpu'
      ? await cpu(amount === 'max' ? 'max' : Number(amount), Number(connections), Number(workers), Number(cap), capped === 'capped')
      : await speed(Number(amount), Number(connections));
process.stdout.write(`${JSON.stringify(out)}\n`);
