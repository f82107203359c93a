// `npm run example:chat`: starts the demo chat-completion API (tokens streamed as server-sent
// events) on loopback and load-tests it through the CLI, gating on the time to the first token
// and the gaps between tokens (docs/streaming.md). No other set-up.
import { fileURLToPath } from 'node:url';
import { startChatTarget } from '../examples/chat-target.ts';
import { cli } from '../src/cli/cli.ts';

const target = await startChatTarget();
console.log(`chat target: ${target.url}`);
const environment = JSON.stringify({ name: 'demo', vars: [{ key: 'BASE', value: target.url }] });
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
try {
  process.exitCode = await cli(
    [
      'run',
      fileURLToPath(new URL('../examples/chat.json', import.meta.url)),
      '--environment',
      environment,
      '--results-file',
      'loadgate-results.json',
      '--thresholds',
      'first_event.p95 < 2s',
      '--thresholds',
      'step[complete].gap.p99 < 1s',
      '--thresholds',
      'http_fail_rate < 1%',
    ],
    {
      out: (text) => process.stdout.write(text.startsWith('\r') ? text : `${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
      isTTY: Boolean(process.stdout.isTTY),
      signal: controller.signal,
    },
  );
} finally {
  await target.close();
}
