// HAR 1.2 → requests: validated against the HAR JSON Schema (har-schema, with ajv), then one
// request per entry in order, by default only the first-party host's API-like requests
// (docs/import.md, "HAR").
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import harSchemas from 'har-schema';
import { allParsed, failed, type Parsed, parsed } from '../errors.ts';
import { parseJson } from './input.ts';
import { plural } from './assemble.ts';
import { type UrlTest, urlPatterns } from './url-filter.ts';
import { type AdapterOptions, emptyNotes, type Imported, type ImportedRequest, type Source } from './types.ts';

interface HarNameValue {
  name: string;
  value: string;
}
interface HarEntry {
  startedDateTime: string;
  time: number;
  _resourceType?: string;
  request: {
    method: string;
    url: string;
    headers: HarNameValue[];
    postData?: { mimeType?: string; text?: string; params?: HarNameValue[] };
  };
  response: { content?: { mimeType?: string; text?: string } };
}
interface Har {
  log: { creator: { name: string }; pages?: { title?: string }[]; entries: HarEntry[] };
}

/** What a browser fetches besides the API: named by resource type, else by the response's MIME type. */
const ASSET_KINDS: [string, RegExp][] = [
  ['image', /^image\//],
  ['font', /^(font\/|application\/(x-)?font|application\/vnd\.ms-fontobject)/],
  ['stylesheet', /^text\/css/],
  ['script', /^(text|application)\/(x-)?(java|ecma)script/],
  ['media', /^(audio|video)\//],
  ['page (HTML)', /^text\/html/],
];
const RESOURCE_KINDS: Record<string, string> = {
  image: 'image',
  font: 'font',
  stylesheet: 'stylesheet',
  script: 'script',
  media: 'media',
  document: 'page (HTML)',
  manifest: 'manifest',
  ping: 'analytics beacon',
  websocket: 'websocket',
  texttrack: 'media',
};

export async function importHar(source: Source, options: AdapterOptions): Promise<Parsed<Imported>> {
  const json = parseJson(source, 'a HAR file');
  if (!json.ok) return json;
  const har = validHar(json.value, source.file);
  if (!har.ok) return har;
  const filters = urlFilters(options);
  if (!filters.ok) return filters;
  return parsed(imported(har.value, filters.value, options.thinkTime));
}

interface UrlFilters {
  include: UrlTest[];
  exclude: UrlTest[];
}

/** --include and --exclude read together, so a mistake in each is reported at once. */
function urlFilters(options: AdapterOptions): Parsed<UrlFilters> {
  const both = allParsed([urlPatterns(options.include, '--include'), urlPatterns(options.exclude, '--exclude')]);
  if (!both.ok) return both;
  const [include = [], exclude = []] = both.value;
  return parsed({ include, exclude });
}

function imported(har: Har, { include, exclude }: UrlFilters, thinkTime: boolean): Imported {
  const entries = har.log.entries;
  const firstParty = firstPartyHost(entries);
  const notes = emptyNotes();
  const dropped = new Map<string, number>();
  const otherHosts = new Set<string>();
  const kept: HarEntry[] = [];
  for (const entry of entries) {
    const url = entry.request.url;
    const why =
      include.length > 0
        ? include.some((test) => test(url))
          ? undefined
          : 'not matched by --include'
        : firstPartyReason(entry, firstParty);
    const reason = why ?? (exclude.some((test) => test(url)) ? 'matched by --exclude' : undefined);
    if (reason === undefined) kept.push(entry);
    else dropped.set(reason, (dropped.get(reason) ?? 0) + 1);
    if (reason === OTHER_HOST) otherHosts.add(hostOf(url));
  }
  if (include.length === 0) notes.kept.push(`API-like requests to the first-party host ${firstParty} (--include replaces this filter)`);
  for (const [reason, n] of dropped) {
    notes.dropped.push(
      reason === OTHER_HOST
        ? `${n} ${plural(n, 'request')} to other hosts (${[...otherHosts].join(', ')})`
        : `${n} ${plural(n, 'request')}: ${reason}`,
    );
  }
  if (thinkTime) notes.kept.push('the time between requests, as sleeps (--think-time)');
  else if (kept.length > 1) notes.dropped.push('the time between requests (--think-time keeps it as sleeps)');
  return {
    title: har.log.pages?.[0]?.title || `HAR of ${firstParty}`,
    requests: kept.map((entry, i) => request(entry, thinkTime ? thinkTimeMs(entry, kept[i + 1]) : undefined)),
    variables: [],
    notes,
  };
}

function request(entry: HarEntry, sleepMs: number | undefined): ImportedRequest {
  const { method, url, headers, postData } = entry.request;
  const body =
    postData?.text ??
    (postData?.params ? new URLSearchParams(postData.params.map((p): [string, string] => [p.name, p.value])).toString() : undefined);
  const pairs = headers.map(({ name, value }): [string, string] => [name, value]);
  if (body !== undefined && postData?.mimeType && !pairs.some(([name]) => name.toLowerCase() === 'content-type'))
    pairs.push(['Content-Type', postData.mimeType]);
  const stream = eventStream(entry);
  return {
    method: method.toUpperCase(),
    url: url.replace(/#.*$/, ''),
    headers: pairs,
    ...(body !== undefined && { body }),
    ...(sleepMs !== undefined && { sleepMs }),
    ...(stream && { stream }),
  };
}

/**
 * A recorded `text/event-stream` answer becomes an SSE step (docs/streaming.md). Its end is read
 * from the recording where it shows one: a last event with a type of its own is `until_event`; a
 * `data: [DONE]` sentinel, or none, leaves the default (the sentinel, or the server's close).
 */
function eventStream(entry: HarEntry): ImportedRequest['stream'] {
  if (!/^text\/event-stream/i.test(entry.response.content?.mimeType ?? '')) return undefined;
  const text = entry.response.content?.text ?? '';
  const types = [...text.matchAll(/^event:[ \t]?(.*)$/gm)].map((m) => m[1]!.trim());
  const last = types.at(-1);
  const endsWithType = last !== undefined && last !== '' && last !== 'message' && !/^data:[ \t]?\[DONE\][ \t]*$/m.test(text);
  return { type: 'sse', ...(endsWithType && { until_event: last }) };
}

/** From the end of one kept request to the start of the next, as the browser spent it. */
function thinkTimeMs(entry: HarEntry, next: HarEntry | undefined): number | undefined {
  if (!next) return undefined;
  const gap = Date.parse(next.startedDateTime) - (Date.parse(entry.startedDateTime) + Math.max(0, entry.time));
  return Number.isFinite(gap) && gap > 0 ? gap : undefined;
}

/** The host of the page the recording opened: its first document, else its first request. */
function firstPartyHost(entries: readonly HarEntry[]): string {
  const page = entries.find((e) => e._resourceType === 'document' || /^text\/html/.test(e.response.content?.mimeType ?? '')) ?? entries[0];
  return page ? hostOf(page.request.url) : '';
}

const OTHER_HOST = 'another host';

/** The default filter: why an entry is not an API-like request to the first-party host, or undefined. */
function firstPartyReason(entry: HarEntry, firstParty: string): string | undefined {
  return hostOf(entry.request.url) === firstParty ? assetKind(entry) : OTHER_HOST;
}

/** Why an entry is not API-like, or undefined when it is. */
function assetKind(entry: HarEntry): string | undefined {
  // A request that changes something (a form posted, a beacon aside) is what a load test replays.
  if (!['GET', 'HEAD'].includes(entry.request.method.toUpperCase()) && entry._resourceType !== 'ping') return undefined;
  const type = entry._resourceType;
  if (type === 'xhr' || type === 'fetch') return undefined;
  if (type !== undefined && RESOURCE_KINDS[type]) return RESOURCE_KINDS[type];
  const mime = entry.response.content?.mimeType ?? '';
  const asset = ASSET_KINDS.find(([, pattern]) => pattern.test(mime));
  if (asset) return asset[0];
  if (/\.(png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|css|js|mjs|map|mp4|webm|mp3)$/i.test(new URL(entry.request.url).pathname))
    return 'static file';
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

let compiled: ReturnType<Ajv['compile']> | undefined;

function validHar(raw: unknown, file: string): Parsed<Har> {
  compiled ??= harValidator();
  if (compiled(raw)) {
    if ((raw as Har).log.entries.length > 0) return parsed(raw as Har);
    return failed([
      { file, path: '$.log.entries', message: 'the HAR holds no requests: record again with the network panel open, or with recordHar' },
    ]);
  }
  const top = typeof raw === 'object' && raw !== null && 'log' in raw;
  const problems = (compiled.errors ?? []).slice(0, 5).map((e) => ({
    file,
    path: jsonPath(e),
    message: `${top ? 'not a valid HAR 1.2 file' : 'not a HAR file (expected {"log": {"version", "creator", "entries": […]}})'}: ${e.message ?? 'invalid'}`,
  }));
  return failed(problems);
}

function harValidator() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addMetaSchema(draft06);
  for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
  return ajv.getSchema('har.json#')!;
}

/** ajv's "/log/entries/0/request" → "$.log.entries[0].request". */
function jsonPath(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`));
  return `$${parts.join('')}`;
}
