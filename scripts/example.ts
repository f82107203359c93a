// `npm run example`: starts the demo shop on loopback and load-tests it through the CLI, with
// the shop's address as the environment's BASE. No other set-up.
import { startDemoTarget } from '../examples/demo-target.ts';
import { runExample } from './example-run.ts';

await runExample(await startDemoTarget(), {
  label: 'demo target',
  definition: 'shop.json',
  vars: [{ key: 'QUANTITY', value: 2 }],
  thresholds: ['p95 < 250ms', 'http_fail_rate < 1%', 'step[order].p99 < 500ms'],
});
