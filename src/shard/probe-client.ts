// `loadgate shard --server URL --latency ID`: a latency probe's pod (docs/kubernetes.md,
// "Latency tests"). It asks what to measure, measures its one location directly from where it
// runs (the location's nodes), and posts the figures back. Exit 0 once they are delivered.
import { runLatency } from '../latency/run.ts';
import type { LocationLatency } from '../types.ts';
import { type Callee, call, type ShardIo } from './call.ts';
import type { ProbeDelivery, ProbeRequest } from './protocol.ts';

export async function runProbe(me: Callee, io: ShardIo): Promise<number> {
  const request = await call<ProbeRequest>(me, 'GET', 'latency');
  const { code, name } = request.location;
  const measured = await runLatency(request.target, [{ code, name }], {
    samples: request.samples,
    timeoutMs: request.timeout_ms,
    budgetMs: request.budget_ms,
    ...(io.signal && { signal: io.signal }),
  });
  const latency: LocationLatency = measured.locations[code]!;
  const delivery: ProbeDelivery = { latency };
  await call(me, 'POST', 'latency', delivery);
  io.out(`latency ${code}: ${latency.samples} sample(s) delivered`);
  return 0;
}
