export const id = 979;
export const ids = [979];
export const modules = {

/***/ 65979:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  podIdentity: () => (/* binding */ podIdentity),
  runShard: () => (/* binding */ runShard),
  shardCommand: () => (/* binding */ shardCommand)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/settings/argv.ts
var argv = __webpack_require__(95631);
// EXTERNAL MODULE: ./src/definition/validate.ts
var validate = __webpack_require__(73787);
// EXTERNAL MODULE: ./src/engine/prepare.ts + 1 modules
var prepare = __webpack_require__(23115);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/pipeline/measure.ts + 7 modules
var measure = __webpack_require__(3998);
// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
// EXTERNAL MODULE: ./src/shard/protocol.ts
var protocol = __webpack_require__(70582);
;// CONCATENATED MODULE: ./src/shard/call.ts
// A pod's calls home (docs/kubernetes.md, "Protocol"): the shard's and the latency probe's, one
// retrying client for both, apart from either so that neither imports the other.


/** Network errors and 5xx answers are retried this many times, waiting 0.5 s, 1 s, 2 s… (about two minutes in all: a server restart) */
const RETRIES = 8;
class CallbackError extends Error {
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}
/** One callback, retried on network errors and 5xx; other answers are final. */
async function call(me, method, to, body, query = '') {
    const path = `${protocol/* SHARD_CALLS */.Pv[to]}${query}`;
    const url = `${me.server}${protocol/* SHARD_ROUTE_PREFIX */.EI}${encodeURIComponent(me.test)}/${path}`;
    for (let attempt = 0;; attempt++) {
        try {
            const response = await fetch(url, {
                method,
                headers: { authorization: `Bearer ${me.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
                ...(body !== undefined && { body: JSON.stringify(body) }),
            });
            const answer = await response.json().catch(() => undefined);
            if (response.ok || response.status === 409)
                return answer;
            const message = (0,json/* isRecord */.u4)(answer) && (0,json/* isRecord */.u4)(answer.error) ? String(answer.error.message) : response.statusText;
            if (response.status < 500 || attempt >= RETRIES)
                throw new CallbackError(response.status, `${method} ${path}: ${response.status} ${message}`);
        }
        catch (error) {
            if (error instanceof CallbackError || attempt >= RETRIES)
                throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
}

;// CONCATENATED MODULE: ./src/shard/localise.ts
function renamed(record, location) {
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === 'local' ? location : key, value]));
}
/** Step id → location → histogram, its `local` renamed. */
function renamedCells(byStep, location) {
    return Object.fromEntries(Object.entries(byStep).map(([step, byLocation]) => [step, renamed(byLocation, location)]));
}
function localised(result, location) {
    if (location === 'local')
        return result;
    const { results, run, histograms } = result;
    const streams = histograms?.streams;
    return {
        ...result,
        results: {
            ...results,
            location_dist: renamed(results.location_dist, location),
            steps: results.steps.map((step) => ({ ...step, location_dist: renamed(step.location_dist, location) })),
        },
        run: { ...run, locations: renamed(Object.fromEntries(Object.keys(run.locations).map((key) => [key, 'kubernetes pod'])), location) },
        ...(histograms && {
            histograms: {
                ...histograms,
                locations: renamed(histograms.locations, location),
                step_locations: renamedCells(histograms.step_locations, location),
                // A streaming step's first-event and gap histograms, per step × location as the response times'.
                ...(streams && {
                    streams: {
                        first_event: { ...streams.first_event, step_locations: renamedCells(streams.first_event.step_locations, location) },
                        gap: { ...streams.gap, step_locations: renamedCells(streams.gap.step_locations, location) },
                    },
                }),
            },
        }),
    };
}

// EXTERNAL MODULE: ./src/latency/run.ts + 1 modules
var run = __webpack_require__(38994);
;// CONCATENATED MODULE: ./src/shard/probe-client.ts
// `loadgate shard --server URL --latency ID`: a latency probe's pod (docs/kubernetes.md,
// "Latency tests"). It asks what to measure, measures its one location directly from where it
// runs (the location's nodes), and posts the figures back. Exit 0 once they are delivered.


async function runProbe(me, io) {
    const request = await call(me, 'GET', 'latency');
    const { code, name } = request.location;
    const measured = await (0,run/* runLatency */.Af)(request.target, [{ code, name }], {
        samples: request.samples,
        timeoutMs: request.timeout_ms,
        budgetMs: request.budget_ms,
        ...(io.signal && { signal: io.signal }),
    });
    const latency = measured.locations[code];
    const delivery = { latency };
    await call(me, 'POST', 'latency', delivery);
    io.out(`latency ${code}: ${latency.samples} sample(s) delivered`);
    return 0;
}

;// CONCATENATED MODULE: ./src/shard/client.ts
// `loadgate shard --server URL --test ID`: a shard pod's whole life (docs/kubernetes.md,
// "Protocol"). It fetches its plan with the test's token, reports ready and waits for the common
// start, runs its slice of the plan with the engine, uploads every second while it runs and its
// shard result at the end. Its index, token, attempt and location come from the environment the
// Job gives it; the attempt counts the index's failures and its ignored failures (evictions), so
// a replacement after an eviction is a new attempt. Exit 0 when its whole result is delivered, 2
// for a plan it cannot run (the Job then fails the index at once), 1 when the server cannot be
// reached, 3 when another pod holds its index, 143 when SIGTERM cut it short (what it measured
// is delivered; the index's next attempt resumes the schedule). `loadgate shard --server URL
// --latency ID` is a latency probe's pod instead (probe-client.ts).














/** A shard's identity, or a latency probe's (`--latency ID`: it needs only where to call and its token). */
function podIdentity(args, env) {
    const flags = (0,argv/* parseCommandArgs */.Qx)('shard', args);
    const problems = [];
    const need = (value, path, what) => {
        if (value === undefined || value === '')
            problems.push({ path, message: `expected ${what}` });
        return value ?? '';
    };
    const server = need(flags.text('server'), '--server', "the loadgate server's URL (http://…)").replace(/\/+$/, '');
    if (server !== '' && !/^https?:\/\//.test(server))
        problems.push({ path: '--server', message: `expected an http:// or https:// URL, got "${server}"` });
    if (flags.given('latency')) {
        const probe = {
            server,
            test: need(flags.text('latency'), '--latency', 'the latency probe id'),
            token: need(env[protocol/* ENV_TOKEN */.O3], protocol/* ENV_TOKEN */.O3, "the probe's token"),
        };
        if (problems.length > 0)
            throw new errors/* InputError */.dz(problems);
        return probe;
    }
    const test = need(flags.text('test'), '--test', 'the test id');
    const token = need(env[protocol/* ENV_TOKEN */.O3], protocol/* ENV_TOKEN */.O3, "the test's shard token (from its Secret)");
    const location = need(env[protocol/* ENV_LOCATION */.s6], protocol/* ENV_LOCATION */.s6, "the shard's location");
    const indexText = need(env[protocol/* ENV_COMPLETION_INDEX */.y4], protocol/* ENV_COMPLETION_INDEX */.y4, "the shard's index (an Indexed Job sets it)");
    const index = Number(indexText);
    if (indexText !== '' && !/^\d+$/.test(indexText))
        problems.push({ path: protocol/* ENV_COMPLETION_INDEX */.y4, message: `expected a whole number, got "${indexText}"` });
    const attempt = count(env, protocol/* ENV_ATTEMPT */.C7, problems) + count(env, protocol/* ENV_IGNORED_FAILURES */.v1, problems);
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    return { server, test, token, location, index, attempt, pod: `${(0,external_node_os_.hostname)()}-${(0,external_node_crypto_.randomUUID)().slice(0, 8)}` };
}
/** A count from the environment: unset or empty (an annotation not yet set) is 0. */
function count(env, name, problems) {
    const text = env[name] || '0';
    if (/^\d+$/.test(text))
        return Number(text);
    problems.push({ path: name, message: `expected a whole number, got "${text}"` });
    return 0;
}
/** The plan checked as any definition is, its data files written to `dir`. */
async function checkedPlan(plan, dir) {
    // The environment is the server's, applied and checked there (an unnamed inline one has name ""), and goes as it is.
    const { test_data: sets = [], environment, ...definition } = plan.definition;
    const checked = (0,validate/* validateDefinition */.Gt)(definition, 'the shard plan');
    if (!checked.ok)
        throw new errors/* InputError */.dz(checked.problems);
    if ((0,json/* isRecord */.u4)(environment))
        checked.value.definition.environment = environment;
    checked.value.definition.test_data = await Promise.all(sets.map(async (set, i) => {
        const file = (0,external_node_path_.join)(dir, `${i}-${set.file.replace(/[^A-Za-z0-9._-]/g, '_')}`);
        await (0,promises_.writeFile)(file, set.content);
        return { name: set.name, file, type: set.type, file_config: set.file_config };
    }));
    return (0,prepare/* checkTest */.rS)({ definition: checked.value.definition, file: 'the shard plan', dir }, {});
}
async function untilStart(me, signal, log) {
    const body = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod };
    for (let asked = 0;; asked++) {
        const answer = await call(me, 'POST', 'ready', body);
        if (answer.state !== 'wait' || signal?.aborted)
            return answer;
        if (asked === 0)
            log('ready: waiting for the common start');
        await new Promise((resolve) => setTimeout(resolve, answer.retry_ms));
    }
}
/** Uploads the seconds in order, one at a time; the server's answer may ask the shard to stop. */
function intervalUploader(me, stop, log) {
    let chain = Promise.resolve();
    return {
        add: (sample) => {
            const body = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod, t: sample.t, sample };
            chain = chain
                .then(() => call(me, 'POST', 'interval', body))
                .then((answer) => {
                if (answer?.stop)
                    stop.abort('stopped by the server');
            })
                .catch((error) => log(`second ${sample.t} not uploaded: ${error.message}`));
        },
        done: () => chain,
    };
}
async function runShard(me, io) {
    const log = (line) => io.err(`shard ${(0,protocol/* shardName */.Az)(me)} attempt ${me.attempt}: ${line}`);
    const plan = await call(me, 'GET', 'plan', undefined, `?location=${encodeURIComponent(me.location)}&index=${me.index}`);
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'loadgate-shard-'));
    try {
        let test;
        try {
            test = await checkedPlan(plan, dir);
        }
        catch (error) {
            if (!(error instanceof errors/* InputError */.dz))
                throw error;
            log(`the plan cannot run:\n${error.problems.map((p) => `  ${(0,errors/* formatProblem */.Vw)(p)}`).join('\n')}`);
            return protocol/* BAD_PLAN_EXIT_CODE */.RY;
        }
        const start = await untilStart(me, io.signal, log);
        if (start.state === 'duplicate') {
            log(`duplicate: pod ${start.pod} runs this index, so this pod sends nothing`);
            return protocol/* DUPLICATE_EXIT_CODE */.h_;
        }
        // Only a stop signal ends the wait for the start without one.
        if (start.state !== 'start')
            return protocol/* TERMINATED_EXIT_CODE */.tv;
        if (start.late.length > 0)
            log(`late at the start: ${start.late.join(', ')}`);
        const stop = new AbortController();
        const signal = io.signal ? AbortSignal.any([io.signal, stop.signal]) : stop.signal;
        const uploads = intervalUploader(me, stop, log);
        const fromSecond = start.from_second;
        if (fromSecond > 0)
            log(`resuming the schedule at second ${fromSecond}`);
        const { result } = await (0,measure/* measureDefinition */.Ac)(test, {
            embedded: {
                insecure: false,
                proxies: {},
                signal,
                onSecond: uploads.add,
                shard: { ...(0,protocol/* planShard */.km)(me, plan.shard.count), fromSecond },
                startAtMs: start.start_at_ms + fromSecond * 1000,
                testUrl: plan.test_url,
            },
            workers: 'auto',
        }, { info: log, warn: log });
        await uploads.done();
        const final = localised(result, me.location);
        const upload = { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod, result: final };
        await call(me, 'POST', 'final', upload);
        io.out(`shard ${(0,protocol/* shardName */.Az)(me)}: ${final.results.iteration_count} iterations delivered`);
        if (!io.signal?.aborted)
            return 0;
        log('terminated before the end of its schedule: the index is left for its next attempt');
        return protocol/* TERMINATED_EXIT_CODE */.tv;
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}
/** `loadgate shard …`: exit 2 for missing settings, 1 when the server cannot be reached. */
async function shardCommand(args, io) {
    let me;
    try {
        me = podIdentity(args, io.env);
    }
    catch (error) {
        if (!(error instanceof errors/* InputError */.dz))
            throw error;
        io.err(`loadgate shard: bad input\n${error.problems.map((p) => `  ${(0,errors/* formatProblem */.Vw)(p)}`).join('\n')}`);
        return protocol/* BAD_PLAN_EXIT_CODE */.RY;
    }
    try {
        return 'index' in me ? await runShard(me, io) : await runProbe(me, io);
    }
    catch (error) {
        if (error instanceof CallbackError && error.status === 403)
            io.err('loadgate shard: the server refused the token (the test may have ended)');
        else
            io.err(`loadgate shard: ${error.message}`);
        return 1;
    }
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
