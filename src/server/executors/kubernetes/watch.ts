// Follows a test's Jobs as Kubernetes changes them, instead of asking every second: a list, then
// a watch from the list's resourceVersion (watch=true, one `{type, object}` line per change).
// When the stream ends (the API server closes watches after a while, a 410 Gone, a network
// error, or the client's own 30 s without data) the follower lists again and watches from there,
// so no change is missed for long: the list is the resync. A Job can go while nobody watches
// (deleted by hand or by its TTL while the server was down): each list says which Jobs exist,
// so its absence is noticed as a DELETED event would be.
import type { V1Job } from '@kubernetes/client-node';
import { apiErrorText, type Placement } from './clusters.ts';
import { backoffMs, type RetryPolicy, withRetry } from './retry.ts';

/** How long one list is retried before the follower logs it and starts over (after a backoff). */
const LIST_DEADLINE_MS = 60_000;

export interface JobFollower {
  stop(): void;
}

export interface FollowSettings {
  labelSelector: string;
  /** Called with every Job the list or the watch reports (added or modified). */
  onJob: (job: V1Job) => void;
  /** Called with the names of the Jobs a list found (the whole set matching the selector in this namespace). */
  onList: (names: Set<string>) => void;
  /** Called with a Job the watch reports deleted. */
  onDeleted: (job: V1Job) => void;
  /** How long to wait before listing and watching again after a stream ended. */
  resyncMs: number;
  /** The lists' retries, and the backoff after streams that failed one after the other (retry.ts). */
  retry: RetryPolicy;
  log: (line: string) => void;
}

export function followJobs(place: Placement, settings: FollowSettings): JobFollower {
  const { api, namespace } = place;
  const { labelSelector, onJob, onDeleted } = settings;
  let stopped = false;
  const stopping = new AbortController();
  let stream: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Cycles in a row whose list or stream failed: the next waits longer (capped exponential backoff), not resyncMs again and again. */
  let failures = 0;
  const again = (failed: boolean): void => {
    failures = failed ? failures + 1 : 0;
    const delayMs = failed ? Math.max(settings.resyncMs, backoffMs(settings.retry, failures - 1)) : settings.resyncMs;
    if (!stopped) timer = setTimeout(() => void cycle(), delayMs);
  };
  async function cycle(): Promise<void> {
    try {
      const op = { what: `list Jobs in ${namespace}`, deadlineMs: LIST_DEADLINE_MS, log: settings.log, signal: stopping.signal };
      const list = await withRetry(settings.retry, op, () => api.batch.listNamespacedJob({ namespace, labelSelector }));
      for (const job of list.items) onJob(job);
      settings.onList(new Set(list.items.map((job) => job.metadata?.name ?? '')));
      if (stopped) return;
      const query = { labelSelector, resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: true };
      /** Set by an ERROR event, whose line is the one this stream's end gets. */
      let ended = false;
      stream = await api.watch.watch(
        `/apis/batch/v1/namespaces/${encodeURIComponent(namespace)}/jobs`,
        query,
        (type: string, object: V1Job) => {
          if (type === 'ADDED' || type === 'MODIFIED') onJob(object);
          else if (type === 'DELETED') onDeleted(object);
          else if (type === 'ERROR' && !ended) {
            // The object is a Status (410 Gone: the resourceVersion is too old): this stream is over.
            ended = true;
            if (!stopped) settings.log(`watching Jobs in ${namespace}: ${statusLine(object)}; listing them again`);
            stream?.abort();
          }
        },
        (error: unknown) => {
          // A quiet stream ends after the client's 30 s without data: the ordinary resync, not worth a line.
          const quiet = (error as Error | null)?.name === 'TimeoutError';
          if (error && !quiet && !ended && !stopped)
            settings.log(`watching Jobs in ${namespace}: ${(error as Error).message}; listing them again`);
          again(Boolean(error) && !quiet);
        },
      );
      if (stopped) stream.abort();
    } catch (error) {
      if (!stopped) settings.log(`listing Jobs in ${namespace}: ${apiErrorText(error)}; trying again`);
      again(true);
    }
  }
  void cycle();
  return {
    stop: () => {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      stream?.abort();
    },
  };
}

/** An ERROR event's Status: `ERROR 410 Expired: too old resource version: 1 (5)`. */
function statusLine(object: unknown): string {
  const status = (object ?? {}) as { code?: unknown; reason?: unknown; message?: unknown };
  return ['ERROR', status.code, status.reason && `${String(status.reason)}:`, status.message]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
}
