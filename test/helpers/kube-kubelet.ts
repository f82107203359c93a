// The node side of the Kubernetes stand-in: binds a new pod to a node whose labels match its
// nodeSelector (or leaves it Pending, Unschedulable), resolves its environment (secretKeyRef,
// fieldRef) and starts its one container as a local process; the exit code becomes the pod's
// phase and container status as the kubelet reports them. Deletion is graceful: SIGTERM, then
// SIGKILL after the pod's grace period. What a real node adds (image pulls, cgroups, restarts of
// `Always` containers, probes) is not simulated: docs/kubernetes.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { V1Container, V1EnvVar } from '@kubernetes/client-node';
import type { KubeStore, WirePod } from './kube-store.ts';
import { compileCache } from './process.ts';

export interface StandInNode {
  name: string;
  labels: Record<string, string>;
}

export interface KubeletOptions {
  processFor?: (container: V1Container) => { file: string; args: string[] };
  nodes?: StandInNode[];
  env?: Record<string, string>;
  /** Output arrived: a test may be waiting for it. */
  onOutput: () => void;
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CLI = `${REPO}src/cli/entry.ts`;
/** Kubernetes' default terminationGracePeriodSeconds. */
const DEFAULT_GRACE_SECONDS = 30;

/** `loadgate …` runs this checkout's CLI on this Node; anything else runs as named. The image's ENTRYPOINT is loadgate. */
export function defaultProcessFor(container: V1Container): { file: string; args: string[] } {
  const argv = [...(container.command ?? ['loadgate']), ...(container.args ?? [])];
  const [file = 'loadgate', ...args] = argv;
  return file === 'loadgate' ? { file: process.execPath, args: [CLI, ...args] } : { file, args };
}

export class Kubelet {
  private readonly store: KubeStore;
  private readonly options: KubeletOptions;
  private readonly nodes: StandInNode[];
  private readonly processes = new Map<string, ChildProcess>();
  private readonly exited = new Map<string, Promise<void>>();
  private readonly killTimers = new Set<NodeJS.Timeout>();
  private readonly output = new Map<string, string>();

  constructor(store: KubeStore, options: KubeletOptions) {
    this.store = store;
    this.options = options;
    this.nodes = options.nodes ?? [{ name: 'standin-node', labels: {} }];
  }

  logs(podName: string): string {
    return this.output.get(podName) ?? '';
  }

  addNode(node: StandInNode): void {
    this.nodes.push(node);
    this.syncAll();
  }

  /** Every pod not yet started gets another try: new pods, and pods waiting for a Secret. */
  syncAll(): void {
    for (const pod of this.store.list('pods')) {
      if (pod.status?.phase === 'Pending' && !pod.metadata?.deletionTimestamp && !this.processes.has(uidOf(pod))) this.startPod(pod);
    }
  }

  /** Graceful deletion (API reference, "DeleteOptions"): SIGTERM now, SIGKILL after the grace period. */
  terminate(pod: WirePod, graceSeconds?: number): void {
    const child = this.processes.get(uidOf(pod));
    if (!child) {
      this.store.remove('pods', pod);
      return;
    }
    const grace = graceSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
    if (grace === 0) {
      child.kill('SIGKILL');
      return;
    }
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), grace * 1000);
    this.killTimers.add(timer);
    void this.exited.get(uidOf(pod))?.then(() => {
      clearTimeout(timer);
      this.killTimers.delete(timer);
    });
  }

  kill(pod: WirePod, signal: NodeJS.Signals): void {
    const child = this.processes.get(uidOf(pod));
    if (!child) throw new Error(`pod ${pod.metadata?.name} has no running process (phase ${pod.status?.phase})`);
    child.kill(signal);
  }

  async stopAll(): Promise<void> {
    for (const timer of this.killTimers) clearTimeout(timer);
    for (const child of this.processes.values()) child.kill('SIGKILL');
    await Promise.all(this.exited.values());
  }

  private startPod(pod: WirePod): void {
    const node = this.nodes.find((n) =>
      Object.entries(pod.spec?.nodeSelector ?? {}).every(([k, v]) => ({ 'kubernetes.io/hostname': n.name, ...n.labels })[k] === v),
    );
    if (!node)
      return this.setWaiting(pod, {
        type: 'PodScheduled',
        status: 'False',
        reason: 'Unschedulable',
        message: `0/${this.nodes.length} nodes are available: ${this.nodes.length} node(s) didn't match Pod's node affinity/selector.`,
      });
    const container = pod.spec?.containers[0];
    if (!container) return;
    let env: Record<string, string>;
    try {
      env = this.resolveEnv(pod, node, container.env ?? []);
    } catch (error) {
      return this.setWaiting(
        pod,
        { type: 'PodScheduled', status: 'True' },
        { reason: 'CreateContainerConfigError', message: (error as Error).message },
      );
    }
    this.run(pod, node, container as V1Container, env);
  }

  private run(pod: WirePod, node: StandInNode, container: V1Container, env: Record<string, string>): void {
    const uid = uidOf(pod);
    const name = pod.metadata?.name ?? '';
    const { file, args } = (this.options.processFor ?? defaultProcessFor)(container);
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.processes.set(uid, child);
    const startedAt = new Date().toISOString();
    pod.spec = { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName: node.name };
    const append = (chunk: Buffer): void => {
      this.output.set(name, this.logs(name) + chunk.toString('utf8'));
      this.options.onOutput();
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    let settle = (): void => {};
    this.exited.set(uid, new Promise((resolve) => (settle = resolve)));
    let ended = false;
    const end = (exitCode: number, reason: string, message?: string): void => {
      if (ended) return;
      ended = true;
      this.processes.delete(uid);
      this.finish(pod, container, startedAt, exitCode, reason, message);
      settle();
    };
    child.on('spawn', () => this.markRunning(pod, container, startedAt));
    child.on('error', (error) => end(128, 'StartError', error.message));
    child.on('close', (code, signal) => {
      const exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
      end(exitCode, exitCode === 0 ? 'Completed' : 'Error');
    });
  }

  /** A container's environment: nothing of this process's but PATH (and Node's compile cache), as in a container. */
  private resolveEnv(pod: WirePod, node: StandInNode, vars: V1EnvVar[]): Record<string, string> {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...compileCache(),
      HOSTNAME: pod.spec?.hostname ?? pod.metadata?.name ?? '',
      ...this.options.env,
    };
    for (const v of vars) env[v.name] = v.value ?? this.valueFrom(pod, node, v);
    return env;
  }

  private valueFrom(pod: WirePod, node: StandInNode, v: V1EnvVar): string {
    const namespace = pod.metadata?.namespace ?? '';
    const secretRef = v.valueFrom?.secretKeyRef;
    if (secretRef) {
      const secret = this.store.get('secrets', namespace, secretRef.name ?? '');
      const data = secret?.data?.[secretRef.key];
      if (data !== undefined) return Buffer.from(data, 'base64').toString('utf8');
      if (secretRef.optional) return '';
      throw new Error(
        secret ? `couldn't find key ${secretRef.key} in Secret ${namespace}/${secretRef.name}` : `secret "${secretRef.name}" not found`,
      );
    }
    const fieldPath = v.valueFrom?.fieldRef?.fieldPath;
    if (fieldPath) return fieldValue(pod, node, fieldPath);
    if (v.valueFrom) throw new Error(`env ${v.name}: only value, secretKeyRef and fieldRef are simulated`);
    return '';
  }

  private setWaiting(
    pod: WirePod,
    condition: { type: string; status: string; reason?: string; message?: string },
    waiting?: { reason: string; message: string },
  ): void {
    const containerStatuses = waiting
      ? [
          {
            name: pod.spec?.containers[0]?.name ?? '',
            image: pod.spec?.containers[0]?.image ?? '',
            imageID: '',
            ready: false,
            restartCount: 0,
            state: { waiting },
          },
        ]
      : undefined;
    const status = { phase: 'Pending', conditions: [condition], ...(containerStatuses ? { containerStatuses } : {}) };
    if (JSON.stringify(status) === JSON.stringify(pod.status)) return;
    pod.status = status;
    this.store.modified('pods', pod);
  }

  private markRunning(pod: WirePod, container: V1Container, startedAt: string): void {
    pod.status = {
      ...pod.status,
      phase: 'Running',
      startTime: startedAt,
      hostIP: '127.0.0.1',
      podIP: '127.0.0.1',
      conditions: conditions(pod, true),
      containerStatuses: [{ ...containerStatus(container), ready: true, started: true, state: { running: { startedAt } } }],
    };
    this.store.modified('pods', pod);
  }

  private finish(pod: WirePod, container: V1Container, startedAt: string, exitCode: number, reason: string, message?: string): void {
    const terminated = { exitCode, reason, startedAt, finishedAt: new Date().toISOString(), ...(message ? { message } : {}) };
    pod.status = {
      ...pod.status,
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      conditions: conditions(pod, false),
      containerStatuses: [{ ...containerStatus(container), ready: false, started: false, state: { terminated } }],
    };
    this.store.modified('pods', pod);
    if (pod.metadata?.deletionTimestamp) this.store.remove('pods', pod);
  }
}

function uidOf(pod: WirePod): string {
  return pod.metadata?.uid ?? '';
}

function containerStatus(container: V1Container): { name: string; image: string; imageID: string; restartCount: number } {
  return { name: container.name, image: container.image ?? '', imageID: '', restartCount: 0 };
}

/** The pod's conditions, keeping any it was given (DisruptionTarget on eviction). */
function conditions(pod: WirePod, ready: boolean): NonNullable<WirePod['status']>['conditions'] {
  const now = new Date().toISOString();
  const own = ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'];
  const kept = (pod.status?.conditions ?? []).filter((c) => !own.includes(c.type));
  return [
    { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
    { type: 'Initialized', status: 'True', lastTransitionTime: now },
    { type: 'ContainersReady', status: ready ? 'True' : 'False', lastTransitionTime: now },
    { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: now },
    ...kept,
  ];
}

/** The downward API's fieldRef paths (kubernetes.io/docs/concepts/workloads/pods/downward-api/). */
function fieldValue(pod: WirePod, node: StandInNode, fieldPath: string): string {
  const keyed = /^metadata\.(labels|annotations)\['([^']+)'\]$/.exec(fieldPath);
  if (keyed) return (keyed[1] === 'labels' ? pod.metadata?.labels : pod.metadata?.annotations)?.[keyed[2] ?? ''] ?? '';
  const plain: Record<string, string | undefined> = {
    'metadata.name': pod.metadata?.name,
    'metadata.namespace': pod.metadata?.namespace,
    'metadata.uid': pod.metadata?.uid,
    'spec.nodeName': node.name,
    'spec.serviceAccountName': pod.spec?.serviceAccountName ?? 'default',
    'status.hostIP': '127.0.0.1',
    'status.podIP': '127.0.0.1',
  };
  if (!(fieldPath in plain)) throw new Error(`fieldRef ${fieldPath}: not a supported field of the downward API`);
  return plain[fieldPath] ?? '';
}
