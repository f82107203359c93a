// deploy/: the Kubernetes manifests against the Kubernetes schemas (kubernetes-models) and what
// the install relies on; the Dockerfile by its instructions. No Docker daemon runs here, so the
// image itself is not built (docs/kubernetes.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  loadAllYaml,
  type KubernetesObject,
  type V1Deployment,
  type V1PersistentVolumeClaim,
  type V1Role,
  type V1RoleBinding,
  type V1Service,
} from '@kubernetes/client-node';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import { RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { describe, expect, it } from 'vitest';
import { SHARD_USER_ID } from '../src/server/executors/kubernetes/manifests.ts';
import { DEFAULT_SHUTDOWN_GRACE_S } from '../src/server/executors/settings.ts';

const DEPLOY = new URL('../deploy/', import.meta.url);
const MANIFESTS = new URL('kubernetes/', DEPLOY);

interface Validating {
  validate(): void;
}
const SCHEMAS: Record<string, new (data: never) => Validating> = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
};

const files = readdirSync(MANIFESTS)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const documents = files.flatMap((file) =>
  (loadAllYaml(readFileSync(new URL(file, MANIFESTS), 'utf8')) as KubernetesObject[]).map((object) => ({ file, object })),
);

function one<T>(kind: string): T {
  const found = documents.filter((d) => d.object.kind === kind);
  expect(found, `one ${kind} under deploy/kubernetes`).toHaveLength(1);
  return found[0]!.object as T;
}

/** A flag's value in an argument list: `--db /data/loadgate.db`. */
function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

describe('deploy/kubernetes', () => {
  it.each(documents.map((d) => [`${d.file}: ${d.object.kind} ${d.object.metadata?.name}`, d.object] as const))(
    '%s validates against the Kubernetes schema',
    (_, object) => {
      const Schema = SCHEMAS[`${object.apiVersion}/${object.kind}`];
      expect(Schema, `a schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      // The wire form, as kubectl sends it.
      expect(() => new Schema!(JSON.parse(JSON.stringify(object)) as never).validate()).not.toThrow();
    },
  );

  it('holds the server, its storage, its Service and its access, all in one namespace', () => {
    expect(documents.map((d) => d.object.kind).sort()).toEqual([
      'Deployment',
      'Namespace',
      'PersistentVolumeClaim',
      'Role',
      'RoleBinding',
      'Service',
      'ServiceAccount',
    ]);
    const namespace = one<KubernetesObject>('Namespace').metadata?.name;
    for (const { object } of documents.filter((d) => d.object.kind !== 'Namespace')) expect(object.metadata?.namespace).toBe(namespace);
  });

  it('grants the server exactly what it needs: Jobs, reading pods, the token Secrets', () => {
    const rules = one<V1Role>('Role').rules ?? [];
    const grants = rules.flatMap((r) =>
      (r.resources ?? []).flatMap((resource) => (r.verbs ?? []).map((verb) => `${r.apiGroups?.join('|')}/${resource}:${verb}`)),
    );
    expect(new Set(grants)).toEqual(
      new Set([
        'batch/jobs:create',
        'batch/jobs:get',
        'batch/jobs:list',
        'batch/jobs:watch',
        'batch/jobs:delete',
        '/pods:get',
        '/pods:list',
        '/pods:watch',
        '/secrets:create',
        '/secrets:get',
        // The sweep at start lists the Secrets tests no longer running left.
        '/secrets:list',
        '/secrets:delete',
      ]),
    );
    expect(grants).toHaveLength(12);
    const binding = one<V1RoleBinding>('RoleBinding');
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: one<V1Role>('Role').metadata?.name });
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: one<KubernetesObject>('ServiceAccount').metadata?.name, namespace: binding.metadata?.namespace },
    ]);
  });

  it('runs one server, non-root, as the service account, stopping the old pod before the new one opens the database', () => {
    const deployment = one<V1Deployment>('Deployment');
    expect(deployment.spec?.replicas).toBe(1);
    expect(deployment.spec?.strategy?.type).toBe('Recreate');
    const pod = deployment.spec!.template.spec!;
    expect(pod.serviceAccountName).toBe(one<KubernetesObject>('ServiceAccount').metadata?.name);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: SHARD_USER_ID, fsGroup: SHARD_USER_ID });
    expect(pod.containers).toHaveLength(1);
    expect(pod.containers[0]?.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('gives serve the time its shutdown grace needs on SIGTERM, with room to merge the test and close', () => {
    const pod = one<V1Deployment>('Deployment').spec!.template.spec!;
    const grace = Number(flag(pod.containers[0]!.args ?? [], '--shutdown-grace') ?? DEFAULT_SHUTDOWN_GRACE_S);
    expect(grace).toBeGreaterThan(0);
    // Kubernetes' default of 30 s would SIGKILL serve within the grace.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(grace + 15);
  });

  it('keeps the database on the PersistentVolumeClaim', () => {
    const pod = one<V1Deployment>('Deployment').spec!.template.spec!;
    const container = pod.containers[0]!;
    const db = flag(container.args ?? [], '--db') ?? '';
    const claim = one<V1PersistentVolumeClaim>('PersistentVolumeClaim').metadata?.name;
    const volume = pod.volumes?.find((v) => v.persistentVolumeClaim?.claimName === claim);
    const mount = container.volumeMounts?.find((m) => m.name === volume?.name);
    expect(mount?.mountPath).toBeDefined();
    expect(db.startsWith(`${mount?.mountPath}/`)).toBe(true);
  });

  it('serves the Kubernetes executor: its image, its namespace, callbacks through the Service, API keys from a Secret', () => {
    const container = one<V1Deployment>('Deployment').spec!.template.spec!.containers[0]!;
    const args = container.args ?? [];
    expect(args[0]).toBe('serve');
    expect(flag(args, '--executor')).toBe('kubernetes');
    expect(flag(args, '--image')).toBe(container.image);
    expect(flag(args, '--namespace')).toBe(one<V1Role>('Role').metadata?.namespace);
    const service = one<V1Service>('Service');
    expect(flag(args, '--callback-url')).toBe(
      `http://${service.metadata?.name}.${service.metadata?.namespace}.svc:${service.spec?.ports?.[0]?.port}`,
    );
    expect(flag(args, '--host')).toBe('0.0.0.0');
    expect(container.ports?.map((p) => [p.name, p.containerPort])).toEqual([['http', Number(flag(args, '--port'))]]);
    expect(service.spec?.ports?.[0]?.targetPort).toBe('http');
    expect(service.spec?.selector).toEqual(one<V1Deployment>('Deployment').spec?.selector.matchLabels);
    expect(container.env).toEqual([{ name: 'LOADGATE_API_KEY', valueFrom: { secretKeyRef: { name: 'loadgate-api-keys', key: 'keys' } } }]);
  });
});

// ---- the Dockerfile, by its instructions (docs.docker.com/reference/dockerfile/) ----

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions in order: comments dropped, `\` continuations joined. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

describe('deploy/Dockerfile', () => {
  const steps = instructions(readFileSync(join(DEPLOY.pathname, 'Dockerfile'), 'utf8'));
  const last = (keyword: string): string | undefined => steps.filter((s) => s.keyword === keyword).at(-1)?.args;

  it('starts from Node 24 slim and installs the packed CLI', () => {
    expect(steps[0]).toEqual({ keyword: 'FROM', args: 'node:24-slim' });
    expect(steps.filter((s) => s.keyword === 'FROM')).toHaveLength(1);
    expect(steps).toContainEqual({ keyword: 'COPY', args: 'loadgate-*.tgz /tmp/' });
    expect(steps.find((s) => s.keyword === 'RUN')?.args).toMatch(/^npm install --global .*\/tmp\/loadgate-\*\.tgz/);
  });

  it('runs as the non-root user the manifests name', () => {
    const user = last('USER') ?? 'root';
    expect(user).toBe(`${SHARD_USER_ID}:${SHARD_USER_ID}`);
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const userAt = steps.findIndex((s) => s.keyword === 'USER');
    expect(steps.slice(userAt).some((s) => s.keyword === 'RUN' || s.keyword === 'COPY')).toBe(false);
  });

  it('has one entry point, loadgate, serving by default', () => {
    expect(JSON.parse(last('ENTRYPOINT') ?? 'null')).toEqual(['loadgate']);
    expect(JSON.parse(last('CMD') ?? 'null')).toEqual(['serve', '--host', '0.0.0.0']);
  });

  it('sends the build only the Dockerfile and the tarball', () => {
    expect(
      readFileSync(join(DEPLOY.pathname, '.dockerignore'), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#')),
    ).toEqual(['*', '!Dockerfile', '!loadgate-*.tgz']);
  });
});
