// The local executor: the engine's threads in the server's own process (docs/engine.md).
import type { SecondSample } from '../../types.ts';
import type { WorkersSetting } from '../../engine/worker-count.ts';
import { measureDefinition } from '../../pipeline/measure.ts';
import { addSecond, NO_PROGRESS } from '../progress.ts';
import type { Executor } from './executor.ts';

export interface LocalSettings {
  /** Absent: the engine's default (docs/engine.md). */
  concurrency?: number;
  /** Engine threads per test; absent: auto. */
  workers?: WorkersSetting;
  /** How long a stop waits for the engine's threads before it ends them (ms); absent: STOP_DEADLINE_MS. */
  stopDeadlineMs?: number;
  /** What a step's checks read of a body, at most (bytes); absent: DEFAULT_CHECK_BODY_BYTES. */
  checkBodyBytes?: number;
  /** Country code → proxy URL (locations: docs/engine.md). */
  proxies: Record<string, string>;
  log: (line: string) => void;
}

export function localExecutor(settings: LocalSettings): Executor {
  return {
    run: async ({ test, signal, testUrl, onProgress }) => {
      const log = settings.log;
      let progress = NO_PROGRESS;
      const onSecond = (sample: SecondSample) => onProgress((progress = addSecond(progress, sample)));
      const { result } = await measureDefinition(
        test,
        {
          embedded: {
            concurrency: settings.concurrency,
            insecure: false,
            proxies: settings.proxies,
            signal,
            testUrl,
            onSecond,
            ...(settings.stopDeadlineMs !== undefined && { stopDeadlineMs: settings.stopDeadlineMs }),
            ...(settings.checkBodyBytes !== undefined && { checkBodyBytes: settings.checkBodyBytes }),
          },
          workers: settings.workers ?? 'auto',
        },
        { info: log, warn: log },
      );
      return { result };
    },
  };
}
