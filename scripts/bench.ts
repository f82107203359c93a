// `npm run bench`: the engine side by side with autocannon in one run, against one local target.
// Each engine run sits between two autocannon runs and is divided by their mean (these machines
// drift; docs/performance.md); the figure is the median of those ratios. Beside each engine
// run, undici alone sends the same request (scripts/bench-undici.ts): the HTTP library's own
// reach. Then one run of 1,000,000 requests reports RSS at 100k, at the end and its peak.
// Loopback only; every run is bounded.
//   npm run bench -- [--seconds 10] [--connections 50] [--repeats 3] [--requests 1000000]
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    repeats: { type: 'string', default: '3' },
    requests: { type: 'string', default: '1000000' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const repeats = Number(values.repeats);
const node = process.execPath;
const hasTaskset = existsSync('/usr/bin/taskset');
const pinned = (core: number, cmd: string[]): string[] => (hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd);

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
    writeFileSync(join(dir, 'nginx.conf'), `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; daemon off;
events { worker_connections 4096; }
http { access_log off; keepalive_timeout 65s; keepalive_requests 100000000; client_body_temp_path ${dir}/b;
  proxy_temp_path ${dir}/p; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  server { listen 127.0.0.1:${port} backlog=4096; location / { default_type text/plain; return 200 "ok"; } } }\n`);
    const child = spawn(pinned(1, [nginx, '-c', join(dir, 'nginx.conf'), '-p', dir])[0]!, pinned(1, [nginx, '-c', join(dir, 'nginx.conf'), '-p', dir]).slice(1), { stdio: 'ignore' });
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

interface Figures { rps: number; p50_ms: number; p99_ms: number }

async function autocannon(url: string): Promise<Figures> {
  const bin = join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js');
  const out = JSON.parse(await run(pinned(0, [node, bin, '-c', String(connections), '-d', String(seconds), '-j', url])));
  return { rps: out.requests.average, p50_ms: out.latency.p50, p99_ms: out.latency.p99 };
}

async function engine(url: string): Promise<Figures> {
  return JSON.parse(await run(pinned(0, [node, 'scripts/bench-engine.ts', 'speed', url, String(seconds), String(connections)])));
}

/** The reference: undici alone sending the engine's request (scripts/bench-undici.ts). */
async function undiciAlone(url: string): Promise<Figures> {
  return JSON.parse(await run(pinned(0, [node, 'scripts/bench-undici.ts', url, String(seconds), String(connections)])));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (f: Figures): string => `${Math.round(f.rps).toLocaleString('en-US').padStart(8)} req/s  p50 ${f.p50_ms.toFixed(3)} ms  p99 ${f.p99_ms.toFixed(3)} ms`;

const target = await startTarget();
try {
  console.log(`loadgate bench: ${target.name} at ${target.url}; generators on core 0${hasTaskset ? '' : ' (taskset missing: not pinned)'}`);
  console.log(`${connections} connections, ${seconds} s per run, ${repeats} repeats; engine figures leave out its first second (JIT warm-up)`);
  const ratios: number[] = [];
  const undiciRatios: number[] = [];
  let before = await autocannon(target.url);
  console.log(`autocannon  ${fmt(before)}`);
  for (let i = 0; i < repeats; i++) {
    const ours = await engine(target.url);
    const alone = await undiciAlone(target.url);
    const after = await autocannon(target.url);
    const around = (before.rps + after.rps) / 2;
    ratios.push(ours.rps / around);
    undiciRatios.push(alone.rps / around);
    console.log(`loadgate    ${fmt(ours)}   ratio ${(ours.rps / around).toFixed(2)}`);
    console.log(`undici      ${fmt(alone)}   ratio ${(alone.rps / around).toFixed(2)}`);
    console.log(`autocannon  ${fmt(after)}`);
    before = after;
  }
  const summary = (xs: number[]): string => `median ${median(xs).toFixed(2)} (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;
  console.log(`\nengine/autocannon: ${summary(ratios)}`);
  console.log(`undici alone/autocannon (the same request, no engine): ${summary(undiciRatios)}`);
  const memory = JSON.parse(await run(pinned(0, [node, 'scripts/bench-engine.ts', 'memory', target.url, values.requests, String(connections)])));
  console.log(`memory: ${memory.requests.toLocaleString('en-US')} requests; RSS ${memory.rss_at_100k_mb} MB at 100k, ${memory.rss_end_mb} MB at the end (peak ${memory.rss_peak_mb} MB): growth ${memory.growth_mb} MB`);
} finally {
  target.stop();
}
