// The server's work per shard upload as a sharded run goes on (docs/performance.md, "Sharded
// runs: the server's work per upload"): a real `loadgate serve --executor kubernetes` on the
// Kubernetes API stand-in, whose pods are idle processes; this script plays the SHARDS shards
// itself (ready, then one upload per shard per second for SECONDS seconds, each with a realistic
// sample and its encoded histogram), samples serve's CPU time from /proc every second and times
// GET /v1/load/test/<id>/ while the uploads go on. Prints one JSON line: serve's CPU (share of
// one core) averaged over seconds 10–25 and 40–55 of the uploads, their ratio, and the API's
// answer times. Linux only (/proc).
//   node scripts/bench-shard-uploads.ts [SHARDS] [SECONDS] [CLI]
// CLI: the `src/cli/entry.ts` of the checkout whose serve is measured (default: this one).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as hdr from 'hdr-histogram-js';
import { startKubeStandIn } from '../test/helpers/kube-standin.ts';

const shards = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 60);
const cli = process.argv[4] ?? fileURLToPath(new URL('../src/cli/entry.ts', import.meta.url));
const KEY = 'bench-key-0123456789';
const TICKS_PER_S = 100;

const dir = mkdtempSync(join(tmpdir(), 'loadgate-bench-uploads-'));
// The pods idle: this script sends what their shards would.
const kube = await startKubeStandIn({ processFor: () => ({ file: 'sleep', args: ['3600'] }) });
const serve = spawn(
  process.execPath,
  [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'server.db')]
    .concat(['--executor', 'kubernetes', '--kubeconfig', kube.kubeconfigPath, '--image', 'loadgate:bench'])
    .concat(['--shards', String(shards), '--start-barrier', '3600']),
  { env: { ...process.env, LOADGATE_API_KEY: KEY }, stdio: ['ignore', 'pipe', 'inherit'] },
);
process.on('exit', () => serve.kill('SIGKILL'));
const url = await new Promise<string>((resolve) =>
  createInterface({ input: serve.stdout! }).once('line', (line) => resolve(line.split(' ').pop()!)),
);

async function api(method: string, path: string, body?: unknown): Promise<{ id?: string }> {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': KEY, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as { id?: string };
}

/** serve's CPU time so far (user + system), in seconds. */
function cpuSeconds(): number {
  const fields = readFileSync(`/proc/${serve.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

console.error(`serve listening on ${url}`);
const created = await api('POST', '/v1/load/test/', {
  name: 'bench',
  config_data: {
    steps: [{ id: 1, name: 'k', url: 'http://127.0.0.1:9/k' }],
    iteration_count: shards * seconds * 10,
    duration: seconds,
  },
});
if (!created.id) throw new Error(`the test was not created: ${JSON.stringify(created)}`);
const id = created.id;
await kube.waitFor(() => kube.secrets().length === 1, 60_000);
const token = Buffer.from(kube.secrets()[0]!.data!.token!, 'base64').toString('utf8');
const shardCall = (path: string, body: unknown) =>
  fetch(`${url}/v1/shard/${id}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

console.error(`test ${id}: the shards report ready`);
for (let index = 0; index < shards; index++) await shardCall('ready/', { location: 'local', index, attempt: 0, pod: `pod-${index}` });

// One realistic second: ten response times around 20 ms, encoded as a shard encodes them.
await hdr.initWebAssembly();
function sample(t: number): Record<string, unknown> {
  const h = hdr.build({
    bitBucketSize: 32,
    numberOfSignificantValueDigits: 3,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
  });
  for (let i = 0; i < 10; i++) h.recordValue(15_000 + Math.floor(Math.random() * 10_000));
  const histogram = hdr.encodeIntoCompressedBase64(h);
  h.destroy();
  return {
    t,
    started: 10,
    responses: 10,
    failures: 0,
    p50: 20,
    p95: 24,
    p99: 25,
    late: 0,
    cpu_pct: 12,
    busy_pct: 8,
    sockets: 4,
    histogram,
  };
}

const cpu: number[] = [cpuSeconds()];
const apiMs: number[] = [];
for (let t = 0; t < seconds; t++) {
  const began = performance.now();
  await Promise.all(
    Array.from({ length: shards }, (_, index) =>
      shardCall('interval/', { location: 'local', index, attempt: 0, pod: `pod-${index}`, t, sample: sample(t) }),
    ),
  );
  const asked = performance.now();
  await api('GET', `/v1/load/test/${id}/`);
  apiMs.push(performance.now() - asked);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - began))));
  cpu.push(cpuSeconds());
}

/** serve's CPU over seconds [from, to) of the uploads, as a share of one core. */
const share = (from: number, to: number) => (cpu[to]! - cpu[from]!) / (to - from);
const early = share(10, 25);
const late = share(40, 55);
const sorted = [...apiMs].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    shards,
    seconds,
    cli,
    cpu_share_s10_25: Number(early.toFixed(3)),
    cpu_share_s40_55: Number(late.toFixed(3)),
    ratio: Number((late / early).toFixed(2)),
    api_ms_p50: Math.round(sorted[Math.floor(sorted.length / 2)]!),
    api_ms_max: Math.round(sorted[sorted.length - 1]!),
  }),
);
serve.kill('SIGKILL');
await kube.close();
rmSync(dir, { recursive: true, force: true });
