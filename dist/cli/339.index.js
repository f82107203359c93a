export const id = 339;
export const ids = [339];
export const modules = {

/***/ 14339:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SLO_FLAG: () => (/* binding */ SLO_FLAG),
  capacityCommand: () => (/* binding */ capacityCommand)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/settings/values.ts
var values = __webpack_require__(535);
// EXTERNAL MODULE: ./src/settings/exclusive.ts
var exclusive = __webpack_require__(15201);
;// CONCATENATED MODULE: ./src/capacity/settings.ts
// The capacity search's settings (docs/capacity.md): the texts of --probe, --from, --to,
// --precision and --max-time, read and checked together. Pure.



const CAPACITY_INPUTS = { probe: 'probe', from: 'from', to: 'to', precision: 'precision', maxTime: 'max-time' };
/** The CLI's flags spell the same words as the action's inputs. */
const CAPACITY_FLAGS = (0,exclusive/* flagNames */.JY)(CAPACITY_INPUTS);
/** A probe needs its unjudged second and at least one judged one. */
const MIN_PROBE_S = 2;
function parseCapacitySettings(texts, names = CAPACITY_FLAGS) {
    const problems = [];
    const keep = (value) => {
        if (!(0,errors/* isProblem */.AN)(value))
            return value;
        problems.push(value);
        return undefined;
    };
    const probeS = keep((0,values/* duration */.p0)(texts.probe, names.probe, { whole: true, min: MIN_PROBE_S }));
    const from = keep(wholeRate(texts.from, names.from));
    const to = texts.to === undefined ? undefined : keep(wholeRate(texts.to, names.to));
    const precision = keep(percentage(texts.precision, names.precision));
    const maxTimeS = keep((0,values/* duration */.p0)(texts.maxTime, names.maxTime, { min: 1 }));
    if (from !== undefined && to !== undefined && to < from)
        problems.push({ path: names.to, message: `expected a rate at or above ${names.from} (${from}/s), got "${texts.to}"` });
    if (probeS !== undefined && maxTimeS !== undefined && maxTimeS < probeS)
        problems.push({
            path: names.maxTime,
            message: `expected at least one probe's time (${names.probe} ${probeS}s), got "${texts.maxTime}"`,
        });
    return (0,errors/* parsedUnless */.oQ)(problems, {
        probeS: probeS ?? 0,
        from: from ?? 0,
        ...(to !== undefined && { to }),
        precision: (precision ?? 0) / 100,
        maxTimeS: maxTimeS ?? 0,
    });
}
/** Probes run whole iterations per second: `40/s`, at least 1/s. */
function wholeRate(text, name) {
    const perSecond = (0,values/* rate */.TS)(text, name);
    if ((0,errors/* isProblem */.AN)(perSecond))
        return perSecond;
    if (Number.isInteger(perSecond) && perSecond >= 1)
        return perSecond;
    return { path: name, message: `expected a whole number of iterations per second, at least 1/s (such as 10/s), got "${text}"` };
}
/** `5%` (or `5`): above 0 and below 100. */
function percentage(text, name) {
    const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
    const value = match ? Number(match[1]) : Number.NaN;
    if (value > 0 && value < 100)
        return value;
    return { path: name, message: `expected a percentage above 0 and below 100, such as 5%, got "${text}"` };
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
// EXTERNAL MODULE: ./src/engine/worker-count.ts
var worker_count = __webpack_require__(36356);
;// CONCATENATED MODULE: ./src/capacity/search.ts
// The capacity search (docs/capacity.md): which rate to probe next, from the probes so far. Pure:
// the probes are run by the pipeline (src/pipeline/capacity.ts), which asks this module after
// each one. Rates rise ×2 from `from` until a probe fails, then the bracket [highest rate that
// held, lowest that failed] is bisected to `precision`, and the rate found is probed once more.
/** Below this rate a search that found no passing rate stops: the target fails at any load worth measuring. */
const LOWEST_RATE = 1;
/**
 * A rate whose probe saturated the generator is probed once more before the search ends on it:
 * a neighbour that kept the machine busy for a moment passes, a generator at its limit saturates
 * again. Twice saturated, the search ends: the rates above would measure the generator.
 */
const SATURATED_TRIES = 2;
/**
 * A rate whose probe the machine stalled (the generator was late with CPU to spare: another
 * process had its core) is probed again up to this many times in all: a stall says nothing of
 * the target nor of the generator's limit, and passes when the machine's other work does. Stalled
 * every time, the search ends with `limited_by: "host"`: this machine was too busy to measure there.
 */
const STALLED_TRIES = 4;
/**
 * The next probe's rate, or the answer. A rate holds when every probe of it passed; the answer
 * is a rate that held twice (the confirmation). Saturated probes say nothing of the target and
 * count for neither side of the bracket.
 */
function nextProbe(settings, probes) {
    const { held, failed } = bracketOf(probes);
    const last = probes.at(-1);
    if (last?.saturated) {
        const stalled = last.stalled === true;
        const tries = probes.filter((p) => p.rate === last.rate && p.saturated && (p.stalled === true) === stalled).length;
        if (tries < (stalled ? STALLED_TRIES : SATURATED_TRIES))
            return { probe: last.rate };
        return { done: { maxRate: held ?? 0, limitedBy: stalled ? 'host' : 'generator', failedAt: last.rate } };
    }
    if (probes.length === 0)
        return { probe: capped(settings.from, settings) };
    if (failed === undefined) {
        const top = held;
        if (settings.to !== undefined && top >= settings.to)
            return confirmOr(probes, top, { maxRate: top, limitedBy: 'max' });
        return { probe: capped(top * 2, settings) };
    }
    if (held === undefined) {
        const lower = Math.floor(failed / 2);
        return lower < LOWEST_RATE ? { done: { maxRate: 0, limitedBy: 'slo', failedAt: failed } } : { probe: lower };
    }
    if (narrow(held, failed, settings.precision))
        return confirmOr(probes, held, { maxRate: held, limitedBy: 'slo', failedAt: failed });
    return { probe: Math.round((held + failed) / 2) };
}
/** The highest rate that held (below every failed one) and the lowest that failed. */
function bracketOf(probes) {
    const measured = probes.filter((p) => !p.saturated);
    const failedRates = measured.filter((p) => !p.passed).map((p) => p.rate);
    const failed = failedRates.length > 0 ? Math.min(...failedRates) : undefined;
    const heldRates = measured.filter((p) => p.passed && (failed === undefined || p.rate < failed)).map((p) => p.rate);
    return { held: heldRates.length > 0 ? Math.max(...heldRates) : undefined, failed };
}
/** The answer once `rate` has held twice; until then, its second probe. */
function confirmOr(probes, rate, answer) {
    const runs = probes.filter((p) => p.rate === rate && !p.saturated).length;
    return runs >= 2 ? { done: answer } : { probe: rate };
}
/** Whole rates: a bracket one apart is as narrow as it gets. */
function narrow(held, failed, precision) {
    return failed - held <= Math.max(1, held * precision);
}
function capped(rate, settings) {
    return settings.to === undefined ? rate : Math.min(rate, settings.to);
}
/** The answer when the time ran out before the search ended: the bracket so far. */
function outOfTime(probes) {
    const { held, failed } = bracketOf(probes);
    return { maxRate: held ?? 0, limitedBy: 'time', ...(failed !== undefined && { failedAt: failed }) };
}

// EXTERNAL MODULE: ./src/engine/workers.ts + 2 modules
var workers = __webpack_require__(19526);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/report/capacity.ts
var report_capacity = __webpack_require__(63632);
// EXTERNAL MODULE: ./src/verdict/compare-values.ts
var compare_values = __webpack_require__(99625);
// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/verdict/judge.ts + 1 modules
var judge = __webpack_require__(77995);
// EXTERNAL MODULE: ./src/verdict/metrics.ts
var metrics = __webpack_require__(56152);
// EXTERNAL MODULE: ./src/pipeline/gate.ts + 1 modules
var pipeline_gate = __webpack_require__(65701);
;// CONCATENATED MODULE: ./src/pipeline/capacity.ts
// `loadgate capacity` (docs/capacity.md): probes of the definition's steps at constant rates, each
// judged against the SLO lines, until the search (src/capacity/search.ts) has its answer. The
// engine runs each probe as it runs any test; this stage only chooses the rates and keeps time.










/** The seconds before a probe's judged ones: load at the probe's rate that is not recorded. */
const UNJUDGED_S = 1;
/** The probe at `rate`: the definition's steps at that constant rate, for the probe's judged seconds. */
function probeDefinition(definition, rate, probeS) {
    const { manual_load: _stages, ...config } = definition.config_data;
    const duration = probeS - UNJUDGED_S;
    return {
        ...definition,
        config_data: { ...config, load_type: 'linear', duration, iteration_count: Math.max(1, Math.round(rate * duration)) },
    };
}
/**
 * A stall of D ms delays the reading of responses by up to D, and the iterations due during it start
 * together at its end, where they wait at the service behind up to D ms of the schedule's work, which
 * a service that holds the rate does in less than D: a latency at most twice the generator's delay
 * over what the service gave.
 */
const DISTORTION_PER_DELAY = 2;
/**
 * A latency SLO failed by more than the generator could have added (twice its delay): with less
 * load applied than planned, the service failed at that lower load, and the planned rate would only
 * fail it further. So the probe fails on the service's account whatever the generator did.
 */
function failedBeyondGenerator(outcomes, delayMs) {
    return outcomes.some(({ threshold, actual, limit, passed }) => {
        if (passed || (0,grammar/* metricKind */.fK)(threshold.metric) !== 'time' || actual === undefined || limit === undefined)
            return false;
        return !(0,compare_values/* compareValues */.c)(Math.max(0, actual - DISTORTION_PER_DELAY * delayMs), threshold.op, limit);
    });
}
/**
 * What a probe measured and whether it held every SLO. A saturated generator counts only when it
 * changes what the probe says (the planned rate was not applied, or a latency SLO's outcome could
 * be its delay): the judgement's generator check decides, as for any run (docs/verdict.md), unless
 * an SLO failed by more than the generator could have added. A saturation the machine caused (the
 * engine thread had CPU to spare: `host_stalled`) is marked `stalled`, and is probed again.
 */
function probeOutcome(result, rate, slo, origin) {
    const judgement = (0,judge/* judge */.S4)({ result, thresholds: slo, defaults: false, origin });
    const generator = result.run.generator;
    const saturated = judgement.checks.some((c) => c.kind === 'generator' && !c.passed && !c.warnOnly) &&
        !failedBeyondGenerator(judgement.thresholds, generator?.loop_delay_max_ms ?? 0);
    const level = (0,metrics/* overallLevel */.op)(result);
    const value = (metric) => (0,metrics/* metricValue */.a3)(metric, level, result, false);
    const figures = { p50: value('p50'), p95: value('p95'), p99: value('p99'), http_fail_rate: value('http_fail_rate') };
    return {
        rate,
        applied: generator?.applied_iterations_per_s ?? result.run.rps,
        ...Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)),
        passed: judgement.thresholds.every((t) => t.passed),
        saturated,
        ...(saturated && generator?.host_stalled === true && { stalled: true }),
    };
}
/** Probes until the search has its answer, the time is up, or a probe was stopped. */
async function searchCapacity(settings, slo, origin, io) {
    const started = io.now();
    const probes = [];
    const results = [];
    let answer;
    let interrupted = false;
    while (answer === undefined) {
        const step = nextProbe(settings, probes);
        if ('done' in step) {
            answer = step.done;
            break;
        }
        if (io.now() - started + settings.probeS > settings.maxTimeS) {
            answer = outOfTime(probes);
            break;
        }
        const result = await io.runProbe(step.probe);
        results.push(result);
        if (result.run.interrupted) {
            interrupted = true;
            answer = outOfTime(probes);
            break;
        }
        const outcome = probeOutcome(result, step.probe, slo, origin);
        probes.push(outcome);
        io.log.info((0,report_capacity/* probeLine */.tL)(probes.length, outcome, bracketOf(probes)));
    }
    const kept = results.findLast((_, i) => probes[i]?.rate === answer.maxRate && probes[i]?.passed && !probes[i]?.saturated) ?? results.at(-1);
    if (kept === undefined)
        throw new Error('the capacity search ran no probe');
    const capacity = {
        max_rate: answer.maxRate,
        limited_by: answer.limitedBy,
        ...(answer.failedAt !== undefined && { failed_at: answer.failedAt }),
        slo: slo.map((t) => t.source),
        probe_s: settings.probeS,
        probes,
    };
    return { capacity, result: { ...kept, capacity }, interrupted };
}
/** The search with probes run here, on the engine's threads, each after a second of unrecorded load at its rate. */
async function measureCapacity(test, settings, slo, origin, run, log) {
    await (0,histogram/* initHistograms */.ay)();
    if (run.embedded.insecure)
        log.warn('TLS certificates are not verified');
    const runProbe = (rate) => {
        const probe = { ...test, definition: probeDefinition(test.definition, rate, settings.probeS) };
        return (0,workers/* runEmbeddedInWorkers */.AE)(probe, { ...run.embedded, warmUpS: UNJUDGED_S }, (0,worker_count/* workersFor */.XK)(run.workers, probe.definition));
    };
    return searchCapacity(settings, slo, origin, { runProbe, now: () => performance.now() / 1000, log });
}
/** A search's thresholds gate on the rate found; what each probe must hold is an SLO line. */
function capacityGateProblems(thresholds, origin, sloName) {
    const other = thresholds.find((t) => t.metric !== 'capacity');
    if (!other)
        return [];
    return [
        {
            path: (0,grammar/* thresholdPlace */.Zv)(origin, other.line),
            message: `"${other.source}": each probe's checks are ${sloName} lines; ${origin.name} here gate on capacity (capacity >= 300/s)`,
        },
    ];
}
/** Both sets of lines checked against what a search measures, before any probe runs. */
function preflightCapacity(test, proxies, slo, sloOrigin, gate) {
    (0,pipeline_gate/* preflight */.Mz)({ thresholds: [...slo], defaults: false, origin: sloOrigin }, (0,pipeline_gate/* shapeOf */.F5)(test.definition, proxies, 'embedded'));
    (0,pipeline_gate/* preflight */.Mz)(gate, { ...(0,pipeline_gate/* shapeOf */.F5)(test.definition, proxies, 'embedded', gate.baseline), capacity: true });
}
/** The verdict on a search: its gates on the rate found, and the SLO lines on the probe kept in the results. */
function capacityVerdictGate(gate, slo) {
    return { ...gate, thresholds: [...gate.thresholds, ...slo] };
}
/**
 * The search found the target's limit (an SLO failed above the rate found) or held up to the
 * highest rate asked; the generator's limit or the time running out leave the answer open.
 */
function answered(capacity) {
    return capacity.limited_by === 'slo' || capacity.limited_by === 'max';
}

// EXTERNAL MODULE: ./src/pipeline/conclude.ts + 1 modules
var conclude = __webpack_require__(46620);
// EXTERNAL MODULE: ./src/pipeline/sources.ts + 1 modules
var sources = __webpack_require__(75904);
// EXTERNAL MODULE: ./src/report/html.ts + 1 modules
var html = __webpack_require__(55612);
;// CONCATENATED MODULE: ./src/cli/capacity.ts
// `loadgate capacity FILE --slo EXPR …` (docs/capacity.md): the probe search, its lines while it
// runs, the answer on stdout, the results file (the probe at the rate found, with the capacity
// block) and its web report.















const SLO_FLAG = { name: '--slo', kind: 'flags' };
async function capacityCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('capacity', args, io);
    const file = flags.positionals[0];
    if (!file)
        throw new errors/* InputError */.dz([{ path: 'definition', message: 'expected the path of a test definition file' }]);
    // Blank lines are no SLO: `--slo ''` is refused as a missing one, not run without a judgement.
    const slo = (0,errors/* valueOrThrow */.P7)((0,grammar/* parseThresholdLines */.Ik)(flags.list('slo'), SLO_FLAG));
    if (slo.length === 0)
        throw new errors/* InputError */.dz([{ path: '--slo', message: 'expected at least one SLO, such as --slo "p99 < 100ms" (docs/capacity.md)' }]);
    const gates = capacityThresholds(flags.list('thresholds'));
    const baselineFile = flags.text('baseline');
    const baseline = baselineFile ? await (0,sources/* readResultsFile */.B9)(baselineFile, '--baseline') : undefined;
    const settings = (0,errors/* valueOrThrow */.P7)(parseCapacitySettings({
        probe: flags.text('probe'),
        from: flags.text('from'),
        to: flags.text('to'),
        precision: flags.text('precision'),
        maxTime: flags.text('max-time'),
    }));
    const proxies = await (0,sources/* readProxies */.rq)(flags.list('proxies'), flags.text('proxies-file'));
    const concurrencyText = flags.text('max-concurrency');
    const concurrency = concurrencyText === undefined ? undefined : (0,errors/* orThrow */.aU)((0,values/* wholeNumber */.rD)(concurrencyText, '--max-concurrency'));
    const workers = (0,errors/* orThrow */.aU)((0,worker_count/* parseWorkers */.jO)(flags.text('workers'), '--workers'));
    const test = await (0,cli_io/* checkWithFlags */.cG)(file, flags, io);
    const gate = { thresholds: gates, defaults: false, origin: grammar/* THRESHOLD_FLAG */.HM, ...(baseline && { baseline }) };
    preflightCapacity(test, proxies, slo, SLO_FLAG, gate);
    const resultsPath = (0,external_node_path_.resolve)(flags.text('results-file'));
    const reportPath = (0,external_node_path_.resolve)(flags.text('report') ?? (0,sources/* reportPathFor */.xJ)(resultsPath));
    const show = (0,cli_io/* outputsOf */.Yz)(io, flags);
    const search = await measureCapacity(test, settings, slo, SLO_FLAG, {
        embedded: { concurrency, insecure: flags.flag('insecure-tls'), proxies, signal: io.signal, testUrl: (0,external_node_url_.pathToFileURL)(reportPath).href },
        workers,
    }, flags.flag('quiet') ? { info: () => { }, warn: (0,cli_io/* cliLog */.$F)(io).warn } : (0,cli_io/* cliLog */.$F)(io));
    const stoppedBy = search.interrupted ? ((0,cli_io/* stopSignalOf */.eq)(io) ?? 'stopped') : undefined;
    const { judgement, model } = await (0,conclude/* conclude */.E)({ result: search.result }, capacityVerdictGate(gate, slo), {
        ...(stoppedBy && { stoppedBy }),
    });
    await (0,promises_.writeFile)(resultsPath, (0,sources/* resultsText */.qp)(search.result));
    if (flags.flag('json'))
        io.out(JSON.stringify(search.result, null, 2));
    await (0,promises_.writeFile)(reportPath, (0,html/* renderHtmlReport */.w4)(model));
    show.out((0,report_capacity/* capacityTerminal */.Zw)(search.capacity));
    show.out(`results: ${resultsPath}\nreport:  ${reportPath}`);
    if (stoppedBy)
        return (0,judge/* exitCodeOf */.FO)(judgement);
    const failed = judgement.thresholds.filter((o) => o.threshold.metric === 'capacity' && !o.passed);
    for (const o of failed)
        show.out(`✘ ${o.threshold.source}: capacity ${(0,report_capacity/* formatProbeRate */.a3)(search.capacity.max_rate)}`);
    return answered(search.capacity) && failed.length === 0 ? 0 : 1;
}
/** `--thresholds` of a capacity search gate on the rate found; what each probe must hold is an --slo line. */
function capacityThresholds(lines) {
    const parsed = (0,errors/* valueOrThrow */.P7)((0,grammar/* parseThresholdLines */.Ik)(lines, grammar/* THRESHOLD_FLAG */.HM));
    const problems = capacityGateProblems(parsed, grammar/* THRESHOLD_FLAG */.HM, '--slo');
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    return parsed;
}


/***/ })

};
