// `npm run bench`: the engine side by side with autocannon in one run, against one local target.
// Each engine run sits between two autocannon runs and is divided by their mean (these machines
// drift; docs/performance.md); the figure is the median of those ratios. Beside each engine
// run, undici alone sends the same request (scripts/bench-undici.ts): the HTTP library's own
// reach. Then one run of 1,000,000 requests reports RSS at 100k, at the end and its peak.
// Loopback only; every run is bounded.
//   npm run bench -- [--seconds 10] [--connections 50] [--repeats 3] [--requests 1000000]
//
// `--streams`: instead, streaming steps against the JS ceiling (scripts/bench-streams.ts, which
// takes `--streams-at`, `--events`, `--every`, `--echoes`, `--echo-rate`).
//
// `--schedule`: instead, open-model runs with loadgate's default settings (no --concurrency, no
// warm-up), linear over `--schedule-seconds` (6) at each of `--rates` (1000,5000,10000,20000)
// iterations a second and at `--max-share` (0.8) of the engine's measured maximum (a closed-loop
// run at full speed first; 0 leaves it out), each repeated `--repeats` times in turn
// (scripts/bench-schedule.ts): whole run and first second p50/p95/p99, the steady seconds', the
// first second's p95 over theirs (each repeat's), late starts and the generator's own delay. One
// autocannon run before and after gives the machine's capacity beside them.
//
// Both modes end with CPU µs per request on 1 and on 2 engine threads (`--workers 2`), 1 and 2
// threads in turn, `--repeats` times, for `--seconds`: at full speed (`--connections` in flight in
// all) and at each of `--cpu-rates` (10000,20000) iterations a second with default settings,
// where one thread at half the rate runs too (what each of the two carries); the whole process's
// CPU time over the seconds after the first, divided by their responses (scripts/bench-engine.ts
// cpu). `--cpu` runs only that.
//
// `--knee` runs only the open model at full stretch (issue 34, docs/performance.md): linear runs
// with default settings at `--shares` (0.4,0.6,0.8,0.9,2) of the engine's full speed on its core
// (`--connections` in flight at an unreachable rate), each `--knee-seconds` (5) long and each
// between two full-speed runs, as a table (applied rate, CPU, late share, whole and steady p99,
// sockets, the load average), with autocannon before and after; `--knee-repeats` (1) times, then
// each share's late starts and p99 over the repeats. A run on a host that moved is measured again,
// up to `--knee-retries` (2) more times; every attempt is a row.
//
// The default run ends with the footprint table (`--footprint` runs only it; docs/performance.md):
// the engine paced at each of `--footprint-rates` (1000,5000,20000) requests a second, at most
// `--connections` in flight, against autocannon at the same rate (`-R`) and connections
// (scripts/bench-autocannon.ts), interleaved, `--footprint-seconds` (10) each: the process's CPU
// (user + sys) per response after the first second, and the engine's over autocannon's. Each
// repeat also runs the engine closed loop (its own full speed, the same measure), and autocannon
// closed loop before and after it (the host's full speed); a repeat whose full speed moved more
// than 20 % is run again, up to `--knee-retries` more times, every attempt a row. Before and
// after the table, what waking every 1 ms alone costs the host (scripts/bench-wake.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

if (process.argv.includes('--streams')) {
  await import('./bench-streams.ts');
  process.exit();
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    repeats: { type: 'string', default: '3' },
    requests: { type: 'string', default: '1000000' },
    schedule: { type: 'boolean', default: false },
    rates: { type: 'string', default: '1000,5000,10000,20000' },
    'schedule-seconds': { type: 'string', default: '6' },
    'max-share': { type: 'string', default: '0.8' },
    cpu: { type: 'boolean', default: false },
    'generator-cores': { type: 'string', default: '0' },
    'cpu-rates': { type: 'string', default: '10000,20000' },
    knee: { type: 'boolean', default: false },
    shares: { type: 'string', default: '0.4,0.6,0.8,0.9,2' },
    'knee-seconds': { type: 'string', default: '5' },
    'knee-repeats': { type: 'string', default: '1' },
    'knee-retries': { type: 'string', default: '2' },
    footprint: { type: 'boolean', default: false },
    'footprint-rates': { type: 'string', default: '1000,5000,20000' },
    'footprint-seconds': { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const repeats = Number(values.repeats);
const node = process.execPath;
const hasTaskset = existsSync('/usr/bin/taskset');
const pinned = (core: number | string, cmd: string[]): string[] => (hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd);
/** The generators' cores (`--generator-cores`, default 0; nginx has core 1): `0,1` lets two engine threads run side by side. */
const generatorCores = values['generator-cores'];

function run(cmd: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0]!, cmd.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd.join(' ')} exited ${code}`))));
  });
}

function which(bin: string): string | null {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) if (existsSync(join(dir, bin))) return join(dir, bin);
  return null;
}

async function startTarget(): Promise<{ url: string; name: string; stop(): void }> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const nginx = which('nginx');
  if (nginx) {
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-bench-'));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; daemon off;
events { worker_connections 4096; }
http { access_log off; keepalive_timeout 65s; keepalive_requests 100000000; client_body_temp_path ${dir}/b;
  proxy_temp_path ${dir}/p; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  server { listen 127.0.0.1:${port} backlog=4096; location / { default_type text/plain; return 200 "ok"; } } }\n`,
    );
    const child = spawn(
      pinned(1, [nginx, '-c', join(dir, 'nginx.conf'), '-p', dir])[0]!,
      pinned(1, [nginx, '-c', join(dir, 'nginx.conf'), '-p', dir]).slice(1),
      { stdio: 'ignore' },
    );
    await waitForPort(port);
    return { url: `http://127.0.0.1:${port}/`, name: 'nginx (1 worker, core 1)', stop: () => child.kill() };
  }
  const code = `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`;
  const child: ChildProcess = spawn(pinned(1, [node, '-e', code])[0]!, pinned(1, [node, '-e', code]).slice(1), { stdio: 'ignore' });
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}/`, name: 'node http (nginx not installed; core 1)', stop: () => child.kill() };
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`bench target did not start on port ${port}`);
}

interface Figures {
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

async function autocannon(url: string, forSeconds = seconds): Promise<Figures> {
  const bin = join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js');
  const out = JSON.parse(await run(pinned(generatorCores, [node, bin, '-c', String(connections), '-d', String(forSeconds), '-j', url])));
  return { rps: out.requests.average, p50_ms: out.latency.p50, p99_ms: out.latency.p99 };
}

async function engine(url: string): Promise<Figures> {
  return JSON.parse(
    await run(pinned(generatorCores, [node, 'scripts/bench-engine.ts', 'speed', url, String(seconds), String(connections)])),
  );
}

/** The reference: undici alone sending the engine's request (scripts/bench-undici.ts). */
async function undiciAlone(url: string): Promise<Figures> {
  return JSON.parse(await run(pinned(generatorCores, [node, 'scripts/bench-undici.ts', url, String(seconds), String(connections)])));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (f: Figures): string =>
  `${Math.round(f.rps).toLocaleString('en-US').padStart(8)} req/s  p50 ${f.p50_ms.toFixed(3)} ms  p99 ${f.p99_ms.toFixed(3)} ms`;

interface ScheduleRun {
  rate: number;
  cpu_us_per_request?: number;
  whole: { p50: number; p95: number; p99: number };
  first: { p50: number; p95: number; p99: number };
  steady: { p50: number; p95: number; p99: number; p99_max?: number };
  late_pct: number;
  /** Each second of the plan: its late starts (and the rest of the series, unread here); absent on a medians' line. */
  series?: { late?: number }[];
  generator: {
    loop_delay_p99_ms: number;
    loop_delay_max_ms: number;
    sockets_max: number;
    saturated: boolean;
    concurrency: number;
    applied_iterations_per_s?: number;
    cpu_pct_max?: number;
  };
}

async function scheduleRun(url: string, rate: number, forSeconds = values['schedule-seconds']): Promise<ScheduleRun> {
  return JSON.parse(await run(pinned(generatorCores, [node, 'scripts/bench-schedule.ts', url, String(rate), forSeconds])));
}

/** The first second's p95 over the steady seconds': what the warm start is judged by (docs/engine.md). */
const firstOverSteady = (r: ScheduleRun): number => r.first.p95 / Math.max(r.steady.p95, 0.001);

/** One run's line; the medians' line gives each repeat's first/steady ratio (`ratios`) rather than a ratio of medians. */
function scheduleLine(r: ScheduleRun, ratios = [firstOverSteady(r)]): string {
  const three = (x: { p50: number; p95: number; p99: number }): string => [x.p50, x.p95, x.p99].map((v) => v.toFixed(2)).join('/');
  const g = r.generator;
  return (
    `${String(r.rate).padStart(6)}/s  whole ${three(r.whole)} ms  first s ${three(r.first)}  steady s ${three(r.steady)}` +
    `  first/steady p95 ${ratios.map((x) => x.toFixed(1)).join(', ')}  late ${r.late_pct.toFixed(2)} %` +
    `  loop delay p99 ${g.loop_delay_p99_ms} max ${g.loop_delay_max_ms} ms  sockets ${g.sockets_max}/${g.concurrency}${g.saturated ? '  SATURATED' : ''}`
  );
}

async function scheduleBench(url: string): Promise<void> {
  const rates = values.rates.split(',').map(Number);
  console.log(`autocannon  ${fmt(await autocannon(url))}   (the machine's capacity, ${connections} connections)`);
  const share = Number(values['max-share']);
  if (share > 0) {
    const max = await engine(url);
    const rate = Math.round((max.rps * share) / 1000) * 1000;
    console.log(`loadgate    ${fmt(max)}   (its maximum, ${connections} in flight; ${share * 100} %: ${rate}/s)`);
    if (!rates.includes(rate)) rates.push(rate);
  }
  console.log(
    `schedule: linear ${values['schedule-seconds']} s at ${rates.join(', ')}/s, default settings, ${repeats} repeats; p50/p95/p99 in ms`,
  );
  const runs = new Map<number, ScheduleRun[]>(rates.map((rate) => [rate, []]));
  for (let i = 0; i < repeats; i++) {
    for (const rate of rates) {
      const r = await scheduleRun(url, rate);
      runs.get(rate)!.push(r);
      console.log(scheduleLine(r));
    }
  }
  console.log(`autocannon  ${fmt(await autocannon(url))}`);
  console.log('\nmedians of the repeats:');
  for (const [rate, rs] of runs) {
    const m = (pick: (r: ScheduleRun) => number): number => median(rs.map(pick));
    const part = (pick: (r: ScheduleRun) => { p50: number; p95: number; p99: number }) => ({
      p50: m((r) => pick(r).p50),
      p95: m((r) => pick(r).p95),
      p99: m((r) => pick(r).p99),
    });
    console.log(
      scheduleLine(
        {
          rate,
          whole: part((r) => r.whole),
          first: part((r) => r.first),
          steady: part((r) => r.steady),
          late_pct: m((r) => r.late_pct),
          generator: {
            loop_delay_p99_ms: m((r) => r.generator.loop_delay_p99_ms),
            loop_delay_max_ms: m((r) => r.generator.loop_delay_max_ms),
            sockets_max: m((r) => r.generator.sockets_max),
            saturated: rs.some((r) => r.generator.saturated),
            concurrency: m((r) => r.generator.concurrency),
          },
        },
        rs.map(firstOverSteady),
      ),
    );
  }
}

async function speedBench(url: string): Promise<void> {
  console.log(
    `${connections} connections, ${seconds} s per run, ${repeats} repeats; engine figures leave out its first second (JIT warm-up)`,
  );
  const ratios: number[] = [];
  const undiciRatios: number[] = [];
  let before = await autocannon(url);
  console.log(`autocannon  ${fmt(before)}`);
  for (let i = 0; i < repeats; i++) {
    const ours = await engine(url);
    const alone = await undiciAlone(url);
    const after = await autocannon(url);
    const around = (before.rps + after.rps) / 2;
    ratios.push(ours.rps / around);
    undiciRatios.push(alone.rps / around);
    console.log(`loadgate    ${fmt(ours)}   ratio ${(ours.rps / around).toFixed(2)}`);
    console.log(`undici      ${fmt(alone)}   ratio ${(alone.rps / around).toFixed(2)}`);
    console.log(`autocannon  ${fmt(after)}`);
    before = after;
  }
  const summary = (xs: number[]): string =>
    `median ${median(xs).toFixed(2)} (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;
  console.log(`\nengine/autocannon: ${summary(ratios)}`);
  console.log(`undici alone/autocannon (the same request, no engine): ${summary(undiciRatios)}`);
  const memory = JSON.parse(
    await run(pinned(generatorCores, [node, 'scripts/bench-engine.ts', 'memory', url, values.requests, String(connections)])),
  );
  console.log(
    `memory: ${memory.requests.toLocaleString('en-US')} requests; RSS ${memory.rss_at_100k_mb} MB at 100k, ${memory.rss_end_mb} MB at the end (peak ${memory.rss_peak_mb} MB): growth ${memory.growth_mb} MB`,
  );
}

interface CpuRun {
  workers: number;
  rate: number;
  responses: number;
  rps: number;
  cpu_us_per_request: number;
  p99_ms: number;
  late: number;
  saturated: boolean;
}

async function cpuRun(url: string, workers: number, rate: string, forSeconds = String(seconds)): Promise<CpuRun> {
  return JSON.parse(
    await run(
      pinned(generatorCores, [node, 'scripts/bench-engine.ts', 'cpu', url, rate, forSeconds, String(workers), String(connections)]),
    ),
  );
}

/**
 * 1 and 2 threads in turn, so that the machine's drift falls on both alike; the ratio is of the
 * medians. At a fixed rate a third run, one thread at half the rate, carries what each of the two
 * threads does: a thread's CPU per request falls as its own rate rises (docs/performance.md), and
 * this shows how much of the two threads' figure is that rather than the second thread itself.
 */
async function cpuBench(url: string): Promise<void> {
  for (const rate of ['max', ...values['cpu-rates'].split(',')]) {
    const load = rate === 'max' ? `full speed (${connections} in flight)` : `${rate}/s, default settings`;
    const half = rate === 'max' ? null : String(Number(rate) / 2);
    console.log(
      `\nCPU per request at ${load} for ${seconds} s, 1 and 2 engine threads in turn${half ? `, and 1 thread at ${half}/s` : ''}, ${repeats} repeats (process CPU time / responses, after the first second)`,
    );
    const byRun = new Map<string, number[]>();
    const runs: [string, number, string][] = [
      ['1', 1, rate],
      ['2', 2, rate],
      ...(half ? [[`1 at ${half}/s`, 1, half] as [string, number, string]] : []),
    ];
    for (let i = 0; i < repeats; i++) {
      for (const [label, workers, runRate] of i % 2 === 0 ? runs : [...runs].reverse()) {
        const r = await cpuRun(url, workers, runRate);
        byRun.set(label, [...(byRun.get(label) ?? []), r.cpu_us_per_request]);
        console.log(
          `workers ${label.padEnd(12)} ${r.cpu_us_per_request.toFixed(1).padStart(6)} µs/request  (${r.responses.toLocaleString('en-US')} responses, p99 ${r.p99_ms} ms, late ${r.late}${r.saturated ? ', saturated' : ''})`,
        );
      }
    }
    const one = median(byRun.get('1')!);
    const two = median(byRun.get('2')!);
    console.log(
      `CPU µs per request at ${load}: workers 1 median ${one.toFixed(1)}, workers 2 median ${two.toFixed(1)}: ratio ${(two / one).toFixed(2)}` +
        (half ? `; 1 thread at ${half}/s median ${median(byRun.get(`1 at ${half}/s`)!).toFixed(1)}` : ''),
    );
  }
}

/** The machine's 1-minute load average: the other tenants' share of these figures. */
const load = (): string => loadavg()[0]!.toFixed(1);

/** A paced run's late starts in its first second and in the others: where they come from differs (docs/performance.md). */
function lateSplit(r: ScheduleRun): string {
  const [first, ...rest] = (r.series ?? []).map((second) => second.late ?? 0);
  return `${first ?? 0} + ${rest.reduce((n, late) => n + late, 0)}`;
}

/** Full speed may move this much between the runs around a paced one before its share is called unknown. */
const HOST_DRIFT = 0.1;
/**
 * A paced run whose CPU per request is more than this times that of the full-speed runs around it
 * ran, at least in part, on a slowed host: on a steady one this machine's paced runs cost
 * 1.05–1.2 times full speed's, and runs during which the host slowed 1.45–1.8 times
 * (docs/performance.md, "Growth sized on the loop's own time").
 */
const HOST_SLOWED = 1.3;
/** Issue 34's bound on a paced run's whole p99 over its steady seconds' (ms). */
const P99_GAP_MS = 2;

interface KneeRow {
  share: number;
  late_pct: number;
  /** The whole run's p99 over the steady seconds' median p99 (ms). */
  p99_gap_ms: number;
  /** Applied iterations a second over the mean of the full speeds around the run. */
  applied_share: number;
  saturated: boolean;
  /** The full speed measured before and after this paced run agreed within HOST_DRIFT, and its CPU per request was within HOST_SLOWED of theirs. */
  steady: boolean;
}

/**
 * The open model at full stretch (issue 34): each paced run (default settings, linear, at `--shares`
 * of full speed, `--knee-seconds` long) sits between two full-speed runs (`--connections` in
 * flight at an unreachable rate), and its rate is asked from the one before. These hosts change
 * speed by a third between adjacent runs (docs/performance.md), and sometimes within a run, so a
 * row whose two full speeds differ by more than HOST_DRIFT, or whose CPU per request is more than
 * HOST_SLOWED times theirs, is marked: its share of full speed is not known, and the share is run
 * again (up to `--knee-retries` more times), each attempt a row of its own and counted. Autocannon
 * before and after each repeat for the machine; at the end, each share over the repeats.
 */
async function kneeBench(url: string): Promise<void> {
  const kneeSeconds = values['knee-seconds'];
  const shares = values.shares.split(',').map(Number);
  const rows: KneeRow[] = [];
  const retries = Number(values['knee-retries']);
  for (let i = 0; i < Number(values['knee-repeats']); i++) {
    const before = await autocannon(url, Number(kneeSeconds));
    let full = await cpuRun(url, 1, 'max', kneeSeconds);
    console.log(
      `\nautocannon ${Math.round(before.rps)} req/s (load ${load()}); full speed ${full.rps}/s, ${full.cpu_us_per_request} µs CPU a request (${connections} in flight, load ${load()})`,
    );
    console.log(
      '| asked | share | full speed before → after | applied (share of their mean) | CPU max second | µs CPU/request | late | late starts: first second + the rest | whole p99 | steady p99 (max) | sockets | saturated | load |',
    );
    console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | --- | ---: |');
    for (const share of shares) {
      for (let attempt = 0; attempt <= retries; attempt++) {
        const row = await kneeRow(url, share, full, attempt);
        rows.push(row.row);
        full = row.fullAfter;
        if (row.row.steady) break;
      }
    }
    const after = await autocannon(url, Number(kneeSeconds));
    console.log(`autocannon ${Math.round(after.rps)} req/s (load ${load()})`);
  }
  printKneeSummary(shares, rows);
}

/**
 * One paced run at `share` of `full` (the full-speed run before it), then the full-speed run
 * after it; prints the row. `attempt` > 0: the share again, the run before on a host that moved.
 */
async function kneeRow(url: string, share: number, full: CpuRun, attempt: number): Promise<{ row: KneeRow; fullAfter: CpuRun }> {
  const kneeSeconds = values['knee-seconds'];
  const rate = Math.round((full.rps * share) / 100) * 100;
  const r = await scheduleRun(url, rate, kneeSeconds);
  const fullAfter = await cpuRun(url, 1, 'max', kneeSeconds);
  const moved = Math.abs(fullAfter.rps / full.rps - 1) > HOST_DRIFT;
  const cpuRatio = (r.cpu_us_per_request ?? 0) / ((full.cpu_us_per_request + fullAfter.cpu_us_per_request) / 2);
  const slowed = cpuRatio > HOST_SLOWED;
  const steady = !moved && !slowed;
  const hostMark = `${moved ? ' (host moved)' : ''}${slowed ? ` (host slowed in the run: ${cpuRatio.toFixed(2)}× their CPU a request)` : ''}`;
  const mean = (full.rps + fullAfter.rps) / 2;
  const g = r.generator;
  const applied = g.applied_iterations_per_s ?? 0;
  const row = {
    share,
    late_pct: r.late_pct,
    p99_gap_ms: r.whole.p99 - r.steady.p99,
    applied_share: applied / mean,
    saturated: g.saturated,
    steady,
  };
  console.log(
    `| ${rate}/s | ${Math.round(share * 100)} %${attempt > 0 ? ` (again, ${attempt})` : ''} | ${full.rps} → ${fullAfter.rps}/s${hostMark} | ${Math.round(applied)}/s (${Math.round((applied / mean) * 100)} %) | ${g.cpu_pct_max} % | ${r.cpu_us_per_request ?? 0} | ${r.late_pct.toFixed(2)} % | ${lateSplit(r)} | ${r.whole.p99} ms | ${r.steady.p99.toFixed(2)} (${(r.steady.p99_max ?? 0).toFixed(2)}) ms | ${g.sockets_max}/${g.concurrency} | ${g.saturated ? 'yes' : 'no'} | ${load()} |`,
  );
  return { row, fullAfter };
}

/** Each share over the repeats: late starts and p99 up to full speed, the applied share above it. */
function printKneeSummary(shares: number[], rows: KneeRow[]): void {
  console.log(
    `\nBy share over the repeats (* marks a run whose full speed moved by more than ${HOST_DRIFT * 100} % around it, or whose CPU a request was more than ${HOST_SLOWED} times theirs): late starts (> 10 ms) and the whole run's p99 over the steady seconds' median p99 up to full speed, the applied share of full speed above it`,
  );
  for (const share of shares) {
    const runs = rows.filter((row) => row.share === share);
    const steady = runs.filter((row) => row.steady);
    const mark = (row: KneeRow): string => (row.steady ? '' : '*');
    const head = `${String(Math.round(share * 100)).padStart(4)} %: `;
    if (share > 1) {
      const within = (list: KneeRow[]): number => list.filter((row) => row.applied_share >= 0.9 && row.saturated).length;
      console.log(
        `${head}applied ${runs.map((row) => `${Math.round(row.applied_share * 100)}${mark(row)}`).join(', ')} % of full speed` +
          `; ≥ 90 % and saturated in ${within(runs)} of ${runs.length} (${within(steady)} of ${steady.length} with a steady host)`,
      );
      continue;
    }
    const within = (list: KneeRow[]): number => list.filter((row) => row.late_pct <= 1 && row.p99_gap_ms <= P99_GAP_MS).length;
    console.log(
      `${head}late ${runs.map((row) => `${row.late_pct.toFixed(2)}${mark(row)}`).join(', ')} %` +
        `, whole p99 over the steady seconds' ${runs.map((row) => `${row.p99_gap_ms >= 0 ? '+' : ''}${row.p99_gap_ms.toFixed(2)}${mark(row)}`).join(', ')} ms` +
        `; late ≤ 1 % and p99 within ${P99_GAP_MS} ms in ${within(runs)} of ${runs.length} (${within(steady)} of ${steady.length} with a steady host)`,
    );
  }
}

interface FootprintRun {
  rate: number;
  rps: number;
  cpu_us_per_request: number;
  sys_us_per_request: number;
  /** The engine's own verdict (docs/engine.md): it could not apply the rate, so its figure is that of a loop behind. */
  saturated?: boolean;
}

async function autocannonPaced(url: string, rate: number): Promise<FootprintRun> {
  const forSeconds = values['footprint-seconds'];
  return JSON.parse(
    await run(pinned(generatorCores, [node, 'scripts/bench-autocannon.ts', url, String(rate), forSeconds, String(connections)])),
  );
}

async function enginePaced(url: string, rate: number | 'max'): Promise<FootprintRun> {
  const forSeconds = values['footprint-seconds'];
  return JSON.parse(
    await run(
      pinned(generatorCores, [node, 'scripts/bench-engine.ts', 'cpu', url, String(rate), forSeconds, '1', String(connections), 'capped']),
    ),
  );
}

interface WakeCost {
  wakes_per_s: number;
  cpu_ms_per_s: number;
}

/** What waking every 1 ms costs this host with nothing else to do (scripts/bench-wake.ts), on the generators' core. */
async function wakeCost(): Promise<WakeCost> {
  return JSON.parse(await run(pinned(generatorCores, [node, 'scripts/bench-wake.ts', '5'])));
}

/** The wake-up floor beside the footprint table: the tick's own CPU, per request at each rate. */
function printWakeCost(when: string, cost: WakeCost, rates: number[]): void {
  const perRequest = rates.map((rate) => `${((cost.cpu_ms_per_s * 1000) / rate).toFixed(1)} µs a request at ${rate}/s`).join(', ');
  console.log(
    `Waking alone ${when} (an empty 1 ms timer on a worker thread, 5 s): ${cost.wakes_per_s} wakes/s, ${cost.cpu_ms_per_s} ms CPU a second: ${perRequest}`,
  );
}

/** The host's full speed may move this much between a footprint repeat's start and end before the repeat is run again. */
const FOOTPRINT_DRIFT = 0.2;

/** One repeat of the footprint table: its rows, whether the host held still, and the rows' ratios by rate. */
async function footprintRepeat(
  url: string,
  rates: number[],
  reverse: boolean,
): Promise<{ steady: boolean; ratios: Map<number, [number, number]> }> {
  const forSeconds = Number(values['footprint-seconds']);
  const before = await autocannon(url, forSeconds);
  const closed = await enginePaced(url, 'max');
  const pairs: [number, FootprintRun, FootprintRun][] = [];
  for (const rate of rates) {
    // Interleaved, the order alternating between repeats, so that the host's drift falls on both alike.
    const first = reverse ? await autocannonPaced(url, rate) : await enginePaced(url, rate);
    const second = reverse ? await enginePaced(url, rate) : await autocannonPaced(url, rate);
    pairs.push(reverse ? [rate, second, first] : [rate, first, second]);
  }
  const after = await autocannon(url, forSeconds);
  const moved = Math.abs(after.rps / before.rps - 1) > FOOTPRINT_DRIFT;
  const us = (r: FootprintRun): string => `${r.cpu_us_per_request.toFixed(1)} (${r.sys_us_per_request.toFixed(1)} sys)`;
  const ratios = new Map<number, [number, number]>();
  for (const [rate, ours, theirs] of pairs) {
    const vsTheirs = ours.cpu_us_per_request / theirs.cpu_us_per_request;
    const vsClosed = ours.cpu_us_per_request / closed.cpu_us_per_request;
    ratios.set(rate, [vsTheirs, vsClosed]);
    console.log(
      `| ${rate}/s | ${ours.rps}${ours.saturated ? ' (saturated)' : ''} | ${us(ours)} | ${theirs.rps} | ${us(theirs)} | **${vsTheirs.toFixed(2)}** | ${us(closed)} at ${closed.rps}/s | ${vsClosed.toFixed(2)} | ${Math.round(before.rps)} → ${Math.round(after.rps)}${moved ? ' (host moved)' : ''} | ${load()} |`,
    );
  }
  return { steady: !moved, ratios };
}

/**
 * The footprint table (issue 61): what the engine costs the machine at the rates a CI test asks
 * for, against autocannon at the same rate and connections in the same run. CPU per response is
 * the process's (user + sys, every thread) after the first second, each tool measured the same
 * way (scripts/bench-engine.ts cpu, scripts/bench-autocannon.ts). A ratio, never a timed test.
 */
async function footprintBench(url: string): Promise<void> {
  const rates = values['footprint-rates'].split(',').map(Number);
  const retries = Number(values['knee-retries']);
  const wakeBefore = await wakeCost();
  console.log(
    `\nFootprint: CPU µs per response (user + sys, the process, after the first second), 1 engine thread paced at ${rates.join(', ')}/s and autocannon -R at the same rate, ${connections} connections, ${values['footprint-seconds']} s each, ${repeats} repeats (order alternating); the engine closed loop and autocannon's full speed before → after each repeat`,
  );
  console.log(
    '| rate | engine req/s | engine µs/response | autocannon req/s | autocannon µs/response | engine/autocannon | engine closed loop µs/response | paced/closed | host full speed (autocannon) | load |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  const kept = new Map<number, [number, number][]>(rates.map((rate) => [rate, []]));
  let steady = 0;
  for (let i = 0; i < repeats; i++) {
    for (let attempt = 0; attempt <= retries; attempt++) {
      const repeat = await footprintRepeat(url, rates, i % 2 === 1);
      if (!repeat.steady && attempt < retries) continue;
      for (const [rate, pair] of repeat.ratios) kept.get(rate)!.push(pair);
      if (repeat.steady) steady++;
      break;
    }
  }
  const wakeAfter = await wakeCost();
  console.log(
    `\nmedians (a repeat on a host that moved is run again; the last attempt is kept; ${steady} of ${repeats} kept on a steady host):`,
  );
  for (const [rate, pairs] of kept) {
    console.log(
      `${String(rate).padStart(6)}/s: engine/autocannon ${median(pairs.map((p) => p[0])).toFixed(2)} (${pairs.map((p) => p[0].toFixed(2)).join(', ')}), engine paced/closed loop ${median(pairs.map((p) => p[1])).toFixed(2)} (${pairs.map((p) => p[1].toFixed(2)).join(', ')})`,
    );
  }
  // The engine starts iterations in the millisecond they fall due, so at 1,000/s and above its
  // thread wakes at least once a millisecond; autocannon -R bursts each second's share and sleeps.
  printWakeCost('before', wakeBefore, rates);
  printWakeCost('after', wakeAfter, rates);
}

const target = await startTarget();
try {
  console.log(
    `loadgate bench: ${target.name} at ${target.url}; generators on core ${generatorCores}${hasTaskset ? '' : ' (taskset missing: not pinned)'}`,
  );
  if (values.knee) await kneeBench(target.url);
  else if (values.footprint) await footprintBench(target.url);
  else {
    if (values.schedule) await scheduleBench(target.url);
    else if (!values.cpu) await speedBench(target.url);
    await cpuBench(target.url);
    if (!values.schedule && !values.cpu) await footprintBench(target.url);
  }
} finally {
  target.stop();
}
