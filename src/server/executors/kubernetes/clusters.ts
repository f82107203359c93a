// Which API server and namespace a location's objects go to: the executor's kubeconfig context
// (--kube-context, else the current one) and --namespace, unless the location names a context of
// its own (`--location JP=context:tokyo`, another cluster) or a namespace. One client pair per
// context, made once.
import { BatchV1Api, CoreV1Api, KubeConfig, Watch } from '@kubernetes/client-node';
import { InputError } from '../../../errors.ts';
import type { KubeLocation } from './locations.ts';

export interface ClusterApi {
  batch: BatchV1Api;
  core: CoreV1Api;
  watch: Watch;
}

/** Where one location's Jobs and Secrets live. */
export interface Placement {
  api: ClusterApi;
  /** The context's name; '' for the executor's own. */
  context: string;
  namespace: string;
}

export interface ClusterSettings {
  /** A kubeconfig file; absent: the pod's service account when in a cluster, else the default kubeconfig. */
  kubeconfig?: string;
  context?: string;
  namespace: string;
  locations: Record<string, KubeLocation>;
}

export function kubeConfigOf(settings: Pick<ClusterSettings, 'kubeconfig' | 'context'>): KubeConfig {
  const kc = new KubeConfig();
  if (settings.kubeconfig) kc.loadFromFile(settings.kubeconfig);
  else kc.loadFromDefault();
  if (settings.context) kc.setCurrentContext(settings.context);
  return kc;
}

export interface Clusters {
  placeOf(location: string): Placement;
  /** The distinct (context, namespace) pairs the locations use, each once. */
  placesOf(locations: readonly string[]): Placement[];
}

/** Whether two locations' objects go to one namespace of one cluster. */
export function samePlace(a: Placement, b: Placement): boolean {
  return a.context === b.context && a.namespace === b.namespace;
}

/** Refuses, before any test, a location whose context the kubeconfig does not have. */
export function clusters(settings: ClusterSettings): Clusters {
  const own = kubeConfigOf(settings);
  const missing = Object.entries(settings.locations).filter(([, l]) => l.context !== undefined && !own.getContextObject(l.context));
  if (missing.length > 0) {
    const known = own.getContexts().map((c) => c.name);
    throw new InputError(
      missing.map(([code, l]) => ({
        path: '--location',
        message: `${code}=context:${l.context}: the kubeconfig has no such context (it has ${known.join(', ') || 'none'})`,
      })),
    );
  }
  const apis = new Map<string, ClusterApi>();
  const apiOf = (context: string): ClusterApi => {
    let api = apis.get(context);
    if (!api) {
      const kc = context === '' ? own : kubeConfigOf({ ...settings, context });
      api = { batch: kc.makeApiClient(BatchV1Api), core: kc.makeApiClient(CoreV1Api), watch: new Watch(kc) };
      apis.set(context, api);
    }
    return api;
  };
  const placeOf = (location: string): Placement => {
    const rule = settings.locations[location];
    const context = rule?.context ?? '';
    return { api: apiOf(context), context, namespace: rule?.namespace ?? settings.namespace };
  };
  return {
    placeOf,
    placesOf: (locations) => {
      const places = new Map(locations.map(placeOf).map((p) => [`${p.context}\0${p.namespace}`, p]));
      return [...places.values()];
    },
  };
}

/** A delete of something already gone (a finished Job's TTL, a second cleanup) is not an error. */
export async function ignoreNotFound(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if ((error as { code?: number }).code !== 404) throw error;
  }
}

/** A Kubernetes API error as a sentence: its status code, reason and message (never the response's headers). */
export function apiErrorText(error: unknown): string {
  const { code, body, cause } = error as { code?: unknown; body?: unknown; cause?: { code?: unknown; message?: unknown } };
  // undici's `fetch failed` says nothing by itself: the socket's error is its cause (ECONNREFUSED, ECONNRESET …).
  if (typeof code !== 'number' && typeof cause?.code === 'string')
    return `no answer from the Kubernetes API: ${cause.code}${typeof cause.message === 'string' ? ` (${cause.message})` : ''}`;
  if (typeof code !== 'number') return (error as Error).message ?? String(error);
  const status = parseStatus(body);
  const reason = status.reason ? ` ${status.reason}` : '';
  return `the Kubernetes API answered ${code}${reason}${status.message ? `: ${status.message}` : ''}`;
}

/** The `Status` object the API answers errors with (a JSON string in the client's error), as far as it is one. */
function parseStatus(body: unknown): { reason?: string; message?: string } {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null) return {};
  const { reason, message } = value as { reason?: unknown; message?: unknown };
  return { ...(typeof reason === 'string' && { reason }), ...(typeof message === 'string' && { message }) };
}
