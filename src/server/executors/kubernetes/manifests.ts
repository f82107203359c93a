// The Kubernetes objects a test becomes: per location one Indexed Job whose pods run
// `loadgate shard`, and one Secret holding the token the shards call home with. Pure: the
// executor sends what these return, the tests and the API stand-in check it with `checkJob`.
import { createHash } from 'node:crypto';
import type { V1Container, V1Job, V1PodSpec, V1Secret } from '@kubernetes/client-node';
import { Job } from 'kubernetes-models/batch/v1/Job';

export const LABEL_TEST = 'loadgate.dev/test-id';
export const LABEL_LOCATION = 'loadgate.dev/location';
export const LABEL_MANAGED = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'loadgate';
export const TOKEN_KEY = 'token';
/** loadgate's "bad input" exit: the plan cannot run, so retrying the index cannot help. */
export const BAD_PLAN_EXIT_CODE = 2;
/**
 * A second pod for an index that another pod holds (Kubernetes may start two). Not 0: a success
 * would complete the index, and the controller would then remove the pod still sending its load.
 * The Job ignores it, so it spends no retry; the holder's pod keeps the index active meanwhile.
 */
export const DUPLICATE_EXIT_CODE = 3;
/**
 * A shard stopped by SIGTERM (a graceful eviction, a drain, a deleted pod) after it sent what it
 * measured, as shells report SIGTERM. Not 0: a success would complete the index with part of its
 * schedule; the Job retries it instead (ignored when the pod carries DisruptionTarget).
 */
export const TERMINATED_EXIT_CODE = 143;
export const CONTAINER_NAME = 'shard';
/** Set by the Job controller on every pod of a Job with backoffLimitPerIndex: 0 on the first try. */
export const INDEX_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
/**
 * Set on a replacement pod once a failure of its index was ignored by the podFailurePolicy (an
 * eviction, a duplicate): such a failure leaves the failure count as it was, so the attempt is the sum.
 */
export const INDEX_IGNORED_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
export const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
export const ENV_TOKEN = 'LOADGATE_SHARD_TOKEN';
export const ENV_ATTEMPT = 'LOADGATE_SHARD_ATTEMPT';
export const ENV_IGNORED_FAILURES = 'LOADGATE_SHARD_IGNORED_FAILURES';
export const ENV_LOCATION = 'LOADGATE_SHARD_LOCATION';
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

// An Indexed Job's pods are named `<job>-<index>-<random>` with hostname `<job>-<index>`, a DNS
// label (≤ 63); indexes go up to 99999 (parallelism ≤ 10^5, JobSpec API reference), so the Job
// name stays within 57 chars to leave room for "-99999": "lg-" + 30 + "-" + 12 + "-" + 8 = 55.
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

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

export function testSecret(testId: string, namespace: string, token: string): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: secretName(testId),
      namespace,
      labels: { [LABEL_TEST]: testLabel(testId), [LABEL_MANAGED]: MANAGED_BY },
    },
    immutable: true,
    data: { [TOKEN_KEY]: Buffer.from(token, 'utf8').toString('base64') },
  };
}

/**
 * Schema (kubernetes-models, the OpenAPI schemas of the Kubernetes API) + the cross-field rules
 * that the API server enforces and the schema cannot express; returns problems, [] if valid.
 */
export function checkJob(job: V1Job): string[] {
  // The wire form: what the API server receives (dates as strings, no undefined fields).
  const wire = JSON.parse(JSON.stringify(job)) as V1Job;
  const schema = schemaProblems(wire);
  return schema.length > 0 ? schema : crossFieldProblems(wire);
}

function schemaProblems(job: V1Job): string[] {
  try {
    new Job(job as ConstructorParameters<typeof Job>[0]).validate();
    return [];
  } catch (error) {
    const errors = (error as { errors?: Array<{ instancePath: string; message?: string }> }).errors;
    if (!errors) throw error;
    return errors.map((e) => `${pathOf(e.instancePath)}: ${e.message ?? 'is invalid'} (Kubernetes schema)`);
  }
}

const JOB_SPEC_REF = '(JobSpec, kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/)';
const JOB_CONCEPT_REF = '(kubernetes.io/docs/concepts/workloads/controllers/job/)';

// Each rule quotes the API reference's field description or the Job concept page.
function crossFieldProblems(job: V1Job): string[] {
  const problems: string[] = [];
  const spec = job.spec;
  const name = job.metadata?.name;
  if (!name || !DNS_SUBDOMAIN.test(name) || name.length > 63) {
    problems.push(`metadata.name: must be a DNS subdomain of at most 63 characters, got ${JSON.stringify(name)} ${JOB_CONCEPT_REF}`);
  }
  problems.push(...labelProblems('metadata.labels', job.metadata?.labels));
  if (!spec) return [...problems, `spec: is required ${JOB_SPEC_REF}`];
  problems.push(...labelProblems('spec.template.metadata.labels', spec.template.metadata?.labels));
  const restartPolicy = spec.template.spec?.restartPolicy;
  const indexed = spec.completionMode === 'Indexed';
  if (restartPolicy !== 'Never' && restartPolicy !== 'OnFailure') {
    problems.push(`spec.template.spec.restartPolicy: must be Never or OnFailure, got ${JSON.stringify(restartPolicy)} ${JOB_SPEC_REF}`);
  }
  if (indexed && spec.completions == null) {
    problems.push(`spec.completions: is required when completionMode is Indexed ${JOB_SPEC_REF}`);
  }
  if (spec.backoffLimitPerIndex != null) {
    if (!indexed) problems.push(`spec.backoffLimitPerIndex: can only be set when completionMode is Indexed ${JOB_SPEC_REF}`);
    if (restartPolicy !== 'Never')
      problems.push(`spec.backoffLimitPerIndex: can only be set when the pod's restartPolicy is Never ${JOB_SPEC_REF}`);
  }
  if (spec.maxFailedIndexes != null) {
    if (spec.backoffLimitPerIndex == null)
      problems.push(`spec.maxFailedIndexes: can only be specified when backoffLimitPerIndex is set ${JOB_SPEC_REF}`);
    if (spec.completions != null && spec.maxFailedIndexes > spec.completions)
      problems.push(`spec.maxFailedIndexes: must be at most completions (${spec.completions}) ${JOB_SPEC_REF}`);
  }
  if (spec.podFailurePolicy) problems.push(...podFailurePolicyProblems(spec, restartPolicy));
  return problems;
}

function podFailurePolicyProblems(spec: NonNullable<V1Job['spec']>, restartPolicy: string | undefined): string[] {
  const problems: string[] = [];
  if (restartPolicy === 'OnFailure') problems.push(`spec.podFailurePolicy: cannot be used with restartPolicy OnFailure ${JOB_SPEC_REF}`);
  // Unset, the API server defaults it to Failed; any other value is refused.
  if (spec.podReplacementPolicy != null && spec.podReplacementPolicy !== 'Failed') {
    problems.push(
      `spec.podReplacementPolicy: must be Failed when podFailurePolicy is used, got ${JSON.stringify(spec.podReplacementPolicy)} ${JOB_SPEC_REF}`,
    );
  }
  const containers = new Set((spec.template.spec?.containers ?? []).map((c) => c.name));
  (spec.podFailurePolicy?.rules ?? []).forEach((rule, i) => {
    const at = `spec.podFailurePolicy.rules[${i}]`;
    if ((rule.onExitCodes == null) === (rule.onPodConditions == null))
      problems.push(`${at}: needs exactly one of onExitCodes and onPodConditions ${JOB_SPEC_REF}`);
    if (rule.action === 'FailIndex' && spec.backoffLimitPerIndex == null)
      problems.push(`${at}.action: FailIndex can only be used when backoffLimitPerIndex is set ${JOB_SPEC_REF}`);
    const codes = rule.onExitCodes;
    if (codes?.containerName != null && !containers.has(codes.containerName))
      problems.push(
        `${at}.onExitCodes.containerName: names no container of the pod template: ${JSON.stringify(codes.containerName)} ${JOB_SPEC_REF}`,
      );
    if (codes?.operator === 'In' && codes.values.includes(0))
      problems.push(`${at}.onExitCodes.values: 0 cannot be used with the In operator ${JOB_SPEC_REF}`);
  });
  return problems;
}

function labelProblems(at: string, labels: Record<string, string> | undefined): string[] {
  return Object.entries(labels ?? {})
    .filter(([, value]) => !LABEL_VALUE.test(value) || value.length > 63)
    .map(
      ([key, value]) =>
        `${at}["${key}"]: a label value is at most 63 characters of [A-Za-z0-9-_.], alphanumeric at both ends; got ${JSON.stringify(value)} (kubernetes.io/docs/concepts/overview/working-with-objects/labels/)`,
    );
}

/** An ajv instance path ("/spec/template/spec/containers/0/name") as the API names fields. */
function pathOf(instancePath: string): string {
  const path = instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('');
  return path.startsWith('.') ? path.slice(1) : path || '(the object)';
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
