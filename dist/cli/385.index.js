export const id = 385;
export const ids = [385];
export const modules = {

/***/ 40073:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C7: () => (/* binding */ ENV_ATTEMPT),
/* harmony export */   Gf: () => (/* binding */ secretName),
/* harmony export */   Hl: () => (/* binding */ testSecret),
/* harmony export */   Kf: () => (/* binding */ MANAGED_BY),
/* harmony export */   O3: () => (/* binding */ ENV_TOKEN),
/* harmony export */   Qc: () => (/* binding */ shardJob),
/* harmony export */   RY: () => (/* binding */ BAD_PLAN_EXIT_CODE),
/* harmony export */   TA: () => (/* binding */ LABEL_MANAGED),
/* harmony export */   XH: () => (/* binding */ LABEL_LOCATION),
/* harmony export */   dZ: () => (/* binding */ jobName),
/* harmony export */   h_: () => (/* binding */ DUPLICATE_EXIT_CODE),
/* harmony export */   on: () => (/* binding */ testLabelSelector),
/* harmony export */   os: () => (/* binding */ LABEL_TEST),
/* harmony export */   s6: () => (/* binding */ ENV_LOCATION),
/* harmony export */   tv: () => (/* binding */ TERMINATED_EXIT_CODE),
/* harmony export */   v1: () => (/* binding */ ENV_IGNORED_FAILURES),
/* harmony export */   xW: () => (/* binding */ testLabel)
/* harmony export */ });
/* unused harmony exports TOKEN_KEY, CONTAINER_NAME, INDEX_FAILURE_ANNOTATION, INDEX_IGNORED_FAILURE_ANNOTATION, COMPLETION_INDEX_ANNOTATION, SHARD_USER_ID */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
// The Kubernetes objects a test becomes: per location one Indexed Job whose pods run
// `loadgate shard`, and one Secret holding the token the shards call home with. Pure: the
// executor sends what these return; the API stand-in checks it with its own rules (test/helpers/kube-job-check.ts).

const LABEL_TEST = 'loadgate.dev/test-id';
const LABEL_LOCATION = 'loadgate.dev/location';
const LABEL_MANAGED = 'app.kubernetes.io/managed-by';
const MANAGED_BY = 'loadgate';
const TOKEN_KEY = 'token';
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
const CONTAINER_NAME = 'shard';
/** Set by the Job controller on every pod of a Job with backoffLimitPerIndex: 0 on the first try. */
const INDEX_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
/**
 * Set on a replacement pod once a failure of its index was ignored by the podFailurePolicy (an
 * eviction, a duplicate): such a failure leaves the failure count as it was, so the attempt is the sum.
 */
const INDEX_IGNORED_FAILURE_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
const COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
const ENV_TOKEN = 'LOADGATE_SHARD_TOKEN';
const ENV_ATTEMPT = 'LOADGATE_SHARD_ATTEMPT';
const ENV_IGNORED_FAILURES = 'LOADGATE_SHARD_IGNORED_FAILURES';
const ENV_LOCATION = 'LOADGATE_SHARD_LOCATION';
/** The image's non-root user (node:24-slim's `node`, deploy/Dockerfile). */
const SHARD_USER_ID = 1000;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
// An Indexed Job's pods are named `<job>-<index>-<random>` with hostname `<job>-<index>`, a DNS
// label (≤ 63); indexes go up to 99999 (parallelism ≤ 10^5, JobSpec API reference), so the Job
// name stays within 57 chars to leave room for "-99999": "lg-" + 30 + "-" + 12 + "-" + 8 = 55.
/** A DNS-1123 label ≤ 57 chars; the digest of the raw pair keeps ids that slug alike apart. */
function jobName(testId, location) {
    return ['lg', slug(testId, 30), slug(location, 12), digest(`${testId}\0${location}`)].filter((p) => p !== '').join('-');
}
function secretName(testId) {
    return ['lg', slug(testId, 40), digest(testId), 'token'].filter((p) => p !== '').join('-');
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
                    { action: 'FailIndex', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [BAD_PLAN_EXIT_CODE] } },
                    { action: 'Ignore', onExitCodes: { containerName: CONTAINER_NAME, operator: 'In', values: [DUPLICATE_EXIT_CODE] } },
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
            { name: ENV_TOKEN, valueFrom: { secretKeyRef: { name: spec.secretName, key: TOKEN_KEY } } },
            { name: ENV_ATTEMPT, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_FAILURE_ANNOTATION}']` } } },
            // Absent until a failure was ignored: the downward API gives "" for a missing annotation.
            { name: ENV_IGNORED_FAILURES, valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${INDEX_IGNORED_FAILURE_ANNOTATION}']` } } },
            { name: ENV_LOCATION, value: spec.location },
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
    return [slug(raw, 50), digest(raw)].filter((p) => p !== '').join('-');
}
/** Lowercase letters, digits and single dashes, at most `max` chars, no dash at either end. */
function slug(raw, max) {
    return raw
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, max)
        .replace(/^-+|-+$/g, '');
}
function digest(raw) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(raw, 'utf8').digest('hex').slice(0, 8);
}


/***/ }),

/***/ 91385:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CallbackError: () => (/* binding */ CallbackError),
  call: () => (/* binding */ call),
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
// EXTERNAL MODULE: ./src/server/executors/kubernetes/manifests.ts
var manifests = __webpack_require__(40073);
;// CONCATENATED MODULE: ./src/server/shards/localise.ts
function renamed(record, location) {
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === 'local' ? location : key, value]));
}
function localised(result, location) {
    if (location === 'local')
        return result;
    const { results, run, histograms } = result;
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
                step_locations: Object.fromEntries(Object.entries(histograms.step_locations).map(([step, byLocation]) => [step, renamed(byLocation, location)])),
            },
        }),
    };
}

// EXTERNAL MODULE: ./src/latency/run.ts + 1 modules
var run = __webpack_require__(38994);
;// CONCATENATED MODULE: ./src/server/shards/probe-client.ts
// `loadgate shard --server URL --latency ID`: a latency probe's pod (docs/kubernetes.md,
// "Latency tests"). It asks what to measure, measures its one location directly from where it
// runs (the location's nodes), and posts the figures back. Exit 0 once they are delivered.


async function runProbe(me, io) {
    const request = await call(me, 'GET', 'latency/');
    const { code, name } = request.location;
    const measured = await (0,run/* runLatency */.Af)(request.target, [{ code, name }], {
        samples: request.samples,
        timeoutMs: request.timeout_ms,
        budgetMs: request.budget_ms,
        ...(io.signal && { signal: io.signal }),
    });
    const latency = measured.locations[code];
    await call(me, 'POST', 'latency/', { latency });
    io.out(`latency ${code}: ${latency.samples} sample(s) delivered`);
    return 0;
}

;// CONCATENATED MODULE: ./src/server/shards/client.ts
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













/** Network errors and 5xx answers are retried this many times, waiting 0.5 s, 1 s, 2 s… (about two minutes in all: a server restart) */
const RETRIES = 8;
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
            token: need(env[manifests/* ENV_TOKEN */.O3], manifests/* ENV_TOKEN */.O3, "the probe's token"),
        };
        if (problems.length > 0)
            throw new errors/* InputError */.dz(problems);
        return probe;
    }
    const test = need(flags.text('test'), '--test', 'the test id');
    const token = need(env[manifests/* ENV_TOKEN */.O3], manifests/* ENV_TOKEN */.O3, "the test's shard token (from its Secret)");
    const location = need(env[manifests/* ENV_LOCATION */.s6], manifests/* ENV_LOCATION */.s6, "the shard's location");
    const indexText = need(env.JOB_COMPLETION_INDEX, 'JOB_COMPLETION_INDEX', "the shard's index (an Indexed Job sets it)");
    const index = Number(indexText);
    if (indexText !== '' && !/^\d+$/.test(indexText))
        problems.push({ path: 'JOB_COMPLETION_INDEX', message: `expected a whole number, got "${indexText}"` });
    const attempt = count(env, manifests/* ENV_ATTEMPT */.C7, problems) + count(env, manifests/* ENV_IGNORED_FAILURES */.v1, problems);
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
class CallbackError extends Error {
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}
/** One callback, retried on network errors and 5xx; other answers are final. */
async function call(me, method, path, body) {
    const url = `${me.server}/v1/shard/${encodeURIComponent(me.test)}/${path}`;
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
        const answer = await call(me, 'POST', 'ready/', body);
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
                .then(() => call(me, 'POST', 'interval/', body))
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
    const log = (line) => io.err(`shard ${me.location}-${me.index} attempt ${me.attempt}: ${line}`);
    const plan = await call(me, 'GET', `plan/?location=${encodeURIComponent(me.location)}&index=${me.index}`);
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
            return manifests/* BAD_PLAN_EXIT_CODE */.RY;
        }
        const start = await untilStart(me, io.signal, log);
        if (start.state === 'duplicate') {
            log(`duplicate: pod ${start.pod} runs this index, so this pod sends nothing`);
            return manifests/* DUPLICATE_EXIT_CODE */.h_;
        }
        // Only a stop signal ends the wait for the start without one.
        if (start.state !== 'start')
            return manifests/* TERMINATED_EXIT_CODE */.tv;
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
                shard: { index: me.index + 1, count: plan.shard.count, location: me.location, fromSecond },
                startAtMs: start.start_at_ms + fromSecond * 1000,
                testUrl: plan.test_url,
            },
            workers: 'auto',
        }, { info: log, warn: log });
        await uploads.done();
        const final = localised(result, me.location);
        await call(me, 'POST', 'final/', { location: me.location, index: me.index, attempt: me.attempt, pod: me.pod, result: final });
        io.out(`shard ${me.location}-${me.index}: ${final.results.iteration_count} iterations delivered`);
        if (!io.signal?.aborted)
            return 0;
        log('terminated before the end of its schedule: the index is left for its next attempt');
        return manifests/* TERMINATED_EXIT_CODE */.tv;
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
        return manifests/* BAD_PLAN_EXIT_CODE */.RY;
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


/***/ })

};
