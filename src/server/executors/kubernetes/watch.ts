// Follows a test's Jobs as Kubernetes changes them, instead of asking every second: a list, then
// a watch from the list's resourceVersion (watch=true, one `{type, object}` line per change).
// When the stream ends (the API server closes watches after a while, a 410 Gone, a network
// error, or the client's own 30 s without data) the follower lists again and watches from there,
// so no change is missed for long: the list is the resync.
import type { V1Job } from '@kubernetes/client-node';
import type { Placement } from './clusters.ts';

export interface JobFollower {
  stop(): void;
}

export interface FollowSettings {
  labelSelector: string;
  /** Called with every Job the list or the watch reports (added or modified). */
  onJob: (job: V1Job) => void;
  /** How long to wait before listing and watching again after a stream ended. */
  resyncMs: number;
  log: (line: string) => void;
}

export function followJobs(place: Placement, settings: FollowSettings): JobFollower {
  const { api, namespace } = place;
  const { labelSelector, onJob } = settings;
  let stopped = false;
  let stream: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  const again = (): void => {
    if (!stopped) timer = setTimeout(() => void cycle(), settings.resyncMs);
  };
  async function cycle(): Promise<void> {
    try {
      const list = await api.batch.listNamespacedJob({ namespace, labelSelector });
      for (const job of list.items) onJob(job);
      if (stopped) return;
      const query = { labelSelector, resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: true };
      stream = await api.watch.watch(
        `/apis/batch/v1/namespaces/${encodeURIComponent(namespace)}/jobs`,
        query,
        (type: string, object: V1Job) => {
          if (type === 'ADDED' || type === 'MODIFIED') onJob(object);
        },
        (error: unknown) => {
          // A quiet stream ends after the client's 30 s without data: the ordinary resync, not worth a line.
          const quiet = (error as Error | null)?.name === 'TimeoutError';
          if (error && !quiet && !stopped) settings.log(`watching Jobs in ${namespace}: ${(error as Error).message}; listing them again`);
          again();
        },
      );
      if (stopped) stream.abort();
    } catch (error) {
      if (!stopped) settings.log(`listing Jobs in ${namespace}: ${(error as Error).message}; trying again`);
      again();
    }
  }
  void cycle();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      stream?.abort();
    },
  };
}
