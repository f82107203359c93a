// The shared end of every import: requests → a definition (docs/import.md). Methods the engine
// cannot send are dropped, headers the engine sets itself are left out, duplicate header names
// are joined, step names are made unique, and every `{{VAR}}` a step uses is in the environment.
import { failed, type Parsed, parsed } from '../errors.ts';
import { FORBIDDEN_HEADERS, LIMITS } from '../definition/schema.ts';
import { isDynamicName } from '../variables/dynamic.ts';
import type { ImportedRequest, ImportedVariable, Notes } from './types.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** Headers a replay must not copy: the engine frames, connects and negotiates compression itself. */
const ENGINE_HEADERS = new Set([...Object.keys(FORBIDDEN_HEADERS), 'host', 'accept-encoding', 'trailer']);

const DEFAULT_LOAD = { iteration_count: 100, duration: 10 } as const;

export interface AssembleInput {
  name: string;
  requests: readonly ImportedRequest[];
  variables: readonly ImportedVariable[];
  notes: Notes;
  /** For problems: the imported file. */
  file: string;
}

export interface RawStep {
  id: number;
  name: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  payload?: string;
  sleep?: string;
  others?: { 'disable-compression': boolean };
}

export interface RawDefinition {
  name: string;
  config_data: { steps: RawStep[]; iteration_count: number; duration: number; load_type?: string };
  environment?: { name: string; vars: ImportedVariable[] };
}

export function assemble(input: AssembleInput): Parsed<RawDefinition> {
  const { notes } = input;
  const sendable = input.requests.filter((r) => METHODS.has(r.method));
  const unsendable = input.requests.filter((r) => !METHODS.has(r.method)).map((r) => `${r.method} ${r.url}`);
  if (unsendable.length > 0)
    notes.dropped.push(
      `${unsendable.length} ${plural(unsendable.length, 'request')} with a method the engine does not send: ${unsendable.join(', ')}`,
    );
  if (sendable.length === 0)
    return failed([
      { file: input.file, path: '$', message: 'nothing to import: no request was kept (see --include and the filters in docs/import.md)' },
    ]);
  if (sendable.length > LIMITS.steps) {
    return failed([
      {
        file: input.file,
        path: '$',
        message: `${sendable.length} requests were kept, more than the ${LIMITS.steps} steps a definition may have: narrow them with --include/--exclude (or --operation/--tag)`,
      },
    ]);
  }
  const left = new Set<string>();
  const names = uniqueNames(sendable);
  const steps = sendable.map((r, i) => step(r, i, names[i]!, left));
  if (left.size > 0) notes.dropped.push(`headers the engine sets itself: ${[...left].sort().join(', ')}`);
  const vars = withReferencedVariables(steps, input.variables, notes);
  return parsed({
    name: input.name,
    config_data: { steps, ...DEFAULT_LOAD },
    ...(vars.length > 0 && { environment: { name: 'imported', vars } }),
  });
}

function step(request: ImportedRequest, index: number, name: string, left: Set<string>): RawStep {
  const headers = joinedHeaders(request.headers, left);
  return {
    id: index + 1,
    name,
    url: request.url,
    method: request.method,
    ...(Object.keys(headers).length > 0 && { headers }),
    ...(request.body !== undefined && request.body !== '' && { payload: request.body }),
    ...(request.sleepMs !== undefined && request.sleepMs > 0 && { sleep: String(Math.min(Math.round(request.sleepMs), LIMITS.sleepMs)) }),
    ...(request.disableCompression && { others: { 'disable-compression': true } }),
    ...(request.stream && { stream: request.stream }),
  };
}

/** Header names are case-insensitive: repeats are joined as HTTP allows (cookies with "; "). */
function joinedHeaders(headers: readonly [string, string][], left: Set<string>): Record<string, string> {
  const joined = new Map<string, [string, string]>();
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (name.startsWith(':') || ENGINE_HEADERS.has(lower)) {
      left.add(lower);
      continue;
    }
    const earlier = joined.get(lower);
    joined.set(lower, earlier ? [earlier[0], `${earlier[1]}${lower === 'cookie' ? '; ' : ', '}${value}`] : [name, value]);
  }
  return Object.fromEntries(joined.values());
}

/** "GET /api/items" from the URL when the source names nothing; "(2)" added to a repeated name. */
function uniqueNames(requests: readonly ImportedRequest[]): string[] {
  const seen = new Map<string, number>();
  return requests.map((r) => {
    const base = (r.name?.trim() || `${r.method} ${pathOf(r.url)}`).slice(0, 120);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function pathOf(url: string): string {
  const rest = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '').replace(/^\{\{[^}]*\}\}/, '');
  return rest.split(/[?#]/)[0] || '/';
}

const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** Where a URL's origin is a variable without a usable value, the output runs against this local one. */
export const LOCAL_BASE = 'http://127.0.0.1:8080';

/** Every environment reference of the steps has a variable: the missing ones empty, named in "to set". */
function withReferencedVariables(steps: readonly RawStep[], variables: readonly ImportedVariable[], notes: Notes): ImportedVariable[] {
  const vars = [...variables];
  const known = new Set(vars.map((v) => v.key));
  for (const s of steps) {
    for (const text of [s.url, ...Object.entries(s.headers ?? {}).flat(), s.payload ?? '']) {
      for (const [, name] of text.matchAll(REFERENCE)) {
        if (known.has(name!) || name!.startsWith('data.') || isDynamicName(name!.replace(/\(.*$/, ''))) continue;
        known.add(name!);
        vars.push({ key: name!, value: '' });
        notes.toSet.push(`${name} (used by step ${s.id}, no value in the source)`);
      }
    }
  }
  return vars.map((v) => (originVariables(steps).has(v.key) ? withOrigin(v, notes) : v));
}

/** The variables a step URL starts with (`{{baseUrl}}/users`): their values must be an http(s) origin. */
function originVariables(steps: readonly RawStep[]): Set<string> {
  return new Set(steps.map((s) => /^\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/.exec(s.url)?.[1]).filter((name) => name !== undefined));
}

function withOrigin(v: ImportedVariable, notes: Notes): ImportedVariable {
  if (/^https?:\/\//.test(v.value)) return v;
  const value = v.value === '' ? LOCAL_BASE : `http://${v.value}`;
  notes.kept.push(
    `${v.key} starts the URLs: ${v.value === '' ? 'it has no value, so' : 'it has no scheme, so'} it is ${value} (change it with -e ${v.key}=…)`,
  );
  return { ...v, value };
}

export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
