// The Fastify instance: the compatibility rules of docs/server.md (trailing slash optional, never a
// redirect; absolute-form targets routed; JSON errors everywhere, router 404/405 and size
// limits included; 415 only for a body that is really there), authentication, the limits on
// what one client may hold (connections.ts, docs/security.md), and the routes,
// one module per resource under routes/.
import { METHODS, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import multipart from '@fastify/multipart';
import { fastify, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { KeyCheck } from './auth.ts';
import { capConnectionsPerAddress, DEFAULT_CONNECTION_LIMITS, timeoutOptions, type ConnectionLimits } from './connections.ts';
import { type RouteModule, type RouteTable, type ServerContext, setTenant } from './context.ts';
import { parseJsonText } from '../definition/json-text.ts';
import { ApiError, problemsError, rawErrorAnswer, toApiError } from './errors.ts';
import { closeLingering, type Linger, lingerAfterResponse } from './linger.ts';
import type { Problem } from '../errors.ts';
import { balanceRoutes } from './routes/balance.ts';
import { environmentRoutes } from './routes/environments.ts';
import { latencyRoutes } from './routes/latency.ts';
import { latencyPlanRoutes } from './routes/latency-plans.ts';
import { locationRoutes } from './routes/locations.ts';
import { planRoutes } from './routes/plans.ts';
import { reportRoutes } from './routes/report.ts';
import { testDataRoutes } from './routes/testdata.ts';
import { shardRoutes } from './routes/shards.ts';
import { testRoutes } from './routes/tests.ts';
import { SHARD_RESULT_ROUTE } from './shards/registry.ts';
import { SHARD_ROUTE_PREFIX } from '../shard/protocol.ts';

/**
 * The report page is opened from links (the test_url in a PR comment), where a browser sends no
 * X-API-KEY: its unguessable id (a random UUID, 122 bits) is the credential, like an unlisted link.
 */
function isReportPage(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && /^\/report\/[0-9a-f-]{36}\/?(\?.*)?$/.test(url);
}

const ROUTE_MODULES: RouteModule[] = [
  testRoutes,
  planRoutes,
  locationRoutes,
  environmentRoutes,
  testDataRoutes,
  balanceRoutes,
  latencyRoutes,
  latencyPlanRoutes,
  reportRoutes,
  shardRoutes,
];

/**
 * The methods a path answers 405 to when it does not serve them: every method Node parses
 * (WebDAV's included) but CONNECT, which never reaches the router (answerConnect).
 */
const KNOWN_METHODS = METHODS.filter((method) => method !== 'CONNECT');

export interface Access {
  checkKey: (header: string | string[] | undefined) => KeyCheck;
  /** Null when the request may go ahead, else the 429; absent without --rate-limit. */
  rateLimit?: (tenant: string, method: string) => ApiError | null;
}

/**
 * Answers after which the connection is closed, the rest of any body unparsed: a client without a
 * valid key gets nothing more from it, and a body over its limit may be a gigabyte long. (Kept
 * open, Node would read and throw away the rest of the body for as long as the client sends it.)
 * The close lingers (linger.ts): what the client still sends is read and dropped for a bounded
 * time and size, so that a client still sending its body reads the answer rather than a reset.
 * Other errors keep the connection; the request timeout bounds how long their body can take.
 */
const CLOSING_STATUSES: ReadonlySet<number> = new Set([401, 403, 413]);

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (CLOSING_STATUSES.has(error.status)) reply.header('connection', 'close');
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.body);
}

/** `http://host:port/v1/x?q` (absolute form, RFC 9112 §3.2.2) → `/v1/x?q`; other targets as they are. */
export function originForm(target: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function leftBeforeBodyEnded(req: FastifyRequest): boolean {
  return req.raw.destroyed && !req.raw.complete;
}

/** A malformed HTTP request never reaches Fastify's handlers: answer it in JSON on the socket. */
function answerClientError(error: Error & { code?: string }, socket: Socket, linger: Linger): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'the request was not received in time']
        : [400, 'Bad Request', 'bad_request', 'malformed HTTP request'];
  closeLingering(socket, linger, rawErrorAnswer(status, text, code, message));
}

/**
 * Node hands a CONNECT to a 'connect' listener, or closes the connection when there is none:
 * answer it in JSON like every other method this server does not serve.
 */
function answerConnect(socket: Duplex, linger: Linger): void {
  const answer = rawErrorAnswer(
    405,
    'Method Not Allowed',
    'method_not_allowed',
    'CONNECT is not allowed: this server is not a proxy; its routes start with /v1/ (see docs/server.md)',
  );
  // The socket itself, handed over by Node's HTTP server once the CONNECT's head is read.
  closeLingering(socket as Socket, linger, answer);
}

/** Fastify routes only the common methods; the others are added so that they reach a route's 405. */
function supportEveryMethod(app: FastifyInstance): void {
  for (const method of KNOWN_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
}

function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    // JSON is UTF-8 (RFC 8259): a byte that is not is refused, never read as U+FFFD.
    const text = utf8Text(body as Buffer);
    if (typeof text !== 'string') return done(text, undefined);
    // An empty body with a JSON Content-Type (some clients send one on every request) is no body.
    if (text.trim() === '') return done(null, undefined);
    // The CLI's strict reading: a key given twice or nesting too deep is refused, not guessed at.
    const parsed = parseJsonText(text);
    if (parsed.ok) {
      const surrogate = loneSurrogate(parsed.value.json, '$');
      return surrogate ? done(problemsError([surrogate]), undefined) : done(null, parsed.value.json);
    }
    const [first] = parsed.problems;
    if (parsed.syntax && first)
      return done(new ApiError(400, 'invalid_json', `the request body is not valid JSON: ${first.path}: ${first.message}`), undefined);
    done(problemsError(parsed.problems), undefined);
  });
  app.addContentTypeParser('*', (req, _payload, done) => {
    if (!hasBody(req)) return done(null, undefined);
    const type = req.headers['content-type'] ?? '';
    done(
      new ApiError(
        415,
        'unsupported_media_type',
        `unsupported Content-Type ${JSON.stringify(type)}: send application/json (multipart/form-data for /v1/testdata/)`,
      ),
      undefined,
    );
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body as text, or the 400 naming the first byte that is not UTF-8. */
function utf8Text(body: Buffer): string | ApiError {
  try {
    return UTF8.decode(body);
  } catch {
    // Whether a prefix decodes (an unfinished sequence at its end allowed) only turns from yes to
    // no as it grows: the longest that decodes ends where the bad byte is.
    let [good, bad] = [0, body.length];
    while (bad - good > 1) {
      const middle = Math.floor((good + bad) / 2);
      if (decodesSoFar(body.subarray(0, middle))) good = middle;
      else bad = middle;
    }
    const at = bad - 1;
    const byte = body[at] ?? 0;
    return new ApiError(
      400,
      'invalid_json',
      `the request body is not valid UTF-8: byte ${at + 1} (0x${byte.toString(16).padStart(2, '0')}); send JSON as UTF-8`,
    );
  }
}

/** Whether `bytes` decode as UTF-8 but for an unfinished sequence at their end. */
function decodesSoFar(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (key or value) holding a lone surrogate (`"\ud800"` is valid JSON but no
 * Unicode text: it could not be stored or sent as UTF-8), with its JSON path.
 */
function loneSurrogate(value: unknown, path: string): Problem | undefined {
  if (typeof value === 'string') {
    return !LONE_SURROGATE.test(value)
      ? undefined
      : { path, message: 'holds a lone surrogate (\\ud800-\\udfff without its pair), which is no Unicode character' };
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = loneSurrogate(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}.${key}`;
      const found = loneSurrogate(key, at) ?? loneSurrogate(item, at);
      if (found) return found;
    }
  }
  return undefined;
}

/** Paths whose bodies may be larger than the common limit (bytes). */
type BodyLimits = Record<string, number>;

function registerRoutes(app: FastifyInstance, table: RouteTable, bodyLimits: BodyLimits): void {
  for (const [url, handlers] of Object.entries(table)) {
    const served = Object.keys(handlers);
    const bodyLimit = bodyLimits[url];
    for (const [method, handler] of Object.entries(handlers)) app.route({ method, url, handler, ...(bodyLimit && { bodyLimit }) });
    const allowed = served.includes('GET') ? [...served, 'HEAD'] : served;
    const allow = allowed.join(', ');
    const refused = KNOWN_METHODS.filter((m) => !allowed.includes(m));
    app.route({
      method: refused,
      url,
      // Answered before any body is read: a wrong method is a 405 whatever the body.
      onRequest: async (req, reply) => {
        const path = req.url.split('?')[0];
        return sendError(
          reply,
          new ApiError(405, 'method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${allow}`, { headers: { allow } }),
        );
      },
      handler: async () => undefined,
    });
  }
}

export async function buildApp(
  ctx: ServerContext,
  access: Access,
  connections: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
): Promise<FastifyInstance> {
  const answerError = (error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // A route with its own body limit (a shard's result) names that limit in its 413.
    const limits = { ...ctx.limits, bodyBytes: req.routeOptions.bodyLimit ?? ctx.limits.bodyBytes };
    // A client that closed the connection before its body ended (an upload given up) is not the
    // server's fault: one line says so, without the reader's stack; the answer goes nowhere.
    if (leftBeforeBodyEnded(req)) {
      ctx.log(`${req.method} ${req.url}: the client closed the connection before the request's body ended`);
      return sendError(reply, toApiError(error, limits).error);
    }
    const { error: answer, internal } = toApiError(error, limits);
    if (internal) ctx.log(`${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return sendError(reply, answer);
  };
  const app = fastify({
    logger: false,
    // `ignoreDuplicateSlashes`: a base URL ending in "/" followed by "/v1/…" still reaches the route.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: ctx.limits.bodyBytes,
    rewriteUrl: (req) => originForm(req.url ?? '/'),
    // Requests still arriving while the server closes are served; the store closes after them.
    return503OnClosing: false,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, connections.linger),
    frameworkErrors: (error, req, reply) => {
      answerError(error, req, reply);
    },
    ...timeoutOptions(connections),
  });
  capConnectionsPerAddress(app.server, connections.maxConnectionsPerAddress, connections.linger);
  // A client that asks before it sends a body (Expect: 100-continue, as curl does for large
  // uploads) is told to go ahead only when its key is valid; without one it gets the 401 or 403
  // instead, and never sends the body at all.
  app.server.on('checkContinue', (req, res) => {
    if (access.checkKey(req.headers['x-api-key']).ok) res.writeContinue();
    app.server.emit('request', req, res);
  });
  app.server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerConnect(socket, connections.linger));
  // Every answer that closes its connection (CLOSING_STATUSES) closes it lingering.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.getHeader('connection') === 'close') lingerAfterResponse(req.raw.socket, connections.linger);
    done(null, payload);
  });
  supportEveryMethod(app);
  registerBodyParsers(app);
  await app.register(multipart, {
    limits: { fileSize: ctx.limits.uploadBytes, files: 1, fields: 10, fieldSize: ctx.limits.bodyBytes, parts: 12, headerPairs: 100 },
  });
  app.addHook('onRequest', async (req, reply) => {
    if (isReportPage(req.method, req.url)) return;
    // The shards' callbacks carry their test's token instead of an API key (shards/registry.ts).
    if (req.url.startsWith(SHARD_ROUTE_PREFIX)) {
      const refused = ctx.shards.authenticate(req.url, req.headers.authorization);
      return refused ? sendError(reply, refused) : undefined;
    }
    const check = access.checkKey(req.headers['x-api-key']);
    if (!check.ok) return sendError(reply, check.error);
    const limited = access.rateLimit?.(check.tenant, req.method);
    if (limited) return sendError(reply, limited);
    setTenant(req, check.tenant);
  });
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    return sendError(
      reply,
      new ApiError(404, 'not_found', `no route for ${req.method} ${path} (routes start with /v1/; see docs/server.md)`),
    );
  });
  const bodyLimits = { [SHARD_RESULT_ROUTE]: ctx.limits.uploadBytes };
  for (const routes of ROUTE_MODULES) registerRoutes(app, routes(ctx), bodyLimits);
  return app;
}
