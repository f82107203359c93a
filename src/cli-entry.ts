// The CLI's process edge: arguments, signals, streams and the exit code.
import { cli } from './cli.ts';

// First signal: stop, aborting the requests in flight, and write the partial results. Second:
// exit now, without them, for a stop that waits on something else (a hosted service that does
// not answer its stop, say; docs/verdict.md).
const controller = new AbortController();
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!controller.signal.aborted) {
      process.stderr.write(`\nloadgate: ${signal}: stopping; partial results follow (again to exit without them)…\n`);
      controller.abort(signal);
    } else {
      process.stderr.write(`\nloadgate: ${signal} again: exiting without the results\n`);
      process.exit(EXIT_CODES[signal]);
    }
  });
}
const isTTY = Boolean(process.stdout.isTTY);
process.exitCode = await cli(process.argv.slice(2), {
  out: (text) => process.stdout.write(isTTY && text.startsWith('\r') ? text : `${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTTY,
  signal: controller.signal,
});
