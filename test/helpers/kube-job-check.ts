// How the Kubernetes API stand-in (kube-standin.ts) checks a Job it is sent, as the API server
// would: the published OpenAPI schema of batch/v1 Job (the maintained kubernetes-models package)
// and the cross-field rules that the API reference and the Job concept page state and a schema
// cannot express. Written from those pages, apart from the code that builds the Jobs
// (src/server/executors/kubernetes/manifests.ts), so that a misreading in the builder is not
// shared by the check.
import type { V1Job } from '@kubernetes/client-node';
import { Job } from 'kubernetes-models/batch/v1/Job';

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

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
