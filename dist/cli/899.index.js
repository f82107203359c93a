export const id = 899;
export const ids = [899];
export const modules = {

/***/ 94899:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_LIMITS: () => (/* binding */ DEFAULT_LIMITS),
  defaultDataDir: () => (/* binding */ defaultDataDir),
  serveCommand: () => (/* binding */ serveCommand),
  startServer: () => (/* binding */ startServer)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/engine/worker-count.ts
var worker_count = __webpack_require__(36356);
// EXTERNAL MODULE: ./src/pipeline/sources.ts + 1 modules
var sources = __webpack_require__(75904);
// EXTERNAL MODULE: ./src/latency/locations.ts
var locations = __webpack_require__(32446);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: ./node_modules/@fastify/multipart/index.js
var multipart = __webpack_require__(99138);
var multipart_default = /*#__PURE__*/__webpack_require__.n(multipart);
// EXTERNAL MODULE: ./node_modules/fastify/fastify.js
var fastify = __webpack_require__(16703);
;// CONCATENATED MODULE: ./src/server/errors.ts
// Every error leaves the server as JSON `{"error": {"code", "message", "field"?}}` (docs/server.md):
// published clients decode the body before they look at the status, so even the router's 404
// and a body-limit 413 keep this shape. A stack trace never leaves the server.

class ApiError extends Error {
    status;
    code;
    field;
    headers;
    constructor(status, code, message, options = {}) {
        super(message);
        this.name = 'ApiError';
        this.status = status;
        this.code = code;
        this.field = options.field;
        this.headers = options.headers ?? {};
    }
    get body() {
        return { error: { code: this.code, message: this.message, ...(this.field === undefined ? {} : { field: this.field }) } };
    }
}
/** Validation problems as one 422: every problem in the message, the first one's JSON path as `field`. */
/**
 * A JSON error answer written straight on a socket, for what never reaches a route (a malformed
 * request, a CONNECT, a connection over the cap); the connection closes after it.
 */
function rawErrorAnswer(status, statusText, code, message) {
    const body = JSON.stringify({ error: { code, message } });
    return (`HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
/** 422 for one field of a request: `<field>: <message>`, with the field named for the client. */
function invalidField(field, message) {
    return new ApiError(422, 'invalid_request', `${field}: ${message}`, { field });
}
function problemsError(problems) {
    const message = (0,errors/* problemLines */.pb)(problems, (p) => `${p.path}: ${p.message}`).join('; ');
    return new ApiError(422, 'invalid_request', message, problems[0] ? { field: problems[0].path } : {});
}
function describeBytes(bytes) {
    return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
/** Errors of Fastify and @fastify/multipart by code, as this server's status, code and message. */
function knownError(code, limits) {
    const tooLarge = (what) => new ApiError(413, 'payload_too_large', what);
    switch (code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
            return tooLarge(`the request body is larger than the limit of ${describeBytes(limits.bodyBytes)}`);
        case 'FST_REQ_FILE_TOO_LARGE':
            return tooLarge(`the uploaded file is larger than the limit of ${describeBytes(limits.uploadBytes)}`);
        case 'FST_FILES_LIMIT':
            return tooLarge('an upload carries one file part, named "file"');
        case 'FST_PARTS_LIMIT':
        case 'FST_FIELDS_LIMIT':
            return tooLarge('too many form parts: send name, type, file_config and file');
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
            return new ApiError(415, 'unsupported_media_type', 'unsupported Content-Type: send application/json (multipart/form-data for /v1/testdata/)');
        case 'FST_INVALID_JSON_FIELD_ERROR':
            return new ApiError(400, 'bad_request', 'a form part declared as application/json is not valid JSON');
        case 'FST_ERR_BAD_URL':
            return new ApiError(400, 'bad_request', 'the request path is not a valid URL path');
        default:
            return undefined;
    }
}
const CODE_BY_STATUS = {
    400: 'bad_request',
    404: 'not_found',
    408: 'request_timeout',
    413: 'payload_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
    431: 'headers_too_large',
};
/**
 * Any thrown value as the error to send. `internal` marks the ones to log: their message is
 * replaced, since it may name files or carry a stack.
 */
function toApiError(error, limits) {
    if (error instanceof ApiError)
        return { error, internal: false };
    const { code, statusCode, message } = (error ?? {});
    const known = typeof code === 'string' ? knownError(code, limits) : undefined;
    if (known)
        return { error: known, internal: false };
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
        return { error: new ApiError(statusCode, CODE_BY_STATUS[statusCode] ?? 'bad_request', String(message)), internal: false };
    }
    return { error: new ApiError(500, 'internal_error', 'internal server error; the server log has the details'), internal: true };
}

;// CONCATENATED MODULE: ./src/server/linger.ts
/**
 * Apache's two seconds: a client that reads while it sends (curl, undici, browsers) has the answer
 * within a round trip, and one that finishes writing first ends within this on any link that
 * carries the bytes bound in time. 16 MiB: more than the two kernels can hold in flight when the
 * client sees the answer (Linux grows a send buffer to 4 MiB and a receive buffer to 6 MiB by
 * default), so what was already sent never meets a reset; little beside the 51 MiB an upload may
 * carry before its refusal.
 */
const DEFAULT_LINGER = { ms: 2_000, bytes: 16 * 1024 * 1024 };
/**
 * Ends `socket` with `answer` (when given) and lingers: what the client still sends is read and
 * dropped, never parsed (nothing after a refusal is a request to serve), until the client ends its
 * side, `linger.bytes` have arrived or `linger.ms` have passed; then the socket is destroyed.
 */
function closeLingering(socket, linger, answer) {
    // Node's HTTP parser reads the socket through its 'data' listener (or straight from the handle,
    // until a 'data' listener is added: http's own wrapper of `on` then hands the reading back).
    socket.removeAllListeners('data');
    let read = 0;
    const timer = setTimeout(() => socket.destroy(), linger.ms);
    socket.on('data', (chunk) => {
        read += chunk.length;
        if (read > linger.bytes)
            socket.destroy();
    });
    socket.once('end', () => socket.destroy());
    // A reset from the client ends the linger early; there is nothing to report.
    socket.on('error', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    if (answer === undefined)
        socket.end();
    else
        socket.end(answer);
    socket.resume();
    readAgain(socket);
}
/**
 * Starts the socket's handle reading if Node's HTTP parser left it stopped. The parser reads the
 * handle itself, bypassing the stream, and stops it when a request's body waits for a reader (an
 * upload refused at its limit is paused): the stream still believes a read is under way, so
 * `resume()` alone never restarts it. This is what Node's HTTP server does on a resume of a socket
 * its parser reads (lib/_http_server.js, onSocketResume).
 */
function readAgain(socket) {
    const handle = socket._handle;
    if (handle?.reading !== false || typeof handle.readStart !== 'function')
        return;
    handle.reading = true;
    handle.readStart();
}
/**
 * Makes the close that Node's HTTP server gives a `Connection: close` response a lingering one.
 * Node ends such a connection, once the response is written, by `socket.destroySoon()`
 * (lib/_http_server.js, resOnFinish): the FIN, then the socket destroyed as soon as the FIN is
 * out, whatever the client is still sending. That call is the seam Node offers; it is replaced on
 * this socket only. test/server-linger.test.ts fails if a Node release closes another way.
 */
function lingerAfterResponse(socket, linger) {
    socket.destroySoon = () => closeLingering(socket, linger);
}

;// CONCATENATED MODULE: ./src/server/connections.ts


const DEFAULT_CONNECTION_LIMITS = {
    headersTimeoutMs: 20_000,
    // A 50 MiB upload (the upload limit) needs about 3.5 Mbit/s to arrive in time.
    requestTimeoutMs: 120_000,
    idleTimeoutMs: 60_000,
    maxConnectionsPerAddress: 64,
    linger: DEFAULT_LINGER,
};
/**
 * Node checks the headers and request timeouts of open connections on a timer, every 30 s by
 * default, so a 20 s limit would fire after anything up to 50 s; a second keeps them close to
 * what they say, and visiting a few hundred sockets a second costs nothing.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** The Fastify options that apply the timeouts to its HTTP server. */
function timeoutOptions(limits) {
    return {
        requestTimeout: limits.requestTimeoutMs,
        connectionTimeout: limits.idleTimeoutMs,
        http: {
            // Node checks the two against each other when it creates the server.
            requestTimeout: limits.requestTimeoutMs,
            headersTimeout: limits.headersTimeoutMs,
            connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs, limits.requestTimeoutMs),
        },
    };
}
function tooManyConnections(max) {
    return rawErrorAnswer(503, 'Service Unavailable', 'too_many_connections', `more than ${max} open connections from this address; close some and retry`);
}
/**
 * Refuses a connection beyond `max` from one address with a 503 written straight on the socket
 * (before any request on it is read), then closes it lingering, so that the request the client
 * sent meanwhile does not reset the answer away. A refused connection counts against the address
 * while it lingers; past twice `max`, a refusal is closed at once, so that refusals cannot hold
 * more sockets than the cap. Behind a reverse proxy every client has the proxy's address: the cap
 * is then the proxy's, and per-client limits belong in the proxy.
 */
function capConnectionsPerAddress(server, max, linger) {
    if (max === 0)
        return;
    const refusal = tooManyConnections(max);
    const open = new Map();
    server.on('connection', (socket) => {
        const address = socket.remoteAddress;
        // Gone before it was seen: nothing to count.
        if (address === undefined) {
            socket.destroy();
            return;
        }
        const count = open.get(address) ?? 0;
        if (count >= 2 * max) {
            socket.end(refusal, () => socket.destroy());
            return;
        }
        open.set(address, count + 1);
        socket.once('close', () => {
            const left = (open.get(address) ?? 1) - 1;
            if (left === 0)
                open.delete(address);
            else
                open.set(address, left);
        });
        if (count >= max)
            closeLingering(socket, linger, refusal);
    });
}

// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
;// CONCATENATED MODULE: ./src/server/context.ts


/** The tenant of each authenticated request, set once its key is checked (app.ts). */
const tenants = new WeakMap();
function setTenant(req, tenant) {
    tenants.set(req, tenant);
}
/**
 * The records of the request's tenant: the one way a route reaches stored records (the report
 * page and the shards' callbacks excepted, which carry no key). A request without a checked key
 * never gets here; if one did, it would reach nothing rather than everything.
 */
function recordsOf(ctx, req) {
    const tenant = tenants.get(req);
    if (tenant === undefined)
        throw new ApiError(401, 'unauthorized', 'missing X-API-KEY header');
    return ctx.store.tenant(tenant);
}
function param(req, name) {
    return String(req.params[name] ?? '');
}
/**
 * A test's `test_url`. Never built from the request's Host header: that is the client's to
 * choose, and the link is shown to every key holder.
 */
function reportUrl(ctx, testId) {
    return `${ctx.publicUrl()}/report/${testId}/`;
}
/** The parsed JSON object of a POST; 415 for a form, 400 for no body or a non-object. */
function jsonBody(req, expected) {
    if (req.isMultipart()) {
        throw new ApiError(415, 'unsupported_media_type', `expected a JSON body (Content-Type: application/json) with ${expected}, got a multipart form`);
    }
    if (!(0,json/* isRecord */.u4)(req.body)) {
        const got = req.body === undefined ? 'no body' : 'JSON that is not an object';
        throw new ApiError(400, 'bad_request', `expected a JSON object with ${expected}, got ${got}`);
    }
    return req.body;
}
/** The record that the request's `:id` names; a 404 naming the kind of record (`noun`) when there is none. */
function recordOf(req, noun, get) {
    const id = param(req, 'id');
    const record = get(id);
    if (!record)
        throw new ApiError(404, 'not_found', `no ${noun} with id ${JSON.stringify(id)}`);
    return record;
}

// EXTERNAL MODULE: ./src/definition/json-text.ts
var json_text = __webpack_require__(48939);
;// CONCATENATED MODULE: ./src/server/routes/balance.ts
const UNLIMITED = 2147483647;
function balanceRoutes() {
    return {
        '/v1/balance/': { GET: async () => ({ request_count: UNLIMITED, duration: UNLIMITED }) },
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/definition/validate.ts
var validate = __webpack_require__(73787);
;// CONCATENATED MODULE: ./src/server/routes/crud.ts

function crudRoutes(ctx, resource) {
    const find = (req, records) => recordOf(req, resource.noun, (id) => resource.get(records, id));
    const show = (records) => resource.viewer?.(records) ?? ((record) => record);
    return {
        [resource.path]: {
            POST: async (req, reply) => {
                const records = recordsOf(ctx, req);
                const record = await resource.create(req, records);
                reply.code(201);
                return show(records)(record);
            },
            GET: async (req) => {
                const records = recordsOf(ctx, req);
                const shown = show(records);
                return resource.list(records).map((record) => shown(record));
            },
        },
        [`${resource.path}:id/`]: {
            GET: async (req) => {
                const records = recordsOf(ctx, req);
                return show(records)(find(req, records));
            },
            PATCH: async (req) => {
                const records = recordsOf(ctx, req);
                const updated = await resource.update(find(req, records), req, records);
                return show(records)(updated);
            },
            DELETE: async (req) => {
                const records = recordsOf(ctx, req);
                const record = find(req, records);
                await resource.remove(record, records);
                return show(records)(record);
            },
        },
    };
}

;// CONCATENATED MODULE: ./src/server/routes/environments.ts
// Environments (docs/interface.md 2.3): create, list, read, update, delete. Names need not be
// unique; a test that names one by name gets the newest of its tenant. Tests copy the environment
// when they are created, so an update never changes a test already queued. A secret value is
// answered as `***`, and `***` sent back for a stored secret keeps its value (a GET then a
// PATCH of what it answered changes nothing).





/** What every answer shows in place of a secret value. */
const MASK = '***';
/** An environment as answered: a secret variable's value is stored for the runs but never given back. */
function shown(record) {
    return { ...record, vars: record.vars.map((v) => (v.secret ? { ...v, value: MASK } : v)) };
}
/**
 * The variables given, each masked secret (`***`) replaced by the value stored for its key.
 * `***` for a secret that has no stored value is refused: it would be sent as the value.
 */
function unmasked(vars, stored) {
    const problems = [];
    const kept = vars.map((v, i) => {
        if (v.value !== MASK)
            return v;
        const previous = stored.find((s) => s.key === v.key && s.secret);
        if (previous)
            return { ...v, value: previous.value, secret: true };
        if (v.secret) {
            problems.push({
                path: `$.vars[${i}].value`,
                message: `"${MASK}" stands for a stored secret value (answers show it so), and this environment has no secret variable ${JSON.stringify(v.key)}: give the value`,
            });
        }
        return v;
    });
    if (problems.length > 0)
        throw problemsError(problems);
    return kept;
}
function environmentRoutes(ctx) {
    return crudRoutes(ctx, {
        path: '/v1/environment/',
        noun: 'environment',
        get: (records, id) => records.getEnvironment(id),
        list: (records) => records.listEnvironments(),
        create: (req, records) => {
            const checked = (0,validate/* validateEnvironment */.qQ)(jsonBody(req, '"name" and "vars" (docs/interface.md 2.3)'));
            if (!checked.ok)
                throw problemsError(checked.problems);
            const record = {
                id: (0,external_node_crypto_.randomUUID)(),
                ...checked.value,
                vars: unmasked(checked.value.vars, []),
                created_at: new Date().toISOString(),
            };
            records.createEnvironment(record);
            return record;
        },
        // `name` and `vars` left out keep their value; `vars` given replaces the whole list.
        update: (record, req, records) => {
            const patch = jsonBody(req, 'any of "name" and "vars" (docs/interface.md 2.3)');
            const checked = (0,validate/* validateEnvironment */.qQ)({ name: record.name, vars: record.vars, ...patch });
            if (!checked.ok)
                throw problemsError(checked.problems);
            const updated = { ...record, ...checked.value, vars: unmasked(checked.value.vars, record.vars) };
            records.updateEnvironment(updated);
            return updated;
        },
        remove: (record, records) => void records.deleteEnvironment(record.id),
        viewer: () => shown,
    });
}

// EXTERNAL MODULE: ./src/latency/run.ts + 1 modules
var run = __webpack_require__(38994);
;// CONCATENATED MODULE: ./src/server/routes/latency.ts




/** Per sample, connection included. */
const SAMPLE_TIMEOUT_MS = 5_000;
/** No location starts a new sample after this: the answer comes within it plus one sample timeout. */
const TEST_BUDGET_MS = 15_000;
function latencyRoutes(ctx) {
    return {
        '/v1/latency/locations/': { GET: async () => (0,locations/* locationTree */.mJ)(ctx.latencyLocations) },
        '/v1/latency/test/': {
            POST: async (req, reply) => {
                const body = jsonBody(req, '"target" and "locations" (docs/interface.md 2.6)');
                return measureLatency(ctx, reply, readLatencyRequest(body));
            },
        },
    };
}
/** A latency test's fields, checked; 422 naming the first field that is wrong. */
function readLatencyRequest(body) {
    return { target: readTarget(body.target), locations: (0,locations/* splitPatterns */.sb)(readPatterns(body.locations)), samples: readSamples(body.samples) };
}
/** The configured locations the patterns pick; 422 listing the available codes otherwise. */
function pickLocations(ctx, patterns) {
    const selected = (0,locations/* selectLocations */.BF)(ctx.latencyLocations, patterns, 'locations');
    if (!selected.ok)
        throw problemsError(selected.problems);
    return selected.value;
}
/** Runs a latency test and answers with the per-location object of docs/interface.md 2.6. */
async function measureLatency(ctx, reply, request) {
    const picked = pickLocations(ctx, request.locations);
    const signal = abortedWhenClientLeaves(reply);
    const here = picked.filter((l) => l.kube === undefined);
    const remote = picked.filter((l) => l.kube !== undefined);
    const [local, ...measuredElsewhere] = await Promise.all([
        (0,run/* runLatency */.Af)(request.target, here, { samples: request.samples, timeoutMs: SAMPLE_TIMEOUT_MS, budgetMs: TEST_BUDGET_MS, signal }),
        ...remote.map((location) => measureElsewhere(ctx, location, request, signal)),
    ]);
    const measured = new Map([...Object.entries(local.locations), ...measuredElsewhere]);
    return (0,run/* latencyAnswer */.r)({ ...local, locations: Object.fromEntries(picked.map((l) => [l.code, measured.get(l.code)])) });
}
/** A location of the executor's (`@kube:`): its own pod measures it; the server only waits. */
async function measureElsewhere(ctx, location, request, signal) {
    // serve refuses an @kube: location at start unless the executor measures it.
    const latency = await ctx.remoteLatency(location, { target: request.target, samples: request.samples, timeoutMs: SAMPLE_TIMEOUT_MS, budgetMs: TEST_BUDGET_MS }, signal);
    return [location.code, latency];
}
function readTarget(value) {
    const expected = 'expected an http:// or https:// URL';
    if (typeof value !== 'string' || value.trim() === '')
        return failWith(invalidField('target', `${expected}, got ${describe(value)}`));
    try {
        const url = new URL(value.trim());
        if (url.protocol === 'http:' || url.protocol === 'https:')
            return url.href;
    }
    catch {
        // reported below
    }
    return failWith(invalidField('target', `${expected}, got ${JSON.stringify(value)}`));
}
function readSamples(value) {
    if (value === undefined)
        return run/* DEFAULT_SAMPLES */.cu;
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= run/* MAX_SAMPLES */.xs)
        return n;
    return failWith(invalidField('samples', `expected a whole number from 1 to ${run/* MAX_SAMPLES */.xs}, got ${describe(value)}`));
}
/**
 * `locations`: an array of strings, or a string holding one as JSON (`"[\"*\"]"`); a string that
 * is not JSON is read as one item (`"EU.*,LOCAL.HOST"`). Items may join patterns with commas.
 */
function readPatterns(value) {
    const expected = 'expected an array of location patterns such as ["*"] or ["EU.*", "LOCAL.HOST"]';
    if (value === undefined)
        return failWith(invalidField('locations', `${expected}; it is missing`));
    const items = typeof value === 'string' ? fromJsonText(value) : value;
    if (Array.isArray(items) && items.every((i) => typeof i === 'string'))
        return items;
    return failWith(invalidField('locations', `${expected}, got ${describe(value)}`));
}
function fromJsonText(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return [text];
    }
}
function describe(value) {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
function failWith(error) {
    throw error;
}
/** A client that gives up waiting should not keep the server probing. */
function abortedWhenClientLeaves(reply) {
    const controller = new AbortController();
    reply.raw.once('close', () => {
        if (!reply.raw.writableFinished)
            controller.abort();
    });
    return controller.signal;
}

;// CONCATENATED MODULE: ./src/server/routes/latency-plans.ts
// Latency plans (docs/server.md): a saved latency test, {name, target, locations, samples}, to
// create, list, read, update and delete, and to run with POST /v1/latency/plan/<id>/test/, which
// answers like POST /v1/latency/test/. The fields are checked as that route checks them; the
// locations again when the plan runs, since the server's locations may have changed since.





const FIELDS = ['name', 'target', 'locations', 'samples'];
const EXPECTED = '"name", "target", "locations" and optionally "samples"';
function readPlan(body, ctx) {
    const unknown = Object.keys(body).find((key) => !FIELDS.includes(key));
    if (unknown !== undefined)
        throw new ApiError(422, 'invalid_request', `${unknown}: unknown key; a latency plan holds ${EXPECTED}`, { field: unknown });
    if (typeof body.name !== 'string' || body.name.trim() === '') {
        throw new ApiError(422, 'invalid_request', 'name: expected a non-empty string', { field: 'name' });
    }
    const request = readLatencyRequest(body);
    pickLocations(ctx, request.locations);
    return { name: body.name.trim(), ...request };
}
function latencyPlanRoutes(ctx) {
    const noun = 'latency plan';
    return {
        ...crudRoutes(ctx, {
            path: '/v1/latency/plan/',
            noun,
            get: (records, id) => records.getLatencyPlan(id),
            list: (records) => records.listLatencyPlans(),
            create: (req, records) => {
                const plan = {
                    id: (0,external_node_crypto_.randomUUID)(),
                    ...readPlan(jsonBody(req, EXPECTED), ctx),
                    created_at: new Date().toISOString(),
                };
                records.createLatencyPlan(plan);
                return plan;
            },
            // Fields left out keep their value.
            update: (plan, req, records) => {
                const { id: _, created_at: __, ...fields } = plan;
                const updated = { ...plan, ...readPlan({ ...fields, ...jsonBody(req, `any of ${EXPECTED}`) }, ctx) };
                records.updateLatencyPlan(updated);
                return updated;
            },
            remove: (plan, records) => void records.deleteLatencyPlan(plan.id),
        }),
        '/v1/latency/plan/:id/test/': {
            POST: async (req, reply) => {
                const records = recordsOf(ctx, req);
                const { target, locations, samples } = recordOf(req, noun, (id) => records.getLatencyPlan(id));
                return measureLatency(ctx, reply, { target, locations, samples });
            },
        },
    };
}

;// CONCATENATED MODULE: ./src/server/routes/locations.ts
function loadLocations(proxies) {
    const countries = Object.keys(proxies).sort();
    return [{ code: 'local', egress: 'direct' }, ...countries.map((code) => ({ code, egress: 'proxy' }))];
}
function locationRoutes(ctx) {
    return {
        '/v1/load/locations/': {
            GET: async () => ctx.kubernetesLocations?.map((code) => ({ code, egress: 'kubernetes' })) ?? loadLocations(ctx.proxies),
        },
    };
}

// EXTERNAL MODULE: ./src/engine/plan.ts
var engine_plan = __webpack_require__(30955);
;// CONCATENATED MODULE: ./src/server/executors/kubernetes/locations.ts
// Where a location's shards run (`serve --location CC=node:KEY=VALUE`, `CC=namespace:NS` or
// `CC=context:NAME`, which may be combined for one location), and
// how many shards each location gets. Pure.


/** The most shards of one location: Kubernetes allows far more, one test's Secret and barrier do not need to. */
const MAX_SHARDS = 256;
/** `DE=node:topology.kubernetes.io/region=eu-central-1`, `US=namespace:load-us`, `JP=context:tokyo`, `local=node:pool=load`. */
function parseKubeLocations(entries, flag) {
    const locations = {};
    const problems = [];
    for (const entry of entries) {
        const match = /^([A-Z]{2}|local)=(node|namespace|context):(.+)$/.exec(entry.trim());
        const rule = match?.[3] ?? '';
        const node = /^([A-Za-z0-9./_-]+)=([A-Za-z0-9._-]*)$/.exec(rule);
        if (match?.[2] === 'node' && node) {
            const code = match[1];
            locations[code] = { ...locations[code], nodeSelector: { ...locations[code]?.nodeSelector, [node[1]]: node[2] } };
        }
        else if (match?.[2] === 'namespace' && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(rule)) {
            locations[match[1]] = { ...locations[match[1]], namespace: rule };
        }
        else if (match?.[2] === 'context' && /^[A-Za-z0-9][A-Za-z0-9._@:/-]*$/.test(rule)) {
            locations[match[1]] = { ...locations[match[1]], context: rule };
        }
        else {
            problems.push({
                path: flag,
                message: `expected CC=node:LABEL=VALUE, CC=namespace:NAME or CC=context:NAME (CC a two-letter country code or "local"), got "${entry}"`,
            });
        }
    }
    return (0,errors/* parsedUnless */.oQ)(problems, locations);
}
/** The load locations this executor offers: `local` and every configured one. */
function offeredLocations(locations) {
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
function shardsPerLocation(config, offered, ratePerPod, fixed) {
    const shardCounts = {};
    const problems = [];
    for (const location of (0,engine_plan/* planLocations */.Yi)(config.proxy_config)) {
        if (!offered.includes(location)) {
            problems.push({
                path: `$.config_data.proxy_config.${location}`,
                message: `no location ${location} on this server (it offers ${offered.join(', ')}; serve --location ${location}=node:LABEL=VALUE adds it)`,
            });
            continue;
        }
        const peak = new engine_plan/* LoadPlan */.iV(config, { index: 1, count: 1, location }).peakPerSecond();
        shardCounts[location] = fixed ?? Math.min(MAX_SHARDS, Math.max(1, Math.ceil(peak / ratePerPod)));
    }
    return { shardCounts, problems };
}

// EXTERNAL MODULE: ./src/definition/salvage.ts
var salvage = __webpack_require__(40308);
// EXTERNAL MODULE: ./src/engine/prepare.ts + 1 modules
var prepare = __webpack_require__(23115);
;// CONCATENATED MODULE: ./src/server/definition.ts
// A load test as the server receives it (docs/interface.md 2.1, with the environment and test_data names or ids) and as the
// queue runs it. The body is checked with the CLI's schema; `environment` (a string) and
// `test_data` (strings) name stored records, by id or by name. The environment is copied into
// the test when it is created; the test data files are read when the test runs.






/** The `file` named in problems with the request. */
const REQUEST = 'request body';
function testDataReferences(value, problems) {
    if (value === undefined)
        return [];
    if (!Array.isArray(value)) {
        problems.push({ path: '$.test_data', message: 'expected an array of ids or names of stored test data sets' });
        return [];
    }
    return value.flatMap((item, i) => {
        if (typeof item === 'string' && item !== '')
            return [item];
        problems.push({
            path: `$.test_data[${i}]`,
            message: 'expected the id or name of a stored test data set (upload the file with POST /v1/testdata/ first)',
        });
        return [];
    });
}
function testDataSet(record) {
    return { name: record.name, file: record.file_path, type: record.type, file_config: record.file_config };
}
function resolveTestData(store, references, problems) {
    const records = [];
    references.forEach((reference, i) => {
        const record = store.findTestData(reference);
        const path = `$.test_data[${i}]`;
        if (!record) {
            problems.push({
                path,
                message: `no stored test data set with id or name ${JSON.stringify(reference)} (GET /v1/testdata/ lists them)`,
            });
        }
        else if (records.some((r) => r.name === record.name)) {
            problems.push({
                path,
                message: `two test data sets named ${JSON.stringify(record.name)}: {{data.<set>.<tag>}} needs one set per name`,
            });
        }
        else {
            records.push(record);
        }
    });
    return records;
}
/**
 * Checks a POST /v1/load/test/ body and resolves what it names among the records of its tenant
 * (another tenant's records are as unknown as ones that never existed); every problem is thrown at once.
 */
async function parseTestRequest(body, store, dataDir) {
    if (!(0,json/* isRecord */.u4)(body)) {
        throw new ApiError(400, 'bad_request', 'expected a JSON object with "name" and "config_data" (docs/interface.md 2.1)');
    }
    const { environment, test_data: testData, plan_id: planId, shards, ...own } = body;
    const problems = [];
    const shardCount = shards === undefined ? undefined : readShards(shards, problems);
    const plan = planId === undefined ? undefined : findPlan(store, planId, problems);
    // Without its plan, the request's own name and config would only add "missing" noise.
    if (planId !== undefined && !plan)
        throw problemsError(problems);
    const rest = plan ? withPlan(plan, own) : own;
    const named = typeof environment === 'string' ? environment : undefined;
    // Every problem in one answer, as `loadgate validate` gives them: the variables and data are
    // checked on what is left of a refused definition too (definition/salvage.ts).
    const checked = (0,salvage/* validatedOrSalvaged */.Jr)(named === undefined && environment !== undefined ? { ...rest, environment } : rest, REQUEST);
    problems.push(...checked.problems);
    const stored = named === undefined ? undefined : store.findEnvironment(named);
    const namesKnown = problems.length;
    if (named !== undefined && !stored) {
        problems.push({
            path: '$.environment',
            message: `no stored environment with id or name ${JSON.stringify(named)} (GET /v1/environment/ lists them)`,
        });
    }
    const sets = resolveTestData(store, testDataReferences(testData, problems), problems);
    // A missing environment or data set leaves unknown which variables exist: none is named missing.
    if (!checked.salvaged || problems.length > namesKnown)
        throw problemsError(problems);
    const definition = checked.salvaged.definition;
    if (stored)
        definition.environment = { name: stored.name, vars: stored.vars };
    definition.test_data = sets.map(testDataSet);
    // Unknown variables, unreadable data and bad URLs are found now, not when the test's turn comes.
    const prepared = await (0,errors/* inputProblems */.ri)(() => (0,prepare/* checkTest */.rS)({ definition, file: REQUEST, dir: dataDir }, {}));
    problems.push(...(0,salvage/* laterProblems */.bt)(prepared.problems, problems, checked.salvaged.replaced));
    if (problems.length > 0)
        throw problemsError(problems);
    return {
        definition,
        planId: plan?.id ?? null,
        environmentId: stored?.id ?? null,
        testDataIds: sets.map((s) => s.id),
        ...(shardCount !== undefined && { shards: shardCount }),
    };
}
/**
 * `shards`: a server-side option beside the definition, not part of it (the definition's schema
 * is the published one, and clients that do not know the field never send it).
 */
function readShards(value, problems) {
    if (Number.isSafeInteger(value) && value >= 1 && value <= MAX_SHARDS)
        return value;
    problems.push({
        path: '$.shards',
        message: `expected the shards per location, a whole number from 1 to ${MAX_SHARDS}, got ${JSON.stringify(value)}`,
    });
    return undefined;
}
function findPlan(store, id, problems) {
    const plan = typeof id === 'string' ? store.findPlan(id) : undefined;
    if (!plan) {
        const message = typeof id === 'string'
            ? `no stored plan with id ${JSON.stringify(id)} (GET /v1/load/plan/ lists them)`
            : 'expected the id of a stored plan (a string)';
        problems.push({ path: '$.plan_id', message });
    }
    return plan;
}
/** Load shapes that exclude each other: a request that gives one drops the plan's other. */
const LOAD_SHAPE_KEYS = ['iteration_count', 'request_count', 'duration', 'load_type'];
/**
 * A request from a plan: the plan's name and config, with what the request gives on top. Each
 * key of the request's `config_data` replaces the plan's (`steps` as a whole); stages
 * (`manual_load`) and a plain count/duration exclude each other, so giving one drops the other.
 */
function withPlan(plan, request) {
    const override = (0,json/* isRecord */.u4)(request.config_data) ? request.config_data : {};
    const base = { ...plan.config_data };
    if (override.manual_load !== undefined)
        for (const key of LOAD_SHAPE_KEYS)
            delete base[key];
    else if (LOAD_SHAPE_KEYS.some((key) => override[key] !== undefined))
        delete base.manual_load;
    if (override.request_count !== undefined)
        delete base.iteration_count;
    const merged = request.config_data === undefined || (0,json/* isRecord */.u4)(request.config_data) ? { ...base, ...override } : request.config_data;
    return { ...request, name: request.name ?? plan.name, config_data: merged };
}
/** The definition of a stored test, with its test data as stored now. */
function storedDefinition(store, test) {
    const config = store.getTestConfig(test.id) ?? store.getPlan(test.plan_id)?.config_data;
    if (!config)
        throw new errors/* InputError */.dz([{ path: 'plan_id', message: `the plan ${test.plan_id} of this test is missing from the database` }]);
    const sets = test.test_data_ids.map((id) => {
        const record = store.getTestData(id);
        if (!record)
            throw new errors/* InputError */.dz([{ path: 'test_data', message: `the test data set ${id} was deleted before the test ran` }]);
        return testDataSet(record);
    });
    const definition = { name: test.name, config_data: config, test_data: sets };
    if (test.environment)
        definition.environment = test.environment;
    return definition;
}
/** checkTest, with its problems as a 422 (the engine threads prepare the test). */
async function definition_prepare(definition, dataDir) {
    const loaded = { definition, file: REQUEST, dir: dataDir };
    try {
        return await (0,prepare/* checkTest */.rS)(loaded, {});
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz)
            throw problemsError(error.problems);
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/server/routes/plans.ts
// Load test plans (docs/server.md): a name and a config_data, stored to create tests from
// (`POST /v1/load/test/` with `plan_id`). Every test also has a plan: its own, made from the
// request, when it named none. Plans are checked with the definition schema and kept with every
// default filled in. Tests copy their plan's config when they are created, so an update or a
// delete never changes a test already queued.






const PLAN_KEYS = ['name', 'config_data'];
const plans_EXPECTED = '"name" and "config_data" (docs/interface.md 2.1)';
/** The plan's name and config, checked and with defaults; 422 with every problem otherwise. */
function checkPlan(body) {
    const problems = Object.keys(body)
        .filter((key) => !PLAN_KEYS.includes(key))
        .map((key) => ({
        path: `$.${key}`,
        message: `unknown key "${key}": a plan holds name and config_data; environment and test_data are given when a test is created from it`,
    }));
    const checked = (0,validate/* validateDefinition */.Gt)({ name: body.name, config_data: body.config_data }, 'request body');
    if (!checked.ok)
        problems.push(...checked.problems);
    if (!checked.ok || problems.length > 0)
        throw problemsError(problems);
    return { name: checked.value.definition.name, config_data: checked.value.definition.config_data };
}
function planRoutes(ctx) {
    return crudRoutes(ctx, {
        path: '/v1/load/plan/',
        noun: 'plan',
        get: (records, id) => records.findPlan(id),
        list: (records) => records.listPlans(),
        create: (req, records) => {
            const plan = { id: (0,external_node_crypto_.randomUUID)(), ...checkPlan(jsonBody(req, plans_EXPECTED)), created_at: new Date().toISOString() };
            records.createPlan(plan);
            return plan;
        },
        // Keys left out keep their value; config_data keys replace the plan's one by one.
        update: (plan, req, records) => {
            const updated = { ...plan, ...checkPlan(withPlan(plan, jsonBody(req, `any of ${plans_EXPECTED}`))) };
            records.updatePlan(updated);
            return updated;
        },
        remove: (plan, records) => records.deletePlan(plan.id, new Date().toISOString()),
    });
}

// EXTERNAL MODULE: ./src/report/html.ts + 1 modules
var html = __webpack_require__(55612);
// EXTERNAL MODULE: ./src/report/model.ts + 1 modules
var model = __webpack_require__(62679);
// EXTERNAL MODULE: ./src/report/svg.ts
var svg = __webpack_require__(9880);
// EXTERNAL MODULE: ./src/verdict/judge.ts + 1 modules
var judge = __webpack_require__(77995);
;// CONCATENATED MODULE: ./src/server/report-page.ts
// The page behind a test's `test_url`: the web report once there is a result (the user's
// thresholds belong to the client that started the test: the page judges with the defaults
// only), else the test's status.




function renderReportPage(test, result, progress) {
    if (result)
        return (0,html/* renderHtmlReport */.w4)((0,model/* buildReport */.FK)({ result, judgement: (0,judge/* judge */.S4)({ result, thresholds: [], defaults: true }) }));
    const sofar = progress
        ? `<p>So far: ${progress.seconds} s of the schedule, ${progress.started} iterations started, ${progress.responses} responses, ${progress.failures} failed${progress.streams === undefined ? '' : `, ${progress.streams} streams, ${progress.events} events`}.</p>`
        : '';
    const reason = test.failure_reason ? `<p>Reason: ${(0,svg/* escapeXml */.X)(test.failure_reason)}</p>` : '';
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${(0,svg/* escapeXml */.X)(test.name)} — loadgate</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>${(0,svg/* escapeXml */.X)(test.name)}</h1>
<p>Status: ${(0,svg/* escapeXml */.X)(test.status)}. The report appears here when the test has finished.</p>
${sofar}${reason}
</body>
</html>
`;
}

;// CONCATENATED MODULE: ./src/server/routes/report.ts
// GET /report/<id>/: the page a test's test_url points at.


function reportRoutes(ctx) {
    return {
        '/report/:id/': {
            GET: async (req, reply) => {
                const test = recordOf(req, 'load test', (id) => ctx.store.getTest(id));
                reply.type('text/html; charset=utf-8');
                return renderReportPage(test, ctx.store.getResult(test.id), ctx.queue.progress(test.id));
            },
        },
    };
}

// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: ./src/variables/csv.ts
var csv = __webpack_require__(17449);
;// CONCATENATED MODULE: ./src/server/body-limit.ts
/**
 * Counts `req`'s body from here on: throws `tooLarge(0)` at once when its Content-Length is over
 * `maxBytes`, and rejects `passed` with `tooLarge(bytes received)` once more has arrived. Then
 * the request stops being read: it is unpiped from its readers and paused while the answer (a
 * 413, which closes the connection) goes out, and once the connection is closed the request is
 * destroyed, so that its readers end too (a form parser waiting for the rest of a part gives up,
 * and what it wrote is removed).
 */
function countBody(req, maxBytes, tooLarge) {
    if (Number(req.headers['content-length']) > maxBytes)
        throw tooLarge(0);
    let reject = () => undefined;
    const passed = new Promise((_, fail) => {
        reject = fail;
    });
    // The caller may have stopped listening (its reader failed first) when the limit is passed.
    passed.catch(() => undefined);
    let received = 0;
    const count = (chunk) => {
        received += chunk.length;
        if (received <= maxBytes)
            return;
        stop();
        req.unpipe();
        req.pause();
        if (req.socket.destroyed)
            req.destroy();
        else
            req.socket.once('close', () => req.destroy());
        reject(tooLarge(received));
    };
    const stop = () => {
        req.off('data', count);
    };
    // Paused first, so that counting does not start the flow before the reader is piped in (a pipe
    // resumes a paused request; a 'data' listener added to a paused one does not).
    req.pause();
    req.on('data', count);
    const drain = () => new Promise((resolve) => {
        if (req.readableEnded || req.destroyed)
            return resolve();
        req.once('end', resolve).once('close', resolve);
        req.resume();
    });
    return { passed, drain, stop };
}

;// CONCATENATED MODULE: ./src/server/private-files.ts
// The server's files are its owner's alone (docs/security.md, "Files"): the database, its -wal
// and -shm, the data folder and everything in it are created 0600 (folders 0700) whatever the
// umask, since a umask only takes bits away. What exists with looser modes is tightened, with
// one log line naming it.



const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;
function loose(mode, wanted) {
    return (mode & 0o777 & ~wanted) !== 0;
}
function octal(mode) {
    return (mode & 0o777).toString(8).padStart(4, '0');
}
/** Tightens `path` to `wanted` when it allows more; returns a line saying so (or why it could not), else undefined. */
function tighten(path, wanted) {
    const mode = (0,external_node_fs_.statSync)(path).mode;
    if (!loose(mode, wanted))
        return undefined;
    try {
        (0,external_node_fs_.chmodSync)(path, wanted);
        return `${path} was ${octal(mode)} (open to group or others): made ${octal(wanted)}`;
    }
    catch (error) {
        return `${path} is ${octal(mode)}, open to group or others, and could not be made ${octal(wanted)} (${error.message}): restrict it yourself`;
    }
}
/** The folder, created 0700 with any missing parent; an existing one tightened (the line for the log, if any). */
async function privateFolder(path) {
    await (0,promises_.mkdir)(path, { recursive: true, mode: PRIVATE_FOLDER });
    return tighten(path, PRIVATE_FOLDER);
}
/**
 * The files in `folder` (not below it) tightened to 0600: one line naming those that were open,
 * undefined when none was.
 */
function tightenFilesIn(folder) {
    const lines = (0,external_node_fs_.readdirSync)(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => tighten((0,external_node_path_.join)(folder, entry.name), PRIVATE_FILE))
        .filter((line) => line !== undefined);
    if (lines.length === 0)
        return undefined;
    return lines.length === 1 ? lines[0] : `${lines.length} files in ${folder} were open to group or others: made 0600 (${lines[0]}, …)`;
}
/**
 * The SQLite file and its companions: created empty and 0600 when missing, so that SQLite (which
 * gives its -wal and -shm the database's mode) never makes one readable by others; existing ones
 * tightened. Returns the lines for the log.
 */
function privateDatabaseFiles(dbPath) {
    if (!(0,external_node_fs_.existsSync)(dbPath))
        (0,external_node_fs_.closeSync)((0,external_node_fs_.openSync)(dbPath, 'a', PRIVATE_FILE));
    return [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]
        .filter((path) => (0,external_node_fs_.existsSync)(path))
        .map((path) => tighten(path, PRIVATE_FILE))
        .filter((line) => line !== undefined);
}

;// CONCATENATED MODULE: ./src/server/routes/testdata.ts
// Test data sets (docs/interface.md 2.4): a multipart form with the parts name, type, file_config (JSON
// text) and file. The form is checked with the CLI's schema for a `test_data` entry, the file is
// read once with the CLI's CSV loader (its row count is part of the answer), then kept in the
// data directory as <id>.csv, with its SHA-256 (clients compare it to reuse an upload).
// An update (PATCH) takes the same parts, each optional, as a form or as JSON.














/** Temporary files of uploads in progress, in the data directory. */
const UPLOAD_PREFIX = '.upload-';
const FORM = 'a multipart form with the parts name, type, file_config and file (docs/interface.md 2.4)';
/**
 * Reads the form; the file part goes straight to a temporary file in the data directory. The
 * whole body is counted as well (countBody): whatever the form's shape, past the file's limit and
 * the form around it the answer is a 413 and nothing more is read.
 */
async function receiveUpload(req, ctx) {
    if (!req.isMultipart())
        throw new ApiError(415, 'unsupported_media_type', `expected ${FORM} (Content-Type: multipart/form-data)`);
    const limit = ctx.limits.uploadBytes + ctx.limits.bodyBytes;
    const body = countBody(req.raw, limit, (received) => {
        // How much was read before the refusal: what a client could make the server take.
        ctx.log(`${req.method} ${req.url}: upload refused at its limit of ${describeBytes(limit)}, ${received} bytes read`);
        return new ApiError(413, 'payload_too_large', `the upload is larger than the limit of ${describeBytes(limit)} (a file of ${describeBytes(ctx.limits.uploadBytes)} and the form around it)`);
    });
    const upload = { fields: {} };
    try {
        const reading = readParts(req, ctx, upload).then(() => undefined, (error) => error);
        const failure = await Promise.race([reading, body.passed]);
        // What follows a malformed part, or the last part (an epilogue), is read and counted too, so
        // that a client still sending gets the answer rather than a reset, and never past the limit.
        if (!isTooLarge(failure))
            await Promise.race([body.drain(), body.passed]);
        if (failure !== undefined)
            throw failure;
        return upload;
    }
    catch (error) {
        if (upload.file)
            await (0,promises_.rm)(upload.file.tmpPath, { force: true });
        throw error;
    }
    finally {
        body.stop();
    }
}
function isTooLarge(error) {
    return error instanceof ApiError && error.status === 413;
}
/** The form's parts, in order, into `upload`; a malformed form is a 400. */
async function readParts(req, ctx, upload) {
    try {
        for await (const part of req.parts()) {
            if (part.type === 'field') {
                upload.fields[part.fieldname] = part.value;
            }
            else if (part.fieldname === 'file') {
                upload.file = { tmpPath: (0,external_node_path_.join)(ctx.dataDir, `${UPLOAD_PREFIX}${(0,external_node_crypto_.randomUUID)()}`), name: part.filename || 'upload.csv' };
                const tooLarge = new ApiError(413, 'payload_too_large', `the uploaded file is larger than the limit of ${describeBytes(ctx.limits.uploadBytes)}`);
                // Past the limit the parser would skip the rest of the part, maybe a gigabyte, before the
                // stream ends: stop there (the 413 then closes the connection, docs/security.md).
                part.file.once('limit', () => part.file.destroy(tooLarge));
                await (0,external_node_stream_promises_.pipeline)(part.file, (0,external_node_fs_.createWriteStream)(upload.file.tmpPath, { mode: PRIVATE_FILE }));
            }
            else {
                // `curl -F file_config=@config.json` sends a text part as a file.
                upload.fields[part.fieldname] = (await part.toBuffer()).toString('utf8');
            }
        }
    }
    catch (error) {
        if (upload.file)
            await (0,promises_.rm)(upload.file.tmpPath, { force: true });
        throw isFormSyntaxError(error) ? new ApiError(400, 'bad_request', `malformed multipart form: ${error.message}`) : error;
    }
}
/**
 * The multipart parser (busboy) reports a malformed form as a plain Error, without the `code`
 * of a file system error or the `statusCode` of the plugin's own errors.
 */
function isFormSyntaxError(error) {
    return error instanceof Error && !(error instanceof ApiError) && !('code' in error) && !('statusCode' in error);
}
/**
 * `file_config` as a form sends it (JSON text, read as strictly as a request body: a key given
 * twice is refused) or as a JSON body does (an object). Problems name the part: `$.file_config.x`.
 */
function parseFileConfig(value) {
    if (typeof value !== 'string')
        return value;
    const parsed = (0,json_text/* parseJsonText */.lk)(value);
    if (parsed.ok)
        return parsed.value.json;
    throw problemsError(parsed.problems.map((p) => p.path.startsWith('$')
        ? { path: `$.file_config${p.path.slice(1)}`, message: p.message }
        : { path: '$.file_config', message: `${p.path}: ${p.message}` }));
}
/** The form as a `test_data` entry, checked by the definition schema; problem paths relative to the form. */
function checkForm(upload) {
    const raw = { ...upload.fields };
    if (raw.file_config !== undefined)
        raw.file_config = parseFileConfig(raw.file_config);
    const problems = [];
    // The schema's own "missing key" would repeat the problem below, in less helpful words.
    raw.file = upload.file?.name ?? 'missing';
    if (!upload.file)
        problems.push({ path: '$.file', message: 'missing the file part: send the CSV file as a form part named "file"' });
    const holder = { name: 'upload', config_data: { steps: [{ id: 1, name: 'upload', url: 'http://upload.invalid/' }] }, test_data: [raw] };
    const checked = (0,validate/* validateDefinition */.Gt)(holder, 'upload');
    if (!checked.ok) {
        problems.push(...checked.problems.map((p) => ({ path: p.path.replace(/^\$\.test_data\[0\]/, '$'), message: p.message })));
    }
    if (!checked.ok || !upload.file || problems.length > 0)
        throw problemsError(problems);
    return { set: checked.value.definition.test_data[0], file: upload.file };
}
/** The rows of the file as `set` reads it; 422 naming the client's file name otherwise. */
async function countRows(path, shownName, set) {
    const data = await (0,csv/* loadDataSet */.B)({ ...set, file: path }, { path: '$' });
    if (data.ok)
        return data.value.rowCount;
    throw problemsError(data.problems.map((p) => ({ path: p.path, message: p.message.replaceAll(path, shownName) })));
}
async function fileSha256(path) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    await (0,external_node_stream_promises_.pipeline)((0,external_node_fs_.createReadStream)(path), hash);
    return hash.digest('hex');
}
async function createTestData(file, set, ctx, records) {
    const id = (0,external_node_crypto_.randomUUID)();
    const filePath = (0,external_node_path_.join)(ctx.dataDir, `${id}.csv`);
    await (0,promises_.rename)(file.tmpPath, filePath);
    let rowCount;
    try {
        rowCount = await countRows(filePath, file.name, set);
    }
    catch (error) {
        await (0,promises_.rm)(filePath, { force: true });
        throw error;
    }
    const record = {
        id,
        name: set.name,
        type: set.type,
        file_config: set.file_config,
        file_name: file.name,
        row_count: rowCount,
        created_at: new Date().toISOString(),
        file_path: filePath,
    };
    records.createTestData(record);
    records.setTestDataHash(id, await fileSha256(filePath));
    return record;
}
/**
 * The record with the parts the update gives: file_config keys replace the stored ones one by
 * one; a new file replaces the stored file only once it has been read without a problem.
 */
async function updateTestData(record, upload, records) {
    const given = upload.fields;
    const fileConfig = given.file_config === undefined ? {} : parseFileConfig(given.file_config);
    const fields = {
        name: given.name ?? record.name,
        type: given.type ?? record.type,
        file_config: (0,json/* isRecord */.u4)(fileConfig) ? { ...record.file_config, ...fileConfig } : fileConfig,
    };
    const stored = { tmpPath: record.file_path, name: record.file_name };
    const { set, file } = checkForm({ fields, file: upload.file ?? stored });
    const rowCount = await countRows(file.tmpPath, file.name, set);
    if (upload.file) {
        await (0,promises_.rename)(upload.file.tmpPath, record.file_path);
        records.setTestDataHash(record.id, await fileSha256(record.file_path));
    }
    const updated = {
        ...record,
        name: set.name,
        type: set.type,
        file_config: set.file_config,
        file_name: file.name,
        row_count: rowCount,
    };
    records.updateTestData(updated);
    return updated;
}
/** A record as clients see it: without the server's file path, with the file's SHA-256 when known. */
function view(record, hashes) {
    const { file_path: _, ...shown } = record;
    const sha256 = hashes.get(record.id);
    return sha256 === undefined ? shown : { ...shown, sha256 };
}
function testDataRoutes(ctx) {
    return crudRoutes(ctx, {
        path: '/v1/testdata/',
        noun: 'test data set',
        get: (records, id) => records.getTestData(id),
        list: (records) => records.listTestData(),
        create: async (req, records) => {
            const upload = await receiveUpload(req, ctx);
            let checked;
            try {
                checked = checkForm(upload);
            }
            catch (error) {
                if (upload.file)
                    await (0,promises_.rm)(upload.file.tmpPath, { force: true });
                throw error;
            }
            return createTestData(checked.file, checked.set, ctx, records);
        },
        update: async (record, req, records) => {
            const upload = req.isMultipart()
                ? await receiveUpload(req, ctx)
                : { fields: jsonBody(req, 'any of name, type, file_config and file') };
            try {
                return await updateTestData(record, upload, records);
            }
            finally {
                if (upload.file)
                    await (0,promises_.rm)(upload.file.tmpPath, { force: true });
            }
        },
        remove: async (record, records) => {
            records.deleteTestData(record.id);
            await (0,promises_.rm)(record.file_path, { force: true });
        },
        viewer: (records) => {
            const hashes = records.testDataHashes();
            return (record) => view(record, hashes);
        },
    });
}

// EXTERNAL MODULE: ./src/shard/protocol.ts
var protocol = __webpack_require__(70582);
;// CONCATENATED MODULE: ./src/server/shards/registry.ts
// The sharded tests this server coordinates now, by test id, and the check of their callbacks'
// token (`Authorization: Bearer <token>`, the per-test token of the test's Secret; the API keys
// are not accepted there, nor is the token anywhere else). Latency probes (one pod measuring one
// location) call home under the same prefix with a token of their own.


/** A callback's route: `/v1/shard/:test/ready/`. */
function shardRoute(call) {
    return `${protocol/* SHARD_ROUTE_PREFIX */.EI}:test/${protocol/* SHARD_CALLS */.Pv[call]}`;
}
/**
 * A shard's results file: its histograms per step × location grow with steps and locations
 * beyond the 1 MB of other bodies, so this route takes as much as an upload. Only the test's
 * token opens it, checked before the body is read.
 */
const SHARD_RESULT_ROUTE = shardRoute('final');
class ShardRegistry {
    tests = new Map();
    probes = new Map();
    add(test) {
        this.tests.set(test.coordinator.testId, test);
    }
    remove(testId) {
        this.tests.delete(testId);
    }
    get(testId) {
        return this.tests.get(testId);
    }
    addProbe(probe) {
        this.probes.set(probe.id, probe);
    }
    removeProbe(id) {
        this.probes.delete(id);
    }
    probe(id) {
        return this.probes.get(id);
    }
    /** Checked before any body is read: 401 without a bearer token, 403 with a wrong one, 404 for a test not coordinated now. */
    authenticate(url, authorization) {
        const testId = decodeURIComponent(url.slice(protocol/* SHARD_ROUTE_PREFIX */.EI.length).split(/[/?]/)[0] ?? '');
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
        if (!match)
            return new ApiError(401, 'unauthorized', "shard callbacks need Authorization: Bearer <the test's shard token>");
        const caller = this.tests.get(testId)?.coordinator ?? this.probes.get(testId);
        // The same answer for an unknown test and a wrong token: the callback learns nothing from it.
        if (!caller?.acceptsToken(match[1]))
            return new ApiError(403, 'forbidden', 'the shard token is not valid for this test');
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/server/routes/shards.ts
// The shards' callbacks (docs/kubernetes.md, "Protocol"), under /v1/shard/<test>/, authenticated
// by the test's token (shards/registry.ts): the plan, ready (the start barrier), one second's
// upload while running, and the shard's result at the end. Uploads are idempotent. A latency
// probe's pod uses latency/: GET what to measure, POST its location's figures.






function wholeNumber(value, field) {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
        throw invalidField(field, 'expected a whole number ≥ 0');
    return n;
}
function nonEmpty(value, field) {
    if (typeof value !== 'string' || value === '')
        throw invalidField(field, 'expected a non-empty string');
    return value;
}
function callerOf(test, fields) {
    const caller = {
        location: nonEmpty(fields.location, 'location'),
        index: wholeNumber(fields.index, 'index'),
        attempt: wholeNumber(fields.attempt ?? 0, 'attempt'),
        pod: nonEmpty(fields.pod ?? 'unnamed', 'pod'),
    };
    const problem = test.coordinator.checkKey(caller);
    if (problem)
        throw new ApiError(422, 'invalid_request', problem, { field: 'index' });
    return caller;
}
/** An upload from the pod that holds the attempt; a second pod of the same index is refused (409). */
function holder(test, caller) {
    if (!test.coordinator.holds(caller, caller.attempt, caller.pod)) {
        throw new ApiError(409, 'duplicate_shard', `another pod holds ${caller.location}-${caller.index} attempt ${caller.attempt}; this one (${caller.pod}) is not needed`);
    }
}
function shardRoutes(ctx) {
    const find = (req) => {
        const test = ctx.shards.get(param(req, 'test'));
        // authenticate() has already answered for unknown tests; a test that ended since is gone.
        if (!test)
            throw new ApiError(404, 'not_found', 'the test is not running');
        return test;
    };
    return {
        [shardRoute('plan')]: {
            GET: async (req) => {
                const test = find(req);
                const key = callerOf(test, (0,json/* isRecord */.u4)(req.query) ? req.query : {});
                return {
                    test_url: test.testUrl,
                    shard: { location: key.location, index: key.index, count: test.coordinator.shardCounts[key.location] },
                    definition: await planDefinition(test),
                };
            },
        },
        [shardRoute('ready')]: {
            POST: async (req, reply) => {
                const test = find(req);
                const caller = callerOf(test, jsonBody(req, '"location", "index", "attempt" and "pod"'));
                const answer = test.coordinator.ready(caller, caller.attempt, caller.pod);
                if (answer.state === 'duplicate')
                    reply.code(409);
                return answer;
            },
        },
        [shardRoute('interval')]: {
            POST: async (req) => {
                const test = find(req);
                const body = jsonBody(req, '"location", "index", "attempt", "pod", "t" and "sample"');
                const caller = callerOf(test, body);
                holder(test, caller);
                if (!(0,json/* isRecord */.u4)(body.sample))
                    throw invalidField('sample', "expected the second's sample (an object)");
                return test.coordinator.interval(caller, caller.attempt, wholeNumber(body.t, 't'), body.sample);
            },
        },
        [shardRoute('latency')]: {
            GET: async (req) => probeOf(ctx, req).request,
            POST: async (req) => {
                const body = jsonBody(req, '"latency" (the location\'s figures)');
                const problem = probeOf(ctx, req).deliver(body.latency);
                if (problem)
                    throw invalidField('latency', problem);
                return { stored: true };
            },
        },
        [SHARD_RESULT_ROUTE]: {
            POST: async (req) => {
                const test = find(req);
                const body = jsonBody(req, '"location", "index", "attempt", "pod" and "result"');
                const caller = callerOf(test, body);
                holder(test, caller);
                if (!(0,json/* isRecord */.u4)(body.result) || !(0,json/* isRecord */.u4)(body.result.run) || !(0,json/* isRecord */.u4)(body.result.run.shard)) {
                    throw invalidField('result', "expected the shard's results file (with run.shard and histograms)");
                }
                return { stored: test.coordinator.final(caller, caller.attempt, body.result, body.result.run.interrupted === true) };
            },
        },
    };
}
function probeOf(ctx, req) {
    const probe = ctx.shards.probe(param(req, 'test'));
    if (!probe)
        throw new ApiError(404, 'not_found', 'the latency test is not running');
    return probe;
}
/**
 * The definition a shard runs: as stored, with each test data file's content inline (a shard has
 * no access to this server's files, and needs every row: `sequential` rows follow the global k).
 */
async function planDefinition(test) {
    const { test_data: sets, ...rest } = test.definition;
    const testData = await Promise.all(sets.map(async (set) => ({ ...set, file: (0,external_node_path_.basename)(set.file), content: await (0,promises_.readFile)(set.file, 'utf8') })));
    return { ...rest, test_data: testData };
}

;// CONCATENATED MODULE: ./src/hosted/service-records.ts
/** loadgate serve's statuses (docs/interface.md 3); other services may use other words. */
const TEST_STATUSES = (/* unused pure expression or super */ null && (['initial', 'running', 'completed', 'incomplete', 'failed', 'stopped']));
const FINAL_STATUSES = ['completed', 'incomplete', 'failed', 'stopped'];

;// CONCATENATED MODULE: ./src/server/routes/tests.ts
// Load tests: create (queued), list, details, result, stop.






/** A test as GET /v1/load/test/<id>/ shows it (docs/server.md). */
function testView(test) {
    return {
        id: test.id,
        name: test.name,
        status: test.status,
        test_url: test.test_url,
        failure_reason: test.failure_reason,
        plan_id: test.plan_id,
        created_at: test.created_at,
        started_at: test.started_at,
        finished_at: test.finished_at,
    };
}
/**
 * Ends a test that may be queued or running, and resolves once it has ended: the one way the
 * routes stop a test (GET …/stop/, DELETE), so a stop with another bound replaces it here alone.
 */
async function stopTest(ctx, id) {
    return ctx.queue.stop(id);
}
/** GET /v1/load/test/<id>/: the test, with its progress while it runs, what it waits for while queued, or its coverage once incomplete. */
function testDetails(ctx, record) {
    const test = testView(record);
    // Live progress while it runs: the totals so far (docs/server.md).
    const progress = ctx.queue.progress(test.id);
    if (progress)
        return { ...test, progress };
    // Queued while the executor cannot start tests (its cluster does not answer): what it waits for, and until when.
    const waiting = ctx.queue.waiting(test.id);
    if (waiting)
        return { ...test, waiting };
    const coverage = test.status === 'incomplete' ? ctx.store.getResult(test.id)?.run.coverage : undefined;
    return coverage ? { ...test, coverage } : test;
}
function testRoutes(ctx) {
    const find = (req) => {
        const records = recordsOf(ctx, req);
        return recordOf(req, 'load test', (id) => records.getTest(id));
    };
    return {
        '/v1/load/test/': {
            POST: async (req, reply) => {
                const records = recordsOf(ctx, req);
                const parsed = await parseTestRequest(jsonBody(req, '"name" and "config_data", or "plan_id" (docs/interface.md 2.1)'), records, ctx.dataDir);
                const now = new Date().toISOString();
                const id = (0,external_node_crypto_.randomUUID)();
                // A test without a stored plan gets one of its own, so that every test names a plan.
                const planId = parsed.planId ?? (0,external_node_crypto_.randomUUID)();
                const plan = parsed.planId === null
                    ? { id: planId, name: parsed.definition.name, config_data: parsed.definition.config_data, created_at: now }
                    : null;
                const test = {
                    id,
                    name: parsed.definition.name,
                    status: 'initial',
                    test_url: reportUrl(ctx, id),
                    failure_reason: null,
                    plan_id: planId,
                    created_at: now,
                    started_at: null,
                    finished_at: null,
                    environment_id: parsed.environmentId,
                    environment: parsed.definition.environment ?? null,
                    test_data_ids: parsed.testDataIds,
                };
                if (parsed.shards !== undefined && !ctx.kubernetesLocations)
                    throw problemsError([
                        {
                            path: '$.shards',
                            message: 'is for the Kubernetes executor (serve --executor kubernetes); this server runs each test itself',
                        },
                    ]);
                records.createTest(plan, test, parsed.definition.config_data);
                if (parsed.shards !== undefined)
                    ctx.store.setTestShards(id, parsed.shards);
                ctx.queue.kick();
                reply.code(201);
                return { id, test_url: test.test_url, status: 'initial', failure_reason: null };
            },
            GET: async (req) => recordsOf(ctx, req).listTests().map(testView),
        },
        '/v1/load/test/:id/': {
            // The test gone with its result and report; a queued or running one is stopped first.
            DELETE: async (req) => {
                const test = find(req);
                const ended = (await stopTest(ctx, test.id)) ?? test;
                ctx.store.deleteTest(test.id);
                ctx.log(`test ${test.id} (${test.name}): deleted`);
                return testView(ended);
            },
            GET: async (req) => testDetails(ctx, find(req)),
        },
        '/v1/load/test/:id/result/': {
            GET: async (req) => {
                const test = find(req);
                if (!FINAL_STATUSES.includes(test.status)) {
                    throw new ApiError(409, 'not_finished', `the test is ${test.status}; its result is ready once it is completed, incomplete, failed or stopped`);
                }
                // A client that does not know `incomplete` would judge the partial result as a whole one: it has to ask for it.
                if (test.status === 'incomplete' && !((0,json/* isRecord */.u4)(req.query) && req.query.accept === 'incomplete')) {
                    throw new ApiError(409, 'incomplete', `the test is incomplete (${test.failure_reason ?? 'part of the planned load is missing'}); its partial result is at this path with ?accept=incomplete`);
                }
                const result = ctx.store.getResult(test.id);
                if (!result) {
                    const why = test.failure_reason ? `: ${test.failure_reason}` : ' before it started';
                    throw new ApiError(409, 'no_result', `the test ${test.status} without a result${why}`);
                }
                return result;
            },
        },
        '/v1/load/test/:id/stop/': {
            GET: async (req) => {
                const test = find(req);
                return testView((await stopTest(ctx, test.id)) ?? test);
            },
        },
    };
}

;// CONCATENATED MODULE: ./src/server/app.ts
// The Fastify instance: the compatibility rules of docs/server.md (trailing slash optional, never a
// redirect; absolute-form targets routed; JSON errors everywhere, router 404/405 and size
// limits included; 415 only for a body that is really there), authentication, the limits on
// what one client may hold (connections.ts, docs/security.md), and the routes,
// one module per resource under routes/.




















/**
 * The report page is opened from links (the test_url in a PR comment), where a browser sends no
 * X-API-KEY: its unguessable id (a random UUID, 122 bits) is the credential, like an unlisted link.
 */
function isReportPage(method, url) {
    return (method === 'GET' || method === 'HEAD') && /^\/report\/[0-9a-f-]{36}\/?(\?.*)?$/.test(url);
}
const ROUTE_MODULES = [
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
const KNOWN_METHODS = external_node_http_.METHODS.filter((method) => method !== 'CONNECT');
/**
 * Answers after which the connection is closed, the rest of any body unparsed: a client without a
 * valid key gets nothing more from it, and a body over its limit may be a gigabyte long. (Kept
 * open, Node would read and throw away the rest of the body for as long as the client sends it.)
 * The close lingers (linger.ts): what the client still sends is read and dropped for a bounded
 * time and size, so that a client still sending its body reads the answer rather than a reset.
 * Other errors keep the connection; the request timeout bounds how long their body can take.
 */
const CLOSING_STATUSES = new Set([401, 403, 413]);
function sendError(reply, error) {
    if (CLOSING_STATUSES.has(error.status))
        reply.header('connection', 'close');
    return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.body);
}
/** `http://host:port/v1/x?q` (absolute form, RFC 9112 §3.2.2) → `/v1/x?q`; other targets as they are. */
function originForm(target) {
    const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
    if (!authority)
        return target;
    const rest = target.slice(authority[0].length);
    return rest.startsWith('/') ? rest : `/${rest}`;
}
function hasBody(req) {
    const length = req.headers['content-length'];
    return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
function leftBeforeBodyEnded(req) {
    return req.raw.destroyed && !req.raw.complete;
}
/** A malformed HTTP request never reaches Fastify's handlers: answer it in JSON on the socket. */
function answerClientError(error, socket, linger) {
    if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
    }
    const [status, text, code, message] = error.code === 'HPE_HEADER_OVERFLOW'
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
function answerConnect(socket, linger) {
    const answer = rawErrorAnswer(405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not allowed: this server is not a proxy; its routes start with /v1/ (see docs/server.md)');
    // The socket itself, handed over by Node's HTTP server once the CONNECT's head is read.
    closeLingering(socket, linger, answer);
}
/** Fastify routes only the common methods; the others are added so that they reach a route's 405. */
function supportEveryMethod(app) {
    for (const method of KNOWN_METHODS) {
        if (!app.supportedMethods.includes(method))
            app.addHttpMethod(method, { hasBody: true });
    }
}
function registerBodyParsers(app) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
        // JSON is UTF-8 (RFC 8259): a byte that is not is refused, never read as U+FFFD.
        const text = utf8Text(body);
        if (typeof text !== 'string')
            return done(text, undefined);
        // An empty body with a JSON Content-Type (some clients send one on every request) is no body.
        if (text.trim() === '')
            return done(null, undefined);
        // The CLI's strict reading: a key given twice or nesting too deep is refused, not guessed at.
        const parsed = (0,json_text/* parseJsonText */.lk)(text);
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
        if (!hasBody(req))
            return done(null, undefined);
        const type = req.headers['content-type'] ?? '';
        done(new ApiError(415, 'unsupported_media_type', `unsupported Content-Type ${JSON.stringify(type)}: send application/json (multipart/form-data for /v1/testdata/)`), undefined);
    });
}
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/** The body as text, or the 400 naming the first byte that is not UTF-8. */
function utf8Text(body) {
    try {
        return UTF8.decode(body);
    }
    catch {
        // Whether a prefix decodes (an unfinished sequence at its end allowed) only turns from yes to
        // no as it grows: the longest that decodes ends where the bad byte is.
        let [good, bad] = [0, body.length];
        while (bad - good > 1) {
            const middle = Math.floor((good + bad) / 2);
            if (decodesSoFar(body.subarray(0, middle)))
                good = middle;
            else
                bad = middle;
        }
        const at = bad - 1;
        const byte = body[at] ?? 0;
        return new ApiError(400, 'invalid_json', `the request body is not valid UTF-8: byte ${at + 1} (0x${byte.toString(16).padStart(2, '0')}); send JSON as UTF-8`);
    }
}
/** Whether `bytes` decode as UTF-8 but for an unfinished sequence at their end. */
function decodesSoFar(bytes) {
    try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
        return true;
    }
    catch {
        return false;
    }
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * The first string (key or value) holding a lone surrogate (`"\ud800"` is valid JSON but no
 * Unicode text: it could not be stored or sent as UTF-8), with its JSON path.
 */
function loneSurrogate(value, path) {
    if (typeof value === 'string') {
        return !LONE_SURROGATE.test(value)
            ? undefined
            : { path, message: 'holds a lone surrogate (\\ud800-\\udfff without its pair), which is no Unicode character' };
    }
    if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) {
            const found = loneSurrogate(item, `${path}[${i}]`);
            if (found)
                return found;
        }
    }
    else if (value !== null && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
            const at = `${path}.${key}`;
            const found = loneSurrogate(key, at) ?? loneSurrogate(item, at);
            if (found)
                return found;
        }
    }
    return undefined;
}
function registerRoutes(app, table, bodyLimits) {
    for (const [url, handlers] of Object.entries(table)) {
        const served = Object.keys(handlers);
        const bodyLimit = bodyLimits[url];
        for (const [method, handler] of Object.entries(handlers))
            app.route({ method, url, handler, ...(bodyLimit && { bodyLimit }) });
        const allowed = served.includes('GET') ? [...served, 'HEAD'] : served;
        const allow = allowed.join(', ');
        const refused = KNOWN_METHODS.filter((m) => !allowed.includes(m));
        app.route({
            method: refused,
            url,
            // Answered before any body is read: a wrong method is a 405 whatever the body.
            onRequest: async (req, reply) => {
                const path = req.url.split('?')[0];
                return sendError(reply, new ApiError(405, 'method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${allow}`, { headers: { allow } }));
            },
            handler: async () => undefined,
        });
    }
}
async function buildApp(ctx, access, connections = DEFAULT_CONNECTION_LIMITS) {
    const answerError = (error, req, reply) => {
        // A route with its own body limit (a shard's result) names that limit in its 413.
        const limits = { ...ctx.limits, bodyBytes: req.routeOptions.bodyLimit ?? ctx.limits.bodyBytes };
        // A client that closed the connection before its body ended (an upload given up) is not the
        // server's fault: one line says so, without the reader's stack; the answer goes nowhere.
        if (leftBeforeBodyEnded(req)) {
            ctx.log(`${req.method} ${req.url}: the client closed the connection before the request's body ended`);
            return sendError(reply, toApiError(error, limits).error);
        }
        const { error: answer, internal } = toApiError(error, limits);
        if (internal)
            ctx.log(`${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return sendError(reply, answer);
    };
    const app = (0,fastify.fastify)({
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
        if (access.checkKey(req.headers['x-api-key']).ok)
            res.writeContinue();
        app.server.emit('request', req, res);
    });
    app.server.on('connect', (_req, socket) => answerConnect(socket, connections.linger));
    // Every answer that closes its connection (CLOSING_STATUSES) closes it lingering.
    app.addHook('onSend', (req, reply, payload, done) => {
        if (reply.getHeader('connection') === 'close')
            lingerAfterResponse(req.raw.socket, connections.linger);
        done(null, payload);
    });
    supportEveryMethod(app);
    registerBodyParsers(app);
    await app.register((multipart_default()), {
        limits: { fileSize: ctx.limits.uploadBytes, files: 1, fields: 10, fieldSize: ctx.limits.bodyBytes, parts: 12, headerPairs: 100 },
    });
    app.addHook('onRequest', async (req, reply) => {
        if (isReportPage(req.method, req.url))
            return;
        // The shards' callbacks carry their test's token instead of an API key (shards/registry.ts).
        if (req.url.startsWith(protocol/* SHARD_ROUTE_PREFIX */.EI)) {
            const refused = ctx.shards.authenticate(req.url, req.headers.authorization);
            return refused ? sendError(reply, refused) : undefined;
        }
        const check = access.checkKey(req.headers['x-api-key']);
        if (!check.ok)
            return sendError(reply, check.error);
        const limited = access.rateLimit?.(check.tenant, req.method);
        if (limited)
            return sendError(reply, limited);
        setTenant(req, check.tenant);
    });
    app.setErrorHandler(answerError);
    app.setNotFoundHandler((req, reply) => {
        const path = req.url.split('?')[0];
        return sendError(reply, new ApiError(404, 'not_found', `no route for ${req.method} ${path} (routes start with /v1/; see docs/server.md)`));
    });
    const bodyLimits = { [SHARD_RESULT_ROUTE]: ctx.limits.uploadBytes };
    for (const routes of ROUTE_MODULES)
        registerRoutes(app, routes(ctx), bodyLimits);
    return app;
}

;// CONCATENATED MODULE: ./src/server/auth.ts
// API keys (X-API-KEY), the tenant each belongs to, and the optional per-tenant rate limit.
// Keys are compared as SHA-256 digests with timingSafeEqual, against every configured key, so
// that neither the length of a key nor which key matched shows in the response time.



/** One key per line; blank lines and lines starting with `#` are skipped. */
function parseKeyFile(text) {
    return text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
}
/** LOADGATE_API_KEY on the server: keys separated by commas. */
function parseKeyList(text) {
    return (text ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '');
}
/** The tenant of a bare key (docs/server.md, "Tenants"): every deployment from before tenants. */
const DEFAULT_TENANT = 'default';
const TENANT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * `TENANT:KEY`, or a bare `KEY` (tenant `default`). An entry whose part before the first `:` is
 * no tenant name (letters, digits, `.`, `_`, `-`, at most 64) is a bare key, so no key written
 * before tenants changes meaning. Throws (naming `source`, never the key) for a tenant without a
 * key, and for one key given to two tenants.
 */
function tenantKeys(entries, source) {
    const keys = [];
    const tenantOfKey = new Map();
    entries.forEach((entry, i) => {
        const colon = entry.indexOf(':');
        const tenant = colon > 0 ? entry.slice(0, colon) : '';
        const named = TENANT_NAME.test(tenant);
        const key = named ? entry.slice(colon + 1).trim() : entry;
        if (key === '')
            throw new errors/* InputError */.dz([{ path: source, message: `entry ${i + 1} names the tenant "${tenant}" but no key after the ":"` }]);
        const owner = named ? tenant : DEFAULT_TENANT;
        const earlier = tenantOfKey.get(key);
        if (earlier !== undefined && earlier !== owner) {
            throw new errors/* InputError */.dz([
                {
                    path: source,
                    message: `entry ${i + 1}: its key is given to the tenants "${earlier}" and "${owner}"; a key belongs to one tenant`,
                },
            ]);
        }
        tenantOfKey.set(key, owner);
        keys.push({ tenant: owner, key });
    });
    return keys;
}
function digest(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text, 'utf8').digest();
}
/** `keys` as `TENANT:KEY` entries read (tenantKeys), or bare strings (tenant `default`). */
function createKeyChecker(keys) {
    const entries = keys.map((k) => (typeof k === 'string' ? { tenant: DEFAULT_TENANT, key: k } : k));
    const digests = entries.map((k) => digest(k.key));
    return (header) => {
        const value = Array.isArray(header) ? header.join(', ') : (header ?? '');
        if (value.trim() === '') {
            return { ok: false, error: new ApiError(401, 'unauthorized', 'missing X-API-KEY header') };
        }
        const candidate = digest(value);
        let match = -1;
        digests.forEach((known, i) => {
            if ((0,external_node_crypto_.timingSafeEqual)(known, candidate) && match < 0)
                match = i;
        });
        if (match < 0)
            return { ok: false, error: new ApiError(403, 'forbidden', 'invalid API key (X-API-KEY)') };
        return { ok: true, tenant: entries[match].tenant };
    };
}
/** What public services of this interface allow (docs/interface.md 8): `--rate-limit on`. */
const DEFAULT_RATE_LIMITS = { get: 5, other: 2 };
const MAX_RATE = 1_000_000;
/**
 * `--rate-limit` (named `flag` in the problem): `on` (the defaults), `N` (N per second for each
 * class), or `GET=N,OTHER=M` (either may be left out: it keeps its default).
 */
function parseRateLimit(text, flag) {
    const expected = `expected "on" (${DEFAULT_RATE_LIMITS.get} GET and ${DEFAULT_RATE_LIMITS.other} other requests per second), a whole number for both, or GET=N,OTHER=M; got ${JSON.stringify(text)}`;
    const rate = (value) => (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_RATE ? Number(value) : undefined);
    const trimmed = text.trim();
    if (trimmed.toLowerCase() === 'on')
        return { ...DEFAULT_RATE_LIMITS };
    const both = rate(trimmed);
    if (both !== undefined)
        return { get: both, other: both };
    const limits = { ...DEFAULT_RATE_LIMITS };
    for (const item of trimmed.split(',')) {
        const [name, value] = item.split('=').map((part) => part.trim());
        const n = value === undefined ? undefined : rate(value);
        const key = name?.toUpperCase() === 'GET' ? 'get' : name?.toUpperCase() === 'OTHER' ? 'other' : undefined;
        if (key === undefined || n === undefined)
            return { path: flag, message: expected };
        limits[key] = n;
    }
    return limits;
}
function methodClass(method) {
    return method === 'GET' || method === 'HEAD' ? 'get' : 'other';
}
/**
 * A token bucket per tenant and method class: `limits.get` GET/HEAD requests a second and
 * `limits.other` others, bursts of up to the rate. Separate classes let a client read and then
 * write back to back (the official latency action does) without waiting.
 * Returns null when the request may go ahead, else the 429 to answer.
 */
function createRateLimiter(limits, clock = Date.now) {
    const buckets = new Map();
    return (tenant, method) => {
        const kind = methodClass(method);
        const perSecond = limits[kind];
        const now = clock();
        const id = `${kind}:${tenant}`;
        const bucket = buckets.get(id) ?? { tokens: perSecond, at: now };
        bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
        bucket.at = now;
        buckets.set(id, bucket);
        if (bucket.tokens >= 1) {
            bucket.tokens -= 1;
            return null;
        }
        const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
        const what = kind === 'get' ? 'GET' : 'non-GET';
        return new ApiError(429, 'rate_limited', `more than ${perSecond} ${what} requests per second for this API key's tenant; retry after ${retryAfter} s`, {
            headers: { 'retry-after': String(retryAfter) },
        });
    };
}

;// CONCATENATED MODULE: ./src/server/seal.ts
// Secret values at rest (docs/security.md, "Secrets at rest"): AES-256-GCM from node:crypto, a
// random 96-bit nonce per value, and the record's id with the variable's key as associated data,
// so a sealed value copied into another record or under another key does not open. SQLite only
// ever sees `lgs1.<nonce>.<ciphertext+tag>` (base64url).

const PREFIX = 'lgs1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SECRET_KEY_BYTES = 32;
/** The key does not open a sealed value: another key sealed it, or the text was changed. */
class SealError extends Error {
    constructor(what) {
        super(`${what} does not open with this secret key`);
        this.name = 'SealError';
    }
}
function createSealer(key) {
    if (key.length !== SECRET_KEY_BYTES)
        throw new Error(`a secret key is ${SECRET_KEY_BYTES} bytes, got ${key.length}`);
    return {
        seal(plain, context) {
            const nonce = (0,external_node_crypto_.randomBytes)(NONCE_BYTES);
            const cipher = (0,external_node_crypto_.createCipheriv)('aes-256-gcm', key, nonce);
            cipher.setAAD(Buffer.from(context, 'utf8'));
            const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
            return `${PREFIX}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
        },
        open(sealed, context) {
            const [prefix, nonceText, bodyText] = sealed.split('.');
            const nonce = Buffer.from(nonceText ?? '', 'base64url');
            const body = Buffer.from(bodyText ?? '', 'base64url');
            if (prefix !== PREFIX || nonce.length !== NONCE_BYTES || body.length < TAG_BYTES)
                throw new SealError('a sealed value');
            const decipher = (0,external_node_crypto_.createDecipheriv)('aes-256-gcm', key, nonce);
            decipher.setAAD(Buffer.from(context, 'utf8'));
            decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
            try {
                return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
            }
            catch {
                throw new SealError('a sealed value');
            }
        },
    };
}
function context(recordId, key) {
    return `${recordId}\u0000${key}`;
}
/** The variables as stored for the record `recordId`: each secret value sealed. */
function sealVars(sealer, recordId, vars) {
    return vars.map((v) => v.secret ? { key: v.key, secret: true, sealed: sealer.seal(JSON.stringify(v.value), context(recordId, v.key)) } : v);
}
/** The variables of the record `recordId` as stored, opened; a value stored before sealing is taken as it is. */
function openVars(sealer, recordId, stored) {
    return stored.map(({ sealed, ...v }) => sealed === undefined ? v : { ...v, value: JSON.parse(sealer.open(sealed, context(recordId, v.key))) });
}
function sealEnvironment(sealer, recordId, environment) {
    return JSON.stringify({ ...environment, vars: sealVars(sealer, recordId, environment.vars) });
}
function openEnvironment(sealer, recordId, text) {
    const stored = JSON.parse(text);
    return { ...stored, vars: openVars(sealer, recordId, stored.vars) };
}
/** Whether any variable of the stored text holds a secret value in plain (written before sealing). */
function holdsPlainSecret(text) {
    const stored = JSON.parse(text);
    const vars = Array.isArray(stored) ? stored : (stored.vars ?? []);
    return vars.some((v) => v.secret === true && v.sealed === undefined);
}

;// CONCATENATED MODULE: ./src/server/secret-key.ts
// The key that seals secret values at rest (seal.ts; docs/server.md, "Secrets at rest"): from
// LOADGATE_SECRET_KEY or --secret-key-file (32 random bytes in base64, as `openssl rand -base64
// 32` writes them), or else a key file in the data folder, made on the first start.






const SECRET_KEY_ENV = 'LOADGATE_SECRET_KEY';
/** The key file the server makes in its data folder when no key is given. */
const DATA_DIR_KEY_FILE = 'secret.key';
/** 32 bytes in base64; the problem names `source` and never quotes the text. */
function parseSecretKey(text, source) {
    const trimmed = text.trim();
    const key = Buffer.from(trimmed, 'base64');
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && key.length === SECRET_KEY_BYTES)
        return key;
    throw new errors/* InputError */.dz([
        {
            path: source,
            message: `expected ${SECRET_KEY_BYTES} random bytes in base64 (openssl rand -base64 ${SECRET_KEY_BYTES}), got ${trimmed.length} characters that are not that`,
        },
    ]);
}
async function readKeyFile(file, flag) {
    let text;
    try {
        text = await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz([
            { file, path: flag, message: `cannot read the secret key file: ${error.code ?? 'error'}` },
        ]);
    }
    return parseSecretKey(text, `${flag} ${file}`);
}
/**
 * The key from `env` (LOADGATE_SECRET_KEY's value) or `file` (--secret-key-file), one of them at
 * most; else the data folder's key file, read when it exists and made (after the database took
 * the key: `persist`) when it does not.
 */
async function secretKey(options) {
    if (options.env !== undefined && options.file !== undefined) {
        throw new errors/* InputError */.dz([
            { path: '--secret-key-file', message: `give the secret key by ${SECRET_KEY_ENV} or by --secret-key-file, not both` },
        ]);
    }
    if (options.env !== undefined)
        return { key: parseSecretKey(options.env, SECRET_KEY_ENV), source: SECRET_KEY_ENV };
    if (options.file !== undefined)
        return { key: await readKeyFile(options.file, '--secret-key-file'), source: `--secret-key-file ${options.file}` };
    const path = (0,external_node_path_.join)(options.dataDir, DATA_DIR_KEY_FILE);
    const existing = await (0,promises_.readFile)(path, 'utf8').catch((error) => {
        if (error.code === 'ENOENT')
            return undefined;
        throw new errors/* InputError */.dz([{ file: path, path: 'secret key', message: `cannot read the secret key file: ${error.code ?? 'error'}` }]);
    });
    if (existing !== undefined)
        return { key: parseSecretKey(existing, path), source: `the key file ${path}` };
    const key = (0,external_node_crypto_.randomBytes)(SECRET_KEY_BYTES);
    return {
        key,
        source: `a new key, since neither ${SECRET_KEY_ENV} nor --secret-key-file is given and ${path} does not exist`,
        persist: async () => {
            await (0,promises_.writeFile)(path, `${key.toString('base64')}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
            return `made the secret key file ${path}, which seals the secret values in the database: for production, move it out of the data folder and give it with --secret-key-file or ${SECRET_KEY_ENV} (docs/server.md, "Secrets at rest"), so that a copy of the data does not carry its key`;
        },
    };
}

// EXTERNAL MODULE: external "node:sqlite"
var external_node_sqlite_ = __webpack_require__(80099);
;// CONCATENATED MODULE: ./src/server/store/rows.ts
function rows_text(row, key) {
    return String(row[key]);
}
function nullableText(row, key) {
    const value = row[key];
    return value === null || value === undefined ? null : String(value);
}
function rows_json(row, key) {
    return JSON.parse(rows_text(row, key));
}
class Rows {
    /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
    rowsRead = 0;
    db;
    constructor(db) {
        this.db = db;
    }
    all(sql, ...params) {
        const rows = this.db.prepare(sql).all(...params);
        this.rowsRead += rows.length;
        return rows;
    }
    one(sql, ...params) {
        const row = this.db.prepare(sql).get(...params);
        if (row)
            this.rowsRead += 1;
        return row;
    }
    /** The number of rows changed. */
    run(sql, ...params) {
        return Number(this.db.prepare(sql).run(...params).changes);
    }
    /** `work` in one write transaction: all of it is stored or none. */
    transaction(work) {
        this.db.exec('BEGIN IMMEDIATE');
        try {
            const value = work();
            this.db.exec('COMMIT');
            return value;
        }
        catch (error) {
            this.db.exec('ROLLBACK');
            throw error;
        }
    }
    /** The record `id` of `tenant`; without a tenant, of any (the queue's and the report page's reads). */
    byId(table, id, read, tenant) {
        const row = tenant === undefined
            ? this.one(`SELECT * FROM ${table} WHERE id = ?`, id)
            : this.one(`SELECT * FROM ${table} WHERE id = ? AND tenant = ?`, id, tenant);
        return row && read(row);
    }
    /** By id, else the newest record with that name, of `tenant`'s records. */
    byIdOrName(table, reference, read, tenant) {
        const row = this.one(`SELECT * FROM ${table} WHERE (id = ?1 OR name = ?1) AND tenant = ?2 ORDER BY id = ?1 DESC, rowid DESC LIMIT 1`, reference, tenant);
        return row && read(row);
    }
    /** `tenant`'s records, newest first; records made in the same millisecond in the reverse order of their insertion. */
    newestFirst(table, read, tenant) {
        return this.all(`SELECT * FROM ${table} WHERE tenant = ? ORDER BY created_at DESC, rowid DESC`, tenant).map(read);
    }
    deleteById(table, id, tenant) {
        return this.run(`DELETE FROM ${table} WHERE id = ? AND tenant = ?`, id, tenant) > 0;
    }
}

;// CONCATENATED MODULE: ./src/server/store/migrations.ts
// The database's shape, as numbered steps: PRAGMA user_version names the last step a file has
// been through. A fresh file and one written by 0.1.0 (version 0, tables present) take the same
// steps; a file from a newer loadgate is refused before anything is written to it.







/** Migration 1: the tables exactly as 0.1.0 created them (IF NOT EXISTS: a 0.1.0 file has them all). */
const SCHEMA_0_1_0 = `
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, config_data TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tests (
  id TEXT PRIMARY KEY, plan_id TEXT NOT NULL REFERENCES plans(id), name TEXT NOT NULL,
  status TEXT NOT NULL, failure_reason TEXT, test_url TEXT NOT NULL,
  created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT,
  environment_id TEXT, environment TEXT, test_data_ids TEXT NOT NULL,
  queue_position INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS tests_queue ON tests (status, queue_position);
CREATE TABLE IF NOT EXISTS results (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS environments (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, vars TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_data (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL, file_config TEXT NOT NULL,
  file_name TEXT NOT NULL, file_path TEXT NOT NULL, row_count INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_configs (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), config_data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deleted_plans (
  plan_id TEXT PRIMARY KEY REFERENCES plans(id), deleted_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS test_data_hashes (
  test_data_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS latency_plans (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, target TEXT NOT NULL, locations TEXT NOT NULL,
  samples INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shard_runs (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), token_sha256 TEXT NOT NULL, slots TEXT NOT NULL,
  began_at_ms INTEGER NOT NULL, start_at_ms INTEGER, late TEXT);
CREATE TABLE IF NOT EXISTS shard_attempts (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  pod TEXT NOT NULL, from_second INTEGER NOT NULL, PRIMARY KEY (test_id, location, idx, attempt));
CREATE TABLE IF NOT EXISTS shard_intervals (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  t INTEGER NOT NULL, sample TEXT NOT NULL, PRIMARY KEY (test_id, location, idx, attempt, t));
CREATE TABLE IF NOT EXISTS test_shards (
  test_id TEXT PRIMARY KEY REFERENCES tests(id), shards INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS shard_finals (
  test_id TEXT NOT NULL, location TEXT NOT NULL, idx INTEGER NOT NULL, attempt INTEGER NOT NULL,
  result TEXT NOT NULL, PRIMARY KEY (test_id, location, idx, attempt));
`;
/**
 * Migration 2: the side tables become columns of the tables they extend. tests.config_data is
 * the config a test was created with (NULL for tests older than test_configs: they read their
 * plan); tests.shards the shards per location it asked for; test_data.sha256 its file's hash;
 * plans.deleted_at hides a plan that tests still name (the foreign key keeps it in the table).
 */
const FOLD_SIDE_TABLES = `
ALTER TABLE tests ADD COLUMN config_data TEXT;
ALTER TABLE tests ADD COLUMN shards INTEGER;
ALTER TABLE test_data ADD COLUMN sha256 TEXT;
ALTER TABLE plans ADD COLUMN deleted_at TEXT;
UPDATE tests SET config_data = (SELECT config_data FROM test_configs WHERE test_id = tests.id);
UPDATE tests SET shards = (SELECT shards FROM test_shards WHERE test_id = tests.id);
UPDATE test_data SET sha256 = (SELECT sha256 FROM test_data_hashes WHERE test_data_id = test_data.id);
UPDATE plans SET deleted_at = (SELECT deleted_at FROM deleted_plans WHERE plan_id = plans.id);
DROP TABLE test_configs;
DROP TABLE test_shards;
DROP TABLE test_data_hashes;
DROP TABLE deleted_plans;
`;
/**
 * Migration 3: uploaded files by their path inside the data folder. Before it, a row held the
 * absolute path of the server that wrote it (/data/loadgate-data/<id>.csv); a path whose folder
 * has this data folder's name was in the data folder, wherever that was then, so the database and
 * its folder moved together keep their files. Any other path stays as it is, read as written.
 */
function relativeFilePaths(rows, context) {
    const folderName = (0,external_node_path_.basename)(context.dataDir);
    for (const row of rows.all('SELECT id, file_path FROM test_data')) {
        const path = rows_text(row, 'file_path');
        if ((0,external_node_path_.isAbsolute)(path) && (0,external_node_path_.basename)((0,external_node_path_.dirname)(path)) === folderName) {
            rows.run('UPDATE test_data SET file_path = ? WHERE id = ?', (0,external_node_path_.basename)(path), rows_text(row, 'id'));
        }
    }
}
/**
 * Migration 4: every record belongs to a tenant (docs/server.md, "Tenants"); the records written
 * before tenants to `default`, the tenant of a bare key. `meta` keeps what the file needs to be
 * opened right, such as the check of its secret key (seal.ts).
 */
const TENANTS = `
ALTER TABLE plans ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE tests ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE environments ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE test_data ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
ALTER TABLE latency_plans ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
CREATE INDEX IF NOT EXISTS environments_tenant ON environments (tenant, created_at);
CREATE INDEX IF NOT EXISTS test_data_tenant ON test_data (tenant, created_at);
CREATE INDEX IF NOT EXISTS plans_tenant ON plans (tenant, created_at);
CREATE INDEX IF NOT EXISTS tests_tenant ON tests (tenant, queue_position);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;
/**
 * Migration 5: secret values sealed (seal.ts). Each environment's secret variables, and each test's
 * copy of its environment, written in plain text before, are sealed under the server's key.
 */
function sealSecrets(rows, context, notes) {
    for (const row of rows.all('SELECT id, vars FROM environments')) {
        const vars = rows_text(row, 'vars');
        if (!holdsPlainSecret(vars))
            continue;
        notes.plainSecrets = true;
        const id = rows_text(row, 'id');
        const plain = openVars(context.sealer, id, JSON.parse(vars));
        rows.run('UPDATE environments SET vars = ? WHERE id = ?', JSON.stringify(sealVars(context.sealer, id, plain)), id);
    }
    for (const row of rows.all('SELECT id, environment FROM tests WHERE environment IS NOT NULL')) {
        const environment = rows_text(row, 'environment');
        if (!holdsPlainSecret(environment))
            continue;
        notes.plainSecrets = true;
        const id = rows_text(row, 'id');
        rows.run('UPDATE tests SET environment = ? WHERE id = ?', sealEnvironment(context.sealer, id, JSON.parse(environment)), id);
    }
}
/** Numbered from 1: MIGRATIONS[n - 1] takes a file from version n - 1 to n. Append only. */
const MIGRATIONS = [
    (rows) => rows.db.exec(SCHEMA_0_1_0),
    (rows) => rows.db.exec(FOLD_SIDE_TABLES),
    relativeFilePaths,
    (rows) => rows.db.exec(TENANTS),
    sealSecrets,
];
const SCHEMA_VERSION = MIGRATIONS.length;
/** The first version whose secret values are sealed: copies of older files may hold them in plain text. */
const SEALED_SINCE = 5;
/** The database file was written by a newer loadgate: opening it here could lose what it stores. */
class DatabaseTooNewError extends Error {
    constructor(path, version) {
        super(`the database ${(0,external_node_path_.resolve)(path)} has schema version ${version}, and this loadgate serve knows versions up to ${SCHEMA_VERSION}: ` +
            'run the loadgate that wrote it (or a newer one), or restore the backup taken before that upgrade; the file was left unchanged');
        this.name = 'DatabaseTooNewError';
    }
}
function schemaVersion(db) {
    return Number(db.prepare('PRAGMA user_version').get().user_version);
}
/** Where the copy taken before migrating a file from `version` goes: beside it. */
function backupPath(path, version) {
    return `${(0,external_node_path_.resolve)(path)}.v${version}.bak`;
}
function holdsTables(db) {
    return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' LIMIT 1").get() !== undefined;
}
/** Throws DatabaseTooNewError, before anything is written, for a file from a newer loadgate. */
function refuseNewer(db, path) {
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION)
        throw new DatabaseTooNewError(path, version);
}
/**
 * Brings the file at `path` to SCHEMA_VERSION: refuses a newer one untouched, copies an older one
 * that holds records (SQLite's online backup, into a file only its owner reads) and then applies
 * every missing step in one transaction, so a failed step leaves the file as it was. A copy of a
 * file that held secret values in plain text is removed once the migration has succeeded: no
 * file of the server keeps a plain secret. Returns what the server should log.
 */
async function migrate(db, path, context) {
    refuseNewer(db, path);
    const version = schemaVersion(db);
    if (version === SCHEMA_VERSION)
        return [];
    const copy = holdsTables(db) ? backupPath(path, version) : undefined;
    if (copy) {
        (0,external_node_fs_.closeSync)((0,external_node_fs_.openSync)(copy, 'w', PRIVATE_FILE));
        await (0,external_node_sqlite_.backup)(db, copy);
    }
    const rows = new Rows(db);
    const notes = { plainSecrets: false };
    rows.transaction(() => {
        for (let next = version + 1; next <= SCHEMA_VERSION; next++) {
            MIGRATIONS[next - 1](rows, context, notes);
            db.exec(`PRAGMA user_version = ${next}`);
        }
    });
    if (!copy || !notes.plainSecrets)
        return [];
    // The copy is the file as the older loadgate wrote it, secrets in plain text; and the file's
    // free pages may still hold them: rewritten (secure_delete then keeps them out).
    await (0,promises_.rm)(copy, { force: true });
    db.exec('VACUUM; PRAGMA wal_checkpoint(TRUNCATE);');
    return [
        `the database held secret values in plain text: they are sealed now, and the copy taken before this upgrade (${copy}), which held them too, was removed; a downgrade past this version needs the environments' secret values given again`,
    ];
}

;// CONCATENATED MODULE: ./src/server/log-line.ts
// One log entry, one line: test names, URLs and reasons that clients chose reach the server's
// log, and a line break or terminal escape in them must not start a line that looks like the
// server's own.
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators as visible
 * escapes: `\n`, `\r`, `\t`, else `\u{…}`. A stack trace becomes one line with `\n` in it.
 */
function escapeLogLine(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0).toString(16)}}`);
}

;// CONCATENATED MODULE: ./src/server/public-url.ts
/** An absolute http(s) URL, path prefix allowed, as a base without its trailing slash; else the problem. */
function parsePublicUrl(text, flag) {
    const problem = (what) => ({
        path: flag,
        message: `expected an absolute http:// or https:// URL such as https://loadgate.example.com, got "${text}": ${what}`,
    });
    let url;
    try {
        url = new URL(text);
    }
    catch {
        return problem('not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return problem(`the scheme is ${url.protocol.slice(0, -1)}`);
    if (url.username !== '' || url.password !== '')
        return problem('it carries credentials, which every test_url would show');
    if (url.search !== '' || url.hash !== '')
        return problem('it has a query or a fragment');
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

;// CONCATENATED MODULE: ./src/server/progress.ts
// A running test's progress, added up from the seconds its engine or its shards report:
// executors/ and shards/ both count it, so it lives below both.
/** Adds a completed second to the totals. */
function addSecond(progress, sample) {
    return {
        seconds: Math.max(progress.seconds, sample.t + 1),
        started: progress.started + sample.started,
        responses: progress.responses + sample.responses,
        failures: progress.failures + sample.failures,
        ...((sample.stream || progress.streams !== undefined) && {
            streams: (progress.streams ?? 0) + (sample.stream?.streams ?? 0),
            events: (progress.events ?? 0) + (sample.stream?.events ?? 0),
        }),
    };
}
const NO_PROGRESS = { seconds: 0, started: 0, responses: 0, failures: 0 };

;// CONCATENATED MODULE: ./src/server/shards/coordinator.ts
// The server's side of a sharded test (docs/kubernetes.md, "Protocol"): the shards per location,
// the per-test token, the start barrier, and the uploads (seconds while running, the shard result
// at the end), each stored once. Everything lives in the store, so a restarted server picks the
// test up where it was. The clock is passed in; no I/O but the store. What each upload needs (who
// holds an attempt, the running totals, which attempts have delivered) is kept in memory as the
// uploads arrive and read from the store once, when a coordinator resumes: the work per upload
// stays the same however many seconds are stored (docs/kubernetes.md, "Faults").



/** How often a waiting shard asks again. */
const READY_POLL_MS = 200;
function sha256(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text).digest();
}
/** Every shard of a test, from its shard counts (location → N): each location's indexes 0..N−1. */
function shardKeys(shardCounts) {
    return Object.keys(shardCounts)
        .sort()
        .flatMap((location) => Array.from({ length: shardCounts[location] ?? 0 }, (_, index) => ({ location, index })));
}
class ShardCoordinator {
    store;
    settings;
    record;
    /** Indexes Kubernetes gave up on (their retries spent): settled without a result. */
    failed = new Set();
    stopping = false;
    listeners = new Set();
    shards = new Map();
    totals = NO_PROGRESS;
    constructor(store, record, settings) {
        this.store = store;
        this.record = record;
        this.settings = settings;
    }
    /** The state a previous process stored, read once: attempts, delivered results and the seconds' totals. */
    load() {
        for (const attempt of this.store.shardAttempts(this.testId))
            this.hold(attempt);
        for (const final of this.store.shardFinalStates(this.testId))
            this.stateOf(final).finals.set(final.attempt, { interrupted: final.interrupted });
        for (const upload of this.store.shardIntervals(this.testId))
            this.count(upload, upload.attempt, upload.value);
    }
    stateOf(key) {
        const name = (0,protocol/* shardName */.Az)(key);
        let state = this.shards.get(name);
        if (!state) {
            state = { holders: new Map(), latest: -1, finals: new Map() };
            this.shards.set(name, state);
        }
        return state;
    }
    hold(attempt) {
        const state = this.stateOf(attempt);
        state.holders.set(attempt.attempt, { pod: attempt.pod, fromSecond: attempt.fromSecond });
        state.latest = Math.max(state.latest, attempt.attempt);
    }
    /** Adds one stored second to the totals, at its place in the schedule (the attempt's fromSecond + t). */
    count(key, attempt, upload) {
        const offset = this.stateOf(key).holders.get(attempt)?.fromSecond ?? 0;
        this.totals = addSecond(this.totals, { ...upload.sample, t: offset + upload.t });
    }
    /** A new sharded run: its token (for the Secret; only its hash is kept) and its coordinator. */
    static begin(store, testId, shardCounts, settings) {
        const token = (0,external_node_crypto_.randomBytes)(32).toString('base64url');
        const record = {
            testId,
            tokenSha256: sha256(token).toString('hex'),
            shardCounts,
            beganAtMs: settings.now(),
            startAtMs: null,
            late: [],
        };
        store.createShardRun(record);
        return { coordinator: new ShardCoordinator(store, record, settings), token };
    }
    /** The run a previous server process began; undefined when it never began one. */
    static resume(store, testId, settings) {
        const record = store.getShardRun(testId);
        if (!record)
            return undefined;
        const coordinator = new ShardCoordinator(store, record, settings);
        coordinator.load();
        return coordinator;
    }
    get testId() {
        return this.record.testId;
    }
    /** Location → how many shards it runs. */
    get shardCounts() {
        return this.record.shardCounts;
    }
    /** When the run began (the server's clock): its deadline counts from here, across restarts. */
    get beganAtMs() {
        return this.record.beganAtMs;
    }
    /** Constant-time: the presented token's hash against the stored one. */
    acceptsToken(token) {
        return (0,external_node_crypto_.timingSafeEqual)(sha256(token), Buffer.from(this.record.tokenSha256, 'hex'));
    }
    /** A problem with the key, or undefined when it names one of this test's shards. */
    checkKey(key) {
        const count = this.record.shardCounts[key.location];
        if (count === undefined)
            return `location ${JSON.stringify(key.location)} has no shards in this test (it has ${Object.keys(this.record.shardCounts).join(', ')})`;
        if (!Number.isSafeInteger(key.index) || key.index < 0 || key.index >= count)
            return `index ${key.index} is not one of ${key.location}'s 0..${count - 1}`;
        return undefined;
    }
    onChange(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }
    changed() {
        for (const listener of this.listeners)
            listener();
    }
    /**
     * The barrier: the first pod to report an (index, attempt) holds it. The start is set once every
     * shard has a pod ready or has failed for good, or when the barrier's time is up (the missing
     * ones listed as late). An attempt that comes after the start (a retry, a late pod) resumes at
     * the schedule's next second.
     */
    ready(key, attempt, pod) {
        const now = this.settings.now();
        const startAt = this.record.startAtMs;
        const fromSecond = startAt === null ? 0 : Math.max(0, Math.ceil((now + this.settings.startMarginMs - startAt) / 1000));
        const claim = { ...key, attempt, pod, fromSecond };
        if (this.store.claimShardAttempt(this.testId, claim))
            this.hold(claim);
        const holder = this.stateOf(key).holders.get(attempt);
        if (holder && holder.pod !== pod)
            return { state: 'duplicate', pod: holder.pod };
        if (this.record.startAtMs === null)
            this.tryStart(now);
        if (this.record.startAtMs === null)
            return { state: 'wait', retry_ms: READY_POLL_MS };
        return { state: 'start', start_at_ms: this.record.startAtMs, from_second: holder?.fromSecond ?? fromSecond, late: this.record.late };
    }
    tryStart(now) {
        const late = shardKeys(this.record.shardCounts)
            .map(protocol/* shardName */.Az)
            .filter((name) => !this.shards.has(name));
        // An index Kubernetes gave up on (its Job deleted, its retries spent) will never be ready: not waited for.
        const awaited = late.filter((name) => !this.failed.has(name));
        if (awaited.length > 0 && now < this.record.beganAtMs + this.settings.barrierMs)
            return;
        const startAtMs = now + this.settings.startMarginMs;
        this.store.setShardStart(this.testId, startAtMs, late);
        this.record = { ...this.record, startAtMs, late };
        this.changed();
    }
    /** Sets the start if the barrier's time is up (the executor calls this on its own clock, so a shard that never calls does not hold the others). */
    tick() {
        if (this.record.startAtMs === null)
            this.tryStart(this.settings.now());
    }
    /** Only the pod that holds an attempt may upload for it. */
    holds(key, attempt, pod) {
        return this.shards.get((0,protocol/* shardName */.Az)(key))?.holders.get(attempt)?.pod === pod;
    }
    /** One second of one attempt; a repeated upload is stored once. Answers whether the shard should stop. */
    interval(key, attempt, t, sample) {
        const stored = this.store.addShardInterval(this.testId, { ...key, attempt, value: { t, sample } });
        if (stored) {
            this.count(key, attempt, { t, sample: sample });
            this.changed();
        }
        return { stored, stop: this.stopping };
    }
    /**
     * An attempt's result; `interrupted` when it ended before its schedule did. Such a result
     * settles its shard only when this server asked the shards to stop: otherwise the pod was
     * evicted or terminated, and the index's next attempt resumes the schedule.
     */
    final(key, attempt, result, interrupted) {
        const stored = this.store.addShardFinal(this.testId, { ...key, attempt, value: result });
        if (stored) {
            this.stateOf(key).finals.set(attempt, { interrupted });
            this.changed();
        }
        return stored;
    }
    /** Kubernetes has given up on this index (its retries spent, or its Job deleted). */
    markFailed(key) {
        const name = (0,protocol/* shardName */.Az)(key);
        if (this.failed.has(name))
            return;
        this.failed.add(name);
        this.changed();
    }
    /** Asks the shards to stop (they hear it in their next upload's answer) and send what they have. */
    stop() {
        this.stopping = true;
    }
    /** Every shard has its latest attempt's result (a whole one, unless stopped), or has failed for good. */
    settled() {
        return shardKeys(this.record.shardCounts).every((key) => this.shardSettled((0,protocol/* shardName */.Az)(key)));
    }
    shardSettled(name) {
        if (this.failed.has(name))
            return true;
        const state = this.shards.get(name);
        const final = state?.finals.get(state.latest);
        return final !== undefined && (!final.interrupted || this.stopping);
    }
    /** Shards that have not settled yet. */
    unsettled() {
        return shardKeys(this.record.shardCounts)
            .map(protocol/* shardName */.Az)
            .filter((name) => !this.shardSettled(name));
    }
    /** The uploaded seconds added up, as they arrived: what the run has done so far. */
    progress() {
        return this.totals;
    }
}

// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/merge/results.ts + 1 modules
var results = __webpack_require__(75379);
// EXTERNAL MODULE: ./src/rates.ts
var rates = __webpack_require__(42672);
;// CONCATENATED MODULE: ./src/server/shards/deliveries.ts
// A sharded test's result (docs/kubernetes.md): each shard's best delivered result, renumbered as
// one set and added up by the exact merge (histograms added, never averaged), with the coverage of
// the plan that the result holds. A part of the plan with no result makes the run incomplete.







/** The seconds of a shard's schedule that a delivered result covers: [from, to). */
function coveredWindow(plan, fromSecond, result) {
    const to = result.run.interrupted ? fromSecond + result.run.series.length : plan.durationS;
    return [fromSecond, Math.min(to, plan.durationS)];
}
function shardCoverage(plan, key, attempts, covered) {
    let planned = 0;
    let applied = 0;
    const missing = [];
    for (let s = 0; s < plan.durationS; s++) {
        const count = plan.countInSecond(s);
        if (count === 0)
            continue;
        planned += 1;
        if (covered && s >= covered[0] && s < covered[1]) {
            applied += count;
            continue;
        }
        const last = missing[missing.length - 1];
        if (last && last[1] === s)
            last[1] = s + 1;
        else
            missing.push([s, s + 1]);
    }
    const missingS = missing.reduce((n, [from, to]) => n + to - from, 0);
    return {
        coverage: {
            shard: (0,protocol/* shardName */.Az)(key),
            location: key.location,
            index: key.index,
            attempts,
            planned_s: planned,
            missing_s: missingS,
            missing,
        },
        applied,
    };
}
/** Per shard, the delivered result that covers the most of its plan; and the coverage of them all. */
function chooseResults(config, delivered) {
    const chosen = [];
    const shards = [];
    let plannedTotal = 0;
    let measuredTotal = 0;
    let sentTotal = 0;
    for (const key of shardKeys(delivered.shardCounts)) {
        const name = (0,protocol/* shardName */.Az)(key);
        const plan = new engine_plan/* LoadPlan */.iV(config, (0,protocol/* planShard */.km)(key, delivered.shardCounts[key.location] ?? 1));
        const attempts = delivered.attempts.filter((a) => (0,protocol/* shardName */.Az)(a) === name);
        const candidates = delivered.finals
            .filter((f) => (0,protocol/* shardName */.Az)(f) === name)
            .map((f) => {
            const fromSecond = attempts.find((a) => a.attempt === f.attempt)?.fromSecond ?? 0;
            const window = coveredWindow(plan, fromSecond, f.value);
            return { final: f, window, applied: shardCoverage(plan, key, attempts.length, window).applied };
        });
        const best = candidates.sort((a, b) => b.applied - a.applied || a.final.attempt - b.final.attempt)[0];
        if (best)
            chosen.push({ key, attempt: best.final.attempt, result: best.final.value });
        const { coverage, applied } = shardCoverage(plan, key, Math.max(1, attempts.length), best?.window);
        plannedTotal += plan.total;
        // What the chosen result holds, which is what the merge adds up. Not the planned count of its
        // covered seconds: a generator that fell behind ends its schedule with iterations never started
        // (docs/engine.md; the verdict's generator check judges them), and a shard stopped mid-second
        // ran only part of that second's plan.
        const measured = best ? Math.min(applied, best.final.value.results?.iteration_count ?? applied) : 0;
        measuredTotal += measured;
        sentTotal += measured + startedByOthers(delivered.intervals, name, best?.final.attempt);
        if (coverage.missing_s > 0)
            shards.push(coverage);
    }
    return {
        chosen,
        coverage: {
            planned_iterations: plannedTotal,
            applied_iterations: sentTotal,
            applied_pct: pctOf(sentTotal, plannedTotal),
            measured_iterations: measuredTotal,
            measured_pct: pctOf(measuredTotal, plannedTotal),
            shards,
        },
    };
}
/** A share rounded down to 0.1 %, so that a run with anything missing never shows 100. */
function pctOf(part, whole) {
    return Math.floor(((0,rates/* percent */.KN)(part, whole) ?? 100) * 10) / 10;
}
/** Iterations started by the shard's attempts other than the one in the merge (dead or superseded: their load reached the target). */
function startedByOthers(intervals, name, chosenAttempt) {
    return (intervals ?? [])
        .filter((u) => (0,protocol/* shardName */.Az)(u) === name && u.attempt !== chosenAttempt)
        .reduce((n, u) => n + (Number.isFinite(u.value.sample.started) ? u.value.sample.started : 0), 0);
}
/** `shard US-3: 18 s of 300 s missing; …; 97.0 % of the planned load measured (98.2 % applied)`. */
function coverageLine(coverage) {
    const shards = coverage.shards.map((s) => `shard ${s.shard}: ${s.missing_s} s of ${s.planned_s} s missing`);
    const shares = `${coverage.measured_pct.toFixed(1)} % of the planned load measured (${coverage.applied_pct.toFixed(1)} % applied)`;
    return [...shards, shares].join('; ');
}
/** The merged result (test_url set), its coverage, and the run marked incomplete when part of the plan is missing. */
async function mergeSharded(config, delivered, testUrl) {
    const { chosen, coverage } = chooseResults(config, delivered);
    if (chosen.length === 0)
        return { coverage };
    await (0,histogram/* initHistograms */.ay)();
    const inputs = chosen.map((c, i) => ({
        file: `${(0,protocol/* shardName */.Az)(c.key)} (attempt ${c.attempt})`,
        content: renumbered(c.result, i + 1, chosen.length),
    }));
    const merged = (0,results/* mergeShards */.O)(inputs);
    if (!merged.ok)
        throw new errors/* InputError */.dz(merged.problems);
    const incomplete = coverage.shards.length > 0;
    const run = { ...merged.value.result.run, interrupted: merged.value.result.run.interrupted || incomplete, coverage };
    return { result: { ...merged.value.result, test_url: testUrl, run }, coverage };
}
/** The exact merge wants one set 1..M: each chosen result becomes one of them. */
function renumbered(result, index, count) {
    const shard = result.run.shard;
    return shard ? { ...result, run: { ...result.run, shard: { ...shard, index, count } } } : result;
}

;// CONCATENATED MODULE: ./src/server/executors/executor.ts
/**
 * The executor could not start the test for now (its cluster did not answer within the
 * operation's deadline): the queue puts the test back at its place and waits for the cluster.
 */
class ExecutorUnavailable extends Error {
    constructor(message) {
        super(message);
        this.name = 'ExecutorUnavailable';
    }
}

// EXTERNAL MODULE: ./node_modules/@kubernetes/client-node/dist/index.js + 874 modules
var dist = __webpack_require__(53329);
;// CONCATENATED MODULE: ./src/server/executors/kubernetes/clusters.ts
// Which API server and namespace a location's objects go to: the executor's kubeconfig context
// (--kube-context, else the current one) and --namespace, unless the location names a context of
// its own (`--location JP=context:tokyo`, another cluster) or a namespace. One client pair per
// context, made once.


function kubeConfigOf(settings) {
    const kc = new dist/* KubeConfig */.ypW();
    if (settings.kubeconfig)
        kc.loadFromFile(settings.kubeconfig);
    else
        kc.loadFromDefault();
    if (settings.context)
        kc.setCurrentContext(settings.context);
    return kc;
}
/** Whether two locations' objects go to one namespace of one cluster. */
function samePlace(a, b) {
    return a.context === b.context && a.namespace === b.namespace;
}
/** Refuses, before any test, a location whose context the kubeconfig does not have. */
function clusters(settings) {
    const own = kubeConfigOf(settings);
    const missing = Object.entries(settings.locations).filter(([, l]) => l.context !== undefined && !own.getContextObject(l.context));
    if (missing.length > 0) {
        const known = own.getContexts().map((c) => c.name);
        throw new errors/* InputError */.dz(missing.map(([code, l]) => ({
            path: '--location',
            message: `${code}=context:${l.context}: the kubeconfig has no such context (it has ${known.join(', ') || 'none'})`,
        })));
    }
    const apis = new Map();
    const apiOf = (context) => {
        let api = apis.get(context);
        if (!api) {
            const kc = context === '' ? own : kubeConfigOf({ ...settings, context });
            api = { batch: kc.makeApiClient(dist/* BatchV1Api */.Q8C), core: kc.makeApiClient(dist/* CoreV1Api */.f5Y), watch: new dist/* Watch */.ox1(kc) };
            apis.set(context, api);
        }
        return api;
    };
    const placeOf = (location) => {
        const rule = settings.locations[location];
        const context = rule?.context ?? '';
        return { api: apiOf(context), context, namespace: rule?.namespace ?? settings.namespace };
    };
    return {
        placeOf,
        placesOf: (locations) => {
            const places = new Map(locations.map(placeOf).map((p) => [`${p.context}\0${p.namespace}`, p]));
            return [...places.values()];
        },
    };
}
/** A delete of something already gone (a finished Job's TTL, a second cleanup) is not an error. */
async function ignoreNotFound(request) {
    try {
        await request;
    }
    catch (error) {
        if (error.code !== 404)
            throw error;
    }
}
/** A Kubernetes API error as a sentence: its status code, reason and message (never the response's headers). */
function apiErrorText(error) {
    const { code, body, cause } = error;
    // undici's `fetch failed` says nothing by itself: the socket's error is its cause (ECONNREFUSED, ECONNRESET …).
    if (typeof code !== 'number' && typeof cause?.code === 'string')
        return `no answer from the Kubernetes API: ${cause.code}${typeof cause.message === 'string' ? ` (${cause.message})` : ''}`;
    if (typeof code !== 'number')
        return error.message ?? String(error);
    const status = parseStatus(body);
    const reason = status.reason ? ` ${status.reason}` : '';
    return `the Kubernetes API answered ${code}${reason}${status.message ? `: ${status.message}` : ''}`;
}
/** The `Status` object the API answers errors with (a JSON string in the client's error), as far as it is one. */
function parseStatus(body) {
    let value = body;
    if (typeof body === 'string') {
        try {
            value = JSON.parse(body);
        }
        catch {
            return {};
        }
    }
    if (typeof value !== 'object' || value === null)
        return {};
    const { reason, message } = value;
    return { ...(typeof reason === 'string' && { reason }), ...(typeof message === 'string' && { message }) };
}

;// CONCATENATED MODULE: ./src/server/shards/latency-probe.ts
// One latency location measured by a pod (docs/kubernetes.md, "Latency tests"): the pod fetches
// what to measure with the probe's token, measures from where it runs, and posts its location's
// figures back. The probe lives only as long as the latency request that waits for it.


function latency_probe_sha256(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text).digest();
}
class LatencyProbe {
    id = `latency-${(0,external_node_crypto_.randomUUID)()}`;
    request;
    /** Settles with the pod's figures, once. */
    result;
    tokenSha256;
    resolve;
    delivered = false;
    constructor(request, token) {
        this.request = request;
        this.tokenSha256 = latency_probe_sha256(token);
        this.result = new Promise((resolve) => {
            this.resolve = resolve;
        });
    }
    /** A new probe and its token (for the pod's Secret; only its hash is kept). */
    static begin(request) {
        const token = (0,external_node_crypto_.randomBytes)(32).toString('base64url');
        return { probe: new LatencyProbe(request, token), token };
    }
    acceptsToken(token) {
        return (0,external_node_crypto_.timingSafeEqual)(latency_probe_sha256(token), this.tokenSha256);
    }
    /** The pod's figures; a problem (what was expected) when they are not a location's latency. */
    deliver(value) {
        const problem = locationLatencyProblem(value);
        if (problem)
            return problem;
        if (!this.delivered)
            this.resolve(value);
        this.delivered = true;
        return undefined;
    }
}
function locationLatencyProblem(value) {
    if (!(0,json/* isRecord */.u4)(value))
        return 'expected the location\'s latency (an object with "name", "samples", "failures", "errors" and "phases")';
    for (const field of ['samples', 'failures'])
        if (!Number.isSafeInteger(value[field]) || value[field] < 0)
            return `expected "${field}" to be a whole number ≥ 0`;
    if (typeof value.name !== 'string' || typeof value.egress !== 'string')
        return 'expected "name" and "egress" to be strings';
    if (!(0,json/* isRecord */.u4)(value.errors) || !(0,json/* isRecord */.u4)(value.phases))
        return 'expected "errors" and "phases" to be objects';
    return undefined;
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/manifests.ts
// The Kubernetes objects a test becomes: per location one Indexed Job whose pods run
// `loadgate shard`, and one Secret holding the token the shards call home with; the environment
// and exit codes the pods and the server agree on are the protocol's (shard/protocol.ts). Pure: the
// executor sends what these return; the API stand-in checks it with its own rules (test/helpers/kube-job-check.ts).


const LABEL_TEST = 'loadgate.dev/test-id';
const LABEL_LOCATION = 'loadgate.dev/location';
const LABEL_MANAGED = 'app.kubernetes.io/managed-by';
const MANAGED_BY = 'loadgate';
const TOKEN_KEY = 'token';
const CONTAINER_NAME = 'shard';
/** Set by the Job controller on every pod of a Job with backoffLimitPerIndex: 0 on the first try. */
const INDEX_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
/**
 * Set on a replacement pod once a failure of its index was ignored by the podFailurePolicy (an
 * eviction, a duplicate): such a failure leaves the failure count as it was, so the attempt is the sum.
 */
const INDEX_IGNORED_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
/** The image's non-root user (node:24-slim's `node`, deploy/Dockerfile). */
const SHARD_USER_ID = 1000;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
// An Indexed Job's pods are named `<job>-<index>-<random>` with hostname `<job>-<index>`, a DNS
// label (≤ 63); indexes go up to 99999 (parallelism ≤ 10^5, JobSpec API reference), so the Job
// name stays within 57 chars to leave room for "-99999": "lg-" + 30 + "-" + 12 + "-" + 8 = 55.
/** A DNS-1123 label ≤ 57 chars; the digest of the raw pair keeps ids that slug alike apart. */
function jobName(testId, location) {
    return ['lg', slug(testId, 30), slug(location, 12), manifests_digest(`${testId}\0${location}`)].filter((p) => p !== '').join('-');
}
function secretName(testId) {
    return ['lg', slug(testId, 40), manifests_digest(testId), 'token'].filter((p) => p !== '').join('-');
}
/** The label value for a test id: the id itself when Kubernetes accepts it (UUIDs do). */
function testLabel(testId) {
    return labelValue(testId);
}
function testLabelSelector(testId) {
    return `${LABEL_TEST}=${testLabel(testId)}`;
}
function shardJob(spec) {
    const labels = {
        [LABEL_TEST]: testLabel(spec.testId),
        [LABEL_LOCATION]: labelValue(spec.location),
        [LABEL_MANAGED]: MANAGED_BY,
    };
    return {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: jobName(spec.testId, spec.location), namespace: spec.namespace, labels },
        spec: {
            completionMode: 'Indexed',
            completions: spec.shards,
            parallelism: spec.shards,
            backoffLimitPerIndex: spec.backoffLimitPerIndex,
            // Never fail the Job for failed indexes: the server sees them and reports the coverage.
            maxFailedIndexes: spec.shards,
            podReplacementPolicy: 'Failed',
            podFailurePolicy: {
                rules: [
                    // Eviction, preemption, node drain: not the shard's fault, so not a spent retry.
                    { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
                    { action: 'FailIndex', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [protocol/* BAD_PLAN_EXIT_CODE */.RY] } },
                    { action: 'Ignore', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [protocol/* DUPLICATE_EXIT_CODE */.h_] } },
                ],
            },
            activeDeadlineSeconds: spec.activeDeadlineSeconds,
            ttlSecondsAfterFinished: spec.ttlSecondsAfterFinished,
            template: { metadata: { labels: { ...labels } }, spec: podSpec(spec) },
        },
    };
}
function podSpec(spec) {
    return {
        restartPolicy: 'Never',
        ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
        // Shards talk to the loadgate server, never to the Kubernetes API.
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        securityContext: {
            runAsNonRoot: true,
            runAsUser: SHARD_USER_ID,
            runAsGroup: SHARD_USER_ID,
            seccompProfile: { type: 'RuntimeDefault' },
        },
        // The location's shards spread over its nodes, so that one node's limits do not bound the load
        // and one lost node takes few shards; ScheduleAnyway, since a small pool still runs them all.
        topologySpreadConstraints: [
            {
                maxSkew: 1,
                topologyKey: 'kubernetes.io/hostname',
                whenUnsatisfiable: 'ScheduleAnyway',
                labelSelector: { matchLabels: { [LABEL_TEST]: testLabel(spec.testId), [LABEL_LOCATION]: labelValue(spec.location) } },
            },
        ],
        containers: [shardContainer(spec)],
        volumes: [{ name: 'tmp', emptyDir: {} }],
    };
}
function shardContainer(spec) {
    return {
        name: CONTAINER_NAME,
        image: spec.image,
        command: ['loadgate', 'shard', '--server', spec.callbackUrl, spec.latency ? '--latency' : '--test', spec.testId],
        env: [
            { name: protocol/* ENV_TOKEN */.O3, valueFrom: { secretKeyRef: { name: spec.secretName, key: TOKEN_KEY } } },
            { name: protocol/* ENV_ATTEMPT */.C7, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_FAILURE_ANNOTATION}']` } } },
            // Absent until a failure was ignored: the downward API gives "" for a missing annotation.
            { name: protocol/* ENV_IGNORED_FAILURES */.v1, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_IGNORED_FAILURE_ANNOTATION}']` } } },
            { name: protocol/* ENV_LOCATION */.s6, value: spec.location },
        ],
        ...(spec.resources ? { resources: spec.resources } : {}),
        securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        // The root file system is read-only; whatever the process writes goes to /tmp.
        volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
    };
}
/**
 * The token's Secret, owned by the Jobs that read it (`owners`: as the API answered their
 * creation, with their uid): the garbage collector deletes it once they are all gone, however
 * they go (the server's cleanup, their TTL, a hand).
 */
function testSecret(testId, namespace, token, owners = []) {
    return {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'Opaque',
        metadata: {
            name: secretName(testId),
            namespace,
            labels: { [LABEL_TEST]: testLabel(testId), [LABEL_MANAGED]: MANAGED_BY },
            ...(owners.length > 0 && {
                ownerReferences: owners.map((job) => ({
                    apiVersion: 'batch/v1',
                    kind: 'Job',
                    name: job.metadata?.name ?? '',
                    uid: job.metadata?.uid ?? '',
                })),
            }),
        },
        immutable: true,
        data: { [TOKEN_KEY]: Buffer.from(token, 'utf8').toString('base64') },
    };
}
function labelValue(raw) {
    if (raw.length <= 63 && LABEL_VALUE.test(raw))
        return raw;
    return [slug(raw, 50), manifests_digest(raw)].filter((p) => p !== '').join('-');
}
/** Lowercase letters, digits and single dashes, at most `max` chars, no dash at either end. */
function slug(raw, max) {
    return raw
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, max)
        .replace(/^-+|-+$/g, '');
}
function manifests_digest(raw) {
    return (0,external_node_crypto_.createHash)('sha256').update(raw, 'utf8').digest('hex').slice(0, 8);
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/retry.ts
// When a call to the Kubernetes API is tried again (docs/kubernetes.md, "When the API server
// misbehaves"): the one policy every call of the executor goes through (create, delete, list,
// watch). 429 (API Priority and Fairness), 5xx and connection errors (a reset, a refused
// connection, a socket hung up, an answer lost on the way) are retried after a capped
// exponential backoff with jitter, never sooner than the answer's `Retry-After`, within a
// deadline per operation; 408 is retried too. Any other answer is final: 404 and 409 mean
// something to the caller (gone, exists already), the others name the refusal. The clock, the
// random source and the sleep are passed in, so the policy's tests are exact.

/** The retries of an operation ran out (its deadline, or the signal) on faults that may pass: the cluster may answer later. */
class TransientApiError extends Error {
    transient = true;
    constructor(message, cause) {
        super(message, { cause });
        this.name = 'TransientApiError';
    }
}
/** Connection-level failures under undici's `fetch failed` / `terminated` (the error's cause, or its own code). */
const NETWORK_CODES = new Set([
    'ECONNRESET',
    'ECONNREFUSED',
    'ECONNABORTED',
    'EPIPE',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EAI_AGAIN',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
]);
const DEFAULT_BACKOFF_MS = 500;
/** The longest wait between two attempts, as a multiple of the first. */
const MAX_FACTOR = 60;
function retryPolicy(baseMs = DEFAULT_BACKOFF_MS, overrides = {}) {
    return { baseMs, maxMs: baseMs * MAX_FACTOR, now: Date.now, random: Math.random, sleep, ...overrides };
}
/** The HTTP status of an API error (ApiException's `code`, a failed watch's `statusCode`); undefined for a connection error. */
function statusOf(error) {
    const { code, statusCode } = (error ?? {});
    if (typeof code === 'number')
        return code;
    return typeof statusCode === 'number' ? statusCode : undefined;
}
/** Whether trying again may succeed: 408, 429, 5xx, or the connection failed. */
function retryable(error) {
    const status = statusOf(error);
    if (status !== undefined)
        return status === 408 || status === 429 || status >= 500;
    return networkCode(error) !== undefined;
}
function networkCode(error) {
    for (let e = error, depth = 0; e && depth < 4; depth++) {
        if (typeof e.code === 'string' && NETWORK_CODES.has(e.code))
            return e.code;
        if (e.message === 'terminated' || e.message === 'other side closed')
            return 'UND_ERR_SOCKET';
        e = e.cause;
    }
    return undefined;
}
/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
function retryAfterMs(error, nowMs) {
    const headers = error?.headers;
    if (typeof headers !== 'object' || headers === null)
        return undefined;
    const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after');
    const value = typeof entry?.[1] === 'string' ? entry[1].trim() : undefined;
    if (!value)
        return undefined;
    if (/^\d+$/.test(value))
        return Number(value) * 1000;
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
/** The wait before retry n (0 for the first): base·2ⁿ capped at max, half of it fixed and half jitter. */
function backoffMs(policy, n) {
    const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n, 30));
    return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}
/** A fault as a few words for the log: `429 TooManyRequests`, `ECONNRESET`. */
function faultWord(error) {
    const status = statusOf(error);
    if (status !== undefined) {
        const reason = /answered \d+ (\w+)/.exec(apiErrorText(error))?.[1];
        return reason ? `${status} ${reason}` : String(status);
    }
    return networkCode(error) ?? error?.message ?? String(error);
}
/**
 * Calls `call` until it succeeds, fails for good, or the operation's deadline (or signal) leaves
 * no room for another attempt: then a TransientApiError with the last fault. A final answer is
 * thrown as the client threw it (its `code`, 404 or 409, is the caller's to read).
 */
async function withRetry(policy, op, call) {
    const started = policy.now();
    const faults = [];
    const ended = (outcome, attempts) => {
        if (attempts < 2)
            return;
        const seconds = ((policy.now() - started) / 1000).toFixed(1);
        op.log(`Kubernetes API: ${op.what}: ${outcome} after ${attempts} attempts over ${seconds} s (${summary(faults)})`);
    };
    for (let n = 0;; n++) {
        try {
            const value = await call();
            ended('succeeded', n + 1);
            return value;
        }
        catch (error) {
            if (!retryable(error)) {
                const settled = op.settledBy?.includes(statusOf(error) ?? 0);
                ended(settled ? `done (${faultWord(error)})` : `failed: ${apiErrorText(error)}`, n + 1);
                throw error;
            }
            faults.push(faultWord(error));
            const wait = nextWait(policy, op, started, n, error);
            const giveUp = (why) => {
                ended(why, n + 1);
                return new TransientApiError(`${apiErrorText(error)} (${n + 1} attempts, ${why})`, error);
            };
            if (typeof wait === 'string')
                throw giveUp(wait);
            op.onRetry?.(apiErrorText(error));
            await policy.sleep(wait, op.signal);
            // Aborted while it waited (a shutdown): no further attempt, which could hang on a cluster that does not answer.
            if (op.signal?.aborted)
                throw giveUp('stopped');
        }
        finally {
            if (n === 0)
                op.onFirstAttempt?.();
        }
    }
}
/** The wait before the next attempt: the backoff, or Retry-After when longer; why not, when it would end past the deadline or the signal is aborted. */
function nextWait(policy, op, started, n, error) {
    if (op.signal?.aborted)
        return 'stopped';
    const wait = Math.max(backoffMs(policy, n), retryAfterMs(error, policy.now()) ?? 0);
    const left = started + op.deadlineMs - policy.now();
    return wait > left ? `gave up (deadline ${Math.round(op.deadlineMs / 1000)} s)` : wait;
}
/** `3× 429 TooManyRequests, 1× ECONNRESET`: each fault with how often it came, in order of first appearance. */
function summary(faults) {
    const counts = new Map();
    for (const fault of faults)
        counts.set(fault, (counts.get(fault) ?? 0) + 1);
    return [...counts].map(([fault, count]) => `${count}× ${fault}`).join(', ');
}
/** setTimeout that does not keep the process alive (a cleanup still waiting is left to the next start's sweep). */
function sleep(ms, signal) {
    return new Promise((resolve) => {
        if (signal?.aborted)
            return resolve();
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        signal?.addEventListener('abort', done, { once: true });
    });
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/objects.ts




/** Seconds a Job may run beyond its schedule and start barrier (image pulls, the final upload). */
const JOB_GRACE_S = 120;
const TTL_AFTER_FINISHED_S = 600;
/** How long one create (or read) is retried: past it the test goes back to the queue, which waits for the cluster. */
const CREATE_DEADLINE_MS = 60_000;
/** How long one delete is retried: minutes, past an API server's restart; what is still left then is the sweep's. */
const CLEANUP_DEADLINE_MS = 600_000;
/** An object exists under a name of ours but is not this test's: a final refusal, not a fault to wait out. */
class NameTakenError extends Error {
}
/** `default`, or `load of context tokyo`. */
function placeName(place) {
    return `${place.namespace}${place.context && ` of context ${place.context}`}`;
}
/**
 * Creates an object whose name is fixed; a 409 AlreadyExists (an earlier attempt's answer was
 * lost, or an earlier try of this test left it) reads the object and adopts it when `ours` says
 * it is this test's, and refuses it otherwise.
 */
async function createOrAdopt(calls, object) {
    const what = `${object.kind} ${object.name} in ${placeName(object.place)}`;
    const op = { deadlineMs: calls.createDeadlineMs ?? CREATE_DEADLINE_MS, log: calls.log, ...(calls.signal && { signal: calls.signal }) };
    try {
        return await withRetry(calls.retry, { ...op, what: `create ${what}` }, object.create);
    }
    catch (error) {
        if (statusOf(error) !== 409)
            throw error;
    }
    const existing = await withRetry(calls.retry, { ...op, what: `read ${what}` }, object.read);
    if (!object.ours(existing)) {
        const labels = JSON.stringify(existing.metadata?.labels ?? {});
        throw new NameTakenError(`${what} exists already and is not this test's (its labels: ${labels})`);
    }
    calls.log(`${what} existed already (an answer lost on the way, or an earlier try): adopted, not created twice`);
    return existing;
}
/** Deletes one object, retried; gone already is fine. */
async function deleteObject(calls, object) {
    const op = {
        what: `delete ${object.kind} ${object.name} in ${placeName(object.place)}`,
        deadlineMs: object.deadlineMs,
        settledBy: [404],
        log: calls.log,
        ...(calls.signal && { signal: calls.signal }),
        ...(object.onFirstAttempt && { onFirstAttempt: object.onFirstAttempt }),
    };
    await ignoreNotFound(withRetry(calls.retry, op, object.remove));
}
function callsOf(kube, testId) {
    return { retry: kube.retry, log: (line) => kube.settings.log(`test ${testId}: ${line}`), signal: kube.closing };
}
/** The Jobs first, then in each namespace the Secret owned by its Jobs (their pods wait for it: secretKeyRef). */
async function createTestObjects(kube, execution, shardCounts, token) {
    const created = [];
    for (const [location, shards] of Object.entries(shardCounts))
        created.push(await createJob(kube, execution, location, shards));
    for (const place of kube.places.placesOf(Object.keys(shardCounts))) {
        const owners = created.filter((c) => samePlace(c.place, place)).map((c) => c.job);
        await createSecret(kube, execution.testId, place, testSecret(execution.testId, place.namespace, token, owners));
    }
}
/** The token Secret; one of ours with another token (an earlier try of this test) is replaced, not adopted. */
async function createSecret(kube, testId, place, body) {
    const calls = callsOf(kube, testId);
    const name = body.metadata.name;
    const { core } = place.api;
    const namespace = place.namespace;
    const oursByLabel = (o) => o.metadata?.labels?.[LABEL_TEST] === testLabel(testId);
    const object = {
        kind: 'Secret',
        name,
        place,
        create: () => core.createNamespacedSecret({ namespace, body }),
        read: () => core.readNamespacedSecret({ name, namespace }),
        ours: (o) => oursByLabel(o),
    };
    const existing = await createOrAdopt(calls, object);
    if (existing.data?.[TOKEN_KEY] === body.data?.[TOKEN_KEY])
        return;
    // An earlier try's Secret (immutable): its token would lock this try's shards out.
    await deleteObject(calls, { ...object, deadlineMs: CREATE_DEADLINE_MS, remove: () => core.deleteNamespacedSecret({ name, namespace }) });
    await createOrAdopt(calls, { ...object, ours: (o) => oursByLabel(o) && o.data?.[TOKEN_KEY] === body.data?.[TOKEN_KEY] });
}
/** One location's Indexed Job, as the API answered its creation (with the uid its Secret's owner reference needs). */
async function createJob(kube, execution, location, shards) {
    const { settings } = kube;
    const place = kube.places.placeOf(location);
    const { api, namespace } = place;
    const nodeSelector = settings.locations[location]?.nodeSelector;
    const body = shardJob({
        testId: execution.testId,
        location,
        shards,
        namespace,
        image: settings.image,
        callbackUrl: settings.callbackUrl(),
        secretName: secretName(execution.testId),
        ...(nodeSelector && { nodeSelector }),
        ...(settings.shardResources && { resources: { requests: settings.shardResources, limits: settings.shardResources } }),
        activeDeadlineSeconds: jobDeadlineS(execution.test.definition, settings.barrierMs),
        ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
        backoffLimitPerIndex: settings.backoffLimitPerIndex,
    });
    const name = jobName(execution.testId, location);
    const job = await createOrAdopt(callsOf(kube, execution.testId), {
        kind: 'Job',
        name,
        place,
        create: () => api.batch.createNamespacedJob({ namespace, body }),
        read: () => api.batch.readNamespacedJob({ name, namespace }),
        ours: (o) => o.metadata?.labels?.[LABEL_TEST] === body.metadata?.labels?.[LABEL_TEST] &&
            o.metadata?.labels?.[LABEL_LOCATION] === body.metadata?.labels?.[LABEL_LOCATION],
    });
    settings.log(`test ${execution.testId}: Job ${name} (${shards} shard(s) in ${location}) created in ${placeName(place)}`);
    return { place, job };
}
/**
 * The test's Jobs (by their fixed names: no list needed) and its Secret in every namespace its
 * locations use, each deleted on its own and retried within deadlineMs, so one that fails skips
 * nothing. Deleting a Job deletes its pods. Resolves with what is left, as `Job <name> in <ns>`.
 */
async function removeTestObjects(kube, testId, locations, deadlineMs, onFirstAttempt = () => { }) {
    const calls = callsOf(kube, testId);
    const objects = [
        ...locations.map((location) => {
            const place = kube.places.placeOf(location);
            const name = jobName(testId, location);
            const remove = () => place.api.batch.deleteNamespacedJob({ name, namespace: place.namespace, propagationPolicy: 'Background' });
            return { kind: 'Job', name, place, remove };
        }),
        ...kube.places.placesOf(locations).map((place) => {
            const name = secretName(testId);
            return { kind: 'Secret', name, place, remove: () => place.api.core.deleteNamespacedSecret({ name, namespace: place.namespace }) };
        }),
    ];
    let untried = objects.length;
    const tried = () => {
        if (--untried === 0)
            onFirstAttempt();
    };
    const outcomes = await Promise.allSettled(objects.map((object) => deleteObject(calls, { ...object, deadlineMs, onFirstAttempt: tried })));
    return outcomes.flatMap((outcome, i) => {
        if (outcome.status === 'fulfilled')
            return [];
        const { kind, name, place } = objects[i];
        return [`${kind} ${name} in ${placeName(place)} (${apiErrorText(outcome.reason)})`];
    });
}
/**
 * At the end of a test: its objects deleted, each retried past an outage (minutes). The run
 * waits only for every object's first attempt; the retries go on in the background, and what is
 * still left when they give up (or the server shuts down) is logged by kind and name and left to
 * the periodic sweep.
 */
async function cleanUpTestObjects(kube, testId, locations) {
    let firstTried = () => { };
    const tried = new Promise((resolve) => {
        firstTried = resolve;
    });
    const done = removeTestObjects(kube, testId, locations, kube.cleanupDeadlineMs, firstTried).then((left) => {
        for (const object of left)
            kube.settings.log(`test ${testId}: could not delete ${object}; the sweep deletes it later`);
    });
    await Promise.race([tried, done]);
}
/**
 * Periodically (and at start): the Jobs and Secrets of tests that are no longer running (a
 * cleanup that never got through, a server killed mid-test whose test was failed, a test put
 * back in the queue), and latency probes' left behind. Objects created in the second the sweep
 * began or later (creationTimestamp has whole seconds) are left alone: they may be a test's
 * that is starting now.
 */
async function sweepStaleObjects(kube) {
    const { settings } = kube;
    const startedAt = Math.floor(kube.now() / 1000) * 1000;
    const keep = new Set(settings.store.runningTests().map((test) => testLabel(test.id)));
    const labelSelector = `${LABEL_MANAGED}=${MANAGED_BY}`;
    const stale = (o) => {
        const test = o.metadata?.labels?.[LABEL_TEST] ?? '';
        return !keep.has(test) && settings.registry.probe(test) === undefined && (o.metadata?.creationTimestamp?.getTime() ?? 0) < startedAt;
    };
    const calls = { retry: kube.retry, log: settings.log, signal: kube.closing };
    for (const place of kube.places.placesOf(offeredLocations(settings.locations))) {
        const { api, namespace } = place;
        const list = { deadlineMs: kube.cleanupDeadlineMs, log: settings.log, signal: kube.closing };
        const jobs = (await withRetry(kube.retry, { ...list, what: `list Jobs in ${placeName(place)}` }, () => api.batch.listNamespacedJob({ namespace, labelSelector }))).items.filter(stale);
        const secrets = (await withRetry(kube.retry, { ...list, what: `list Secrets in ${placeName(place)}` }, () => api.core.listNamespacedSecret({ namespace, labelSelector }))).items.filter(stale);
        const removals = [
            ...jobs.map((job) => ({
                kind: 'Job',
                name: job.metadata.name,
                place,
                deadlineMs: kube.cleanupDeadlineMs,
                remove: () => api.batch.deleteNamespacedJob({ name: job.metadata.name, namespace, propagationPolicy: 'Background' }),
            })),
            ...secrets.map((secret) => ({
                kind: 'Secret',
                name: secret.metadata.name,
                place,
                deadlineMs: kube.cleanupDeadlineMs,
                remove: () => api.core.deleteNamespacedSecret({ name: secret.metadata.name, namespace }),
            })),
        ];
        const outcomes = await Promise.allSettled(removals.map((removal) => deleteObject(calls, removal)));
        outcomes.forEach((outcome, i) => {
            if (outcome.status === 'rejected')
                settings.log(`sweep: could not delete ${removals[i].kind} ${removals[i].name} in ${placeName(place)}: ${apiErrorText(outcome.reason)}`);
        });
        if (jobs.length + secrets.length > 0)
            settings.log(`swept ${jobs.length} Job(s) and ${secrets.length} Secret(s) of tests no longer running from ${placeName(place)}`);
    }
}
/** The Jobs' activeDeadlineSeconds: the schedule, the start barrier and a grace. */
function jobDeadlineS(definition, barrierMs) {
    return scheduleSeconds(definition) + Math.ceil(barrierMs / 1000) + JOB_GRACE_S;
}
function scheduleSeconds(definition) {
    const config = definition.config_data;
    const stages = config.manual_load ?? [];
    const seconds = stages.length > 0 ? stages.reduce((n, stage) => n + stage.duration, 0) : config.duration;
    return seconds + (definition.warm_up ?? 0);
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/latency.ts
// A latency location measured from a Kubernetes location (`--latency-location
// 'EU.DE.FRA=Frankfurt@kube:DE'`): one one-pod Job placed by DE's rule, whose pod runs
// `loadgate shard --latency ID`, measures the target and calls home with its figures
// (shards/latency-probe.ts). The Job and its Secret are deleted once the answer is in.






/** A probe's answer is awaited by a client: its calls are retried for a short while only. */
const PROBE_CALL_DEADLINE_MS = 10_000;
function kubeLatency(settings) {
    return async (location, request, signal) => {
        const kube = location.kube;
        const { probe, token } = LatencyProbe.begin({
            target: request.target,
            samples: request.samples,
            timeout_ms: request.timeoutMs,
            budget_ms: request.budgetMs,
            location: { code: location.code, name: location.name },
        });
        const place = settings.places.placeOf(kube);
        const { api, namespace } = place;
        const calls = {
            retry: settings.retry,
            createDeadlineMs: PROBE_CALL_DEADLINE_MS,
            log: (line) => settings.log(`latency ${location.code}: ${line}`),
        };
        const ours = (o) => o.metadata?.labels?.[LABEL_TEST] === testLabel(probe.id);
        const jobOf = { kind: 'Job', name: jobName(probe.id, kube), place };
        const secretOf = { kind: 'Secret', name: secretName(probe.id), place };
        const nodeSelector = settings.locations[kube]?.nodeSelector;
        const waitMs = settings.startMs + request.budgetMs + request.timeoutMs;
        settings.registry.addProbe(probe);
        try {
            // The Job first, so that the Secret can name it as its owner; the pod waits for the Secret.
            const body = shardJob({
                testId: probe.id,
                latency: true,
                location: kube,
                shards: 1,
                namespace,
                image: settings.image,
                callbackUrl: settings.callbackUrl(),
                secretName: secretName(probe.id),
                ...(nodeSelector && { nodeSelector }),
                activeDeadlineSeconds: Math.ceil(waitMs / 1000),
                ttlSecondsAfterFinished: settings.ttlSecondsAfterFinished,
                // One pass: a probe that fails is reported as such, not measured again later.
                backoffLimitPerIndex: 0,
            });
            const job = await createOrAdopt(calls, {
                ...jobOf,
                create: () => api.batch.createNamespacedJob({ namespace, body }),
                read: () => api.batch.readNamespacedJob({ name: jobOf.name, namespace }),
                ours,
            });
            const secret = testSecret(probe.id, namespace, token, [job]);
            await createOrAdopt(calls, {
                ...secretOf,
                create: () => api.core.createNamespacedSecret({ namespace, body: secret }),
                read: () => api.core.readNamespacedSecret({ name: secretOf.name, namespace }),
                ours,
            });
            const latency = await Promise.race([probe.result, expiry(waitMs, signal)]);
            return latency
                ? { ...latency, egress: (0,locations/* egressLabel */.u0)(location) }
                : unreported(location, `no answer from the pod in ${kube} within ${Math.round(waitMs / 1000)} s`);
        }
        finally {
            settings.registry.removeProbe(probe.id);
            await cleanUp().catch((error) => settings.log(`latency ${location.code}: could not delete Job ${jobName(probe.id, kube)}: ${apiErrorText(error)}; it is swept at the next start`));
        }
        async function cleanUp() {
            const deadlineMs = PROBE_CALL_DEADLINE_MS;
            await Promise.all([
                deleteObject(calls, {
                    ...jobOf,
                    deadlineMs,
                    remove: () => api.batch.deleteNamespacedJob({ name: jobOf.name, namespace, propagationPolicy: 'Background' }),
                }),
                deleteObject(calls, { ...secretOf, deadlineMs, remove: () => api.core.deleteNamespacedSecret({ name: secretOf.name, namespace }) }),
            ]);
        }
    };
}
/** Resolves undefined after ms, or when the signal aborts (the client left). */
function expiry(ms, signal) {
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve(undefined);
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
    });
}
function unreported(location, reason) {
    return { ...(0,run/* summarizeLocation */.Lr)(location.name, (0,locations/* egressLabel */.u0)(location), []), failures: 1, errors: { [reason]: 1 } };
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/watch.ts


/** How long one list is retried before the follower logs it and starts over (after a backoff). */
const LIST_DEADLINE_MS = 60_000;
function followJobs(place, settings) {
    const { api, namespace } = place;
    const { labelSelector, onJob, onDeleted } = settings;
    let stopped = false;
    const stopping = new AbortController();
    let stream;
    let timer;
    /** Cycles in a row whose list or stream failed: the next waits longer (capped exponential backoff), not resyncMs again and again. */
    let failures = 0;
    const again = (failed) => {
        failures = failed ? failures + 1 : 0;
        const delayMs = failed ? Math.max(settings.resyncMs, backoffMs(settings.retry, failures - 1)) : settings.resyncMs;
        if (!stopped)
            timer = setTimeout(() => void cycle(), delayMs);
    };
    async function cycle() {
        try {
            const op = { what: `list Jobs in ${namespace}`, deadlineMs: LIST_DEADLINE_MS, log: settings.log, signal: stopping.signal };
            const list = await withRetry(settings.retry, op, () => api.batch.listNamespacedJob({ namespace, labelSelector }));
            for (const job of list.items)
                onJob(job);
            settings.onList(new Set(list.items.map((job) => job.metadata?.name ?? '')));
            if (stopped)
                return;
            const query = { labelSelector, resourceVersion: list.metadata?.resourceVersion, allowWatchBookmarks: true };
            /** Set by an ERROR event, whose line is the one this stream's end gets. */
            let ended = false;
            stream = await api.watch.watch(`/apis/batch/v1/namespaces/${encodeURIComponent(namespace)}/jobs`, query, (type, object) => {
                if (type === 'ADDED' || type === 'MODIFIED')
                    onJob(object);
                else if (type === 'DELETED')
                    onDeleted(object);
                else if (type === 'ERROR' && !ended) {
                    // The object is a Status (410 Gone: the resourceVersion is too old): this stream is over.
                    ended = true;
                    if (!stopped)
                        settings.log(`watching Jobs in ${namespace}: ${statusLine(object)}; listing them again`);
                    stream?.abort();
                }
            }, (error) => {
                // A quiet stream ends after the client's 30 s without data: the ordinary resync, not worth a line.
                const quiet = error?.name === 'TimeoutError';
                if (error && !quiet && !ended && !stopped)
                    settings.log(`watching Jobs in ${namespace}: ${error.message}; listing them again`);
                again(Boolean(error) && !quiet);
            });
            if (stopped)
                stream.abort();
        }
        catch (error) {
            if (!stopped)
                settings.log(`listing Jobs in ${namespace}: ${apiErrorText(error)}; trying again`);
            again(true);
        }
    }
    void cycle();
    return {
        stop: () => {
            stopped = true;
            stopping.abort();
            clearTimeout(timer);
            stream?.abort();
        },
    };
}
/** An ERROR event's Status: `ERROR 410 Expired: too old resource version: 1 (5)`. */
function statusLine(object) {
    const status = (object ?? {});
    return ['ERROR', status.code, status.reason && `${String(status.reason)}:`, status.message]
        .filter((part) => part !== undefined && part !== '')
        .join(' ');
}

;// CONCATENATED MODULE: ./src/server/executors/kubernetes/executor.ts













const SWEEP_INTERVAL_MS = 300_000;
/**
 * The server's own deadline comes this long after the Jobs' activeDeadlineSeconds (which count
 * from a little later, the Jobs' creation): Kubernetes normally ends a late Job first and says
 * which indexes failed; the server's deadline ends the test when nothing does (a Job gone unseen,
 * a cluster that does not answer).
 */
const SERVER_GRACE_S = 30;
const START_MARGIN_MS = 2000;
/** `1,3-5` (status.failedIndexes) → [1, 3, 4, 5]. */
function parseIndexes(text) {
    return (text ?? '')
        .split(',')
        .filter(Boolean)
        .flatMap((part) => {
        const [from, to] = part.split('-').map(Number);
        return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
    });
}
function kubernetesExecutor(settings) {
    const closing = new AbortController();
    const kube = {
        settings,
        places: clusters(settings),
        now: settings.now ?? Date.now,
        retry: retryPolicy(settings.apiBackoffMs ?? DEFAULT_BACKOFF_MS),
        cleanupDeadlineMs: settings.cleanupDeadlineMs ?? CLEANUP_DEADLINE_MS,
        closing: closing.signal,
    };
    const barrier = { barrierMs: settings.barrierMs, startMarginMs: START_MARGIN_MS, now: kube.now };
    const sweep = () => sweepStaleObjects(kube).catch((error) => settings.log(`sweeping the Jobs and Secrets of tests no longer running: ${apiErrorText(error)}`));
    let sweeper;
    return {
        sweep: async () => {
            sweeper ??= setInterval(() => void sweep(), settings.sweepIntervalMs ?? SWEEP_INTERVAL_MS).unref();
            await sweep();
        },
        ready: (onWait, signal) => reachable(kube, onWait, signal),
        close: () => {
            clearInterval(sweeper);
            closing.abort();
        },
        latency: kubeLatency({
            places: kube.places,
            locations: settings.locations,
            image: settings.image,
            callbackUrl: settings.callbackUrl,
            startMs: settings.barrierMs,
            ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
            registry: settings.registry,
            retry: kube.retry,
            log: settings.log,
        }),
        run: async (execution) => follow(kube, execution, await beginRun(kube, execution, barrier)),
        reattach: async (execution) => {
            const coordinator = ShardCoordinator.resume(settings.store, execution.testId, barrier);
            if (!coordinator)
                throw new errors/* InputError */.dz([{ path: 'test', message: 'the test has no shards to re-attach to (it never reached Kubernetes)' }]);
            return follow(kube, execution, coordinator);
        },
    };
}
/** A new sharded run: its shards per location, its coordinator (and token), and its Jobs and Secret in the clusters. */
async function beginRun(kube, execution, barrier) {
    const { settings } = kube;
    const { shardCounts, problems } = shardsPerLocation(execution.test.definition.config_data, offeredLocations(settings.locations), settings.ratePerPod, execution.shards ?? settings.shards);
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    const { coordinator, token } = ShardCoordinator.begin(settings.store, execution.testId, shardCounts, barrier);
    try {
        await createTestObjects(kube, execution, shardCounts, token);
    }
    catch (error) {
        // What was created goes (retried in the background; the sweep takes what is left).
        await cleanUpTestObjects(kube, execution.testId, Object.keys(shardCounts));
        const why = `could not create the test's Jobs and Secret: ${apiErrorText(error)}`;
        // The cluster did not answer for a while: the test goes back to the queue, which waits for it.
        if (error instanceof TransientApiError)
            throw new ExecutorUnavailable(why);
        // The API's refusal (a quota's 403, a missing namespace) as a sentence for failure_reason, not the client's dump.
        throw new ApiError(502, 'kubernetes', why);
    }
    return coordinator;
}
/**
 * Before a test starts: resolves once every cluster and namespace the locations use answers a
 * list of Jobs; until then every fault that may pass (429, 5xx, no connection) is reported to
 * onWait. A final refusal (403: the Role lacks `list`) rejects. Only the signal ends the wait.
 */
async function reachable(kube, onWait, signal) {
    for (const place of kube.places.placesOf(offeredLocations(kube.settings.locations))) {
        const op = {
            what: `list Jobs in ${placeName(place)} (before the next test starts)`,
            deadlineMs: Number.POSITIVE_INFINITY,
            log: kube.settings.log,
            signal,
            onRetry: (reason) => onWait(`${reason} (listing Jobs in ${placeName(place)})`),
        };
        await withRetry(kube.retry, op, () => place.api.batch.listNamespacedJob({ namespace: place.namespace, labelSelector: `${LABEL_MANAGED}=${MANAGED_BY}`, limit: 1 }));
    }
}
/** The test while its shards run, then its merged result; or, handed over, left to the next server. */
async function follow(kube, execution, coordinator) {
    const { settings } = kube;
    const { testId } = execution;
    settings.registry.add({ coordinator, definition: execution.test.definition, testUrl: execution.testUrl });
    const stopProgress = coordinator.onChange(() => execution.onProgress(coordinator.progress()));
    const stopObserving = observe(kube, coordinator);
    let handedOver = false;
    try {
        handedOver = await untilEnded(kube, execution, coordinator);
    }
    finally {
        stopObserving();
        stopProgress();
        settings.registry.remove(testId);
        if (!handedOver)
            await cleanUpTestObjects(kube, testId, Object.keys(coordinator.shardCounts));
    }
    if (handedOver) {
        settings.log(`test ${testId}: left running for the next server (its shards still run: ${coordinator.unsettled().join(', ')})`);
        return { handedOver };
    }
    return mergedOutcome(kube, execution, coordinator);
}
/**
 * Until every shard has settled, the test is stopped, its deadline passes (then the shards are
 * asked to stop and get the stop grace to send what they have), or the server hands it over.
 * Answers whether it was handed over.
 */
async function untilEnded(kube, execution, coordinator) {
    const { settings } = kube;
    const { testId } = execution;
    const deadlineAtMs = coordinator.beganAtMs + lifetimeS(execution.test.definition, settings.barrierMs) * 1000;
    const pastDeadline = () => kube.now() >= deadlineAtMs;
    const handOver = execution.handOver ?? new AbortController().signal;
    await untilSettled(coordinator, AbortSignal.any([execution.signal, handOver]), settings.tickMs, pastDeadline);
    // The pods go on sending; the next server re-attaches to them (by label) and takes the rest.
    const handedOver = handOver.aborted && !execution.signal.aborted && !coordinator.settled() && !pastDeadline();
    if (execution.signal.aborted || pastDeadline()) {
        if (!execution.signal.aborted)
            settings.log(`test ${testId}: past its deadline (${lifetimeS(execution.test.definition, settings.barrierMs)} s after it began)`);
        coordinator.stop();
        settings.log(`test ${testId}: stopping; shards have ${settings.stopGraceMs / 1000} s to send what they have`);
        await untilSettled(coordinator, AbortSignal.timeout(settings.stopGraceMs), settings.tickMs, () => false);
    }
    return handedOver;
}
/** What the shards delivered, merged; `incomplete` when part of the plan is missing from it. */
async function mergedOutcome(kube, execution, coordinator) {
    const { store } = kube.settings;
    const delivered = {
        shardCounts: coordinator.shardCounts,
        attempts: store.shardAttempts(execution.testId),
        finals: store.shardFinals(execution.testId),
        intervals: store.shardIntervals(execution.testId),
    };
    const { result, coverage } = await mergeSharded(execution.test.definition.config_data, delivered, execution.testUrl);
    return { ...(result && { result }), ...(coverage.shards.length > 0 && { incomplete: `incomplete: ${coverageLine(coverage)}` }) };
}
/**
 * What the Jobs say, as they change: indexes that failed for good (retries spent, or the Job
 * itself failed), and Jobs that are gone (deleted, or missing from a list: removed by hand or
 * by their TTL while nobody watched), whose unsettled indexes fail since no pod of theirs will deliver.
 */
function observe(kube, coordinator) {
    const { settings, places } = kube;
    const { testId, shardCounts } = coordinator;
    const gone = new Set();
    const jobGone = (location, why) => {
        if (shardCounts[location] === undefined || gone.has(location))
            return;
        gone.add(location);
        const unsettled = new Set(coordinator.unsettled());
        const keys = shardKeys({ [location]: shardCounts[location] }).filter((key) => unsettled.has((0,protocol/* shardName */.Az)(key)));
        settings.log(`test ${testId}: Job ${jobName(testId, location)} ${why}; ${keys.length} unsettled index(es) fail`);
        for (const key of keys)
            coordinator.markFailed(key);
    };
    const locations = Object.keys(shardCounts);
    const followers = places.placesOf(locations).map((place) => {
        const here = locations.filter((location) => samePlace(places.placeOf(location), place));
        return followJobs(place, {
            labelSelector: testLabelSelector(testId),
            onJob: (job) => {
                for (const key of failedIndexes(job, shardCounts))
                    coordinator.markFailed(key);
            },
            onList: (names) => {
                for (const location of here)
                    if (!names.has(jobName(testId, location)))
                        jobGone(location, 'is missing from the list of Jobs');
            },
            onDeleted: (job) => jobGone(job.metadata?.labels?.[LABEL_LOCATION] ?? '', 'was deleted'),
            resyncMs: settings.resyncMs,
            retry: kube.retry,
            log: (line) => settings.log(`test ${testId}: ${line}`),
        });
    });
    return () => {
        for (const follower of followers)
            follower.stop();
    };
}
/** How long after it began the server ends a test whatever its Jobs say. */
function lifetimeS(definition, barrierMs) {
    return jobDeadlineS(definition, barrierMs) + SERVER_GRACE_S;
}
function failedIndexes(job, shardCounts) {
    const location = job.metadata?.labels?.[LABEL_LOCATION];
    if (location === undefined || shardCounts[location] === undefined)
        return [];
    const jobFailed = job.status?.conditions?.some((c) => c.type === 'Failed' && c.status === 'True') ?? false;
    const completed = new Set(parseIndexes(job.status?.completedIndexes));
    const indexes = jobFailed
        ? Array.from({ length: shardCounts[location] }, (_, i) => i).filter((i) => !completed.has(i))
        : parseIndexes(job.status?.failedIndexes);
    return indexes.map((index) => ({ location, index }));
}
/** Until every shard has settled, the signal or the deadline: woken by each change, and every tickMs for the barrier's and the deadline's clock. */
async function untilSettled(coordinator, signal, tickMs, pastDeadline) {
    while (!coordinator.settled() && !signal.aborted && !pastDeadline()) {
        coordinator.tick();
        await new Promise((resolve) => {
            const timer = setTimeout(done, tickMs);
            const stopListening = coordinator.onChange(done);
            signal.addEventListener('abort', done, { once: true });
            function done() {
                clearTimeout(timer);
                stopListening();
                signal.removeEventListener('abort', done);
                resolve();
            }
        });
    }
}

// EXTERNAL MODULE: ./src/pipeline/measure.ts + 7 modules
var measure = __webpack_require__(3998);
;// CONCATENATED MODULE: ./src/server/executors/local.ts


function localExecutor(settings) {
    return {
        run: async ({ test, signal, testUrl, onProgress }) => {
            const log = settings.log;
            let progress = NO_PROGRESS;
            const onSecond = (sample) => onProgress((progress = addSecond(progress, sample)));
            const { result } = await (0,measure/* measureDefinition */.Ac)(test, {
                embedded: {
                    concurrency: settings.concurrency,
                    insecure: false,
                    proxies: settings.proxies,
                    signal,
                    testUrl,
                    onSecond,
                    ...(settings.stopDeadlineMs !== undefined && { stopDeadlineMs: settings.stopDeadlineMs }),
                    ...(settings.checkBodyBytes !== undefined && { checkBodyBytes: settings.checkBodyBytes }),
                },
                workers: settings.workers ?? 'auto',
            }, { info: log, warn: log });
            return { result };
        },
    };
}

// EXTERNAL MODULE: ./src/engine/stop-deadline.ts
var stop_deadline = __webpack_require__(71501);
// EXTERNAL MODULE: ./src/engine/check-body.ts
var check_body = __webpack_require__(9355);
// EXTERNAL MODULE: ./src/settings/values.ts
var values = __webpack_require__(535);
;// CONCATENATED MODULE: ./src/server/executors/settings.ts
// `serve --executor local|kubernetes` and the Kubernetes executor's flags (docs/server.md), read
// and checked in one place: a Kubernetes flag without `--executor kubernetes` is refused by name.



/** The executor's flags (their help and defaults are in src/settings/table.ts). */
const EXECUTOR_FLAGS = [
    'executor',
    'kubeconfig',
    'kube-context',
    'namespace',
    'image',
    'callback-url',
    'rate-per-pod',
    'shards',
    'location',
    'start-barrier',
    'shutdown-grace',
    'kube-api-backoff',
    'cluster-wait',
    'shard-cpu',
    'shard-memory',
];
/**
 * Iterations per second one shard pod is given by default: well below what one engine thread
 * sends on a small pod (docs/performance.md), so a pod keeps its schedule on a busy node.
 */
const DEFAULT_RATE_PER_POD = 1000;
const DEFAULT_NAMESPACE = 'default';
const DEFAULT_START_BARRIER_S = 120;
/**
 * On SIGTERM, how long serve waits for the running test to end before it leaves the test to the
 * next server: deploy/'s terminationGracePeriodSeconds must exceed it (docs/kubernetes.md).
 */
const DEFAULT_SHUTDOWN_GRACE_S = 40;
/** The first wait before a failed API call is retried (retry.ts): APF's Retry-After is 1 s, a reset wants a quick retry. */
const DEFAULT_KUBE_API_BACKOFF_MS = 500;
/** How long queued tests wait for an API server that does not answer (a control-plane upgrade takes minutes). */
const DEFAULT_CLUSTER_WAIT_S = 600;
/** One engine thread's worth (docs/performance.md) and room for its histograms; requests = limits, so the pods are Guaranteed (evicted last). */
const DEFAULT_SHARD_CPU = '1';
const DEFAULT_SHARD_MEMORY = '512Mi';
/** A resource quantity as the API reference's Quantity writes one without an exponent: 500m, 2, 0.5, 512Mi, 1G. */
const QUANTITY = /^(\d+(\.\d*)?|\.\d+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;
/** Every executor flag but `--executor` itself belongs to the Kubernetes executor. */
const KUBERNETES_FLAGS = EXECUTOR_FLAGS.filter((flag) => flag !== 'executor');
function whole(text, flag, min, max, problems) {
    if (text === undefined)
        return undefined;
    const n = (0,values/* wholeNumber */.rD)(text, flag, { min, max });
    if (!(0,errors/* isProblem */.AN)(n))
        return n;
    problems.push(n);
    return undefined;
}
function readExecutor(values) {
    const problems = [];
    const kind = values.executor ?? 'local';
    if (kind === 'local') {
        for (const flag of kubernetesFlagsGiven(values))
            problems.push({ path: `--${flag}`, message: 'is a setting of the Kubernetes executor: give --executor kubernetes, or leave it out' });
        return problems.length > 0 ? (0,errors/* failed */.gz)(problems) : (0,errors/* parsed */.Yz)({ kind: 'local' });
    }
    if (kind !== 'kubernetes')
        return (0,errors/* failed */.gz)([{ path: '--executor', message: `expected local or kubernetes, got "${kind}"` }]);
    if (!values.image)
        problems.push({
            path: '--image',
            message: 'the Kubernetes executor needs the image its shard pods run (e.g. ghcr.io/loadgate/loadgate:0.1.0)',
        });
    const locations = parseKubeLocations(values.location ?? [], '--location');
    if (!locations.ok)
        problems.push(...locations.problems);
    const ratePerPod = whole(values['rate-per-pod'], '--rate-per-pod', 1, 1_000_000, problems) ?? DEFAULT_RATE_PER_POD;
    const shards = whole(values.shards, '--shards', 1, MAX_SHARDS, problems);
    const barrierS = whole(values['start-barrier'], '--start-barrier', 1, 3600, problems) ?? DEFAULT_START_BARRIER_S;
    const shutdownGraceS = whole(values['shutdown-grace'], '--shutdown-grace', 0, 3600, problems) ?? DEFAULT_SHUTDOWN_GRACE_S;
    const apiBackoffMs = whole(values['kube-api-backoff'], '--kube-api-backoff', 1, 60_000, problems) ?? DEFAULT_KUBE_API_BACKOFF_MS;
    const clusterWaitS = whole(values['cluster-wait'], '--cluster-wait', 1, 86_400, problems) ?? DEFAULT_CLUSTER_WAIT_S;
    const shardResources = {
        cpu: quantity(values['shard-cpu'], '--shard-cpu', DEFAULT_SHARD_CPU, '500m or 2', problems),
        memory: quantity(values['shard-memory'], '--shard-memory', DEFAULT_SHARD_MEMORY, '512Mi or 1Gi', problems),
    };
    if (problems.length > 0 || !locations.ok)
        return (0,errors/* failed */.gz)(problems);
    return (0,errors/* parsed */.Yz)({
        kind: 'kubernetes',
        kubernetes: {
            ...(values.kubeconfig && { kubeconfig: values.kubeconfig }),
            ...(values['kube-context'] && { context: values['kube-context'] }),
            namespace: values.namespace ?? DEFAULT_NAMESPACE,
            image: values.image,
            ...(values['callback-url'] && { callbackUrl: values['callback-url'] }),
            ratePerPod,
            ...(shards !== undefined && { shards }),
            locations: locations.value,
            barrierMs: barrierS * 1000,
            shutdownGraceMs: shutdownGraceS * 1000,
            apiBackoffMs,
            clusterWaitMs: clusterWaitS * 1000,
            shardResources,
        },
    });
}
function quantity(text, flag, fallback, example, problems) {
    if (text === undefined)
        return fallback;
    if (QUANTITY.test(text) && Number.parseFloat(text) > 0)
        return text;
    problems.push({ path: flag, message: `expected a Kubernetes quantity above 0 such as ${example}, got ${JSON.stringify(text)}` });
    return fallback;
}
function kubernetesFlagsGiven(values) {
    return KUBERNETES_FLAGS.filter((flag) => values[flag] !== undefined);
}

;// CONCATENATED MODULE: ./src/server/queue-wait.ts
const DEFAULT_CLUSTER_WAIT_MS = 600_000;
class ExecutorGate {
    current;
    closing = new AbortController();
    executor;
    boundMs;
    now;
    constructor(executor, boundMs, now) {
        this.executor = executor;
        this.boundMs = boundMs;
        this.now = now;
    }
    /** Why queued tests wait now; undefined while they do not. */
    waiting() {
        return this.current;
    }
    /** Records why the executor could not start a test (it went back to the queue), counting the bound from sinceMs. */
    note(reason, sinceMs) {
        this.current = {
            reason,
            since: this.current?.since ?? new Date(sinceMs).toISOString(),
            until: new Date(sinceMs + this.boundMs).toISOString(),
        };
    }
    /** Resolves once the executor can start a test, or with the reason to fail the next one once the wait has lasted the bound (counted from sinceMs). */
    async pass(sinceMs = this.now()) {
        const ready = this.executor.ready?.bind(this.executor);
        if (!ready)
            return { ready: true };
        const bound = AbortSignal.timeout(Math.max(0, sinceMs + this.boundMs - this.now()));
        let last;
        try {
            await ready((reason) => {
                last = reason;
                this.note(reason, sinceMs);
            }, AbortSignal.any([bound, this.closing.signal]));
            if (!bound.aborted && !this.closing.signal.aborted) {
                this.current = undefined;
                return { ready: true };
            }
        }
        catch (error) {
            if (!bound.aborted && !this.closing.signal.aborted) {
                this.current = undefined;
                return { ready: false, reason: `the executor cannot start tests: ${error.message}` };
            }
        }
        if (this.closing.signal.aborted)
            return { closed: true };
        const why = last ?? this.current?.reason ?? 'no answer';
        this.current = undefined;
        return { ready: false, reason: `waited ${Math.round(this.boundMs / 1000)} s for the cluster, which did not answer: ${why}` };
    }
    close() {
        this.closing.abort();
    }
}

;// CONCATENATED MODULE: ./src/server/queue.ts
// Runs the stored tests one at a time, oldest first, on the server's executor (here, or in
// Kubernetes: executors/). The queue is the `tests` table itself (status "initial" by queue
// position), so it survives a restart.





const INTERRUPTED_REASON = 'server stopped while the test was running';
const SHUTDOWN_REASON = 'the server was shut down while the test was running; the result is partial';
class TestQueue {
    store;
    settings;
    running = null;
    closed = false;
    /** Waits for the executor before a test starts (queue-wait.ts); `passing` while it does. */
    gate;
    passing = false;
    /** Tests put back in the queue because the executor could not start them: since when (the wait's bound counts from there). */
    unavailableSince = new Map();
    constructor(store, settings) {
        this.store = store;
        this.settings = settings;
        this.gate = new ExecutorGate(settings.executor, settings.clusterWaitMs ?? DEFAULT_CLUSTER_WAIT_MS, () => this.nowMs());
    }
    nowMs() {
        return (this.settings.now?.() ?? new Date()).getTime();
    }
    now() {
        return (this.settings.now?.() ?? new Date()).toISOString();
    }
    /**
     * On start, before any test runs: a test still marked running belongs to a dead server. An
     * executor that can re-attach (Kubernetes: the pods outlive the server) takes the oldest up
     * again; the others are failed.
     */
    recover() {
        const [first] = this.store.runningTests();
        if (first && this.settings.executor.reattach) {
            this.settings.log(`test ${first.id} (${first.name}): re-attaching to its running shards`);
            this.begin(first, 'reattach');
        }
        const failed = this.store.failRunningTests(INTERRUPTED_REASON, this.now(), this.running?.id);
        if (failed > 0)
            this.settings.log(`marked ${failed} test(s) failed: ${INTERRUPTED_REASON}`);
    }
    /** Starts the next queued test unless one is running. */
    kick() {
        if (this.running || this.closed || this.passing)
            return;
        const next = this.store.nextQueuedTest();
        if (!next)
            return;
        if (!this.settings.executor.ready)
            return this.start(next);
        // Not into a fault: the executor first says it can start a test (or the wait's bound passes).
        this.passing = true;
        void this.gate.pass(this.unavailableSince.get(next.id)).then((outcome) => {
            this.passing = false;
            const test = this.store.nextQueuedTest();
            if ('closed' in outcome || this.closed || this.running || !test)
                return;
            if (outcome.ready)
                return this.start(test);
            this.unavailableSince.delete(test.id);
            this.store.finishTest(test.id, { status: 'failed', failureReason: outcome.reason, at: this.now() });
            this.settings.log(`test ${test.id} (${test.name}): failed (${outcome.reason})`);
            this.kick();
        });
    }
    /** Why queued tests wait (the executor cannot start them yet), for the details of test `id` while it is queued. */
    waiting(id) {
        return this.store.getTest(id)?.status === 'initial' ? this.gate.waiting() : undefined;
    }
    /**
     * Stops a queued or running test; a running one keeps its partial result. Resolves with the
     * test as it is afterwards (a test that has already ended is left as it is). Bounded with the
     * local executor: engine threads that do not answer within the stop deadline are ended
     * (engine/stop-deadline.ts), so this is the entry point for anything that must end a test.
     */
    async stop(id) {
        if (this.running?.id === id) {
            const running = this.running;
            running.controller.abort();
            await running.done;
        }
        else if (this.store.getTest(id)?.status === 'initial') {
            this.store.finishTest(id, { status: 'stopped', failureReason: null, at: this.now() });
        }
        return this.store.getTest(id);
    }
    /** What the running test `id` has done so far; undefined when it is not running or has nothing yet. */
    progress(id) {
        return this.running?.id === id ? this.running.progress : undefined;
    }
    /**
     * Takes no more tests. A running test whose executor can re-attach (its load runs elsewhere)
     * gets the shutdown grace to end by itself, its uploads still taken, and is then left running
     * for the next server; any other running test is stopped and keeps its partial result.
     */
    async close() {
        this.closed = true;
        this.gate.close();
        try {
            await this.closeRunning();
        }
        finally {
            this.settings.executor.close?.();
        }
    }
    async closeRunning() {
        const running = this.running;
        if (!running)
            return;
        if (this.settings.executor.reattach) {
            if (!(await endsWithin(running.done, this.settings.shutdownGraceMs ?? 0))) {
                running.handOver.abort();
                await running.done;
            }
            return;
        }
        running.stopReason = SHUTDOWN_REASON;
        running.controller.abort();
        await running.done;
    }
    start(test) {
        this.store.markRunning(test.id, this.now());
        this.settings.log(`test ${test.id} (${test.name}): running`);
        this.begin(test, 'run');
    }
    begin(test, how) {
        const controller = new AbortController();
        const running = { id: test.id, controller, handOver: new AbortController(), stopReason: null, done: Promise.resolve() };
        running.done = this.execute(test, running, how).finally(() => {
            this.running = null;
            this.kick();
        });
        this.running = running;
    }
    async execute(test, running, how) {
        const end = (status, failureReason, result) => {
            this.unavailableSince.delete(test.id);
            this.store.finishTest(test.id, { status, failureReason, at: this.now(), ...(result ? { result } : {}) });
            this.settings.log(`test ${test.id} (${test.name}): ${status}${failureReason ? ` (${failureReason})` : ''}`);
        };
        try {
            const prepared = await definition_prepare(storedDefinition(this.store, test), this.settings.dataDir);
            const execution = {
                testId: test.id,
                testUrl: test.test_url,
                test: prepared,
                ...shardsOf(this.store, test.id),
                signal: running.controller.signal,
                handOver: running.handOver.signal,
                onProgress: (progress) => {
                    running.progress = progress;
                },
            };
            const executor = this.settings.executor;
            const executed = how === 'reattach' && executor.reattach ? await executor.reattach(execution) : await executor.run(execution);
            if (executed.handedOver) {
                this.settings.log(`test ${test.id} (${test.name}): left running for the next server to re-attach`);
                return;
            }
            const stopped = running.controller.signal.aborted;
            const incomplete = executed.incomplete ?? (stopped ? undefined : unstartedReason(executed.result));
            const reason = [running.stopReason, incomplete].filter((r) => r).join('; ') || null;
            if (stopped)
                end('stopped', reason, executed.result);
            // Missing windows, or iterations never started, are never a pass: `incomplete` is a final
            // status no client reads as completed (docs/server.md).
            else if (executed.result)
                end(incomplete ? 'incomplete' : 'completed', reason, executed.result);
            else
                end('failed', reason ?? 'no shard delivered a result');
        }
        catch (error) {
            if (error instanceof ExecutorUnavailable && !running.controller.signal.aborted && this.requeue(test, error.message))
                return;
            end('failed', failureReason(error, this.settings.log));
        }
    }
    /** A test the executor could not start for now goes back to its place in the queue, within the wait's bound; false past it. */
    requeue(test, reason) {
        const since = this.unavailableSince.get(test.id) ?? this.nowMs();
        if (this.nowMs() - since >= (this.settings.clusterWaitMs ?? DEFAULT_CLUSTER_WAIT_MS))
            return false;
        this.unavailableSince.set(test.id, since);
        this.store.requeueTest(test.id);
        this.gate.note(reason, since);
        this.settings.log(`test ${test.id} (${test.name}): back in the queue, waiting for the cluster (${reason})`);
        return true;
    }
}
/** Whether `done` settles within `ms`. */
async function endsWithin(done, ms) {
    let timer;
    const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
    });
    try {
        return await Promise.race([done.then(() => true), timeout]);
    }
    finally {
        clearTimeout(timer);
    }
}
/**
 * A run that ended with planned iterations never started (the generator could not keep up, so the
 * schedule ran out: run.generator) did not apply its plan: it is incomplete, never completed.
 */
function unstartedReason(result) {
    const unstarted = result?.run.generator?.unstarted_iterations ?? 0;
    if (unstarted === 0)
        return undefined;
    return `${unstarted} planned iterations were never started: the load generator could not keep up with the plan (run.generator)`;
}
function shardsOf(store, testId) {
    const shards = store.testShards(testId);
    return shards === undefined ? {} : { shards };
}
function failureReason(error, log) {
    // A transient fault past the wait's bound is no internal error: its message says what did not answer.
    if (error instanceof ApiError || error instanceof ExecutorUnavailable)
        return error.message;
    if (error instanceof errors/* InputError */.dz)
        return (0,errors/* problemLines */.pb)(error.problems).join('; ');
    log(`internal error while running a test: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return `internal error: ${error instanceof Error ? error.message : String(error)}`;
}

// EXTERNAL MODULE: ./src/settings/argv.ts
var argv = __webpack_require__(95631);
// EXTERNAL MODULE: ./src/settings/table.ts
var table = __webpack_require__(22221);
;// CONCATENATED MODULE: ./src/server/store/environments.ts


function toEnvironment(sealer) {
    return (row) => {
        const id = rows_text(row, 'id');
        return { id, name: rows_text(row, 'name'), vars: openVars(sealer, id, rows_json(row, 'vars')), created_at: rows_text(row, 'created_at') };
    };
}
function insertEnvironment(rows, sealer, tenant, record) {
    rows.run('INSERT INTO environments (id, name, vars, created_at, tenant) VALUES (?, ?, ?, ?, ?)', record.id, record.name, JSON.stringify(sealVars(sealer, record.id, record.vars)), record.created_at, tenant);
}
function updateEnvironment(rows, sealer, tenant, record) {
    rows.run('UPDATE environments SET name = ?, vars = ? WHERE id = ? AND tenant = ?', record.name, JSON.stringify(sealVars(sealer, record.id, record.vars)), record.id, tenant);
}

;// CONCATENATED MODULE: ./src/server/store/latency-plans.ts
// Saved latency tests: a target, the locations to measure it from and the samples per location.

function toLatencyPlan(row) {
    return {
        id: rows_text(row, 'id'),
        name: rows_text(row, 'name'),
        target: rows_text(row, 'target'),
        locations: rows_json(row, 'locations'),
        samples: Number(row.samples),
        created_at: rows_text(row, 'created_at'),
    };
}
function insertLatencyPlan(rows, tenant, plan) {
    rows.run('INSERT INTO latency_plans (id, name, target, locations, samples, created_at, tenant) VALUES (?, ?, ?, ?, ?, ?, ?)', plan.id, plan.name, plan.target, JSON.stringify(plan.locations), plan.samples, plan.created_at, tenant);
}
function updateLatencyPlan(rows, tenant, plan) {
    rows.run('UPDATE latency_plans SET name = ?, target = ?, locations = ?, samples = ? WHERE id = ? AND tenant = ?', plan.name, plan.target, JSON.stringify(plan.locations), plan.samples, plan.id, tenant);
}

;// CONCATENATED MODULE: ./src/server/store/plans.ts

function toPlan(row) {
    return { id: rows_text(row, 'id'), name: rows_text(row, 'name'), config_data: rows_json(row, 'config_data'), created_at: rows_text(row, 'created_at') };
}
function insertPlan(rows, tenant, plan) {
    rows.run('INSERT INTO plans (id, name, config_data, created_at, tenant) VALUES (?, ?, ?, ?, ?)', plan.id, plan.name, JSON.stringify(plan.config_data), plan.created_at, tenant);
}
/** A plan that has not been deleted. */
function plans_findPlan(rows, tenant, id) {
    const row = rows.one('SELECT * FROM plans WHERE id = ? AND tenant = ? AND deleted_at IS NULL', id, tenant);
    return row && toPlan(row);
}
/** Newest first, deleted ones left out. */
function listPlans(rows, tenant) {
    return rows.all('SELECT * FROM plans WHERE tenant = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC', tenant).map(toPlan);
}
function updatePlan(rows, tenant, plan) {
    const sql = 'UPDATE plans SET name = ?, config_data = ? WHERE id = ? AND tenant = ?';
    rows.run(sql, plan.name, JSON.stringify(plan.config_data), plan.id, tenant);
}
/** Removed when no test names it, else hidden (tests keep their plan_id). */
function deletePlan(rows, tenant, id, at) {
    rows.transaction(() => {
        const used = rows.one('SELECT 1 FROM tests WHERE plan_id = ? LIMIT 1', id) !== undefined;
        if (used)
            rows.run('UPDATE plans SET deleted_at = COALESCE(deleted_at, ?) WHERE id = ? AND tenant = ?', at, id, tenant);
        else
            rows.run('DELETE FROM plans WHERE id = ? AND tenant = ?', id, tenant);
    });
}
/** A plan deleted while tests named it leaves the table once none does (the last one deleted). */
function dropUnnamedDeletedPlan(rows, id) {
    rows.run('DELETE FROM plans WHERE id = ?1 AND deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tests WHERE plan_id = ?1)', id);
}

;// CONCATENATED MODULE: ./src/server/store/shards.ts

function shardOf(row) {
    return { location: rows_text(row, 'location'), index: Number(row.idx), attempt: Number(row.attempt) };
}
/** A test begun again (it went back to the queue when its cluster did not answer) starts afresh. */
function insertShardRun(rows, run) {
    for (const table of ['shard_finals', 'shard_intervals', 'shard_attempts', 'shard_runs'])
        rows.run(`DELETE FROM ${table} WHERE test_id = ?`, run.testId);
    rows.run('INSERT INTO shard_runs (test_id, token_sha256, slots, began_at_ms, start_at_ms, late) VALUES (?, ?, ?, ?, ?, ?)', run.testId, run.tokenSha256, JSON.stringify(run.shardCounts), run.beganAtMs, run.startAtMs, JSON.stringify(run.late));
}
function shardRun(rows, testId) {
    const row = rows.one('SELECT * FROM shard_runs WHERE test_id = ?', testId);
    if (!row)
        return undefined;
    const startAt = row.start_at_ms;
    return {
        testId,
        tokenSha256: rows_text(row, 'token_sha256'),
        shardCounts: rows_json(row, 'slots'),
        beganAtMs: Number(row.began_at_ms),
        startAtMs: startAt === null || startAt === undefined ? null : Number(startAt),
        late: rows_json(row, 'late'),
    };
}
/** False when the attempt is already held (by this pod or another). */
function claimShardAttempt(rows, testId, attempt) {
    const sql = 'INSERT OR IGNORE INTO shard_attempts (test_id, location, idx, attempt, pod, from_second) VALUES (?, ?, ?, ?, ?, ?)';
    return rows.run(sql, testId, attempt.location, attempt.index, attempt.attempt, attempt.pod, attempt.fromSecond) > 0;
}
function shardAttempts(rows, testId) {
    return rows
        .all('SELECT * FROM shard_attempts WHERE test_id = ? ORDER BY location, idx, attempt', testId)
        .map((row) => ({ ...shardOf(row), pod: rows_text(row, 'pod'), fromSecond: Number(row.from_second) }));
}
/** False when that second of that attempt was already stored (an upload retried). */
function addShardInterval(rows, testId, upload) {
    const sql = 'INSERT OR IGNORE INTO shard_intervals (test_id, location, idx, attempt, t, sample) VALUES (?, ?, ?, ?, ?, ?)';
    return rows.run(sql, testId, upload.location, upload.index, upload.attempt, upload.value.t, JSON.stringify(upload.value.sample)) > 0;
}
function shardIntervals(rows, testId) {
    return rows
        .all('SELECT * FROM shard_intervals WHERE test_id = ? ORDER BY location, idx, attempt, t', testId)
        .map((row) => ({ ...shardOf(row), value: { t: Number(row.t), sample: rows_json(row, 'sample') } }));
}
function addShardFinal(rows, testId, upload) {
    const sql = 'INSERT OR IGNORE INTO shard_finals (test_id, location, idx, attempt, result) VALUES (?, ?, ?, ?, ?)';
    return rows.run(sql, testId, upload.location, upload.index, upload.attempt, JSON.stringify(upload.value)) > 0;
}
function shardFinals(rows, testId) {
    return rows
        .all('SELECT * FROM shard_finals WHERE test_id = ? ORDER BY location, idx, attempt', testId)
        .map((row) => ({ ...shardOf(row), value: rows_json(row, 'result') }));
}
/** Which attempts delivered a result and whether it ended early, without reading the results themselves. */
function shardFinalStates(rows, testId) {
    return rows
        .all("SELECT location, idx, attempt, json_extract(result, '$.run.interrupted') AS interrupted FROM shard_finals WHERE test_id = ?", testId)
        .map((row) => ({ ...shardOf(row), interrupted: Number(row.interrupted) === 1 }));
}

;// CONCATENATED MODULE: ./src/server/store/test-data.ts
// Uploaded CSV data sets. A file in the data folder is stored by its path inside it, so the
// database and its folder can move together; any other path is kept as it was written.


/** The path as stored: inside the data folder relative to it, else as given. */
function storedPath(dataDir, path) {
    const inside = (0,external_node_path_.relative)(dataDir, (0,external_node_path_.resolve)(dataDir, path));
    const outside = inside === '' || inside === '..' || inside.startsWith(`..${external_node_path_.sep}`) || (0,external_node_path_.isAbsolute)(inside);
    return outside ? path : inside;
}
function toTestData(dataDir) {
    return (row) => ({
        id: rows_text(row, 'id'),
        name: rows_text(row, 'name'),
        type: 'csv',
        file_config: rows_json(row, 'file_config'),
        file_name: rows_text(row, 'file_name'),
        row_count: Number(row.row_count),
        created_at: rows_text(row, 'created_at'),
        file_path: (0,external_node_path_.resolve)(dataDir, rows_text(row, 'file_path')),
    });
}
function insertTestData(rows, dataDir, tenant, record) {
    rows.run('INSERT INTO test_data (id, name, type, file_config, file_name, file_path, row_count, created_at, tenant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', record.id, record.name, record.type, JSON.stringify(record.file_config), record.file_name, storedPath(dataDir, record.file_path), record.row_count, record.created_at, tenant);
}
function test_data_updateTestData(rows, tenant, record) {
    rows.run('UPDATE test_data SET name = ?, type = ?, file_config = ?, file_name = ?, row_count = ? WHERE id = ? AND tenant = ?', record.name, record.type, JSON.stringify(record.file_config), record.file_name, record.row_count, record.id, tenant);
}
function setTestDataHash(rows, tenant, id, sha256) {
    rows.run('UPDATE test_data SET sha256 = ? WHERE id = ? AND tenant = ?', sha256, id, tenant);
}
/** Data set id → SHA-256 of its file, for the uploads that have one. */
function testDataHashes(rows, tenant) {
    return new Map(rows
        .all('SELECT id, sha256 FROM test_data WHERE tenant = ? AND sha256 IS NOT NULL', tenant)
        .map((row) => [rows_text(row, 'id'), rows_text(row, 'sha256')]));
}

;// CONCATENATED MODULE: ./src/server/store/tests.ts



function toTest(sealer) {
    return (row) => testOf(row, sealer);
}
function testOf(row, sealer) {
    const environment = nullableText(row, 'environment');
    const id = rows_text(row, 'id');
    return {
        id,
        name: rows_text(row, 'name'),
        status: rows_text(row, 'status'),
        test_url: rows_text(row, 'test_url'),
        failure_reason: nullableText(row, 'failure_reason'),
        plan_id: rows_text(row, 'plan_id'),
        created_at: rows_text(row, 'created_at'),
        started_at: nullableText(row, 'started_at'),
        finished_at: nullableText(row, 'finished_at'),
        environment_id: nullableText(row, 'environment_id'),
        environment: environment === null ? null : openEnvironment(sealer, id, environment),
        test_data_ids: rows_json(row, 'test_data_ids'),
    };
}
/**
 * A new test, queued behind every test created before it, with its own plan (`plan`) or a
 * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
 */
function insertTest(rows, sealer, tenant, { plan, test, config }) {
    rows.transaction(() => {
        if (plan)
            insertPlan(rows, tenant, plan);
        rows.run(`INSERT INTO tests (id, plan_id, name, status, failure_reason, test_url, created_at, started_at, finished_at,
         environment_id, environment, test_data_ids, config_data, tenant, queue_position)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(queue_position), 0) + 1 FROM tests))`, test.id, test.plan_id, test.name, test.status, test.failure_reason, test.test_url, test.created_at, test.started_at, test.finished_at, test.environment_id, test.environment === null ? null : sealEnvironment(sealer, test.id, test.environment), JSON.stringify(test.test_data_ids), JSON.stringify(config), tenant);
    });
}
/** Ends a test; a result (complete or partial) is stored with it when there is one. */
function finishTest(rows, id, end) {
    rows.transaction(() => {
        rows.run('UPDATE tests SET status = ?, failure_reason = ?, finished_at = ? WHERE id = ?', end.status, end.failureReason, end.at, id);
        if (end.result)
            rows.run('INSERT OR REPLACE INTO results (test_id, json) VALUES (?, ?)', id, JSON.stringify(end.result));
    });
}
/** The config a test was created with; undefined for tests from before 0.1.0 kept it (they read their plan). */
function testConfig(rows, testId) {
    const row = rows.one('SELECT config_data FROM tests WHERE id = ? AND config_data IS NOT NULL', testId);
    return row && rows_json(row, 'config_data');
}
/** The shards per location the test asked for; undefined when it left it to the server. */
function testShards(rows, testId) {
    const row = rows.one('SELECT shards FROM tests WHERE id = ? AND shards IS NOT NULL', testId);
    return row ? Number(row.shards) : undefined;
}
/**
 * A test gone with everything kept for it: its result, its shards' uploads, and its plan when that
 * was deleted and no other test names it. The caller has ended it first.
 */
function deleteTest(rows, id) {
    rows.transaction(() => {
        const row = rows.one('SELECT plan_id FROM tests WHERE id = ?', id);
        for (const table of ['results', 'shard_runs', 'shard_attempts', 'shard_intervals', 'shard_finals']) {
            rows.run(`DELETE FROM ${table} WHERE test_id = ?`, id);
        }
        rows.run('DELETE FROM tests WHERE id = ?', id);
        if (row)
            dropUnnamedDeletedPlan(rows, rows_text(row, 'plan_id'));
    });
}
/** Ids of the tests that ended before `before` (ISO time), oldest first: what --retention deletes. */
function testsFinishedBefore(rows, before) {
    return rows
        .all("SELECT id FROM tests WHERE finished_at IS NOT NULL AND finished_at < ? AND status NOT IN ('initial', 'running') ORDER BY finished_at", before)
        .map((row) => rows_text(row, 'id'));
}

;// CONCATENATED MODULE: ./src/server/store/store.ts
// The server's records in one SQLite file (node:sqlite, WAL, one server per file): plans,
// environments, test data, tests and their results, sharded runs. Store is what the queue and the
// executors hold, across tenants; routes reach records only through `store.tenant(name)`
// (TenantStore), whose every query is of that tenant's records (docs/server.md, "Tenants"), so
// a route cannot forget the check. Secret values are sealed before SQLite sees them (seal.ts).
// Each resource's SQL is in its module under store/, the file's shape in store/migrations.ts.
// Uploaded files live in the data folder.












/** The database file is locked by another process: another `loadgate serve` on the same --db. */
class DatabaseInUseError extends Error {
    constructor(path) {
        super(`the database ${(0,external_node_path_.resolve)(path)} is in use by another loadgate serve; stop that server or give another --db`);
        this.name = 'DatabaseInUseError';
    }
}
/** SQLITE_BUSY: node:sqlite reports SQLite's result code as `errcode`. */
function isBusy(error) {
    return error.errcode === 5;
}
/** Throws DatabaseInUseError when another server holds the file. */
function lockedConnection(path) {
    const db = new external_node_sqlite_.DatabaseSync(path);
    try {
        // In exclusive locking mode the write lock this empty transaction takes is held until the
        // connection closes (and by the OS only while this process lives), so a second server on
        // the file stops here, before it could mark this one's running test failed. No busy
        // timeout is set yet: the second server is told at once.
        db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; BEGIN EXCLUSIVE; COMMIT;');
    }
    catch (error) {
        db.close();
        throw isBusy(error) ? new DatabaseInUseError(path) : error;
    }
    // secure_delete: what is deleted or replaced is overwritten, not left readable in free space.
    db.exec('PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;');
    return db;
}
/** The secret key given does not open the values this database sealed. */
class SecretKeyError extends Error {
    constructor(path, source) {
        super(`the secret key (${source}) is not the one that sealed the secret values of the database ${(0,external_node_path_.resolve)(path)}: ` +
            'give the key it was started with (LOADGATE_SECRET_KEY or --secret-key-file), or rotate keys with --rotate-secret-key (docs/server.md); nothing was changed');
        this.name = 'SecretKeyError';
    }
}
/** A constant sealed under the server's key: a wrong key is refused at start, never used to send garbage. */
const KEY_CHECK = 'loadgate secret key check';
/** Whether the file has a key check (it was opened with sealing), without creating anything. */
function storedKeyCheck(db) {
    const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get();
    if (!table)
        return undefined;
    const row = db.prepare("SELECT value FROM meta WHERE name = 'key_check'").get();
    return row?.value;
}
function checkKey(db, sealer, path, source) {
    const stored = storedKeyCheck(db);
    if (stored === undefined)
        return;
    try {
        if (sealer.open(stored, 'key_check') === KEY_CHECK)
            return;
    }
    catch (error) {
        if (!(error instanceof SealError))
            throw error;
    }
    throw new SecretKeyError(path, source);
}
class Store {
    rows;
    /** The folder of uploaded files, which stored paths are relative to (absolute). */
    dataDir;
    sealer;
    /**
     * The store on the file at `path`, its schema brought up to date (docs/server.md, Migrations),
     * and the lines the server should log about it. Throws DatabaseInUseError when another server
     * holds the file, DatabaseTooNewError (the file untouched) when a newer loadgate wrote it,
     * SecretKeyError (the file untouched) when the key does not open its sealed values.
     */
    static async open(path, options) {
        const db = lockedConnection(path);
        const dataDir = (0,external_node_path_.resolve)(options.dataDir);
        try {
            refuseNewer(db, path);
            checkKey(db, options.sealer, path, options.keySource);
            const accepted = await options.keyAccepted?.();
            const notes = [...(accepted ? [accepted] : []), ...(await migrate(db, path, { dataDir, sealer: options.sealer }))];
            db.prepare("INSERT OR IGNORE INTO meta (name, value) VALUES ('key_check', ?)").run(options.sealer.seal(KEY_CHECK, 'key_check'));
            return { store: new Store(db, dataDir, options.sealer), notes };
        }
        catch (error) {
            db.close();
            throw error;
        }
    }
    constructor(db, dataDir, sealer) {
        this.rows = new Rows(db);
        this.dataDir = dataDir;
        this.sealer = sealer;
    }
    /** The records of one tenant: every route's way in (docs/server.md, "Tenants"). */
    tenant(name) {
        return new TenantStore(this.rows, this.dataDir, this.sealer, name);
    }
    /** Rows read so far: what a test counts to show that a request's work does not grow with the stored uploads. */
    get rowsRead() {
        return this.rows.rowsRead;
    }
    close() {
        if (this.rows.db.isOpen)
            this.rows.db.close();
    }
    /**
     * Every sealed value opened with this key and sealed again under `next`, in one transaction
     * (docs/server.md, "Rotating the secret key"). Returns how many records changed.
     */
    rotateKey(next) {
        const changed = this.rows.transaction(() => {
            let changed = 0;
            for (const env of this.rows.all('SELECT * FROM environments').map(toEnvironment(this.sealer))) {
                this.rows.run('UPDATE environments SET vars = ? WHERE id = ?', JSON.stringify(sealVars(next, env.id, env.vars)), env.id);
                changed++;
            }
            for (const test of this.rows.all('SELECT * FROM tests WHERE environment IS NOT NULL').map(toTest(this.sealer))) {
                this.rows.run('UPDATE tests SET environment = ? WHERE id = ?', sealEnvironment(next, test.id, test.environment), test.id);
                changed++;
            }
            this.rows.run("UPDATE meta SET value = ? WHERE name = 'key_check'", next.seal(KEY_CHECK, 'key_check'));
            return changed;
        });
        // The values sealed under the old key leave the log too (secure_delete has overwritten them in the file).
        this.rows.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
        return changed;
    }
    // ---- the queue's view, across tenants ----
    /** Any tenant's test: the queue's, and the report page's (its unguessable id is the credential). */
    getTest(id) {
        return this.rows.byId('tests', id, toTest(this.sealer));
    }
    /** Deleted plans too: a test names its plan for as long as the test is kept. */
    getPlan(id) {
        return this.rows.byId('plans', id, toPlan);
    }
    /** A data set a test was created with (resolved in its tenant then). */
    getTestData(id) {
        return this.rows.byId('test_data', id, toTestData(this.dataDir));
    }
    /** The queued test that was created first. */
    nextQueuedTest() {
        const row = this.rows.one("SELECT * FROM tests WHERE status = 'initial' ORDER BY queue_position LIMIT 1");
        return row && toTest(this.sealer)(row);
    }
    markRunning(id, at) {
        this.rows.run("UPDATE tests SET status = 'running', started_at = ? WHERE id = ?", at, id);
    }
    /** A running test back to the queue at its place, as if it had never started (its executor could not start it for now). */
    requeueTest(id) {
        this.rows.run("UPDATE tests SET status = 'initial', started_at = NULL WHERE id = ? AND status = 'running'", id);
    }
    /** Ends a test; a result (complete or partial) is stored with it when there is one. */
    finishTest(id, end) {
        finishTest(this.rows, id, end);
    }
    /** Tests left running by a server that died (but `except`): failed with `reason`. Returns their number. */
    failRunningTests(reason, at, except) {
        return this.rows.run("UPDATE tests SET status = 'failed', failure_reason = ?, finished_at = ? WHERE status = 'running' AND id != ?", reason, at, except ?? '');
    }
    getResult(testId) {
        const row = this.rows.one('SELECT json FROM results WHERE test_id = ?', testId);
        return row && rows_json(row, 'json');
    }
    /** The config a test was created with; undefined for tests older than that copy (they read their plan). */
    getTestConfig(testId) {
        return testConfig(this.rows, testId);
    }
    /** Tests left running by a server that stopped, oldest first. */
    runningTests() {
        return this.rows.all("SELECT * FROM tests WHERE status = 'running' ORDER BY queue_position").map(toTest(this.sealer));
    }
    /** A test and everything kept for it (its result, its shards' uploads); the caller has ended it. */
    deleteTest(id) {
        deleteTest(this.rows, id);
    }
    /** Ids of the tests that ended before `before` (ISO time): what --retention deletes. */
    testsFinishedBefore(before) {
        return testsFinishedBefore(this.rows, before);
    }
    // ---- sharded tests ----
    setTestShards(testId, count) {
        this.rows.run('UPDATE tests SET shards = ? WHERE id = ?', count, testId);
    }
    /** The shards per location the test asked for; undefined when it left it to the server. */
    testShards(testId) {
        return testShards(this.rows, testId);
    }
    createShardRun(run) {
        insertShardRun(this.rows, run);
    }
    getShardRun(testId) {
        return shardRun(this.rows, testId);
    }
    setShardStart(testId, startAtMs, late) {
        this.rows.run('UPDATE shard_runs SET start_at_ms = ?, late = ? WHERE test_id = ?', startAtMs, JSON.stringify(late), testId);
    }
    /** False when the attempt is already held (by this pod or another). */
    claimShardAttempt(testId, attempt) {
        return claimShardAttempt(this.rows, testId, attempt);
    }
    shardAttempts(testId) {
        return shardAttempts(this.rows, testId);
    }
    /** False when that second of that attempt was already stored (an upload retried). */
    addShardInterval(testId, upload) {
        return addShardInterval(this.rows, testId, upload);
    }
    shardIntervals(testId) {
        return shardIntervals(this.rows, testId);
    }
    addShardFinal(testId, upload) {
        return addShardFinal(this.rows, testId, upload);
    }
    shardFinals(testId) {
        return shardFinals(this.rows, testId);
    }
    /** Which attempts delivered a result and whether it ended early, without reading the results themselves. */
    shardFinalStates(testId) {
        return shardFinalStates(this.rows, testId);
    }
}
/** One tenant's records: every query of this class is of `tenant`'s rows alone. */
class TenantStore {
    rows;
    dataDir;
    sealer;
    tenant;
    constructor(rows, dataDir, sealer, tenant) {
        this.rows = rows;
        this.dataDir = dataDir;
        this.sealer = sealer;
        this.tenant = tenant;
    }
    // ---- plans and tests ----
    /**
     * A new test, queued behind every test created before it, with its own plan (`plan`) or a
     * stored one (null); `config` is its copy of the plan's config, which later plan updates leave alone.
     */
    createTest(plan, test, config) {
        insertTest(this.rows, this.sealer, this.tenant, { plan, test, config });
    }
    getTest(id) {
        return this.rows.byId('tests', id, toTest(this.sealer), this.tenant);
    }
    /** Newest first. */
    listTests() {
        return this.rows.all('SELECT * FROM tests WHERE tenant = ? ORDER BY queue_position DESC', this.tenant).map(toTest(this.sealer));
    }
    createPlan(plan) {
        insertPlan(this.rows, this.tenant, plan);
    }
    /** A plan that has not been deleted. */
    findPlan(id) {
        return plans_findPlan(this.rows, this.tenant, id);
    }
    /** Newest first, deleted ones left out. */
    listPlans() {
        return listPlans(this.rows, this.tenant);
    }
    updatePlan(plan) {
        updatePlan(this.rows, this.tenant, plan);
    }
    /** Removed when no test names it, else hidden (tests keep their plan_id). */
    deletePlan(id, at) {
        deletePlan(this.rows, this.tenant, id, at);
    }
    // ---- environments ----
    createEnvironment(record) {
        insertEnvironment(this.rows, this.sealer, this.tenant, record);
    }
    listEnvironments() {
        return this.rows.newestFirst('environments', toEnvironment(this.sealer), this.tenant);
    }
    getEnvironment(id) {
        return this.rows.byId('environments', id, toEnvironment(this.sealer), this.tenant);
    }
    /** By id, else the newest environment with that name. */
    findEnvironment(reference) {
        return this.rows.byIdOrName('environments', reference, toEnvironment(this.sealer), this.tenant);
    }
    updateEnvironment(record) {
        updateEnvironment(this.rows, this.sealer, this.tenant, record);
    }
    deleteEnvironment(id) {
        return this.rows.deleteById('environments', id, this.tenant);
    }
    // ---- test data ----
    createTestData(record) {
        insertTestData(this.rows, this.dataDir, this.tenant, record);
    }
    listTestData() {
        return this.rows.newestFirst('test_data', toTestData(this.dataDir), this.tenant);
    }
    getTestData(id) {
        return this.rows.byId('test_data', id, toTestData(this.dataDir), this.tenant);
    }
    /** By id, else the newest data set with that name. */
    findTestData(reference) {
        return this.rows.byIdOrName('test_data', reference, toTestData(this.dataDir), this.tenant);
    }
    updateTestData(record) {
        test_data_updateTestData(this.rows, this.tenant, record);
    }
    /** The data set and its file's hash. */
    deleteTestData(id) {
        return this.rows.deleteById('test_data', id, this.tenant);
    }
    setTestDataHash(id, sha256) {
        setTestDataHash(this.rows, this.tenant, id, sha256);
    }
    /** Data set id → SHA-256 of its file, for the uploads that have one. */
    testDataHashes() {
        return testDataHashes(this.rows, this.tenant);
    }
    // ---- latency plans ----
    createLatencyPlan(plan) {
        insertLatencyPlan(this.rows, this.tenant, plan);
    }
    listLatencyPlans() {
        return this.rows.newestFirst('latency_plans', toLatencyPlan, this.tenant);
    }
    getLatencyPlan(id) {
        return this.rows.byId('latency_plans', id, toLatencyPlan, this.tenant);
    }
    updateLatencyPlan(plan) {
        updateLatencyPlan(this.rows, this.tenant, plan);
    }
    deleteLatencyPlan(id) {
        return this.rows.deleteById('latency_plans', id, this.tenant);
    }
}

;// CONCATENATED MODULE: ./src/server/main.ts
// `loadgate serve`: settings from the command line and the environment, the server's start
// (store → queue → HTTP) and its graceful shutdown (stop accepting, stop the running test
// keeping its partial result, close the database).





























/**
 * Retries per shard index, the grace after a stop, how often the start barrier's deadline is
 * checked, and the pause before a Job watch that ended is listed and watched again.
 */
const KUBERNETES_TIMING = { backoffLimitPerIndex: 3, stopGraceMs: 30_000, tickMs: 1000, resyncMs: 1000 };
const DEFAULT_LIMITS = { bodyBytes: 1024 * 1024, uploadBytes: 50 * 1024 * 1024 };
function urlOf(host, address) {
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
/** Uploads cut short by a crash leave their temporary files (see routes/testdata.ts). */
async function removeUnfinishedUploads(dataDir) {
    const names = await (0,promises_.readdir)(dataDir);
    await Promise.all(names.filter((n) => n.startsWith(UPLOAD_PREFIX)).map((n) => (0,promises_.rm)((0,external_node_path_.join)(dataDir, n), { force: true })));
}
async function startServer(options) {
    if (options.apiKeys.length === 0) {
        throw new errors/* InputError */.dz([
            { path: '--api-key-file', message: `no API keys: give --api-key-file FILE (one key per line) or set ${table/* DEFAULT_API_KEY_ENV */.Zo}` },
        ]);
    }
    const limits = options.limits ?? DEFAULT_LIMITS;
    const store = await openStore(options);
    try {
        await removeUnfinishedUploads(options.dataDir);
    }
    catch (error) {
        store.close();
        throw error;
    }
    let url = '';
    const publicUrl = () => options.publicUrl ?? url;
    const shards = new ShardRegistry();
    const choice = options.executor ?? { kind: 'local' };
    let executor;
    try {
        executor =
            choice.kind === 'kubernetes'
                ? kubernetesExecutor({
                    ...choice.kubernetes,
                    callbackUrl: () => choice.kubernetes.callbackUrl ?? publicUrl(),
                    ...KUBERNETES_TIMING,
                    store,
                    registry: shards,
                    log: options.log,
                })
                : localExecutor({
                    concurrency: options.concurrency,
                    ...(options.workers && { workers: options.workers }),
                    ...(options.stopDeadlineMs !== undefined && { stopDeadlineMs: options.stopDeadlineMs }),
                    ...(options.checkBodyBytes !== undefined && { checkBodyBytes: options.checkBodyBytes }),
                    proxies: options.proxies,
                    log: options.log,
                });
    }
    catch (error) {
        store.close();
        throw error;
    }
    const queue = new TestQueue(store, {
        dataDir: options.dataDir,
        executor,
        log: options.log,
        ...(choice.kind === 'kubernetes' && {
            shutdownGraceMs: choice.kubernetes.shutdownGraceMs,
            clusterWaitMs: choice.kubernetes.clusterWaitMs,
        }),
    });
    const ctx = {
        store,
        queue,
        shards,
        dataDir: options.dataDir,
        proxies: options.proxies,
        ...(choice.kind === 'kubernetes' && { kubernetesLocations: offeredLocations(choice.kubernetes.locations) }),
        latencyLocations: options.latencyLocations ?? locations/* DEFAULT_LATENCY_LOCATIONS */.KU,
        ...(executor.latency && { remoteLatency: executor.latency }),
        limits,
        publicUrl,
        log: options.log,
    };
    const access = {
        checkKey: createKeyChecker(options.apiKeys),
        ...(options.rateLimit === undefined ? {} : { rateLimit: createRateLimiter(options.rateLimit) }),
    };
    queue.recover();
    void executor.sweep?.();
    let app;
    try {
        app = await buildApp(ctx, access, options.connections);
        await app.listen({ port: options.port, host: options.host });
    }
    catch (error) {
        store.close();
        throw error;
    }
    url = urlOf(options.host, app.server.address());
    if (options.publicUrl === undefined && (options.host === '0.0.0.0' || options.host === '::')) {
        options.log(`test_url links will start with ${url}, which no other machine can open: give --public-url (docs/server.md)`);
    }
    // Queued tests (from before a restart) run once the server is up.
    queue.kick();
    const retention = options.retentionDays === undefined ? undefined : keepFor(store, options.retentionDays, options.log);
    return {
        url,
        close: async () => {
            clearInterval(retention);
            // The queue first: while a running test's shards are given the shutdown grace, the listener
            // stays open for their uploads (docs/kubernetes.md, "Rollouts").
            await queue.close();
            await app.close();
            store.close();
        },
    };
}
/**
 * The database and the data folder, private (private-files.ts), the store opened with its secret
 * key; every line worth telling (modes tightened, a key file made, a migration's notes) logged.
 */
async function openStore(options) {
    const dbPath = (0,external_node_path_.resolve)(options.dbPath);
    // Folders made here are 0700; a folder the database is put in (the working directory, say) is left as it is.
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(dbPath), { recursive: true, mode: PRIVATE_FOLDER });
    const lines = [...privateDatabaseFiles(dbPath), await privateFolder(options.dataDir), tightenFilesIn(options.dataDir)];
    const key = options.secretKey ?? (await secretKey({ dataDir: options.dataDir }));
    // The database's lock first: a second server on the same files stops before it changes any.
    const { store, notes } = await Store.open(dbPath, {
        dataDir: options.dataDir,
        sealer: createSealer(key.key),
        keySource: key.source,
        ...(key.persist && { keyAccepted: key.persist }),
    });
    for (const line of [...lines, ...notes, ...olderCopies(dbPath)])
        if (line)
            options.log(line);
    return store;
}
/** Copies that upgrades before sealing left beside the database: they may hold secret values in plain text. */
function olderCopies(dbPath) {
    const prefix = `${(0,external_node_path_.basename)(dbPath)}.v`;
    return (0,external_node_fs_.readdirSync)((0,external_node_path_.dirname)(dbPath))
        .filter((name) => name.startsWith(prefix) && name.endsWith('.bak') && Number(name.slice(prefix.length, -4)) < SEALED_SINCE)
        .map((name) => `${(0,external_node_path_.join)((0,external_node_path_.dirname)(dbPath), name)} is a copy of the database from before secret values were sealed, and may hold them in plain text: delete it once you no longer need it to downgrade`);
}
const DAY_MS = 86_400_000;
/** How often --retention looks for tests to delete (and once at start). */
const RETENTION_SWEEP_MS = 3_600_000;
/** Deletes the tests that ended more than `days` ago, now and every hour; the timer to clear on close. */
function keepFor(store, days, log) {
    const sweep = () => {
        const ids = store.testsFinishedBefore(new Date(Date.now() - days * DAY_MS).toISOString());
        for (const id of ids)
            store.deleteTest(id);
        if (ids.length > 0)
            log(`--retention ${days}: deleted ${ids.length} test(s) that ended more than ${days} day(s) ago, with their results`);
    };
    sweep();
    return setInterval(sweep, RETENTION_SWEEP_MS).unref();
}
function main_wholeNumber(text, flag, min, max) {
    const n = (0,values/* wholeNumber */.rD)(text, flag, { min, max });
    if ((0,errors/* isProblem */.AN)(n))
        throw new errors/* InputError */.dz([n]);
    return n;
}
/** Whole seconds, as milliseconds. */
function seconds(text, flag, fallbackMs) {
    return text === undefined ? fallbackMs : main_wholeNumber(text, flag, 1, 86_400) * 1000;
}
function connectionLimits(flags) {
    const cap = flags.text('max-connections-per-address');
    const defaults = DEFAULT_CONNECTION_LIMITS;
    const limits = {
        headersTimeoutMs: seconds(flags.text('headers-timeout'), '--headers-timeout', defaults.headersTimeoutMs),
        requestTimeoutMs: seconds(flags.text('request-timeout'), '--request-timeout', defaults.requestTimeoutMs),
        idleTimeoutMs: seconds(flags.text('idle-timeout'), '--idle-timeout', defaults.idleTimeoutMs),
        maxConnectionsPerAddress: cap === undefined ? defaults.maxConnectionsPerAddress : main_wholeNumber(cap, '--max-connections-per-address', 0, 1_000_000),
        linger: defaults.linger,
    };
    // The headers are part of the request: their time cannot be the longer one.
    if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
        const [headers, request] = [limits.headersTimeoutMs / 1000, limits.requestTimeoutMs / 1000];
        throw new errors/* InputError */.dz([{ path: '--headers-timeout', message: `expected at most --request-timeout (${request} s), got ${headers} s` }]);
    }
    return limits;
}
function publicUrlOption(text) {
    if (text === undefined)
        return {};
    const parsed = parsePublicUrl(text, '--public-url');
    if (typeof parsed !== 'string')
        throw new errors/* InputError */.dz([parsed]);
    return { publicUrl: parsed };
}
async function readKeys(file, envList) {
    const keys = parseKeyList(envList);
    if (file === undefined)
        return tenantKeys(keys, table/* DEFAULT_API_KEY_ENV */.Zo);
    let text;
    try {
        text = await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz([{ file, path: '--api-key-file', message: `cannot read the API key file: ${error.message}` }]);
    }
    return tenantKeys([...parseKeyFile(text), ...keys], `--api-key-file and ${table/* DEFAULT_API_KEY_ENV */.Zo}`);
}
/**
 * The keys in the environment: the variable the client reads its key from (comma-separated for
 * several), so that one name serves both ends; LOADGATE_API_KEYS is its older name.
 */
function keysFromEnv(env, io) {
    const older = env.LOADGATE_API_KEYS;
    if (older === undefined)
        return env[table/* DEFAULT_API_KEY_ENV */.Zo];
    io.err(`note: LOADGATE_API_KEYS is now ${table/* DEFAULT_API_KEY_ENV */.Zo} (the old name still works)`);
    return [env[table/* DEFAULT_API_KEY_ENV */.Zo], older].filter(Boolean).join(',');
}
/** The data directory beside the database: ./loadgate.db → ./loadgate-data. */
function defaultDataDir(dbPath) {
    const db = (0,external_node_path_.resolve)(dbPath);
    return (0,external_node_path_.join)((0,external_node_path_.dirname)(db), `${(0,external_node_path_.basename)(db, (0,external_node_path_.extname)(db))}-data`);
}
async function serveOptions(args, io, log) {
    const flags = (0,argv/* parseCommandArgs */.Qx)('serve', args);
    for (const notice of flags.notices)
        io.err(notice);
    const rateLimit = flags.text('rate-limit');
    const executor = readExecutor(Object.fromEntries(EXECUTOR_FLAGS.map((name) => [name, flags.given(name) ? flags.value(name) : undefined])));
    if (!executor.ok)
        throw new errors/* InputError */.dz(executor.problems);
    const latency = latencyLocations(flags.list('latency-locations-config'), executor.value);
    const db = flags.text('db');
    const dataDir = flags.text('data-dir') ?? defaultDataDir(db);
    const retention = flags.text('retention');
    const keyFile = flags.text('secret-key-file');
    return {
        port: main_wholeNumber(flags.text('port'), '--port', 0, 65535),
        host: flags.text('host'),
        dbPath: db,
        dataDir,
        apiKeys: await readKeys(flags.text('api-key-file'), keysFromEnv(process.env, io)),
        secretKey: await secretKey({ env: process.env[SECRET_KEY_ENV], ...(keyFile !== undefined && { file: keyFile }), dataDir }),
        ...(retention !== undefined && { retentionDays: main_wholeNumber(retention, '--retention', 1, 36_500) }),
        ...(rateLimit === undefined ? {} : { rateLimit: (0,errors/* orThrow */.aU)(parseRateLimit(rateLimit, '--rate-limit')) }),
        proxies: await (0,sources/* readProxies */.rq)(flags.list('proxies'), flags.text('proxies-file')),
        latencyLocations: latency,
        connections: connectionLimits(flags),
        ...publicUrlOption(flags.text('public-url')),
        workers: (0,errors/* orThrow */.aU)((0,worker_count/* parseWorkers */.jO)(flags.text('workers'), '--workers')),
        stopDeadlineMs: (0,errors/* orThrow */.aU)((0,stop_deadline/* parseStopDeadline */.ii)(flags.text('stop-deadline'), '--stop-deadline')),
        checkBodyBytes: (0,errors/* orThrow */.aU)((0,check_body/* parseCheckBodyLimit */.$o)(flags.text('check-body-limit'), '--check-body-limit')),
        executor: executor.value,
        log,
    };
}
/** `--latency-locations-config`; an `@kube:CC` one needs the Kubernetes executor and its location CC. */
function latencyLocations(entries, executor) {
    const flag = '--latency-locations-config';
    const latency = (0,locations/* parseLocationConfig */.$X)(entries, flag, { kube: executor.kind === 'kubernetes' });
    if (!latency.ok)
        throw new errors/* InputError */.dz(latency.problems);
    if (executor.kind !== 'kubernetes')
        return latency.value;
    const offered = offeredLocations(executor.kubernetes.locations);
    const problems = latency.value
        .filter((l) => l.kube !== undefined && !offered.includes(l.kube))
        .map((l) => ({
        path: flag,
        message: `${l.code} is measured from ${l.kube}, which is no --location (there are ${offered.join(', ')})`,
    }));
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    return latency.value;
}
/**
 * `--rotate-secret-key FILE`: every sealed value opened with the server's key and sealed again
 * under the key in FILE, in one transaction; the server does not start. Then start it with FILE.
 */
async function rotateSecretKey(options, file) {
    const next = await secretKey({ file, dataDir: options.dataDir });
    const store = await openStore(options);
    try {
        const changed = store.rotateKey(createSealer(next.key));
        options.log(`sealed the secret values of ${changed} record(s) again under the key in ${file}: start serve with it (--secret-key-file ${file} or ${SECRET_KEY_ENV})`);
    }
    finally {
        store.close();
    }
}
function untilAborted(signal) {
    return new Promise((resolve) => {
        if (signal?.aborted)
            resolve();
        signal?.addEventListener('abort', () => resolve(), { once: true });
    });
}
/**
 * `loadgate serve …`: 0 after a graceful shutdown, 2 for bad settings or a database that another
 * server holds or a newer loadgate wrote, 1 when it cannot start.
 */
async function serveCommand(args, io) {
    const log = (line) => io.err(`${new Date().toISOString()} ${escapeLogLine(line)}`);
    let server;
    try {
        const options = await serveOptions(args, io, log);
        const rotateTo = (0,argv/* parseCommandArgs */.Qx)('serve', args).text('rotate-secret-key');
        if (rotateTo !== undefined) {
            await rotateSecretKey(options, rotateTo);
            return 0;
        }
        server = await startServer(options);
    }
    catch (error) {
        if (error instanceof DatabaseInUseError || error instanceof DatabaseTooNewError || error instanceof SecretKeyError) {
            io.err(`loadgate serve: ${error.message}`);
            return 2;
        }
        if (error instanceof errors/* InputError */.dz) {
            io.err(`loadgate serve: bad input\n${error.problems.map((p) => `  ${(0,errors/* formatProblem */.Vw)(p)}`).join('\n')}`);
            return 2;
        }
        if (error instanceof argv/* UsageError */.eb) {
            io.err(error.message);
            return 2;
        }
        // The address is taken, the database cannot be opened, …: nothing the server can serve around.
        io.err(`loadgate serve: cannot start: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
    }
    io.out(`loadgate serve listening on ${server.url}`);
    await untilAborted(io.signal);
    log('shutting down: no new tests; the running test is stopped, or (Kubernetes) given the shutdown grace to end');
    await server.close();
    log('stopped');
    return 0;
}


/***/ }),

/***/ 70582:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Az: () => (/* binding */ shardName),
/* harmony export */   C7: () => (/* binding */ ENV_ATTEMPT),
/* harmony export */   EI: () => (/* binding */ SHARD_ROUTE_PREFIX),
/* harmony export */   O3: () => (/* binding */ ENV_TOKEN),
/* harmony export */   Pv: () => (/* binding */ SHARD_CALLS),
/* harmony export */   RY: () => (/* binding */ BAD_PLAN_EXIT_CODE),
/* harmony export */   h_: () => (/* binding */ DUPLICATE_EXIT_CODE),
/* harmony export */   km: () => (/* binding */ planShard),
/* harmony export */   s6: () => (/* binding */ ENV_LOCATION),
/* harmony export */   tv: () => (/* binding */ TERMINATED_EXIT_CODE),
/* harmony export */   v1: () => (/* binding */ ENV_IGNORED_FAILURES),
/* harmony export */   y4: () => (/* binding */ ENV_COMPLETION_INDEX)
/* harmony export */ });
/** The test's shard token, from its Secret: every call carries it as `Authorization: Bearer …`. */
const ENV_TOKEN = 'LOADGATE_SHARD_TOKEN';
/** The index's failure count (the Job controller's annotation): 0 on the first try. */
const ENV_ATTEMPT = 'LOADGATE_SHARD_ATTEMPT';
/** The index's ignored failures (evictions, duplicates): absent or empty until one was ignored. */
const ENV_IGNORED_FAILURES = 'LOADGATE_SHARD_IGNORED_FAILURES';
const ENV_LOCATION = 'LOADGATE_SHARD_LOCATION';
/** Set by Kubernetes on every pod of an Indexed Job: the pod's index, from 0. */
const ENV_COMPLETION_INDEX = 'JOB_COMPLETION_INDEX';
/** loadgate's "bad input" exit: the plan cannot run, so retrying the index cannot help. */
const BAD_PLAN_EXIT_CODE = 2;
/**
 * A second pod for an index that another pod holds (Kubernetes may start two). Not 0: a success
 * would complete the index, and the controller would then remove the pod still sending its load.
 * The Job ignores it, so it spends no retry; the holder's pod keeps the index active meanwhile.
 */
const DUPLICATE_EXIT_CODE = 3;
/**
 * A shard stopped by SIGTERM (a graceful eviction, a drain, a deleted pod) after it sent what it
 * measured, as shells report SIGTERM. Not 0: a success would complete the index with part of its
 * schedule; the Job retries it instead (ignored when the pod carries DisruptionTarget).
 */
const TERMINATED_EXIT_CODE = 143;
/** Every call goes to `<server>/v1/shard/<test or probe id>/<call>`. */
const SHARD_ROUTE_PREFIX = '/v1/shard/';
const SHARD_CALLS = {
    plan: 'plan/',
    ready: 'ready/',
    interval: 'interval/',
    final: 'final/',
    latency: 'latency/',
};
/** `US-0`: how logs, the start's late list and the coverage name a shard. */
function shardName({ location, index }) {
    return `${location}-${index}`;
}
/**
 * The slice of the plan a shard runs. The plan, results files (`run.shard`) and `--shard 1/4`
 * number shards from 1, so that shard index i of a location is its plan's shard i + 1 of `count`:
 * the one place where one numbering becomes the other.
 */
function planShard(key, count) {
    return { index: key.index + 1, count, location: key.location };
}


/***/ })

};
