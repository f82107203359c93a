// autocannon paced, for `npm run bench`'s footprint table (docs/performance.md): autocannon as a
// library in a process of its own, at RATE requests a second over all CONNECTIONS (its `-R`), for
// SECONDS. Its CPU per response is measured as the engine's is (scripts/bench-engine.ts cpu): the
// process's CPU time (user + sys) from the end of the first second to the end, over the responses
// of that time. Prints one JSON line.
//   node scripts/bench-autocannon.ts URL RATE SECONDS CONNECTIONS
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';

/** The part of autocannon's API used here (it ships no types): a run is an emitter and a promise of its result. */
type Run = EventEmitter & PromiseLike<unknown>;
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
}) => Run;

const [url, rateArg, secondsArg, connectionsArg] = process.argv.slice(2);
if (!url || !/^http:\/\/(127\.|localhost|\[::1\])/.test(url)) throw new Error('bench-autocannon: loopback URL required');
const rate = Number(rateArg);
const seconds = Number(secondsArg);

let from: NodeJS.CpuUsage | undefined;
let responses = 0;
const instance = autocannon({ url, connections: Number(connectionsArg), overallRate: rate, duration: seconds });
instance.on('response', () => {
  if (from !== undefined) responses++;
});
setTimeout(() => {
  from = process.cpuUsage();
}, 1000);
await instance;
const used = process.cpuUsage(from);
const cpuUs = used.user + used.system;
const out = {
  rate,
  responses,
  rps: Math.round(responses / Math.max(1, seconds - 1)),
  cpu_us_per_request: responses > 0 ? Math.round((cpuUs / responses) * 10) / 10 : 0,
  sys_us_per_request: responses > 0 ? Math.round((used.system / responses) * 10) / 10 : 0,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
