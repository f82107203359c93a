// How long a stop takes with requests in flight (docs/verdict.md): the CLI runs against a loopback
// target that holds every request and never answers (step timeout a minute); once the target
// holds IN_FLIGHT requests, SIGINT goes to the CLI, and the time from the signal to the process's
// exit (partial results and web report written) is measured. Prints one JSON line.
//   node scripts/bench-stop.ts [RUNS] [IN_FLIGHT]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const runs = Number(process.argv[2] ?? 5);
const inFlight = Number(process.argv[3] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'loadgate-bench-stop-'));

const held: ServerResponse[] = [];
const target = createServer((_req, res) => void held.push(res));
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hold`;
const definition = join(dir, 'stop.json');
// All of them due in the first second; the rest of the schedule is what the stop cuts off.
writeFileSync(
  definition,
  JSON.stringify({
    name: 'stop',
    config_data: {
      steps: [{ id: 1, name: 'held', url, timeout: 60 }],
      iteration_count: inFlight * 10,
      duration: 10,
      manual_load: [
        { duration: 1, count: inFlight },
        { duration: 9, count: inFlight * 9 },
      ],
    },
  }),
);

async function once(): Promise<{ ms: number; cancelled: number; code: number | null }> {
  held.length = 0;
  const results = join(dir, 'out.json');
  const child = spawn(
    process.execPath,
    ['src/cli/entry.ts', 'run', definition, '--results-file', results, '--quiet', '--max-concurrency', String(inFlight)],
    { stdio: 'ignore' },
  );
  while (held.length < inFlight) await new Promise((resolve) => setTimeout(resolve, 5));
  const signalled = performance.now();
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - signalled;
  for (const res of held.splice(0)) res.destroy();
  const written = JSON.parse(readFileSync(results, 'utf8'));
  return { ms: Math.round(ms), cancelled: written.results.steps[0].error_dist.cancelled ?? 0, code };
}

const samples = [];
for (let i = 0; i < runs; i++) samples.push(await once());
target.close();
const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
console.log(JSON.stringify({ in_flight: inFlight, runs, median_ms: ms[Math.floor(ms.length / 2)], max_ms: ms.at(-1), samples }));
