// The object store behind the Kubernetes API stand-in (kube-standin.ts): Jobs, Pods and Secrets
// as the API server keeps them (the wire form: timestamps as strings), one resourceVersion
// counter over all of them, every change kept as a watch event so a watch can resume from a
// resourceVersion, label and field selectors, and the `Status` bodies the API answers errors with.
// Semantics from the Kubernetes API reference and "API Concepts"
// (kubernetes.io/docs/reference/using-api/api-concepts/).
import { randomUUID } from 'node:crypto';
import type { V1Job, V1Pod, V1Secret } from '@kubernetes/client-node';

/** A client model as it travels: what the client types as Date is an RFC 3339 string. */
export type Wire<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
export type WireJob = Wire<V1Job>;
export type WirePod = Wire<V1Pod>;
export type WireSecret = Wire<V1Secret>;

export type Resource = 'jobs' | 'pods' | 'secrets';
interface ObjectOf {
  jobs: WireJob;
  pods: WirePod;
  secrets: WireSecret;
}
export type Stored = WireJob | WirePod | WireSecret;

export const RESOURCES: Record<Resource, { group: string; apiVersion: string; kind: string }> = {
  jobs: { group: 'batch', apiVersion: 'batch/v1', kind: 'Job' },
  pods: { group: '', apiVersion: 'v1', kind: 'Pod' },
  secrets: { group: '', apiVersion: 'v1', kind: 'Secret' },
};

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';
export interface StoreEvent {
  type: EventType;
  resource: Resource;
  /** A snapshot: later changes do not reach events already sent. */
  object: Stored;
  resourceVersion: number;
}

export class KubeStore {
  private readonly objects: { [R in Resource]: Map<string, ObjectOf[R]> } = { jobs: new Map(), pods: new Map(), secrets: new Map() };
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  readonly history: StoreEvent[] = [];
  private version = 1;

  get resourceVersion(): number {
    return this.version;
  }

  list<R extends Resource>(resource: R, namespace?: string): Array<ObjectOf[R]> {
    return [...this.objects[resource].values()].filter((o) => namespace === undefined || o.metadata?.namespace === namespace);
  }

  get<R extends Resource>(resource: R, namespace: string, name: string): ObjectOf[R] | undefined {
    return this.objects[resource].get(key(namespace, name));
  }

  /**
   * Names it (generateName), stamps uid, creation time and resourceVersion, lets `prepare` finish
   * it with its uid known (a Job's selector) before anyone sees it; undefined if the name is taken.
   */
  create<R extends Resource>(
    resource: R,
    namespace: string,
    object: ObjectOf[R],
    prepare?: (object: ObjectOf[R]) => void,
  ): ObjectOf[R] | undefined {
    const meta = (object.metadata ??= {});
    meta.name ??= `${meta.generateName ?? ''}${randomSuffix()}`;
    const k = key(namespace, meta.name);
    if (this.objects[resource].has(k)) return undefined;
    // metav1.Time goes over the wire as RFC 3339 in whole seconds.
    Object.assign(meta, { namespace, uid: randomUUID(), creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
    Object.assign(object, { apiVersion: RESOURCES[resource].apiVersion, kind: RESOURCES[resource].kind });
    prepare?.(object);
    this.objects[resource].set(k, object);
    this.emit('ADDED', resource, object);
    return object;
  }

  /** Records a change made in place to a stored object. */
  modified(resource: Resource, object: Stored): void {
    this.emit('MODIFIED', resource, object);
  }

  remove(resource: Resource, object: Stored): void {
    const meta = object.metadata ?? {};
    if (this.objects[resource].delete(key(meta.namespace ?? '', meta.name ?? ''))) this.emit('DELETED', resource, object);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(type: EventType, resource: Resource, object: Stored): void {
    this.version += 1;
    (object.metadata ??= {}).resourceVersion = String(this.version);
    const event: StoreEvent = { type, resource, object: structuredClone(object), resourceVersion: this.version };
    this.history.push(event);
    for (const listener of [...this.listeners]) listener(event);
  }
}

function key(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** Five characters of [bcdfghjklmnpqrstvwxz2456789], as the API server's generateName uses. */
export function randomSuffix(): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return Array.from({ length: 5 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

// ---- selectors (kubernetes.io/docs/concepts/overview/working-with-objects/labels/) ----

type Requirement = (labels: Record<string, string>) => boolean;

/** Equality-based (`a=b`, `a==b`, `a!=b`) and set-based (`a in (x,y)`, `a notin (x)`, `a`, `!a`). */
export function parseLabelSelector(selector: string): Requirement[] {
  const parts = selector.match(/([^,(]+(\([^)]*\))?)/g) ?? [];
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(parseRequirement);
}

function parseRequirement(text: string): Requirement {
  const set = /^([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(text);
  if (set) {
    const [, label = '', op, list = ''] = set;
    const values = new Set(list.split(',').map((v) => v.trim()));
    return op === 'in' ? (l) => values.has(l[label] ?? '\0') : (l) => !values.has(l[label] ?? '\0');
  }
  const equality = /^([^\s!=]+)\s*(==|=|!=)\s*([^\s]*)$/.exec(text);
  if (equality) {
    const [, label = '', op, value] = equality;
    return op === '!=' ? (l) => l[label] !== value : (l) => l[label] === value;
  }
  const exists = /^(!?)([^\s!=()]+)$/.exec(text);
  if (exists) {
    const [, not, label = ''] = exists;
    return not ? (l) => !(label in l) : (l) => label in l;
  }
  throw new Error(`unable to parse requirement: ${JSON.stringify(text)}`);
}

/** `metadata.name=x`, `status.phase!=Running`, … : any dotted path of the object, = / == / !=. */
export function parseFieldSelector(selector: string): Array<(object: Stored) => boolean> {
  return selector
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((part) => {
      const match = /^([\w.]+)\s*(==|=|!=)\s*(.*)$/.exec(part);
      if (!match) throw new Error(`invalid field selector: ${JSON.stringify(part)}`);
      const [, path = '', op, value] = match;
      const read = (object: Stored): string =>
        String(path.split('.').reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], object) ?? '');
      return op === '!=' ? (o) => read(o) !== value : (o) => read(o) === value;
    });
}

export interface Filter {
  namespace?: string;
  labels: Requirement[];
  fields: Array<(object: Stored) => boolean>;
}

export function matches(object: Stored, filter: Filter): boolean {
  const labels = object.metadata?.labels ?? {};
  return (
    (filter.namespace === undefined || object.metadata?.namespace === filter.namespace) &&
    filter.labels.every((r) => r(labels)) &&
    filter.fields.every((f) => f(object))
  );
}

// ---- errors as the API answers them: a Status object (API reference, "Status") ----

export interface ApiStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: Array<{ reason: string; message: string; field: string }>;
  };
  code: number;
}

export function failure(code: number, reason: string, message: string, details?: ApiStatus['details']): ApiStatus {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code };
}

/** `jobs.batch "x"`, `pods "x"`: how the API names an object in its messages. */
export function qualified(resource: Resource, name: string): string {
  const group = RESOURCES[resource].group;
  return `${resource}${group ? `.${group}` : ''} "${name}"`;
}

export function notFound(resource: Resource, name: string): ApiStatus {
  return failure(404, 'NotFound', `${qualified(resource, name)} not found`, { name, group: RESOURCES[resource].group, kind: resource });
}

export function alreadyExists(resource: Resource, name: string): ApiStatus {
  return failure(409, 'AlreadyExists', `${qualified(resource, name)} already exists`, {
    name,
    group: RESOURCES[resource].group,
    kind: resource,
  });
}

/** 422 with one cause per problem; a problem reads `field.path: what is wrong`. */
export function invalid(resource: Resource, name: string, problems: string[]): ApiStatus {
  const { kind, group } = RESOURCES[resource];
  const causes = problems.map((p) => {
    const colon = p.indexOf(': ');
    return { reason: 'FieldValueInvalid', field: colon > 0 ? p.slice(0, colon) : '', message: colon > 0 ? p.slice(colon + 2) : p };
  });
  return failure(422, 'Invalid', `${kind}${group ? `.${group}` : ''} "${name}" is invalid: ${problems.join(', ')}`, {
    name,
    group,
    kind,
    causes,
  });
}
