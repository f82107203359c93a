// Typed calls to a service of the load-testing interface (docs/interface.md: the routes of section 4, the client of section 10).
//
// Retry policy. GET and DELETE are idempotent: they are retried on network errors, 429 and 5xx.
// A POST is retried only when the service cannot have acted on it: on 429 and on errors raised
// before a connection existed (refused, unreachable, connect timeout). A POST that got a 5xx, or
// whose connection dropped after it was sent, may have started a test; sending it again could
// start a second one, so it fails at once. Other 4xx never retry.
// `retry.attempts` counts every attempt, the first included.
// Spacing: GETs leave at least 200 ms apart and other requests 500 ms apart within one client,
// under the ~5 GET/s and 2 other/s that public services of this kind allow.
// The API key travels only in X-API-KEY: errors and log lines name the method and path, and a
// server message that echoes the key has it replaced by ***.
import { Blob } from 'node:buffer';
import { FormData, request, Response, type Dispatcher } from 'undici';
import { isRecord } from '../json.ts';
import { VERSION } from '../version.ts';
import type {
  AnsweredRecord,
  CreatedLoadTestRecord,
  EnvironmentRecord,
  Id,
  LoadTestRecord,
  PlanRecord,
  TestDataRecord,
} from './service-records.ts';
import type { ConfigData, Environment, FileConfig } from '../types.ts';

export type { Id } from './service-records.ts';

export interface RetryOptions {
  /** Attempts in all, the first included. Default 5. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails the call instead of stalling the run. Default 60 s. */
  maxRetryAfterMs: number;
}

export interface ClientOptions {
  /** The interface's {base_url}; a path prefix is kept (`https://host/api`). */
  baseUrl: string;
  apiKey: string;
  dispatcher?: Dispatcher;
  retry?: Partial<RetryOptions>;
  /** Per request, headers and body included. Default 30 s. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** In [0, 1): the jitter source. */
  random?: () => number;
  log?: (message: string) => void;
}

/** Other services may use status words beyond loadgate serve's (docs/interface.md 3). */
export type CreatedLoadTest = Omit<AnsweredRecord<CreatedLoadTestRecord>, 'status'> & { status?: string };
export type LoadTestDetails = Omit<AnsweredRecord<LoadTestRecord>, 'status'> & { status: string };
export type ServiceEnvironment = AnsweredRecord<EnvironmentRecord, 'name' | 'vars'>;
export type ServiceTestData = AnsweredRecord<TestDataRecord, 'name'>;
export type ServicePlan = AnsweredRecord<PlanRecord>;

export interface Balance {
  request_count: number;
  duration: number;
}

export interface TestDataUpload {
  name: string;
  type: string;
  file_config: FileConfig;
  fileName: string;
  content: Buffer;
}

export interface StartLoadTestRequest {
  name: string;
  config_data: ConfigData;
  /** Not in the interface (docs/interface.md 2.1): the id of the environment created for this test. */
  environment?: Id;
  /** Not in the interface (docs/interface.md 2.1): the ids of the test data sets created for this test. */
  test_data?: Id[];
}

export interface ServiceErrorFields {
  method: string;
  /** The request path as sent (base path prefix included), never the query or the key. */
  path: string;
  /** HTTP status; undefined when no answer arrived. */
  status?: number;
  /** Network error code (ECONNREFUSED, UND_ERR_SOCKET, TimeoutError…) when no answer arrived. */
  code?: string;
  /** What the service said, key redacted. */
  serverMessage?: string;
  /** True when the same request may succeed later (network, 429, 5xx), whether or not it was retried. */
  retriable: boolean;
}

export class ServiceError extends Error {
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly retriable: boolean;
  constructor(message: string, fields: ServiceErrorFields) {
    super(message);
    this.name = 'ServiceError';
    this.method = fields.method;
    this.path = fields.path;
    this.status = fields.status;
    this.code = fields.code;
    this.serverMessage = fields.serverMessage;
    this.retriable = fields.retriable;
  }
}

export interface ServiceClient {
  createEnvironment(env: Environment): Promise<ServiceEnvironment>;
  listEnvironments(): Promise<ServiceEnvironment[]>;
  getEnvironment(id: Id): Promise<ServiceEnvironment>;
  deleteEnvironment(id: Id): Promise<void>;
  createTestData(upload: TestDataUpload): Promise<ServiceTestData>;
  listTestData(): Promise<ServiceTestData[]>;
  startLoadTest(req: StartLoadTestRequest): Promise<CreatedLoadTest>;
  getLoadTest(id: Id): Promise<LoadTestDetails>;
  /** `resultPath` is a path template with `<id>`; default `/v1/load/test/<id>/result/`. */
  getResult(id: Id, resultPath?: string): Promise<unknown>;
  getPlan(planId: string): Promise<ServicePlan>;
  stopLoadTest(id: Id): Promise<unknown>;
  balance(): Promise<Balance>;
  loadLocations(): Promise<unknown>;
  /** `samples` is not in the interface (docs/interface.md 2.6); `loadgate serve` takes it (docs/latency.md). */
  startLatencyTest(req: { target: string; locations: string[]; samples?: number }): Promise<Record<string, unknown>>;
  latencyLocations(): Promise<Record<string, unknown>>;
}

export const DEFAULT_RESULT_PATH = '/v1/load/test/<id>/result/';

const DEFAULT_RETRY: RetryOptions = { attempts: 5, baseDelayMs: 500, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };
const DEFAULT_TIMEOUT_MS = 30_000;
/** Spacing within one client: public services allow about 5 GET/s and 2 other requests/s. */
const GET_SPACING_MS = 200;
const OTHER_SPACING_MS = 500;
const MESSAGE_LIMIT = 300;
/** Raised before the request left: safe to resend even a POST. */
const PRE_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'DELETE']);

type Method = 'GET' | 'POST' | 'DELETE';
type RequestBody = { json: unknown } | { bytes: Buffer; contentType: string } | undefined;
type Attempt = { ok: true; body: unknown } | { ok: false; error: ServiceError; retryAfterMs?: number };

/** `https://host/api/` + `/v1/x/` → `https://host/api/v1/x/` (docs/interface.md 10: concatenation, one trailing slash stripped). */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/$/, '') + path;
}

export function createClient(options: ClientOptions): ServiceClient {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => {});
  const limiter = createLimiter(now, sleep);

  async function call(method: Method, path: string, body?: RequestBody): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      await limiter(method);
      const outcome = await attemptOnce(options, method, path, body);
      if (outcome.ok) return outcome.body;
      const { error } = outcome;
      if (!mayRetry(method, error) || attempt >= retry.attempts) throw error;
      if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > retry.maxRetryAfterMs) {
        throw new ServiceError(
          `${error.message} (the service asks to wait ${Math.ceil(outcome.retryAfterMs / 1000)} s, longer than loadgate waits)`,
          error,
        );
      }
      const delay = retryDelay(retry, attempt, random, outcome.retryAfterMs);
      log(
        `${method} ${path}: ${error.status ?? error.code}; retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${retry.attempts})`,
      );
      await sleep(delay);
    }
  }

  const get = (path: string) => call('GET', path);
  return {
    createEnvironment: async (env) =>
      expectRecord<ServiceEnvironment>(await call('POST', '/v1/environment/', { json: env }), 'POST /v1/environment/'),
    listEnvironments: async () => expectList<ServiceEnvironment>(await get('/v1/environment/'), 'GET /v1/environment/'),
    getEnvironment: async (id) =>
      expectRecord<ServiceEnvironment>(await get(`/v1/environment/${seg(id)}/`), `GET /v1/environment/${seg(id)}/`),
    deleteEnvironment: async (id) => {
      await call('DELETE', `/v1/environment/${seg(id)}/`);
    },
    createTestData: async (upload) =>
      expectRecord<ServiceTestData>(await call('POST', '/v1/testdata/', await multipart(testDataForm(upload))), 'POST /v1/testdata/'),
    listTestData: async () => expectList<ServiceTestData>(await get('/v1/testdata/'), 'GET /v1/testdata/'),
    startLoadTest: async (req) => expectRecord<CreatedLoadTest>(await call('POST', '/v1/load/test/', { json: req }), 'POST /v1/load/test/'),
    getLoadTest: async (id) => expectDetails(await get(`/v1/load/test/${seg(id)}/`), `GET /v1/load/test/${seg(id)}/`),
    getResult: (id, resultPath = DEFAULT_RESULT_PATH) => get(resultPathFor(id, resultPath)),
    getPlan: async (planId) => expectObject<ServicePlan>(await get(`/v1/load/plan/${seg(planId)}/`), `GET /v1/load/plan/${seg(planId)}/`),
    stopLoadTest: (id) => get(`/v1/load/test/${seg(id)}/stop/`),
    balance: async () => expectObject<Balance>(await get('/v1/balance/'), 'GET /v1/balance/'),
    loadLocations: () => get('/v1/load/locations/'),
    startLatencyTest: async (req) => expectObject(await call('POST', '/v1/latency/test/', { json: req }), 'POST /v1/latency/test/'),
    latencyLocations: async () => expectObject(await get('/v1/latency/locations/'), 'GET /v1/latency/locations/'),
  };
}

export function resultPathFor(id: Id, template: string = DEFAULT_RESULT_PATH): string {
  return template.replaceAll('<id>', seg(id));
}

function seg(id: Id): string {
  return encodeURIComponent(String(id));
}

/**
 * Encoded once, with undici's own multipart encoder: a FormData body handed to undici 8's
 * request() is never sent (nodejs/undici#5520), and bytes can be resent on a retry.
 */
async function multipart(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType };
}

function testDataForm(upload: TestDataUpload): FormData {
  const form = new FormData();
  form.append('name', upload.name);
  form.append('file', new Blob([upload.content], { type: 'text/csv' }), upload.fileName);
  form.append('type', upload.type);
  form.append('file_config', JSON.stringify(upload.file_config));
  return form;
}

/** Reserves the next free slot of the method's lane, so concurrent calls space out too. */
function createLimiter(now: () => number, sleep: (ms: number) => Promise<void>): (method: Method) => Promise<void> {
  const nextFree = { GET: 0, OTHER: 0 };
  return async (method) => {
    const lane = method === 'GET' ? 'GET' : 'OTHER';
    const at = Math.max(now(), nextFree[lane]);
    nextFree[lane] = at + (lane === 'GET' ? GET_SPACING_MS : OTHER_SPACING_MS);
    const wait = at - now();
    if (wait > 0) await sleep(wait);
  };
}

function mayRetry(method: Method, error: ServiceError): boolean {
  if (!error.retriable) return false;
  if (IDEMPOTENT.has(method)) return true;
  return error.status === 429 || (error.code !== undefined && PRE_CONNECTION_CODES.has(error.code));
}

/** Full jitter: random(0, min(max, base·2^(attempt-1))); a Retry-After is a floor, never shortened. */
export function retryDelay(retry: RetryOptions, attempt: number, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.floor(random() * ceiling);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}

/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function attemptOnce(options: ClientOptions, method: Method, path: string, body: RequestBody): Promise<Attempt> {
  const url = joinUrl(options.baseUrl, path);
  const shown = { method, path: new URL(url).pathname };
  const headers: Record<string, string> = {
    'x-api-key': options.apiKey,
    accept: 'application/json',
    'user-agent': `loadgate/${VERSION}`,
  };
  if (body) headers['content-type'] = 'json' in body ? 'application/json' : body.contentType;
  let status: number;
  let text: string;
  let retryAfter: string | string[] | undefined;
  try {
    const res = await request(url, {
      method,
      headers,
      body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.bytes,
      dispatcher: options.dispatcher,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    status = res.statusCode;
    retryAfter = res.headers['retry-after'];
    text = await res.body.text();
  } catch (cause) {
    return { ok: false, error: networkError(cause, shown, url, options.apiKey) };
  }
  const decoded = decodeBody(text);
  if (status >= 200 && status < 300) return { ok: true, body: decoded };
  const error = httpError(status, decoded, text, shown, url, options.apiKey);
  const retryAfterMs = status === 429 ? parseRetryAfter(retryAfter, (options.now ?? Date.now)()) : undefined;
  return { ok: false, error, retryAfterMs };
}

function decodeBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function httpError(
  status: number,
  decoded: unknown,
  text: string,
  shown: { method: string; path: string },
  url: string,
  apiKey: string,
): ServiceError {
  const serverMessage = redact(serverMessageOf(decoded, text), apiKey);
  const hint = status === 401 || status === 403 ? ' (check the api-key)' : '';
  const said = serverMessage === '' ? '' : `: ${serverMessage}`;
  return new ServiceError(`${shown.method} ${displayUrl(url)} answered ${status}${said}${hint}`, {
    ...shown,
    status,
    serverMessage,
    retriable: status === 429 || status >= 500,
  });
}

function networkError(cause: unknown, shown: { method: string; path: string }, url: string, apiKey: string): ServiceError {
  const err = cause as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : typeof err.name === 'string' ? err.name : 'network error';
  const detail = redact(typeof err.message === 'string' ? err.message : String(cause), apiKey);
  return new ServiceError(`${shown.method} ${displayUrl(url)} got no answer: ${code} (${detail})`, { ...shown, code, retriable: true });
}

/** The server's own words: {error: {message}}, {error: "…"}, {message}, {detail}, else the raw text. */
export function serverMessageOf(decoded: unknown, text: string): string {
  if (isRecord(decoded)) {
    const body = decoded as { error?: unknown; message?: unknown; detail?: unknown };
    const nested = body.error !== null && typeof body.error === 'object' ? (body.error as { message?: unknown }).message : body.error;
    for (const candidate of [nested, body.message, body.detail]) {
      if (typeof candidate === 'string' && candidate !== '') return truncate(candidate);
      if (candidate !== undefined && candidate !== null && typeof candidate === 'object') return truncate(JSON.stringify(candidate));
    }
  }
  return truncate(text.trim());
}

function truncate(text: string): string {
  return text.length <= MESSAGE_LIMIT ? text : `${text.slice(0, MESSAGE_LIMIT)}…`;
}

/** A service that echoes the key in an error must not put it in our logs. */
function redact(text: string, apiKey: string): string {
  return apiKey === '' ? text : text.replaceAll(apiKey, '***');
}

/** The URL without credentials or query: safe to print. */
function displayUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** A 2xx answer whose body is not what the interface describes; `where` is "METHOD /path". */
export function unexpectedAnswer(where: string, jsonPath: string, expected: string): ServiceError {
  const [method = 'GET', path = where] = where.split(' ');
  return new ServiceError(`${where}: unexpected answer: ${jsonPath}: ${expected}`, { method, path, status: 200, retriable: false });
}

function expectObject<T = Record<string, unknown>>(body: unknown, where: string): T {
  if (!isRecord(body)) throw unexpectedAnswer(where, '$', 'expected a JSON object');
  return body as T;
}

/** A created or read record: an object with an id (string or number). */
function expectRecord<T>(body: unknown, where: string): T {
  const record = expectObject(body, where);
  if (typeof record.id !== 'string' && typeof record.id !== 'number')
    throw unexpectedAnswer(where, '$.id', 'expected a string or a number');
  return record as T;
}

/** A list: a JSON array, or a paginated `{results: [...]}`. */
function expectList<T>(body: unknown, where: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null | undefined)?.results;
  if (Array.isArray(results)) return results as T[];
  throw unexpectedAnswer(where, '$', 'expected an array (or an object whose results is an array)');
}

function expectDetails(body: unknown, where: string): LoadTestDetails {
  const record = expectRecord<Record<string, unknown>>(body, where);
  if (typeof record.status !== 'string') throw unexpectedAnswer(where, '$.status', 'expected a string');
  return record as unknown as LoadTestDetails;
}
