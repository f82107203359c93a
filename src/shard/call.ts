// A pod's calls home (docs/kubernetes.md, "Protocol"): the shard's and the latency probe's, one
// retrying client for both, apart from either so that neither imports the other.
import { isRecord } from '../json.ts';
import { SHARD_CALLS, SHARD_ROUTE_PREFIX, type ShardCall } from './protocol.ts';

export interface ShardIo {
  out: (text: string) => void;
  err: (text: string) => void;
  signal?: AbortSignal;
  env: Record<string, string | undefined>;
}

/** Where a pod calls home: the server, the test (or probe) id and its token. */
export interface Callee {
  server: string;
  test: string;
  token: string;
}

/** Network errors and 5xx answers are retried this many times, waiting 0.5 s, 1 s, 2 s… (about two minutes in all: a server restart) */
const RETRIES = 8;

export class CallbackError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** One callback, retried on network errors and 5xx; other answers are final. */
export async function call<T>(me: Callee, method: 'GET' | 'POST', to: ShardCall, body?: unknown, query = ''): Promise<T> {
  const path = `${SHARD_CALLS[to]}${query}`;
  const url = `${me.server}${SHARD_ROUTE_PREFIX}${encodeURIComponent(me.test)}/${path}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${me.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const answer: unknown = await response.json().catch(() => undefined);
      if (response.ok || response.status === 409) return answer as T;
      const message = isRecord(answer) && isRecord(answer.error) ? String(answer.error.message) : response.statusText;
      if (response.status < 500 || attempt >= RETRIES)
        throw new CallbackError(response.status, `${method} ${path}: ${response.status} ${message}`);
    } catch (error) {
      if (error instanceof CallbackError || attempt >= RETRIES) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
  }
}
