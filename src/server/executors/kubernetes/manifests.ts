// The Kubernetes objects a test becomes: per location one Indexed Job whose pods run
// `loadgate shard`, and one Secret holding the token the shards call home with; the environment
// and exit codes the pods and the server agree on are the protocol's (shard/protocol.ts). Pure: the
// executor sends what these return; the API stand-in checks it with its own rules (test/helpers/kube-job-check.ts).
import { createHash } from 'node:crypto';
import type { V1Container, V1Job, V1PodSpec, V1Secret } from '@kubernetes/client-node';
import {
  BAD_PLAN_EXIT_CODE,
  DUPLICATE_EXIT_CODE,
  ENV_ATTEMPT,
  ENV_IGNORED_FAILURES,
  ENV_LOCATION,
  ENV_TOKEN,
} from '../../../shard/protocol.ts';

export const LABEL_TEST = 'loadgate.dev/test-id';
export const LABEL_LOCATION = 'loadgate.dev/location';
export const LABEL_MANAGED = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'loadgate';
export const TOKEN_KEY = 'token';
export const CONTAINER_NAME = 'shard';
/** Set by the Job controller on every pod of a Job with backoffLimitPerIndex: 0 on the first try. */
export const INDEX_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
/**
 * Set on a replacement pod once a failure of its index was ignored by the podFailurePolicy (an
 * eviction, a duplicate): such a failure leaves the failure count as it was, so the attempt is the sum.
 */
export const INDEX_IGNORED_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
export const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
/** The image's non-root user (node:24-slim's `node`, deploy/Dockerfile). */
export const SHARD_USER_ID = 1000;

export interface ShardJobSpec {
  /** The test's id, or a latency probe's (`latency`). */
  testId: string;
  /** A one-pod Job that measures a latency location (`loadgate shard --latency ID`) instead of sending load. */
  latency?: boolean;
  location: string;
  /** N: completions = parallelism = N, so every shard runs at once. */
  shards: number;
  namespace: string;
  image: string;
  /** What the pod calls: `loadgate shard --server <callbackUrl> --test <testId>`. */
  callbackUrl: string;
  secretName: string;
  nodeSelector?: Record<string, string>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  /** From the plan: duration + start barrier + grace. */
  activeDeadlineSeconds: number;
  ttlSecondsAfterFinished: number;
  backoffLimitPerIndex: number;
}

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

// An Indexed Job's pods are named `<job>-<index>-<random>` with hostname `<job>-<index>`, a DNS
// label (≤ 63); indexes go up to 99999 (parallelism ≤ 10^5, JobSpec API reference), so the Job
// name stays within 57 chars to leave room for "-99999": "lg-" + 30 + "-" + 12 + "-" + 8 = 55.
/** A DNS-1123 label ≤ 57 chars; the digest of the raw pair keeps ids that slug alike apart. */
export function jobName(testId: string, location: string): string {
  return ['lg', slug(testId, 30), slug(location, 12), digest(`${testId}\0${location}`)].filter((p) => p !== '').join('-');
}

export function secretName(testId: string): string {
  return ['lg', slug(testId, 40), digest(testId), 'token'].filter((p) => p !== '').join('-');
}

/** The label value for a test id: the id itself when Kubernetes accepts it (UUIDs do). */
export function testLabel(testId: string): string {
  return labelValue(testId);
}

export function testLabelSelector(testId: string): string {
  return `${LABEL_TEST}=${testLabel(testId)}`;
}

export function shardJob(spec: ShardJobSpec): V1Job {
  const labels = {
    [LABEL_TEST]: testLabel(spec.testId),
    [LABEL_LOCATION]: labelValue(spec.location),
    [LABEL_MANAGED]: MANAGED_BY,
  };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: jobName(spec.testId, spec.location), namespace: spec.namespace, labels },
    spec: {
      completionMode: 'Indexed',
      completions: spec.shards,
      parallelism: spec.shards,
      backoffLimitPerIndex: spec.backoffLimitPerIndex,
      // Never fail the Job for failed indexes: the server sees them and reports the coverage.
      maxFailedIndexes: spec.shards,
      podReplacementPolicy: 'Failed',
      podFailurePolicy: {
        rules: [
          // Eviction, preemption, node drain: not the shard's fault, so not a spent retry.
          { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
          { action: 'FailIndex', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [BAD_PLAN_EXIT_CODE] } },
          { action: 'Ignore', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [DUPLICATE_EXIT_CODE] } },
        ],
      },
      activeDeadlineSeconds: spec.activeDeadlineSeconds,
      ttlSecondsAfterFinished: spec.ttlSecondsAfterFinished,
      template: { metadata: { labels: { ...labels } }, spec: podSpec(spec) },
    },
  };
}

function podSpec(spec: ShardJobSpec): V1PodSpec {
  return {
    restartPolicy: 'Never',
    ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
    // Shards talk to the loadgate server, never to the Kubernetes API.
    automountServiceAccountToken: false,
    enableServiceLinks: false,
    securityContext: {
      runAsNonRoot: true,
      runAsUser: SHARD_USER_ID,
      runAsGroup: SHARD_USER_ID,
      seccompProfile: { type: 'RuntimeDefault' },
    },
    // The location's shards spread over its nodes, so that one node's limits do not bound the load
    // and one lost node takes few shards; ScheduleAnyway, since a small pool still runs them all.
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'kubernetes.io/hostname',
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: { [LABEL_TEST]: testLabel(spec.testId), [LABEL_LOCATION]: labelValue(spec.location) } },
      },
    ],
    containers: [shardContainer(spec)],
    volumes: [{ name: 'tmp', emptyDir: {} }],
  };
}

function shardContainer(spec: ShardJobSpec): V1Container {
  return {
    name: CONTAINER_NAME,
    image: spec.image,
    command: ['loadgate', 'shard', '--server', spec.callbackUrl, spec.latency ? '--latency' : '--test', spec.testId],
    env: [
      { name: ENV_TOKEN, valueFrom: { secretKeyRef: { name: spec.secretName, key: TOKEN_KEY } } },
      { name: ENV_ATTEMPT, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_FAILURE_ANNOTATION}']` } } },
      // Absent until a failure was ignored: the downward API gives "" for a missing annotation.
      { name: ENV_IGNORED_FAILURES, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_IGNORED_FAILURE_ANNOTATION}']` } } },
      { name: ENV_LOCATION, value: spec.location },
    ],
    ...(spec.resources ? { resources: spec.resources } : {}),
    securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
    // The root file system is read-only; whatever the process writes goes to /tmp.
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
}

/**
 * The token's Secret, owned by the Jobs that read it (`owners`: as the API answered their
 * creation, with their uid): the garbage collector deletes it once they are all gone, however
 * they go (the server's cleanup, their TTL, a hand).
 */
export function testSecret(testId: string, namespace: string, token: string, owners: V1Job[] = []): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: secretName(testId),
      namespace,
      labels: { [LABEL_TEST]: testLabel(testId), [LABEL_MANAGED]: MANAGED_BY },
      ...(owners.length > 0 && {
        ownerReferences: owners.map((job) => ({
          apiVersion: 'batch/v1',
          kind: 'Job',
          name: job.metadata?.name ?? '',
          uid: job.metadata?.uid ?? '',
        })),
      }),
    },
    immutable: true,
    data: { [TOKEN_KEY]: Buffer.from(token, 'utf8').toString('base64') },
  };
}

function labelValue(raw: string): string {
  if (raw.length <= 63 && LABEL_VALUE.test(raw)) return raw;
  return [slug(raw, 50), digest(raw)].filter((p) => p !== '').join('-');
}

/** Lowercase letters, digits and single dashes, at most `max` chars, no dash at either end. */
function slug(raw: string, max: number): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

function digest(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex').slice(0, 8);
}
