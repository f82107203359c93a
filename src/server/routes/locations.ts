// GET /v1/load/locations/: where this server can send load from (docs/engine.md): `local`, and each
// country with a proxy configured (--proxies CC=URL), or with the Kubernetes executor each location
// configured with --location (docs/kubernetes.md). Proxy URLs may hold credentials: not shown.
import type { RouteTable, ServerContext } from '../context.ts';

export interface LoadLocation {
  code: string;
  egress: 'direct' | 'proxy' | 'kubernetes';
}

export function loadLocations(proxies: Record<string, string>): LoadLocation[] {
  const countries = Object.keys(proxies).sort();
  return [{ code: 'local', egress: 'direct' }, ...countries.map((code): LoadLocation => ({ code, egress: 'proxy' }))];
}

export function locationRoutes(ctx: ServerContext): RouteTable {
  return {
    '/v1/load/locations/': {
      GET: async () => ctx.kubernetesLocations?.map((code): LoadLocation => ({ code, egress: 'kubernetes' })) ?? loadLocations(ctx.proxies),
    },
  };
}
