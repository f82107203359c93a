// `npm run startup-time`: how long `loadgate --version` takes beside `node -e 0`, the same Node
// started with nothing to load. The two alternate, so that a machine whose load drifts weighs on
// both alike; the figure is the ratio of their medians (docs/performance.md, "Startup").
//   npm run startup-time -- [--runs 20] [--command "--version"]
// Runs the installed CLI's entry point (bin/loadgate.js), so it measures dist/ as `npm run bundle`
// last wrote it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    command: { type: 'string', default: '--version' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a whole number of at least 1, got "${values.runs}"`);

const bin = fileURLToPath(new URL('../bin/loadgate.js', import.meta.url));
const cases = {
  'node -e 0': ['-e', '0'],
  [`loadgate ${values.command}`]: [bin, ...values.command.split(' ')],
};

/** Milliseconds from spawn to exit; a run that fails stops the measurement (its time would mean nothing). */
function timeOnce(args: string[]): number {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} exited ${child.status}: ${child.stderr.toString()}`);
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const times = new Map(Object.keys(cases).map((name) => [name, [] as number[]]));
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(cases)) times.get(name)!.push(timeOnce(args));
}
const [base, cli] = [...times.values()].map(median) as [number, number];
for (const [name, ms] of times) {
  console.log(
    `${name.padEnd(24)} median ${median(ms).toFixed(0).padStart(5)} ms   min ${Math.min(...ms)
      .toFixed(0)
      .padStart(5)} ms   (${runs} runs)`,
  );
}
console.log(`ratio ${(cli / base).toFixed(2)}× (medians)`);
