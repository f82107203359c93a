// `npm run bench -- --streams`: streaming steps (docs/streaming.md) against a loopback target in
// a process of its own, side by side with the JS ceiling: the same client and parser (undici and
// eventsource-parser; undici's WebSocket) in a bare loop with no bookkeeping. For each count of
// concurrent SSE streams (`--streams-at`, 1000,10000) the engine and the ceiling each hold that
// many streams open at once, each stream `--events` (20) events `--every` (200) ms apart; CPU per
// event and events per second are measured over the run, peak RSS and heap sampled every 100 ms,
// and what each phase added to them (its peak over the level at its start, after a full GC when
// node runs with --expose-gc) per stream held open: flat memory reads the same per stream at
// 1,000 and at 10,000.
// Then `--echoes` (2000) WebSocket echo round trips (open, send, one answer, close) at
// `--echo-rate` (500) a second. The ratio is the ceiling's CPU per event over the engine's (1:
// the engine costs what the bare loop does). The engine's CPU is its thread's over the recorded
// run (its per-second cpu_pct), leaving out set-up and warm-up; the bare loop's is its thread's
// over its run. Loopback only; every run is bounded.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createParser } from 'eventsource-parser';
import { Agent, Client, WebSocket, type Dispatcher } from 'undici';
import { validateDefinition } from '../src/definition/validate.ts';
import { prepareTest } from '../src/engine/prepare.ts';
import { runEmbedded } from '../src/engine/run.ts';
import { initHistograms } from '../src/results/histogram.ts';

const { values } = parseArgs({
  strict: false,
  options: {
    'streams-at': { type: 'string', default: '1000,10000' },
    events: { type: 'string', default: '20' },
    every: { type: 'string', default: '200' },
    echoes: { type: 'string', default: '2000' },
    'echo-rate': { type: 'string', default: '500' },
  },
});
const EVENTS = Number(values.events);
const EVERY_MS = Number(values.every);

interface Figures {
  events: number;
  seconds: number;
  cpuMs: number;
  rssMb: number;
  heapMb: number;
  /** The phase's peaks over the process's RSS and heap at its start. */
  rssAddedMb: number;
  heapAddedMb: number;
}

/** A full collection where node allows one (--expose-gc), so that a phase starts from what is live. */
function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs `work` with CPU time and memory measured around it (RSS and heap: their peaks). */
async function measured(work: () => Promise<number>): Promise<Figures> {
  collect();
  const before = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 100);
  // This thread's CPU, as the engine's per-second figures count it (monitor.ts).
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  const events = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.threadCpuUsage(cpu);
  clearInterval(timer);
  sample();
  const mb = (bytes: number): number => bytes / 2 ** 20;
  return {
    events,
    seconds,
    cpuMs: (used.user + used.system) / 1000,
    rssMb: mb(rss),
    heapMb: mb(heap),
    rssAddedMb: mb(rss - before.rss),
    heapAddedMb: mb(heap - before.heapUsed),
  };
}

/**
 * The engine thread's own CPU over the recorded run (ms), from its per-second figures: set-up,
 * the hot-path warm-up and connections opened ahead are left out, as the bare loop has none.
 */
let engineCpuMs = 0;

async function engineSse(base: string, streams: number): Promise<number> {
  const url = `${base}/sse?count=${EVENTS}&every=${EVERY_MS}`;
  const steps = [{ id: 1, name: 'sse', url, stream: { type: 'sse', max_seconds: 600 } }];
  const result = await runDefinition(steps, streams);
  engineCpuMs = result.run.series.reduce((ms, second) => ms + (second.cpu_pct ?? 0) * 10, 0);
  noteErrors(result.results.steps[0]!.error_dist);
  return result.results.steps[0]!.stream!.events;
}

/** Streams that failed make a run's events fewer than asked: say why, so a ratio is read as over a partial run. */
function noteErrors(errors: Record<string, number>): void {
  const reasons = Object.entries(errors).map(([reason, n]) => `${reason} ×${n}`);
  if (reasons.length > 0) console.log(`  engine errors: ${reasons.join(', ')}`);
}

async function engineEcho(base: string, count: number, rate: number): Promise<number> {
  const steps = [{ id: 1, name: 'echo', url: `${base.replace('http', 'ws')}/echo`, stream: { type: 'websocket', send: ['x'] } }];
  const result = await runDefinition(steps, count, Math.max(1, Math.round(count / rate)));
  engineCpuMs = result.run.series.reduce((ms, second) => ms + (second.cpu_pct ?? 0) * 10, 0);
  noteErrors(result.results.steps[0]!.error_dist);
  return result.results.steps[0]!.stream!.events;
}

/** The engine's figures with its CPU over the recorded run only (engineCpuMs). */
async function measuredEngine(work: () => Promise<number>): Promise<Figures> {
  const figures = await measured(work);
  return { ...figures, cpuMs: engineCpuMs };
}

async function runDefinition(steps: unknown[], iterations: number, duration = 1) {
  const checked = validateDefinition({ name: 'bench', config_data: { steps, iteration_count: iterations, duration } }, 'bench.json');
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  const test = await prepareTest({ definition: checked.value.definition, file: 'bench.json', dir: process.cwd() }, {});
  return runEmbedded(test, { concurrency: iterations, insecure: false, proxies: {}, testUrl: 'file://bench', startGraceMs: 600_000 });
}

/** The ceiling: N streams on N Clients, each body fed to a parser that counts events; nothing recorded. */
async function bareSse(base: string, streams: number): Promise<number> {
  let events = 0;
  const path = `/sse?count=${EVENTS}&every=${EVERY_MS}`;
  const one = (client: Client): Promise<void> =>
    new Promise((resolve, reject) => {
      const decoder = new TextDecoder();
      const parser = createParser({
        onEvent: (event) => {
          if (event.data !== '[DONE]') events++;
        },
      });
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: () => undefined,
        onResponseStart: () => undefined,
        onResponseData: (_c, chunk) => parser.feed(decoder.decode(chunk, { stream: true })),
        onResponseEnd: () => resolve(),
        onResponseError: (_c, error) => reject(error),
      };
      client.dispatch({ origin: base, path, method: 'GET' }, handler);
    });
  const clients = Array.from({ length: streams }, () => new Client(base, { pipelining: 1 }));
  await Promise.all(clients.map(one));
  await Promise.all(clients.map((c) => c.destroy()));
  return events;
}

/** The ceiling for WebSockets: open, send, one answer, close, at the same rate. */
async function bareEcho(base: string, count: number, rate: number): Promise<number> {
  const agent = new Agent();
  let answers = 0;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/echo`, { dispatcher: agent });
      ws.addEventListener('open', () => ws.send('x'));
      ws.addEventListener('message', () => {
        answers++;
        ws.close(1000);
        resolve();
      });
      ws.addEventListener('close', () => resolve());
    });
  const pending: Promise<void>[] = [];
  const gapMs = 1000 / rate;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + i * gapMs - performance.now();
    if (due > 1) await new Promise((r) => setTimeout(r, due));
    pending.push(one());
  }
  await Promise.all(pending);
  await agent.destroy();
  return answers;
}

function line(label: string, f: Figures, streams?: number): string {
  const perEvent = (f.cpuMs * 1000) / Math.max(1, f.events);
  const perStream = (added: number): string => (streams ? ` (${((added * 1024) / streams).toFixed(1)} KB/stream)` : '');
  return (
    `${label.padEnd(28)} ${String(f.events).padStart(8)} events  ${(f.events / f.seconds).toFixed(0).padStart(7)}/s  ` +
    `${perEvent.toFixed(1).padStart(7)} µs CPU/event  RSS ${f.rssMb.toFixed(0)} MB, +${f.rssAddedMb.toFixed(0)} MB${perStream(f.rssAddedMb)}  ` +
    `heap ${f.heapMb.toFixed(0)} MB, +${f.heapAddedMb.toFixed(0)} MB${perStream(f.heapAddedMb)}`
  );
}

function ratio(ceiling: Figures, engine: Figures): string {
  const per = (f: Figures): number => f.cpuMs / Math.max(1, f.events);
  return (per(ceiling) / per(engine)).toFixed(2);
}

async function startTarget(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(fileURLToPath(new URL('./bench-stream-target.ts', import.meta.url)), [], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ url: string }];
  return { url: message.url, child };
}

await initHistograms();
const target = await startTarget();
try {
  console.log(`loadgate bench --streams: target ${target.url}; ${EVENTS} events per stream, ${EVERY_MS} ms apart`);
  for (const n of String(values['streams-at']).split(',').map(Number)) {
    const bare = await measured(() => bareSse(target.url, n));
    const engine = await measuredEngine(() => engineSse(target.url, n));
    console.log(line(`SSE, ${n} streams, ceiling`, bare, n));
    console.log(line(`SSE, ${n} streams, engine`, engine, n));
    console.log(`  engine / ceiling (CPU per event): ${ratio(bare, engine)}`);
  }
  const count = Number(values.echoes);
  const rate = Number(values['echo-rate']);
  const bare = await measured(() => bareEcho(target.url, count, rate));
  const engine = await measuredEngine(() => engineEcho(target.url, count, rate));
  console.log(line(`WebSocket echo, ceiling`, bare));
  console.log(line(`WebSocket echo, engine`, engine));
  console.log(`  engine / ceiling (CPU per round trip): ${ratio(bare, engine)}`);
} finally {
  target.child.kill();
}
