// The benchmark's reference point: undici alone, sending the engine's own request (the same
// prepared dispatch options, headers included) in a closed loop, one Client per connection, one
// reused handler each, a clock read per response. No schedule, no results: what the engine's HTTP
// library reaches by itself here, so `npm run bench` shows how much of the gap to autocannon is
// the engine's. Prints one JSON line like bench-engine.ts.
//   node scripts/bench-undici.ts URL SECONDS CONNECTIONS
import { performance } from 'node:perf_hooks';
import { Client, type Dispatcher } from 'undici';
import { validateDefinition } from '../src/definition/validate.ts';
import { prepareTest } from '../src/engine/prepare.ts';
import { initHistograms, newHistogram } from '../src/results/histogram.ts';

const [url, secondsArg, connectionsArg] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.|localhost|\[::1\])/.test(url)) throw new Error('bench-undici: loopback URL required');
const seconds = Number(secondsArg);
const connections = Number(connectionsArg);

const checked = validateDefinition(
  { name: 'bench', config_data: { steps: [{ id: 1, name: 'ok', url }], iteration_count: 1, duration: 1 } },
  'bench.json',
);
if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
const test = await prepareTest({ definition: checked.value.definition, file: 'bench.json', dir: process.cwd() }, {});
const options = test.steps[0]!.staticOptions!;
await initHistograms();
const histogram = newHistogram();
let measuring = false;
let stopped = false;
let responses = 0;

class Loop implements Dispatcher.DispatchHandler {
  private readonly client: Client;
  private sentAt = 0;
  constructor(client: Client) {
    this.client = client;
  }
  send(): void {
    this.sentAt = performance.now();
    this.client.dispatch(options, this);
  }
  onRequestStart(): void {}
  onResponseStart(): void {}
  onResponseData(): void {}
  onResponseEnd(): void {
    const now = performance.now();
    if (measuring) {
      responses++;
      histogram.recordValue(Math.max(1, Math.round((now - this.sentAt) * 1000)));
    }
    if (!stopped) this.send();
  }
  onResponseError(_controller: unknown, error: Error): void {
    if (!stopped) throw error;
  }
}

const clients = Array.from({ length: connections }, () => new Client(new URL(url).origin, { pipelining: 1 }));
for (const client of clients) new Loop(client).send();
// The first second is JIT warm-up, as for the engine.
await new Promise((resolve) => setTimeout(resolve, 1000));
measuring = true;
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, (seconds - 1) * 1000));
stopped = true;
const elapsedS = (performance.now() - started) / 1000;
const ms = (p: number): number => Math.round(histogram.getValueAtPercentile(p)) / 1000;
process.stdout.write(`${JSON.stringify({ rps: responses / elapsedS, p50_ms: ms(50), p99_ms: ms(99) })}\n`);
await Promise.all(clients.map((client) => client.destroy().catch(() => undefined)));
