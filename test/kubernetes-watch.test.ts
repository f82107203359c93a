// The Kubernetes executor follows its Jobs with watch streams (src/server/executors/kubernetes/
// watch.ts): a change Kubernetes makes reaches the coordinator as an event, not at the next poll.
// Here every index fails for good at once (its pod exits with the bad-plan code, which the Job's
// podFailurePolicy turns into a failed index) while the barrier's tick is an hour apart: only the
// watch can tell the executor, and the test ends when it does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { prepare } from '../src/server/definition.ts';
import { kubernetesExecutor } from '../src/server/executors/kubernetes/executor.ts';
import { ShardRegistry } from '../src/server/shards/registry.ts';
import { Store } from '../src/server/store.ts';
import type { ConfigData } from '../src/types.ts';
import { startKubeStandIn, type KubeStandIn } from './helpers/kube-standin.ts';

const HOUR_MS = 3_600_000;
let dir: string;
let store: Store;
let kube: KubeStandIn;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'loadgate-kube-watch-'));
  store = new Store(join(dir, 'db.sqlite'));
  // Each pod's process exits 2 at once: the plan "cannot run", so its index fails without a retry.
  kube = await startKubeStandIn({ processFor: () => ({ file: process.execPath, args: ['-e', 'process.exit(2)'] }) });
});

afterEach(async () => {
  await kube.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The test's row, which the shard tables refer to. */
function storeTest(id: string, config: ConfigData): void {
  const at = new Date().toISOString();
  const test = { id, name: 'w', status: 'running' as const, test_url: '', failure_reason: null, plan_id: id, created_at: at };
  store.createTest(
    { id, name: 'w', config_data: config, created_at: at },
    { ...test, started_at: at, finished_at: null, environment_id: null, environment: null, test_data_ids: [] },
    config,
  );
}

describe('the Kubernetes executor follows its Jobs', () => {
  it('hears of failed indexes from the watch stream, without waiting for a poll', async () => {
    const logs: string[] = [];
    const executor = kubernetesExecutor({
      kubeconfig: kube.kubeconfigPath,
      namespace: 'default',
      image: 'loadgate:test',
      callbackUrl: () => 'http://127.0.0.1:9',
      ratePerPod: 1000,
      shards: 2,
      locations: {},
      barrierMs: HOUR_MS,
      backoffLimitPerIndex: 3,
      stopGraceMs: HOUR_MS,
      tickMs: HOUR_MS,
      resyncMs: HOUR_MS,
      store,
      registry: new ShardRegistry(),
      log: (line) => logs.push(line),
    });
    const checked = validateDefinition({ name: 'w', config_data: { steps: [{ id: 1, name: 's', url: 'http://127.0.0.1:9/' }] } }, 't.json');
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const testId = '00000000-0000-4000-8000-0000000000aa';
    storeTest(testId, checked.definition.config_data);
    const executed = await executor.run({
      testId,
      testUrl: 'http://127.0.0.1:9/report/',
      test: await prepare(checked.definition, dir),
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    // Both indexes settled as failed: nothing delivered, all of it missing.
    expect(executed.result, logs.join('\n')).toBeUndefined();
    expect(executed.incomplete).toMatch(/^incomplete: /);
    const watches = kube.requests.filter((r) => r.path === '/apis/batch/v1/namespaces/default/jobs' && r.query.watch === 'true');
    expect(watches.length).toBeGreaterThanOrEqual(1);
    // The watch resumes from the list it follows.
    expect(watches[0]!.query.resourceVersion).toMatch(/^\d+$/);
    expect(kube.jobs()).toHaveLength(0);
  });
});
