// Latency locations (docs/latency.md): the configured list (`CODE=Name` or `CODE=Name@http://proxy:3128`),
// the patterns that pick from it (`*`, `EU.*`, exact codes, comma-joined), and the tree that
// GET /v1/latency/locations/ answers with. Pure: text in, values or Problems out.
import { hideCredentials } from '../results/credentials.ts';
import { failed, type Parsed, parsed, parsedUnless, type Problem } from '../errors.ts';
import type { LatencyLocation } from '../types.ts';

/** Groups map `"CODE:Name"` to their children: sub-groups, or an array of `"CODE:Name"` locations. */
export interface LocationTree {
  [group: string]: LocationTree | string[];
}

/** Used when none is configured: this machine, direct. */
export const DEFAULT_LATENCY_LOCATIONS: readonly LatencyLocation[] = [{ code: 'LOCAL.HOST', name: 'This server' }];

const SEGMENT = '[A-Z][A-Z0-9]*';
const CODE = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})+$`);
const PATTERN = new RegExp(`^(?:\\*|${SEGMENT}(?:\\.${SEGMENT})*(?:\\.\\*)?)$`);
const CONFIG_FORM =
  'CODE=Name or CODE=Name@http://proxy:port, with a code of two or more dot-separated segments of letters and digits such as EU.DE.FRA';
/**
 * The official latency action reads the tree's `"CODE:Name"` items with split(':') and joins a
 * failed location's name with ',' to split it again: either character would cut the name short.
 */
const NAME_FORBIDDEN = /[:,]/;

const CONTINENTS: Record<string, string> = {
  EU: 'Europe',
  NA: 'North America',
  SA: 'South America',
  AS: 'Asia',
  AF: 'Africa',
  OC: 'Oceania',
  AN: 'Antarctica',
  LOCAL: 'Local',
};

const COUNTRIES: Record<string, string> = {
  AE: 'United Arab Emirates',
  AR: 'Argentina',
  AT: 'Austria',
  AU: 'Australia',
  BE: 'Belgium',
  BG: 'Bulgaria',
  BR: 'Brazil',
  CA: 'Canada',
  CH: 'Switzerland',
  CL: 'Chile',
  CN: 'China',
  CO: 'Colombia',
  CZ: 'Czechia',
  DE: 'Germany',
  DK: 'Denmark',
  EG: 'Egypt',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'United Kingdom',
  GR: 'Greece',
  HK: 'Hong Kong',
  HU: 'Hungary',
  ID: 'Indonesia',
  IE: 'Ireland',
  IL: 'Israel',
  IN: 'India',
  IT: 'Italy',
  JP: 'Japan',
  KE: 'Kenya',
  KR: 'South Korea',
  MX: 'Mexico',
  MY: 'Malaysia',
  NG: 'Nigeria',
  NL: 'Netherlands',
  NO: 'Norway',
  NZ: 'New Zealand',
  PE: 'Peru',
  PH: 'Philippines',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SA: 'Saudi Arabia',
  SE: 'Sweden',
  SG: 'Singapore',
  TH: 'Thailand',
  TR: 'Turkey',
  TW: 'Taiwan',
  UA: 'Ukraine',
  UK: 'United Kingdom',
  US: 'United States',
  VN: 'Vietnam',
  ZA: 'South Africa',
};

/**
 * The `--latency-location` / `latency-locations-config` entries; an entry may hold several lines.
 * Blank lines and `#` comments are skipped. No entry at all gives the default list.
 */
export function parseLocationConfig(
  entries: readonly string[],
  inputName: string,
  options: { kube?: boolean } = {},
): Parsed<LatencyLocation[]> {
  const lines = entries
    .flatMap((e) => e.split(/\r?\n/))
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) return parsed([...DEFAULT_LATENCY_LOCATIONS]);
  const locations: LatencyLocation[] = [];
  const problems: Problem[] = [];
  for (const line of lines) {
    const parsed = parseLocationLine(line, options.kube ?? false);
    if (typeof parsed === 'string') problems.push({ path: inputName, message: `${parsed}, got ${JSON.stringify(hideCredentials(line))}` });
    else if (locations.some((l) => l.code === parsed.code))
      problems.push({ path: inputName, message: `location ${parsed.code} is configured twice` });
    else locations.push(parsed);
  }
  problems.push(...treeProblems(locations.map((l) => l.code)).map((message) => ({ path: inputName, message })));
  return parsedUnless(problems, locations);
}

function parseLocationLine(line: string, kube: boolean): LatencyLocation | string {
  const eq = line.indexOf('=');
  if (eq < 0) return `expected ${CONFIG_FORM}`;
  // Codes are case-insensitive, as patterns are: `eu.de.fra` is EU.DE.FRA.
  const code = line.slice(0, eq).trim().toUpperCase();
  if (!CODE.test(code)) return `location code ${JSON.stringify(code)} is not valid; expected ${CONFIG_FORM}`;
  const rest = line.slice(eq + 1);
  const inKube = /^(.*?)@kube:(.*)$/.exec(rest);
  if (inKube) return kubeLocation(code, inKube[1]!.trim(), inKube[2]!.trim(), kube);
  const withProxy = /^(.*?)@([A-Za-z][A-Za-z0-9+.-]*:\/\/.*)$/.exec(rest);
  const name = (withProxy ? withProxy[1]! : rest).trim();
  if (name === '') return `location ${code} has no name; expected ${CONFIG_FORM}`;
  if (NAME_FORBIDDEN.test(name))
    return `the name of location ${code} holds ":" or ",", which published clients split names on; use other characters`;
  if (!withProxy) return { code, name };
  const proxy = proxyUrl(withProxy[2]!.trim());
  if (proxy === undefined) return `the proxy of location ${code} is not an http:// URL with a host; expected ${CONFIG_FORM}`;
  return { code, name, proxy };
}

/** `EU.DE.FRA=Frankfurt@kube:DE`: measured by a one-pod Job of the Kubernetes executor's location DE. */
function kubeLocation(code: string, name: string, location: string, kube: boolean): LatencyLocation | string {
  if (!kube)
    return `location ${code} names a Kubernetes location (@kube:), which only loadgate serve --executor kubernetes can measure from; expected ${CONFIG_FORM}`;
  if (!/^([A-Z]{2}|local)$/.test(location))
    return `location ${code}: @kube: expects a load location of --location (a two-letter country code or "local")`;
  if (name === '' || NAME_FORBIDDEN.test(name)) return `location ${code} needs a name without ":" or "," before @kube:`;
  return { code, name, kube: location };
}

function proxyUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' && url.hostname !== '' ? url.href.replace(/\/$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Under one group the tree holds either sub-groups or locations, never both: `EU.DE` beside
 * `EU.DE.FRA`, or `NA.US.NYC` beside `NA.US.VA.ASH`, has no place in it.
 */
function treeProblems(codes: readonly string[]): string[] {
  const problems: string[] = [];
  const groups = new Set(codes.flatMap((c) => prefixesOf(c)));
  for (const code of codes) {
    if (groups.has(code))
      problems.push(
        `location ${code} is also the group of ${codes.filter((c) => c.startsWith(`${code}.`)).join(', ')}; a code is either a location or a group`,
      );
  }
  for (const group of groups) {
    const leaves = codes.filter((c) => parentOf(c) === group && !groups.has(c));
    const subgroups = [...groups].filter((g) => parentOf(g) === group);
    if (leaves.length > 0 && subgroups.length > 0) {
      problems.push(
        `group ${group} holds both locations (${leaves.join(', ')}) and sub-groups (${subgroups.join(', ')}); give the locations under one group the same depth`,
      );
    }
  }
  return problems;
}

/** `EU.DE.FRA` → `EU`, `EU.DE`. */
function prefixesOf(code: string): string[] {
  const parts = code.split('.');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
}

function parentOf(code: string): string | undefined {
  const dot = code.lastIndexOf('.');
  return dot < 0 ? undefined : code.slice(0, dot);
}

/** `["EU.*, NA.US.VA.ASH", "*"]` → `["EU.*", "NA.US.VA.ASH", "*"]`. */
export function splitPatterns(items: readonly string[]): string[] {
  return items
    .flatMap((i) => i.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The configured locations the patterns pick, in configured order. A pattern that is not valid
 * or picks nothing is a problem that lists the codes there are.
 */
export function selectLocations(
  configured: readonly LatencyLocation[],
  patterns: readonly string[],
  inputName: string,
): Parsed<LatencyLocation[]> {
  const codes = configured.map((l) => l.code).join(', ');
  if (patterns.length === 0) {
    return failed([{ path: inputName, message: `expected at least one location pattern (*, EU.*, or a code); available: ${codes}` }]);
  }
  const problems: Problem[] = [];
  const picked = new Set<string>();
  for (const raw of patterns) {
    const pattern = raw.trim().toUpperCase();
    if (!PATTERN.test(pattern)) {
      problems.push({
        path: inputName,
        message: `location pattern ${JSON.stringify(raw)} is not valid; expected *, a prefix followed by .* (EU.*), or a code such as EU.DE.FRA`,
      });
      continue;
    }
    const matched = configured.filter((l) => matches(pattern, l.code));
    if (matched.length === 0) problems.push({ path: inputName, message: unmatched(raw, pattern, configured, codes) });
    for (const l of matched) picked.add(l.code);
  }
  return parsedUnless(
    problems,
    configured.filter((l) => picked.has(l.code)),
  );
}

function matches(pattern: string, code: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.endsWith('.*')) return code === pattern;
  const prefix = pattern.slice(0, -2);
  return code === prefix || code.startsWith(`${prefix}.`);
}

function unmatched(raw: string, pattern: string, configured: readonly LatencyLocation[], codes: string): string {
  const hint = configured.some((l) => l.code.startsWith(`${pattern}.`))
    ? `; to pick every location under ${pattern} write ${pattern}.*`
    : '';
  return `location pattern ${JSON.stringify(raw)} matches no location${hint}; available: ${codes}`;
}

/** The tree of GET /v1/latency/locations/ (docs/latency.md). */
export function locationTree(locations: readonly LatencyLocation[]): LocationTree {
  const tree: LocationTree = {};
  for (const location of locations) {
    const parts = location.code.split('.');
    let node = tree;
    for (let depth = 0; depth < parts.length - 1; depth += 1) {
      const key = `${parts[depth]}:${groupName(parts[depth]!, depth)}`;
      const isLast = depth === parts.length - 2;
      const child = node[key] ?? (isLast ? [] : {});
      node[key] = child;
      if (Array.isArray(child)) child.push(`${parts[depth + 1]}:${location.name}`);
      else node = child;
    }
  }
  return tree;
}

function groupName(segment: string, depth: number): string {
  const table = depth === 0 ? CONTINENTS : depth === 1 ? COUNTRIES : {};
  return table[segment] ?? segment;
}

/** The dotted location codes a tree holds: `{"EU:Europe": {"DE:Germany": ["FRA:Frankfurt"]}}` → `["EU.DE.FRA"]`. */
export function flattenTree(tree: LocationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, child]) => {
    const code = `${prefix}${codeOf(key)}`;
    return Array.isArray(child) ? child.map((leaf) => `${code}.${codeOf(leaf)}`) : flattenTree(child, `${code}.`);
  });
}

function codeOf(entry: string): string {
  const colon = entry.indexOf(':');
  return colon < 0 ? entry : entry.slice(0, colon);
}

/** How a location reaches the target, for reports: the proxy, its credentials hidden. */
export function egressLabel(location: LatencyLocation): string {
  if (location.kube !== undefined) return `kubernetes ${location.kube}`;
  if (location.proxy === undefined) return 'direct';
  return `proxy ${hideCredentials(location.proxy)}`;
}
