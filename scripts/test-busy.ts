// `npm run test:busy`: the whole suite (vitest, every file, nothing retried or skipped) beside two
// CPU hogs, as on a runner shared with other work (docs/development.md). The hogs are this Node
// running `for(;;)` until a deadline of their own (HOG_LIMIT_MS), so they end even if this script
// is killed; they are stopped as soon as the suite ends, and on Ctrl-C or SIGTERM. The exit code
// is vitest's.
//   npm run test:busy -- [vitest arguments, e.g. a file to run beside the hogs]
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HOGS = 2;
/** A hog stops by itself after this long, whatever happens to this script: a suite takes about 10 minutes beside them. */
const HOG_LIMIT_MS = 40 * 60 * 1000;

function startHog(): ChildProcess {
  const code = `const end = Date.now() + ${HOG_LIMIT_MS}; for (;;) if (Date.now() > end) process.exit(0);`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

const hogs = Array.from({ length: HOGS }, startHog);
const stopHogs = (): void => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const started = performance.now();
console.log(`test:busy: ${HOGS} CPU hogs (pids ${hogs.map((h) => h.pid).join(', ')}) beside the whole suite`);
const suite = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    suite.kill(signal);
  });
}
suite.on('exit', (code, signal) => {
  stopHogs();
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`test:busy: the suite ${code === 0 ? 'passed' : 'failed'} beside ${HOGS} CPU hogs in ${minutes} min`);
  process.exit(code ?? (signal === 'SIGINT' ? 130 : 143));
});
