// Where a location's shards run (`serve --location CC=node:KEY=VALUE`, `CC=namespace:NS` or
// `CC=context:NAME`, which may be combined for one location), and
// how many shards each location gets. Pure.
import { LoadPlan, planLocations, type LocationConfig } from '../../../engine/plan.ts';
import { type Parsed, parsedUnless, type Problem } from '../../../errors.ts';

export interface KubeLocation {
  /** Pods of this location run on nodes with these labels. */
  nodeSelector?: Record<string, string>;
  /** Their Job and Secret live here; absent: the executor's --namespace. */
  namespace?: string;
  /** A kubeconfig context (another cluster): its API server gets the Job and Secret; absent: --kube-context. */
  context?: string;
}

/** The most shards of one location: Kubernetes allows far more, one test's Secret and barrier do not need to. */
export const MAX_SHARDS = 256;

/** `DE=node:topology.kubernetes.io/region=eu-central-1`, `US=namespace:load-us`, `JP=context:tokyo`, `local=node:pool=load`. */
export function parseKubeLocations(entries: readonly string[], flag: string): Parsed<Record<string, KubeLocation>> {
  const locations: Record<string, KubeLocation> = {};
  const problems: Problem[] = [];
  for (const entry of entries) {
    const match = /^([A-Z]{2}|local)=(node|namespace|context):(.+)$/.exec(entry.trim());
    const rule = match?.[3] ?? '';
    const node = /^([A-Za-z0-9./_-]+)=([A-Za-z0-9._-]*)$/.exec(rule);
    if (match?.[2] === 'node' && node) {
      const code = match[1]!;
      locations[code] = { ...locations[code], nodeSelector: { ...locations[code]?.nodeSelector, [node[1]!]: node[2]! } };
    } else if (match?.[2] === 'namespace' && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(rule)) {
      locations[match[1]!] = { ...locations[match[1]!], namespace: rule };
    } else if (match?.[2] === 'context' && /^[A-Za-z0-9][A-Za-z0-9._@:/-]*$/.test(rule)) {
      locations[match[1]!] = { ...locations[match[1]!], context: rule };
    } else {
      problems.push({
        path: flag,
        message: `expected CC=node:LABEL=VALUE, CC=namespace:NAME or CC=context:NAME (CC a two-letter country code or "local"), got "${entry}"`,
      });
    }
  }
  return parsedUnless(problems, locations);
}

/** The load locations this executor offers: `local` and every configured one. */
export function offeredLocations(locations: Record<string, KubeLocation>): string[] {
  return [
    'local',
    ...Object.keys(locations)
      .filter((code) => code !== 'local')
      .sort(),
  ];
}

/**
 * Shards per location of a test: `fixed` when set, else ⌈the location's busiest second ÷ the rate
 * one pod sends⌉ (at least 1, at most MAX_SHARDS). Problems name locations nobody configured.
 */
export function shardsPerLocation(
  config: LocationConfig,
  offered: readonly string[],
  ratePerPod: number,
  fixed?: number,
): { shardCounts: Record<string, number>; problems: Problem[] } {
  const shardCounts: Record<string, number> = {};
  const problems: Problem[] = [];
  for (const location of planLocations(config.proxy_config)) {
    if (!offered.includes(location)) {
      problems.push({
        path: `$.config_data.proxy_config.${location}`,
        message: `no location ${location} on this server (it offers ${offered.join(', ')}; serve --location ${location}=node:LABEL=VALUE adds it)`,
      });
      continue;
    }
    const peak = new LoadPlan(config, { index: 1, count: 1, location }).peakPerSecond();
    shardCounts[location] = fixed ?? Math.min(MAX_SHARDS, Math.max(1, Math.ceil(peak / ratePerPod)));
  }
  return { shardCounts, problems };
}
