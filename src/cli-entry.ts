// The CLI's process edge: arguments, signals, streams and the exit code.
import { cli } from './cli.ts';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\nloadgate: ${signal}: stopping, waiting for requests in flight…\n`);
    controller.abort();
  });
}
const isTTY = Boolean(process.stdout.isTTY);
process.exitCode = await cli(process.argv.slice(2), {
  out: (text) => process.stdout.write(isTTY && text.startsWith('\r') ? text : `${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTTY,
  signal: controller.signal,
});
