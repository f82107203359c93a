import fc from 'fast-check';
import type { V1Job } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  INDEX_FAILURE_ANNOTATION,
  jobName,
  LABEL_LOCATION,
  LABEL_MANAGED,
  LABEL_TEST,
  secretName,
  shardJob,
  TOKEN_KEY,
  testLabelSelector,
  testSecret,
  type ShardJobSpec,
} from '../src/server/executors/kubernetes/manifests.ts';
import { BAD_PLAN_EXIT_CODE, DUPLICATE_EXIT_CODE } from '../src/shard/protocol.ts';
import { checkJob } from './helpers/kube-job-check.ts';

const TEST_ID = '3f2b8c1e-7d4a-4e0b-9c51-2a6f0d9e8b17';
const SPEC: ShardJobSpec = {
  testId: TEST_ID,
  location: 'DE',
  shards: 4,
  namespace: 'loadgate',
  image: 'ghcr.io/loadgate/loadgate:0.1.0',
  callbackUrl: 'http://loadgate.loadgate.svc:8080',
  secretName: secretName(TEST_ID),
  nodeSelector: { 'topology.kubernetes.io/region': 'eu-central-1' },
  resources: { requests: { cpu: '500m', memory: '256Mi' }, limits: { memory: '512Mi' } },
  activeDeadlineSeconds: 190,
  ttlSecondsAfterFinished: 3600,
  backoffLimitPerIndex: 2,
};
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A deep copy to break one rule in. */
function copy(): V1Job {
  return structuredClone(shardJob(SPEC));
}

describe('shardJob', () => {
  const job = shardJob(SPEC);
  const pod = job.spec?.template.spec;
  const container = pod?.containers[0];

  it('is an Indexed Job with every shard running at once and a retry budget per index', () => {
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.metadata).toMatchObject({ name: jobName(TEST_ID, 'DE'), namespace: 'loadgate' });
    expect(job.spec).toMatchObject({
      completionMode: 'Indexed',
      completions: 4,
      parallelism: 4,
      backoffLimitPerIndex: 2,
      maxFailedIndexes: 4,
      podReplacementPolicy: 'Failed',
      activeDeadlineSeconds: 190,
      ttlSecondsAfterFinished: 3600,
    });
    expect(pod?.restartPolicy).toBe('Never');
  });

  it('ignores disruptions and duplicate pods, and fails an index at once on the bad-plan exit code', () => {
    expect(job.spec?.podFailurePolicy?.rules).toEqual([
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
      { action: 'FailIndex', onExitCodes: { containerName: 'shard', operator: 'In', values: [BAD_PLAN_EXIT_CODE] } },
      { action: 'Ignore', onExitCodes: { containerName: 'shard', operator: 'In', values: [DUPLICATE_EXIT_CODE] } },
    ]);
    expect(BAD_PLAN_EXIT_CODE).toBe(2);
    expect(DUPLICATE_EXIT_CODE).toBe(3);
  });

  it('labels the Job and its pods with the test, the location and loadgate', () => {
    const labels = { [LABEL_TEST]: TEST_ID, [LABEL_LOCATION]: 'DE', [LABEL_MANAGED]: 'loadgate' };
    expect(job.metadata?.labels).toEqual(labels);
    expect(job.spec?.template.metadata?.labels).toEqual(labels);
    expect(testLabelSelector(TEST_ID)).toBe(`loadgate.dev/test-id=${TEST_ID}`);
  });

  it("runs one shard container of the image against the callback URL, on the location's nodes", () => {
    expect(pod?.nodeSelector).toEqual(SPEC.nodeSelector);
    expect(pod?.containers).toHaveLength(1);
    expect(container?.name).toBe('shard');
    expect(container?.image).toBe(SPEC.image);
    expect(container?.command).toEqual(['loadgate', 'shard', '--server', SPEC.callbackUrl, '--test', TEST_ID]);
    expect(container?.resources).toEqual(SPEC.resources);
    expect(container?.env).toEqual([
      { name: 'LOADGATE_SHARD_TOKEN', valueFrom: { secretKeyRef: { name: SPEC.secretName, key: TOKEN_KEY } } },
      { name: 'LOADGATE_SHARD_ATTEMPT', valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_FAILURE_ANNOTATION}']` } } },
      // An ignored failure (an eviction) is a new attempt too: the shard adds the two counts.
      {
        name: 'LOADGATE_SHARD_IGNORED_FAILURES',
        valueFrom: { fieldRef: { fieldPath: "metadata.annotations['batch.kubernetes.io/job-index-ignored-failure-count']" } },
      },
      { name: 'LOADGATE_SHARD_LOCATION', value: 'DE' },
    ]);
  });

  it("spreads the location's shards over its nodes, without holding any back on a small pool", () => {
    expect(pod?.topologySpreadConstraints).toEqual([
      {
        maxSkew: 1,
        topologyKey: 'kubernetes.io/hostname',
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: { [LABEL_TEST]: TEST_ID, [LABEL_LOCATION]: 'DE' } },
      },
    ]);
    // The selector matches the pods' own labels, or it would spread nothing.
    expect(job.spec?.template.metadata?.labels).toMatchObject(pod!.topologySpreadConstraints![0]!.labelSelector!.matchLabels!);
  });

  it('runs as a non-root user without privileges or the API token', () => {
    expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container?.securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(pod?.automountServiceAccountToken).toBe(false);
  });

  it('leaves out the node selector and resources when none are given', () => {
    const bare = shardJob({ ...SPEC, nodeSelector: undefined, resources: undefined });
    expect(bare.spec?.template.spec).not.toHaveProperty('nodeSelector');
    expect(bare.spec?.template.spec?.containers[0]).not.toHaveProperty('resources');
    expect(checkJob(bare)).toEqual([]);
  });
});

describe('testSecret', () => {
  it('holds the token base64-encoded under its key, labelled with the test', () => {
    const secret = testSecret(TEST_ID, 'loadgate', 's3cr3t-token');
    expect(secret.metadata).toMatchObject({
      name: secretName(TEST_ID),
      namespace: 'loadgate',
      labels: { [LABEL_TEST]: TEST_ID, [LABEL_MANAGED]: 'loadgate' },
    });
    expect(Buffer.from(secret.data?.[TOKEN_KEY] ?? '', 'base64').toString('utf8')).toBe('s3cr3t-token');
    expect(secret.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  });
});

describe('checkJob', () => {
  it('passes the Job the builder makes', () => {
    expect(checkJob(shardJob(SPEC))).toEqual([]);
  });

  it('refuses a schema violation, naming the field', () => {
    const job = copy();
    (job.spec as unknown as Record<string, unknown>).completions = '4';
    expect(checkJob(job)).toEqual(['spec.completions: must be integer (Kubernetes schema)']);
  });

  it('refuses a container without a name, with its index in the path', () => {
    const job = copy();
    delete (job.spec!.template.spec!.containers[0] as unknown as Record<string, unknown>).name;
    expect(checkJob(job).join('\n')).toContain('spec.template.spec.containers[0]: must have required property name (Kubernetes schema)');
  });

  it('refuses backoffLimitPerIndex without completionMode Indexed', () => {
    const job = copy();
    job.spec!.completionMode = 'NonIndexed';
    expect(checkJob(job)).toEqual([
      expect.stringMatching(/^spec\.backoffLimitPerIndex: can only be set when completionMode is Indexed \(JobSpec/),
    ]);
  });

  it('refuses backoffLimitPerIndex without restartPolicy Never', () => {
    const job = copy();
    job.spec!.template.spec!.restartPolicy = 'OnFailure';
    const problems = checkJob(job);
    expect(problems).toContainEqual(
      expect.stringMatching(/^spec\.backoffLimitPerIndex: can only be set when the pod's restartPolicy is Never/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^spec\.podFailurePolicy: cannot be used with restartPolicy OnFailure/));
  });

  it('refuses podFailurePolicy with a podReplacementPolicy other than Failed', () => {
    const job = copy();
    job.spec!.podReplacementPolicy = 'TerminatingOrFailed';
    expect(checkJob(job)).toEqual([
      expect.stringMatching(/^spec\.podReplacementPolicy: must be Failed when podFailurePolicy is used, got "TerminatingOrFailed"/),
    ]);
  });

  it('refuses FailIndex and maxFailedIndexes without backoffLimitPerIndex', () => {
    const job = copy();
    delete job.spec!.backoffLimitPerIndex;
    expect(checkJob(job)).toEqual([
      expect.stringMatching(/^spec\.maxFailedIndexes: can only be specified when backoffLimitPerIndex is set/),
      expect.stringMatching(/^spec\.podFailurePolicy\.rules\[1\]\.action: FailIndex can only be used when backoffLimitPerIndex is set/),
    ]);
  });

  it('refuses an exit-code rule on a container the pod does not have, or on exit code 0', () => {
    const job = copy();
    job.spec!.podFailurePolicy!.rules[1]!.onExitCodes = { containerName: 'runner', operator: 'In', values: [0] };
    expect(checkJob(job)).toEqual([
      expect.stringMatching(/^spec\.podFailurePolicy\.rules\[1\]\.onExitCodes\.containerName: names no container/),
      expect.stringMatching(/^spec\.podFailurePolicy\.rules\[1\]\.onExitCodes\.values: 0 cannot be used with the In operator/),
    ]);
  });

  it('refuses an Indexed Job without completions, a restartPolicy Always, a name or label the API refuses', () => {
    const job = copy();
    delete job.spec!.completions;
    delete job.spec!.maxFailedIndexes;
    job.spec!.template.spec!.restartPolicy = 'Always';
    job.metadata!.name = 'Load_Test';
    job.metadata!.labels![LABEL_LOCATION] = 'x'.repeat(64);
    const problems = checkJob(job);
    expect(problems).toHaveLength(5);
    expect(problems).toContainEqual(expect.stringMatching(/^metadata\.name: must be a DNS subdomain/));
    expect(problems).toContainEqual(expect.stringMatching(/^metadata\.labels\["loadgate\.dev\/location"\]: a label value is at most 63/));
    expect(problems).toContainEqual(
      expect.stringMatching(/^spec\.template\.spec\.restartPolicy: must be Never or OnFailure, got "Always"/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^spec\.completions: is required when completionMode is Indexed/));
    expect(problems).toContainEqual(
      expect.stringMatching(/^spec\.backoffLimitPerIndex: can only be set when the pod's restartPolicy is Never/),
    );
  });
});

describe('names', () => {
  it("jobName is a DNS-1123 label that leaves room for the pod hostname's index, for any test id and location", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), fc.string({ maxLength: 80, unit: 'binary' }), (testId, location) => {
        const name = jobName(testId, location);
        expect(name).toMatch(DNS_LABEL);
        expect(`${name}-99999`.length).toBeLessThanOrEqual(63);
      }),
    );
  });

  it('jobName keeps apart pairs that look alike once lowercased and truncated', () => {
    const long = 'a'.repeat(40);
    const names = [jobName('abc', 'US'), jobName('abc', 'us'), jobName('ABC', 'us'), jobName(`${long}1`, 'US'), jobName(`${long}2`, 'US')];
    expect(new Set(names).size).toBe(names.length);
    expect(jobName('abc', 'US')).toBe(jobName('abc', 'US'));
  });

  it('every Job the builder makes passes checkJob, whatever the test id and location', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        (testId, location, shards) => {
          const job = shardJob({ ...SPEC, testId, location, shards, secretName: secretName(testId) });
          expect(checkJob(job)).toEqual([]);
          expect(testSecret(testId, 'ns', 't').metadata?.name).toMatch(DNS_LABEL);
        },
      ),
      { numRuns: 200 },
    );
  });
});
