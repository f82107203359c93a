// The CLI's process edge: arguments, signals, streams and the exit code.
import '../action/node-guard.ts';
import { asksVersion, VERSION } from '../version.ts';

// `--version` is answered before the commands' modules are read: the dynamic import makes ncc
// put them in chunks of their own, which only a command loads (docs/development.md).
if (asksVersion(process.argv.slice(2))) {
  process.stdout.write(`${VERSION}\n`);
} else {
  await runCli();
}

async function runCli(): Promise<void> {
  const { cli, lineStreams } = await import('./cli.ts');
  // First signal: stop, aborting the requests in flight, and write the partial results. Second:
  // exit now, without them, for a stop that waits on something else (a hosted service that does
  // not answer its stop, say; docs/verdict.md). The first notice promises no output: with --quiet
  // the results file is all that is written, and the summary, when there is one, says itself
  // that the results are partial.
  const controller = new AbortController();
  const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
  const streams = lineStreams(process.stdout, process.stderr);
  // Every line of serve's log starts with its time (docs/server.md): this one too.
  const stamp = () => (process.argv[2] === 'serve' ? `${new Date().toISOString()} ` : '');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!controller.signal.aborted) {
        streams.err(`${stamp()}loadgate: ${signal}: stopping (again to exit without the results)…`);
        controller.abort(signal);
      } else {
        streams.err(`${stamp()}loadgate: ${signal} again: exiting without the results`);
        process.exit(EXIT_CODES[signal]);
      }
    });
  }
  process.exitCode = await cli(process.argv.slice(2), {
    ...streams,
    isTTY: Boolean(process.stdout.isTTY),
    errIsTTY: Boolean(process.stderr.isTTY),
    signal: controller.signal,
  });
}
