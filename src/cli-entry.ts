// The CLI's process edge: arguments, signals, streams and the exit code.
import { cli, lineStreams } from './cli.ts';

// First signal: stop, wait briefly for the requests in flight, write the partial results.
// Second: abandon the requests in flight and write what is there now (docs/verdict.md).
// The notice promises no output: with --quiet the results file is all that is written, and the
// summary, when there is one, says itself that the results are partial.
const controller = new AbortController();
const force = new AbortController();
const streams = lineStreams(process.stdout, process.stderr);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!controller.signal.aborted) {
      streams.err(`loadgate: ${signal}: stopping (again to stop at once)…`);
      controller.abort(signal);
    } else if (!force.signal.aborted) {
      streams.err(`loadgate: ${signal} again: stopping at once, writing what ran so far…`);
      force.abort(signal);
    }
  });
}
process.exitCode = await cli(process.argv.slice(2), {
  ...streams,
  isTTY: Boolean(process.stdout.isTTY),
  errIsTTY: Boolean(process.stderr.isTTY),
  signal: controller.signal,
  forceSignal: force.signal,
});
