// The CLI's process edge: arguments, signals, streams and the exit code.
import { asksVersion, VERSION } from './version.ts';

// `--version` is answered before the commands' modules are read: the dynamic import makes ncc
// put them in chunks of their own, which only a command loads (docs/development.md).
if (asksVersion(process.argv.slice(2))) {
  process.stdout.write(`${VERSION}\n`);
} else {
  await runCli();
}

async function runCli(): Promise<void> {
  const { cli } = await import('./cli.ts');
  // First signal: stop, wait briefly for the requests in flight, write the partial results.
  // Second: abandon the requests in flight and write what is there now (docs/verdict.md).
  const controller = new AbortController();
  const force = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!controller.signal.aborted) {
        process.stderr.write(`\nloadgate: ${signal}: stopping; partial results follow (again to stop at once)…\n`);
        controller.abort(signal);
      } else if (!force.signal.aborted) {
        process.stderr.write(`\nloadgate: ${signal} again: stopping at once, writing what ran so far…\n`);
        force.abort(signal);
      }
    });
  }
  const isTTY = Boolean(process.stdout.isTTY);
  process.exitCode = await cli(process.argv.slice(2), {
    out: (text) => process.stdout.write(isTTY && text.startsWith('\r') ? text : `${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    isTTY,
    signal: controller.signal,
    forceSignal: force.signal,
  });
}
