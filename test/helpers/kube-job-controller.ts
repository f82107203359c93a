// The Job controller of the Kubernetes stand-in, for Indexed Jobs as the Job concept page
// describes them (kubernetes.io/docs/concepts/workloads/controllers/job/): one pod per pending
// index up to `parallelism`, named `<job>-<index>-<random>` with the completion-index annotation
// and label and JOB_COMPLETION_INDEX; a failed pod goes through `podFailurePolicy` (Ignore,
// FailIndex, FailJob, Count) and `backoffLimitPerIndex` (the failure count annotation on the
// replacement); `podReplacementPolicy: Failed` waits for the old pod to end; the status carries
// completedIndexes / failedIndexes / succeeded / failed / active / ready and the Complete or
// Failed conditions; activeDeadlineSeconds, ttlSecondsAfterFinished and the garbage collector's
// propagation policies on delete, and its collection of other dependents (Secrets) by their
// ownerReferences: one whose owners are all gone is deleted (Garbage Collection concept page,
// kubernetes.io/docs/concepts/architecture/garbage-collection/). Retries start at once (no 10 s
// back-off): docs/kubernetes.md.
import { COMPLETION_INDEX_ANNOTATION, INDEX_FAILURE_ANNOTATION } from '../../src/server/executors/kubernetes/manifests.ts';
import type { Kubelet } from './kube-kubelet.ts';
import type { KubeStore, StoreEvent, WireJob, WirePod } from './kube-store.ts';

export const IGNORED_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
const MAX_INT32 = 2147483647;

export type Propagation = 'Background' | 'Foreground' | 'Orphan';

interface JobState {
  failures: Map<number, number>;
  ignored: Map<number, number>;
  /** Pods whose end has been counted (the real controller uses a finalizer for this). */
  counted: Set<string>;
  completed: Set<number>;
  failed: Set<number>;
  succeededPods: number;
  failedPods: number;
  timers: NodeJS.Timeout[];
  /** Why the Job failed, once it did. */
  failure?: { reason: string; message: string };
}

export class JobController {
  private readonly store: KubeStore;
  private readonly kubelet: Kubelet;
  private readonly states = new Map<string, JobState>();
  private readonly dirty = new Set<string>();
  private scheduled = false;
  private stopped = false;

  constructor(store: KubeStore, kubelet: Kubelet) {
    this.store = store;
    this.kubelet = kubelet;
  }

  /** The API server's defaults for a new Job (SetDefaults_Job), applied before validation. */
  static withDefaults(job: WireJob): void {
    const spec = job.spec;
    if (!spec) return;
    if (spec.completions == null && spec.parallelism == null) spec.completions = 1;
    spec.parallelism ??= 1;
    spec.completionMode ??= 'NonIndexed';
    spec.backoffLimit ??= spec.backoffLimitPerIndex != null ? MAX_INT32 : 6;
    spec.podReplacementPolicy ??= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
    spec.suspend ??= false;
  }

  /** Labels the template and selects its pods by the Job's uid, as the API server does on create. */
  static selectOwnPods(job: WireJob): void {
    const uid = job.metadata?.uid ?? '';
    const own = {
      [CONTROLLER_UID_LABEL]: uid,
      [JOB_NAME_LABEL]: job.metadata?.name ?? '',
      'controller-uid': uid,
      'job-name': job.metadata?.name ?? '',
    };
    if (!job.spec) return;
    job.spec.selector = { matchLabels: { [CONTROLLER_UID_LABEL]: uid } };
    job.spec.template.metadata = { ...job.spec.template.metadata, labels: { ...job.spec.template.metadata?.labels, ...own } };
    job.status = {};
  }

  /**
   * Store listener. It changes no object (work is scheduled), so every listener sees the events
   * in order; a pod's end is counted here, from the event, because a deleted pod may be gone
   * from the store by the time the Job is reconciled (the real controller holds a finalizer).
   */
  onEvent(event: StoreEvent): void {
    if (event.resource === 'jobs' && event.type !== 'DELETED') this.enqueue(keyOf(event.object));
    if (event.resource === 'jobs' && event.type === 'DELETED') {
      const namespace = event.object.metadata?.namespace;
      setImmediate(() => this.collectSecrets(namespace));
    }
    // A pod waiting for its Secret starts once it exists (the kubelet retries; here at once).
    if (event.resource === 'secrets') this.enqueue();
    if (event.resource !== 'pods') return;
    const pod = event.object as WirePod;
    const owner = pod.metadata?.ownerReferences?.find((o) => o.kind === 'Job');
    if (!owner) return;
    const job = this.store.get('jobs', pod.metadata?.namespace ?? '', owner.name);
    if (job?.metadata?.uid !== owner.uid) return;
    if (!finished(job)) this.count(job, this.stateOf(job), pod);
    this.enqueue(keyOf(job));
  }

  delete(job: WireJob, propagation: Propagation): void {
    this.forget(job);
    const pods = this.podsOf(job);
    if (propagation === 'Orphan') {
      for (const pod of pods) {
        pod.metadata = { ...pod.metadata, ownerReferences: [] };
        this.store.modified('pods', pod);
      }
      for (const secret of this.store.list('secrets', job.metadata?.namespace)) {
        const owners = secret.metadata?.ownerReferences ?? [];
        if (!owners.some((o) => o.uid === job.metadata?.uid)) continue;
        secret.metadata = { ...secret.metadata, ownerReferences: owners.filter((o) => o.uid !== job.metadata?.uid) };
        this.store.modified('secrets', secret);
      }
      this.store.remove('jobs', job);
      return;
    }
    if (propagation === 'Background') this.store.remove('jobs', job);
    else {
      job.metadata = { ...job.metadata, deletionTimestamp: new Date().toISOString(), finalizers: ['foregroundDeletion'] };
      this.store.modified('jobs', job);
    }
    for (const pod of pods) this.deletePod(pod);
    if (propagation === 'Foreground') this.enqueue(keyOf(job));
  }

  deletePod(pod: WirePod, graceSeconds?: number): void {
    if (pod.metadata?.deletionTimestamp) return;
    pod.metadata = { ...pod.metadata, deletionTimestamp: new Date().toISOString() };
    this.store.modified('pods', pod);
    this.kubelet.terminate(pod, graceSeconds);
  }

  /** The garbage collector: a Secret that has owners, none of which exists any more (by uid), goes. */
  private collectSecrets(namespace: string | undefined): void {
    if (this.stopped) return;
    const jobUids = new Set(this.store.list('jobs', namespace).map((job) => job.metadata?.uid));
    for (const secret of this.store.list('secrets', namespace)) {
      const owners = secret.metadata?.ownerReferences ?? [];
      if (owners.length > 0 && owners.every((o) => !jobUids.has(o.uid))) this.store.remove('secrets', secret);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const state of this.states.values()) for (const timer of state.timers) clearTimeout(timer);
  }

  /** Reconciles the Job (if any) soon, then lets the kubelet start what it can. */
  private enqueue(key?: string): void {
    if (key !== undefined) this.dirty.add(key);
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const keys = [...this.dirty];
      this.dirty.clear();
      for (const key of keys) this.reconcile(key);
      this.kubelet.syncAll();
    });
  }

  private reconcile(key: string): void {
    const [namespace = '', name = ''] = key.split('/');
    const job = this.store.get('jobs', namespace, name);
    if (!job?.spec || this.stopped) return;
    if (job.metadata?.deletionTimestamp) {
      if (this.podsOf(job).length === 0) this.store.remove('jobs', job);
      return;
    }
    const state = this.stateOf(job);
    const before = JSON.stringify(job.status);
    job.status ??= {};
    job.status.startTime ??= new Date().toISOString();
    if (!finished(job)) this.progress(job, state);
    this.writeStatus(job, state);
    if (JSON.stringify(job.status) !== before) this.store.modified('jobs', job);
  }

  private progress(job: WireJob, state: JobState): void {
    const pods = this.podsOf(job);
    const spec = job.spec!;
    if (!state.failure && spec.maxFailedIndexes != null && state.failed.size > spec.maxFailedIndexes) {
      state.failure = { reason: 'MaxFailedIndexesExceeded', message: 'Job has exceeded the specified maximal number of failed indexes' };
    }
    if (!state.failure && spec.backoffLimitPerIndex == null && state.failedPods > (spec.backoffLimit ?? 6)) {
      state.failure = { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' };
    }
    if (state.failure) return this.fail(job, pods, state.failure);
    const completions = spec.completions ?? 1;
    const pending = range(completions).filter((i) => !state.completed.has(i) && !state.failed.has(i));
    if (pending.length === 0) return this.complete(job, state);
    const waitForEnd = spec.podReplacementPolicy === 'Failed';
    const blocking = pods.filter((p) => !terminal(p) && (waitForEnd || !p.metadata?.deletionTimestamp));
    let room = (spec.parallelism ?? 1) - blocking.length;
    for (const index of pending) {
      if (room <= 0) break;
      if (blocking.some((p) => indexOf(p) === index)) continue;
      this.createPod(job, state, index);
      room -= 1;
    }
  }

  /** A pod's end, counted once: success completes its index, failure goes through the policies. */
  private count(job: WireJob, state: JobState, pod: WirePod): void {
    const uid = pod.metadata?.uid ?? '';
    if (!terminal(pod) || state.counted.has(uid)) return;
    state.counted.add(uid);
    const index = indexOf(pod);
    if (pod.status?.phase === 'Succeeded') {
      state.succeededPods += 1;
      if (!state.failed.has(index)) state.completed.add(index);
      return;
    }
    const action = failurePolicyAction(job, pod);
    if (action === 'Ignore') {
      state.ignored.set(index, (state.ignored.get(index) ?? 0) + 1);
      return;
    }
    state.failedPods += 1;
    if (action === 'FailJob') {
      state.failure ??= {
        reason: 'PodFailurePolicy',
        message: `Container ${containerName(pod)} for pod ${pod.metadata?.namespace}/${pod.metadata?.name} failed with exit code ${exitCode(pod)} matching FailJob rule`,
      };
      return;
    }
    const limit = job.spec?.backoffLimitPerIndex;
    if (limit == null) return;
    const failures = (state.failures.get(index) ?? 0) + 1;
    state.failures.set(index, failures);
    if ((action === 'FailIndex' || failures > limit) && !state.completed.has(index)) state.failed.add(index);
  }

  private createPod(job: WireJob, state: JobState, index: number): void {
    const jobName = job.metadata?.name ?? '';
    const template = structuredClone(job.spec!.template);
    const annotations: Record<string, string> = { ...template.metadata?.annotations, [COMPLETION_INDEX_ANNOTATION]: String(index) };
    if (job.spec?.backoffLimitPerIndex != null) annotations[INDEX_FAILURE_ANNOTATION] = String(state.failures.get(index) ?? 0);
    if (state.ignored.get(index)) annotations[IGNORED_FAILURE_ANNOTATION] = String(state.ignored.get(index));
    const indexEnv = {
      name: 'JOB_COMPLETION_INDEX',
      valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${COMPLETION_INDEX_ANNOTATION}']` } },
    };
    const spec = template.spec!;
    spec.containers = spec.containers.map((c) => ({ ...c, env: [...(c.env ?? []), indexEnv] }));
    spec.hostname = `${jobName}-${index}`;
    const pod: WirePod = {
      metadata: {
        generateName: `${jobName}-${index}-`,
        labels: { ...template.metadata?.labels, [COMPLETION_INDEX_ANNOTATION]: String(index) },
        annotations,
        ownerReferences: [
          { apiVersion: 'batch/v1', kind: 'Job', name: jobName, uid: job.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true },
        ],
      },
      spec,
      status: { phase: 'Pending' },
    };
    this.store.create('pods', job.metadata?.namespace ?? '', pod);
  }

  private complete(job: WireJob, state: JobState): void {
    const now = new Date().toISOString();
    const status = job.status!;
    if (state.failed.size > 0) {
      this.fail(job, [], { reason: 'FailedIndexes', message: 'Job has failed indexes' });
      return;
    }
    status.completionTime = now;
    status.conditions = [
      {
        type: 'SuccessCriteriaMet',
        status: 'True',
        reason: 'CompletionsReached',
        message: 'Reached expected number of succeeded pods',
        lastProbeTime: now,
        lastTransitionTime: now,
      },
      {
        type: 'Complete',
        status: 'True',
        reason: 'CompletionsReached',
        message: 'Reached expected number of succeeded pods',
        lastProbeTime: now,
        lastTransitionTime: now,
      },
    ];
    this.expireAfterTtl(job, state);
  }

  private fail(job: WireJob, pods: WirePod[], why: { reason: string; message: string }): void {
    const now = new Date().toISOString();
    job.status!.conditions = [
      { type: 'FailureTarget', status: 'True', ...why, lastProbeTime: now, lastTransitionTime: now },
      { type: 'Failed', status: 'True', ...why, lastProbeTime: now, lastTransitionTime: now },
    ];
    for (const pod of pods) if (!terminal(pod)) this.deletePod(pod);
    this.expireAfterTtl(job, this.stateOf(job));
  }

  private writeStatus(job: WireJob, state: JobState): void {
    const status = job.status!;
    const pods = this.podsOf(job);
    const active = pods.filter((p) => !terminal(p) && !p.metadata?.deletionTimestamp);
    status.active = active.length;
    status.ready = active.filter((p) => p.status?.phase === 'Running').length;
    status.terminating = pods.filter((p) => !terminal(p) && p.metadata?.deletionTimestamp).length;
    status.succeeded = state.succeededPods;
    status.failed = state.failedPods;
    if (job.spec?.completionMode === 'Indexed') status.completedIndexes = ranges(state.completed) || undefined;
    if (job.spec?.backoffLimitPerIndex != null) status.failedIndexes = ranges(state.failed) || undefined;
  }

  private stateOf(job: WireJob): JobState {
    const uid = job.metadata?.uid ?? '';
    let state = this.states.get(uid);
    if (!state) {
      state = {
        failures: new Map(),
        ignored: new Map(),
        counted: new Set(),
        completed: new Set(),
        failed: new Set(),
        succeededPods: 0,
        failedPods: 0,
        timers: [],
      };
      this.states.set(uid, state);
      const deadline = job.spec?.activeDeadlineSeconds;
      if (deadline != null) state.timers.push(setTimeout(() => this.deadlineExceeded(keyOf(job)), deadline * 1000));
    }
    return state;
  }

  private deadlineExceeded(key: string): void {
    const [namespace = '', name = ''] = key.split('/');
    const job = this.store.get('jobs', namespace, name);
    if (!job || finished(job) || this.stopped) return;
    const state = this.stateOf(job);
    state.failure ??= { reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' };
    this.enqueue(key);
  }

  private expireAfterTtl(job: WireJob, state: JobState): void {
    const ttl = job.spec?.ttlSecondsAfterFinished;
    if (ttl == null) return;
    // The TTL controller deletes in the foreground: pods first, then the Job.
    state.timers.push(
      setTimeout(() => {
        const current = this.store.get('jobs', job.metadata?.namespace ?? '', job.metadata?.name ?? '');
        if (current && !this.stopped) this.delete(current, 'Foreground');
      }, ttl * 1000),
    );
  }

  private forget(job: WireJob): void {
    const state = this.states.get(job.metadata?.uid ?? '');
    for (const timer of state?.timers ?? []) clearTimeout(timer);
    if (state) state.timers = [];
  }

  private podsOf(job: WireJob): WirePod[] {
    return this.store
      .list('pods', job.metadata?.namespace)
      .filter((p) => p.metadata?.ownerReferences?.some((o) => o.uid === job.metadata?.uid));
  }
}

function keyOf(object: { metadata?: { namespace?: string; name?: string } }): string {
  return `${object.metadata?.namespace}/${object.metadata?.name}`;
}

function finished(job: WireJob): boolean {
  return (job.status?.conditions ?? []).some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

function terminal(pod: WirePod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

function indexOf(pod: WirePod): number {
  return Number(pod.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION] ?? -1);
}

function terminatedOf(pod: WirePod): Array<{ name: string; exitCode: number }> {
  return (pod.status?.containerStatuses ?? []).flatMap((c) =>
    c.state?.terminated ? [{ name: c.name, exitCode: c.state.terminated.exitCode }] : [],
  );
}

function containerName(pod: WirePod): string {
  return terminatedOf(pod).find((c) => c.exitCode !== 0)?.name ?? '';
}

function exitCode(pod: WirePod): number {
  return terminatedOf(pod).find((c) => c.exitCode !== 0)?.exitCode ?? 0;
}

/** The first rule that matches decides (JobSpec.podFailurePolicy); none matching counts the failure. */
function failurePolicyAction(job: WireJob, pod: WirePod): string {
  for (const rule of job.spec?.podFailurePolicy?.rules ?? []) {
    const codes = rule.onExitCodes;
    if (codes) {
      // Containers that succeeded are left out of the check (PodFailurePolicyOnExitCodesRequirement).
      const failed = terminatedOf(pod).filter((c) => c.exitCode !== 0 && (codes.containerName == null || c.name === codes.containerName));
      const hit = failed.some((c) => (codes.operator === 'In') === codes.values.includes(c.exitCode));
      if (hit) return rule.action;
    }
    const onConditions = rule.onPodConditions ?? [];
    if (
      onConditions.some((want) => (pod.status?.conditions ?? []).some((c) => c.type === want.type && c.status === (want.status ?? 'True')))
    )
      return rule.action;
  }
  return 'Count';
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** "1,3-5,7": the compressed interval form of status.completedIndexes and failedIndexes. */
export function ranges(indexes: Set<number>): string {
  const sorted = [...indexes].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j += 1;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}
