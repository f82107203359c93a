// `npm run example:chat`: starts the demo chat-completion API (tokens streamed as server-sent
// events) on loopback and load-tests it through the CLI, gating on the time to the first token
// and the gaps between tokens (docs/streaming.md). No other set-up.
import { startChatTarget } from '../examples/chat-target.ts';
import { runExample } from './example-run.ts';

await runExample(await startChatTarget(), {
  label: 'chat target',
  definition: 'chat.json',
  thresholds: ['first_event.p95 < 2s', 'step[complete].gap.p99 < 1s', 'http_fail_rate < 1%'],
});
