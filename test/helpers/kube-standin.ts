// A loopback stand-in of the Kubernetes API for the real @kubernetes/client-node: HTTPS with a
// CA in a kubeconfig, bearer-token auth, the API paths the client builds for Jobs, Pods and
// Secrets (create, get, list and watch with label/field selectors, delete with
// propagationPolicy, delete collection), watch streams of `{type, object}` lines that resume
// from a resourceVersion, and `Status` bodies for errors. Behind it: a Job controller
// (kube-job-controller.ts) and a kubelet (kube-kubelet.ts) that runs each pod's container as a
// local process. What it leaves out is listed in docs/kubernetes.md ("What the tests check, and what they only simulate").
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadYaml, type V1Container, type V1Job, type V1Pod, type V1Secret } from '@kubernetes/client-node';
import { checkJob } from './kube-job-check.ts';
import { JobController, type Propagation } from './kube-job-controller.ts';
import { Kubelet, type StandInNode } from './kube-kubelet.ts';
import {
  alreadyExists,
  failure,
  invalid,
  KubeStore,
  matches,
  notFound,
  parseFieldSelector,
  parseLabelSelector,
  qualified,
  RESOURCES,
  type ApiStatus,
  type Filter,
  type Resource,
  type Stored,
  type WireJob,
  type WirePod,
  type WireSecret,
} from './kube-store.ts';
import { selfSignedCert } from './tls.ts';

export interface KubeStandInOptions {
  /** A pod's container → the local process to start. Default: command[0] 'loadgate' becomes
   *  [process.execPath, <repo>/src/cli/entry.ts, ...command.slice(1), ...args]. */
  processFor?: (container: V1Container) => { file: string; args: string[] };
  /** Nodes and their labels: a pod whose nodeSelector matches none stays Pending (default one node, no labels beyond kubernetes.io/hostname). */
  nodes?: StandInNode[];
  /** Extra environment for every started process. */
  env?: Record<string, string>;
}

export interface RecordedKubeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface KubeStandIn {
  /** https://127.0.0.1:PORT (its certificate's CA is in the kubeconfig). */
  url: string;
  /** cluster server=url with its CA, a user with a bearer token, context 'standin' current. */
  kubeconfigPath: string;
  jobs(namespace?: string): V1Job[];
  pods(namespace?: string): V1Pod[];
  /** Every pod created so far, as it was created (deleted ones included): what a count of replacements needs. */
  createdPods(): V1Pod[];
  secrets(namespace?: string): V1Secret[];
  requests: RecordedKubeRequest[];
  /** Output of a pod's process so far (stdout+stderr). */
  logs(podName: string): string;
  /** Kill a running pod's process (the test's kill -9); the pod then ends Failed with exit 128 + signal. */
  killPod(podName: string, signal?: NodeJS.Signals): void;
  /**
   * Evict a pod as a node drain or preemption would: DisruptionTarget condition, then graceful
   * deletion (graceSeconds 0: SIGKILL at once, as kubelet pressure or a lost node ends a pod).
   */
  evictPod(podName: string, graceSeconds?: number): void;
  /** A node joins the cluster: pods waiting for one that matches start now. */
  addNode(node: StandInNode): void;
  /** Resolves once predicate() is true (re-checked on every state change); rejects after timeoutMs. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Ends every open watch stream, as an API server does after its watch timeout. */
  endWatches(): void;
  /**
   * The next `times` requests with this method whose path matches get this error Status instead
   * of an answer (a quota, an API server briefly down); `retryAfter` is sent as `Retry-After`
   * (API Priority and Fairness answers 429 with one).
   */
  failNext(
    method: string,
    path: RegExp,
    status: { code: number; reason: string; message: string; retryAfter?: string },
    times?: number,
    /** Matching requests let through first (`1`: the second create fails). */
    skip?: number,
  ): void;
  /** From now on every nth request (of any kind, watches included) has its connection reset before it is handled; 0 stops it. */
  resetEvery(n: number): void;
  /** The next request with this method whose path matches is carried out, but its answer is lost: the connection drops instead. */
  loseAnswerNext(method: string, path: RegExp): void;
  /** The API server goes away for ms: open connections are dropped and new ones refused; resolves once it listens again. */
  outage(ms: number): Promise<void>;
  /** Ends every open watch stream with an ERROR event holding a 410 Expired Status, as an API server does when the watched resourceVersion is compacted away. */
  expireWatches(): void;
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 20_000;

export async function startKubeStandIn(options: KubeStandInOptions = {}): Promise<KubeStandIn> {
  const store = new KubeStore();
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const check of [...waiters]) check();
  };
  const kubelet = new Kubelet(store, { ...options, onOutput: notify });
  const controller = new JobController(store, kubelet);
  store.subscribe((event) => {
    controller.onEvent(event);
    notify();
  });
  const token = randomBytes(24).toString('hex');
  const requests: RecordedKubeRequest[] = [];
  const watches = new Set<ServerResponse>();
  const faults: Fault[] = [];
  const api = new ApiHandler(store, controller, kubelet, watches, faults);
  let outageTimer: NodeJS.Timeout | undefined;
  const tls = selfSignedCert();
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    void api.serve(req, res, token, requests).catch((error: unknown) => send(res, 500, failure(500, 'InternalError', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'loadgate-kube-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeFileSync(kubeconfigPath, kubeconfig(url, tls.cert, token), { mode: 0o600 });

  const podNamed = (name: string): WirePod => {
    const pod = store.list('pods').find((p) => p.metadata?.name === name);
    if (!pod)
      throw new Error(
        `no pod named ${name}; pods: ${
          store
            .list('pods')
            .map((p) => p.metadata?.name)
            .join(', ') || 'none'
        }`,
      );
    return pod;
  };
  return {
    url,
    kubeconfigPath,
    jobs: (namespace) => store.list('jobs', namespace).map((o) => typed<V1Job>(o)),
    pods: (namespace) => store.list('pods', namespace).map((o) => typed<V1Pod>(o)),
    createdPods: () => store.history.filter((e) => e.resource === 'pods' && e.type === 'ADDED').map((e) => typed<V1Pod>(e.object)),
    secrets: (namespace) => store.list('secrets', namespace).map((o) => typed<V1Secret>(o)),
    requests,
    logs: (podName) => kubelet.logs(podName),
    killPod: (podName, signal = 'SIGKILL') => kubelet.kill(podNamed(podName), signal),
    evictPod: (podName, graceSeconds) => api.evict(podNamed(podName), graceSeconds),
    addNode: (node) => kubelet.addNode(node),
    waitFor: (predicate, timeoutMs = DEFAULT_WAIT_MS) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (!predicate()) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waitFor: not true after ${timeoutMs} ms; ${summary(store)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    endWatches: () => {
      for (const res of watches) res.end();
    },
    failNext: (method, path, status, times = 1, skip = 0) => {
      faults.push({ method, path, status, left: times, skip });
    },
    resetEvery: (n) => {
      api.resetEvery = n;
    },
    loseAnswerNext: (method, path) => {
      api.lose.push({ method, path });
    },
    outage: (ms) =>
      new Promise<void>((resolve) => {
        const { port } = server.address() as AddressInfo;
        server.close();
        server.closeAllConnections();
        outageTimer = setTimeout(() => {
          outageTimer = undefined;
          server.listen(port, '127.0.0.1', () => resolve());
        }, ms);
      }),
    expireWatches: () => {
      const status = {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'too old resource version: 1 (2)',
        reason: 'Expired',
        code: 410,
      };
      for (const res of watches) res.end(`${JSON.stringify({ type: 'ERROR', object: status })}\n`);
    },
    close: async () => {
      controller.stop();
      clearTimeout(outageTimer);
      for (const res of watches) res.end();
      await kubelet.stopAll();
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The client's own model (timestamps as Date), through its own deserializer. */
function typed<T>(object: Stored): T {
  return loadYaml<T>(JSON.stringify(object));
}

function summary(store: KubeStore): string {
  const jobs = store.list('jobs').map((j) => `${j.metadata?.name} ${JSON.stringify(j.status ?? {})}`);
  const pods = store.list('pods').map((p) => {
    const why = p.status?.containerStatuses?.[0]?.state?.waiting?.reason ?? p.status?.conditions?.find((c) => c.status === 'False')?.reason;
    return `${p.metadata?.name} ${p.status?.phase}${why ? ` (${why})` : ''}${p.metadata?.deletionTimestamp ? ' (terminating)' : ''}`;
  });
  return `jobs: ${jobs.join('; ') || 'none'}; pods: ${pods.join(', ') || 'none'}`;
}

function kubeconfig(url: string, caCert: string, token: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '  - name: standin',
    '    cluster:',
    `      server: ${url}`,
    `      certificate-authority-data: ${Buffer.from(caCert).toString('base64')}`,
    'users:',
    '  - name: standin',
    '    user:',
    `      token: ${token}`,
    'contexts:',
    '  - name: standin',
    '    context: {cluster: standin, user: standin, namespace: default}',
    'current-context: standin',
    '',
  ].join('\n');
}

/** A scripted error (KubeStandIn.failNext). */
interface Fault {
  method: string;
  path: RegExp;
  status: { code: number; reason: string; message: string; retryAfter?: string };
  left: number;
  skip: number;
}

interface Route {
  resource: Resource;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** The paths the client builds (BatchV1Api, CoreV1Api, Watch): namespaced, and across namespaces for lists. */
function routeOf(path: string): Route | undefined {
  const namespaced = /^\/(?:api\/v1|apis\/batch\/v1)\/namespaces\/([^/]+)\/(jobs|pods|secrets)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path);
  const all = /^\/(?:api\/v1|apis\/batch\/v1)\/(jobs|pods|secrets)$/.exec(path);
  const match = namespaced
    ? { namespace: namespaced[1], resource: namespaced[2], name: namespaced[3], subresource: namespaced[4] }
    : all
      ? { resource: all[1] }
      : undefined;
  if (!match) return undefined;
  const resource = match.resource as Resource;
  // Jobs live in batch/v1, pods and secrets in the core group: the wrong prefix is a 404.
  if (path.startsWith('/apis/batch/v1/') !== (resource === 'jobs')) return undefined;
  const decode = (s: string | undefined): string | undefined => (s === undefined ? undefined : decodeURIComponent(s));
  return { resource, namespace: decode(match.namespace), name: decode(match.name), subresource: match.subresource };
}

class ApiHandler {
  private readonly store: KubeStore;
  private readonly controller: JobController;
  private readonly kubelet: Kubelet;
  private readonly watches: Set<ServerResponse>;

  private readonly faults: Fault[];
  /** Every nth request is reset (KubeStandIn.resetEvery); 0: none. */
  resetEvery = 0;
  private served = 0;
  /** Requests whose answers are lost (KubeStandIn.loseAnswerNext), each once. */
  readonly lose: Array<{ method: string; path: RegExp }> = [];

  constructor(store: KubeStore, controller: JobController, kubelet: Kubelet, watches: Set<ServerResponse>, faults: Fault[]) {
    this.store = store;
    this.controller = controller;
    this.kubelet = kubelet;
    this.watches = watches;
    this.faults = faults;
  }

  async serve(req: IncomingMessage, res: ServerResponse, token: string, requests: RecordedKubeRequest[]): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://standin');
    const query = Object.fromEntries(url.searchParams);
    const body = await readJson(req);
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query, ...(body === undefined ? {} : { body }) });
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, failure(401, 'Unauthorized', 'Unauthorized'));
    if (body instanceof SyntaxError)
      return send(res, 400, failure(400, 'BadRequest', `the body of the request was in an unknown format: ${body.message}`));
    this.served += 1;
    // A reset before anything is done: the client cannot tell whether it was.
    if (this.resetEvery > 0 && this.served % this.resetEvery === 0) return void req.socket.destroy();
    const fault = this.faults.find((f) => f.left > 0 && f.method === method && f.path.test(url.pathname));
    if (fault && fault.skip > 0) fault.skip -= 1;
    else if (fault) {
      fault.left -= 1;
      const { code, reason, message, retryAfter } = fault.status;
      return send(res, code, failure(code, reason, message), retryAfter === undefined ? {} : { 'retry-after': retryAfter });
    }
    const lost = this.lose.findIndex((l) => l.method === method && l.path.test(url.pathname));
    if (lost >= 0) {
      this.lose.splice(lost, 1);
      // Carried out, then the connection drops where the answer would go.
      res.writeHead = (() => res) as unknown as typeof res.writeHead;
      res.end = (() => {
        req.socket.destroy();
        return res;
      }) as unknown as typeof res.end;
    }
    if (url.pathname === '/version')
      return send(res, 200, { major: '1', minor: '34', gitVersion: 'v1.34.0-loadgate-standin', platform: 'linux/amd64' });
    const route = routeOf(url.pathname);
    if (!route) return send(res, 404, failure(404, 'NotFound', 'the server could not find the requested resource'));
    let filter: Filter;
    try {
      filter = {
        namespace: route.namespace,
        labels: parseLabelSelector(query.labelSelector ?? ''),
        fields: parseFieldSelector(query.fieldSelector ?? ''),
      };
    } catch (error) {
      return send(res, 400, failure(400, 'BadRequest', (error as Error).message));
    }
    if (route.name === undefined) return this.collection(req, res, method, route, filter, query, body);
    return this.item(res, method, { ...route, namespace: route.namespace ?? '', name: route.name }, query, body);
  }

  evict(pod: WirePod, graceSeconds?: number): void {
    const now = new Date().toISOString();
    const condition = {
      type: 'DisruptionTarget',
      status: 'True',
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
      lastTransitionTime: now,
    };
    pod.status = { ...pod.status, conditions: [...(pod.status?.conditions ?? []), condition] };
    this.store.modified('pods', pod);
    this.controller.deletePod(pod, graceSeconds);
  }

  private collection(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    route: Route,
    filter: Filter,
    query: Record<string, string>,
    body: unknown,
  ): void {
    const { resource, namespace } = route;
    if (method === 'GET' && (query.watch === 'true' || query.watch === '1')) return this.watch(req, res, resource, filter, query);
    if (method === 'GET') return send(res, 200, this.listOf(resource, filter));
    if (method === 'POST' && namespace !== undefined) return this.create(res, resource, namespace, body);
    if (method === 'DELETE' && namespace !== undefined) {
      for (const object of this.store.list(resource, namespace).filter((o) => matches(o, filter)))
        this.remove(resource, object, propagationOf(resource, query, body));
      return send(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 200 });
    }
    send(
      res,
      405,
      failure(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource (${method} ${resource})`),
    );
  }

  private item(
    res: ServerResponse,
    method: string,
    route: Required<Omit<Route, 'subresource'>> & { subresource?: string },
    query: Record<string, string>,
    body: unknown,
  ): void {
    const { resource, namespace, name, subresource } = route;
    const object = this.store.get(resource, namespace, name);
    if (!object) return send(res, 404, notFound(resource, name));
    if (method === 'GET' && (subresource === undefined || subresource === 'status')) return send(res, 200, object);
    if (method === 'GET' && resource === 'pods' && subresource === 'log') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end(this.kubelet.logs(name));
    }
    if (method === 'POST' && resource === 'pods' && subresource === 'eviction') {
      // The Eviction's deleteOptions (policy/v1 Eviction) carry the grace period, as a DELETE's do.
      this.evict(object as WirePod, gracePeriodOf({}, (body as { deleteOptions?: unknown } | undefined)?.deleteOptions));
      return send(res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    }
    if (method === 'DELETE' && subresource === undefined) {
      const propagation = propagationOf(resource, query, body);
      this.remove(resource, object, propagation, gracePeriodOf(query, body));
      const { group } = RESOURCES[resource];
      // Deleted at once: a Status; kept until its dependents are gone (Foreground): 202 and the object.
      if (propagation === 'Foreground' && resource === 'jobs') return send(res, 202, object);
      return send(res, 200, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Success',
        details: { name, group, kind: resource, uid: object.metadata?.uid },
      });
    }
    send(
      res,
      405,
      failure(
        405,
        'MethodNotAllowed',
        `the server does not allow this method on the requested resource (${method} ${qualified(resource, name)}${subresource ? `/${subresource}` : ''}); the stand-in simulates create, get, list, watch and delete`,
      ),
    );
  }

  private create(res: ServerResponse, resource: Resource, namespace: string, body: unknown): void {
    if (resource === 'pods')
      return send(res, 405, failure(405, 'MethodNotAllowed', 'the stand-in creates pods only through its Job controller'));
    if (typeof body !== 'object' || body === null) return send(res, 400, failure(400, 'BadRequest', 'the request body must be an object'));
    const object = structuredClone(body) as Stored;
    const { kind, apiVersion } = RESOURCES[resource];
    if ((object.kind && object.kind !== kind) || (object.apiVersion && object.apiVersion !== apiVersion)) {
      return send(
        res,
        400,
        failure(
          400,
          'BadRequest',
          `the API version in the data (${object.apiVersion}) and kind (${object.kind}) do not match ${apiVersion} ${kind}`,
        ),
      );
    }
    if (object.metadata?.namespace && object.metadata.namespace !== namespace) {
      return send(
        res,
        400,
        failure(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request'),
      );
    }
    // What the server owns is not taken from the client.
    const { uid: _uid, resourceVersion: _rv, creationTimestamp: _ct, deletionTimestamp: _dt, ...meta } = object.metadata ?? {};
    object.metadata = { ...meta };
    const name = object.metadata.name ?? object.metadata.generateName ?? '';
    if (!object.metadata.name && !object.metadata.generateName)
      return send(res, 422, invalid(resource, '', ['metadata.name: Required value: name or generateName is required']));
    const refused = resource === 'jobs' ? this.prepareJob(object as WireJob) : prepareSecret(object as WireSecret);
    if (refused)
      return send(
        res,
        refused.code,
        refused.code === 422 ? invalid(resource, name, refused.problems) : failure(400, 'BadRequest', refused.problems.join(', ')),
      );
    const created = this.store.create(
      resource,
      namespace,
      object,
      resource === 'jobs' ? (job) => JobController.selectOwnPods(job as WireJob) : undefined,
    );
    if (!created) return send(res, 409, alreadyExists(resource, name));
    send(res, 201, created);
  }

  /** Defaults, then checkJob: a type mismatch fails decoding (400), any other problem is Invalid (422). */
  private prepareJob(job: WireJob): { code: number; problems: string[] } | undefined {
    JobController.withDefaults(job);
    const problems = checkJob(job as V1Job);
    if (problems.length === 0) return undefined;
    const decoding = problems.filter((p) => /: must be (integer|number|string|boolean|object|array)\b/.test(p));
    return decoding.length > 0 ? { code: 400, problems: decoding } : { code: 422, problems };
  }

  private remove(resource: Resource, object: Stored, propagation: Propagation, graceSeconds?: number): void {
    if (resource === 'jobs') return this.controller.delete(object as WireJob, propagation);
    if (resource === 'pods') return this.controller.deletePod(object as WirePod, graceSeconds);
    this.store.remove(resource, object);
  }

  private listOf(resource: Resource, filter: Filter): object {
    const { apiVersion, kind } = RESOURCES[resource];
    // List items carry no kind or apiVersion: the list's own say what they are.
    const items = this.store
      .list(resource, filter.namespace)
      .filter((o) => matches(o, filter))
      .map(({ kind: _k, apiVersion: _a, ...rest }) => rest);
    return { apiVersion, kind: `${kind}List`, metadata: { resourceVersion: String(this.store.resourceVersion) }, items };
  }

  /**
   * A watch (API Concepts, "Efficient detection of changes"): without a resourceVersion (or "0")
   * it starts with ADDED for every object that exists; with one, it replays every change after it;
   * `sendInitialEvents=true` ends the initial ADDED events with a bookmark; `timeoutSeconds`
   * ends the stream.
   */
  private watch(req: IncomingMessage, res: ServerResponse, resource: Resource, filter: Filter, query: Record<string, string>): void {
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    // The client's watch() resolves once the headers arrive, which may be long before an event.
    res.flushHeaders();
    const write = (type: string, object: unknown): void => void res.write(`${JSON.stringify({ type, object })}\n`);
    const from = Number(query.resourceVersion ?? '0');
    if (query.sendInitialEvents === 'true' || !from) {
      for (const object of this.store.list(resource).filter((o) => matches(o, filter))) write('ADDED', object);
    }
    if (query.sendInitialEvents === 'true') {
      const { apiVersion, kind } = RESOURCES[resource];
      write('BOOKMARK', {
        apiVersion,
        kind,
        metadata: { resourceVersion: String(this.store.resourceVersion), annotations: { 'k8s.io/initial-events-end': 'true' } },
      });
    } else if (from) {
      for (const event of this.store.history)
        if (event.resourceVersion > from && event.resource === resource && matches(event.object, filter)) write(event.type, event.object);
    }
    const unsubscribe = this.store.subscribe((event) => {
      if (event.resource === resource && matches(event.object, filter)) write(event.type, event.object);
    });
    this.watches.add(res);
    const timeout = query.timeoutSeconds ? setTimeout(() => res.end(), Number(query.timeoutSeconds) * 1000) : undefined;
    const stop = (): void => {
      unsubscribe();
      clearTimeout(timeout);
      this.watches.delete(res);
    };
    req.on('close', stop);
    res.on('close', stop);
  }
}

/** Secrets: `stringData` is written into `data` (base64) and never stored (Secret API reference). */
function prepareSecret(secret: WireSecret): { code: number; problems: string[] } | undefined {
  const data: Record<string, string> = { ...secret.data };
  for (const [key, value] of Object.entries(secret.stringData ?? {})) data[key] = Buffer.from(value, 'utf8').toString('base64');
  const bad = Object.entries(data).filter(([, value]) => typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value));
  if (bad.length > 0) return { code: 400, problems: bad.map(([key]) => `data[${key}]: illegal base64 data`) };
  delete secret.stringData;
  secret.data = data;
  secret.type ??= 'Opaque';
  return undefined;
}

/**
 * `propagationPolicy` from the query or the DeleteOptions body. Without one, a Job orphans its
 * pods (batch/v1 Jobs default to orphaning, which is why kubectl passes Background).
 */
function propagationOf(resource: Resource, query: Record<string, string>, body: unknown): Propagation {
  const fromBody = (body as { propagationPolicy?: string } | undefined)?.propagationPolicy;
  const orphan = query.orphanDependents ?? (body as { orphanDependents?: boolean } | undefined)?.orphanDependents;
  const fromOrphan = orphan === undefined ? undefined : orphan === true || orphan === 'true' ? 'Orphan' : 'Background';
  const policy = query.propagationPolicy ?? fromBody ?? fromOrphan;
  if (policy === 'Background' || policy === 'Foreground' || policy === 'Orphan') return policy;
  return resource === 'jobs' ? 'Orphan' : 'Background';
}

/** DeleteOptions' gracePeriodSeconds, from the query or the body. */
function gracePeriodOf(query: Record<string, string>, body: unknown): number | undefined {
  const value = query.gracePeriodSeconds ?? (body as { gracePeriodSeconds?: number } | undefined)?.gracePeriodSeconds;
  return value === undefined ? undefined : Number(value);
}

function send(res: ServerResponse, status: number, data: ApiStatus | object, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(data));
}

/** The parsed body; undefined when empty; the SyntaxError when it is not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return error;
  }
}
