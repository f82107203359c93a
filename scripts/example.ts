// `npm run example`: starts the demo shop on loopback and load-tests it through the CLI, with
// the shop's address as the environment's BASE. No other set-up.
import { fileURLToPath } from 'node:url';
import { startDemoTarget } from '../examples/demo-target.ts';
import { cli } from '../src/cli/cli.ts';

const target = await startDemoTarget();
console.log(`demo target: ${target.url}`);
const environment = JSON.stringify({
  name: 'demo',
  vars: [
    { key: 'BASE', value: target.url },
    { key: 'QUANTITY', value: 2 },
  ],
});
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
try {
  process.exitCode = await cli(
    [
      'run',
      fileURLToPath(new URL('../examples/shop.json', import.meta.url)),
      '--environment',
      environment,
      '--results-file',
      'loadgate-results.json',
      '--thresholds',
      'p95 < 250ms',
      '--thresholds',
      'http_fail_rate < 1%',
      '--thresholds',
      'step[order].p99 < 500ms',
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
