// The local executor: the engine's threads in the server's own process (docs/engine.md).
import type { WorkersSetting } from '../../engine/worker-count.ts';
import { measureDefinition } from '../../pipeline/measure.ts';
import type { Executor } from './executor.ts';

export interface LocalSettings {
  /** Absent: the engine's default (docs/engine.md). */
  concurrency?: number;
  /** Engine threads per test; absent: auto. */
  workers?: WorkersSetting;
  /** Country code → proxy URL (locations: docs/engine.md). */
  proxies: Record<string, string>;
  log: (line: string) => void;
}

export function localExecutor(settings: LocalSettings): Executor {
  return {
    run: async ({ test, signal, testUrl, onProgress }) => {
      const log = settings.log;
      const { result } = await measureDefinition(test, {
        embedded: { concurrency: settings.concurrency, insecure: false, proxies: settings.proxies, signal, testUrl, onSecond: onProgress },
        workers: settings.workers ?? 'auto',
      }, { info: log, warn: log });
      return result;
    },
  };
}
