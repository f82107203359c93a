export const id = 386;
export const ids = [386];
export const modules = {

/***/ 70386:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cli: () => (/* binding */ cli),
  lineStreams: () => (/* binding */ lineStreams)
});

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/engine/shard.ts
var engine_shard = __webpack_require__(20914);
// EXTERNAL MODULE: ./src/pipeline/conclude.ts + 1 modules
var conclude = __webpack_require__(46620);
// EXTERNAL MODULE: ./src/pipeline/gate.ts + 1 modules
var pipeline_gate = __webpack_require__(65701);
// EXTERNAL MODULE: ./src/pipeline/measure.ts + 7 modules
var measure = __webpack_require__(3998);
// EXTERNAL MODULE: ./src/pipeline/sources.ts + 1 modules
var sources = __webpack_require__(75904);
// EXTERNAL MODULE: ./src/rates.ts
var rates = __webpack_require__(42672);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(12011);
// EXTERNAL MODULE: ./src/results/request-counts.ts
var request_counts = __webpack_require__(69124);
// EXTERNAL MODULE: ./src/results/run-steps.ts
var run_steps = __webpack_require__(50469);
;// CONCATENATED MODULE: ./src/report/ci/figures.ts
// The run's headline figures as name/value pairs for machine readers (JUnit <properties>, the
// GitLab metrics report): raw numbers in base units, never the formatted text of the reports.




const TIMES = ['avg', 'median', 'p90', 'p95', 'p99', 'max'];
function figuresOf(result) {
    const r = result.results;
    const responded = result.results.steps.some((s) => (0,format/* responseCount */.Xj)(s.status_code_dist) > 0);
    const failRate = (0,rates/* failRatePct */.Sl)(r);
    return [
        ['iterations', String(r.iteration_count)],
        ['successes', String(r.success_count)],
        ['failures', String(r.fail_count)],
        ...(failRate === undefined ? [] : [['fail_rate_pct', round(failRate)]]),
        ...errorsOf(r.steps.map((s) => (0,request_counts/* stepCell */.j4)(result, s))),
        ['rps', round(result.run.rps)],
        ['duration_s', round(result.run.duration_s)],
        // No response, no time: an absent figure rather than a 0 that reads as fast.
        ...(responded ? timesOf(r.response_times) : []),
    ];
}
/** The requests without a 2xx/3xx answer and their share (http_fail_rate), as every report counts them. */
function errorsOf(cells) {
    const counts = (0,request_counts/* requestCounts */.q3)(cells);
    const rate = (0,rates/* percent */.KN)(counts.httpErrors, counts.requests);
    return [['errors', String(counts.httpErrors)], ...(rate === undefined ? [] : [['http_fail_rate_pct', round(rate)]])];
}
function timesOf(times) {
    return TIMES.map((name) => [`${name}_ms`, round(times[name])]);
}
const STREAM_TIMES = ['median', 'p95', 'p99'];
/** A streaming step's own figures (docs/streaming.md): streams, events, first-event and gap times. */
function streamFiguresOf(stream) {
    return [
        ['streams', String(stream.streams)],
        ['events', String(stream.events)],
        // No event, no time: absent rather than a 0 that reads as fast.
        ...(stream.events > 0 ? STREAM_TIMES.map((name) => [`first_event_${name}_ms`, round(stream.first_event[name])]) : []),
        // More events than streams means some stream had two, so a gap; fewer may still hold one (others had none).
        ...(stream.events > stream.streams || stream.gap.max > 0
            ? STREAM_TIMES.map((name) => [`gap_${name}_ms`, round(stream.gap[name])])
            : []),
    ];
}
/** Each streaming step's figures under `stream.<step name>.`: what JUnit's properties add to the run's. */
function stepStreamFigures(result) {
    return result.results.steps.flatMap((step) => step.stream
        ? streamFiguresOf(step.stream).map(([name, value]) => [`stream.${stepName(result, step.id)}.${name}`, value])
        : []);
}
function stepName(result, id) {
    return (0,run_steps/* runStep */.eg)(result, id)?.name ?? String(id);
}
function round(value) {
    return String(Math.round(value * 100) / 100);
}

;// CONCATENATED MODULE: ./src/report/ci/gitlab-metrics.ts
// GitLab's `metrics` report (artifacts:reports:metrics, docs/ci.md): one `name{labels} value`
// line per figure, in the OpenMetrics text format GitLab reads, so that a merge request shows
// how each figure moved against the target branch. The run's figures, then each step's. Pure.




function renderGitlabMetrics(result) {
    const lines = figuresOf(result).map(([name, value]) => line(name, {}, value));
    for (const step of result.results.steps) {
        const labels = { step: stepName(result, step.id) };
        const failRate = (0,rates/* failRatePct */.Sl)(step);
        const figures = [
            ['iterations', String(step.iteration_count)],
            ...(failRate === undefined ? [] : [['fail_rate_pct', round(failRate)]]),
            ...errorsOf([(0,request_counts/* stepCell */.j4)(result, step)]),
            ...((0,format/* responseCount */.Xj)(step.status_code_dist) > 0 ? timesOf(step.response_times) : []),
            ...(step.stream ? streamFiguresOf(step.stream) : []),
        ];
        lines.push(...figures.map(([name, value]) => line(name, labels, value)));
    }
    return `${lines.join('\n')}\n`;
}
function line(name, labels, value) {
    const pairs = Object.entries(labels).map(([key, text]) => `${key}="${escapeLabel(text)}"`);
    return `loadgate_${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${value}`;
}
/** Label values as the exposition format escapes them: a step name cannot end the label or the line. */
function escapeLabel(text) {
    return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

// EXTERNAL MODULE: ./node_modules/xmlbuilder2/lib/index.js
var lib = __webpack_require__(54697);
;// CONCATENATED MODULE: ./src/report/ci/junit.ts
// The judgement as JUnit XML (docs/ci.md), for the CI systems that read test reports rather than
// comments: GitLab, Jenkins, Azure DevOps, Buildkite, and GitHub's test-reporter actions. One
// <testsuite> per test, one <testcase> per check of the judgement, a <failure> exactly where the
// verdict failed, the run's figures as <properties>. The shape keeps to the Ant JUnit schema
// (every required attribute and element, a timestamp without zone), the strictest of those the
// readers use. Pure: a function of the concluded run; xmlbuilder2 escapes every value.


/** The XML document for one test or several (a job may run more than one). */
function renderJunit(runs) {
    const root = (0,lib/* create */.vt)({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites');
    runs.forEach((run, id) => {
        addSuite(root, run, id);
    });
    return root.end({ prettyPrint: true });
}
function addSuite(root, { result, judgement }, id) {
    const { run } = result;
    const failures = judgement.checks.filter(fails).length;
    const suite = root.ele('testsuite', {
        name: run.name,
        package: 'loadgate',
        id: String(id),
        // The schema takes no zone; started_at is UTC.
        timestamp: new Date(run.started_at).toISOString().slice(0, 19),
        hostname: 'loadgate',
        tests: String(judgement.checks.length),
        failures: String(failures),
        errors: '0',
        skipped: '0',
        time: seconds(run.duration_s),
    });
    const properties = suite.ele('properties');
    for (const [name, value] of [...figuresOf(result), ...stepStreamFigures(result)])
        properties.ele('property', { name, value });
    for (const check of judgement.checks)
        addCase(suite, run.name, check);
    suite.ele('system-out').txt(systemOut(result, judgement));
    suite.ele('system-err');
}
/** A check that failed the run; one that only warns passes here, as it does in the verdict. */
function fails(check) {
    return !check.passed && !check.warnOnly;
}
function addCase(suite, testName, check) {
    const testcase = suite.ele('testcase', { name: check.describe, classname: `loadgate.${testName}.${caseKind(check)}`, time: '0' });
    if (!fails(check))
        return;
    const limit = check.limit ? ` (limit ${check.limit})` : '';
    testcase
        .ele('failure', { message: `${check.describe}: actual ${check.actual}${limit}`, type: check.kind })
        .txt(`actual: ${check.actual}\n${check.limit ? `limit: ${check.limit}\n` : ''}`);
}
/** The group a reader lists a check under: the default threshold apart from the user's. */
function caseKind(check) {
    return check.kind === 'threshold' && check.isDefault ? 'default' : check.kind;
}
function systemOut(result, judgement) {
    const warned = judgement.warnings.map((c) => `warning: ${c.describe}: ${c.actual}\n`).join('');
    return `loadgate: ${result.run.name} ${judgement.outcome}\n${warned}${result.test_url ? `report: ${result.test_url}\n` : ''}`;
}
/** Seconds as the schema's decimal: never an exponent. */
function seconds(s) {
    return (Math.round(s * 1000) / 1000).toFixed(3);
}

// EXTERNAL MODULE: ./src/report/capacity.ts
var capacity = __webpack_require__(63632);
// EXTERNAL MODULE: ./src/report/timeline.ts
var timeline = __webpack_require__(91935);
// EXTERNAL MODULE: ./src/report/figures.ts
var figures = __webpack_require__(53831);
// EXTERNAL MODULE: ./src/report/comparison.ts
var comparison = __webpack_require__(32821);
// EXTERNAL MODULE: ./src/report/latency.ts
var latency = __webpack_require__(40064);
// EXTERNAL MODULE: ./src/report/history.ts
var report_history = __webpack_require__(34518);
// EXTERNAL MODULE: ./src/report/markdown-blocks.ts
var markdown_blocks = __webpack_require__(15940);
// EXTERNAL MODULE: ./src/report/model.ts + 1 modules
var report_model = __webpack_require__(62679);
;// CONCATENATED MODULE: ./src/report/markdown.ts
// The report model as Markdown: the PR comment and the job summary come from this one renderer.
// Pure builders, one per section, and one composer that keeps the text within a length
// budget (GitHub rejects comments over 65,536 characters) by dropping detail in a fixed order,
// whole tables at a time, so no table or code block is ever cut in half.









/** GitHub rejects comment bodies longer than this (422). */
const GITHUB_COMMENT_LIMIT = 65_536;
const VERDICT_EMOJI = {
    passed: '✅',
    failed: '❌',
    incomplete: '⚠️',
};
/** Entries kept in each distribution once the report must be shortened. */
const SHORT_DISTRIBUTION_ROWS = 10;
/** Steps charted; beyond this a bar chart is unreadable, so the slowest are picked. */
const CHART_STEPS = 20;
const CHART_LABEL_CHARS = 20;
const NAME_CHARS = 80;
const REASON_CHARS = 200;
/** User text in the verdict and minimal report is cut to this, so they stay small. */
const VERDICT_TEXT_CHARS = 120;
function renderMarkdown(model, options = {}) {
    const max = options.maxLength ?? GITHUB_COMMENT_LIMIT;
    const report = prepare(model, options.marker);
    const layouts = [
        { stepLocationDetail: true, distributionRows: null, stepRows: null },
        { stepLocationDetail: false, distributionRows: null, stepRows: null },
        { stepLocationDetail: false, distributionRows: SHORT_DISTRIBUTION_ROWS, stepRows: null },
    ];
    for (const layout of layouts) {
        const text = compose(report, layout);
        if (text.length <= max)
            return text;
    }
    // The most step rows that fit; the text grows with the row count, so a binary search finds it.
    let best;
    let low = 0;
    let high = model.steps.length - 1;
    while (low <= high) {
        const mid = Math.floor((low + high) / 2);
        const text = compose(report, { stepLocationDetail: false, distributionRows: SHORT_DISTRIBUTION_ROWS, stepRows: mid });
        if (text.length <= max) {
            best = text;
            low = mid + 1;
        }
        else {
            high = mid - 1;
        }
    }
    return best ?? minimalReport(report, max);
}
/** One line for shard job summaries and logs: the verdict and the headline figures, plain text. */
function renderSummaryLine(model) {
    const o = model.overall.figures;
    const figures = [
        `${o.iterations} iterations (${model.overall.iterationRate})`,
        model.overall.throughput.text,
        `p95 ${o.p95.text}`,
        o.hasErrors ? `${o.errors} ${o.errors === '1' ? 'error' : 'errors'} (${o.errorRate.text})` : 'no errors',
    ];
    return `loadgate: ${(0,report_model/* textOf */.b6)(model.verdict.text, (t) => (0,format/* truncate */.xv)((0,format/* oneLine */.TN)(t), VERDICT_TEXT_CHARS))} · ${figures.join(' · ')}`;
}
function prepare(model, marker) {
    const fixed = {
        opening: [marker, verdictSection(model), contextSection(model)],
        summary: [capacitySection(model), checksSection(model), overallSection(model)],
        middle: [
            locationsSection(model),
            chartSection(model.steps),
            timelineSection(model.timeline),
            model.history && (0,report_history/* historyMarkdown */.WP)(model.history),
            shardsSection(model),
            comparisonSection(model),
            latencySection(model),
        ],
        tail: [linksSection(model), footer(model)],
    };
    return { model, fixed, distributions: new Map() };
}
function compose(report, layout) {
    const { fixed, distributions, model } = report;
    let distribution = distributions.get(layout.distributionRows);
    if (!distribution) {
        distribution = [statusSection(model.statusCodes, layout.distributionRows), errorsSection(model.errors, layout.distributionRows)];
        distributions.set(layout.distributionRows, distribution);
    }
    const sections = [
        ...fixed.opening,
        ...fixed.summary,
        stepsSection(model, layout.stepRows),
        streamsSection(model),
        ...fixed.middle,
        layout.stepLocationDetail ? stepLocationSection(model) : omittedNote('Steps by location'),
        ...distribution,
        ...fixed.tail,
    ];
    return joined(sections);
}
function joined(sections) {
    return `${sections.filter((s) => s !== undefined && s !== '').join('\n\n')}\n`;
}
/** When even no step rows fit: the verdict, context, links and footer, which are small. */
function minimalReport(report, max) {
    const note = '_The report is too large for this comment; see the full report._';
    const text = joined([...report.fixed.opening, note, ...report.fixed.tail]);
    if (text.length <= max)
        return text;
    const cut = text.lastIndexOf('\n', max - 1);
    return text.slice(0, Math.max(0, cut + 1));
}
// ---- sections ----
function verdictSection(model) {
    const text = (0,report_model/* textOf */.b6)(model.verdict.text, (t) => (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(t, VERDICT_TEXT_CHARS)));
    return `### ${VERDICT_EMOJI[model.verdict.status]} loadgate: ${text}`;
}
function contextSection(model) {
    const late = model.late ? [`${model.late.warning ? '⚠️ ' : ''}${(0,markdown_blocks/* escapeMarkdown */.FV)(model.late.text)}`] : [];
    return [...model.context.map((part) => (0,report_model/* textOf */.b6)(part, markdown_blocks/* escapeMarkdown */.FV)), ...late].join(' · ');
}
const RESULT_TEXT = { passed: '✅ passed', failed: '❌ failed', warning: '⚠️ warning' };
function checksSection(model) {
    if (model.checks.length === 0)
        return undefined;
    const rows = model.checks.map((c) => [(0,markdown_blocks/* escapeMarkdown */.FV)(c.name), (0,markdown_blocks/* escapeMarkdown */.FV)(c.actual), (0,markdown_blocks/* escapeMarkdown */.FV)(c.limit), RESULT_TEXT[c.result]]);
    const note = model.thresholdNote ? `\n\n⚠️ ${(0,markdown_blocks/* escapeMarkdown */.FV)(model.thresholdNote)}` : '';
    return `#### Checks\n\n${(0,markdown_blocks/* markdownTable */.Qj)(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows)}${note}`;
}
/** `412 ms (+12.3 % ▲ worse)`: the figure, then how it moved since the baseline. */
function figure(f) {
    return f.change ? `${f.text} (${f.change.text})` : f.text;
}
function overallSection(model) {
    const { figures: o, throughput, baselineStartedAt } = model.overall;
    const rows = [
        ['Requests', o.requests],
        ['Errors', o.hasErrors ? `**${o.errors}** (${o.errorKinds})` : o.errors],
        ['Error rate (http\\_fail\\_rate)', o.hasErrors ? `**${figure(o.errorRate)}**` : figure(o.errorRate)],
        ['Iterations', o.iterations],
        ['Failed iterations', o.failures],
        ['Fail rate (fail\\_rate)', figure(o.failRate)],
        ['Throughput', figure(throughput)],
        ...(o.responded
            ? [
                ['avg', figure(o.avg)],
                ['p50', o.p50.text],
                ['p90', o.p90.text],
                ['p95', figure(o.p95)],
                ['p99', figure(o.p99)],
                ['max', o.max.text],
                ['stddev', o.stddev.text],
            ]
            : [['Response times', `${o.p95.text} (no response)`]]),
    ];
    const title = baselineStartedAt ? `#### Overall, against the baseline run of ${(0,markdown_blocks/* escapeMarkdown */.FV)(baselineStartedAt)}` : '#### Overall';
    return `${title}\n\n${(0,markdown_blocks/* markdownTable */.Qj)(['Metric', 'Value'], 'lr', rows)}`;
}
function stepsSection(model, stepRows) {
    const shown = stepRows === null ? model.steps : model.steps.slice(0, stepRows);
    const rows = shown.map((s) => [
        String(s.id),
        (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(s.name, NAME_CHARS)) + (s.isNew ? ' (new)' : ''),
        (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(s.request, NAME_CHARS)),
        s.requests,
        s.hasErrors ? `**${s.errors}**` : s.errors,
        figure(s.errorRate),
        (0,format/* statusText */.qS)(s.status, markdown_blocks/* escapeMarkdown */.FV, (text) => `**${text}**`),
        figure(s.avg),
        s.p50.text,
        figure(s.p95),
        figure(s.p99),
        s.max.text,
    ]);
    const header = ['#', 'Step', 'Request', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
    const parts = [
        '#### Steps',
        (0,markdown_blocks/* markdownTable */.Qj)(header, 'rllrrrlrrrrr', rows),
        '_Errors: requests without a 2xx/3xx answer (no response, or an error status the step does not expect). Status: the most frequent codes; error statuses are in bold._',
    ];
    const hidden = model.steps.length - shown.length;
    if (hidden > 0)
        parts.push(`_… and ${(0,figures/* formatCount */.B4)(hidden)} more ${(0,format/* plural */.LS)(hidden, 'step')} (see the full report)_`);
    const removed = model.removedSteps;
    if (removed.length > 0) {
        const names = removed.slice(0, 10).map((d) => `${d.id} ${(0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(d.name, NAME_CHARS))}`);
        const more = removed.length > 10 ? ` and ${removed.length - 10} more` : '';
        parts.push(`Not run any more since the baseline: ${names.join(', ')}${more}.`);
    }
    return parts.join('\n\n');
}
/** Streaming steps (docs/streaming.md): the time to the first event and the gaps between events, beside the steps' response times. */
function streamsSection(model) {
    const rows = (0,report_model/* streamTableRows */.U4)(model.steps, (name) => (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(name, NAME_CHARS))).map((row) => [
        ...row.cells,
        row.closeCodes,
    ]);
    if (rows.length === 0)
        return undefined;
    const header = [
        '#',
        'Step',
        'Streams',
        'Events',
        'First event p50',
        'First event p95',
        'First event p99',
        'Gap p50',
        'Gap p95',
        'Gap p99',
        'Close codes',
    ];
    return `#### Streams

${(0,markdown_blocks/* markdownTable */.Qj)(header, 'llrrrrrrrrl', rows)}

_First event: from the request (a WebSocket's first message sent) to the first event. Gap: between consecutive events. A step's response times above are the whole exchange._`;
}
function locationsSection(model) {
    if (!model.locations)
        return undefined;
    const rows = model.locations.map((l) => [(0,markdown_blocks/* escapeMarkdown */.FV)(l.name), (0,markdown_blocks/* escapeMarkdown */.FV)(l.egress), ...levelCells(l)]);
    const header = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
    return `#### Locations\n\n${(0,markdown_blocks/* markdownTable */.Qj)(header, 'llrrrrrrr', rows)}`;
}
function levelCells(l) {
    return [l.iterations, l.requests, l.errors, l.errorRate.text, l.avg.text, l.p95.text, l.p99.text];
}
function chartSection(steps) {
    if (steps.length === 0)
        return undefined;
    const charted = chartedSteps(steps);
    const ms = (pick) => `[${charted.map((s) => Math.round(pick(s) * 10) / 10).join(', ')}]`;
    const top = Math.max(...charted.map((s) => s.times.p99));
    const which = charted.length < steps.length ? `the ${CHART_STEPS} steps with the highest p95, in step order` : 'each step';
    const lines = [
        '```mermaid',
        'xychart-beta',
        '  title "Latency per step (ms)"',
        `  x-axis [${charted.map((s) => `"${(0,markdown_blocks/* mermaidLabel */._b)(s.name, CHART_LABEL_CHARS)}"`).join(', ')}]`,
        `  y-axis "ms" 0 --> ${(0,markdown_blocks/* niceCeiling */.n6)(top * 1.1)}`,
        `  bar ${ms((s) => s.times.p99)}`,
        `  bar ${ms((s) => s.times.p95)}`,
        `  bar ${ms((s) => s.times.median)}`,
        '```',
    ];
    const legend = `_p99, p95 and p50 of ${which}, drawn over each other: the tallest bar is p99, the shortest p50._`;
    return ['#### Latency per step', legend, lines.join('\n')].join('\n\n');
}
/** Points in the comment's timeline: Mermaid draws a few dozen legibly, and each costs bytes of the comment. */
const TIMELINE_POINTS = 30;
/**
 * The run over time, from the same buckets as the web report's charts (timeline.ts): the p95 of
 * each second, and responses and late starts per second, so a slow-down or a warm-up spike shows
 * without opening the artifact. Two charts, since ms and "per second" share no axis.
 */
function timelineSection(series) {
    if (series.length < 2)
        return undefined;
    const points = (0,timeline/* bucketSeries */.y)(series, TIMELINE_POINTS);
    const round = (v) => Math.round(v * 10) / 10;
    const list = (values) => `[${values.map(round).join(', ')}]`;
    const xAxis = `  x-axis "s" [${points.xs.map((x) => `"${x}"`).join(', ')}]`;
    const p95 = points.p95.map((v) => v ?? 0);
    const latency = [
        '```mermaid',
        'xychart-beta',
        '  title "p95 per second (ms)"',
        xAxis,
        `  y-axis "ms" 0 --> ${(0,markdown_blocks/* niceCeiling */.n6)(Math.max(...p95) * 1.1)}`,
        `  line ${list(p95)}`,
        '```',
    ];
    const late = points.late.some((v) => v > 0);
    const errors = points.errors.some((v) => v > 0);
    const lines = errors ? 'Responses and errors' : 'Responses';
    const rates = [
        '```mermaid',
        'xychart-beta',
        `  title "${late ? `${lines} (${errors ? 'lines' : 'line'}) and late starts (bars) per second` : `${lines} per second`}"`,
        xAxis,
        `  y-axis "per second" 0 --> ${(0,markdown_blocks/* niceCeiling */.n6)(Math.max(...points.responses, ...points.late) * 1.1)}`,
        ...(late ? [`  bar ${list(points.late)}`] : []),
        `  line ${list(points.responses)}`,
        ...(errors ? [`  line ${list(points.errors)}`] : []),
        '```',
    ];
    const bucket = points.seconds > 1 ? ` Each point covers ${points.seconds} s: the highest p95 of its seconds, the mean rates.` : '';
    const errorLine = errors ? ' The second line is the errors: requests without a 2xx/3xx answer.' : '';
    const legend = `_Each second of the run; 0 ms where a second had no response.${errorLine}${bucket}_`;
    return ['#### Over time', legend, latency.join('\n'), rates.join('\n')].join('\n\n');
}
function shardsSection(model) {
    if (!model.shards)
        return undefined;
    const { headline, late, shards } = model.shards;
    const rows = shards.map((s) => [
        String(s.index),
        (0,markdown_blocks/* escapeMarkdown */.FV)(s.file),
        s.started,
        s.startLag,
        s.iterations,
        s.late ? '⚠️ late' : 'on time',
    ]);
    const table = (0,markdown_blocks/* markdownTable */.Qj)(['Shard', 'File', 'Started', 'Start lag', 'Iterations', ''], 'rllrrl', rows);
    return `#### Shards\n\n${late ? '⚠️ ' : ''}${headline}\n\n${table}`;
}
function capacitySection(model) {
    return model.capacity && `#### Capacity\n\n${(0,capacity/* capacityMarkdown */.G8)(model.capacity)}`;
}
function comparisonSection(model) {
    if (!model.comparison)
        return undefined;
    const { title, markdown } = (0,comparison/* comparisonMarkdown */.vR)(model.comparison);
    return `#### ${(0,markdown_blocks/* escapeMarkdown */.FV)(title)}\n\n${markdown}`;
}
function latencySection(model) {
    if (!model.latency)
        return undefined;
    const { title, markdown } = (0,latency/* latencyMarkdown */.eE)(model.latency.result, model.latency.outcomes);
    return `#### ${(0,markdown_blocks/* escapeMarkdown */.FV)(title)}\n\n${markdown}`;
}
function stepLocationSection(model) {
    const rows = model.stepLocations.map((l) => [
        (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(l.stepName, NAME_CHARS)),
        (0,markdown_blocks/* escapeMarkdown */.FV)(l.location),
        ...levelCells(l),
    ]);
    if (rows.length === 0)
        return undefined;
    const header = ['Step', 'Location', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
    return (0,markdown_blocks/* details */.zH)('Steps by location', (0,markdown_blocks/* markdownTable */.Qj)(header, 'llrrrrrrr', rows));
}
function statusSection(entries, limit) {
    if (entries.length === 0)
        return undefined;
    const rows = distributionRows(entries, 20, limit);
    return (0,markdown_blocks/* details */.zH)('Status codes per step', [(0,markdown_blocks/* markdownTable */.Qj)(['Step', 'Status', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n'));
}
function errorsSection(entries, limit) {
    if (entries.length === 0)
        return '**Errors:** none.';
    const rows = distributionRows(entries, REASON_CHARS, limit);
    return (0,markdown_blocks/* details */.zH)('Errors per step', [(0,markdown_blocks/* markdownTable */.Qj)(['Step', 'Error', 'Count'], 'llr', rows.rows), ...rows.note].join('\n\n'));
}
function linksSection(model) {
    const links = [markdown_link('Full report', model.links.fullReport), markdown_link('HTML report', model.links.htmlReport)];
    const present = links.filter((l) => l !== undefined);
    return present.length > 0 ? `🔗 ${present.join(' · ')}` : undefined;
}
function footer(model) {
    const { about } = model;
    const parts = [`loadgate ${(0,markdown_blocks/* escapeMarkdown */.FV)(about.version)}`];
    if (about.definitionFile)
        parts.push((0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(about.definitionFile, NAME_CHARS)));
    parts.push(`started ${(0,markdown_blocks/* escapeMarkdown */.FV)(about.startedAt)}`);
    return `<sub>${parts.join(' · ')}</sub>`;
}
function omittedNote(what) {
    return `_${what} left out to keep this report within its size limit; see the full report._`;
}
// ---- building blocks ----
/** Rows of (step, key, count) in step order; with a limit, the `limit` most frequent across all steps and a note. */
function distributionRows(entries, keyChars, limit) {
    const kept = limit === null ? entries : [...entries].sort((a, b) => b.count - a.count).slice(0, limit);
    const rows = kept.map((e) => [
        (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(e.stepName, NAME_CHARS)),
        (0,markdown_blocks/* escapeMarkdown */.FV)((0,format/* truncate */.xv)(e.key, keyChars)),
        (0,figures/* formatCount */.B4)(e.count),
    ]);
    const note = kept.length < entries.length
        ? [`_The ${kept.length} most frequent of ${(0,figures/* formatCount */.B4)(entries.length)}; see the full report for all._`]
        : [];
    return { rows, note };
}
/** The steps in step order, or when there are too many, the slowest by p95. */
function chartedSteps(steps) {
    if (steps.length <= CHART_STEPS)
        return [...steps];
    const slowest = new Set([...steps].sort((a, b) => b.times.p95 - a.times.p95).slice(0, CHART_STEPS));
    return steps.filter((s) => slowest.has(s));
}
/** `[Full report](<url>)` for http(s) URLs; a file path (embedded run outside Actions) as text. */
function markdown_link(label, url) {
    if (!url)
        return undefined;
    if (!/^https?:\/\//i.test(url))
        return `${label}: ${(0,markdown_blocks/* escapeMarkdown */.FV)(url)}`;
    const safe = url.replace(/[\s<>()]/g, (c) => encodeURIComponent(c));
    return `[${label}](${safe})`;
}

;// CONCATENATED MODULE: ./src/pipeline/ci-reports.ts
// The reports other CI systems read (docs/ci.md), written where the user asked: JUnit XML
// (`--junit`, input junit-file), GitLab's metrics report (`--gitlab-metrics`, input
// gitlab-metrics-file) and the CLI's Markdown summary (`--summary-file`, docs/history.md).





/** The paths written, absolute, for the caller to name in its log. */
async function writeCiReports(files, result, judgement, model) {
    const written = [];
    if (files.junit) {
        written.push((0,external_node_path_.resolve)(files.junit));
        await (0,promises_.writeFile)(files.junit, renderJunit([{ result, judgement }]));
    }
    if (files.gitlabMetrics) {
        written.push((0,external_node_path_.resolve)(files.gitlabMetrics));
        await (0,promises_.writeFile)(files.gitlabMetrics, renderGitlabMetrics(result));
    }
    if (files.summary && model) {
        written.push((0,external_node_path_.resolve)(files.summary));
        await (0,promises_.writeFile)(files.summary, renderMarkdown(model));
    }
    return written;
}

// EXTERNAL MODULE: ./src/definition/json-text.ts
var json_text = __webpack_require__(48939);
// EXTERNAL MODULE: ./src/definition/text-file.ts
var text_file = __webpack_require__(96093);
// EXTERNAL MODULE: ./src/history/figures.ts
var history_figures = __webpack_require__(89757);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/history/history.ts
var history_history = __webpack_require__(43328);
;// CONCATENATED MODULE: ./src/pipeline/history.ts
// History's file side (docs/history.md): the --history paths (files, or folders read for every
// *.json below them) read as earlier results of this test, and the gate's history baseline.
// Nothing here is an error: a missing path, a corrupt file or another test's results is a note,
// and the run goes on with the history it has.
// glob is read from the module when called: a named import of it fails to link on a Node older
// than 22, before the entry's Node check (src/action/node-guard.ts) can say so in one line.








/** A results file is read whole; one with every histogram of a large run stays well below this. */
const MAX_RESULTS_BYTES = 256 * 1024 * 1024;
/** Reads every path (files, or folders of *.json) and keeps the newest `size` runs of `testName`. */
async function readHistory(paths, testName, size) {
    const notes = [];
    const files = [];
    for (const path of paths) {
        const found = await filesAt(path);
        if (typeof found === 'string') {
            notes.push(`history: skipped ${path}: ${found}`);
            continue;
        }
        if (found.length === 0)
            notes.push(`history: nothing found at ${path}`);
        for (const f of found)
            if (!files.some((seen) => seen.file === f.file))
                files.push(f);
    }
    const read = await Promise.all(files.map(({ file, id }) => readRun(file, id)));
    const runs = read.filter((r) => typeof r !== 'string');
    notes.push(...read.filter((r) => typeof r === 'string'));
    const selected = (0,history_history/* selectHistory */.x1)(runs, testName, size);
    return { runs: selected.runs, notes: [...notes, ...selected.notes] };
}
/** What a path that is neither a regular file nor a folder is, for the note that skips it. */
function otherKind(info) {
    if (info.isFIFO())
        return 'a FIFO (named pipe)';
    if (info.isCharacterDevice())
        return 'a character device';
    if (info.isBlockDevice())
        return 'a block device';
    if (info.isSocket())
        return 'a socket';
    return 'not a regular file';
}
/**
 * A file as given, or every *.json below a folder, each with the id history names it by; none for
 * a path that does not exist. Anything else (a device, a FIFO, a symbolic link that loops) is
 * named as such rather than taken for a place where nothing was found.
 */
async function filesAt(path) {
    const info = await (0,promises_.stat)(path).catch((error) => error);
    if (info instanceof Error) {
        if (info.code === 'ENOENT')
            return [];
        if (info.code === 'ELOOP')
            return 'a symbolic link that loops (ELOOP), not a results file or a folder of them';
        return `cannot be read (${info.code ?? info.message})`;
    }
    if (info.isFile())
        return [{ file: path, id: idOf((0,external_node_path_.basename)(path)) }];
    if (!info.isDirectory())
        return `${otherKind(info)}, not a results file or a folder of them`;
    const found = [];
    for await (const entry of promises_.glob('**/*.json', { cwd: path, withFileTypes: true })) {
        if (!entry.isFile())
            continue;
        const file = (0,external_node_path_.join)(entry.parentPath, entry.name);
        found.push({ file, id: idOf((0,external_node_path_.relative)(path, file)) });
    }
    return found.sort((a, b) => a.id.localeCompare(b.id));
}
function idOf(name) {
    return name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
}
/** One earlier run, or the note saying why the file is not one. */
async function readRun(file, id, sha) {
    const text = await (0,text_file/* readTextFile */.Gu)(file, MAX_RESULTS_BYTES);
    if (!text.ok)
        return `history: skipped ${file}: ${text.reason}`;
    const parsed = (0,json_text/* parseJsonText */.lk)(text.value, file);
    if (!parsed.ok)
        return `history: skipped ${file}: not JSON (${parsed.problems[0]?.message ?? 'unreadable'})`;
    const result = asResult(parsed.value.json);
    if (typeof result === 'string')
        return `history: skipped ${file}: not a loadgate results file (${result})`;
    const unreadable = await unreadableFigures(result);
    if (unreadable)
        return `history: skipped ${file}: ${unreadable}`;
    const headSha = parsed.value.json.github?.head_sha;
    const known = sha ?? (typeof headSha === 'string' ? headSha : undefined);
    return { id, ...(known && { sha: known }), result };
}
/** The result without its own history and github blocks (an earlier run's history is not nested in ours). */
function asResult(json) {
    const raw = json;
    if (!raw || typeof raw !== 'object')
        return 'expected an object';
    if (!raw.results || !Array.isArray(raw.results.steps))
        return 'results.steps is not an array';
    if (typeof raw.run?.name !== 'string' || typeof raw.run.started_at !== 'string')
        return 'run.name and run.started_at are missing';
    const startedAt = Date.parse(raw.run.started_at);
    if (!Number.isFinite(startedAt))
        return `run.started_at is ${JSON.stringify(raw.run.started_at)}: expected a date and time (ISO 8601)`;
    if (startedAt > Date.now())
        return `run.started_at is ${raw.run.started_at}: a date in the future`;
    const { history: _history, github: _github, ...result } = raw;
    return result;
}
/**
 * A file shaped like results whose figures still cannot be read (a field missing or of the wrong
 * type, histograms that do not decode) is skipped, not a crash; so is one with a figure that is
 * not a finite number of at least 0 (`rps: -1e308`), which a median baseline would carry.
 */
async function unreadableFigures(result) {
    await (0,histogram/* initHistograms */.ay)();
    let figures;
    try {
        figures = (0,history_figures/* figuresOf */.h)(result);
    }
    catch (error) {
        const where = result.histograms === undefined ? '' : ' (are its histograms, in results.histograms, those loadgate writes?)';
        return `its figures cannot be read: ${error.message}${where}`;
    }
    const { rps } = result.run;
    if (typeof rps !== 'number' || !Number.isFinite(rps) || rps < 0)
        return `run.rps is ${rps}: expected a finite number of at least 0`;
    const levels = [
        ['overall', figures.overall],
        ...Object.entries(figures.steps).map(([id, f]) => [`step ${id}`, f]),
    ];
    for (const [level, values] of levels) {
        for (const [name, value] of Object.entries(values)) {
            if (!Number.isFinite(value) || value < 0)
                return `its ${name} figure (${level}) is ${value}: expected a finite number of at least 0`;
        }
    }
    return undefined;
}
/**
 * The history a gate holds: the runs of this test and, with `baseline: history[:K]`, the runs whose
 * median is the baseline. Finding none is a note in the report; relative thresholds are then left
 * unchecked and named there.
 */
async function historyForGate(source, testName, size, spec, thresholds) {
    const read = 'paths' in source ? await readHistory(source.paths, testName, size) : source.found;
    return spec ? withHistoryBaseline(read, spec, thresholds) : { history: read, unchecked: [] };
}
/**
 * The history baseline's runs; with no history, the thresholds relative to it are left unchecked
 * and a note names them (no history is never an error).
 */
function withHistoryBaseline(history, spec, thresholds) {
    const runs = (0,history_history/* baselineRuns */.KQ)(history.runs, spec);
    if (runs.length > 0)
        return { history: { ...history, baseline: runs }, unchecked: [] };
    const unchecked = thresholds.filter((t) => t.baseline);
    const note = unchecked.length > 0
        ? `history: no earlier runs, so the baseline is empty; not checked: ${unchecked.map((t) => t.source).join(', ')}`
        : 'history: no earlier runs, so the baseline is empty';
    return { history: { ...history, notes: [...history.notes, note] }, unchecked };
}

// EXTERNAL MODULE: ./src/verdict/judge.ts + 1 modules
var judge = __webpack_require__(77995);
// EXTERNAL MODULE: ./src/engine/worker-count.ts
var worker_count = __webpack_require__(36356);
// EXTERNAL MODULE: ./src/engine/run.ts + 2 modules
var run = __webpack_require__(89035);
// EXTERNAL MODULE: ./src/engine/stop-deadline.ts
var stop_deadline = __webpack_require__(71501);
// EXTERNAL MODULE: ./src/engine/check-body.ts
var check_body = __webpack_require__(9355);
;// CONCATENATED MODULE: ./src/hosted/api-key.ts
// Where the CLI finds the service's API key: --api-key-file FILE, the environment variable named
// by --api-key-env (LOADGATE_API_KEY), or --api-key KEY. The first two keep the key out of the
// command line, so out of shell history and the process list; --api-key is there for the one-off
// run where that trade-off is acceptable (docs/interface.md 10).

const MISSING_KEY_HELP = 'set the environment variable LOADGATE_API_KEY (or the one --api-key-env names), or give --api-key-file FILE ' +
    '(--api-key KEY works too, but shell history and the process list keep it)';
/** The key, from the one source given; `readText` reads a file (injected so this stays testable). */
async function resolveApiKey(sources, env, readText) {
    if (sources.key !== undefined && sources.file !== undefined) {
        throw new errors/* InputError */.dz([{ path: '--api-key', message: 'give --api-key or --api-key-file, not both' }]);
    }
    if (sources.key !== undefined) {
        if (sources.key.trim() === '')
            throw new errors/* InputError */.dz([{ path: '--api-key', message: `the key is empty: ${MISSING_KEY_HELP}` }]);
        return sources.key.trim();
    }
    if (sources.file !== undefined)
        return keyFromFile(sources.file, readText);
    const fromEnv = env[sources.variable]?.trim() ?? '';
    if (fromEnv === '') {
        throw new errors/* InputError */.dz([
            {
                path: '--api-url',
                message: `no API key for the service: the environment variable ${sources.variable} is not set; ${MISSING_KEY_HELP}`,
            },
        ]);
    }
    return fromEnv;
}
/** The first line that is not blank or a `#` comment, trimmed: the same format `serve --api-key-file` reads. */
async function keyFromFile(file, readText) {
    let text;
    try {
        text = await readText(file);
    }
    catch (error) {
        throw new errors/* InputError */.dz([{ file, path: '--api-key-file', message: `cannot read the API key file: ${error.message}` }]);
    }
    const key = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .find((line) => line !== '' && !line.startsWith('#'));
    if (key === undefined)
        throw new errors/* InputError */.dz([
            { file, path: '--api-key-file', message: 'the file holds no key (one line with the key; blank lines and # comments are skipped)' },
        ]);
    return key;
}

// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/latency/session.ts + 1 modules
var session = __webpack_require__(75888);
// EXTERNAL MODULE: ./src/thresholds/latency.ts
var thresholds_latency = __webpack_require__(16902);
// EXTERNAL MODULE: ./src/thresholds/syntax.ts
var syntax = __webpack_require__(15173);
// EXTERNAL MODULE: ./src/definition/load.ts + 1 modules
var load = __webpack_require__(92184);
// EXTERNAL MODULE: ./src/compare/settings.ts
var compare_settings = __webpack_require__(20254);
// EXTERNAL MODULE: ./src/report/progress.ts
var progress = __webpack_require__(18991);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./node_modules/string-width/index.js + 6 modules
var string_width = __webpack_require__(74292);
;// CONCATENATED MODULE: ./src/report/terminal.ts
// The CLI's end-of-run summary: the report model as aligned plain text, the same figures and words
// as the Markdown report. Colour only when asked for (a TTY); user text is stripped of control
// characters so a step name cannot move the cursor or change colours.








const DEFAULT_WIDTH = 120;
/** Steps printed before the rest are counted; the results file has them all. */
const TERMINAL_STEPS = 50;
const TOP_ERRORS = 10;
const MIN_TEXT_COLUMN = 8;
const TERMINAL_STATUS_CODES = 3;
const SYMBOL = { passed: '✔', failed: '✘', incomplete: '!' };
const COLOUR = { passed: 32, failed: 31, incomplete: 33 };
const GREEN = 32;
const RED = 31;
const YELLOW = 33;
const BOLD = 1;
function renderTerminal(model, opts) {
    const paint = opts.color ? (code, text) => (code === 0 ? text : `\u001b[${code}m${text}\u001b[0m`) : (_, text) => text;
    const width = Math.max(60, opts.width ?? DEFAULT_WIDTH);
    const blocks = [
        header(model, paint),
        checkLines(model, paint),
        overallLines(model, paint),
        stepLines(model, width, paint),
        streamLines(model, width),
        locationLines(model),
        shardLines(model),
        model.history ? (0,report_history/* historyTerminal */.dX)(model.history, clean) : [],
        errorLines(model),
        linkLines(model),
    ];
    const text = `${blocks
        .filter((b) => b.length > 0)
        .map((b) => b.join('\n'))
        .join('\n\n')}\n`;
    const sections = [
        ...(model.comparison ? [(0,comparison/* comparisonTerminal */.Ih)(model.comparison, opts)] : []),
        ...(model.latency ? [(0,latency/* latencyTerminal */.pe)(model.latency.result, { ...opts, outcomes: model.latency.outcomes })] : []),
    ];
    return [text, ...sections].join('\n');
}
/** User text for a terminal: control characters (ESC included) become spaces. */
const clean = format/* oneLine */.TN;
function header(model, paint) {
    const status = model.verdict.status;
    const lines = [paint(COLOUR[status], paint(BOLD, `${SYMBOL[status]} loadgate: ${(0,report_model/* textOf */.b6)(model.verdict.text, clean)}`))];
    lines.push(`  ${model.context.map((part) => (0,report_model/* textOf */.b6)(part, clean)).join(' · ')}`);
    if (model.late?.warning)
        lines.push(`  ${paint(YELLOW, `! ${model.late.text}`)}`);
    else if (model.late)
        lines.push(`  note: ${model.late.text}`);
    return lines;
}
function checkLines(model, paint) {
    if (model.checks.length === 0)
        return [];
    const note = model.thresholdNote ? [paint(YELLOW, `! ${model.thresholdNote}`)] : [];
    const described = model.checks.map((c) => clean(c.name));
    const pad = Math.max(...described.map((d) => (0,string_width/* default */.A)(d)));
    const marks = { passed: paint(GREEN, '✔ pass'), failed: paint(RED, '✘ FAIL'), warning: paint(YELLOW, '! warn') };
    const lines = model.checks.map((c, i) => {
        const limit = c.limit === '' ? '' : `  limit ${clean(c.limit)}`;
        return `  ${marks[c.result]}  ${padEndColumns(described[i] ?? '', pad)}  actual ${clean(c.actual)}${limit}`;
    });
    return ['Checks', ...lines, ...note];
}
function overallLines(model, paint) {
    const { figures: o, throughput, baselineStartedAt } = model.overall;
    const requests = [`requests ${o.requests}`, o.hasErrors ? paint(RED, o.errorSummary) : o.errorSummary, throughput.text];
    const iterations = [`iterations ${o.iterations}`, `failed iterations ${o.failures} (fail_rate ${o.failRate.text})`];
    const times = o.responded
        ? [
            `avg ${o.avg.text}`,
            `p50 ${o.p50.text}`,
            `p90 ${o.p90.text}`,
            `p95 ${o.p95.text}`,
            `p99 ${o.p99.text}`,
            `max ${o.max.text}`,
            `stddev ${o.stddev.text}`,
        ]
        : [`response times ${format/* NO_RESPONSE */.ei} (no response)`];
    const lines = ['Overall', `  ${requests.join(' · ')}`, `  ${iterations.join(' · ')}`, `  ${times.join(' · ')}`];
    if (!baselineStartedAt)
        return lines;
    const changed = [
        ['avg', o.avg],
        ['p95', o.p95],
        ['p99', o.p99],
        ['http_fail_rate', o.errorRate],
        ['fail_rate', o.failRate],
        ['rps', throughput],
    ];
    const changes = changed.flatMap(([metric, f]) => {
        if (!f.change)
            return [];
        const text = `${metric} ${f.text} (${f.change.text})`;
        return [f.change.verdict === 'worse' ? paint(RED, text) : f.change.verdict === 'better' ? paint(GREEN, text) : text];
    });
    return [...lines, `  against the baseline of ${baselineStartedAt}:`, ...changes.map((c) => `    ${c}`)];
}
function stepLines(model, width, paint) {
    if (model.steps.length === 0)
        return [];
    const rows = model.steps
        .slice(0, TERMINAL_STEPS)
        .map((s) => [
        String(s.id),
        clean(s.name),
        clean(s.request),
        s.requests,
        s.hasErrors ? paint(RED, s.errors) : s.errors,
        s.errorRate.text,
        compactStatus(s.status, paint),
        s.avg.text,
        s.p50.text,
        s.p95.text,
        s.p99.text,
        s.max.text,
    ]);
    const head = ['#', 'Step', 'Request', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
    const lines = ['Steps', ...alignedTable(head, rows, { width, textColumns: [1, 2], leftColumns: [1, 2, 6] })];
    const hidden = model.steps.length - TERMINAL_STEPS;
    if (hidden > 0)
        lines.push(`  … and ${(0,figures/* formatCount */.B4)(hidden)} more ${(0,format/* plural */.LS)(hidden, 'step')} (see the full report)`);
    return lines;
}
/** Streaming steps: the time to the first event and the gaps between events (docs/streaming.md). */
function streamLines(model, width) {
    const rows = (0,report_model/* streamTableRows */.U4)(model.steps, clean)
        .slice(0, TERMINAL_STEPS)
        .map((row) => row.cells);
    if (rows.length === 0)
        return [];
    const head = ['#', 'Step', 'Streams', 'Events', 'first p50', 'first p95', 'first p99', 'gap p50', 'gap p95', 'gap p99'];
    return ['Streams (first event, gaps between events)', ...alignedTable(head, rows, { width, textColumns: [1], leftColumns: [1] })];
}
function locationLines(model) {
    if (!model.locations)
        return [];
    const rows = model.locations.map((l) => [
        clean(l.name),
        clean(l.egress),
        l.iterations,
        l.requests,
        l.errors,
        l.errorRate.text,
        l.avg.text,
        l.p95.text,
        l.p99.text,
    ]);
    const head = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p95', 'p99'];
    return ['Locations', ...alignedTable(head, rows, { width: Number.POSITIVE_INFINITY, textColumns: [0, 1] })];
}
/** A merged run: the headline, then a line per shard. */
function shardLines(model) {
    if (!model.shards)
        return [];
    const { headline, late, shards } = model.shards;
    return [
        `${late ? '! ' : ''}${headline}`,
        ...shards.map((s) => `  shard ${s.index}  ${clean(s.file)}  started ${s.started}, lag ${s.startLag}, ${s.iterations} iterations${s.late ? ', late' : ''}`),
    ];
}
function errorLines(model) {
    const entries = [...model.errors].sort((a, b) => b.count - a.count);
    if (entries.length === 0)
        return [];
    const top = entries.slice(0, TOP_ERRORS);
    const pad = Math.max(...top.map((e) => (0,figures/* formatCount */.B4)(e.count).length));
    const lines = top.map((e) => `  ${(0,figures/* formatCount */.B4)(e.count).padStart(pad)}  ${clean((0,format/* truncate */.xv)(e.key, 100))}  (step ${e.stepId} ${clean((0,format/* truncate */.xv)(e.stepName, 40))}${e.target ? `, ${clean((0,format/* truncate */.xv)(e.target, 80))}` : ''})`);
    const more = entries.length > TOP_ERRORS ? [`  … and ${entries.length - TOP_ERRORS} more`] : [];
    return ['Top errors', ...lines, ...more];
}
function linkLines(model) {
    const lines = [];
    if (model.links.fullReport)
        lines.push(`Full report: ${clean(model.links.fullReport)}`);
    if (model.links.htmlReport)
        lines.push(`HTML report: ${clean(model.links.htmlReport)}`);
    return lines;
}
/** `200, 503 ×6`: the codes, and a count beside each error, which is in red; narrow enough for a terminal row. */
function compactStatus(counts, paint) {
    if (counts.length === 0)
        return format/* NO_RESPONSE */.ei;
    const shown = counts.slice(0, TERMINAL_STATUS_CODES).map((c) => {
        const code = clean((0,format/* truncate */.xv)(c.code, 5));
        return c.error ? paint(RED, `${code} ×${(0,figures/* formatCount */.B4)(c.count)}`) : code;
    });
    const rest = counts.length - TERMINAL_STATUS_CODES;
    return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}
/**
 * Columns padded to their widest cell by display width (wide CJK characters take two columns,
 * colour codes none), numbers right-aligned. When the table is wider than `width`, the text
 * columns (names) are cut, sharing what is left, never below a minimum.
 */
function alignedTable(head, rows, layout) {
    const widths = head.map((h, c) => Math.max((0,string_width/* default */.A)(h), ...rows.map((r) => (0,string_width/* default */.A)(r[c] ?? ''))));
    const gap = 2;
    const indent = 2;
    const total = indent + widths.reduce((a, w) => a + w, 0) + gap * (widths.length - 1);
    if (total > layout.width) {
        const fixed = total - layout.textColumns.reduce((a, c) => a + (widths[c] ?? 0), 0);
        const share = Math.max(MIN_TEXT_COLUMN, Math.floor((layout.width - fixed) / layout.textColumns.length));
        for (const c of layout.textColumns)
            widths[c] = Math.min(widths[c] ?? 0, share);
    }
    const line = (cells) => ' '.repeat(indent) +
        cells
            .map((cell, c) => {
            const w = widths[c] ?? 0;
            const text = layout.textColumns.includes(c) ? truncateColumns(cell, w) : cell;
            return (layout.leftColumns ?? layout.textColumns).includes(c) ? padEndColumns(text, w) : padStartColumns(text, w);
        })
            .join(' '.repeat(gap))
            .trimEnd();
    return [line(head), ...rows.map(line)];
}
/** Cuts text to at most `width` columns, ending in `…` when cut (a cut text loses its colours). */
function truncateColumns(text, width) {
    if ((0,string_width/* default */.A)(text) <= width)
        return text;
    let out = '';
    for (const ch of (0,external_node_util_.stripVTControlCharacters)(text)) {
        if ((0,string_width/* default */.A)(`${out}${ch}…`) > width)
            break;
        out += ch;
    }
    return `${out}…`;
}
function padEndColumns(text, width) {
    return text + ' '.repeat(Math.max(0, width - (0,string_width/* default */.A)(text)));
}
function padStartColumns(text, width) {
    return ' '.repeat(Math.max(0, width - (0,string_width/* default */.A)(text))) + text;
}

// EXTERNAL MODULE: ./src/report/html.ts + 1 modules
var html = __webpack_require__(55612);
;// CONCATENATED MODULE: ./src/verdict/on-saturated.ts
/** `fail` (the default) or `warn`; a problem naming `name` otherwise. */
function parseOnSaturated(text, name) {
    const value = text.trim() || 'fail';
    if (value === 'fail' || value === 'warn')
        return value;
    return { path: name, message: `expected fail or warn, got "${value}"` };
}

// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/settings/table.ts
var table = __webpack_require__(22221);
;// CONCATENATED MODULE: ./src/cli/help.ts
// What each CLI command says about itself: `loadgate <command> --help`, `loadgate help <command>`,
// and the overview that `loadgate help` prints. The options come from the settings table
// (src/settings/table.ts); docs are named by URL, since the installed package ships no docs/.


/** Where the docs are read: the repository's docs/ folder on main (test/settings.test.ts checks it against package.json). */
const DOCS_URL = 'https://github.com/loadgate/loadgate/blob/main/docs';
const COMMANDS = {
    run: {
        synopsis: 'run <definition.json> [options]',
        about: 'Run a load test here (or on a service with --api-url), judge it, print the summary and write the results.',
    },
    validate: {
        synopsis: 'validate <definition.json> [options]',
        about: 'Check a definition, its data files and thresholds without sending anything.',
    },
    compare: {
        synopsis: 'compare <definition.json> --compare-environment FILE [options]',
        about: 'Measure head against base in interleaved rounds and test the difference per step (docs/comparison.md).',
    },
    merge: {
        synopsis: 'merge <FILE|DIR|GLOB>... [options]',
        about: 'Merge the shard results files of a sharded run exactly, then judge and report as for run.',
    },
    latency: {
        synopsis: 'latency <url> [options]',
        about: 'Measure DNS, connect, TLS, time to first byte and total from a list of locations (docs/latency.md).',
    },
    'wait-for': {
        synopsis: 'wait-for <url> [options]',
        about: 'Poll a URL until the service answers with any HTTP status; exit 2 after the timeout.',
    },
    import: {
        synopsis: 'import har|postman|openapi|curl <file|-> [options]',
        about: "Write a definition from a browser's HAR, a Postman collection, an OpenAPI document or curl lines (docs/import.md).",
    },
    serve: {
        synopsis: 'serve [options]',
        about: 'Run the load and latency testing service of docs/interface.md on this machine (docs/server.md).',
    },
    shard: {
        synopsis: 'shard --server URL --test ID',
        about: "One shard of a test on `serve --executor kubernetes` (a Job's pod runs it; docs/kubernetes.md).",
    },
    capacity: {
        synopsis: "capacity <definition.json> --slo 'p99 < 100ms' [options]",
        about: 'Find the highest rate at which every SLO holds: probes rising ×2, then bisected (docs/capacity.md).',
    },
    help: { synopsis: 'help [command]', about: "Print this overview, or one command's options." },
};
const EXIT_CODES = `Exit codes: 0 passed, 1 a check failed, 2 bad input or the run could not be carried out (nothing sent),
  130/143 stopped by SIGINT/SIGTERM (the results so far written, marked incomplete; never a pass).`;
/** `docs/verdict.md` → its URL in the repository. */
function withDocUrls(text) {
    return text.replace(/\bdocs\/([\w-]+\.md)/g, `${DOCS_URL}/$1`);
}
function overview() {
    const width = Math.max(...Object.values(COMMANDS).map((c) => c.synopsis.length));
    const lines = Object.values(COMMANDS).map((c) => `  loadgate ${c.synopsis.padEnd(width)}  ${c.about}`);
    return withDocUrls([
        `loadgate ${version/* VERSION */.x}: load-test HTTP services and gate on the results.`,
        '',
        'Usage:',
        ...lines,
        '',
        `loadgate <command> --help lists its options; every setting: docs/settings.md`,
        EXIT_CODES,
    ].join('\n'));
}
/** `-e, --var KEY=VALUE` */
function flagsText(setting) {
    const long = `--${setting.name}${setting.value ? ` ${setting.value}` : ''}`;
    return setting.short ? `-${setting.short}, ${long}` : long;
}
/** The help line's text: what it does, its default, and the older spellings that still work. */
function optionText(setting, command) {
    const fallback = (0,table/* defaultOf */.HA)(setting, command);
    const shownDefault = fallback !== undefined && setting.type === 'string' ? ` (default ${fallback})` : '';
    const aliases = setting.aliases?.length ? ` [was ${setting.aliases.map((a) => `--${a}`).join(', ')}]` : '';
    return `${(0,table/* helpOf */.ZL)(setting, command)}${shownDefault}${aliases}`;
}
function commandHelp(name) {
    const help = COMMANDS[name];
    const settings = name === 'help' ? [] : (0,table/* settingsOf */.f5)(name);
    const width = Math.max(0, ...settings.map((s) => flagsText(s).length));
    const options = settings.map((s) => `  ${flagsText(s).padEnd(width)}  ${optionText(s, name)}`);
    return withDocUrls([`loadgate ${help.synopsis}`, '', help.about, ...(options.length > 0 ? ['', 'Options:', ...options] : []), '', EXIT_CODES].join('\n'));
}

// EXTERNAL MODULE: ./src/cli/io.ts
var cli_io = __webpack_require__(71604);
// EXTERNAL MODULE: ./src/settings/argv.ts
var settings_argv = __webpack_require__(95631);
// EXTERNAL MODULE: ./src/settings/exclusive.ts
var exclusive = __webpack_require__(15201);
// EXTERNAL MODULE: ./src/settings/suggest.ts
var suggest = __webpack_require__(68843);
// EXTERNAL MODULE: ./src/settings/values.ts
var values = __webpack_require__(535);
// EXTERNAL MODULE: ./src/variables/empty-secrets.ts
var empty_secrets = __webpack_require__(93304);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(46752);
// EXTERNAL MODULE: ./src/engine/errors.ts
var engine_errors = __webpack_require__(17679);
;// CONCATENATED MODULE: ./src/pipeline/wait-for.ts
// Waiting for the target: polls a URL until the service behind it answers with any HTTP status
// (a 503 from a service that is still warming up counts: it is listening), so a load test starts
// only once there is something to test. The action's `wait-for` input and `loadgate wait-for`.





const DEFAULT_WAIT_TIMEOUT_S = 60;
/** Between two attempts; a service that is coming up is seen within half a second. */
const POLL_INTERVAL_MS = 500;
/** One attempt's deadline: a service that accepts connections but hangs is retried, not waited on forever. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/**
 * Even the attempt at the overall deadline gets this long, so that the reason given is the
 * service's (refused, reset…) and not a cut-off of our own; the wait may end up to this late.
 */
const MIN_ATTEMPT_MS = 1_000;
/** The URL and the timeout as the user wrote them; the problems name the input or flag. */
function parseWaitFor(url, timeout, names) {
    const problems = [];
    const href = httpUrl(url);
    if (href === undefined)
        problems.push({ path: names.url, message: `expected an http:// or https:// URL to poll, got "${url}"` });
    const timeoutS = timeout.trim() === '' ? DEFAULT_WAIT_TIMEOUT_S : (0,values/* duration */.p0)(timeout, names.timeout);
    if ((0,errors/* isProblem */.AN)(timeoutS))
        problems.push(timeoutS);
    else if (timeoutS <= 0)
        problems.push({ path: names.timeout, message: `expected a duration greater than 0, got "${timeout}"` });
    return problems.length > 0 || (0,errors/* isProblem */.AN)(timeoutS) ? (0,errors/* failed */.gz)(problems) : (0,errors/* parsed */.Yz)({ url: href, timeoutS });
}
/** The URL as the WHATWG parser writes it (no line breaks left to reach a log), if it is http(s). */
function httpUrl(text) {
    try {
        const url = new URL(text);
        return /^https?:$/.test(url.protocol) ? url.href : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Resolves with the first answer; rejects once `timeoutS` has passed without one (naming the URL
 * and the last reason), or when `signal` aborts.
 */
async function waitFor(settings, options = {}) {
    const started = performance.now();
    const deadline = started + settings.timeoutS * 1000;
    const agent = new undici/* Agent */.g6({ connect: { rejectUnauthorized: !options.insecure } });
    try {
        for (let attempt = 1;; attempt++) {
            const attemptMs = Math.ceil(Math.min(ATTEMPT_TIMEOUT_MS, Math.max(MIN_ATTEMPT_MS, deadline - performance.now())));
            const answer = await poll(settings.url, agent, attemptMs, options.signal);
            if (typeof answer === 'number')
                return { status: answer, attempts: attempt, elapsedMs: performance.now() - started };
            const left = deadline - performance.now();
            if (left <= 0) {
                throw new Error(`wait-for: ${settings.url} did not answer within ${settings.timeoutS} s (${attempt} attempt${attempt === 1 ? '' : 's'}, last: ${answer})`);
            }
            options.onRetry?.(attempt, answer);
            await (0,external_node_timers_promises_.setTimeout)(Math.min(POLL_INTERVAL_MS, left), undefined, { signal: options.signal });
        }
    }
    finally {
        await agent.destroy();
    }
}
/** The status of one answer, or why there was none. A cancellation by `signal` is thrown. */
async function poll(url, agent, timeoutMs, signal) {
    const attemptTimeout = AbortSignal.timeout(timeoutMs);
    try {
        const { statusCode, body } = await (0,undici/* request */.Em)(url, {
            dispatcher: agent,
            signal: signal ? AbortSignal.any([signal, attemptTimeout]) : attemptTimeout,
        });
        await body.dump();
        return statusCode;
    }
    catch (error) {
        if (signal?.aborted)
            throw signal.reason;
        if (attemptTimeout.aborted)
            return `no answer within ${(timeoutMs / 1000).toFixed(1)} s`;
        return (0,engine_errors/* classifyError */.f)(error, false);
    }
}

;// CONCATENATED MODULE: ./src/cli/cli.ts
// `loadgate run | validate | …`: the same pipeline as the action, with terminal output.
// Exit codes (docs/verdict.md): 0 passed, 1 a check failed, 2 bad input (nothing sent),
// 130/143 stopped by SIGINT/SIGTERM (results written, marked incomplete).







































/**
 * A command whose module is loaded only when it is chosen: `serve` brings Fastify, which `run`,
 * `validate` and `--version` never need; the bundle keeps it in a chunk of its own
 * (docs/development.md).
 */
function loadedWhenChosen(load) {
    return async (args, io) => (await load())(args, io);
}
const RUNNERS = {
    run: runCommand,
    validate: validateCommand,
    serve: loadedWhenChosen(() => Promise.all(/* import() */[__webpack_require__.e(243), __webpack_require__.e(620), __webpack_require__.e(899)]).then(__webpack_require__.bind(__webpack_require__, 94899)).then((m) => m.serveCommand)),
    merge: mergeCommand,
    latency: latencyCommand,
    compare: compareCommand,
    'wait-for': waitForCommand,
    // Loaded on use: `run` never loads the format parsers, nor the shard pod's side of the protocol.
    import: loadedWhenChosen(() => __webpack_require__.e(/* import() */ 93).then(__webpack_require__.bind(__webpack_require__, 8093)).then((m) => m.importCommand)),
    shard: loadedWhenChosen(() => __webpack_require__.e(/* import() */ 979).then(__webpack_require__.bind(__webpack_require__, 65979)).then((m) => (args, io) => m.shardCommand(args, { ...io, env: process.env }))),
    capacity: loadedWhenChosen(() => __webpack_require__.e(/* import() */ 339).then(__webpack_require__.bind(__webpack_require__, 14339)).then((m) => m.capacityCommand)),
};
async function cli(argv, io) {
    const [command, ...rest] = argv;
    if (command === undefined) {
        io.err(overview());
        return 2;
    }
    if ((0,version/* asksVersion */.F)(argv)) {
        io.out(version/* VERSION */.x);
        return 0;
    }
    if (command === 'help' || command === '--help' || command === '-h')
        return help(rest[0], io);
    const runner = RUNNERS[command];
    if (!runner) {
        io.err(`loadgate: unknown command "${command}"${didYouMean(command)}; the commands are ${Object.keys(RUNNERS).join(', ')} (loadgate help)`);
        return 2;
    }
    if (rest.includes('--help') || rest.includes('-h'))
        return help(command, io);
    try {
        return await runner(rest, io);
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz) {
            io.err(`loadgate: bad input\n${(0,errors/* problemLines */.pb)(error.problems, (p) => `${(0,errors/* formatProblem */.Vw)(p)}${shellVariableHint(p.message)}`)
                .map((line) => `  ${line}`)
                .join('\n')}`);
            return 2;
        }
        if (error instanceof settings_argv/* UsageError */.eb) {
            io.err(error.message);
            return 2;
        }
        // A service that cannot be reached, a hosted test that failed: no result to judge.
        io.err(`loadgate: ${error.message}`);
        if (process.env.LOADGATE_DEBUG)
            io.err(String(error.stack));
        return 2;
    }
}
function help(topic, io) {
    if (topic === undefined) {
        io.out(overview());
        return 0;
    }
    if (!Object.hasOwn(COMMANDS, topic)) {
        io.err(`loadgate: no command "${topic}"${didYouMean(topic)}; the commands are ${Object.keys(RUNNERS).join(', ')}`);
        return 2;
    }
    io.out(commandHelp(topic));
    return 0;
}
/** ` (did you mean validate?)` for a misspelt command, else nothing. */
function didYouMean(word) {
    const near = (0,suggest/* closest */.k)(word, Object.keys(RUNNERS));
    return near === undefined ? '' : ` (did you mean ${near}?)`;
}
/**
 * Variables come only from --env, -e and --env-var: say so when the missing one is set in the
 * shell, and name the flags for a secret left without a value (an import's).
 */
function shellVariableHint(message) {
    const unknown = /unknown variable "([^"]+)"/.exec(message)?.[1];
    const empty = (0,empty_secrets/* emptySecretName */.t)(message);
    const name = unknown ?? empty;
    if (name === undefined)
        return '';
    if (process.env[name] !== undefined)
        return ` (${name} is set in this shell, but variables come only from --env, -e KEY=VALUE and --env-var NAME: pass --env-var ${name})`;
    return empty === undefined ? '' : ` (export ${name} and pass --env-var ${name}, or pass -e ${name}=VALUE)`;
}
/** Absent: the engine's default, which suits the schedule (docs/engine.md). */
function parseConcurrency(text) {
    return text === undefined ? undefined : (0,errors/* orThrow */.aU)((0,values/* wholeNumber */.rD)(text, '--max-concurrency'));
}
function parseFlagsThresholds(lines) {
    const parsed = (0,grammar/* parseThresholdLines */.Ik)(lines, grammar/* THRESHOLD_FLAG */.HM);
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems);
    const latencyLine = lines.findIndex((line) => (0,syntax/* isLatencyThresholdLine */.YC)(line));
    if (latencyLine >= 0) {
        throw new errors/* InputError */.dz([{ path: `--thresholds #${latencyLine + 1}`, message: 'latency thresholds go with `loadgate latency`' }]);
    }
    return parsed.value;
}
async function compareCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('compare', args, io);
    const file = flags.positionals[0];
    const base = flags.text('compare-environment');
    const problems = [];
    if (!file)
        problems.push({ path: 'definition', message: 'expected the path of a test definition file' });
    if (!base)
        problems.push({ path: '--compare-environment', message: "expected the base side's environment (a file or inline JSON)" });
    const settings = (0,compare_settings/* parseCompareSettings */.GJ)({
        rounds: flags.text('rounds'),
        warmupRounds: flags.text('warm-up-rounds'),
        maxRegression: flags.text('max-regression'),
        metric: flags.text('compare-metric'),
        seed: flags.text('seed'),
        maxRounds: flags.text('max-rounds'),
        maxTime: flags.text('max-compare-time'),
        onInconclusive: flags.text('on-inconclusive'),
    }, compare_settings/* CLI_FLAG_NAMES */.XS);
    if (!settings.ok)
        problems.push(...settings.problems);
    if (problems.length > 0 || !settings.ok)
        throw new errors/* InputError */.dz(problems);
    const gate = gateOf(parseFlagsThresholds(flags.list('thresholds')), flags.flag('default-thresholds'));
    const proxies = await (0,sources/* readProxies */.rq)(flags.list('proxies'), flags.text('proxies-file'));
    const workers = (0,errors/* orThrow */.aU)((0,worker_count/* parseWorkers */.jO)(flags.text('workers'), '--workers'));
    const resultsPath = (0,external_node_path_.resolve)(flags.text('results-file'));
    const measured = await (0,measure/* measureComparison */.Y8)({
        loaded: await (0,load/* loadDefinition */.yQ)(file),
        head: await (0,sources/* readEnvironmentSpec */.XP)(flags.text('environment') ?? '', '--environment'),
        base: (await (0,sources/* readEnvironmentSpec */.XP)(base, '--compare-environment')),
        baseName: `--compare-environment ${base}`,
        settings: settings.value,
        settingNames: compare_settings/* CLI_FLAG_NAMES */.XS,
        options: {
            concurrency: parseConcurrency(flags.text('max-concurrency')),
            workers,
            insecure: flags.flag('insecure-tls'),
            proxies,
            signal: io.signal,
            testUrl: (0,external_node_url_.pathToFileURL)((0,sources/* reportPathFor */.xJ)(resultsPath)).href,
        },
    }, gate, (0,cli_io/* cliLog */.$F)(io));
    return report(measured, gate, io, resultsPath, (0,sources/* reportPathFor */.xJ)(resultsPath), ciFilesOf(flags));
}
async function latencyCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('latency', args, io);
    const apiUrl = flags.text('api-url');
    const hosted = apiUrl ? await hostedSettings(apiUrl, keySources(flags), undefined, io) : undefined;
    const parsed = (0,thresholds_latency/* parseLatencyThresholdLines */.sb)(flags.list('thresholds'), grammar/* THRESHOLD_FLAG */.HM);
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems);
    const plan = (0,errors/* valueOrThrow */.P7)((0,session/* planLatency */.GW)({
        target: flags.positionals[0] ?? '',
        patterns: flags.list('latency-locations'),
        // Named only when given: a hosted service is sent a count only when the user named one (docs/latency.md).
        samples: flags.given('latency-samples') ? flags.text('latency-samples') : '',
        config: flags.list('latency-locations-config'),
    }, { target: 'url', patterns: '--latency-locations', samples: '--latency-samples', config: '--latency-locations-config' }, hosted !== undefined));
    const result = await (0,session/* runLatencyPlan */.jC)(plan, { insecure: flags.flag('insecure-tls'), signal: io.signal, hosted });
    const { checks } = (0,session/* judgeLatency */.qV)(result, parsed.value, grammar/* THRESHOLD_FLAG */.HM);
    const resultsPath = (0,external_node_path_.resolve)(flags.text('results-file'));
    await (0,promises_.writeFile)(resultsPath, (0,sources/* resultsText */.qp)(result));
    io.out((0,latency/* latencyTerminal */.pe)(result, { color: io.isTTY, outcomes: checks }));
    io.out(`results: ${resultsPath}`);
    return checks.every((c) => c.passed) ? 0 : 1;
}
async function mergeCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('merge', args, io);
    if (flags.positionals.length === 0)
        throw new errors/* InputError */.dz([{ path: 'merge', message: 'expected shard results files, folders or globs' }]);
    const baseline = await baselineFileOf(flags);
    const thresholds = parseFlagsThresholds(flags.list('thresholds'));
    const resultsPath = (0,external_node_path_.resolve)(flags.text('results-file'));
    const measured = await (0,measure/* measureMerge */.TB)(flags.positionals, process.cwd(), 'merge', (0,external_node_url_.pathToFileURL)((0,sources/* reportPathFor */.xJ)(resultsPath)).href);
    // The merged result names the test: history is read for it once the shards are added up.
    const { history, unchecked } = await historyOf(flags, measured.result.run.name, thresholds);
    const gate = gateOf(thresholds.filter((t) => !unchecked.includes(t)), flags.flag('default-thresholds'), { baseline, history });
    return report(measured, gate, io, resultsPath, (0,sources/* reportPathFor */.xJ)(resultsPath), ciFilesOf(flags));
}
/** The definition and, when given, the thresholds as a run would check them: nothing is sent. */
async function validateCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('validate', args, io);
    const file = flags.positionals[0];
    if (!file)
        throw new errors/* InputError */.dz([{ path: 'definition', message: 'expected the path of a test definition file' }]);
    const baseline = await baselineFileOf(flags);
    // A history baseline's runs come at run time (--history): its relative limits are checked then.
    const thresholds = parseFlagsThresholds(flags.list('thresholds')).filter((t) => !(t.baseline && historySpecOf(flags)));
    const gate = gateOf(thresholds, true, { baseline });
    const proxies = await (0,sources/* readProxies */.rq)(flags.list('proxies'), flags.text('proxies-file'));
    const test = await (0,cli_io/* checkWithFlags */.cG)(file, flags, io, {}, { allowEmptySecrets: true }, (definition) => (0,pipeline_gate/* preflight */.Mz)(gate, (0,pipeline_gate/* shapeOf */.F5)(definition, proxies, 'embedded', baseline)));
    // The file is valid; its secrets come at run time, and `run` refuses to send one empty.
    for (const problem of (0,empty_secrets/* emptySecretProblems */.k)(test.definition, file))
        io.err(`warning: ${(0,errors/* formatProblem */.Vw)(problem)}${shellVariableHint(problem.message)}`);
    const checked = gate.thresholds.length > 0 ? ` (and ${gate.thresholds.length} ${gate.thresholds.length === 1 ? 'threshold' : 'thresholds'})` : '';
    io.out(`${file}: valid${checked}`);
    return 0;
}
async function waitForCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('wait-for', args, io);
    const settings = (0,errors/* valueOrThrow */.P7)(parseWaitFor(flags.positionals[0] ?? '', flags.text('wait-for-timeout'), { url: 'url', timeout: '--wait-for-timeout' }));
    const answered = await waitFor(settings, {
        insecure: flags.flag('insecure-tls'),
        signal: io.signal,
        onRetry: (attempt, reason) => {
            if (attempt === 1)
                io.err(`waiting for ${settings.url} to answer (${reason}), up to ${settings.timeoutS} s…`);
        },
    });
    io.out(`${settings.url} answered ${answered.status} after ${(answered.elapsedMs / 1000).toFixed(1)} s`);
    return 0;
}
async function runCommand(args, io) {
    const flags = (0,cli_io/* argsOf */.PL)('run', args, io);
    const file = flags.positionals[0];
    if (!file)
        throw new errors/* InputError */.dz([{ path: 'definition', message: 'expected the path of a test definition file' }]);
    const text = (name, parse) => {
        const given = flags.text(name);
        return given === undefined ? undefined : (0,errors/* orThrow */.aU)(parse(given, `--${name}`));
    };
    const thresholds = parseFlagsThresholds(flags.list('thresholds'));
    const proxies = await (0,sources/* readProxies */.rq)(flags.list('proxies'), flags.text('proxies-file'));
    const concurrency = parseConcurrency(flags.text('max-concurrency'));
    const shardText = flags.text('shard');
    const shard = shardText === undefined ? undefined : (0,errors/* orThrow */.aU)((0,engine_shard/* parseShard */.uK)(shardText, '--shard'));
    const startAtMs = text('start-at', engine_shard/* parseStartAt */.Vq);
    const warmUpS = text('warm-up', run/* parseWarmUp */.gH);
    const stopDeadlineMs = text('stop-deadline', stop_deadline/* parseStopDeadline */.ii);
    const checkBodyBytes = text('check-body-limit', check_body/* parseCheckBodyLimit */.$o);
    const workers = (0,errors/* orThrow */.aU)((0,worker_count/* parseWorkers */.jO)(flags.text('workers'), '--workers'));
    const baseline = await baselineFileOf(flags);
    const apiUrl = flags.text('api-url');
    const problems = (0,exclusive/* shardingProblems */.d6)({ shard: shard !== undefined, startAt: startAtMs !== undefined, hosted: Boolean(apiUrl) }, exclusive/* FLAG_SPELLING */.EQ);
    const onSaturated = parseOnSaturated(flags.text('on-saturated'), '--on-saturated');
    if ((0,errors/* isProblem */.AN)(onSaturated))
        problems.push(onSaturated);
    if (problems.length > 0 || (0,errors/* isProblem */.AN)(onSaturated))
        throw new errors/* InputError */.dz(problems);
    // --quiet: nothing but problems (errors and warnings); notes and progress go nowhere.
    const chatter = flags.flag('quiet') ? { ...io, err: () => { } } : io;
    const hostedMode = apiUrl ? 'hosted' : 'embedded';
    // The thresholds checked with the definition's problems (a history baseline's when its runs are read).
    const early = gateOf(thresholds.filter((t) => !(t.baseline && historySpecOf(flags))), flags.flag('default-thresholds'), { baseline });
    const test = await (0,cli_io/* checkWithFlags */.cG)(file, flags, chatter, { duration: flags.text('duration'), iterations: flags.text('iterations'), rate: flags.text('rate') }, {}, (definition) => (0,pipeline_gate/* preflight */.Mz)(early, (0,pipeline_gate/* shapeOf */.F5)(definition, proxies, hostedMode, baseline)));
    const { history, unchecked } = await historyOf(flags, test.definition.name, thresholds);
    const gate = gateOf(thresholds.filter((t) => !unchecked.includes(t)), flags.flag('default-thresholds'), { baseline, onSaturated, history });
    const resultsPath = (0,external_node_path_.resolve)(flags.text('results-file'));
    const reportPath = (0,external_node_path_.resolve)(flags.text('report') ?? (0,sources/* reportPathFor */.xJ)(resultsPath));
    const show = (0,cli_io/* outputsOf */.Yz)(io, flags);
    const hosted = apiUrl ? await hostedSettings(apiUrl, keySources(flags), flags.text('api-result-path'), chatter) : null;
    (0,pipeline_gate/* preflight */.Mz)(gate, (0,pipeline_gate/* shapeOf */.F5)(test.definition, proxies, hosted ? 'hosted' : 'embedded', baseline));
    const measured = await (0,measure/* measureDefinition */.Ac)(test, {
        ...(hosted && { hosted }),
        embedded: {
            concurrency,
            insecure: flags.flag('insecure-tls'),
            proxies,
            signal: io.signal,
            ...(!flags.flag('quiet') && { onSecond: progressPrinter(io, test.definition.config_data) }),
            shard,
            startAtMs,
            warmUpS,
            stopDeadlineMs,
            checkBodyBytes,
            keepSecondHistograms: (0,grammar/* judgedOnWindows */.UA)(thresholds),
            testUrl: (0,external_node_url_.pathToFileURL)(reportPath).href,
        },
        workers,
        abortOn: thresholds,
    }, { ...(0,cli_io/* cliLog */.$F)(io), info: (0,cli_io/* cliLog */.$F)(chatter).info });
    if (flags.flag('json'))
        io.out(JSON.stringify(measured.result, null, 2));
    if (shard)
        return reportShard(measured, gate, show, resultsPath);
    return report(measured, gate, show, resultsPath, reportPath, ciFilesOf(flags));
}
/**
 * A shard is judged at the merge, where all its data is (as in the action): one summary line, and
 * exit 0 so that a script goes on to `loadgate merge`; only a stop is not a success (130/143).
 */
async function reportShard(measured, gate, io, resultsPath) {
    const { result, judgement, model } = await (0,conclude/* concludeShard */.A)(measured, (0,cli_io/* stopSignalOf */.eq)(io));
    await (0,promises_.writeFile)(resultsPath, (0,sources/* resultsText */.qp)(result));
    io.out(renderSummaryLine(model));
    if (gate.thresholds.length > 0)
        io.err("note: a shard's thresholds are checked when the shards are merged: loadgate merge <files> --thresholds …");
    io.out(`results: ${resultsPath}`);
    return judgement.outcome === 'incomplete' ? (0,judge/* exitCodeOf */.FO)(judgement) : 0;
}
function gateOf(thresholds, defaults, extra = {}) {
    const { baseline, onSaturated, history } = extra;
    return {
        thresholds,
        defaults,
        origin: grammar/* THRESHOLD_FLAG */.HM,
        ...(baseline && { baseline }),
        ...(onSaturated && { onSaturated }),
        ...(history && { history }),
    };
}
/** --baseline FILE: an earlier results file; `history` and `history:K` are historyOf's. */
async function baselineFileOf(flags) {
    const given = flags.text('baseline');
    if (given === undefined || historySpecOf(flags) !== undefined)
        return undefined;
    return (0,sources/* readResultsFile */.B9)(given, '--baseline');
}
function historySpecOf(flags) {
    const given = flags.text('baseline');
    return given === undefined ? undefined : (0,errors/* orThrow */.aU)((0,history_history/* parseHistoryBaseline */.HK)(given, '--baseline'));
}
/** The --history runs of this test and, with --baseline history[:K], the runs whose median is the baseline (docs/history.md). */
async function historyOf(flags, testName, thresholds) {
    const spec = historySpecOf(flags);
    const paths = flags.list('history');
    if (spec && paths.length === 0) {
        throw new errors/* InputError */.dz([
            { path: '--baseline', message: `--baseline ${flags.text('baseline')} is the median of earlier runs: give them with --history PATH` },
        ]);
    }
    if (paths.length === 0)
        return { unchecked: [] };
    const size = (0,errors/* orThrow */.aU)((0,values/* wholeNumber */.rD)(flags.text('history-size'), '--history-size'));
    return historyForGate({ paths }, testName, size, spec, thresholds);
}
function keySources(flags) {
    return { key: flags.text('api-key'), file: flags.text('api-key-file'), variable: flags.text('api-key-env') };
}
/** The key from a file or an environment variable by default, so it stays out of shell history (src/hosted/api-key.ts). */
async function hostedSettings(apiUrl, sources, resultPath, io) {
    const apiKey = await resolveApiKey(sources, process.env, (path) => (0,promises_.readFile)(path, 'utf8'));
    if (!/^https?:\/\//.test(apiUrl))
        throw new errors/* InputError */.dz([{ path: '--api-url', message: `expected an http:// or https:// base URL, got "${apiUrl}"` }]);
    return { apiUrl, apiKey, resultPath, signal: io.signal, log: (message) => io.err(message) };
}
/** The reports for other CI systems that --junit and --gitlab-metrics ask for (docs/ci.md). */
function ciFilesOf(flags) {
    const junit = flags.text('junit-file');
    const gitlabMetrics = flags.text('gitlab-metrics-file');
    const summary = flags.text('summary-file');
    return { ...(junit && { junit }), ...(gitlabMetrics && { gitlabMetrics }), ...(summary && { summary }) };
}
/** The one judgement and its model: the results file, the web report, the CI reports asked for and the terminal summary. */
async function report(measured, gate, io, resultsPath, reportPath, ciFiles = {}) {
    const stoppedBy = (0,cli_io/* stopSignalOf */.eq)(io);
    const { result, judgement, model } = await (0,conclude/* conclude */.E)(measured, gate, { ...(stoppedBy && { stoppedBy }) });
    await (0,promises_.writeFile)(resultsPath, (0,sources/* resultsText */.qp)(result));
    await (0,promises_.writeFile)(reportPath, (0,html/* renderHtmlReport */.w4)(model));
    const ciReports = await writeCiReports(ciFiles, result, judgement, model);
    io.out(renderTerminal(model, { color: io.isTTY }));
    io.out(`results: ${resultsPath}\nreport:  ${reportPath}${ciReports.map((file) => `\nci:      ${file}`).join('')}`);
    return (0,judge/* exitCodeOf */.FO)(judgement);
}
/** The validator sets duration and iteration_count to manual_load's sums, so they always hold. */
function progressPrinter(io, config) {
    let totals = { started: 0, responses: 0, failures: 0 };
    return (sample) => {
        totals = (0,progress/* addSample */.yl)(totals, sample);
        const line = (0,progress/* progressLine */.oz)(sample, totals, config.duration, config.iteration_count);
        if (io.errIsTTY)
            io.err(`${IN_PLACE}${line}`);
        else
            io.err(line);
    };
}
/** Back to the line's start and clear it: the progress line is redrawn where it is. */
const IN_PLACE = '\r\x1b[2K';
/**
 * The CLI's two streams as entry.ts writes them: a line per call, except an in-place line
 * (text starting with `\r`), which stays open for the next one to redraw it; whatever else comes,
 * on either stream, first ends it, so that no line is written over the progress line.
 */
function lineStreams(stdout, stderr) {
    let open = false;
    const end = () => {
        if (open)
            stderr.write('\n');
        open = false;
    };
    return {
        out: (text) => {
            end();
            stdout.write(`${text}\n`);
        },
        err: (text) => {
            if (text.startsWith('\r')) {
                stderr.write(text);
                open = true;
                return;
            }
            end();
            stderr.write(`${text}\n`);
        },
    };
}


/***/ }),

/***/ 71604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $F: () => (/* binding */ cliLog),
/* harmony export */   PL: () => (/* binding */ argsOf),
/* harmony export */   Yz: () => (/* binding */ outputsOf),
/* harmony export */   cG: () => (/* binding */ checkWithFlags),
/* harmony export */   eq: () => (/* binding */ stopSignalOf)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _engine_prepare_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(23115);
/* harmony import */ var _pipeline_sources_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(75904);
/* harmony import */ var _settings_argv_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(95631);
/* harmony import */ var _overrides_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(11991);
// What every command of the CLI shares (cli.ts and the capacity command, capacity.ts): its
// streams, its arguments read by the settings table, the definition checked with the flags
// applied, where the summary goes, the signal that stopped it, and its log.





/** The command's arguments by the settings table; a notice on stderr for each older spelling used. */
function argsOf(command, args, io) {
    const parsed = (0,_settings_argv_js__WEBPACK_IMPORTED_MODULE_3__/* .parseCommandArgs */ .Qx)(command, args);
    for (const notice of parsed.notices)
        io.err(notice);
    return parsed;
}
/**
 * The definition with the flags' variables and load applied, checked (every input problem found
 * here, in one report): its schema and rules, then its variables and data, and `gate` (the
 * thresholds, given the definition) — on what is left of a refused definition too (salvage.ts).
 */
async function checkWithFlags(file, flags, io, load = {}, check = {}, gate = () => { }) {
    const vars = (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .valueOrThrow */ .P7)((0,_overrides_js__WEBPACK_IMPORTED_MODULE_4__/* .variablesFromFlags */ .N6)(flags.list('var'), flags.list('env-var'), process.env));
    const given = (0,_overrides_js__WEBPACK_IMPORTED_MODULE_4__/* .environmentWithFlags */ .f9)(await (0,_pipeline_sources_js__WEBPACK_IMPORTED_MODULE_2__/* .readEnvironmentSpec */ .XP)(flags.text('environment') ?? '', '--environment'), vars);
    const { test, notes } = await (0,_pipeline_sources_js__WEBPACK_IMPORTED_MODULE_2__/* .checkedAtOnce */ .SX)(file, async (loaded) => {
        const overridden = (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .valueOrThrow */ .P7)((0,_overrides_js__WEBPACK_IMPORTED_MODULE_4__/* .applyLoadFlags */ .o0)(loaded, load));
        const marked = (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .valueOrThrow */ .P7)((0,_overrides_js__WEBPACK_IMPORTED_MODULE_4__/* .markSecrets */ .Xb)(overridden.loaded, given, flags.list('secret')));
        const test = await (0,_engine_prepare_js__WEBPACK_IMPORTED_MODULE_1__/* .checkTest */ .rS)(marked.loaded, { ...check, ...(marked.environment && { environment: marked.environment }) });
        return { test, notes: overridden.notes };
    }, gate);
    for (const note of notes)
        io.err(`note: ${note}`);
    return test;
}
/**
 * Where the summary goes: stdout, unless --json claims stdout for the results (the summary then
 * goes to stderr) or --quiet leaves it out. Progress and logs are always on stderr.
 */
function outputsOf(io, flags) {
    if (flags.flag('quiet'))
        return { ...io, out: () => { } };
    if (flags.flag('json'))
        return { ...io, out: io.err };
    return io;
}
/** The signal that cut the run short, if one did (its name is the abort reason entry.ts gives). */
function stopSignalOf(io) {
    const reason = io.signal?.reason;
    return reason === 'SIGINT' || reason === 'SIGTERM' ? reason : undefined;
}
/** Progress and notes on stderr, so that stdout keeps the summary (or the JSON results). */
function cliLog(io) {
    return { info: (line) => io.err(line), warn: (line) => io.err(`warning: ${line}`) };
}


/***/ }),

/***/ 11991:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N6: () => (/* binding */ variablesFromFlags),
/* harmony export */   Xb: () => (/* binding */ markSecrets),
/* harmony export */   f9: () => (/* binding */ environmentWithFlags),
/* harmony export */   o0: () => (/* binding */ applyLoadFlags)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _settings_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(535);
/* harmony import */ var _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80182);
/* harmony import */ var _report_figures_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(53831);
/* harmony import */ var _variables_environment_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(60920);
// What the CLI's flags change in a loaded definition before it is prepared: variables
// (`-e KEY=VALUE`, `--env-var NAME` from this process's environment) and the load (`--duration`,
// `--iterations`, `--rate`; durations and rates with units, src/settings/values.ts). Every
// problem names its flag.





/** `-e KEY=VALUE` and `--env-var NAME` as environment variables; `env` is the process's. */
function variablesFromFlags(pairs, fromProcess, env) {
    const problems = [];
    const vars = [];
    for (const pair of pairs) {
        const eq = pair.indexOf('=');
        const key = eq < 0 ? '' : pair.slice(0, eq).trim();
        if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) {
            problems.push({ path: '-e', message: `expected KEY=VALUE (a variable name, =, its value), got "${pair}"` });
        }
        else {
            vars.push({ key, value: pair.slice(eq + 1) });
        }
    }
    for (const name of fromProcess) {
        const value = env[name];
        if (value === undefined)
            problems.push({ path: '--env-var', message: `${name} is not set in this process's environment` });
        else
            vars.push({ key: name, value });
    }
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsedUnless */ .oQ)(problems, vars);
}
/** The environment a run uses: --env (or the definition's), then the flags' variables on top. */
function environmentWithFlags(given, vars) {
    if (vars.length === 0)
        return given;
    return (0,_variables_environment_js__WEBPACK_IMPORTED_MODULE_4__/* .mergeEnvironments */ .PR)(given, { name: given?.name ?? 'cli', vars: [...vars] });
}
/**
 * `--duration S`, `--iterations N`, `--rate R` (a constant R per second over the duration) replace
 * the definition's load. `--duration` alone keeps the definition's rate: shortening a smoke test
 * must not send the same iterations faster at a shared service, so the iterations are scaled with
 * the duration (and a note says so); `--iterations` or `--rate` beside it set them instead. A
 * definition with manual_load stages takes none of them: its stages are the load, and a flag would
 * silently mean something else.
 */
function applyLoadFlags(loaded, flags) {
    const duration = flagValue(flags.duration, '--duration', (text, flag) => (0,_settings_values_js__WEBPACK_IMPORTED_MODULE_1__/* .duration */ .p0)(text, flag, { whole: true, min: 1 }));
    if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(duration))
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([duration]);
    const iterations = flagValue(flags.iterations, '--iterations', _settings_values_js__WEBPACK_IMPORTED_MODULE_1__/* .wholeNumber */ .rD);
    if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(iterations))
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([iterations]);
    const rate = flagValue(flags.rate, '--rate', _settings_values_js__WEBPACK_IMPORTED_MODULE_1__/* .rate */ .TS);
    if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(rate))
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([rate]);
    if (duration === undefined && iterations === undefined && rate === undefined)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ loaded, notes: [] });
    const config = { ...loaded.definition.config_data };
    if (config.manual_load) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([{ path: flagOf(flags), message: 'the definition sets its load with manual_load stages; change them there' }]);
    }
    if (rate !== undefined && iterations !== undefined) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([{ path: '--rate', message: 'give --rate or --iterations, not both: the rate sets the iterations (rate × duration)' }]);
    }
    const notes = [];
    const problem = applyLoad(config, { duration, iterations, rate }, notes);
    if (problem)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([problem]);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ loaded: { ...loaded, definition: { ...loaded.definition, config_data: config } }, notes });
}
/** Sets the load the flags give on `config` (at most one of iterations and rate), or the first bound they pass. */
function applyLoad(config, { duration, iterations, rate }, notes) {
    if (duration !== undefined) {
        const planned = { iterations: config.iteration_count, duration: config.duration };
        if (duration > _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.durationS)
            return beyond(duration, _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.durationS, '--duration', 'seconds (a day)');
        config.duration = duration;
        if (iterations === undefined && rate === undefined) {
            const scaled = Math.max(1, Math.round((planned.iterations * duration) / planned.duration));
            if (scaled > _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations)
                return beyond(scaled, _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations, '--duration', "iterations (the definition's rate × duration)");
            config.iteration_count = scaled;
            notes.push(keptRateNote(duration, scaled, planned));
        }
    }
    if (iterations !== undefined) {
        if (iterations > _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations)
            return beyond(iterations, _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations, '--iterations', 'iterations');
        config.iteration_count = iterations;
    }
    if (rate !== undefined) {
        const rated = Math.max(1, Math.round(rate * config.duration));
        if (rated > _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations)
            return beyond(rated, _definition_schema_js__WEBPACK_IMPORTED_MODULE_2__/* .LIMITS */ .b1.iterations, '--rate', 'iterations (rate × duration)');
        config.load_type = 'linear';
        config.iteration_count = rated;
    }
    return undefined;
}
/**
 * `--duration 2: 40 iterations planned over 2 s (the definition's 100 over 5 s), keeping its 20 it/s
 * (--iterations N sets them instead)`: the count that runs first, the definition's beside it.
 */
function keptRateNote(duration, iterations, planned) {
    const rate = (0,_report_figures_js__WEBPACK_IMPORTED_MODULE_3__/* .formatRate */ .CE)(planned.iterations / planned.duration, 'it');
    const definition = `the definition's ${(0,_report_figures_js__WEBPACK_IMPORTED_MODULE_3__/* .formatCount */ .B4)(planned.iterations)} over ${planned.duration} s`;
    return `--duration ${duration}: ${(0,_report_figures_js__WEBPACK_IMPORTED_MODULE_3__/* .formatCount */ .B4)(iterations)} ${iterations === 1 ? 'iteration' : 'iterations'} planned over ${duration} s (${definition}), keeping its ${rate} (--iterations N sets them instead)`;
}
/** The definition's bounds hold for the flags too: whatever validate accepts, run runs. */
function beyond(n, max, flag, unit) {
    return { path: flag, message: `at most ${max} ${unit} are allowed, got ${n}` };
}
/**
 * `--secret NAME` marks a variable secret wherever it is set (the definition's environment,
 * --env, -e, --env-var): its value is then never written to results, reports or logs.
 */
function markSecrets(loaded, environment, names) {
    if (names.length === 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ loaded, environment });
    const wanted = new Set(names);
    const mark = (env) => env && { ...env, vars: env.vars.map((v) => (wanted.has(v.key) ? { ...v, secret: true } : v)) };
    const known = new Set([...(loaded.definition.environment?.vars ?? []), ...(environment?.vars ?? [])].map((v) => v.key));
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(unknown.map((name) => ({
            path: '--secret',
            message: `${name} is not a variable of the environment (set it with --env, -e or --env-var)`,
        })));
    }
    const definition = { ...loaded.definition, ...(loaded.definition.environment && { environment: mark(loaded.definition.environment) }) };
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ loaded: { ...loaded, definition }, environment: mark(environment) });
}
function flagOf(flags) {
    return flags.rate !== undefined ? '--rate' : flags.iterations !== undefined ? '--iterations' : '--duration';
}
/** The flag's value parsed, absent when not given. */
function flagValue(text, flag, parse) {
    return text === undefined ? undefined : parse(text, flag);
}


/***/ }),

/***/ 62452:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   oo: () => (/* binding */ undecided),
/* harmony export */   rj: () => (/* binding */ lookPlan),
/* harmony export */   y6: () => (/* binding */ lookVerdicts)
/* harmony export */ });
/* unused harmony exports MAX_LOOKS, lookRounds, decided */
/* harmony import */ var _verdict_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7406);

/** At most this many looks at the data: the planned rounds and three extensions. */
const MAX_LOOKS = 4;
/**
 * Looks after the planned rounds, then after every `batch` more rounds up to max-rounds (the last
 * batch may be shorter). A batch is at least the planned rounds, and larger when needed to keep
 * the looks to MAX_LOOKS: each look costs a share of α, so looking after every round would leave
 * each look too little to decide anything.
 */
function lookRounds(rounds, maxRounds) {
    if (maxRounds <= rounds)
        return [rounds];
    const batch = Math.max(rounds, Math.ceil((maxRounds - rounds) / (MAX_LOOKS - 1)));
    const looks = [];
    for (let n = rounds; n < maxRounds; n += batch)
        looks.push(n);
    looks.push(maxRounds);
    return looks;
}
/**
 * The gate's α split evenly over the looks (Bonferroni across looks, as Pocock's design keeps one
 * nominal level for every look): a false `slower` at some look is the union of a false `slower`
 * at each, so its chance is at most the sum of the looks' levels, α. Holm's correction across the
 * steps holds at each look's level whatever the dependence between steps and looks.
 */
function lookPlan(rounds, maxRounds, alpha) {
    const looks = lookRounds(rounds, maxRounds);
    const perLook = alpha / looks.length;
    return { rounds: looks, alpha: perLook, confidence: 1 - perLook };
}
/** One look: every step's verdict at the look's level and interval. */
function lookVerdicts(steps, plan, maxRegression) {
    return (0,_verdict_js__WEBPACK_IMPORTED_MODULE_0__/* .verdicts */ .rY)(steps, { maxRegression, alpha: plan.alpha, confidence: plan.confidence });
}
/** Steps that more rounds could decide: inconclusive for want of evidence (not for want of data). */
function undecided(steps) {
    return steps.filter((s) => s.verdict === 'inconclusive' && s.note === _verdict_js__WEBPACK_IMPORTED_MODULE_0__/* .MORE_ROUNDS_NOTE */ .lw);
}
/**
 * The gate is decided when a step is `slower` (it fails, and more rounds cannot undo a rejection
 * made at its look's level) or when no step needs more rounds.
 */
function decided(steps) {
    return gateFails(steps) || undecided(steps).length === 0;
}


/***/ }),

/***/ 20254:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GJ: () => (/* binding */ parseCompareSettings),
/* harmony export */   Gf: () => (/* binding */ metricWithoutSteps),
/* harmony export */   Nh: () => (/* binding */ ALPHA),
/* harmony export */   XS: () => (/* binding */ CLI_FLAG_NAMES),
/* harmony export */   s8: () => (/* binding */ undecidableRounds)
/* harmony export */ });
/* unused harmony exports DEFAULT_ROUNDS, DEFAULT_WARMUP_ROUNDS, DEFAULT_MAX_REGRESSION, DEFAULT_METRIC, MIN_ROUNDS, DEFAULT_MAX_ROUNDS_FACTOR, ACTION_INPUT_NAMES, minRoundsFor, parseMaxRegression */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _settings_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(535);
/* harmony import */ var _settings_exclusive_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(15201);
/* harmony import */ var _sequential_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(62452);
/* harmony import */ var _stats_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(97263);
/* harmony import */ var _report_figures_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(53831);
/* harmony import */ var _results_comparison_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2485);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(16141);
// The comparison gate's settings (docs/comparison.md): read from action inputs or CLI flags as text,
// defaulted and validated here, once. Every problem names the input or flag it is about.








const DEFAULT_ROUNDS = 10;
const DEFAULT_WARMUP_ROUNDS = 1;
/** A fraction: 10 %. */
const DEFAULT_MAX_REGRESSION = 0.1;
const DEFAULT_METRIC = 'p95';
/** Fewer rounds per side can never reach p < 0.05 with the exact test (docs/comparison-statistics.md, 4). */
const MIN_ROUNDS = 3;
/** Without max-rounds, inconclusive steps may extend the comparison to this many times the rounds. */
const DEFAULT_MAX_ROUNDS_FACTOR = 3;
const ACTION_INPUT_NAMES = {
    rounds: 'rounds',
    maxRounds: 'max-rounds',
    maxTime: 'max-compare-time',
    onInconclusive: 'on-inconclusive',
    warmupRounds: 'warm-up-rounds',
    maxRegression: 'max-regression',
    metric: 'compare-metric',
    seed: 'seed',
};
/** The CLI's flags spell the same words as the action's inputs (src/settings/table.ts). */
const CLI_FLAG_NAMES = (0,_settings_exclusive_js__WEBPACK_IMPORTED_MODULE_5__/* .flagNames */ .JY)(ACTION_INPUT_NAMES);
const MAX_SEED = 2 ** 32 - 1;
/** Every problem at once, or the settings; a missing seed is drawn now (newSeed). */
function parseCompareSettings(raw, names) {
    const problems = [];
    const take = (value) => {
        if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(value)) {
            problems.push(value);
            return undefined;
        }
        return value;
    };
    const rounds = take(parseCount(raw.rounds, names.rounds, DEFAULT_ROUNDS, MIN_ROUNDS, roundsHint));
    const warmupRounds = take(parseCount(raw.warmupRounds, names.warmupRounds, DEFAULT_WARMUP_ROUNDS, 0, ''));
    const maxRegression = take(parseMaxRegression(raw.maxRegression, names.maxRegression));
    const metric = take(parseMetric(raw.metric, names.metric));
    const seed = take(parseSeed(raw.seed, names.seed));
    const maxRounds = rounds === undefined ? undefined : take(parseMaxRounds(raw.maxRounds, rounds, names));
    const maxTimeS = take(parseMaxTime(raw.maxTime, names.maxTime));
    const onInconclusive = take(parseOnInconclusive(raw.onInconclusive, names.onInconclusive));
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(problems);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({
        rounds: rounds,
        maxRounds: maxRounds,
        ...(maxTimeS !== undefined && { maxTimeS }),
        onInconclusive: onInconclusive,
        warmupRounds: warmupRounds,
        maxRegression: maxRegression,
        metric: metric,
        seed: seed,
    });
}
/** The significance level of the gate (after Holm's correction). */
const ALPHA = 0.05;
/**
 * The fewest rounds per side with which a step can ever be called `slower`: with n rounds per
 * side and no ties, the smallest exact one-sided Mann-Whitney p is 1 / C(2n, n), and Holm's
 * correction multiplies the smallest p of k steps by k (docs/comparison-statistics.md).
 */
function minRoundsFor(steps, alpha = ALPHA) {
    let n = 1;
    while (Math.max(1, steps) / binomial(2 * n, n) >= alpha)
        n++;
    return n;
}
function binomial(n, k) {
    let c = 1;
    for (let i = 1; i <= k; i++)
        c = (c * (n - k + i)) / i;
    return c;
}
/**
 * Settings that could never find a regression are refused before any request, naming the minimum.
 * The first look decides at the level of every look (α split over the looks, sequential.ts), so
 * that is the level the planned rounds must be able to reach.
 */
function undecidableRounds(settings, steps, name) {
    const plan = (0,_sequential_js__WEBPACK_IMPORTED_MODULE_2__/* .lookPlan */ .rj)(settings.rounds, settings.maxRounds, ALPHA);
    const min = minRoundsFor(steps, plan.alpha);
    if (settings.rounds >= min)
        return undefined;
    const looks = plan.rounds.length;
    const level = looks === 1 ? `${ALPHA}` : `${(0,_report_figures_js__WEBPACK_IMPORTED_MODULE_4__/* .formatLevel */ .eI)(plan.alpha)} (α ${ALPHA} split over ${looks} looks up to ${settings.maxRounds} rounds)`;
    const fewer = looks === 1 ? '' : ', or a smaller max-rounds (fewer looks)';
    return {
        path: name,
        message: `${settings.rounds} rounds can never show a significant slowdown across ${steps} ${steps === 1 ? 'step' : 'steps'} ` +
            `(the smallest p after Holm's correction would be ${(steps / binomial(2 * settings.rounds, settings.rounds)).toFixed(3)}, not below ${level}); use at least ${min}${fewer}`,
    };
}
/** A level as the reports print it: 0.05, 0.025, 0.0167. */
function given(text) {
    const trimmed = text?.trim();
    return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
const roundsHint = ': fewer rounds can never show a significant difference (3 rounds per side is the least; 10, the default, is a good start)';
function parseCount(text, name, fallback, min, hint) {
    const value = given(text);
    if (value === undefined)
        return fallback;
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min) {
        return { path: name, message: `expected a whole number ≥ ${min}, got "${value}"${n < min ? hint : ''}` };
    }
    return n;
}
/**
 * A percentage, with or without the sign: `10%` and `10` both mean 10 %, `2.5` means 2.5 %.
 * A bare number is never read as a fraction, so `0.1` is 0.1 %, not 10 %.
 */
function parseMaxRegression(text, name) {
    const value = given(text);
    if (value === undefined)
        return DEFAULT_MAX_REGRESSION;
    const match = /^(\d+(?:\.\d+)?|\.\d+)\s*%?$/.exec(value);
    const pct = match ? Number(match[1]) : Number.NaN;
    if (!Number.isFinite(pct)) {
        return { path: name, message: `expected a percentage ≥ 0 such as 10% (10 and 10% both mean 10 %), got "${value}"` };
    }
    return pct / 100;
}
/** Default: DEFAULT_MAX_ROUNDS_FACTOR × rounds. Fewer than the rounds asked for is refused. */
function parseMaxRounds(text, rounds, names) {
    const value = given(text);
    if (value === undefined)
        return DEFAULT_MAX_ROUNDS_FACTOR * rounds;
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < rounds) {
        return {
            path: names.maxRounds,
            message: `expected a whole number ≥ ${names.rounds} (${rounds}), got "${value}": the most measured rounds, the planned ones included (equal to ${names.rounds}: never extend)`,
        };
    }
    return n;
}
/** Seconds, optional: a whole number ≥ 1. */
function parseMaxTime(text, name) {
    const value = given(text);
    return value === undefined ? undefined : (0,_settings_values_js__WEBPACK_IMPORTED_MODULE_1__/* .duration */ .p0)(value, name, { whole: true, min: 1 });
}
function parseOnInconclusive(text, name) {
    const value = given(text);
    if (value === undefined)
        return 'warn';
    const choice = _results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .ON_INCONCLUSIVE */ .Xv.find((c) => c === value.toLowerCase());
    if (choice === undefined) {
        return { path: name, message: `expected warn (a warning; the run passes) or fail (the run fails), got "${value}"` };
    }
    return choice;
}
function parseMetric(text, name) {
    const value = given(text);
    if (value === undefined)
        return DEFAULT_METRIC;
    const { stream: figure, time } = (0,_results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .splitMetric */ .fS)(value.toLowerCase());
    const metric = _results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .COMPARE_METRICS */ .WP.find((m) => m === time);
    const stream = figure === null ? null : _types_js__WEBPACK_IMPORTED_MODULE_7__/* .STREAM_METRICS */ .pZ.find((m) => m === figure);
    if (metric === undefined || stream === undefined) {
        return {
            path: name,
            message: `expected one of the response-time metrics ${_results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .COMPARE_METRICS */ .WP.join(', ')}, or one of the streaming steps' ` +
                `first_event.<metric> or gap.<metric> (first_event.p95), got "${value}"`,
        };
    }
    return stream === null ? metric : `${stream}.${metric}`;
}
/** A stream metric on a test without streaming steps: refused before any request. */
function metricWithoutSteps(metric, steps, name) {
    const { stream } = (0,_results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .metricParts */ .Z)(metric);
    if (stream === null || (0,_results_comparison_js__WEBPACK_IMPORTED_MODULE_6__/* .comparedSteps */ .t5)(steps, metric).length > 0)
        return undefined;
    return { path: name, message: `${metric} is a figure of streaming steps (docs/streaming.md), and no step of the test has "stream"` };
}
function parseSeed(text, name) {
    const value = given(text);
    if (value === undefined)
        return (0,_stats_js__WEBPACK_IMPORTED_MODULE_3__/* .newSeed */ .q4)();
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!(Number.isSafeInteger(n) && n <= MAX_SEED)) {
        return { path: name, message: `expected a whole number from 0 to ${MAX_SEED} (the seed a run printed), got "${value}"` };
    }
    return n;
}


/***/ }),

/***/ 97263:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  vD: () => (/* binding */ assertSample),
  fU: () => (/* binding */ holm),
  JZ: () => (/* binding */ median),
  q4: () => (/* binding */ newSeed),
  nG: () => (/* binding */ normalSf),
  tn: () => (/* binding */ normalUpperQuantile),
  V9: () => (/* binding */ seededOrder)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/compare/random.ts
// The one seeded PRNG: the comparison gate's round order (compare/stats.ts) and reproducible
// random values in tests are drawn from it.
/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state PRNG, uniform in [0, 1).
 * Small and fast; good enough to randomise round order and to drive test simulations,
 * not for anything that needs cryptographic strength.
 */
function mulberry32(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

;// CONCATENATED MODULE: ./src/compare/stats.ts
// Shared statistics of the comparison gate (docs/comparison-statistics.md): the standard normal distribution,
// medians, Holm's correction, and the seeded order of the rounds. Pure except newSeed().
// The method and its references: docs/comparison-statistics.md.


/** A sample must be non-empty and finite; callers pass round values, so anything else is a bug. */
function assertSample(name, values) {
    if (values.length === 0)
        throw new RangeError(`${name}: expected at least one value, got none`);
    const bad = values.find((v) => !Number.isFinite(v));
    if (bad !== undefined)
        throw new RangeError(`${name}: expected finite numbers, got ${bad}`);
}
/**
 * P(Z > z) for a standard normal Z. Hart's double-precision approximation as given by
 * G. West, "Better approximations to cumulative normal functions" (Wilmott Magazine, May 2005).
 * The upper tail is computed directly, so tiny p-values keep their precision: absolute error
 * below 1e-15, relative error below 1e-8 out to z = 37 (checked against scipy.stats.norm.sf).
 */
function normalSf(z) {
    if (Number.isNaN(z))
        return Number.NaN;
    const x = Math.abs(z);
    const tail = x > 37 ? 0 : x < 7.07106781186547 ? hartRational(x) : hartContinuedFraction(x);
    return z >= 0 ? tail : 1 - tail;
}
function hartRational(x) {
    const numerator = polynomial(x, [220.206867912376, 221.213596169931, 112.079291497871, 33.912866078383, 6.37396220353165, 0.700383064443688, 3.52624965998911e-2]);
    const denominator = polynomial(x, [
        440.413735824752, 793.826512519948, 637.333633378831, 296.564248779674, 86.7807322029461, 16.064177579207, 1.75566716318264,
        8.83883476483184e-2,
    ]);
    return (Math.exp((-x * x) / 2) * numerator) / denominator;
}
function hartContinuedFraction(x) {
    const fraction = x + 1 / (x + 2 / (x + 3 / (x + 4 / (x + 0.65))));
    return Math.exp((-x * x) / 2) / fraction / Math.sqrt(2 * Math.PI);
}
/** Horner's rule; coefficients from the constant term up. */
function polynomial(x, coefficients) {
    return coefficients.reduceRight((sum, c) => sum * x + c, 0);
}
/** The z with P(Z > z) = p, for 0 < p < 1: bisection on normalSf, exact to the last bits. */
function normalUpperQuantile(p) {
    if (!(p > 0 && p < 1))
        throw new RangeError(`normal quantile: expected 0 < p < 1, got ${p}`);
    let low = -40;
    let high = 40;
    for (let i = 0; i < 200 && high - low > 1e-15; i++) {
        const mid = (low + high) / 2;
        if (normalSf(mid) > p)
            low = mid;
        else
            high = mid;
    }
    return (low + high) / 2;
}
/** The middle value, or the mean of the two middle values. */
function median(values) {
    if (values.length === 0)
        return Number.NaN;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
/**
 * Holm's step-down adjusted p-values (Holm 1979), in the input order: the i-th smallest p is
 * multiplied by (m − i + 1), then made non-decreasing along that order and capped at 1.
 * A step is significant at level α after correction when its adjusted p is below α.
 */
function holm(pValues) {
    const m = pValues.length;
    const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
    const adjusted = new Array(m);
    let running = 0;
    order.forEach(({ p, index }, rank) => {
        running = Math.max(running, Math.min(1, (m - rank) * p));
        adjusted[index] = running;
    });
    return adjusted;
}
/** Which side runs first in each round: a fair coin per round from mulberry32(seed). */
function seededOrder(seed, rounds) {
    const next = mulberry32(seed);
    return Array.from({ length: rounds }, () => (next() < 0.5 ? 'head-first' : 'base-first'));
}
/** A fresh seed in [0, 2^32), to be printed so that a run's order can be reproduced. */
function newSeed() {
    return (0,external_node_crypto_.randomInt)(0, 2 ** 32);
}


/***/ }),

/***/ 7406:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lw: () => (/* binding */ MORE_ROUNDS_NOTE),
  xd: () => (/* binding */ gateFails),
  rY: () => (/* binding */ verdicts)
});

// UNUSED EXPORTS: compareStep

// EXTERNAL MODULE: ./src/compare/stats.ts + 1 modules
var stats = __webpack_require__(97263);
;// CONCATENATED MODULE: ./src/compare/mann-whitney.ts
// The Mann-Whitney U test (Mann & Whitney 1947), with scipy.stats.mannwhitneyu's conventions:
// U of x counts the pairs (x_i, y_j) with x_i > y_j, ties counting one half; the exact null
// distribution when there are no ties and both samples hold at most EXACT_MAX_SIZE values;
// otherwise the normal approximation with tie correction and continuity correction.

/** Largest sample size (per side) for the exact distribution ("exact below 20 rounds", docs/comparison-statistics.md). */
const EXACT_MAX_SIZE = 20;
/**
 * `greater`: H1 is that x tends to be larger than y (head slower, with x = head latencies).
 * `less`: x tends to be smaller. `two-sided`: either.
 */
function mannWhitneyU(x, y, alternative) {
    (0,stats/* assertSample */.vD)('Mann-Whitney x', x);
    (0,stats/* assertSample */.vD)('Mann-Whitney y', y);
    const { rankSumX, tieSizes } = rankSample(x, y);
    const m = x.length;
    const n = y.length;
    const u = rankSumX - (m * (m + 1)) / 2;
    const exact = tieSizes.length === 0 && m <= EXACT_MAX_SIZE && n <= EXACT_MAX_SIZE;
    const p = exact ? exactP(u, m, n, alternative) : normalP(u, m, n, tieSizes, alternative);
    return { u, p, method: exact ? 'exact' : 'normal' };
}
/** Sum of the mid-ranks of x in the pooled sample, and the sizes of the groups of tied values. */
function rankSample(x, y) {
    const pooled = [...x.map((value) => ({ value, fromX: true })), ...y.map((value) => ({ value, fromX: false }))];
    pooled.sort((a, b) => a.value - b.value);
    let rankSumX = 0;
    const tieSizes = [];
    for (let start = 0; start < pooled.length;) {
        let end = start + 1;
        while (end < pooled.length && pooled[end].value === pooled[start].value)
            end++;
        const midRank = (start + 1 + end) / 2;
        for (let i = start; i < end; i++)
            if (pooled[i].fromX)
                rankSumX += midRank;
        if (end - start > 1)
            tieSizes.push(end - start);
        start = end;
    }
    return { rankSumX, tieSizes };
}
/**
 * The number of arrangements of m x's and n y's giving U = 0 … m·n, for untied samples.
 * These are the coefficients of the Gaussian binomial [m+n choose m](q): built as
 * ∏_{i=1..m} (1 − q^{n+i}) / (1 − q^i), where after step i the polynomial is [n+i choose i](q),
 * so every intermediate coefficient is an integer no larger than C(m+n, m) (< 2^53 here).
 */
function exactUCounts(m, n) {
    const counts = new Array(m * n + 1).fill(0);
    counts[0] = 1;
    for (let i = 1; i <= m; i++) {
        for (let k = i * n; k >= n + i; k--)
            counts[k] -= counts[k - n - i];
        for (let k = i; k <= i * n; k++)
            counts[k] += counts[k - i];
    }
    return counts;
}
/** P(U ≤ u) under H0 for untied samples of sizes m and n. */
function exactUCdf(u, m, n) {
    const counts = exactUCounts(m, n);
    const total = counts.reduce((a, b) => a + b, 0);
    let below = 0;
    for (let k = 0; k <= Math.min(u, m * n); k++)
        below += counts[k];
    return below / total;
}
/**
 * The largest k with P(U ≤ k) ≤ level, or −1 when even U = 0 is more likely than that:
 * the lower-tail critical value found in published tables (reject H0 when U ≤ k).
 * A relative tolerance of 1e-9 keeps levels like (1 − 0.8)/2 from missing by a rounding error.
 */
function exactLowerCritical(m, n, level) {
    const counts = exactUCounts(m, n);
    const total = counts.reduce((a, b) => a + b, 0);
    let below = 0;
    for (let k = 0; k < counts.length; k++) {
        below += counts[k];
        if (below / total > level * (1 + 1e-9))
            return k - 1;
    }
    return counts.length - 1;
}
function exactP(u, m, n, alternative) {
    const atMost = (k) => exactUCdf(k, m, n);
    // The distribution is symmetric about m·n/2, so P(U ≥ u) = P(U ≤ m·n − u).
    const pGreater = atMost(m * n - u);
    const pLess = atMost(u);
    if (alternative === 'greater')
        return pGreater;
    if (alternative === 'less')
        return pLess;
    return Math.min(1, 2 * Math.min(pGreater, pLess));
}
function normalP(u, m, n, tieSizes, alternative) {
    const sd = tieCorrectedSd(m, n, tieSizes);
    // All values equal: U sits on its mean with no spread, and the data say nothing.
    if (sd === 0)
        return 1;
    const mean = (m * n) / 2;
    const statistic = alternative === 'greater' ? u : alternative === 'less' ? m * n - u : Math.max(u, m * n - u);
    const z = (statistic - mean - 0.5) / sd;
    const p = (0,stats/* normalSf */.nG)(z);
    return Math.min(1, alternative === 'two-sided' ? 2 * p : p);
}
/** σ_U = √( m·n/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))) ), N = m + n, t the tie group sizes. */
function tieCorrectedSd(m, n, tieSizes) {
    const total = m + n;
    const tieTerm = tieSizes.reduce((sum, t) => sum + t ** 3 - t, 0);
    const correction = total > 1 ? tieTerm / (total * (total - 1)) : 0;
    return Math.sqrt(((m * n) / 12) * (total + 1 - correction));
}

;// CONCATENATED MODULE: ./src/compare/hodges-lehmann.ts
// The Hodges-Lehmann estimate of head/base (Hodges & Lehmann 1963) and its distribution-free
// confidence interval (Bauer 1972; Hollander & Wolfe, Nonparametric Statistical Methods, 4.3),
// computed on log values so that a shift becomes a ratio.


/**
 * Latencies are in milliseconds; a round value of 0 (a response faster than the resolution)
 * has no logarithm, so it counts as one microsecond.
 */
const ZERO_VALUE_FLOOR = 0.001;
function hodgesLehmannRatio(head, base, confidence = 0.95) {
    assertPositive('Hodges-Lehmann head', head);
    assertPositive('Hodges-Lehmann base', base);
    if (!(confidence > 0 && confidence < 1)) {
        throw new RangeError(`Hodges-Lehmann: expected 0 < confidence < 1, got ${confidence}`);
    }
    const differences = pairwiseLogDifferences(head, base);
    const count = differences.length;
    const mid = Math.floor(count / 2);
    const middle = count % 2 === 1 ? differences[mid] : (differences[mid - 1] + differences[mid]) / 2;
    const c = intervalRank(head.length, base.length, confidence);
    const bounded = c >= 1;
    return {
        estimate: Math.exp(middle),
        lower: bounded ? Math.exp(differences[c - 1]) : 0,
        upper: bounded ? Math.exp(differences[count - c]) : Number.POSITIVE_INFINITY,
    };
}
function assertPositive(name, values) {
    (0,stats/* assertSample */.vD)(name, values);
    const negative = values.find((v) => v < 0);
    if (negative !== undefined)
        throw new RangeError(`${name}: expected values ≥ 0, got ${negative}`);
}
/** log(h_i) − log(b_j) for every pair, ascending. */
function pairwiseLogDifferences(head, base) {
    const logOf = (v) => Math.log(Math.max(v, ZERO_VALUE_FLOOR));
    const logBase = base.map(logOf);
    const differences = head.flatMap((h) => logBase.map((b) => logOf(h) - b));
    return differences.sort((a, b) => a - b);
}
/**
 * C_α: the interval is [d_(C_α), d_(m·n + 1 − C_α)] with d the ordered differences (1-based).
 * Its coverage is 1 − 2·P(U ≤ C_α − 1), so C_α − 1 is the largest k with P(U ≤ k) ≤ α/2
 * (exact), or round(m·n/2 − z_{α/2}·√(m·n·(m + n + 1)/12)) for large samples. 0 means no
 * interval at this confidence.
 */
function intervalRank(m, n, confidence) {
    const halfAlpha = (1 - confidence) / 2;
    if (m <= EXACT_MAX_SIZE && n <= EXACT_MAX_SIZE)
        return exactLowerCritical(m, n, halfAlpha) + 1;
    const sd = Math.sqrt((m * n * (m + n + 1)) / 12);
    return Math.max(0, Math.round((m * n) / 2 - (0,stats/* normalUpperQuantile */.tn)(halfAlpha) * sd));
}

;// CONCATENATED MODULE: ./src/compare/verdict.ts
// The verdict per step of the comparison gate (docs/comparison.md): head against base over the rounds,
// Holm's correction across steps, and whether the gate fails. Pure.



const MORE_ROUNDS_NOTE = 'more rounds needed to decide';
function compareStep(head, base, opts = {}) {
    const slower = mannWhitneyU(head, base, 'greater');
    return {
        headMedian: (0,stats/* median */.JZ)(head),
        baseMedian: (0,stats/* median */.JZ)(base),
        ratio: hodgesLehmannRatio(head, base, opts.confidence ?? 0.95),
        p: slower.p,
        pFaster: mannWhitneyU(head, base, 'less').p,
        method: slower.method,
    };
}
/** The verdict of every step, in the input order; both p families are corrected across steps. */
function verdicts(steps, opts) {
    assertOptions(opts);
    const comparisons = steps.map((s) => compareStep(s.head, s.base, opts));
    const pAdjusted = (0,stats/* holm */.fU)(comparisons.map((c) => c.p));
    const pFasterAdjusted = (0,stats/* holm */.fU)(comparisons.map((c) => c.pFaster));
    return comparisons.map((comparison, i) => {
        const adjusted = { pAdjusted: pAdjusted[i], pFasterAdjusted: pFasterAdjusted[i] };
        const verdict = decide({ ...comparison, ...adjusted }, opts);
        return verdict === 'inconclusive'
            ? { ...comparison, ...adjusted, verdict, note: MORE_ROUNDS_NOTE }
            : { ...comparison, ...adjusted, verdict };
    });
}
function decide(step, opts) {
    const alpha = opts.alpha ?? 0.05;
    const limit = 1 + opts.maxRegression;
    if (step.pAdjusted < alpha && step.ratio.estimate > limit)
        return 'slower';
    if (step.pFasterAdjusted < alpha && step.ratio.estimate < 1)
        return 'faster';
    if (step.ratio.upper < limit)
        return 'same';
    return 'inconclusive';
}
function assertOptions(opts) {
    if (!(opts.maxRegression >= 0 && Number.isFinite(opts.maxRegression))) {
        throw new RangeError(`comparison: expected maxRegression ≥ 0, got ${opts.maxRegression}`);
    }
    const alpha = opts.alpha ?? 0.05;
    if (!(alpha > 0 && alpha < 1))
        throw new RangeError(`comparison: expected 0 < alpha < 1, got ${alpha}`);
}
/** Only a `slower` step fails the gate; `inconclusive` passes with its note. */
function gateFails(steps) {
    return steps.some((s) => s.verdict === 'slower');
}


/***/ }),

/***/ 48939:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A_: () => (/* binding */ jsonPathSegments),
/* harmony export */   DO: () => (/* binding */ locateProblems),
/* harmony export */   lk: () => (/* binding */ parseJsonText)
/* harmony export */ });
/* unused harmony export MAX_JSON_DEPTH */
/* harmony import */ var jsonc_parser__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99547);
/* harmony import */ var jsonc_parser__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(jsonc_parser__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8301);
// JSON text from a user (a definition, an environment file, a request body) parsed strictly, in
// one pass of jsonc-parser's visitor before any value is built: the first syntax error at its line
// and column, keys given twice in one object (JSON.parse keeps the last one silently) and nesting
// deeper than any definition needs (a recursive reader would exhaust the stack on it) are
// problems naming both places and the JSON path.



/**
 * The deepest nesting of arrays and objects accepted. A definition needs 7 levels; the limit also
 * bounds the recursion of the visitor, of jsonc-parser's tree and of the validator.
 */
const MAX_JSON_DEPTH = 64;
/**
 * Parses `text` (a leading byte order mark ignored); `file` names it in the problems. A `secret`
 * text (an inline environment) is never quoted: a syntax error says what was expected, not what
 * was found.
 */
function parseJsonText(text, file, { secret = false } = {}) {
    const source = text.replace(/^\uFEFF/, '');
    const { problems, syntax } = structureProblems(source, secret);
    if (problems.length > 0)
        return { ...(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)(problems.map((p) => (file === undefined ? p : { file, ...p }))), syntax };
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)({ json: JSON.parse(source), text: source });
}
/** A stop of the visit: the nesting went too deep, or the text is not JSON. */
class Stop {
}
function structureProblems(text, secret) {
    const problems = [];
    let syntax = false;
    /** Per open object, the line and column of each key seen in it. */
    const keys = [];
    const open = (line, character, path, object) => {
        keys.push(object ? new Map() : null);
        if (keys.length <= MAX_JSON_DEPTH)
            return;
        const message = `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep; a test definition needs fewer than 10`;
        problems.push(at({ line, character }, pathText(path()), message));
        throw new Stop();
    };
    try {
        (0,jsonc_parser__WEBPACK_IMPORTED_MODULE_0__.visit)(text, {
            onObjectBegin: (_offset, _length, line, character, path) => open(line, character, path, true),
            onArrayBegin: (_offset, _length, line, character, path) => open(line, character, path, false),
            onObjectEnd: () => void keys.pop(),
            onArrayEnd: () => void keys.pop(),
            onObjectProperty: (name, _offset, _length, line, character, path) => {
                const seen = keys.at(-1);
                const first = seen?.get(name);
                if (first === undefined)
                    return void seen?.set(name, { line, character });
                const message = `duplicate key ${(0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .describeValue */ .bp)(name)}: first at ${place(first)}, again at ${place({ line, character })}; JSON keeps only one of them, so give it once`;
                problems.push(at({ line, character }, pathText([...path(), name]), message));
            },
            onError: (code, offset, length, line, character) => {
                syntax = true;
                problems.push(at({ line, character }, `line ${line + 1}, column ${character + 1}`, `JSON syntax error: ${syntaxMessage(code, secret ? undefined : { text, offset, length })}`));
                throw new Stop();
            },
        }, { disallowComments: true });
    }
    catch (error) {
        if (!(error instanceof Stop))
            throw error;
    }
    return { problems, syntax };
}
function place(p) {
    return `line ${p.line + 1}, column ${p.character + 1}`;
}
function at(p, path, message) {
    return { path, message, line: p.line + 1, column: p.character + 1 };
}
function pathText(path) {
    return `$${path.map((s) => (typeof s === 'number' ? `[${s}]` : (0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .member */ .Dc)(s))).join('')}`;
}
/** What was expected, and what was found unless the text must not be quoted. */
function syntaxMessage(code, found) {
    const expected = SYNTAX_EXPECTATIONS[(0,jsonc_parser__WEBPACK_IMPORTED_MODULE_0__.printParseErrorCode)(code)] ?? 'not valid JSON';
    if (!found)
        return expected;
    const { text, offset, length } = found;
    return `${expected}, got ${offset >= text.length ? 'the end of the text' : shown(text.slice(offset, offset + Math.max(length, 1)))}`;
}
/** What was found, cut short, control characters escaped (a line break must not start a new log line). */
function shown(token) {
    const cut = token.length > 40 ? `${token.slice(0, 39)}…` : token;
    return `\`${JSON.stringify(cut).slice(1, -1).replace(/\\"/g, '"')}\``;
}
/** By jsonc-parser's error name (its codes are a const enum, which type stripping cannot read). */
const SYNTAX_EXPECTATIONS = {
    InvalidSymbol: 'expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array)',
    InvalidNumberFormat: 'expected a number such as 12, -3.5 or 1e6',
    PropertyNameExpected: 'expected a key in double quotes',
    ValueExpected: 'expected a value',
    ColonExpected: "expected ':' after the key",
    CommaExpected: "expected ',' between two items",
    CloseBraceExpected: "expected ',' or '}' after a value in the object",
    CloseBracketExpected: "expected ',' or ']' after an item of the array",
    EndOfFileExpected: 'expected the end of the text after the JSON value',
    InvalidCommentToken: 'expected no comments (JSON has none)',
    UnexpectedEndOfComment: 'expected no comments (JSON has none)',
    UnexpectedEndOfString: 'expected the string to end with a double quote on the same line',
    UnexpectedEndOfNumber: 'expected digits to finish the number',
    InvalidUnicode: 'expected four hexadecimal digits after \\u',
    InvalidEscapeCharacter: 'expected an escape such as \\n, \\" or \\\\ after the backslash',
    InvalidCharacter: 'expected control characters in a string to be escaped (\\n, \\t, \\u0000)',
};
/**
 * Line and column of problems at JSON paths (`$.config_data.steps[1].method`) in the text they came
 * from. Only the problems a reader is shown are located (errors.ts, MAX_PROBLEMS_SHOWN): the rest
 * are counted, never placed, and a generated file can have tens of thousands. One visit of the
 * text finds the places along the shown problems' paths: it builds no tree, skips the contents of
 * every other array and object, and stops once each path is found or known to end early, which
 * for problems in document order is near their last one (docs/performance.md).
 */
function locateProblems(problems, text) {
    if (problems.length === 0)
        return problems;
    const { shown } = (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .shownProblems */ .a1)(problems);
    const paths = shown.map((problem) => jsonPathSegments(problem.path));
    const root = wantedPlaces(paths);
    findPlaces(root, text);
    const located = shown.map((problem, i) => {
        const place = deepestPlace(root, paths[i]);
        return place === undefined ? problem : { ...problem, line: place.line + 1, column: place.character + 1 };
    });
    return [...located, ...problems.slice(located.length)];
}
function wanted(parent) {
    return { parent, children: new Map(), target: false, open: 0 };
}
function wantedPlaces(paths) {
    const root = wanted(undefined);
    for (const segments of paths) {
        if (!segments)
            continue;
        let node = root;
        for (const segment of segments) {
            const child = node.children.get(segment) ?? wanted(node);
            node.children.set(segment, child);
            node = child;
        }
        if (node.target)
            continue;
        node.target = true;
        for (let n = node; n; n = n.parent)
            n.open++;
    }
    return root;
}
/** Sets `at` of the wanted places that the text has; stops as soon as every target is settled. */
function findPlaces(root, text) {
    if (root.open === 0)
        return;
    const frames = [];
    const settle = (node, targets) => {
        for (let n = node; n; n = n.parent)
            n.open -= targets;
        if (root.open === 0)
            throw new Stop();
    };
    const found = (node, at) => {
        if (!node)
            return undefined;
        node.at = at;
        if (node.target)
            settle(node, 1);
        return node;
    };
    // Once a value ends, whatever it lacks of the paths through it is absent.
    const ended = (node) => {
        if (node && node.open > 0)
            settle(node, node.open);
    };
    const valueAt = (line, character) => {
        const frame = frames.at(-1);
        if (!frame)
            return found(root, { line, character });
        if (!frame.array)
            return frame.key;
        frame.index++;
        return found(frame.wanted?.children.get(frame.index), { line, character });
    };
    const begin = (array) => (_offset, _length, line, character) => {
        const node = valueAt(line, character);
        frames.push({ wanted: node, array, index: -1, key: undefined });
        // The contents of a value no path goes into are scanned without a callback.
        return node !== undefined && node.children.size > 0;
    };
    const end = () => ended(frames.pop()?.wanted);
    try {
        (0,jsonc_parser__WEBPACK_IMPORTED_MODULE_0__.visit)(text, {
            onObjectBegin: begin(false),
            onArrayBegin: begin(true),
            onObjectEnd: end,
            onArrayEnd: end,
            onObjectProperty: (name, _offset, _length, line, character) => {
                const frame = frames.at(-1);
                frame.key = found(frame.wanted?.children.get(name), { line, character });
            },
            onLiteralValue: (_value, _offset, _length, line, character) => ended(valueAt(line, character)),
        });
    }
    catch (error) {
        if (!(error instanceof Stop))
            throw error;
    }
}
/** Where the deepest place of the path that the text has begins: a missing key points at the object that lacks it. */
function deepestPlace(root, segments) {
    if (!segments)
        return undefined;
    let place = root.at;
    let node = root;
    for (const segment of segments) {
        node = node.children.get(segment);
        if (!node?.at)
            break;
        place = node.at;
    }
    return place;
}
/** `$.a.b[2]["c d"]` → ['a', 'b', 2, 'c d']; undefined for what is not a JSON path. */
function jsonPathSegments(path) {
    if (!path.startsWith('$'))
        return undefined;
    const segments = [];
    const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
    pattern.lastIndex = 1;
    while (pattern.lastIndex < path.length) {
        const match = pattern.exec(path);
        if (!match)
            return undefined;
        segments.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : JSON.parse(match[3])));
    }
    return segments;
}


/***/ }),

/***/ 92184:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  oj: () => (/* binding */ DefinitionProblems),
  yQ: () => (/* binding */ loadDefinition),
  CQ: () => (/* binding */ loadEnvironmentFile)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/definition/json-text.ts
var json_text = __webpack_require__(48939);
// EXTERNAL MODULE: ./src/definition/text-file.ts
var text_file = __webpack_require__(96093);
// EXTERNAL MODULE: ./src/definition/salvage.ts
var salvage = __webpack_require__(40308);
// EXTERNAL MODULE: ./src/definition/validate.ts
var validate = __webpack_require__(73787);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./src/definition/workspace.ts
// Where a definition's files (test data, an environment file) may be: inside the repository the
// definition is in, and never under a `.git` folder. A definition arrives with a pull request, and
// a file outside the checkout (`../../../../etc/shadow`, or a symlink pointing there) would be
// read and its rows sent to whatever target the definition names; `.git/config` holds the job's
// token where actions/checkout persists credentials (its default).


/**
 * The folder that holds every data file of a definition in `definitionDir` (docs/variables.md):
 * the workspace (GITHUB_WORKSPACE) when the definition is inside it, else the top of the git
 * checkout holding the definition, else the definition's own folder. Symlinks resolved.
 */
async function dataRoot(definitionDir, workspace) {
    const dir = await (0,promises_.realpath)(definitionDir);
    const root = workspace ? await (0,promises_.realpath)(workspace).catch(() => undefined) : undefined;
    if (root !== undefined && isInside(dir, root))
        return root;
    return (await gitTopLevel(dir)) ?? dir;
}
/** The nearest folder from `dir` upwards that holds `.git` (a folder, or a file in a worktree). */
async function gitTopLevel(dir) {
    for (let at = dir;; at = (0,external_node_path_.dirname)(at)) {
        if (await (0,promises_.lstat)((0,external_node_path_.join)(at, '.git')).then(() => true, () => false))
            return at;
        if ((0,external_node_path_.dirname)(at) === at)
            return undefined;
    }
}
/** Whether `path` is `root` or below it (both absolute, symlinks resolved). */
function isInside(path, root) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel !== '..' && !rel.startsWith(`..${external_node_path_.sep}`) && !(0,external_node_path_.isAbsolute)(rel);
}
/**
 * Why the file at `absolute` may not be read as test data or environment, or undefined: it is
 * under `.git`, or outside `inside.root` when given (`inside.rule` then ends the reason, saying
 * what must hold). The path is checked as written and after symlinks (a link may point into
 * `.git` or out of the root).
 */
async function confinementProblem(absolute, inside) {
    const real = await (0,promises_.realpath)(absolute).catch(() => undefined);
    const via = real === undefined || real === absolute ? '' : ` (a symbolic link to ${real})`;
    if (underGit(absolute) || (real !== undefined && underGit(real))) {
        return `is under a .git folder${via}: nothing under .git is read as test data or environment, as it holds the checkout's credentials`;
    }
    if (inside && real !== undefined && !isInside(real, inside.root))
        return `is outside ${inside.root}${via}: ${inside.rule}`;
    return undefined;
}
/** Whether a segment of `path` is `.git` (in any case: case-insensitive file systems read `.GIT` as `.git`). */
function underGit(path) {
    return path.split(/[\\/]/).some((segment) => segment.toLowerCase() === '.git');
}

;// CONCATENATED MODULE: ./src/definition/load.ts
// The file-system edge of the definition: read, parse strictly (json-text.ts), validate, locate
// the line and column of each problem shown (errors.ts), load a referenced environment file and
// locate test data files (both inside the definition's repository and outside .git:
// workspace.ts). Every problem found is thrown at once, as one InputError.







/**
 * `workspace` is the folder of the checked-out repository in CI (GITHUB_WORKSPACE): data files of
 * a definition inside it must be inside it too (workspace.ts).
 */
async function loadDefinition(path, workspace = process.env.GITHUB_WORKSPACE) {
    const text = await readText(path);
    if (!text.ok)
        throw new errors/* InputError */.dz([{ file: path, path: '$', message: `cannot read the test definition: ${text.reason}` }]);
    const parsed = parseJson(text.value, path);
    const validation = (0,salvage/* validatedOrSalvaged */.Jr)(parsed.json, path);
    const refused = (0,json_text/* locateProblems */.DO)(validation.problems, parsed.text);
    const { salvaged } = validation;
    if (!salvaged)
        throw new errors/* InputError */.dz(refused);
    const dir = (0,external_node_path_.dirname)((0,external_node_path_.resolve)(path));
    const { definition, environmentPath } = salvaged;
    const problems = [];
    const root = await dataRoot(dir, workspace);
    if (environmentPath !== undefined) {
        const environment = await loadReferencedEnvironment(path, environmentPath, root);
        if (environment.ok)
            definition.environment = environment.value;
        else
            problems.push(...environment.problems);
    }
    const located = await Promise.all(definition.test_data.map((set, i) => locateTestData(set, i, { dir, root }, path)));
    problems.push(...located.flatMap((l) => l.problems));
    definition.test_data = located.map((l) => l.set);
    const loaded = { definition, file: path, dir };
    if (refused.length > 0)
        throw new DefinitionProblems([...refused, ...problems], { loaded, replaced: salvaged.replaced });
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    return loaded;
}
/**
 * A definition refused, with what was left of it once the refused parts were pruned
 * (salvage.ts): a caller checks that too (variables, thresholds), so that one report holds
 * every problem. Its problems inside `replaced` steps are not the user's (laterProblems).
 */
class DefinitionProblems extends errors/* InputError */.dz {
    salvaged;
    constructor(problems, salvaged) {
        super(problems);
        this.salvaged = salvaged;
    }
}
/**
 * An environment file the user names (--environment, the action's `environment` input). Its
 * values are secrets as often as not: a syntax error names the place, never the text there.
 */
async function loadEnvironmentFile(path) {
    const refused = await confinementProblem((0,external_node_path_.resolve)(path));
    if (refused)
        throw new errors/* InputError */.dz([{ file: path, path: '$', message: `cannot read the environment file: it ${refused}` }]);
    const text = await readText(path);
    if (!text.ok)
        throw new errors/* InputError */.dz([{ file: path, path: '$', message: `cannot read the environment file: ${text.reason}` }]);
    const parsed = parseJson(text.value, path, { secret: true });
    const validation = (0,validate/* validateEnvironment */.qQ)(parsed.json, path);
    if (!validation.ok)
        throw new errors/* InputError */.dz((0,json_text/* locateProblems */.DO)(validation.problems, parsed.text));
    return validation.value;
}
/** The definition's `environment` file: confined as its test data is, parsed as secret text. */
async function loadReferencedEnvironment(definitionFile, reference, root) {
    // Named as the user can open it from where they ran the tool.
    const file = (0,external_node_path_.isAbsolute)(reference) ? reference : (0,external_node_path_.join)((0,external_node_path_.dirname)(definitionFile), reference);
    const problem = (message) => (0,errors/* failed */.gz)([{ file: definitionFile, path: '$.environment', message: `${message} (looked for ${(0,external_node_path_.resolve)(file)})` }]);
    const refused = await confinementProblem((0,external_node_path_.resolve)(file), { root, rule: ENVIRONMENT_RULE });
    if (refused)
        return problem(`environment file ${JSON.stringify(reference)} ${refused}`);
    const text = await readText(file);
    if (!text.ok)
        return problem(`cannot read the environment file ${JSON.stringify(reference)}: ${text.reason}`);
    const parsed = (0,json_text/* parseJsonText */.lk)(text.value, file, { secret: true });
    if (!parsed.ok)
        return parsed;
    const validation = (0,validate/* validateEnvironment */.qQ)(parsed.value.json, file);
    return validation.ok ? validation : (0,errors/* failed */.gz)((0,json_text/* locateProblems */.DO)(validation.problems, parsed.value.text));
}
const DATA_RULE = 'test data must be inside the repository or workspace of the definition';
const ENVIRONMENT_RULE = 'an environment file must be inside the repository or workspace of the definition';
/** A data file: found, a regular file, inside the root its definition's repository gives and outside .git (after symlinks). */
async function locateTestData(set, index, folders, definitionFile) {
    const absolute = (0,external_node_path_.resolve)(folders.dir, set.file);
    const problem = (reason) => ({
        file: definitionFile,
        path: `$.test_data[${index}].file`,
        message: `data file ${JSON.stringify(set.file)} ${reason} (looked for ${absolute})`,
    });
    const refused = await confinementProblem(absolute, { root: folders.root, rule: DATA_RULE });
    if (refused)
        return { set, problems: [problem(refused)] };
    const file = await (0,text_file/* openRegularFile */.ZU)(absolute, text_file/* MAX_DATA_BYTES */.yL);
    if (!file.ok)
        return { set, problems: [problem(file.reason)] };
    await file.handle.close();
    return { set: { ...set, file: absolute }, problems: [] };
}
function readText(path) {
    return (0,text_file/* readTextFile */.Gu)(path, text_file/* MAX_DEFINITION_BYTES */.N9);
}
/** Parses JSON strictly (json-text.ts); its problems become an InputError. */
function parseJson(text, file, options = {}) {
    const parsed = (0,json_text/* parseJsonText */.lk)(text, file, options);
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems);
    return parsed.value;
}


/***/ }),

/***/ 40308:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jr: () => (/* binding */ validatedOrSalvaged),
/* harmony export */   bt: () => (/* binding */ laterProblems)
/* harmony export */ });
/* unused harmony export salvageDefinition */
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8301);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _json_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48939);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(73787);
// What can still be checked of a definition its schema or rules refused, so that one report holds
// every problem (docs/interface.md 2.1): the refused parts pruned — a member deleted (its default
// takes its place), a broken step replaced by a stand-in that keeps its name and captures — until what is
// left is valid. Variables, test data and thresholds are then checked on that; their problems
// inside a stand-in are not the user's. A prune that would change what variables exist (the
// environment, test data, a capture) salvages nothing: a later check would then report names
// missing that the user did define.




/** Prune, validate again; each round climbs one level where a prune was not enough. */
const ROUNDS = 6;
function salvageDefinition(raw, problems) {
    // Later problems would follow these, past what a reader is shown: a generated file with
    // thousands of problems is not validated again and again for them.
    if (problems.length >= _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_PROBLEMS_SHOWN */ .mg)
        return null;
    const copy = structuredClone(raw);
    const replaced = new Set();
    let current = problems;
    for (let round = 0; round < ROUNDS; round++) {
        const pruned = new Set();
        for (const problem of current)
            if (!prune(copy, problem.path, { replaced, pruned }))
                return null;
        const validation = (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .validateDefinition */ .Gt)(copy, '');
        if (validation.ok)
            return { ...validation.value, replaced: [...replaced].map((i) => `$.config_data.steps[${i}]`) };
        current = validation.problems;
    }
    return null;
}
/**
 * A definition's schema and rule problems, and what can still be checked of it: the whole
 * definition when it is valid, what is left once the refused parts are pruned, or null when
 * nothing is (the problems are then all there is to report).
 */
function validatedOrSalvaged(raw, file) {
    const validation = (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .validateDefinition */ .Gt)(raw, file);
    if (validation.ok)
        return { problems: [], salvaged: { ...validation.value, replaced: [] } };
    return { problems: validation.problems, salvaged: salvageDefinition(raw, validation.problems) };
}
/**
 * Of the problems later checks (variables, data, thresholds) found on what a salvage left, the
 * user's: none inside a stand-in step, none at a path `earlier` problems already name.
 */
function laterProblems(later, earlier, replaced) {
    return later.filter((p) => !insideStandIn(p, replaced) && !earlier.some((e) => e.path === p.path));
}
function insideStandIn(problem, replaced) {
    return replaced.some((step) => problem.path === step || problem.path.startsWith(`${step}.`) || problem.path.startsWith(`${step}[`));
}
const SCOPE = new Set(['environment', 'test_data', 'capture_env']);
function prune(root, path, done) {
    const written = (0,_json_text_js__WEBPACK_IMPORTED_MODULE_1__/* .jsonPathSegments */ .A_)(path);
    if (!written || written.some((s) => SCOPE.has(String(s))))
        return false;
    for (let segments = written; segments.length > 0; segments = segments.slice(0, -1)) {
        const key = JSON.stringify(segments);
        // Pruned in this round already (two problems of one part), or inside a part pruned.
        if (segments.some((_, i) => done.pruned.has(JSON.stringify(segments.slice(0, i + 1)))))
            return true;
        const parent = valueAt(root, segments.slice(0, -1));
        const last = segments.at(-1);
        if (isStep(segments) && Array.isArray(parent) && typeof last === 'number') {
            if (done.replaced.has(last))
                return false;
            parent[last] = standIn(parent[last], last);
            done.replaced.add(last);
            done.pruned.add(key);
            return true;
        }
        if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(parent) && typeof last === 'string' && Object.hasOwn(parent, last)) {
            delete parent[last];
            done.pruned.add(key);
            return true;
        }
        // An element of another list, or a member missing: the part around it goes.
    }
    return false;
}
function isStep(segments) {
    return segments.length === 3 && segments[0] === 'config_data' && segments[1] === 'steps';
}
function standIn(step, index) {
    const kept = (0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(step) ? { name: step.name, capture_env: step.capture_env } : {};
    return { id: index + 1, url: 'http://stand-in.invalid/', ...kept };
}
function valueAt(root, segments) {
    let node = root;
    for (const segment of segments) {
        if (Array.isArray(node) && typeof segment === 'number')
            node = node[segment];
        else if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(node) && typeof segment === 'string' && Object.hasOwn(node, segment))
            node = node[segment];
        else
            return undefined;
    }
    return node;
}


/***/ }),

/***/ 80182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G3: () => (/* binding */ PATTERNS),
/* harmony export */   IE: () => (/* binding */ LoadTestSchema),
/* harmony export */   Km: () => (/* binding */ DEFAULT_STREAM_MAX_S),
/* harmony export */   L: () => (/* binding */ FORBIDDEN_HEADERS),
/* harmony export */   Rv: () => (/* binding */ LOADTEST_SCHEMA_ID),
/* harmony export */   Tt: () => (/* binding */ EnvironmentSchema),
/* harmony export */   Zx: () => (/* binding */ MAX_WARM_UP_S),
/* harmony export */   b1: () => (/* binding */ LIMITS),
/* harmony export */   zY: () => (/* binding */ DEFAULTS)
/* harmony export */ });
/* unused harmony exports JSON_SCHEMA_DIALECT, StepSchema, ConfigDataSchema, TestDataSetSchema, schemaFileText */
/* harmony import */ var _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74508);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(16141);
// The test definition file format (docs/interface.md 2.1 and the README), described once. This schema validates files
// (ajv), is published as schema/loadtest.schema.json for editors, and its `default`s are the
// values normalisation applies. It describes the *raw* file: fields users may leave out are
// optional here and filled in by validate.ts.


/**
 * Where editors fetch the schema from: the file in the repository at the major version's tag, so
 * `"$schema": "<this URL>"` in a definition keeps working through the releases of v0.
 */
const LOADTEST_SCHEMA_ID = 'https://raw.githubusercontent.com/loadgate/loadgate/v0/schema/loadtest.schema.json';
/** ajv's default dialect, which editors support best. */
const JSON_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';
/** The longest warm-up period (seconds): a warm-up, not a second test. */
const MAX_WARM_UP_S = 600;
/**
 * Bounds that keep whatever validate accepts runnable (docs/security.md): the plan holds one
 * entry per second, and every timer the run sets must fit Node's 32-bit setTimeout (24.8 days).
 */
const LIMITS = {
    /** The longest test: a day, so the plan's per-second arrays stay small. */
    durationS: 86_400,
    /** The most iterations of one test: beyond any one generator, still exact in the plan's integer maths. */
    iterations: 1_000_000_000,
    /** The longest per-request timeout (seconds); shorter than a millisecond would turn it off. */
    timeoutMinS: 0.001,
    timeoutMaxS: 3600,
    /** The longest think time (ms). */
    sleepMs: 3_600_000,
    /** Steps of one iteration. */
    steps: 1000,
    /** A country's share in proxy_config: a weight, not a count. */
    proxyShare: 1_000_000,
    /**
     * The longest header value (bytes; a valid value has one byte per character): common servers
     * refuse a longer header line with 431 (Apache's 8190-byte field, nginx's 8 KiB buffer), so every
     * request of the test would fail.
     */
    headerValueBytes: 8192,
    /** All of a step's headers together, as `Name: value` lines: Node's default limit for a request's header. */
    headerBytes: 16_384,
    /** The longest a stream may stay open (seconds): an hour, as the per-request timeout. */
    streamMaxS: 3600,
    /** Events or messages one stream may wait for. */
    streamEvents: 1_000_000,
    /** Messages a WebSocket step sends. */
    streamSends: 1000,
};
/** How long a stream stays open at most when its step does not say (seconds). */
const DEFAULT_STREAM_MAX_S = 60;
/**
 * Request headers a definition may not set, with why: the engine frames the request and manages
 * its connections, and HTTP/2 forbids connection-specific headers. Any of these would make every
 * request fail (or frame it wrongly), so validate refuses them.
 */
const FORBIDDEN_HEADERS = {
    'content-length': 'the engine computes it from the payload (a wrong one would break the framing)',
    'transfer-encoding': 'the engine frames the body itself',
    connection: "the engine keeps its connections open; connection options are not the test's to set",
    'keep-alive': 'the engine keeps its connections open',
    'proxy-connection': 'a connection-specific header (forbidden in HTTP/2)',
    upgrade: 'the engine does not switch protocols (WebSocket, h2c)',
    te: 'a connection-specific header (forbidden in HTTP/2)',
    expect: 'the engine does not wait for 100 Continue',
};
const DEFAULTS = {
    method: 'GET',
    timeout: 5,
    iteration_count: 100,
    duration: 10,
    load_type: 'linear',
    others: { h2: false, 'disable-redirect': false, 'disable-compression': false },
    test_data_type: 'csv',
    file_config: {
        delimiter: ',',
        allow_quota: false,
        order: 'random',
        skip_first_line: false,
        skip_empty_line: true,
    },
};
/**
 * Every pattern of the schema with what it means in plain words, so that a mismatch is
 * reported as an expectation rather than as a regular expression.
 */
const PATTERNS = {
    variableName: {
        pattern: '^[A-Za-z][A-Za-z0-9_]*$',
        expected: 'a name of letters, digits and "_" that starts with a letter (names starting with "_" are reserved for dynamic values such as _randomInt)',
    },
    dataSetName: {
        pattern: '^[A-Za-z_][A-Za-z0-9_-]*$',
        expected: 'a name of letters, digits, "_" and "-" that does not start with a digit or "-"',
    },
    countryCode: {
        pattern: '^[A-Z]{2}$',
        expected: 'a two-letter upper-case country code such as US or DE',
    },
    columnIndex: {
        pattern: '^(0|[1-9][0-9]*)$',
        expected: 'a column index written as a decimal number, starting at 0',
    },
    sleep: {
        pattern: '^[0-9]+(-[0-9]+)?$',
        expected: 'milliseconds as "N" or "N-M", such as "1000" or "300-500"',
    },
};
function stringEnum(values, options) {
    return _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Unsafe({ type: 'string', enum: [...values], ...options });
}
function patternString(p, options = {}) {
    return _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ pattern: p.pattern, ...options });
}
/** An object keyed by pattern-matching names; other keys are rejected. */
function patternRecord(p, value, options) {
    return _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Record(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ pattern: p.pattern }), value, { additionalProperties: false, ...options });
}
const Others = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    h2: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ default: false, description: 'Send the request over HTTP/2 (ALPN).' })),
    'disable-redirect': _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ default: false, description: 'Return a 3xx response as is instead of following up to 10 redirects.' })),
    'disable-compression': _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ default: false, description: 'Send no Accept-Encoding and leave the response body undecoded.' })),
}, { additionalProperties: false, description: 'Protocol switches of the step; each defaults to false.', default: DEFAULTS.others });
const RegexpCapture = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    exp: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'A JavaScript regular expression; its first group is captured, else the whole match.' }),
    matchNo: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 0, default: 0, description: 'Which match to take, counting from 0.' })),
}, { additionalProperties: false });
const CaptureSpec = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Union([
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
        from: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('body'),
        json_path: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Path into the JSON response body, such as "data.token".' }),
    }, { additionalProperties: false, title: 'a JSON body capture {"from": "body", "json_path": …}' }),
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({ from: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('body'), regexp: RegexpCapture }, { additionalProperties: false, title: 'a body regexp capture {"from": "body", "regexp": {"exp": …}}' }),
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
        from: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('header'),
        header_key: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Response header name.' }),
        regexp: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(RegexpCapture),
    }, { additionalProperties: false, title: 'a header capture {"from": "header", "header_key": …}' }),
], { description: 'Where the captured value comes from in the response.' });
const MaxSeconds = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Number({
    exclusiveMinimum: 0,
    maximum: LIMITS.streamMaxS,
    default: DEFAULT_STREAM_MAX_S,
    description: 'The longest the stream may stay open, in seconds (at most 3600).',
});
const SseStreamSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    type: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('sse'),
    until_event: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({
        minLength: 1,
        description: 'The event type that ends the stream (not counted). Absent: a "data: [DONE]" event ends it.',
    })),
    max_events: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 1, maximum: LIMITS.streamEvents, description: 'The stream ends after this many events.' })),
    max_seconds: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(MaxSeconds),
    expect_open: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({
        default: false,
        description: 'A subscription meant to be cut: reaching max_seconds ends the stream without an error.',
    })),
}, { additionalProperties: false, title: 'a server-sent event stream {"type": "sse", …}' });
const WebSocketStreamSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    type: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('websocket'),
    send: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String(), {
        maxItems: LIMITS.streamSends,
        default: [],
        description: 'Text messages sent in order once the socket is open; may hold templates.',
    })),
    receive: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({
        minimum: 1,
        maximum: LIMITS.streamEvents,
        description: 'The exchange ends after this many messages (default 1 when "until" is absent).',
    })),
    until: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'The exchange ends at a message matching this pattern (RE2 syntax, linear time).' })),
    max_seconds: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(MaxSeconds),
}, { additionalProperties: false, title: 'a WebSocket exchange {"type": "websocket", "send": […], …}' });
const StreamSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Union([SseStreamSchema, WebSocketStreamSchema], {
    description: 'Makes the step a stream: server-sent events read from the response body, or a WebSocket exchange (a ws:// or wss:// URL). See docs/streaming.md.',
});
const StepSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    id: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 1, description: 'Step number: the steps are numbered 1..n in order.' }),
    name: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Label of the step in reports and thresholds; default "step <id>".' })),
    url: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({
        minLength: 1,
        description: 'Absolute http(s) URL (ws:// or wss:// for a WebSocket stream); may hold {{VARIABLE}}, {{data.<set>.<tag>}} and {{_randomInt}}-style templates.',
    }),
    method: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(stringEnum(_types_js__WEBPACK_IMPORTED_MODULE_1__/* .HTTP_METHODS */ .y8, { default: DEFAULTS.method, description: 'HTTP method, upper case.' })),
    headers: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Unsafe({
        type: 'object',
        additionalProperties: { type: 'string', maxLength: LIMITS.headerValueBytes },
        default: {},
        description: "Request headers; names and values may hold templates. Values may not hold line breaks or control characters, and are at most 8192 characters (16384 bytes for all of a step's headers); Content-Length, Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, Upgrade, TE and Expect are set by the engine and refused.",
    })),
    payload: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ description: 'Request body as text; may hold templates.' })),
    timeout: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Number({
        minimum: LIMITS.timeoutMinS,
        maximum: LIMITS.timeoutMaxS,
        default: DEFAULTS.timeout,
        description: 'Per-request timeout in seconds: connect, headers and the whole body (at most an hour).',
    })),
    others: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(Others),
    sleep: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(patternString(PATTERNS.sleep, {
        description: 'Think time before the next step, in milliseconds: "1000", or "300-500" for a random time in a range (at most 3600000, an hour).',
    })),
    capture_env: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(patternRecord(PATTERNS.variableName, CaptureSpec, {
        description: 'Variables taken from the response for the later steps of the same iteration.',
    })),
    assertion: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1 }), {
        description: 'Checks that fail the step when they do not hold, such as "equals(status_code,200)".',
    })),
    stream: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(StreamSchema),
}, { additionalProperties: false, description: 'One request of an iteration.' });
const ManualStage = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    duration: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 1, maximum: LIMITS.durationS, description: 'Length of the stage in seconds.' }),
    count: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 0, maximum: LIMITS.iterations, description: 'Iterations started over the stage.' }),
}, { additionalProperties: false });
const ConfigDataSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    steps: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(StepSchema, { minItems: 1, maxItems: LIMITS.steps, description: 'The requests of one iteration, in order.' }),
    proxy_config: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(patternRecord(PATTERNS.countryCode, _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 0, maximum: LIMITS.proxyShare }), {
        description: 'Share of the iterations per country (two-letter code → integer share). Absent: one location.',
    })),
    iteration_count: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({
        minimum: 1,
        maximum: LIMITS.iterations,
        default: DEFAULTS.iteration_count,
        description: 'Total number of iterations (at most 1,000,000,000).',
    })),
    request_count: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({ minimum: 1, maximum: LIMITS.iterations, description: 'Older name of iteration_count; give one of them, not both.' })),
    load_type: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(stringEnum(_types_js__WEBPACK_IMPORTED_MODULE_1__/* .LOAD_TYPES */ .$w, { default: DEFAULTS.load_type, description: 'How iteration starts are spread over the duration.' })),
    duration: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({
        minimum: 1,
        maximum: LIMITS.durationS,
        default: DEFAULTS.duration,
        description: 'Length of the test in seconds (at most 86400, a day).',
    })),
    manual_load: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(ManualStage, {
        minItems: 1,
        description: 'Explicit stages; replaces load_type, and the stages add up to the duration and iteration count (at most a day and 1,000,000,000 iterations in all).',
    })),
}, { additionalProperties: false, description: 'What to send and how much of it.' });
const EnvValue = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Union([
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ title: 'a boolean' }),
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ title: 'a string' }),
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Number({ title: 'a number' }),
    _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer(), { title: 'an array of integers' }),
], { description: 'The value substituted for {{key}}; an array is written as JSON.' });
const EnvironmentSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    name: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Name of the environment.' }),
    vars: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
        key: patternString(PATTERNS.variableName, { description: 'Variable name, used as {{key}}.' }),
        value: EnvValue,
        secret: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({
            default: false,
            description: 'A secret (an API key, a token): its value is masked in the action log and never written to results, reports or logs.',
        })),
    }, { additionalProperties: false }), { description: 'The variables of the environment.' }),
}, { title: 'an environment object {"name": …, "vars": […]}', description: 'Named variables for {{KEY}} templates.' });
const FileConfig = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    delimiter: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, maxLength: 1, default: DEFAULTS.file_config.delimiter, description: 'Column delimiter, one character.' })),
    vars: patternRecord(PATTERNS.columnIndex, _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({ tag: patternString(PATTERNS.dataSetName, { description: 'Used as {{data.<set>.<tag>}}.' }) }, { additionalProperties: false }), { description: 'Columns to use: column index ("0" is the first) → {"tag": name}. Other columns are ignored.' }),
    allow_quota: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({
        default: DEFAULTS.file_config.allow_quota,
        description: 'Lenient quoting: a quote may appear inside an unquoted field and a lone quote inside a quoted one.',
    })),
    order: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(stringEnum(['random', 'sequential'], {
        default: DEFAULTS.file_config.order,
        description: 'Row order: a uniform random draw per iteration, or one row after the other (wrapping around).',
    })),
    skip_first_line: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ default: DEFAULTS.file_config.skip_first_line, description: 'Skip the first line (a header row).' })),
    skip_empty_line: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Boolean({ default: DEFAULTS.file_config.skip_empty_line, description: 'Skip empty lines.' })),
}, { additionalProperties: false, description: 'How the file is read.' });
const TestDataSetSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    name: patternString(PATTERNS.dataSetName, { description: 'Name of the set, used as {{data.<name>.<tag>}}.' }),
    file: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Path of the data file, relative to this definition file.' }),
    type: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Literal('csv', { default: DEFAULTS.test_data_type, description: 'File type.' })),
    file_config: FileConfig,
}, { additionalProperties: false, description: 'A delimited data file whose tagged columns feed {{data.<set>.<tag>}}.' });
const LoadTestSchema = _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Object({
    $schema: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ description: 'The JSON Schema of this file, for editors.' })),
    name: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, description: 'Name of the test.' }),
    config_data: ConfigDataSchema,
    environment: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Union([EnvironmentSchema, _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.String({ minLength: 1, title: 'a path to an environment file' })], {
        description: 'Variables for {{KEY}}: inline, or the path of a JSON file holding one (relative to this file).',
    })),
    test_data: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Array(TestDataSetSchema, { default: [], description: 'Data sets for {{data.<set>.<tag>}}.' })),
    warm_up: _sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Optional(_sinclair_typebox__WEBPACK_IMPORTED_MODULE_0__/* .Type */ .ZU.Integer({
        minimum: 0,
        maximum: MAX_WARM_UP_S,
        default: 0,
        description: "Seconds of unrecorded load against the target before the recorded schedule, rising to the first second's rate; 0: none.",
    })),
}, {
    $id: LOADTEST_SCHEMA_ID,
    title: 'loadgate test definition',
    description: 'A loadgate load test: the steps of one iteration and the load to apply. Format: https://github.com/loadgate/loadgate#the-test-definition',
    additionalProperties: false,
});
/** The text of schema/loadtest.schema.json. */
function schemaFileText() {
    return `${JSON.stringify({ $schema: JSON_SCHEMA_DIALECT, ...LoadTestSchema }, null, 2)}\n`;
}


/***/ }),

/***/ 96093:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gu: () => (/* binding */ readTextFile),
/* harmony export */   Iw: () => (/* binding */ Utf8Check),
/* harmony export */   N9: () => (/* binding */ MAX_DEFINITION_BYTES),
/* harmony export */   ZU: () => (/* binding */ openRegularFile),
/* harmony export */   yL: () => (/* binding */ MAX_DATA_BYTES)
/* harmony export */ });
/* unused harmony exports readFailure, invalidUtf8, invalidUtf8Offset */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
// Reading a user's file as text, defensively: only a regular file (a FIFO would block forever and
// /dev/urandom never ends), no larger than a limit, and valid UTF-8 (a bad byte is an error naming
// its line and byte, never silently replaced with U+FFFD).


/** The largest definition or environment file read (bytes). */
const MAX_DEFINITION_BYTES = 16 * 1024 * 1024;
/** The largest CSV data file read (bytes): its tagged columns are held in memory. */
const MAX_DATA_BYTES = 256 * 1024 * 1024;
/** Reads a regular file of at most `maxBytes` bytes as UTF-8. */
async function readTextFile(path, maxBytes) {
    const file = await openRegularFile(path, maxBytes);
    if (!file.ok)
        return file;
    try {
        const bytes = await file.handle.readFile();
        if (bytes.length > maxBytes)
            return { ok: false, reason: tooLarge(bytes.length, maxBytes) };
        const invalid = invalidUtf8(bytes);
        return invalid ? { ok: false, reason: invalid } : { ok: true, value: bytes.toString('utf8') };
    }
    catch (err) {
        return { ok: false, reason: readFailure(err) };
    }
    finally {
        await file.handle.close();
    }
}
/**
 * Opens `path` for reading if it is a regular file within the size limit. O_NONBLOCK makes the
 * open of a FIFO without a writer return at once, so that fstat can refuse it.
 */
async function openRegularFile(path, maxBytes) {
    let handle;
    try {
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(path, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    }
    catch (err) {
        return { ok: false, reason: readFailure(err) };
    }
    const info = await handle.stat();
    const problem = info.isFile() ? (info.size > maxBytes ? tooLarge(info.size, maxBytes) : null) : notRegular(info);
    if (problem === null)
        return { ok: true, handle, size: info.size };
    await handle.close();
    return { ok: false, reason: problem };
}
function notRegular(info) {
    const kind = info.isDirectory()
        ? 'a directory'
        : info.isFIFO()
            ? 'a named pipe (FIFO)'
            : info.isCharacterDevice() || info.isBlockDevice()
                ? 'a device'
                : info.isSocket()
                    ? 'a socket'
                    : 'not a regular file';
    return `is ${kind}, not a regular file`;
}
function tooLarge(size, maxBytes) {
    return `is ${size} bytes, larger than the ${maxBytes / (1024 * 1024)} MiB allowed`;
}
/**
 * Why a file could not be read, in words. The problem names the file already, so the system's
 * message (which quotes the path again, maybe 100,000 characters of it) is not repeated.
 */
function readFailure(err) {
    const code = err.code;
    if (code === 'ENOENT')
        return 'not found';
    if (code === 'EISDIR')
        return 'is a directory, not a file';
    if (code === 'EACCES')
        return 'permission denied';
    if (code === 'ENAMETOOLONG')
        return 'the path, or a name in it, is longer than the file system allows';
    if (code === 'ELOOP')
        return 'too many symbolic links on the way to it (links that lead back to each other?)';
    if (code === 'ENOTDIR')
        return 'a part of its path is a file, not a directory';
    // `ECODE: what happened, open '<path>'`: everything but the path.
    return err.message.replace(/, \w+ '[\s\S]*$/, '');
}
/** Where the first byte that is not UTF-8 is, as "line L, byte B": null when every byte is. */
function invalidUtf8(bytes, firstLine = 1, firstByte = 0) {
    const at = invalidUtf8Offset(bytes);
    if (at < 0)
        return null;
    let line = firstLine;
    for (let i = 0; i < at; i++)
        if (bytes[i] === 0x0a)
            line++;
    return `is not valid UTF-8: line ${line}, byte ${firstByte + at + 1} (0x${bytes[at].toString(16).padStart(2, '0')}); save the file as UTF-8`;
}
/**
 * The offset of the first byte of an invalid UTF-8 sequence, or -1. A sequence cut off by the end
 * of `bytes` counts as invalid: callers that stream pass whole files or keep the tail (see Utf8Check).
 */
function invalidUtf8Offset(bytes, end = bytes.length) {
    let i = 0;
    while (i < end) {
        const b = bytes[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        const length = SEQUENCE_LENGTH[b];
        if (length === 0 || i + length > end || !wellFormedSequence(bytes, i, length))
            return i;
        i += length;
    }
    return -1;
}
/**
 * The length of the sequence a byte starts: 2 to 4 for a multi-byte lead, 0 for an ASCII byte, a
 * continuation byte, or a byte UTF-8 never uses (0xC0, 0xC1, 0xF5 and above).
 */
const SEQUENCE_LENGTH = new Uint8Array(256).fill(2, 0xc2, 0xe0).fill(3, 0xe0, 0xf0).fill(4, 0xf0, 0xf5);
/** Whether the `length` bytes at `i`, led by a multi-byte lead, encode one code point. */
function wellFormedSequence(bytes, i, length) {
    const lead = bytes[i];
    const second = bytes[i + 1];
    // The second byte's range rules out overlong forms, surrogates and code points above U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high)
        return false;
    for (let k = 2; k < length; k++)
        if ((bytes[i + k] & 0xc0) !== 0x80)
            return false;
    return true;
}
/** Checks a stream of chunks as one UTF-8 text, carrying a sequence split across chunks. */
class Utf8Check {
    line = 1;
    offset = 0;
    tail = Buffer.alloc(0);
    /** The problem with this chunk (as "line L, byte B" of the whole file), or null. */
    push(chunk) {
        const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
        const keep = incompleteTail(bytes);
        const problem = invalidUtf8(bytes.subarray(0, bytes.length - keep), this.line, this.offset);
        if (problem)
            return problem;
        const done = bytes.subarray(0, bytes.length - keep);
        for (const b of done)
            if (b === 0x0a)
                this.line++;
        this.offset += done.length;
        this.tail = Buffer.from(bytes.subarray(bytes.length - keep));
        return null;
    }
    /** The problem with a sequence left unfinished at the end of the file, or null. */
    end() {
        return this.tail.length > 0 ? invalidUtf8(this.tail, this.line, this.offset) : null;
    }
}
/** How many bytes at the end start a multi-byte sequence that the next chunk may finish (0–3). */
function incompleteTail(bytes) {
    for (let back = 1; back <= Math.min(3, bytes.length); back++) {
        const b = bytes[bytes.length - back];
        if ((b & 0xc0) === 0x80)
            continue;
        const length = SEQUENCE_LENGTH[b] || 1;
        return length > back ? back : 0;
    }
    return 0;
}


/***/ }),

/***/ 73787:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BB: () => (/* binding */ checkHeaderValue),
/* harmony export */   FS: () => (/* binding */ checkHeaderName),
/* harmony export */   Gt: () => (/* binding */ validateDefinition),
/* harmony export */   pB: () => (/* binding */ forbiddenHeader),
/* harmony export */   qQ: () => (/* binding */ validateEnvironment)
/* harmony export */ });
/* unused harmony exports checkStepUrl, defaultStepName */
/* harmony import */ var ajv__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(42463);
/* harmony import */ var ajv__WEBPACK_IMPORTED_MODULE_5___default = /*#__PURE__*/__webpack_require__.n(ajv__WEBPACK_IMPORTED_MODULE_5__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _settings_suggest_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(68843);
/* harmony import */ var _patterns_pattern_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(52561);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80182);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8301);
// Validation of a parsed definition (pure): the schema, then the rules a schema cannot say,
// every problem gathered with its JSON path; then the defaults (docs/interface.md 2.1).






function validateDefinition(raw, file) {
    const { definition: check } = validators();
    const problems = check(raw) ? [] : schemaProblems(check.errors ?? [], raw);
    problems.push(...definitionRuleProblems(raw));
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(withFile(inDocumentOrder(problems), file));
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)(normaliseDefinition(raw));
}
/** For environment files and the action's `environment` input; `file` is absent for an input. */
function validateEnvironment(raw, file) {
    const { environment: check } = validators();
    const problems = check(raw) ? [] : schemaProblems(check.errors ?? [], raw);
    problems.push(...environmentRuleProblems(raw, '$'));
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(withFile(inDocumentOrder(problems), file));
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)(normaliseEnvironment(structuredClone(raw)));
}
/** The problem with a step URL, or null; `websocket`: the URL of a WebSocket stream step (ws:// or wss://). */
function checkStepUrl(url, websocket = false) {
    const [plain, secure] = websocket ? ['ws', 'wss'] : ['http', 'https'];
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
        return `expected an absolute URL starting with ${plain}:// or ${secure}://, got ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(url)}`;
    }
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return `expected a valid absolute ${plain}(s) URL, got ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(url)}`;
    }
    if (parsed.protocol !== `${plain}:` && parsed.protocol !== `${secure}:`) {
        const article = websocket ? 'a' : 'an';
        const hint = websocket
            ? ': the URL of a WebSocket stream step'
            : parsed.protocol.startsWith('ws')
                ? '; a WebSocket step takes "stream": {"type": "websocket", …}'
                : '';
        return `expected ${article} ${plain}:// or ${secure}:// URL, got a ${parsed.protocol}// URL${hint}`;
    }
    return null;
}
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TEMPLATE = /\{\{[^}]*\}\}/g;
/** The problem with a header name (templates in it are checked after resolution), or null. */
function checkHeaderName(name) {
    const literal = name.replace(TEMPLATE, '');
    if (literal === '' && name !== '')
        return null;
    if (HTTP_TOKEN.test(literal))
        return null;
    return `invalid header name ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(name)}: expected letters, digits and !#$%&'*+-.^_\`|~ only (no spaces or colons)`;
}
/** undici's rule for a header value: tab, visible ASCII and Latin-1; never CR, LF or NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/**
 * The problem with a header value's written parts (templates are checked after resolution), or
 * null: its length (the schema's bound, checked again once variables are resolved) and its characters.
 */
function checkHeaderValue(value) {
    if (value.length > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerValueBytes) {
        return `a header value of ${value.length} bytes: at most ${_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerValueBytes} are allowed (servers commonly answer 431 to longer ones)`;
    }
    const literal = value.replace(TEMPLATE, '');
    if (HEADER_VALUE.test(literal))
        return null;
    const bad = [...literal].find((c) => !HEADER_VALUE.test(c)) ?? '';
    const named = bad === '\r' || bad === '\n'
        ? 'a line break'
        : `the character ${JSON.stringify(bad)} (U+${bad.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
    return `invalid header value: it holds ${named}; a header value is one line of tab, printable ASCII and Latin-1 characters`;
}
/** Why a header may not be set by a definition, or null. */
function forbiddenHeader(name) {
    const reason = _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .FORBIDDEN_HEADERS */ .L[name.toLowerCase()];
    return reason === undefined ? null : `the header ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(name)} cannot be set: ${reason}`;
}
// ---- schema ----
let compiled;
function validators() {
    if (!compiled) {
        const ajv = new ajv__WEBPACK_IMPORTED_MODULE_5__.Ajv({ allErrors: true, verbose: true, strict: true });
        compiled = { definition: ajv.compile(_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LoadTestSchema */ .IE), environment: ajv.compile(_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .EnvironmentSchema */ .Tt) };
    }
    return compiled;
}
function schemaProblems(errors, root) {
    const suggestions = new Map();
    const problems = resolveAnyOfs(errors).map((e) => translate(e, root, suggestions));
    const seen = new Set();
    return problems.filter((p) => {
        const key = `${p.path}\n${p.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
/**
 * ajv reports every failed branch of an anyOf. Keep only the branch the value was meant for
 * (one whose type and discriminator fit, with the fewest errors); when that is ambiguous,
 * the anyOf error alone stands for them, as one "expected A, B or C" message. Each error is
 * looked up among the anyOfs around it (a few path prefixes), never compared with every other
 * error, so thousands of failed anyOfs cost time in proportion to their number.
 */
function resolveAnyOfs(errors) {
    const anyOfs = new Map();
    for (const e of errors.filter((e) => e.keyword === 'anyOf')) {
        const at = anyOfs.get(e.schemaPath) ?? new Map();
        anyOfs.set(e.schemaPath, at.set(e.instancePath, e));
    }
    if (anyOfs.size === 0)
        return errors;
    const outside = [];
    const inside = new Map();
    const around = new Map();
    for (const e of errors) {
        const group = outermostAnyOf(e, anyOfs, around) ?? (e.keyword === 'anyOf' ? e : undefined);
        if (!group)
            outside.push(e);
        else if (!inside.has(group))
            inside.set(group, group === e ? [] : [e]);
        else if (group !== e)
            inside.get(group).push(e);
    }
    for (const [anyOf, branchErrors] of inside) {
        const chosen = chooseBranch(anyOf, branchErrors);
        // A chosen branch may hold anyOfs of its own, resolved the same way.
        outside.push(...(chosen[0] === anyOf ? chosen : resolveAnyOfs(chosen)));
    }
    return outside;
}
/**
 * The outermost anyOf error that `e` lies inside: at or above its value, around its schema path.
 * `around` keeps the anyOf schema paths around each schema path, which thousands of errors share.
 */
function outermostAnyOf(e, anyOfs, around) {
    let schemaPaths = around.get(e.schemaPath);
    if (!schemaPaths) {
        schemaPaths = [...e.schemaPath.matchAll(/\/anyOf(?=\/)/g)].map((m) => e.schemaPath.slice(0, m.index + '/anyOf'.length));
        around.set(e.schemaPath, schemaPaths);
    }
    for (const schemaPath of schemaPaths) {
        const at = anyOfs.get(schemaPath);
        if (!at)
            continue;
        for (let path = e.instancePath;; path = path.slice(0, path.lastIndexOf('/'))) {
            const anyOf = at.get(path);
            if (anyOf)
                return anyOf;
            if (path === '')
                break;
        }
    }
    return undefined;
}
function chooseBranch(anyOf, inside) {
    const byBranch = new Map();
    for (const e of inside) {
        const branch = e.schemaPath.slice(anyOf.schemaPath.length + 1).split('/')[0] ?? '';
        const group = byBranch.get(branch);
        if (group)
            group.push(e);
        else
            byBranch.set(branch, [e]);
    }
    const viable = [...byBranch.values()]
        .filter((errs) => !errs.some((e) => rejectsKind(e, anyOf.instancePath)))
        .sort((a, b) => a.length - b.length);
    const [best, next] = viable;
    if (best && (!next || best.length < next.length))
        return best;
    return [anyOf];
}
/** The value is not of the branch's type, or its discriminator (a const member) differs. */
function rejectsKind(e, at) {
    if (e.keyword === 'type')
        return e.instancePath === at;
    return e.keyword === 'const' && e.instancePath.slice(0, e.instancePath.lastIndexOf('/')) === at;
}
function translate(e, root, suggestions) {
    const path = jsonPath(e.instancePath, root);
    const params = e.params;
    const parent = (e.parentSchema ?? {});
    const got = `got ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(e.data)}`;
    switch (e.keyword) {
        case 'required':
            return { path: path + (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(String(params.missingProperty)), message: `missing required key "${String(params.missingProperty)}"` };
        case 'additionalProperties':
            return unknownKeyProblem(path, String(params.additionalProperty), parent, suggestions);
        case 'type':
            return { path, message: `expected ${typeWord(params.type)}, ${got}` };
        case 'enum':
            return { path, message: `expected one of ${params.allowedValues.join(', ')}, ${got}` };
        case 'const':
            return { path, message: `expected ${JSON.stringify(params.allowedValue)}, ${got}` };
        case 'minimum':
            return { path, message: `expected ${typeWord(parent.type)} of at least ${String(params.limit)}, ${got}` };
        case 'maximum':
            return { path, message: `expected ${typeWord(parent.type)} of at most ${String(params.limit)}, ${got}` };
        case 'exclusiveMinimum':
            return { path, message: `expected ${typeWord(parent.type)} greater than ${String(params.limit)}, ${got}` };
        case 'minItems':
            return { path, message: `expected at least ${plural(Number(params.limit), 'item')}, ${got}` };
        case 'maxItems':
            return {
                path,
                message: `expected at most ${plural(Number(params.limit), 'item')}, got ${plural(e.data.length, 'item')}`,
            };
        case 'minLength':
        case 'maxLength':
            return { path, message: `expected ${lengthWords(parent)}, ${got}` };
        case 'pattern':
            return { path, message: `expected ${patternWords(String(params.pattern))}, ${got}` };
        case 'anyOf':
            return { path, message: `expected ${alternatives(e.schema)}, ${got}` };
        default:
            return { path, message: e.message ?? `does not match the schema (${e.keyword})` };
    }
}
function unknownKeyProblem(path, key, parent, suggestions) {
    const keyPath = path + (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(key);
    const known = Object.keys((parent.properties ?? {}));
    if (known.length === 0) {
        const pattern = Object.keys((parent.patternProperties ?? {}))[0] ?? '';
        return { path: keyPath, message: `invalid key ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(key)}: expected ${patternWords(pattern)}` };
    }
    const forSchema = suggestions.get(parent) ?? new Map();
    suggestions.set(parent, forSchema);
    if (!forSchema.has(key))
        forSchema.set(key, (0,_settings_suggest_js__WEBPACK_IMPORTED_MODULE_1__/* .closest */ .k)(key, known));
    const suggestion = forSchema.get(key);
    const hint = suggestion ? ` (did you mean "${suggestion}"?)` : `; expected one of ${known.join(', ')}`;
    return { path: keyPath, message: `unknown key ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(key)}${hint}` };
}
const TYPE_WORDS = {
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'a boolean',
    object: 'an object',
    array: 'an array',
    null: 'null',
};
function typeWord(type) {
    const types = Array.isArray(type) ? type : String(type ?? 'value').split(',');
    return types.map((t) => TYPE_WORDS[String(t)] ?? `a ${String(t)}`).join(' or ');
}
function lengthWords(schema) {
    const { minLength, maxLength } = schema;
    if (typeof maxLength === 'number' && minLength === maxLength)
        return `exactly ${plural(maxLength, 'character')}`;
    if (typeof maxLength === 'number')
        return `at most ${plural(maxLength, 'character')}`;
    if (minLength === 1)
        return 'a non-empty string';
    return `at least ${plural(Number(minLength), 'character')}`;
}
function patternWords(pattern) {
    const known = Object.values(_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .PATTERNS */ .G3).find((p) => p.pattern === pattern);
    return known ? known.expected : `a string matching /${pattern}/`;
}
function alternatives(branches) {
    const words = (Array.isArray(branches) ? branches : []).map((b) => typeof b.title === 'string' ? b.title : typeWord(b.type));
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? 'another value');
}
function plural(n, noun) {
    return n === 1 ? `one ${noun}` : `${n} ${noun}s`;
}
// ---- JSON paths ----
/** `/config_data/steps/1/method` → `$.config_data.steps[1].method` (indexes only in arrays). */
function jsonPath(pointer, root) {
    let path = '$';
    let node = root;
    for (const token of pointer.split('/').slice(1)) {
        const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
        path += Array.isArray(node) ? `[${key}]` : (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(key);
        node = Array.isArray(node) ? node[Number(key)] : (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    }
    return path;
}
const pathOrder = new Intl.Collator('en', { numeric: true });
/** Schema and rule problems interleaved by path, so that those of one step read together. */
function inDocumentOrder(problems) {
    return [...problems].sort((a, b) => pathOrder.compare(a.path, b.path));
}
function withFile(problems, file) {
    return file === undefined ? problems : problems.map((p) => ({ file, ...p }));
}
// ---- rules the schema cannot say (on the raw value: they run even where the schema failed) ----
function isNonNegativeInteger(v) {
    return Number.isInteger(v) && v >= 0;
}
function records(v) {
    return Array.isArray(v) ? v.flatMap((item, i) => ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(item) ? [[i, item]] : [])) : [];
}
function definitionRuleProblems(raw) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(raw))
        return [];
    const problems = [];
    const config = raw.config_data;
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(config)) {
        problems.push(...stepIdProblems(config.steps));
        for (const [i, step] of records(config.steps))
            problems.push(...stepProblems(step, `$.config_data.steps[${i}]`));
        problems.push(...countProblems(config), ...proxyConfigProblems(config.proxy_config));
    }
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(raw.environment))
        problems.push(...environmentRuleProblems(raw.environment, '$.environment'));
    problems.push(...testDataProblems(raw.test_data));
    return problems;
}
function stepIdProblems(steps) {
    const problems = [];
    const firstIndexOfId = new Map();
    for (const [i, step] of records(steps)) {
        const id = step.id;
        if (!Number.isInteger(id))
            continue;
        const path = `$.config_data.steps[${i}].id`;
        const earlier = firstIndexOfId.get(id);
        if (earlier !== undefined) {
            problems.push({ path, message: `duplicate id ${String(id)} (also $.config_data.steps[${earlier}]): ids are 1..n in step order` });
            continue;
        }
        firstIndexOfId.set(id, i);
        if (id !== i + 1)
            problems.push({ path, message: `expected id ${i + 1} (ids are 1..n in step order), got ${String(id)}` });
    }
    return problems;
}
function stepProblems(step, path) {
    const problems = [];
    const websocket = (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(step.stream) && step.stream.type === 'websocket';
    if (typeof step.url === 'string' && !step.url.includes('{{')) {
        const message = checkStepUrl(step.url, websocket);
        if (message)
            problems.push({ path: `${path}.url`, message });
    }
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(step.stream))
        problems.push(...streamProblems(step, step.stream, path));
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(step.headers))
        problems.push(...headerProblems(step.headers, `${path}.headers`));
    problems.push(...sleepProblems(step.sleep, `${path}.sleep`));
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(step.capture_env))
        problems.push(...captureProblems(step.capture_env, `${path}.capture_env`));
    return problems;
}
/** What the stream schema cannot say: a pattern RE2 runs, a protocol the stream can use. */
function streamProblems(step, stream, path) {
    const problems = [];
    if (stream.type === 'websocket' && typeof stream.until === 'string') {
        const compiled = (0,_patterns_pattern_js__WEBPACK_IMPORTED_MODULE_2__/* .compilePattern */ .E)(stream.until);
        if (compiled.problem !== undefined)
            problems.push({ path: `${path}.stream.until`, message: compiled.problem });
    }
    if (stream.type === 'websocket' && step.payload !== undefined)
        problems.push({ path: `${path}.payload`, message: 'a WebSocket step sends no request body; put its messages in stream.send' });
    if (stream.type === 'websocket' && (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(step.others) && step.others.h2 === true)
        problems.push({ path: `${path}.others.h2`, message: 'a WebSocket stream opens over HTTP/1.1; expected h2 false or left out' });
    if (stream.type === 'sse' && step.method === 'HEAD')
        problems.push({ path: `${path}.method`, message: 'a HEAD response has no body to stream; expected GET, POST or another method' });
    return problems;
}
function headerProblems(headers, path) {
    const problems = [];
    const seen = new Map();
    let bytes = 0;
    for (const [name, value] of Object.entries(headers)) {
        const at = `${path}${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(name)}`;
        // A value over the length bound is the schema's to report.
        const checked = typeof value === 'string' && value.length <= _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerValueBytes ? checkHeaderValue(value) : null;
        const message = checkHeaderName(name) ?? forbiddenHeader(name) ?? checked;
        if (message)
            problems.push({ path: at, message });
        const earlier = seen.get(name.toLowerCase());
        if (earlier !== undefined) {
            problems.push({
                path: at,
                message: `duplicate header ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(name)} (also ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(earlier)}): header names are case-insensitive`,
            });
        }
        else
            seen.set(name.toLowerCase(), name);
        if (typeof value === 'string')
            bytes += `${name}: ${value}\r\n`.length;
    }
    // A value over its own bound is reported once, by the schema.
    const valueTooLong = Object.values(headers).some((v) => typeof v === 'string' && v.length > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerValueBytes);
    if (bytes > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerBytes && !valueTooLong) {
        problems.push({
            path,
            message: `the headers add up to ${bytes} bytes as sent ("Name: value" lines); at most ${_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.headerBytes} are allowed (Node's HTTP server refuses a larger request header, and so do common proxies)`,
        });
    }
    return problems;
}
function sleepProblems(sleep, path) {
    const range = typeof sleep === 'string' ? /^([0-9]+)(?:-([0-9]+))?$/.exec(sleep) : null;
    if (!range)
        return [];
    const [min, max] = [Number(range[1]), Number(range[2] ?? range[1])];
    if (max > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.sleepMs) {
        return [{ path, message: `expected at most ${_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.sleepMs} ms (an hour) of think time, got ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(sleep)}` }];
    }
    if (max < min)
        return [{ path, message: `expected a range "N-M" with M ≥ N, got ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(sleep)}` }];
    return [];
}
function captureProblems(captures, path) {
    return Object.entries(captures).flatMap(([name, spec]) => {
        const exp = (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(spec) && (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(spec.regexp) ? spec.regexp.exp : undefined;
        if (typeof exp !== 'string')
            return [];
        const { problem } = (0,_patterns_pattern_js__WEBPACK_IMPORTED_MODULE_2__/* .compilePattern */ .E)(exp);
        return problem === undefined ? [] : [{ path: `${path}${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(name)}.regexp.exp`, message: problem }];
    });
}
function countProblems(config) {
    const problems = [];
    if (config.iteration_count !== undefined && config.request_count !== undefined) {
        problems.push({
            path: '$.config_data.request_count',
            message: 'give either iteration_count or request_count (its older name), not both',
        });
    }
    const stages = records(config.manual_load).map(([, stage]) => stage);
    const counts = stages.map((s) => s.count);
    if (stages.length === 0 || !counts.every(isNonNegativeInteger))
        return problems;
    const total = counts.reduce((sum, n) => sum + n, 0);
    if (total === 0) {
        problems.push({ path: '$.config_data.manual_load', message: 'expected at least one stage with a count above 0, got none' });
    }
    if (total > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.iterations) {
        problems.push({
            path: '$.config_data.manual_load',
            message: `the stages add up to ${total} iterations; at most ${_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.iterations} are allowed`,
        });
    }
    const durations = stages.map((s) => s.duration);
    const seconds = durations.every(isNonNegativeInteger) ? durations.reduce((sum, n) => sum + n, 0) : 0;
    if (seconds > _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.durationS) {
        problems.push({
            path: '$.config_data.manual_load',
            message: `the stages add up to ${seconds} s; a test lasts at most ${_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.durationS} s (a day)`,
        });
    }
    for (const key of ['iteration_count', 'request_count']) {
        const given = config[key];
        if (Number.isInteger(given) && given !== total) {
            problems.push({
                path: `$.config_data.${key}`,
                message: `is ${String(given)}, but the manual_load stages add up to ${total} iterations: leave ${key} out or make them equal`,
            });
        }
    }
    return problems;
}
function proxyConfigProblems(proxyConfig) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(proxyConfig))
        return [];
    const shares = Object.values(proxyConfig);
    if (!shares.every(isNonNegativeInteger))
        return [];
    if (shares.reduce((sum, n) => sum + n, 0) > 0)
        return [];
    return [{ path: '$.config_data.proxy_config', message: 'expected at least one country with a share above 0, got none' }];
}
function environmentRuleProblems(environment, path) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(environment))
        return [];
    const keys = records(environment.vars).map(([i, v]) => ({ value: v.key, path: `${path}.vars[${i}].key` }));
    return duplicates(keys, 'key');
}
function testDataProblems(testData) {
    const sets = records(testData);
    const problems = duplicates(sets.map(([i, set]) => ({ value: set.name, path: `$.test_data[${i}].name` })), 'test data name');
    for (const [i, set] of sets) {
        const vars = (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(set.file_config) && (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(set.file_config.vars) ? set.file_config.vars : {};
        const tags = Object.entries(vars).map(([column, v]) => ({
            value: (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(v) ? v.tag : undefined,
            path: `$.test_data[${i}].file_config.vars${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .member */ .Dc)(column)}.tag`,
        }));
        problems.push(...duplicates(tags, 'tag'));
    }
    return problems;
}
function duplicates(items, what) {
    const first = new Map();
    const problems = [];
    for (const { value, path } of items) {
        if (typeof value !== 'string')
            continue;
        const earlier = first.get(value);
        if (earlier)
            problems.push({ path, message: `duplicate ${what} ${(0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .describeValue */ .bp)(value)} (also ${earlier})` });
        else
            first.set(value, path);
    }
    return problems;
}
// ---- defaults ----
function normaliseDefinition(raw) {
    const copy = structuredClone(raw);
    const definition = {
        name: copy.name,
        config_data: normaliseConfig(copy.config_data),
        test_data: (copy.test_data ?? []).map(normaliseTestData),
    };
    if (copy.warm_up !== undefined && copy.warm_up > 0)
        definition.warm_up = copy.warm_up;
    if (typeof copy.environment === 'string')
        return { definition, environmentPath: copy.environment };
    if (copy.environment)
        definition.environment = normaliseEnvironment(copy.environment);
    return { definition };
}
function normaliseConfig(raw) {
    const stages = raw.manual_load;
    const config = {
        steps: raw.steps.map(normaliseStep),
        iteration_count: stages
            ? stages.reduce((sum, s) => sum + s.count, 0)
            : (raw.iteration_count ?? raw.request_count ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.iteration_count),
        load_type: raw.load_type ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.load_type,
        duration: stages ? stages.reduce((sum, s) => sum + s.duration, 0) : (raw.duration ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.duration),
    };
    if (raw.proxy_config)
        config.proxy_config = raw.proxy_config;
    if (stages)
        config.manual_load = stages;
    return config;
}
/** The name of a step that has none (the public interface does not require one). */
function defaultStepName(id) {
    return `step ${id}`;
}
function normaliseStep(raw) {
    const step = {
        id: raw.id,
        name: raw.name ?? defaultStepName(raw.id),
        url: raw.url,
        method: raw.method ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.method,
        headers: raw.headers ?? {},
        timeout: raw.timeout ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.timeout,
        others: { ..._schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.others, ...raw.others },
    };
    if (raw.payload !== undefined)
        step.payload = raw.payload;
    if (raw.sleep !== undefined)
        step.sleep = raw.sleep;
    if (raw.capture_env !== undefined)
        step.capture_env = raw.capture_env;
    if (raw.assertion !== undefined)
        step.assertion = raw.assertion;
    if (raw.stream !== undefined)
        step.stream = normaliseStream(raw.stream);
    return step;
}
function normaliseStream(raw) {
    const max_seconds = raw.max_seconds ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_STREAM_MAX_S */ .Km;
    if (raw.type === 'sse')
        return { ...raw, max_seconds, expect_open: raw.expect_open ?? false };
    return { ...raw, send: raw.send ?? [], max_seconds, ...(raw.receive === undefined && raw.until === undefined && { receive: 1 }) };
}
function normaliseTestData(raw) {
    return {
        name: raw.name,
        file: raw.file,
        type: raw.type ?? _schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.test_data_type,
        file_config: { ..._schema_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.file_config, ...raw.file_config },
    };
}
function normaliseEnvironment(raw) {
    return { name: raw.name, vars: raw.vars.map(({ key, value, secret }) => (secret ? { key, value, secret } : { key, value })) };
}


/***/ }),

/***/ 9355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $o: () => (/* binding */ parseCheckBodyLimit)
/* harmony export */ });
/* unused harmony exports DEFAULT_CHECK_BODY_BYTES, checkedBody */
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_0__);
// What a step's checks read of a response body (docs/variables.md, "How much of the body checks
// read"): its first `check-body-limit` bytes, decoded. The slot keeps no more than that of what
// arrives (the rest is read and dropped), and a compressed body is decoded to at most that many
// bytes, so neither a large body nor a small one that decompresses to gigabytes is held whole.

/** What checks read of a body when the setting is not given: 1 MiB. */
const DEFAULT_CHECK_BODY_BYTES = (/* unused pure expression or super */ null && (1024 * 1024));
const MAX_CHECK_BODY_BYTES = 256 * 1024 * 1024;
const UNITS = { '': 1, b: 1, kib: 1024, kb: 1000, mib: 1024 * 1024, mb: 1000 * 1000 };
/** The setting `check-body-limit`: `1MiB`, `512KiB`, `200kB` or bytes; from 1 KiB to 256 MiB. */
function parseCheckBodyLimit(text, name) {
    const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
    const unit = UNITS[match?.[2]?.toLowerCase() ?? 'x'];
    const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN;
    if (!(bytes >= 1024 && bytes <= MAX_CHECK_BODY_BYTES))
        return { path: name, message: `expected a size from 1KiB to 256MiB, such as 1MiB, 512KiB or 65536 (bytes), got "${text}"` };
    return bytes;
}
function decoderOf(encoding) {
    switch (typeof encoding === 'string' ? encoding.trim().toLowerCase() : '') {
        case 'gzip':
        case 'x-gzip':
            return gunzipSync;
        case 'deflate':
            return inflateSync;
        case 'br':
            return (raw, options) => brotliDecompressSync(raw, { maxOutputLength: options.maxOutputLength, finishFlush: constants.BROTLI_OPERATION_FLUSH });
        default:
            return null;
    }
}
/**
 * The first `limit` bytes of the body as text. `raw` may be cut short at the limit: a compressed
 * body is decoded as far as it goes (a sync flush, not an error at its cut end). A decoded body
 * longer than the limit is decoded again from a shorter start until it fits: at most about
 * log2(compression ratio) passes, each bounded by the limit. Throws on a body that is not in its
 * declared encoding (the step's error: "invalid response").
 */
function checkedBody(raw, encoding, limit) {
    const decode = decoderOf(encoding);
    if (decode === null)
        return raw.subarray(0, limit).toString('utf8');
    let input = raw;
    for (;;) {
        try {
            return decode(input, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
        }
        catch (error) {
            if (error.code !== 'ERR_BUFFER_TOO_LARGE' || input.length <= 1)
                throw error;
            input = input.subarray(0, input.length >> 1);
        }
    }
}


/***/ }),

/***/ 46577:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mn: () => (/* binding */ egressOf)
});

// UNUSED EXPORTS: Engine, LATE_AFTER_US, START_GRACE_MS, connectionsOf

// EXTERNAL MODULE: external "node:assert/strict"
var strict_ = __webpack_require__(97703);
// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: ./src/engine/check-body.ts
var check_body = __webpack_require__(9355);
// EXTERNAL MODULE: ./src/engine/errors.ts
var errors = __webpack_require__(17679);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(46752);
;// CONCATENATED MODULE: ./src/engine/connections.ts



/** Sockets open now, and the most at once. */
class connections_SocketCount {
    open = 0;
    max = 0;
    track(socket) {
        this.open++;
        if (this.open > this.max)
            this.max = this.open;
        socket.once('close', () => this.open--);
    }
}
/**
 * undici's connector (TLS verified unless insecure; ALPN h2 only for h2 steps), counting its
 * sockets, each of which skips interim `100 Continue` responses (interim.ts).
 */
function connections_countedConnector(settings, h2, count) {
    const connect = buildConnector({ rejectUnauthorized: !settings.insecure, timeout: settings.connectTimeoutMs, allowH2: h2 });
    return (options, callback) => {
        const socket = connect(options, callback);
        count.track(socket);
        skipContinueResponses(socket, h2);
        return socket;
    };
}
/** What a Client passes its connector for an origin. */
function connectOptionsOf(origin) {
    const url = new URL(origin);
    return { host: url.host, hostname: url.hostname.replace(/^\[|\]$/g, ''), protocol: url.protocol, port: url.port };
}
/**
 * The connector of one origin and protocol, shared by the Clients of every slot: sockets opened
 * ahead wait here until a Client takes one. Sharing it also shares undici's TLS session cache,
 * so connections after the first resume their session.
 */
class connections_OriginConnector {
    connect;
    open;
    options;
    waiting = [];
    constructor(origin, settings, h2, count) {
        this.open = connections_countedConnector(settings, h2, count);
        this.options = connectOptionsOf(origin);
        this.connect = (options, callback) => {
            const socket = this.waiting.pop();
            if (!socket)
                return this.open(options, callback);
            // undici expects the callback after connect() has returned, as a real connect does.
            queueMicrotask(() => callback(null, socket));
            return socket;
        };
    }
    get idle() {
        return this.waiting.length;
    }
    /**
     * Opens `probes` sockets one after another and times each: the fastest connect's time in ms, or
     * null when the first failed or took over waitMs. The fastest, because a connect's time on a
     * loaded machine (the first on cold code above all) is as much the scheduler's as the
     * network's, and it scales every connection opened ahead; one after another, because sockets
     * opened at once are read in the same turn of the loop and share its delay.
     */
    async timeConnect(waitMs, probes = 1) {
        let fastest = null;
        for (let i = 0; i < probes; i++) {
            const started = performance.now();
            if (!(await this.openOne(waitMs)))
                break;
            fastest = Math.min(fastest ?? Infinity, performance.now() - started);
        }
        return fastest;
    }
    /** Opens n sockets at once; resolves when each has connected or failed, or after waitMs. */
    async prepare(n, waitMs) {
        await Promise.all(Array.from({ length: Math.max(0, n) }, () => this.openOne(waitMs)));
    }
    /** Opens n sockets without waiting for them (more connections ahead of a rising schedule). */
    add(n) {
        for (let i = 0; i < n; i++)
            void this.openOne(Infinity);
    }
    /** Closes the sockets no Client took. */
    close() {
        for (const socket of this.waiting.splice(0))
            socket.destroy();
    }
    openOne(waitMs) {
        return new Promise((resolve) => {
            const timer = Number.isFinite(waitMs) ? setTimeout(() => resolve(false), waitMs) : undefined;
            this.open(this.options, (error, socket) => {
                clearTimeout(timer);
                if (error || !socket)
                    return resolve(false);
                this.keep(socket);
                resolve(true);
            });
        });
    }
    keep(socket) {
        this.waiting.push(socket);
        // A socket that closes while it waits (the server's idle timeout) is simply not handed out.
        socket.once('close', () => {
            const at = this.waiting.indexOf(socket);
            if (at >= 0)
                this.waiting.splice(at, 1);
        });
    }
}

;// CONCATENATED MODULE: ./src/engine/dispatchers.ts
// Connections. Each in-flight slot owns its connections: one undici Client per origin its steps
// use (a shared Pool or Agent, and even a per-slot Agent's routing layer, cost throughput,
// measured: docs/performance.md, "Measurements behind the engine's choices"), so keep-alive reuse falls out of slots being reused. Redirects may
// cross origins: their hops go through a per-slot Agent, made on the first redirect. Sockets come
// from the engine's connectors (connections.ts), which open them ahead of need and count them.

const KEEP_ALIVE_MS = 30_000;
function connectOptions(settings) {
    return { rejectUnauthorized: !settings.insecure, timeout: settings.connectTimeoutMs };
}
function clientOptions(connect, h2) {
    return {
        connect,
        // Explicit either way: undici 8 offers h2 by ALPN unless told not to.
        allowH2: h2,
        // With 1, undici writes the next request on a reused connection one event-loop turn later,
        // batched after the reads; writing at once (2) measured slower (figures in docs/performance.md:
        // measurements stay out of comments, issue 32).
        pipelining: 1,
        keepAliveTimeout: KEEP_ALIVE_MS,
    };
}
/** One connection of a slot to one origin, through the origin's connector. */
function dispatchers_directClient(origin, connect, h2) {
    const client = new Client(origin, clientOptions(connect, h2));
    return { dispatcher: client, close: () => client.destroy() };
}
/** A slot's dispatcher for redirect hops, to any origin: one Client per origin. */
function dispatchers_redirectAgent(connect, h2) {
    const agent = new Agent({ factory: (origin, opts) => new Client(origin, opts), ...clientOptions(connect, h2) });
    return { dispatcher: agent, close: () => agent.destroy() };
}
/** A dispatcher through an HTTP proxy (one per location, shared by the slots). */
function dispatchers_proxyDispatcher(proxyUrl, settings, h2) {
    const agent = new ProxyAgent({
        uri: proxyUrl,
        requestTls: connectOptions(settings),
        proxyTls: connectOptions(settings),
        connect: connectOptions(settings),
        allowH2: h2,
        keepAliveTimeout: KEEP_ALIVE_MS,
        webSocket: { maxPayloadSize: MAX_MESSAGE_BYTES },
    });
    return { dispatcher: agent, close: () => agent.destroy() };
}
/**
 * The largest WebSocket message the engine takes (bytes; undici's own bound, 128 MB by default):
 * a larger one fails the exchange and memory stays flat, as an SSE event's bound does (docs/streaming.md).
 */
const MAX_MESSAGE_BYTES = (/* unused pure expression or super */ null && (1024 * 1024));
/**
 * The agent direct WebSocket handshakes go through (one per engine). A WebSocket keeps its
 * connection for itself once upgraded, so nothing is pooled: the agent only connects.
 */
function dispatchers_webSocketAgent(settings) {
    const agent = new Agent({ connect: connectOptions(settings), webSocket: { maxPayloadSize: MAX_MESSAGE_BYTES } });
    return { dispatcher: agent, close: () => agent.destroy() };
}

;// CONCATENATED MODULE: ./src/engine/growth.ts
// When the engine may add a slot (and so a connection) beyond those opened ahead. Only while the
// event loop has time to spare (neither busy for LOOP_BUSY_SHARE of a window nor a tick late):
// after a window in which at least IN_USE_SHARE of the slots held an iteration, half as many again
// (or as many as are waiting, at most doubling), earned over the next window; and at once, at the
// schedule's rate, for a service that is slow by both the in-flight ages and the last second's
// median response. Never more than the schedule needs (slotsNeeded). The rules and the cases each
// measure misses: docs/engine.md, "Slots grow smoothly"; what each was measured against:
// docs/performance.md, "Growth sized on the loop's own time".

/** Length of the window that decides how many slots the next one may add. */
const growth_GROWTH_WINDOW_MS = 50;
/** An iteration's time is the least mean of this many recent windows with time to spare. */
const MEASURED_WINDOWS = 5;
/** Slots were mostly in use: on average at least this share of them held an iteration (those opened ahead for twice the expected need run at about half). */
const IN_USE_SHARE = 0.75;
/** The loop had time to spare: busy less than this share of the window, and no tick more than LATE_TICK_MS after its turn. */
const LOOP_BUSY_SHARE = 0.9;
const LATE_TICK_MS = 4;
/** A window may add this share of the slots, or the iterations waiting for one up to as many again, at least MIN_GROWTH. */
const GROWTH_PER_WINDOW = 0.5;
const MIN_GROWTH = 4;
/** Out this long on average (ms, and SLOW_FACTOR times the expected iteration), with responses as slow: a slow service. */
const SLOW_SERVICE_MS = 20;
const SLOW_FACTOR = 4;
/** At most this many ms' worth of the schedule's rate is saved up. */
const SAVED_MS = 5;
/** Slots beyond the schedule's need, for the first iterations of a second and rounding. */
const growth_SLOT_HEADROOM = 4;
/**
 * Iterations a second above what one engine thread sends (docs/performance.md has what it sent):
 * a schedule asked for more is sized as if for this. Every slot of an overloaded thread is in
 * flight, and each costs CPU on every request: at an unreachable rate the thousands of slots
 * sized for it cost much of the thread's throughput.
 */
const THREAD_RATE_CEILING = 100_000;
/**
 * Slots a schedule of `rate` iterations a second (at most THREAD_RATE_CEILING) needs when one
 * takes `iterationMs`, `loopMs` of it the engine's own loop: the iterations of a second in flight
 * for twice the service's part of that time and once the loop's (Little's law, with room for the
 * service's variation), plus SLOT_HEADROOM. The loop's part is not doubled: near full speed it is
 * most of an iteration's time, and more connections only make it longer.
 */
function growth_slotsNeeded(rate, iterationMs, loopMs = 0) {
    const serviceMs = Math.max(0, iterationMs - loopMs);
    const heldMs = 2 * serviceMs + Math.min(loopMs, iterationMs);
    return Math.ceil((Math.min(rate, THREAD_RATE_CEILING) * heldMs) / 1000) + growth_SLOT_HEADROOM;
}
/** The engine thread's own event-loop utilisation since the last call. */
function eventLoopBusy() {
    let last = performance.eventLoopUtilization();
    return () => {
        const now = performance.eventLoopUtilization();
        const busy = performance.eventLoopUtilization(now, last).utilization;
        last = now;
        return busy;
    };
}
class growth_SlotGrowth {
    /** The engine's tick period (tick.ts): a gap between ticks up to it and LATE_TICK_MS is on time. */
    everyMs;
    /** The gap the last tick planned to the next (ms): longer than the period when nothing was due sooner. */
    plannedMs;
    windowStart = 0;
    lastTick = 0;
    /** The last tick came on time; some tick of this window did not. */
    lastOnTime = true;
    lateInWindow = false;
    samples = 0;
    inFlightSum = 0;
    /** The last window's loop had time to spare. */
    spare = false;
    perMs = 0;
    earned = 0;
    atRate = 0;
    /** Iterations that ended in this window, and their time added up (ms). */
    ended = 0;
    endedMs = 0;
    /** The means of the last MEASURED_WINDOWS windows with time to spare (ms), oldest first. */
    recentMeans = [];
    /** Tick gaps of this window added up (ms). */
    gapSum = 0;
    /** How long the last window's loop held each iteration by itself: its busy share of a tick's gap (ms). */
    loopMs = 0;
    /** take() said no since the last tick. */
    refused = false;
    loopBusy;
    constructor(tickEveryMs = 1, loopBusy = eventLoopBusy()) {
        this.everyMs = tickEveryMs;
        this.plannedMs = tickEveryMs;
        this.loopBusy = loopBusy;
    }
    /** Starts afresh (a new phase): nothing earned until a window has shown a need. */
    reset(now) {
        this.windowStart = now;
        this.lastTick = now;
        this.plannedMs = this.everyMs;
        this.lastOnTime = true;
        this.lateInWindow = false;
        this.samples = 0;
        this.inFlightSum = 0;
        this.spare = false;
        this.perMs = 0;
        this.earned = 0;
        this.atRate = 0;
        this.ended = 0;
        this.endedMs = 0;
        this.recentMeans = [];
        this.gapSum = 0;
        this.loopMs = 0;
        this.refused = false;
        this.loopBusy();
    }
    /** An iteration ended after `ms`. */
    iterationEnded(ms) {
        this.ended++;
        this.endedMs += ms;
    }
    /**
     * On every tick of the engine: earn, sample how many slots are in use, close the window when due.
     * `rate`: the schedule's iterations this second; `waiting`: due iterations that found no slot;
     * `nextInMs`: when the engine's next tick is due (the period, or later when nothing falls due sooner).
     */
    tick(now, inFlight, slots, rate, waiting, nextInMs = this.everyMs) {
        const sinceLast = Math.max(0, now - this.lastTick);
        const onTime = this.onTime(sinceLast);
        this.lastTick = now;
        this.plannedMs = nextInMs;
        this.refused = false;
        this.lastOnTime = onTime;
        if (!onTime)
            this.lateInWindow = true;
        this.earned = Math.min(Math.max(1, this.perMs * SAVED_MS), this.earned + this.perMs * sinceLast);
        const saved = Math.max(MIN_GROWTH, (rate * SAVED_MS) / 1000, Math.min(waiting, slots));
        this.atRate = onTime ? Math.min(saved, this.atRate + (rate * sinceLast) / 1000 + waiting) : 0;
        this.samples++;
        this.gapSum += sinceLast;
        this.inFlightSum += inFlight;
        if (now - this.windowStart >= growth_GROWTH_WINDOW_MS)
            this.closeWindow(now, slots, waiting);
    }
    /**
     * Whether take() may say yes before the next tick. What it grants is earned on ticks, so a no
     * stands until then: a starved engine asks on every iteration that ends, and without this each
     * ask built and weighed a Need, on code the warm-up (at its slot cap) never ran, in a first
     * second with every slot busy (docs/performance.md, "The first 100 ms").
     */
    get mayGrow() {
        return !this.refused;
    }
    /** Whether one slot may be added now (and counts it). */
    take(need) {
        if (need.slots >= growth_slotsNeeded(need.rate, this.iterationTime(need), this.loopMs))
            return this.refuse();
        if (this.earned >= 1)
            this.earned--;
        else if (this.slowService(need) && this.atRate >= 1)
            this.atRate--;
        else
            return this.refuse();
        return true;
    }
    /**
     * How long an iteration takes, to size the slots by: what the recent windows with time to spare
     * measured (measuredMs; or the expected time, if longer). The age of those in flight counts
     * before anything was measured, and after only when it says the service turned slow
     * (SLOW_SERVICE_MS and SLOW_FACTOR times the measured): a busy loop, or a stall of a few ms, ages
     * every iteration in flight by its own delay, and sizing on that age is what grew the slots
     * (docs/performance.md, "Growth sized on the loop's own time").
     */
    iterationTime({ expectedMs, outMs }) {
        const measuredMs = this.measuredMs;
        const measured = Math.max(expectedMs, measuredMs);
        const turnedSlow = measuredMs === 0 || outMs >= Math.max(SLOW_SERVICE_MS, SLOW_FACTOR * measured);
        return turnedSlow ? Math.max(measured, outMs) : measured;
    }
    /**
     * An iteration's time as measured (ms; 0 before any window was): the least of the last
     * MEASURED_WINDOWS means of windows with time to spare. One window's mean carries whatever stall
     * or catch-up fell in it (those in flight aged by the loop's own delay), and sized on it the
     * slots grew during the catch-up of a stall in a steady second; a service that slows for real
     * raises every window's mean, and the least follows within MEASURED_WINDOWS windows (one that
     * turned slow shows sooner, in the age of those in flight).
     */
    get measuredMs() {
        return this.recentMeans.length === 0 ? 0 : Math.min(...this.recentMeans);
    }
    /** A gap since the last tick no longer than it planned (or the period) and LATE_TICK_MS. */
    onTime(gapMs) {
        return gapMs <= Math.max(this.everyMs, this.plannedMs) + LATE_TICK_MS;
    }
    refuse() {
        this.refused = true;
        return false;
    }
    slowService({ now, outMs, expectedMs, medianMs }) {
        // On time now, too: right after a stall, responses not read yet look like a slow service.
        const onTime = this.spare && this.lastOnTime && this.onTime(now - this.lastTick);
        const slow = Math.max(SLOW_SERVICE_MS, SLOW_FACTOR * expectedMs);
        return onTime && outMs >= slow && (medianMs === null || medianMs >= slow);
    }
    closeWindow(now, slots, waiting) {
        const inUse = this.inFlightSum / this.samples / Math.max(1, slots);
        const busy = this.loopBusy();
        this.spare = busy < LOOP_BUSY_SHARE && !this.lateInWindow;
        // The loop's busy time per tick: about how long it holds each iteration itself (to write it, and to read its answer).
        this.loopMs = (busy * this.gapSum) / Math.max(1, this.samples);
        // A window without time to spare read responses late: its iterations' times are the loop's.
        if (this.spare && this.ended > 0) {
            this.recentMeans.push(this.endedMs / this.ended);
            if (this.recentMeans.length > MEASURED_WINDOWS)
                this.recentMeans.shift();
        }
        this.ended = 0;
        this.endedMs = 0;
        const grow = this.spare && inUse >= IN_USE_SHARE;
        const more = Math.max(MIN_GROWTH, Math.ceil(slots * GROWTH_PER_WINDOW), Math.min(waiting, slots));
        this.perMs = grow ? more / growth_GROWTH_WINDOW_MS : 0;
        if (!grow)
            this.earned = 0;
        this.windowStart = now;
        this.samples = 0;
        this.gapSum = 0;
        this.inFlightSum = 0;
        this.lateInWindow = false;
    }
}

;// CONCATENATED MODULE: ./src/engine/monitor.ts
// The generator watches itself (docs/engine.md): each second, how late the engine thread's event loop
// ran (Node's loop-delay timer, and the engine's own tick), how much of the time it was busy and
// how much CPU it used. A response that waits in a socket buffer for a busy loop is recorded that
// much slower, so these figures say whether the latencies are the service's or the generator's.
//
// CPU is process.threadCpuUsage(): the engine runs on a worker thread, and process.cpuUsage()
// there counts every thread of the process (the main thread's progress output, V8's GC helpers,
// libuv's pool). "Busy" is the event loop's utilisation (performance.eventLoopUtilization(), per
// thread): the share of wall time the loop was not waiting for I/O. It is what runs out first: a
// loop can be 100 % busy on less than 100 % CPU when the machine gives its core to someone else.

/** Sampling interval of the loop-delay timer; a sample is how much later than this it fired. */
const RESOLUTION_MS = 5;
const NS_PER_MS = 1e6;
const round1 = (x) => Math.round(x * 10) / 10;
/** A delay sample is the interval between two firings of the timer; the delay is what exceeds its period. */
function delayMs(intervalNs) {
    return round1(Math.max(0, intervalNs / NS_PER_MS - RESOLUTION_MS));
}
class monitor_GeneratorMonitor {
    // Two timers: Node cannot add a loop-delay histogram into another, so the run's own is kept apart
    // from the one reset each second.
    delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    whole = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    /** How late the engine's tick fired at most, this second and since start (ms; tickRan). */
    tickLateMs = 0;
    tickLateMaxMs = 0;
    elu = performance.eventLoopUtilization();
    cpu = process.threadCpuUsage();
    at = performance.now();
    /** Starts measuring from now (what came before, a warm-up say, is forgotten). */
    start() {
        this.delay.reset();
        this.whole.reset();
        this.delay.enable();
        this.whole.enable();
        this.tickLateMs = 0;
        this.tickLateMaxMs = 0;
        this.elu = performance.eventLoopUtilization();
        this.cpu = process.threadCpuUsage();
        this.at = performance.now();
    }
    /**
     * The engine's tick fired `lateMs` after it was due: a loop-delay sample of its own. Node's
     * histogram drops the interval under way when it is reset each second, and the tick that closes
     * a second is the first to run after a stall, before the histogram's timer: a stall across a
     * second's close showed in the run's maximum and in no second's (docs/performance.md, "The loop
     * delay of a second").
     */
    tickRan(lateMs) {
        if (lateMs > this.tickLateMs)
            this.tickLateMs = lateMs;
        if (lateMs > this.tickLateMaxMs)
            this.tickLateMaxMs = lateMs;
    }
    /** The engine thread since the last call (or start). */
    second() {
        const now = performance.now();
        const wallUs = Math.max(1, (now - this.at) * 1000);
        const cpu = process.threadCpuUsage(this.cpu);
        const busy = performance.eventLoopUtilization(this.elu).utilization;
        const sample = {
            loop_delay_p99_ms: this.delay.count > 0 ? delayMs(this.delay.percentile(99)) : 0,
            loop_delay_max_ms: Math.max(this.delay.count > 0 ? delayMs(this.delay.max) : 0, round1(this.tickLateMs)),
            cpu_pct: round1(((cpu.user + cpu.system) / wallUs) * 100),
            busy_pct: round1(busy * 100),
        };
        this.delay.reset();
        this.tickLateMs = 0;
        this.at = now;
        this.cpu = process.threadCpuUsage();
        this.elu = performance.eventLoopUtilization();
        return sample;
    }
    /** Stops the timer; the loop delay over everything since start. */
    stop() {
        this.delay.disable();
        this.whole.disable();
        return this.sinceStart();
    }
    /** The loop delay over everything since start, the timers left running (a checkpoint of the run). */
    sinceStart() {
        const tickMaxMs = round1(this.tickLateMaxMs);
        if (this.whole.count === 0)
            return { p99Ms: 0, maxMs: tickMaxMs };
        return { p99Ms: delayMs(this.whole.percentile(99)), maxMs: Math.max(delayMs(this.whole.max), tickMaxMs) };
    }
}

// EXTERNAL MODULE: ./src/engine/recorder.ts + 1 modules
var recorder = __webpack_require__(97417);
// EXTERNAL MODULE: ./src/results/request-counts.ts
var request_counts = __webpack_require__(69124);
;// CONCATENATED MODULE: ./src/engine/sse.ts
// A server-sent event stream as one exchange of a slot (docs/streaming.md): the step's request,
// its response body parsed as events by eventsource-parser, until the stream's end. One exchange
// per slot, made on its first stream and reused (its own undici handler, as the slot is), so a
// stream allocates no handler, parser or timer of its own.
//
// The end: the `until_event` event, or a `data: [DONE]` sentinel where no until_event is given
// (neither counted); `max_events` counted events; the server closing the body; `max_seconds`,
// an error unless the step expects the stream to stay open. Before the response starts, the
// step's timeout bounds the wait as for any request.


/**
 * The most an event may buffer before it is complete (characters of its lines; the parser's own
 * bound): a documented limit (docs/streaming.md). Past it the stream fails, memory stays flat.
 */
const MAX_EVENT_CHARS = (/* unused pure expression or super */ null && (1024 * 1024));
const DONE = '[DONE]';
/**
 * How a stream's unread rest is aborted: one error for every stream, made once. An error made per
 * stream cost more than the stream's events (Node's stream destroy formats its stack trace).
 */
const STREAM_ENDED = Object.assign(new Error('stream ended'), { code: 'UND_ERR_ABORTED' });
class sse_SseExchange {
    host;
    parser;
    decoder = new TextDecoder();
    spec = null;
    cell = 0;
    sentAt = 0;
    lastAt = 0;
    events = 0;
    status = 0;
    headers = {};
    lastData = '';
    isStream = false;
    finished = true;
    controller = null;
    timer;
    end = { status: 0, headers: {}, body: '', reason: null };
    constructor(host) {
        this.host = host;
        this.parser = createParser({
            onEvent: (event) => this.onEvent(event),
            onError: (error) => {
                if (error.type === 'max-buffer-size-exceeded' && !this.finished)
                    this.finish(`event larger than ${MAX_EVENT_CHARS / 1024 / 1024} MiB`);
            },
            maxBufferSize: MAX_EVENT_CHARS,
        });
    }
    /** Sends the request on `dispatcher`; the stream's end comes back through host.streamEnded. */
    start(dispatcher, options, spec, cell, timeoutMs) {
        this.spec = spec;
        this.cell = cell;
        this.events = 0;
        this.status = 0;
        this.headers = {};
        this.lastData = '';
        this.isStream = false;
        this.finished = false;
        this.controller = null;
        this.parser.reset();
        this.decoder.decode();
        this.sentAt = this.host.clock();
        this.arm(Math.min(timeoutMs, spec.maxMs));
        try {
            dispatcher.dispatch(options, this);
        }
        catch (error) {
            this.onResponseError(null, error);
        }
    }
    arm(ms) {
        if (this.timer === undefined)
            this.timer = setTimeout(this.onTimer, ms).unref();
        else {
            clearTimeout(this.timer);
            this.timer = setTimeout(this.onTimer, ms).unref();
        }
    }
    onTimer = () => {
        if (this.finished)
            return;
        if (!this.isStream) {
            const error = Object.assign(new Error('no response within the step timeout'), { code: DEADLINE_CODE });
            return void this.controller?.abort(error);
        }
        const spec = this.spec;
        this.finish(spec.expectOpen ? null : `stream ended by max_seconds after ${this.events} events`);
    };
    onRequestStart(controller) {
        this.controller = controller;
    }
    onResponseStart(_controller, statusCode, headers) {
        this.status = statusCode;
        this.headers = headers;
        if (statusCode < 200 || statusCode >= 300)
            return;
        const type = String(headers['content-type'] ?? '');
        if (!/^\s*text\/event-stream/i.test(type))
            return this.finish('response is not text/event-stream');
        this.isStream = true;
        this.host.streamCells().streamOpened(this.cell);
        this.arm(Math.max(1, this.sentAt + this.spec.maxMs - this.host.clock()));
    }
    onResponseData(_controller, chunk) {
        if (this.finished || !this.isStream)
            return;
        this.parser.feed(this.decoder.decode(chunk, { stream: true }));
    }
    onResponseEnd() {
        this.controller = null;
        if (!this.finished)
            this.finish(null);
    }
    onResponseError(_controller, error) {
        if (this.finished)
            return;
        this.finished = true;
        clearTimeout(this.timer);
        this.controller = null;
        const responded = this.status !== 0;
        this.report(responded ? this.host.classify(error, true) : null, error);
    }
    onEvent(event) {
        if (this.finished)
            return;
        const spec = this.spec;
        if (spec.untilEvent === null ? event.data === DONE : event.event === spec.untilEvent)
            return this.finish(null);
        const now = this.host.clock();
        this.host.streamCells().event(this.cell, (now - (this.events === 0 ? this.sentAt : this.lastAt)) * 1000, this.events === 0);
        this.lastAt = now;
        this.events++;
        this.lastData = event.data;
        if (this.events >= spec.maxEvents)
            this.finish(null);
    }
    /**
     * The stream ends here: the rest of the body is not read. The request is aborted once the read
     * that brought the end has been handled, unless the response ended in it: a server's last event
     * and the end of its body usually arrive together, and then the connection stays open for the
     * slot's next request instead of being closed and opened again.
     */
    finish(reason) {
        this.finished = true;
        clearTimeout(this.timer);
        if (this.controller)
            queueMicrotask(this.abortRest);
        this.report(reason);
    }
    abortRest = () => {
        const controller = this.controller;
        this.controller = null;
        if (controller && !controller.aborted)
            controller.abort(STREAM_ENDED);
    };
    /** After undici has unwound: the slot may send its next request at once. */
    report(reason, error) {
        const end = this.end;
        end.status = this.status;
        end.headers = this.headers;
        end.body = this.lastData;
        end.reason = reason;
        end.error = error;
        queueMicrotask(this.deliver);
    }
    deliver = () => this.host.streamEnded(this.end);
    /** A stop: the stream is aborted (the slot's connections close too). */
    cancel() {
        if (this.finished)
            return;
        this.controller?.abort(Object.assign(new Error('stopped'), { code: 'UND_ERR_ABORTED' }));
    }
}

;// CONCATENATED MODULE: ./src/engine/websocket.ts
// A WebSocket exchange as one step of a slot (docs/streaming.md), on undici's WebSocket client:
// the handshake (the step's headers), the step's messages sent once it is open, then messages
// received until `receive` of them came or one matched `until`. first_event runs from the first
// send (from the open when nothing is sent) to the first message; gaps between messages. The
// socket closing before the end is an error naming its close code and reason; max_seconds too.
// One exchange per slot, reused; the socket itself is new per stream (a WebSocket is one connection).
// undici's WebSocket reports a refused connection and an answer other than 101 alike (an error
// event without a cause), so the handshake goes through a dispatcher that watches its answer:
// a refused connection is the transport error it is, a 403 is a response with its status.

/** Close reasons longer than this are cut in error_dist keys, which stay few and short. */
const REASON_CHARS = 60;
/** The close code we send when the exchange has what it waited for. */
const NORMAL_CLOSURE = 1000;
class websocket_WebSocketExchange {
    host;
    spec = null;
    socket = null;
    cell = 0;
    opened = false;
    finished = true;
    firstSendAt = 0;
    lastAt = 0;
    messages = 0;
    lastData = '';
    error;
    timer;
    /** The step's messages and the iteration's variables they are rendered with, once the socket opens. */
    messagesToSend = [];
    vars = null;
    end = { status: 0, headers: {}, body: '', reason: null };
    /** The current handshake: its answer's status (0 until one came) and the transport error, if any. */
    handshake = { status: 0, headers: {}, error: undefined };
    /** The dispatcher handshakes were last given, and it composed with the watch. */
    base = null;
    watched = null;
    constructor(host) {
        this.host = host;
    }
    /** `dispatcher` with each handshake's answer noted in `this.handshake`; composed once per dispatcher. */
    watching(dispatcher) {
        if (dispatcher !== this.base || this.watched === null) {
            this.base = dispatcher;
            this.watched = dispatcher.compose((dispatch) => (options, handler) => dispatch(options, new HandshakeWatch(handler, this.handshake)));
        }
        return this.watched;
    }
    start(dispatcher, path, headers, spec, cell, timeoutMs, vars) {
        this.spec = spec;
        this.cell = cell;
        this.opened = false;
        this.finished = false;
        this.messages = 0;
        this.lastData = '';
        this.error = undefined;
        this.messagesToSend = spec.send;
        this.vars = vars;
        this.handshake = { status: 0, headers: {}, error: undefined };
        clearTimeout(this.timer);
        this.timer = setTimeout(this.onTimer, Math.min(timeoutMs, spec.maxMs)).unref();
        const init = [];
        for (let i = 0; i < headers.length; i += 2)
            init.push([headers[i], headers[i + 1]]);
        let socket;
        try {
            socket = new WebSocket(spec.origin + path, { dispatcher: this.watching(dispatcher), headers: init });
        }
        catch (error) {
            this.error = error;
            return this.finish(null);
        }
        socket.binaryType = 'arraybuffer';
        socket.addEventListener('open', this.onOpen);
        socket.addEventListener('message', this.onMessage);
        socket.addEventListener('error', this.onError);
        socket.addEventListener('close', this.onClose);
        this.socket = socket;
    }
    onOpen = (event) => {
        if (event.target !== this.socket || this.finished)
            return;
        this.opened = true;
        this.host.streamCells().streamOpened(this.cell);
        clearTimeout(this.timer);
        this.timer = setTimeout(this.onTimer, this.spec.maxMs).unref();
        this.firstSendAt = this.host.clock();
        const vars = this.vars;
        for (const message of this.messagesToSend)
            this.socket.send(message.static ?? (vars ? message.render(vars) : ''));
    };
    onMessage = (event) => {
        if (event.target !== this.socket || this.finished)
            return;
        const spec = this.spec;
        const now = this.host.clock();
        const first = this.messages === 0;
        this.host.streamCells().event(this.cell, (now - (first ? this.firstSendAt : this.lastAt)) * 1000, first);
        this.lastAt = now;
        this.messages++;
        const data = event.data;
        this.lastData = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
        if (this.messages >= spec.receive || spec.until?.test(this.lastData))
            this.finish(null);
    };
    onError = (event) => {
        if (event.target !== this.socket)
            return;
        this.error ??= event.error;
    };
    onClose = (event) => {
        if (event.target !== this.socket || this.finished)
            return;
        if (!this.opened)
            return this.finish(null);
        this.host.streamCells().closed(this.cell, event.code);
        this.finish(`websocket closed (${closeText(event.code, event.reason)}) ${this.short()}`);
    };
    onTimer = () => {
        if (this.finished)
            return;
        if (!this.opened) {
            this.error = Object.assign(new Error('no WebSocket handshake within the step timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
            return this.finish(null);
        }
        this.finish(`stream ended by max_seconds ${this.short()}`);
    };
    /** What the exchange lacked at its end: `after 2 of 5 messages`, or `after 3 messages, none matching until`. */
    short() {
        const spec = this.spec;
        if (spec.receive !== Number.POSITIVE_INFINITY)
            return `after ${this.messages} of ${spec.receive} messages`;
        return `after ${this.messages} messages, none matching until`;
    }
    finish(reason) {
        this.finished = true;
        clearTimeout(this.timer);
        const socket = this.socket;
        this.socket = null;
        if (socket && socket.readyState !== WebSocket.CLOSED && socket.readyState !== WebSocket.CLOSING) {
            if (this.opened && reason === null)
                this.host.streamCells().closed(this.cell, NORMAL_CLOSURE);
            socket.close(this.opened ? NORMAL_CLOSURE : undefined);
        }
        const end = this.end;
        const answered = !this.opened && this.handshake.status !== 0 && this.handshake.status !== 101;
        end.status = this.opened ? 101 : answered ? this.handshake.status : 0;
        end.headers = answered ? this.handshake.headers : {};
        end.body = this.lastData;
        end.reason = answered && reason === null ? `websocket handshake failed: status ${this.handshake.status}` : reason;
        end.error = this.opened || answered ? undefined : (this.handshake.error ?? this.error ?? new Error('websocket handshake failed'));
        queueMicrotask(this.deliver);
    }
    deliver = () => this.host.streamEnded(this.end);
    /** A stop: the socket is closed and the exchange ends as cancelled. */
    cancel() {
        if (this.finished)
            return;
        this.finish('cancelled');
    }
}
function closeText(code, reason) {
    const cut = reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS)}…` : reason;
    return cut === '' ? `code ${code}` : `code ${code} ${JSON.stringify(cut)}`;
}
/** Forwards a handshake's events to undici's own handler, noting the answer's status or the transport error. */
class HandshakeWatch {
    inner;
    seen;
    constructor(inner, seen) {
        this.inner = inner;
        this.seen = seen;
    }
    onRequestStart(controller, context) {
        this.inner.onRequestStart?.(controller, context);
    }
    onRequestUpgrade(controller, status, headers, socket) {
        this.seen.status = status;
        this.inner.onRequestUpgrade?.(controller, status, headers, socket);
    }
    onResponseStart(controller, status, headers, message) {
        if (status >= 200) {
            this.seen.status = status;
            this.seen.headers = headers;
        }
        this.inner.onResponseStart?.(controller, status, headers, message);
    }
    onResponseData(controller, chunk) {
        this.inner.onResponseData?.(controller, chunk);
    }
    onResponseEnd(controller, trailers) {
        this.inner.onResponseEnd?.(controller, trailers);
    }
    onResponseError(controller, error) {
        // The first error before any answer is the transport's (refused, reset, TLS, DNS); later ones are the abort of a failed handshake.
        if (this.seen.status === 0)
            this.seen.error ??= error;
        this.inner.onResponseError?.(controller, error);
    }
}

;// CONCATENATED MODULE: ./src/engine/slot.ts
// One in-flight iteration at a time. A Slot is its own undici handler (the five undici 8
// methods): it is reused for every request it sends, so a response allocates no closure,
// promise or stream. The next step is dispatched synchronously from onResponseEnd.
// The slot knows the engine only as a SlotHost: what it reads, the proxy of a location, new
// connections, and the end of each iteration. It picks its own connection for a direct location;
// the engine only starts iterations on it, so the two do not call each other in a loop.
//
// Redirects are undici's RedirectHandler, engaged only when a response is a redirect: as an
// interceptor on every request it cost a measurable share of the engine's CPU (a handler and a
// URL parse per response) for the rare 3xx (the figure: docs/performance.md, "Measurements behind the engine's choices").







/** Redirects followed before a step fails with "too many redirects" (docs/engine.md). */
const MAX_REDIRECTS = 10;
class slot_Slot {
    host;
    /** Made on the slot's first stream (docs/streaming.md); a run without streaming steps has none. */
    sse = null;
    webSocket = null;
    vars;
    beginVars;
    connections = [];
    /** Per connection: how many times its Client has connected (undici's 'connect' event). */
    connects = [];
    h1Redirects = null;
    h2Redirects = null;
    /** When the current iteration started (clock ms). */
    startedAt = 0;
    location = 0;
    stepIndex = 0;
    cell = 0;
    sentAt = 0;
    /**
     * How many times the request's connection had connected when it was dispatched (0: never, or
     * not one of the slot's own): its time counts from its write if no connect came between
     * (requestStarted).
     */
    connectsAtSend = 0;
    status = 0;
    ok = true;
    settled = false;
    headers = {};
    chunks = null;
    bodyBytes = 0;
    sleeping;
    /** The request's deadline; refreshed at every send rather than made anew (no allocation per request). */
    deadline;
    deadlineMs = 0;
    /** The controller of the request (or redirect hop) in flight, to abort it at its deadline. */
    controller = null;
    options = null;
    redirector = null;
    /** Receives the final response of a redirect chain from the RedirectHandler. */
    afterRedirects = {
        onRequestStart: (controller) => this.requestStarted(controller),
        onResponseStart: (_c, statusCode, headers) => this.started(statusCode, headers),
        onResponseData: (_c, chunk) => this.received(chunk),
        onResponseEnd: () => this.ended(),
        onResponseError: (_c, error) => this.failed(error),
    };
    constructor(host, vars, beginVars) {
        this.host = host;
        this.vars = vars;
        this.beginVars = beginVars;
    }
    /** This slot's connection of an index (host.connectionOf a step), opened on first use. */
    connection(index) {
        return (this.connections[index] ??= this.newConnection(index));
    }
    newConnection(index) {
        const connection = this.host.newConnection(index);
        this.connects[index] = 0;
        connection.on('connect', () => this.connects[index]++);
        return connection;
    }
    /** Makes this slot's Clients now, before the schedule, rather than on its first requests. */
    makeConnections() {
        for (let step = 0; step < this.host.steps.length; step++)
            this.connection(this.host.connectionOf[step]);
    }
    /** This slot's dispatcher for redirect hops, which may go to any origin. */
    redirectDispatcher(h2) {
        if (h2)
            return (this.h2Redirects ??= this.host.newRedirectAgent(true));
        return (this.h1Redirects ??= this.host.newRedirectAgent(false));
    }
    begin(k, location, now) {
        this.startedAt = now;
        this.location = location;
        this.stepIndex = 0;
        this.ok = true;
        if (this.vars && this.beginVars)
            this.beginVars(this.vars, k);
        this.send();
    }
    cancelSleep() {
        if (this.sleeping === undefined)
            return;
        clearTimeout(this.sleeping);
        this.sleeping = undefined;
        this.ok = false;
        this.host.iterationEnded(this, this.host.clock());
    }
    send() {
        const step = this.host.steps[this.stepIndex];
        this.cell = this.stepIndex * this.host.recorder.locationCount + this.location;
        this.host.recorder.stepReached(this.cell);
        if (step.stream !== null)
            return this.sendStream(step);
        this.status = 0;
        this.settled = false;
        this.chunks = step.checks?.needsBody ? [] : null;
        this.bodyBytes = 0;
        const options = step.staticOptions ?? dispatchOptions(step, this.vars);
        this.options = options;
        this.redirector = null;
        this.controller = null;
        this.armDeadline(step.timeoutMs);
        // Read here, not taken from the tick that started the iteration: a tick's later requests would
        // count the generator's work on the ones before them (templates, writes) as the service's time.
        this.sentAt = this.host.clock();
        try {
            const proxy = this.host.proxyFor(this.location, step.h2);
            if (proxy) {
                this.connectsAtSend = 0;
                return void proxy.dispatch(options, this);
            }
            const index = this.host.connectionOf[this.stepIndex];
            const connection = this.connection(index);
            this.connectsAtSend = this.connects[index];
            connection.dispatch(options, this);
        }
        catch (error) {
            this.failed(error);
        }
    }
    onRequestStart(controller) {
        this.requestStarted(controller);
    }
    // ---- streaming steps (docs/streaming.md): an exchange of their own, the figures by the slot ----
    sendStream(step) {
        this.settled = true;
        const options = step.staticOptions ?? dispatchOptions(step, this.vars);
        this.sentAt = this.host.clock();
        const stream = step.stream;
        if (stream.type === 'websocket') {
            const dispatcher = this.host.webSocketDispatcher(this.location);
            const headers = options.headers;
            (this.webSocket ??= new WebSocketExchange(this)).start(dispatcher, options.path, headers, stream, this.cell, step.timeoutMs, this.vars);
            return;
        }
        const dispatcher = this.host.proxyFor(this.location, step.h2) ?? this.connection(this.host.connectionOf[this.stepIndex]);
        (this.sse ??= new SseExchange(this)).start(dispatcher, options, stream, this.cell, step.timeoutMs);
    }
    get clock() {
        return this.host.clock;
    }
    streamCells() {
        return this.host.recorder.streamCells();
    }
    classify(error, responseStarted) {
        return this.host.classify(error, this.location, responseStarted);
    }
    /** A stream ended: recorded as a response (its time is the whole exchange), then checked, as any step. */
    streamEnded(end) {
        const now = this.host.clock();
        const step = this.host.steps[this.stepIndex];
        const rec = this.host.recorder;
        this.host.requests++;
        if (end.status === 0) {
            const classified = this.host.classify(end.error, this.location, false);
            if (classified !== CANCELLED)
                rec.noResponse();
            const reason = classified === 'other' && step.stream?.type === 'websocket' ? 'websocket handshake failed' : classified;
            return this.fail(reason, now);
        }
        rec.response(this.cell, (now - this.sentAt) * 1000, end.status, isErrorStatus(end.status, step.expectedStatus));
        if (end.reason !== null)
            return this.fail(this.host.stopping ? CANCELLED : end.reason, now);
        const reason = step.checks
            ? step.checks.run({ status: end.status, headers: end.headers, body: end.body, responseTimeMs: now - this.sentAt }, this.vars)
            : null;
        if (reason !== null)
            return this.fail(reason, now);
        rec.stepSucceeded(this.cell);
        this.afterStep(step, now);
    }
    /** A stop: an open stream ends now, as cancelled. */
    cancelStream() {
        this.sse?.cancel();
        this.webSocket?.cancel();
    }
    /**
     * undici is about to write the request (or a redirect hop). On a connection that was open at
     * dispatch and has not connected since, the request's time counts from here: undici writes a
     * request on an idle keep-alive connection only in the loop's check phase (its check for bytes
     * the server sent unasked, pipelining 1: dispatchers.ts), after the rest of the poll phase, and
     * that wait is the generator's work on other responses, not the service's time (docs/engine.md,
     * Response time; the figures: docs/performance.md). A request that opened a connection, or
     * waited for one to reconnect, counts from its dispatch, connect included; so does one through
     * a proxy, whose connections the slot does not see. A redirect's later hops do not restart it.
     */
    requestStarted(controller) {
        this.controller = controller;
        // The step is the one sent until its response ends (afterStep), so is its connection.
        const connects = this.connects[this.host.connectionOf[this.stepIndex]];
        if (this.connectsAtSend > 0 && connects === this.connectsAtSend)
            this.sentAt = this.host.clock();
        this.connectsAtSend = 0;
    }
    /**
     * The step timeout: a deadline on the whole request, from dispatch to the last byte (docs/engine.md).
     * undici's headersTimeout and bodyTimeout are off (step.ts): each bounded only one wait, so a
     * body trickled a byte at a time never timed out, and their timers cost more than this one.
     */
    armDeadline(ms) {
        if (this.deadline !== undefined && this.deadlineMs === ms) {
            this.deadline.refresh();
            return;
        }
        clearTimeout(this.deadline);
        this.deadlineMs = ms;
        this.deadline = setTimeout(this.onDeadline, ms).unref();
    }
    onDeadline = () => {
        if (this.settled)
            return;
        // Still waiting for its connection: the connect timeout covers that; look again a timeout later.
        if (this.controller === null)
            return void this.deadline?.refresh();
        const error = Object.assign(new Error(`no complete response within the step timeout (${this.deadlineMs} ms)`), { code: DEADLINE_CODE });
        this.controller.abort(error);
    };
    onResponseStart(controller, statusCode, headers, statusMessage) {
        const step = this.host.steps[this.stepIndex];
        if (statusCode >= 300 && statusCode < 400 && headers.location !== undefined && step.followRedirects) {
            const dispatcher = this.host.proxyFor(this.location, step.h2) ?? this.redirectDispatcher(step.h2);
            // undici 8's type declarations still list the old handler methods; at run time it has the new ones.
            const redirector = new RedirectHandler((opts, handler) => dispatcher.dispatch(opts, handler), MAX_REDIRECTS, { ...this.options, throwOnMaxRedirect: true }, this.afterRedirects);
            this.redirector = redirector;
            return redirector.onResponseStart(controller, statusCode, headers, statusMessage);
        }
        this.started(statusCode, headers);
    }
    onResponseData(controller, chunk) {
        if (this.redirector)
            return void this.redirector.onResponseData(controller, chunk);
        this.received(chunk);
    }
    onResponseEnd(controller, trailers) {
        if (this.redirector)
            return this.redirector.onResponseEnd(controller, trailers);
        this.ended();
    }
    onResponseError(controller, error) {
        if (this.redirector)
            return this.redirector.onResponseError(controller, error);
        this.failed(error);
    }
    started(statusCode, headers) {
        this.status = statusCode;
        this.headers = headers;
    }
    received(chunk) {
        if (this.chunks === null || this.bodyBytes >= this.host.maxBodyBytes)
            return;
        this.chunks.push(chunk);
        this.bodyBytes += chunk.length;
    }
    ended() {
        if (this.settled)
            return;
        this.settled = true;
        this.controller = null;
        const now = this.host.clock();
        const step = this.host.steps[this.stepIndex];
        const rec = this.host.recorder;
        this.host.requests++;
        rec.response(this.cell, (now - this.sentAt) * 1000, this.status, isErrorStatus(this.status, step.expectedStatus));
        const reason = step.checks ? this.runChecks(step, now) : null;
        if (reason === null)
            rec.stepSucceeded(this.cell);
        else
            return this.fail(reason, now);
        this.afterStep(step, now);
    }
    failed(error) {
        if (this.settled)
            return;
        this.settled = true;
        this.controller = null;
        this.host.requests++;
        const reason = this.host.classify(error, this.location, this.status !== 0);
        if (reason !== CANCELLED)
            this.host.recorder.noResponse();
        // undici may still be failing the rest of this Client's queue (a refused connect errors every
        // queued request in one loop); a request dispatched into it from here breaks its invariants.
        queueMicrotask(() => this.fail(reason, this.host.clock()));
    }
    runChecks(step, now) {
        let body = '';
        if (this.chunks !== null) {
            const raw = Buffer.concat(this.chunks).subarray(0, this.host.maxBodyBytes);
            try {
                body = checkedBody(raw, step.decompress ? this.headers['content-encoding'] : undefined, this.host.maxBodyBytes);
            }
            catch {
                return 'invalid response';
            }
            this.chunks = null;
        }
        const res = { status: this.status, headers: this.headers, body, responseTimeMs: now - this.sentAt };
        // prepareTest gives every test with checks per-iteration variables.
        return step.checks.run(res, this.vars);
    }
    fail(reason, now) {
        this.host.recorder.stepFailed(this.cell, reason);
        this.ok = false;
        this.endIteration(now);
    }
    afterStep(step, now) {
        if (this.stepIndex + 1 >= this.host.steps.length || this.host.stopping)
            return this.endIteration(now);
        this.stepIndex++;
        if (step.sleep === null)
            return this.send();
        const [min, max] = step.sleep;
        this.sleeping = setTimeout(() => {
            this.sleeping = undefined;
            this.send();
        }, min + Math.floor(Math.random() * (max - min + 1)));
    }
    endIteration(now) {
        const completed = this.ok && this.stepIndex === this.host.steps.length - 1;
        this.host.recorder.iterationEnded(this.location, completed);
        this.host.iterationEnded(this, now);
    }
}

// EXTERNAL MODULE: ./src/engine/tick.ts
var tick = __webpack_require__(949);
;// CONCATENATED MODULE: ./src/engine/engine.ts
// The open-model engine (docs/engine.md). Iterations start on the plan's schedule whatever the target
// does; each in-flight iteration occupies a slot, capped by the concurrency setting. A timer tick
// starts the iterations that fell due since the last (every millisecond; slow threads of a run take
// turns, tick.ts); when due iterations wait for a slot, an ending iteration starts the next at once
// on its own slot ("pull"), so a run at the cap loses no time between a response and the next
// start. On schedule, ends start nothing: a tick's starts go out together, and the loop's wake-ups
// serve a batch rather than one response each (docs/performance.md). Late starts
// are counted; the schedule ends 1 s after its planned end, and what it could not start by then is
// counted too (docs/engine.md).
//
// Warm start: before the recorded start the engine opens the connections the first second needs
// and may run an unrecorded warm-up plan on the same slots; later slots are added only when the
// service holds the ones there are while the loop has time to spare (growth.ts), so a loop that
// falls behind for a moment does not open a connection for every iteration that became due.













/** An iteration that starts more than this after its planned time is late. */
const LATE_AFTER_US = 10_000;
/** No iteration starts later than this after the plan's end: a run asked for more than it can send still ends on time. */
const START_GRACE_MS = 1000;
/** Responses a second needs before its median stands for the service's. */
const MEDIAN_OF = 20;
/** A step is expected to take at least this long (ms) before anything is known of the target. */
const MIN_STEP_MS = 1;
/** How long the start waits for connections opened ahead; slower ones join when they are ready. */
const AHEAD_WAIT_MS = 1000;
/** Connects timed one after another before the start, the fastest taken (connections.ts); each is kept as a connection opened ahead. */
const CONNECT_PROBES = 3;
/**
 * The default clock: one function for every engine of the thread, so that the hot path's call to
 * it has one target, the one the warm-up compiled for (docs/performance.md, "Why the engine's code is shaped as it is").
 */
const monotonicMs = () => performance.now();
/** Steps to the same origin over the same protocol share a connection (within a slot). */
function connectionsOf(steps) {
    const targets = [];
    const of = Int32Array.from(steps, (step) => {
        const found = targets.findIndex((t) => t.origin === step.origin && t.h2 === step.h2);
        return found >= 0 ? found : targets.push({ origin: step.origin, h2: step.h2 }) - 1;
    });
    return { of, targets };
}
/** Countries with a proxy keep their name; the rest become one location, `local`. */
function egressOf(planLocations, proxies) {
    const names = [];
    const proxyOf = [];
    const map = new Int32Array(planLocations.length);
    planLocations.forEach((name, i) => {
        const proxy = proxies[name] ?? null;
        const label = proxy ? name : 'local';
        let index = names.indexOf(label);
        if (index < 0) {
            index = names.push(label) - 1;
            proxyOf.push(proxy);
        }
        map[i] = index;
    });
    return { names, map, proxyOf };
}
/**
 * The settings with every field present (the return type makes each one listed), in one order:
 * one hidden class for every engine's. The warm-up's engine (warm.ts) sets a few; the code V8
 * compiled on it met the recorded engine's, with more, as an object of another shape, and was
 * thrown away at the recorded start.
 */
function inOneShape(s) {
    return {
        concurrency: s.concurrency,
        insecure: s.insecure,
        proxies: s.proxies,
        signal: s.signal,
        clock: s.clock,
        onSecond: s.onSecond,
        startGate: s.startGate,
        newIterationVars: s.newIterationVars,
        beginIteration: s.beginIteration,
        overrunLimitMs: s.overrunLimitMs,
        startGraceMs: s.startGraceMs,
        maxBodyBytes: s.maxBodyBytes,
        keepSecondHistograms: s.keepSecondHistograms,
        keepStreamSecondHistograms: s.keepStreamSecondHistograms,
        warmUp: s.warmUp,
        tick: s.tick,
        onCheckpoint: s.onCheckpoint,
    };
}
class Engine {
    steps;
    recorder;
    clock;
    maxBodyBytes;
    connectionOf;
    stopping = false;
    requests = 0;
    cutShort = false;
    /** windDown was called: no phase starts anything more. */
    windingDown = false;
    plan;
    settings;
    egress;
    free = [];
    slots = [];
    closers = [];
    sharedProxies = new Map();
    /** Direct WebSocket handshakes (docs/streaming.md): one agent, made on the first. */
    webSockets = null;
    connection;
    connectionTargets;
    connectors;
    redirectConnectors = [];
    sockets = new SocketCount();
    monitor = new GeneratorMonitor();
    /** Expected time of one iteration (ms), from the first connect; sizes the slots opened ahead. */
    iterationMs = 0;
    // The phase being run: the warm-up plan, then the recorded one.
    phase;
    recording = false;
    next = 0;
    inFlight = 0;
    peakInFlight = 0;
    /** Start times (clock ms) of the iterations in flight, added up: their mean age in O(1). */
    startedSum = 0;
    /** The last second's median response time, read once per growth window. */
    medianMs = null;
    medianAt = -Infinity;
    late = 0;
    /** When the last late iteration started (µs since t0). */
    lastLateUs = 0;
    maxLagUs = 0;
    unstarted = 0;
    unstartedSecond = -1;
    endUs = 0;
    t0 = 0;
    startedAt = new Date(0);
    turn;
    growth;
    closedSeconds = 0;
    pumping = false;
    /** The last pump left due iterations waiting for a slot: the next slot that frees takes one at once. */
    starved = false;
    tick;
    /** The delay the tick's timer was made with: a tick of the same delay refreshes it rather than making one (a Timeout a ms). */
    tickMs = 0;
    /** When the tick's timer is due (clock ms); null until one is set in this phase. */
    tickDueAt = null;
    ticks = 0;
    finish;
    hardStop;
    constructor(plan, steps, settings) {
        this.plan = plan;
        this.phase = plan;
        this.steps = steps;
        this.settings = inOneShape(settings);
        this.clock = settings.clock ?? monotonicMs;
        this.turn = settings.tick ?? EVERY_MS;
        this.growth = new SlotGrowth(this.turn.everyMs);
        this.maxBodyBytes = settings.maxBodyBytes ?? DEFAULT_CHECK_BODY_BYTES;
        this.egress = egressOf(plan.locations, settings.proxies);
        this.recorder = this.newRecorder();
        this.connection = {
            insecure: settings.insecure,
            connectTimeoutMs: Math.max(...steps.map((s) => s.timeoutMs)),
        };
        const connections = connectionsOf(steps);
        this.connectionOf = connections.of;
        this.connectionTargets = connections.targets;
        this.connectors = connections.targets.map((t) => new OriginConnector(t.origin, this.connection, t.h2, this.sockets));
    }
    async run() {
        const onAbort = () => this.stop();
        this.settings.signal?.addEventListener('abort', onAbort, { once: true });
        if (this.settings.signal?.aborted)
            this.stop();
        try {
            await this.openAhead();
            // With a start gate, every engine passes the same gates: a warm-up with nothing for this thread is still a phase.
            const warmUp = this.settings.warmUp;
            if (warmUp && (warmUp.total > 0 || this.settings.startGate) && !this.stopping)
                await this.runUnrecorded(warmUp);
            return await this.runRecorded();
        }
        finally {
            this.settings.signal?.removeEventListener('abort', onAbort);
            for (const connector of this.connectors)
                connector.close();
            await Promise.all(this.closers.map((close) => close().catch(() => undefined)));
        }
    }
    /**
     * Winds the run down: no iteration starts any more, in this phase or one not begun yet, and those
     * in flight end as they would have. Unlike stop, nothing is aborted; nor is what did not start
     * counted anywhere: it is the end of the hot-path warm-up (warm.ts), whose outcome is thrown away.
     */
    windDown() {
        this.windingDown = true;
        this.next = this.phase.total;
        this.checkDone();
    }
    /**
     * Stops: no iteration starts any more, and the requests in flight are aborted at once, their
     * connections closed (they count as cancelled), so a stop waits for no response and no step
     * timeout: the partial results follow as soon as undici has failed those requests.
     */
    stop() {
        if (this.stopping)
            return;
        this.stopping = true;
        // Iterations not started, or started and still in flight: either way the results are partial.
        this.cutShort = this.next < this.phase.total || this.inFlight > 0 || !this.recording;
        for (const slot of this.slots) {
            slot.cancelSleep();
            slot.cancelStream();
        }
        for (const close of this.closers)
            void close().catch(() => undefined);
        this.checkDone();
    }
    proxyFor(location, h2) {
        return this.egress.proxyOf[location] ? this.sharedProxy(location, h2) : null;
    }
    newConnection(index) {
        return this.owned(directClient(this.connectionTargets[index].origin, this.connectors[index].connect, this.connectionTargets[index].h2));
    }
    newRedirectAgent(h2) {
        const connect = (this.redirectConnectors[Number(h2)] ??= countedConnector(this.connection, h2, this.sockets));
        return this.owned(redirectAgent(connect, h2));
    }
    webSocketDispatcher(location) {
        if (this.egress.proxyOf[location])
            return this.sharedProxy(location, false);
        return (this.webSockets ??= this.owned(webSocketAgent(this.connection)));
    }
    owned(created) {
        this.closers.push(created.close);
        return created.dispatcher;
    }
    sharedProxy(location, h2) {
        const proxy = this.egress.proxyOf[location];
        const key = location * 2 + (h2 ? 1 : 0);
        let shared = this.sharedProxies.get(key);
        if (!shared) {
            shared = this.owned(proxyDispatcher(proxy, this.connection, h2));
            this.sharedProxies.set(key, shared);
        }
        return shared;
    }
    viaProxy(location) {
        return this.egress.proxyOf[location] !== null;
    }
    classify(error, location, responseStarted) {
        return this.stopping ? 'cancelled' : classifyError(error, this.viaProxy(location), responseStarted);
    }
    iterationEnded(slot, now) {
        this.inFlight--;
        // Reset when none is out, so rounding cannot build up over millions of iterations.
        this.startedSum = this.inFlight === 0 ? 0 : this.startedSum - slot.startedAt;
        this.growth.iterationEnded(now - slot.startedAt);
        this.free.push(slot);
        if (this.starved)
            this.pump(now);
        this.checkDone();
    }
    newRecorder() {
        const keep = this.settings.keepSecondHistograms ?? false;
        return new Recorder(this.steps.length, this.egress.names.length, keep, this.settings.keepStreamSecondHistograms ?? keep);
    }
    /**
     * Opens, before the first start, the connections the first second needs: its iterations in flight
     * for twice the time one is expected to take. Nothing is known of the target yet but its connect
     * time (the fastest of a few), a round trip, so a step is expected to take two of them (at least
     * 1 ms), plus its sleep.
     */
    async openAhead() {
        const direct = this.egress.proxyOf.some((proxy) => proxy === null) ? this.connectors : [];
        const probes = Math.min(CONNECT_PROBES, this.settings.concurrency);
        const connectMs = await Promise.all(direct.map((c) => c.timeConnect(AHEAD_WAIT_MS, probes)));
        const stepMs = Math.max(MIN_STEP_MS, 2 * Math.max(0, ...connectMs.map((ms) => ms ?? 0)));
        const sleepMs = this.steps.reduce((sum, s) => sum + (s.sleep ? (s.sleep[0] + s.sleep[1]) / 2 : 0), 0);
        this.iterationMs = this.steps.length * stepMs + sleepMs;
        const first = this.settings.warmUp?.total ? this.settings.warmUp : this.plan;
        const wanted = this.slotsFor(first.countInSecond(0));
        this.addSlots(wanted);
        if (direct.length > 0)
            for (const slot of this.slots)
                slot.makeConnections();
        // A target that refused or timed out the first connect gets no more; its requests will say why.
        await Promise.all(direct.map((c, i) => c.prepare(connectMs[i] === null ? 0 : wanted - probes, AHEAD_WAIT_MS)));
    }
    /** Slots (and connections) for a second of `rate` iterations, within the cap. */
    slotsFor(rate) {
        return Math.min(this.settings.concurrency, slotsNeeded(rate, this.iterationMs));
    }
    /** Adds free slots up to `wanted` (within the cap); their Clients take the connections opened ahead. */
    addSlots(wanted) {
        const more = Math.min(wanted, this.settings.concurrency) - this.slots.length;
        for (let i = 0; i < more; i++)
            this.free.push(this.newSlot());
    }
    /** Before a second whose rate is higher, open what it will need, from what this one needed. */
    openAheadOf(second) {
        const now = this.phase.countInSecond(second - 1);
        const next = this.phase.countInSecond(second);
        if (next <= now)
            return;
        const scaled = now > 0 ? Math.ceil((this.peakInFlight * next) / now) + SLOT_HEADROOM : 0;
        const wanted = Math.min(this.settings.concurrency, Math.max(scaled, this.slotsFor(next)));
        const more = wanted - this.slots.length;
        if (more <= 0)
            return;
        this.addSlots(wanted);
        if (this.egress.proxyOf.some((proxy) => proxy === null))
            for (const c of this.connectors)
                c.add(more - c.idle);
    }
    newSlot() {
        const slot = new Slot(this, this.settings.newIterationVars?.() ?? null, this.settings.beginIteration ?? null);
        this.slots.push(slot);
        return slot;
    }
    /** The warm-up: the same engine on the same slots, into a recorder that is thrown away. */
    async runUnrecorded(plan) {
        const recorder = this.recorder;
        this.recorder = this.newRecorder();
        try {
            await this.runPhase(plan, await this.phaseStart());
        }
        finally {
            this.recorder.destroy();
            this.recorder = recorder;
        }
    }
    /** The clock reading a phase starts at: now, or the common instant of the start gate. */
    async phaseStart() {
        return this.settings.startGate && !this.stopping ? this.settings.startGate() : this.clock();
    }
    async runRecorded() {
        const t0 = await this.phaseStart();
        this.startedAt = new Date(Date.now() - Math.max(0, this.clock() - t0));
        this.requests = 0;
        this.sockets.max = this.sockets.open;
        this.recording = true;
        this.monitor.start();
        await this.runPhase(this.plan, t0);
        const elapsedMs = this.clock() - this.t0;
        this.closeSeconds(Math.ceil(elapsedMs / 1000));
        // Stopped with iterations not started or still in flight (a signal, the overrun limit).
        return this.outcome(elapsedMs, this.monitor.stop(), this.cutShort);
    }
    /** The recorded run as it stands, as a stop now would leave it (onCheckpoint). */
    snapshot() {
        return this.outcome(this.clock() - this.t0, this.monitor.sinceStart(), true);
    }
    outcome(elapsedMs, loopDelay, interrupted) {
        const started = this.recorder.iterationsStarted.reduce((n, c) => n + c, 0);
        this.checkBookkeeping(started);
        return {
            recorder: this.recorder,
            locations: this.egress.names,
            egress: Object.fromEntries(this.egress.names.map((n, i) => [n, this.egress.proxyOf[i] ? `proxy ${hideCredentials(this.egress.proxyOf[i])}` : 'direct'])),
            startedAt: this.startedAt,
            finishedAt: new Date(),
            durationS: elapsedMs / 1000,
            lastLateStartS: this.lastLateUs / 1e6,
            requests: this.requests,
            lateIterations: this.late,
            maxScheduleLagMs: Math.round(this.maxLagUs / 100) / 10,
            interrupted,
            ticks: this.ticks,
            generator: generatorInfo({
                planned: this.plan.total,
                started,
                plannedDurationS: this.plan.durationS,
                elapsedS: elapsedMs / 1000,
                lastLateStartS: this.lastLateUs / 1e6,
                interrupted,
                loopDelay,
                series: this.recorder.series,
                unstarted: this.unstarted,
                unstartedSecond: this.unstartedSecond,
                concurrency: this.settings.concurrency,
                socketsMax: this.sockets.max,
                warmUpS: this.settings.warmUp?.durationS ?? 0,
            }),
        };
    }
    /**
     * The run's counts agree with each other, checked once at its end: a slot is free or holds one
     * iteration in flight, never both, and the slots stay within the cap; the late starts are among
     * the starts, and the closed seconds count no more of them than the run did (the last second may
     * still hold some).
     */
    checkBookkeeping(started) {
        assert.equal(this.free.length + this.inFlight, this.slots.length, 'every slot is free or holds one iteration in flight');
        assert.ok(this.slots.length <= this.settings.concurrency, 'the slots stay within the concurrency cap');
        assert.ok(this.late <= started, 'the late starts are among the starts');
        const lateInSeconds = this.recorder.series.reduce((n, s) => n + (s.late ?? 0), 0);
        assert.ok(lateInSeconds <= this.late, 'the seconds count no late start the run did not');
    }
    /** Runs a plan from t0 (clock ms) until its iterations have started and ended, or the engine stops. */
    runPhase(plan, t0) {
        this.phase = plan;
        this.next = this.windingDown ? plan.total : 0;
        this.late = 0;
        this.lastLateUs = 0;
        this.maxLagUs = 0;
        this.unstarted = 0;
        this.unstartedSecond = -1;
        this.closedSeconds = 0;
        this.peakInFlight = this.inFlight;
        this.endUs = (plan.durationS * 1000 + (this.settings.startGraceMs ?? START_GRACE_MS)) * 1000;
        this.t0 = t0;
        this.growth.reset(this.t0);
        this.medianAt = -Infinity;
        const done = new Promise((resolve) => (this.finish = resolve));
        const overrun = this.settings.overrunLimitMs ?? 60_000;
        this.hardStop = setTimeout(() => this.stop(), plan.durationS * 1000 + overrun);
        this.tickDueAt = null;
        this.onTick();
        return done.finally(() => clearTimeout(this.hardStop));
    }
    onTick = () => {
        const now = this.clock();
        const second = Math.floor((now - this.t0) / 1000);
        this.ticks++;
        // Before the second closes: a stall that delayed this tick belongs to the second it began in.
        if (this.tickDueAt !== null)
            this.monitor.tickRan(now - this.tickDueAt);
        this.closeSeconds(second);
        this.pump(now);
        const wait = this.msToNextTick(now);
        this.growth.tick(now, this.inFlight, this.slots.length, this.phase.countInSecond(second), this.waiting(now, second), wait);
        if (this.checkDone())
            return;
        if (this.tick !== undefined && wait === this.tickMs)
            this.tick.refresh();
        else {
            clearTimeout(this.tick);
            this.tick = setTimeout(this.onTick, wait);
            this.tickMs = wait;
        }
        this.tickDueAt = now + wait;
    };
    /**
     * Whole ms to the next tick. While due iterations wait for a slot, or the run stops, the thread's
     * next turn; else its turn at or after whichever comes first, the next iteration's start or the
     * next second's close. An iteration still starts on the first turn after it falls due, and a
     * loop with nothing due sleeps (streams held open, a low rate, the end of a schedule) rather than
     * waking every turn for nothing: each wake costs the thread CPU (docs/performance.md).
     */
    msToNextTick(now) {
        const sinceStart = now - this.t0;
        if (this.starved || this.stopping)
            return msToTurn(sinceStart, this.turn);
        const nextSecondMs = (Math.floor(sinceStart / 1000) + 1) * 1000;
        const nextStartMs = this.next < this.phase.total ? this.phase.startOffsetUs(this.next) / 1000 : Number.POSITIVE_INFINITY;
        return msToTurnAtOrAfter(sinceStart, Math.min(nextSecondMs, nextStartMs), this.turn);
    }
    /** About how many due iterations wait for a slot: the schedule's rate times the oldest one's wait. */
    waiting(now, second) {
        if (this.next >= this.phase.total)
            return 0;
        const waitedUs = (now - this.t0) * 1000 - this.phase.startOffsetUs(this.next);
        return waitedUs > 0 ? Math.ceil((this.phase.countInSecond(second) * waitedUs) / 1e6) : 0;
    }
    pump(now) {
        if (this.pumping || this.stopping)
            return;
        this.pumping = true;
        const plan = this.phase;
        const nowUs = (now - this.t0) * 1000;
        this.starved = false;
        if (nowUs >= this.endUs && this.next < plan.total)
            this.endSchedule(now);
        while (this.next < plan.total) {
            const due = plan.startOffsetUs(this.next);
            if (due > nowUs)
                break;
            const slot = this.acquire(now, due);
            if (!slot) {
                this.starved = true;
                break;
            }
            const lag = nowUs - due;
            const late = lag > LATE_AFTER_US;
            if (late) {
                this.late++;
                this.lastLateUs = nowUs;
            }
            if (lag > this.maxLagUs)
                this.maxLagUs = lag;
            const location = this.egress.map[plan.locationIndex(this.next)];
            const k = plan.globalIndex(this.next);
            this.next++;
            if (++this.inFlight > this.peakInFlight)
                this.peakInFlight = this.inFlight;
            this.startedSum += now;
            this.recorder.iterationStarted(location, late);
            slot.begin(k, location, now);
        }
        this.pumping = false;
    }
    /** The schedule is over: what has not started by now is not started, and is counted. */
    endSchedule(now) {
        this.unstarted = this.phase.total - this.next;
        this.unstartedSecond = Math.floor((now - this.t0) / 1000);
        this.next = this.phase.total;
    }
    /**
     * A free slot, or a new one when the slots have been held by the service (growth.ts), sized by
     * the rate of the second the iteration fell due in: one still waiting after its second is owed
     * at that rate, though the schedule's next second (its last one's, 0) asks less.
     */
    acquire(now, dueUs) {
        const slot = this.free.pop();
        if (slot || this.slots.length >= this.settings.concurrency || !this.growth.mayGrow)
            return slot;
        const outMs = this.inFlight > 0 ? now - this.startedSum / this.inFlight : 0;
        if (now - this.medianAt >= GROWTH_WINDOW_MS) {
            this.medianMs = this.recorder.recentMedianMs(MEDIAN_OF);
            this.medianAt = now;
        }
        const rate = this.phase.countInSecond(Math.floor(dueUs / 1e6));
        const grow = this.growth.take({
            now,
            outMs,
            expectedMs: this.iterationMs,
            medianMs: this.medianMs,
            slots: this.slots.length,
            rate,
        });
        return grow ? this.newSlot() : undefined;
    }
    checkDone() {
        const finished = this.inFlight === 0 && (this.next >= this.phase.total || this.stopping);
        if (finished && this.finish) {
            // A cleared Timeout cannot be refreshed: the next phase's first tick makes a new one.
            clearTimeout(this.tick);
            this.tick = undefined;
            const finish = this.finish;
            this.finish = undefined;
            finish();
        }
        return finished;
    }
    closeSeconds(upTo) {
        while (this.closedSeconds < upTo) {
            const second = this.closedSeconds++;
            if (this.recording) {
                const sample = this.recorder.closeSecond(second, { ...this.monitor.second(), sockets: this.sockets.open });
                this.settings.onSecond?.(sample, this.recorder.closedSecond);
                this.settings.onCheckpoint?.(this.snapshot());
            }
            this.openAheadOf(second + 1);
            this.peakInFlight = this.inFlight;
        }
    }
}


/***/ }),

/***/ 17679:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ classifyError)
/* harmony export */ });
/* unused harmony export DEADLINE_CODE */
// Error reasons, named as users of this format know them (docs/results.md). A reason is an error_dist
// key, so it never carries addresses or response contents: its cardinality stays small.
const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_|HOSTNAME_MISMATCH$)/;
/** The code of the error a request is aborted with when its step timeout ends before its last byte. */
const DEADLINE_CODE = 'LOADGATE_REQUEST_DEADLINE';
function codeOf(err) {
    if (typeof err.code === 'string')
        return err.code;
    const cause = err.cause;
    return cause && typeof cause === 'object' ? codeOf(cause) : '';
}
const codeIn = (...codes) => (failure) => codes.includes(failure.code);
/**
 * The first rule that matches names the reason, so a narrow case (an UND_ERR_SOCKET with
 * 'bad response', an UND_ERR_INVALID_ARG for a redirect loop) stands before the broad one it refines.
 */
const REASON_RULES = [
    { matches: codeIn('ECONNREFUSED'), reason: (f) => (f.viaProxy ? 'proxy connection refused' : 'connection refused') },
    { matches: codeIn('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'), reason: (f) => (f.viaProxy ? 'proxy timeout' : 'connection timeout') },
    { matches: codeIn('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', DEADLINE_CODE), reason: 'read timeout' },
    { matches: codeIn('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'), reason: 'dns' },
    { matches: (f) => TLS_CODES.test(f.code), reason: 'tls' },
    { matches: (f) => f.name === 'MaxRedirectsError' || f.code === 'UND_ERR_MAX_REDIRECTS', reason: 'too many redirects' },
    // undici's RedirectHandler refuses a URL it has already visited in the chain.
    { matches: (f) => f.code === 'UND_ERR_INVALID_ARG' && f.message.startsWith('Redirect loop'), reason: 'too many redirects' },
    { matches: (f) => f.name === 'ProxyConnectionError' || f.code === 'UND_ERR_PRX_TLS', reason: 'proxy connection refused' },
    { matches: codeIn('UND_ERR_HEADERS_OVERFLOW'), reason: 'headers too large' },
    // undici 8's HTTPParserError has no code; llhttp's own errors (HPE_*) have one.
    {
        matches: (f) => f.name === 'HTTPParserError' || f.code.startsWith('HPE_') || f.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
        reason: 'invalid response',
    },
    // A 1xx where none was asked for (the engine never sends Expect), or an answer with no request out.
    { matches: (f) => f.code === 'UND_ERR_SOCKET' && f.message === 'bad response', reason: 'invalid response' },
    {
        matches: codeIn('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'),
        reason: (f) => (f.responseStarted ? 'incomplete body' : 'connection reset by peer'),
    },
    { matches: (f) => f.code === 'UND_ERR_ABORTED' || f.code === 'UND_ERR_DESTROYED' || f.name === 'AbortError', reason: 'cancelled' },
    // A header that passed validation but not undici after a per-iteration value was put in (a CSV cell with a line break).
    {
        matches: (f) => (f.code === 'UND_ERR_INVALID_ARG' && /^invalid .* header$|^invalid header key$/.test(f.message)) ||
            f.code === 'UND_ERR_NOT_SUPPORTED',
        reason: 'invalid request header',
    },
];
/**
 * Maps an undici or socket error to its error_dist reason. `responseStarted`: the status line and
 * headers had arrived, so a connection lost now cut the body short.
 */
function classifyError(error, viaProxy, responseStarted = false) {
    const err = (error && typeof error === 'object' ? error : {});
    const failure = {
        code: codeOf(err),
        name: typeof err.name === 'string' ? err.name : '',
        message: typeof err.message === 'string' ? err.message : '',
        viaProxy,
        responseStarted,
    };
    const rule = REASON_RULES.find((candidate) => candidate.matches(failure));
    if (rule)
        return typeof rule.reason === 'string' ? rule.reason : rule.reason(failure);
    return failure.code ? `other: ${failure.code}` : 'other';
}


/***/ }),

/***/ 42043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XL: () => (/* binding */ mergeGenerators),
/* harmony export */   o4: () => (/* binding */ generatorInfo)
/* harmony export */ });
/* unused harmony exports LOOP_DELAY_LIMIT_MS, BUSY_LIMIT_PCT, BEHIND_LIMIT, HOST_STALL_CPU_PCT */
/* harmony import */ var _rates_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(42672);
// Whether the generator, not the service, was the bottleneck of a run (docs/engine.md): a pure
// function of what the engine counted and what its monitor measured, so the rule is tested and
// documented as one thing.

/**
 * A loop this late distorts every response that arrives meanwhile by as much as a late start
 * (docs/engine.md): the same 10 ms as the late threshold.
 */
const LOOP_DELAY_LIMIT_MS = 10;
/** A second in which the engine thread's loop was at least this busy had no time to spare. */
const BUSY_LIMIT_PCT = 90;
/** Share of the planned iterations that may fall behind on a busy generator before it counts as saturated. */
const BEHIND_LIMIT = 0.01;
/**
 * A saturated generator whose engine thread never used this much of a core in a second, nor had
 * its loop busy for BUSY_LIMIT_PCT of one, had CPU to spare: its loop ran late because the machine
 * gave its core to other work (a host stall), not because it was out of CPU.
 */
const HOST_STALL_CPU_PCT = 50;
const round1 = (x) => Math.round(x * 10) / 10;
/**
 * The generator had no time to spare that second: its loop was busy, or ran late (a loop that
 * waits for a core the machine gives to someone else looks idle, but its timers fire late).
 */
const busy = (sample) => (sample?.busy_pct ?? 0) >= BUSY_LIMIT_PCT || (sample?.loop_delay_p99_ms ?? 0) > LOOP_DELAY_LIMIT_MS;
/** Late starts, and iterations never started, in seconds when the engine thread had no time to spare. */
function behindIterations(facts) {
    let behind = 0;
    for (const sample of facts.series)
        if (busy(sample))
            behind += sample.late ?? 0;
    if (facts.unstarted > 0 && busy(facts.series[facts.unstartedSecond]))
        behind += facts.unstarted;
    return behind;
}
function saturation(facts, behind) {
    const { p99Ms } = facts.loopDelay;
    if (p99Ms > LOOP_DELAY_LIMIT_MS) {
        return `the engine thread's event loop ran late: delay p99 ${p99Ms} ms (limit ${LOOP_DELAY_LIMIT_MS} ms), so response times include the generator's own delay`;
    }
    if (facts.planned > 0 && behind / facts.planned > BEHIND_LIMIT) {
        const pct = round1((behind / facts.planned) * 100);
        return `${behind} of ${facts.planned} iterations (${pct} %) started late or not at all in seconds when the engine thread had no time to spare (at least ${BUSY_LIMIT_PCT} % busy, or its loop ${LOOP_DELAY_LIMIT_MS} ms late; limit ${BEHIND_LIMIT * 100} %): the generator could not apply the planned load`;
    }
    return undefined;
}
/**
 * A saturation the machine caused: the thread's CPU, measured each second, stayed under
 * HOST_STALL_CPU_PCT, and its loop was never busy for BUSY_LIMIT_PCT of a second (a thread that
 * wants the core all the time is at its limit, however little of it a shared machine gives).
 * Without a second measured (no series) the cause is not known.
 */
function hostStall(series, cpuMax, busyMax) {
    if (!series.some((s) => s.cpu_pct !== undefined) || cpuMax >= HOST_STALL_CPU_PCT || busyMax >= BUSY_LIMIT_PCT)
        return undefined;
    return `; the engine thread used at most ${cpuMax} % of a core (it was not out of CPU): the machine running it was busy with other work and stalled it`;
}
function generatorInfo(facts) {
    const behind = behindIterations(facts);
    const rule = saturation(facts, behind);
    const appliedOver = (0,_rates_js__WEBPACK_IMPORTED_MODULE_0__/* .rateWindowS */ .Eb)({
        plannedS: facts.plannedDurationS,
        elapsedS: facts.elapsedS,
        interrupted: facts.interrupted,
        lastLateStartS: facts.lastLateStartS,
    });
    // The run's last second is usually a sliver (the last responses): its CPU and busy shares are of a
    // few ms, so the busiest second is taken among whole ones when there are any.
    const whole = facts.series.filter((s) => s.t < Math.floor(facts.elapsedS));
    const seconds = whole.length > 0 ? whole : facts.series;
    const max = (pick) => seconds.reduce((m, s) => Math.max(m, pick(s) ?? 0), 0);
    const stall = rule === undefined
        ? undefined
        : hostStall(seconds, max((s) => s.cpu_pct), max((s) => s.busy_pct));
    const reason = rule === undefined ? undefined : rule + (stall ?? '');
    return {
        saturated: reason !== undefined,
        ...(reason !== undefined && { reason }),
        ...(stall !== undefined && { host_stalled: true }),
        loop_delay_p99_ms: facts.loopDelay.p99Ms,
        loop_delay_max_ms: facts.loopDelay.maxMs,
        cpu_pct_max: max((s) => s.cpu_pct),
        busy_pct_max: max((s) => s.busy_pct),
        behind_iterations: behind,
        unstarted_iterations: facts.unstarted,
        planned_iterations_per_s: facts.plannedDurationS > 0 ? round1(facts.planned / facts.plannedDurationS) : 0,
        applied_iterations_per_s: (0,_rates_js__WEBPACK_IMPORTED_MODULE_0__/* .perSecond */ .Ed)(facts.started, appliedOver),
        concurrency: facts.concurrency,
        sockets_max: facts.socketsMax,
        warm_up_s: facts.warmUpS,
    };
}
/**
 * The generator block of several runs (docs/results.md), absent unless every run has one (files of
 * older versions): saturated when any was (its reason named), the worst one's delay, CPU and busy
 * share, and the counts added up. Shards, and the engine threads of one run (workers), run side by
 * side, so their rates, caps and sockets add up too; a comparison's rounds run one after another,
 * so theirs are the rounds' mean and most.
 */
function mergeGenerators(runs, as = 'shards') {
    const blocks = runs.map((s) => s.generator);
    if (blocks.length === 0 || blocks.some((g) => g === undefined))
        return undefined;
    const all = blocks;
    const max = (pick) => Math.max(...all.map(pick));
    const sum = (pick) => round1(all.reduce((n, g) => n + pick(g), 0));
    const sideBySide = as !== 'rounds';
    const side = sideBySide ? sum : (pick) => round1(sum(pick) / all.length);
    const most = sideBySide ? sum : max;
    const saturated = runs.find((s) => s.generator.saturated);
    const label = { shards: 'shard', workers: 'worker', rounds: 'round' }[as];
    // The machine is to blame only when it is for every saturated run (one out of CPU is the generator's limit).
    const stalled = saturated !== undefined && all.every((g) => !g.saturated || g.host_stalled === true);
    return {
        saturated: saturated !== undefined,
        ...(saturated && { reason: `${label} ${saturated.index}: ${saturated.generator.reason ?? 'saturated'}` }),
        ...(stalled && { host_stalled: true }),
        loop_delay_p99_ms: max((g) => g.loop_delay_p99_ms),
        loop_delay_max_ms: max((g) => g.loop_delay_max_ms),
        cpu_pct_max: max((g) => g.cpu_pct_max),
        busy_pct_max: max((g) => g.busy_pct_max),
        behind_iterations: sum((g) => g.behind_iterations),
        unstarted_iterations: sum((g) => g.unstarted_iterations),
        planned_iterations_per_s: side((g) => g.planned_iterations_per_s),
        applied_iterations_per_s: side((g) => g.applied_iterations_per_s),
        concurrency: most((g) => g.concurrency),
        sockets_max: most((g) => g.sockets_max),
        warm_up_s: max((g) => g.warm_up_s),
    };
}


/***/ }),

/***/ 9964:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JH: () => (/* binding */ addCombined),
/* harmony export */   YH: () => (/* binding */ combineParts),
/* harmony export */   bH: () => (/* binding */ emptyCombined),
/* harmony export */   qZ: () => (/* binding */ recorderPart)
/* harmony export */ });
/* unused harmony exports histogramPart, transferList */
/* harmony import */ var _results_histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(97528);
/* harmony import */ var _recorder_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(97417);
// What an engine thread hands back (workers.ts), and how the parent adds it up: the
// recorder's counts as they are, and its histograms as their bucket counts. A histogram lives in
// its thread's WebAssembly memory, so it crosses as HDR's plain V2 encoding (a few hundred bytes,
// no compression, no base64), its buffer transferred rather than copied, and is added into the
// parent's bucket by bucket: exact, as in one recorder. The encoding keeps buckets, not the exact
// extremes, so each cell's max and min travel beside it. Recorders added up in the parent add
// into one another in memory the same way (a comparison side's rounds, compare/side.ts).


function histogramPart(h) {
    const empty = h.totalCount === 0;
    return { bytes: (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeBytes */ .MW)(h), maxUs: empty ? 0 : h.maxValue, minUs: empty ? 0 : h.minNonZeroValue };
}
function recorderPart(rec) {
    return {
        cells: rec.cells.map(histogramPart),
        reached: rec.reached,
        succeeded: rec.succeeded,
        failed: rec.failed,
        statusCounts: rec.statusCounts,
        oddStatus: rec.oddStatus.map((m) => [...m]),
        errors: rec.errors.map((m) => [...m]),
        iterationsStarted: rec.iterationsStarted,
        iterationsSucceeded: rec.iterationsSucceeded,
        iterationsFailed: rec.iterationsFailed,
        ...(rec.streams && { streams: streamPart(rec.streams) }),
    };
}
function streamPart(cells) {
    return {
        firstEvent: cells.firstEvent.map(_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeBytes */ .MW),
        gap: cells.gap.map(_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeBytes */ .MW),
        opened: cells.opened,
        events: cells.events,
        closeCodes: cells.closeCodes.map((m) => [...m]),
    };
}
/** The buffers a part may hand over to the receiving thread instead of copying them. */
function transferList(part) {
    const arrays = [
        part.reached,
        part.succeeded,
        part.failed,
        part.statusCounts,
        part.iterationsStarted,
        part.iterationsSucceeded,
        part.iterationsFailed,
    ];
    const streams = part.streams ? [part.streams.opened, part.streams.events, ...part.streams.firstEvent, ...part.streams.gap] : [];
    const buffers = [
        ...arrays.map((a) => a.buffer),
        ...part.cells.map((c) => c.bytes.buffer),
        ...streams.map((a) => a.buffer),
    ];
    return [...new Set(buffers)];
}
function emptyCombined(stepCount, locationCount) {
    const n = stepCount * locationCount;
    return {
        recorder: new _recorder_js__WEBPACK_IMPORTED_MODULE_1__/* .Recorder */ .v(stepCount, locationCount),
        extremes: { maxUs: new Float64Array(n), minUs: new Float64Array(n).fill(Infinity) },
    };
}
/** Several threads' parts added into one recorder, as if one engine had recorded everything. */
function combineParts(parts, stepCount, locationCount) {
    const combined = emptyCombined(stepCount, locationCount);
    for (const part of parts) {
        part.cells.forEach((cell, i) => {
            (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addHistogramBytes */ .Dt)(combined.recorder.cells[i], cell.bytes);
            addExtremes(combined.extremes, i, cell.maxUs, cell.minUs);
        });
        addCounts(combined.recorder, part);
        if (part.streams)
            addStreamPart(combined.recorder.streamCells(), part.streams);
    }
    return combined;
}
/** One combined recorder added into another, in this thread's memory (the comparison's rounds of a side). */
function addCombined(into, from) {
    from.recorder.cells.forEach((cell, i) => {
        into.recorder.cells[i].add(cell);
        addExtremes(into.extremes, i, from.extremes.maxUs[i], from.extremes.minUs[i]);
    });
    addCounts(into.recorder, from.recorder);
    const streams = from.recorder.streams;
    if (streams) {
        const target = into.recorder.streamCells();
        streams.firstEvent.forEach((h, i) => {
            target.firstEvent[i].add(h);
        });
        streams.gap.forEach((h, i) => {
            target.gap[i].add(h);
        });
        addStreamCounts(target, streams);
    }
}
function addStreamPart(into, part) {
    part.firstEvent.forEach((bytes, i) => {
        (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addHistogramBytes */ .Dt)(into.firstEvent[i], bytes);
    });
    part.gap.forEach((bytes, i) => {
        (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addHistogramBytes */ .Dt)(into.gap[i], bytes);
    });
    addStreamCounts(into, part);
}
function addStreamCounts(into, from) {
    addArray(into.opened, from.opened);
    addArray(into.events, from.events);
    from.closeCodes.forEach((entries, i) => {
        addEntries(into.closeCodes[i], entries);
    });
}
function addExtremes(into, cell, maxUs, minUs) {
    if (maxUs <= 0)
        return;
    into.maxUs[cell] = Math.max(into.maxUs[cell], maxUs);
    into.minUs[cell] = Math.min(into.minUs[cell], minUs);
}
function addCounts(into, from) {
    addArray(into.reached, from.reached);
    addArray(into.succeeded, from.succeeded);
    addArray(into.failed, from.failed);
    addArray(into.statusCounts, from.statusCounts);
    addArray(into.iterationsStarted, from.iterationsStarted);
    addArray(into.iterationsSucceeded, from.iterationsSucceeded);
    addArray(into.iterationsFailed, from.iterationsFailed);
    from.oddStatus.forEach((entries, i) => {
        addEntries(into.oddStatus[i], entries);
    });
    from.errors.forEach((entries, i) => {
        addEntries(into.errors[i], entries);
    });
}
function addArray(into, part) {
    for (let i = 0; i < into.length; i++)
        into[i] += part[i];
}
function addEntries(into, part) {
    for (const [key, count] of part)
        into.set(key, (into.get(key) ?? 0) + count);
}


/***/ }),

/***/ 30955:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Yi: () => (/* binding */ planLocations),
/* harmony export */   iV: () => (/* binding */ LoadPlan),
/* harmony export */   uC: () => (/* binding */ perSecondCounts)
/* harmony export */ });
/* unused harmony export mulAddDivFloor */
const US_PER_S = 1_000_000;
/** Waved weights are quantised to integers so the apportionment is exact integer maths. */
const WAVE_RESOLUTION = 1_000_000;
const SECONDS_PER_WAVE = 10;
const EXACT_LIMIT = 2 ** 52;
const SPLIT_LIMIT = 2 ** 32;
/** floor(x / c) for integers below 2^52; the float quotient is off by at most one, so correct it. */
function floorDiv(x, c) {
    const q = Math.floor(x / c);
    const r = x - q * c;
    if (r < 0)
        return q - 1;
    return r >= c ? q + 1 : q;
}
/**
 * floor((a·b + add) / c) exactly for non-negative integers. Below 2^52 plain doubles are exact;
 * below 2^32 per operand, b is split in 16-bit halves so every partial stays exact; beyond, BigInt.
 * The first two paths allocate nothing, which keeps the engine's per-iteration lookups free.
 */
function mulAddDivFloor(a, b, add, c) {
    const product = a * b + add;
    if (product < EXACT_LIMIT && c < EXACT_LIMIT)
        return floorDiv(product, c);
    if (a < SPLIT_LIMIT && b < SPLIT_LIMIT && add < SPLIT_LIMIT && c < SPLIT_LIMIT) {
        const high = a * Math.floor(b / 65_536);
        const qHigh = floorDiv(high, c);
        const rest = (high - qHigh * c) * 65_536 + a * (b % 65_536) + add;
        return qHigh * 65_536 + floorDiv(rest, c);
    }
    return Number((BigInt(a) * BigInt(b) + BigInt(add)) / BigInt(c));
}
function assertCount(value, what, min) {
    if (!Number.isSafeInteger(value) || value < min) {
        throw new RangeError(`${what} must be an integer >= ${min}, got ${value}`);
    }
}
/** Cumulative rounding: second s gets floor(n·W(s)/W) − floor(n·W(s−1)/W), W(s) the weight prefix. */
function apportionCumulative(n, weights) {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let prefix = 0;
    let given = 0;
    return weights.map((w) => {
        prefix += w;
        const upTo = mulAddDivFloor(n, prefix, 0, total);
        const count = upTo - given;
        given = upTo;
        return count;
    });
}
/**
 * Largest remainder on weights (s+1). With increasing weights, a later second never has a smaller
 * floor nor, at an equal floor, a smaller remainder, so the result is non-decreasing (ties go to
 * the later second). Cumulative rounding would not be: floors of a convex prefix can dip.
 */
function apportionIncremental(n, duration) {
    const total = (BigInt(duration) * BigInt(duration + 1)) / 2n;
    const big = BigInt(n);
    const exact = Array.from({ length: duration }, (_, s) => big * BigInt(s + 1));
    const counts = exact.map((x) => Number(x / total));
    const remainders = exact.map((x) => x % total);
    const left = n - counts.reduce((sum, c) => sum + c, 0);
    const order = counts.map((_, s) => s);
    order.sort((a, b) => {
        const ra = remainders[a] ?? 0n;
        const rb = remainders[b] ?? 0n;
        return ra === rb ? b - a : ra > rb ? -1 : 1;
    });
    for (const s of order.slice(0, left))
        counts[s] = (counts[s] ?? 0) + 1;
    return counts;
}
/**
 * Waved: max(1, round(duration / 10)) waves of the shape 1 − cos (a sine squared), sampled at
 * each second's middle, so every second gets some load and the troughs sit at the wave borders.
 * Weights are rounded to integers (fdlibm cos is deterministic across V8 platforms, and the
 * rounding absorbs any last-bit difference) so shards compute the same counts.
 */
function waveWeights(duration) {
    const waves = Math.max(1, Math.round(duration / SECONDS_PER_WAVE));
    return Array.from({ length: duration }, (_, s) => {
        const phase = (2 * Math.PI * waves * (s + 0.5)) / duration;
        return Math.max(1, Math.round(WAVE_RESOLUTION * (1 - Math.cos(phase))));
    });
}
/** How many iterations start in each second of the run; the sum is exactly the planned total. */
function perSecondCounts(config) {
    const stages = config.manual_load ?? [];
    if (stages.length > 0) {
        return stages.flatMap((stage, i) => {
            assertCount(stage.duration, `manual_load[${i}].duration`, stage.count > 0 ? 1 : 0);
            assertCount(stage.count, `manual_load[${i}].count`, 0);
            return apportionCumulative(stage.count, new Array(stage.duration).fill(1));
        });
    }
    const n = config.iteration_count;
    const d = config.duration;
    assertCount(n, 'iteration_count', 0);
    assertCount(d, 'duration', 1);
    if (config.load_type === 'incremental')
        return apportionIncremental(n, d);
    if (config.load_type === 'waved')
        return apportionCumulative(n, waveWeights(d));
    return apportionCumulative(n, new Array(d).fill(1));
}
/** Sorted country codes with a positive share; no proxy_config means one location, 'local'. */
function planLocations(proxyConfig) {
    const names = Object.entries(proxyConfig ?? {})
        .filter(([, share]) => share > 0)
        .map(([name]) => name)
        .sort();
    return names.length > 0 ? names : ['local'];
}
/** Largest remainder: floor of each exact share, then one more for the largest remainders. */
function largestRemainder(total, shares) {
    const sum = BigInt(shares.reduce((a, b) => a + b, 0));
    const exact = shares.map((share) => BigInt(total) * BigInt(share));
    const counts = exact.map((x) => Number(x / sum));
    const left = total - counts.reduce((a, b) => a + b, 0);
    const order = shares.map((_, i) => i);
    order.sort((a, b) => {
        const ra = (exact[a] ?? 0n) % sum;
        const rb = (exact[b] ?? 0n) % sum;
        return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
    for (const i of order.slice(0, left))
        counts[i] = (counts[i] ?? 0) + 1;
    return counts;
}
function buildInterleaveTree(counts) {
    const leaves = counts.flatMap((c, i) => (c > 0 ? [i] : []));
    if (leaves.length === 0)
        return undefined;
    const size = 2 * leaves.length - 1;
    const tree = {
        leaf: new Int32Array(size).fill(-1),
        first: new Int32Array(size),
        second: new Int32Array(size),
        firstWeight: new Float64Array(size),
        weight: new Float64Array(size),
        root: 0,
    };
    leaves.forEach((location, node) => {
        tree.leaf[node] = location;
        tree.weight[node] = counts[location] ?? 0;
    });
    const open = leaves.map((_, node) => node);
    for (let node = leaves.length; node < size; node++) {
        const a = takeLightest(open, tree.weight);
        const b = takeLightest(open, tree.weight);
        tree.first[node] = a;
        tree.second[node] = b;
        tree.firstWeight[node] = tree.weight[a] ?? 0;
        tree.weight[node] = (tree.weight[a] ?? 0) + (tree.weight[b] ?? 0);
        open.push(node);
    }
    tree.root = open[0] ?? 0;
    return tree;
}
/** Removes and returns the lightest open node; ties go to the lower node number (deterministic). */
function takeLightest(open, weight) {
    let best = 0;
    for (let i = 1; i < open.length; i++) {
        const w = weight[open[i] ?? 0] ?? 0;
        const bw = weight[open[best] ?? 0] ?? 0;
        if (w < bw || (w === bw && (open[i] ?? 0) < (open[best] ?? 0)))
            best = i;
    }
    return open.splice(best, 1)[0] ?? 0;
}
/** Undefined for a location with no iterations (not in the tree). */
function pathTo(tree, location) {
    const walk = (node) => {
        if ((tree.leaf[node] ?? -1) >= 0)
            return tree.leaf[node] === location ? [] : undefined;
        const viaFirst = walk(tree.first[node] ?? 0);
        if (viaFirst)
            return [{ node, first: true }, ...viaFirst];
        const viaSecond = walk(tree.second[node] ?? 0);
        return viaSecond && [{ node, first: false }, ...viaSecond];
    };
    return walk(tree.root);
}
/** How many of a node's first n iterations go to its first child (locationOf's `before`). */
function toFirst(tree, node, n) {
    const p = tree.weight[node] ?? 1;
    return mulAddDivFloor(n, tree.firstWeight[node] ?? 0, Math.floor(p / 2), p);
}
/** How many of a node's first n iterations go to the child that `step` takes. */
function toChild(tree, step, n) {
    const first = toFirst(tree, step.node, n);
    return step.first ? first : n - first;
}
/**
 * The node iteration holding the child's iteration m: the least n with toChild(n + 1) > m. The
 * child's count over n iterations is within 1/2 of n·w/p (w the child's weight), so n lies in
 * [m·p/w − 1, (m + 2)·p/w]: a binary search there is exact.
 */
function fromChild(tree, step, m) {
    const p = tree.weight[step.node] ?? 1;
    const x = tree.firstWeight[step.node] ?? 0;
    const w = step.first ? x : p - x;
    let low = Math.max(0, mulAddDivFloor(m, p, 0, w) - 1);
    let high = mulAddDivFloor(m + 2, p, w - 1, w);
    while (low < high) {
        const mid = low + Math.floor((high - low) / 2);
        if (toChild(tree, step, mid + 1) > m)
            high = mid;
        else
            low = mid + 1;
    }
    return low;
}
function locationOf(tree, k) {
    let node = tree.root;
    let n = k;
    for (;;) {
        const location = tree.leaf[node] ?? 0;
        if (location >= 0)
            return location;
        const p = tree.weight[node] ?? 1;
        const x = tree.firstWeight[node] ?? 0;
        const half = Math.floor(p / 2);
        const before = mulAddDivFloor(n, x, half, p);
        if (mulAddDivFloor(n + 1, x, half, p) > before) {
            node = tree.first[node] ?? 0;
            n = before;
        }
        else {
            node = tree.second[node] ?? 0;
            n -= before;
        }
    }
}
/** How far the cursor walks forward before a binary search is cheaper. */
const CURSOR_WALK = 8;
class LoadPlan {
    /** Iterations this runner runs. */
    total;
    /** Seconds of the plan. */
    durationS;
    locations;
    shard;
    counts;
    /** starts[s] = iterations that start before second s; length durationS + 1. */
    starts;
    perLocation;
    tree;
    /** The one location this runner runs (index into `locations`), or −1 for all. */
    only;
    /** The tree's path to that location; undefined when it has no iterations. */
    path;
    fromSecond;
    /** This runner's iterations before fromSecond, which a resumed run skips. */
    skip;
    cursor = 0;
    constructor(config, shard = { index: 1, count: 1 }) {
        assertCount(shard.count, 'shard count', 1);
        assertCount(shard.index, 'shard index', 1);
        if (shard.index > shard.count) {
            throw new RangeError(`shard index ${shard.index} is above the shard count ${shard.count}`);
        }
        // One literal of the split's two numbers, whatever built `shard`, so that every plan's shard
        // has one shape and the schedule code compiled in the warm-up stays valid at the recorded
        // start (docs/performance.md, "Why the engine's code is shaped as it is").
        this.shard = { index: shard.index, count: shard.count };
        const perSecond = perSecondCounts(config);
        this.counts = Float64Array.from(perSecond);
        this.starts = new Float64Array(perSecond.length + 1);
        perSecond.forEach((c, s) => {
            this.starts[s + 1] = (this.starts[s] ?? 0) + c;
        });
        const planned = this.starts[perSecond.length] ?? 0;
        this.locations = planLocations(config.proxy_config);
        const shares = this.locations.map((name) => Math.max(1, config.proxy_config?.[name] ?? 1));
        this.perLocation = largestRemainder(planned, shares);
        this.tree = buildInterleaveTree(this.perLocation);
        this.only = shard.location === undefined ? -1 : this.locations.indexOf(shard.location);
        if (this.only < 0 && shard.location !== undefined) {
            throw new RangeError(`location ${shard.location} is not one of the plan's (${this.locations.join(', ')})`);
        }
        this.path = this.tree && this.only >= 0 ? pathTo(this.tree, this.only) : [];
        this.fromSecond = Math.min(shard.fromSecond ?? 0, perSecond.length);
        assertCount(this.fromSecond, 'shard fromSecond', 0);
        this.durationS = perSecond.length - this.fromSecond;
        this.skip = this.before(this.rankBefore(this.starts[this.fromSecond] ?? 0));
        const ranks = this.only >= 0 ? (this.perLocation[this.only] ?? 0) : planned;
        this.total = this.before(ranks) - this.skip;
    }
    /** The global iteration number k of this runner's j-th iteration. */
    globalIndex(j) {
        return this.kOfRank((j + this.skip) * this.shard.count + this.shard.index - 1);
    }
    /**
     * Planned start of this runner's j-th iteration in µs since the run's start (a resumed run's:
     * since fromSecond). Iteration r of the c in second s starts at s·1e6 + floor(r·1e6/c). O(1)
     * amortised for increasing j without a location; a location adds a walk of the tree.
     */
    startOffsetUs(j) {
        const k = this.globalIndex(j);
        const s = this.secondOf(k);
        const r = k - (this.starts[s] ?? 0);
        return (s - this.fromSecond) * US_PER_S + mulAddDivFloor(r, US_PER_S, 0, this.counts[s] ?? 1);
    }
    /** Iterations this runner starts in second s of its run (its share of that second when sharded). */
    countInSecond(s) {
        if (s < 0 || s >= this.durationS)
            return 0;
        const at = s + this.fromSecond;
        return this.before(this.rankBefore(this.starts[at + 1] ?? 0)) - this.before(this.rankBefore(this.starts[at] ?? 0));
    }
    /** This runner's busiest second: the most iterations it starts in any one second. */
    peakPerSecond() {
        let peak = 0;
        for (let s = 0; s < this.durationS; s++)
            peak = Math.max(peak, this.countInSecond(s));
        return peak;
    }
    /** Index into `locations` of this runner's j-th iteration (decided by the global k). */
    locationIndex(j) {
        if (this.only >= 0)
            return this.only;
        return this.tree ? locationOf(this.tree, this.globalIndex(j)) : 0;
    }
    /** Iterations per location over the whole plan (all shards), summing to the plan's total. */
    locationCounts() {
        return Object.fromEntries(this.locations.map((name, i) => [name, this.perLocation[i] ?? 0]));
    }
    /** How many of the split's ranks below r are this runner's. */
    before(r) {
        const offset = this.shard.index - 1;
        return r > offset ? Math.floor((r - offset - 1) / this.shard.count) + 1 : 0;
    }
    /** How many iterations with a global number below k are ranked in the split (its location's, or all). */
    rankBefore(k) {
        if (this.only < 0 || !this.tree)
            return k;
        if (!this.path)
            return 0;
        let n = k;
        for (const step of this.path)
            n = toChild(this.tree, step, n);
        return n;
    }
    /** The global number of the split's rank r: the tree walked from the location's leaf up. */
    kOfRank(r) {
        if (this.only < 0 || !this.tree || !this.path)
            return r;
        let n = r;
        for (let i = this.path.length - 1; i >= 0; i--)
            n = fromChild(this.tree, this.path[i], n);
        return n;
    }
    secondOf(k) {
        const starts = this.starts;
        let s = this.cursor;
        if (k < (starts[s] ?? 0))
            return (this.cursor = this.searchSecond(k));
        for (let walked = 0; k >= (starts[s + 1] ?? Infinity); walked++) {
            if (walked === CURSOR_WALK)
                return (this.cursor = this.searchSecond(k));
            s++;
        }
        return (this.cursor = s);
    }
    /** The last second whose first iteration is at or before k (skips empty seconds). */
    searchSecond(k) {
        let low = 0;
        let high = this.counts.length - 1;
        while (low < high) {
            const mid = (low + high + 1) >>> 1;
            if ((this.starts[mid] ?? 0) <= k)
                low = mid;
            else
                high = mid - 1;
        }
        return low;
    }
}


/***/ }),

/***/ 23115:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rS: () => (/* binding */ checkTest)
});

// UNUSED EXPORTS: parseSleep, prepareTest

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/variables/csv.ts
var csv = __webpack_require__(17449);
// EXTERNAL MODULE: ./src/variables/environment.ts
var variables_environment = __webpack_require__(60920);
// EXTERNAL MODULE: ./src/variables/template.ts
var template = __webpack_require__(48291);
// EXTERNAL MODULE: ./src/variables/checks.ts
var variables_checks = __webpack_require__(58712);
// EXTERNAL MODULE: ./src/variables/empty-secrets.ts
var empty_secrets = __webpack_require__(93304);
// EXTERNAL MODULE: ./src/definition/validate.ts
var validate = __webpack_require__(73787);
;// CONCATENATED MODULE: ./src/engine/step.ts
const DEFAULT_HEADERS = [['user-agent', 'loadgate']];
/** Dispatch options for one request of the step. */
function dispatchOptions(step, vars) {
    const render = (r) => (r.static !== null || vars === null ? (r.static ?? '') : r.render(vars));
    const headers = [];
    const given = new Set();
    for (const [name, value] of step.headers) {
        const key = render(name);
        given.add(key.toLowerCase());
        headers.push(key, render(value));
    }
    for (const [key, value] of DEFAULT_HEADERS)
        if (!given.has(key))
            headers.push(key, value);
    if (step.decompress && !given.has('accept-encoding'))
        headers.push('accept-encoding', 'gzip, deflate, br');
    const body = step.body === null ? null : render(step.body);
    return {
        origin: step.origin,
        path: render(step.path),
        method: step.method,
        headers,
        body,
        // Off: the slot's deadline is the step timeout (slot.ts armDeadline). undici's own timers for
        // these are swept every half second, and a connection idle between requests (its keep-alive
        // timer in between) made a new one per request: each lived until the sweep, was promoted,
        // and the old generation's collections stalled the loop (docs/performance.md, "Steady-second stalls").
        headersTimeout: 0,
        bodyTimeout: 0,
    };
}
function step_isStatic(step) {
    return (step.path.static !== null &&
        step.headers.every(([n, v]) => n.static !== null && v.static !== null) &&
        (step.body === null || step.body.static !== null));
}

// EXTERNAL MODULE: ./src/patterns/pattern.ts
var pattern = __webpack_require__(52561);
// EXTERNAL MODULE: ./src/engine/run-info.ts
var run_info = __webpack_require__(54604);
;// CONCATENATED MODULE: ./src/engine/prepare.ts
// A loaded definition → a CheckedTest or a PreparedTest: environment merged, every template,
// capture and assertion compiled, test data read, before any request is sent; all problems are
// thrown at once. The caller checks (CSV rows read and checked, none kept); each engine thread
// prepares (the rows kept, the compiled steps to run): the rows are held once per thread
// (docs/engine.md, "A thread of its own").











function parseSleep(sleep) {
    if (sleep === undefined)
        return null;
    const [min, max = min] = sleep.split('-').map((part) => Number(part.trim()));
    return [min, max];
}
function compiled(result, problems) {
    if (result.ok)
        return result.value;
    problems.push(...result.problems);
    return null;
}
function prepareStep(step, index, scope, file, problems) {
    const at = (suffix) => ({ file, path: `$.config_data.steps[${index}]${suffix}` });
    const before = problems.length;
    const websocket = step.stream?.type === 'websocket';
    // A WebSocket's handshake is an HTTP/1.1 request to the http(s) origin of its ws(s) URL.
    const url = compiled((0,template/* compileUrl */.pT)(websocket ? step.url.replace(/^ws/i, 'http') : step.url, scope, at('.url')), problems);
    const stream = step.stream ? prepareStream(step.stream, url?.origin ?? '', scope, at, problems) : null;
    const headers = Object.entries(step.headers).map(([name, value]) => [
        compiled((0,template/* compileTemplate */.Gq)(name, scope, at(`.headers[${JSON.stringify(name)}]`)), problems),
        compiled((0,template/* compileTemplate */.Gq)(value, scope, at(`.headers[${JSON.stringify(name)}]`)), problems),
    ]);
    problems.push(...resolvedHeaderProblems(Object.keys(step.headers), headers, at));
    const body = step.payload === undefined ? null : compiled((0,template/* compileTemplate */.Gq)(step.payload, scope, at('.payload')), problems);
    const checks = step.capture_env || step.assertion ? compiled((0,variables_checks/* compileStepChecks */.DJ)(step, scope, at('')), problems) : null;
    if (problems.length > before || !url)
        return null;
    const prepared = {
        id: step.id,
        name: step.name,
        displayUrl: withEnvironment(step.url, scope.env, scope.secrets),
        origin: url.origin,
        method: step.method,
        path: url.path,
        headers: headers,
        body,
        staticOptions: null,
        timeoutMs: Math.round(step.timeout * 1000),
        followRedirects: !step.others['disable-redirect'],
        h2: step.others.h2,
        // An event stream is read as it arrives, so it is asked for uncompressed (docs/streaming.md).
        decompress: !step.others['disable-compression'] && step.stream === undefined,
        checks,
        expectedStatus: new Set((0,variables_checks/* expectedErrorStatuses */.Ff)(step.assertion)),
        sleep: parseSleep(step.sleep),
        stream,
    };
    if (step_isStatic(prepared))
        prepared.staticOptions = staticOptions(prepared);
    return prepared;
}
function prepareStream(stream, origin, scope, at, problems) {
    const maxMs = Math.round(stream.max_seconds * 1000);
    if (stream.type === 'sse')
        return {
            type: 'sse',
            untilEvent: stream.until_event ?? null,
            maxEvents: stream.max_events ?? Number.POSITIVE_INFINITY,
            maxMs,
            expectOpen: stream.expect_open,
        };
    const send = stream.send.map((text, i) => compiled((0,template/* compileTemplate */.Gq)(text, scope, at(`.stream.send[${i}]`)), problems));
    const until = stream.until === undefined ? null : (0,pattern/* compilePattern */.E)(stream.until);
    if (until?.problem !== undefined)
        problems.push({ ...at('.stream.until'), message: until.problem });
    if (send.some((s) => s === null) || until?.problem !== undefined)
        return null;
    return {
        type: 'websocket',
        origin: origin.replace(/^http/, 'ws'),
        send: send,
        receive: stream.receive ?? Number.POSITIVE_INFINITY,
        until: until?.pattern ?? null,
        maxMs,
    };
}
/** Headers whose templates resolved before the run (environment variables) are checked as written ones are. */
function resolvedHeaderProblems(written, headers, at) {
    return headers.flatMap(([name, value], i) => {
        const message = (name?.static != null ? ((0,validate/* checkHeaderName */.FS)(name.static) ?? (0,validate/* forbiddenHeader */.pB)(name.static)) : null) ??
            (value?.static != null ? (0,validate/* checkHeaderValue */.BB)(value.static) : null);
        return message ? [{ ...at(`.headers[${JSON.stringify(written[i])}]`), message: `after its variables are resolved: ${message}` }] : [];
    });
}
/** The text with environment variables resolved, except secret ones, which stay `{{KEY}}`. */
function withEnvironment(text, env, secrets) {
    return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, key) => secrets.has(key) ? whole : (env.get(key) ?? whole));
}
/** One options object for every request of a constant step; the body encoded once. */
function staticOptions(step) {
    const options = dispatchOptions(step, null);
    if (typeof options.body === 'string')
        options.body = Buffer.from(options.body);
    return options;
}
/**
 * Problems quote resolved text (a URL after its variables): a secret value in one becomes `***`,
 * as written, as a quoted JSON string writes it (`"` and `\\` escaped), and in any case.
 */
function withoutSecrets(problems, environment) {
    const values = (0,variables_environment/* secretValues */.VX)(environment);
    if (values.length === 0)
        return problems;
    const forms = [...new Set(values.flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]))].sort((a, b) => b.length - a.length);
    const anyCase = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
    return problems.map((p) => ({ ...p, message: (0,variables_environment/* redactSecrets */.fp)(p.message, values).replace(anyCase, '***') }));
}
async function loadDataSets(loaded, keepRows, problems) {
    // loadDefinition makes data paths absolute; resolving against the definition's folder also
    // serves definitions validated elsewhere (the server, tests) with paths as written.
    const declared = loaded.definition.test_data;
    const sets = await Promise.all(declared.map((set, i) => (0,csv/* loadDataSet */.B)({ ...set, file: (0,external_node_path_.resolve)(loaded.dir, set.file) }, { file: loaded.file, path: `$.test_data[${i}]` }, { keepRows })));
    const unreadable = new Set();
    const good = sets.flatMap((set, i) => {
        if (set.ok)
            return [set.value];
        problems.push(...set.problems);
        unreadable.add(declared[i].name);
        return [];
    });
    return { loaded: good, unreadable };
}
/** Every input problem of the test, found as a run would find them; the data's rows are read and checked, not kept. */
async function checkTest(loaded, options) {
    const { steps, dataSets: _checkedOnly, ...checked } = await compileTest(loaded, options, false);
    return checked;
}
/** The test made ready to run in this thread: its data rows kept, its steps compiled. */
async function prepareTest(loaded, options) {
    const { dataSets, ...prepared } = await compileTest(loaded, options, true);
    const perIteration = dataSets.length > 0 || prepared.steps.some((s) => !isStatic(s) || s.checks !== null || s.stream?.type === 'websocket');
    return {
        ...prepared,
        iterationVars: perIteration ? { create: () => createIterationVars(dataSets.length), begin: beginIteration } : undefined,
    };
}
async function compileTest(loaded, options, keepRows) {
    const { definition } = loaded;
    const problems = [];
    const { loaded: dataSets, unreadable } = await loadDataSets(loaded, keepRows, problems);
    const environment = (0,variables_environment/* mergeEnvironments */.PR)(definition.environment, options.environment);
    const capturedNames = new Set();
    const secrets = (0,variables_environment/* secretNames */.XG)(environment);
    const steps = [];
    definition.config_data.steps.forEach((step, i) => {
        const scope = {
            env: (0,variables_environment/* envVariables */.tU)(environment),
            dataSets,
            capturedNames: new Set(capturedNames),
            unreadableDataSets: unreadable,
            secrets,
        };
        const prepared = prepareStep(step, i, scope, loaded.file, problems);
        if (prepared)
            steps.push(prepared);
        for (const name of Object.keys(step.capture_env ?? {}))
            capturedNames.add(name);
    });
    if (!options.allowEmptySecrets)
        problems.push(...(0,empty_secrets/* emptySecretProblems */.k)({ ...definition, environment }, loaded.file));
    if (problems.length > 0)
        throw new errors/* InputError */.dz(withoutSecrets(problems, environment));
    return {
        definition: {
            ...definition,
            environment,
            test_data: definition.test_data.map((set) => ({ ...set, file: (0,external_node_path_.resolve)(loaded.dir, set.file) })),
        },
        source: { file: loaded.file, dir: loaded.dir },
        runSteps: (0,run_info/* runSteps */.rl)(definition, (id) => steps.find((s) => s.id === id)?.displayUrl),
        steps,
        dataSets,
    };
}


/***/ }),

/***/ 97417:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  v: () => (/* binding */ Recorder)
});

// EXTERNAL MODULE: external "node:assert/strict"
var strict_ = __webpack_require__(97703);
var strict_default = /*#__PURE__*/__webpack_require__.n(strict_);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/results/stream-seconds.ts
var stream_seconds = __webpack_require__(82988);
;// CONCATENATED MODULE: ./src/engine/stream-cells.ts
// What the recorder keeps of streaming steps (docs/streaming.md), by cell as the rest of it: streams
// opened, events counted, and HDR histograms (µs) of the time to the first event and of the gaps
// between events. Made only when a run records a stream, so a run without streaming steps carries
// none of it.


class StreamCells {
    firstEvent;
    gap;
    opened;
    events;
    /** WebSocket close codes per cell. */
    closeCodes;
    /** The current second's figures, over every cell (the series' `stream`). */
    second = new stream_seconds/* StreamSecond */.X();
    constructor(cells) {
        this.firstEvent = Array.from({ length: cells }, histogram/* newHistogram */.HL);
        this.gap = Array.from({ length: cells }, histogram/* newHistogram */.HL);
        this.opened = new Float64Array(cells);
        this.events = new Float64Array(cells);
        this.closeCodes = Array.from({ length: cells }, () => new Map());
    }
    /** A stream opened: a 2xx event-stream response, or a WebSocket handshake completed. */
    streamOpened(cell) {
        this.opened[cell]++;
        this.second.streams++;
    }
    /** A counted event: the first of its stream (µs since the request or the first send), or the gap since the one before. */
    event(cell, micros, first) {
        const us = micros < 1 ? 1 : Math.round(micros);
        (first ? this.firstEvent : this.gap)[cell].recordValue(us);
        (first ? this.second.firstEvent : this.second.gap).recordValue(us);
        this.events[cell]++;
        this.second.events++;
    }
    /** Closes the current second: its figures, with the histograms encoded when `keepHistograms`. */
    closeSecond(keepHistograms) {
        const figures = this.second.figures(keepHistograms);
        this.second.reset();
        return figures;
    }
    closed(cell, code) {
        const codes = this.closeCodes[cell];
        codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    destroy() {
        for (const h of this.firstEvent)
            h.destroy();
        for (const h of this.gap)
            h.destroy();
        this.second.destroy();
    }
}

;// CONCATENATED MODULE: ./src/engine/recorder.ts
// What the engine records while it runs. Everything is indexed by cell = step × locations + location,
// in typed arrays sized once, so recording a response allocates nothing: one histogram record per
// cell, and the step, location and overall figures are sums of cells, built when the run ends.



const STATUS_SLOTS = 600;
class Recorder {
    stepCount;
    locationCount;
    cells;
    reached;
    succeeded;
    failed;
    /** Status counts per cell, STATUS_SLOTS wide; codes outside 0..599 go to oddStatus. */
    statusCounts;
    oddStatus;
    errors;
    /** Iteration outcomes per location. */
    iterationsStarted;
    iterationsSucceeded;
    iterationsFailed;
    series = [];
    second;
    /** The last closed second's histogram, kept until the next close (closedSecond). */
    previous;
    secondStarted = 0;
    secondLate = 0;
    secondResponses = 0;
    secondFailures = 0;
    secondErrors = 0;
    /** Shard runs keep each second's histogram (encoded) so merged series percentiles are exact. */
    keepSeconds;
    /** Streaming steps' figures, made when the first stream is recorded (streamCells). */
    streams = null;
    /** A second's stream histograms are kept by shard runs and by a thread's share, whose parent adds them up. */
    keepStreamSeconds;
    constructor(stepCount, locationCount, keepSeconds = false, keepStreamSeconds = keepSeconds) {
        this.keepSeconds = keepSeconds;
        this.keepStreamSeconds = keepStreamSeconds;
        this.stepCount = stepCount;
        this.locationCount = locationCount;
        const n = stepCount * locationCount;
        this.cells = Array.from({ length: n }, histogram/* newHistogram */.HL);
        this.reached = new Float64Array(n);
        this.succeeded = new Float64Array(n);
        this.failed = new Float64Array(n);
        this.statusCounts = new Float64Array(n * STATUS_SLOTS);
        this.oddStatus = Array.from({ length: n }, () => new Map());
        this.errors = Array.from({ length: n }, () => new Map());
        this.iterationsStarted = new Float64Array(locationCount);
        this.iterationsSucceeded = new Float64Array(locationCount);
        this.iterationsFailed = new Float64Array(locationCount);
        this.second = (0,histogram/* newHistogram */.HL)();
        this.previous = (0,histogram/* newHistogram */.HL)();
    }
    /** The histogram of the second closeSecond closed last: valid until the next close. */
    get closedSecond() {
        return this.previous;
    }
    /** An iteration started; late: more than the late threshold behind its planned time. */
    iterationStarted(location, late) {
        this.iterationsStarted[location]++;
        this.secondStarted++;
        if (late)
            this.secondLate++;
    }
    iterationEnded(location, ok) {
        if (ok)
            this.iterationsSucceeded[location]++;
        else
            this.iterationsFailed[location]++;
    }
    stepReached(cell) {
        this.reached[cell]++;
    }
    /** A response arrived: its time counts, whatever its status; `error`: a status the step's assertions do not expect (≥ 400). */
    response(cell, micros, status, error = false) {
        const us = micros < 1 ? 1 : Math.round(micros);
        this.cells[cell].recordValue(us);
        this.second.recordValue(us);
        this.secondResponses++;
        if (error)
            this.secondErrors++;
        if (status >= 0 && status < STATUS_SLOTS)
            this.statusCounts[cell * STATUS_SLOTS + status]++;
        else
            this.oddStatus[cell].set(status, (this.oddStatus[cell].get(status) ?? 0) + 1);
    }
    /** A request got no response (a stop's cancellation aside): an error of this second, as an error status is. */
    noResponse() {
        this.secondErrors++;
    }
    stepSucceeded(cell) {
        this.succeeded[cell]++;
    }
    stepFailed(cell, reason) {
        this.failed[cell]++;
        this.secondFailures++;
        const errors = this.errors[cell];
        errors.set(reason, (errors.get(reason) ?? 0) + 1);
    }
    statusDist(cell) {
        const dist = {};
        const base = cell * STATUS_SLOTS;
        for (let code = 0; code < STATUS_SLOTS; code++) {
            const count = this.statusCounts[base + code];
            if (count > 0)
                dist[String(code)] = count;
        }
        for (const [code, count] of this.oddStatus[cell])
            dist[String(code)] = count;
        return dist;
    }
    /** Median response time (ms) of the current second, or of the last one before it has minCount; null before either has. */
    recentMedianMs(minCount) {
        if (this.second.totalCount >= minCount)
            return this.second.getValueAtPercentile(50) / 1000;
        const last = this.series.at(-1);
        return last && last.responses >= minCount ? last.p50 : null;
    }
    /** Closes second `t` of the series (latencies in fractional ms), with what the generator measured of itself. */
    closeSecond(t, generator) {
        const h = this.second;
        // Once a second, never per request: a broken count would silently falsify the series.
        strict_default().equal(h.totalCount, this.secondResponses, "a second's histogram holds one value per response");
        strict_default().ok(this.secondLate <= this.secondStarted, "a second's late starts are among its starts");
        const sample = {
            t,
            started: this.secondStarted,
            responses: this.secondResponses,
            failures: this.secondFailures,
            errors: this.secondErrors,
            ...(0,histogram/* secondPercentiles */.xj)(h),
            late: this.secondLate,
            ...generator,
        };
        if (this.keepSeconds)
            sample.histogram = (0,histogram/* encodeHistogram */.ll)(h);
        if (this.streams)
            sample.stream = this.streams.closeSecond(this.keepStreamSeconds);
        this.series.push(sample);
        // The two swap: the closed second stays readable until the next close, and nothing is allocated.
        this.previous.reset();
        this.second = this.previous;
        this.previous = h;
        this.secondStarted = 0;
        this.secondLate = 0;
        this.secondResponses = 0;
        this.secondFailures = 0;
        this.secondErrors = 0;
        return sample;
    }
    /** The stream figures' cells, made on first use. */
    streamCells() {
        return (this.streams ??= new StreamCells(this.cells.length));
    }
    /** Frees the WebAssembly memory of the histograms. */
    destroy() {
        this.streams?.destroy();
        for (const h of this.cells)
            h.destroy();
        this.second.destroy();
        this.previous.destroy();
    }
}


/***/ }),

/***/ 14812:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ey: () => (/* binding */ histogramsProblems),
/* harmony export */   WY: () => (/* binding */ encodeHistograms),
/* harmony export */   rq: () => (/* binding */ buildResults)
/* harmony export */ });
/* harmony import */ var _results_histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(97528);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8301);
// Turns what the recorder holds into the interface's `results` (docs/interface.md 2.5, docs/results.md). Step, location and
// overall response times come from histograms added cell by cell, so every level is exact.


function addInto(total, part) {
    for (const [key, count] of Object.entries(part))
        total[key] = (total[key] ?? 0) + count;
}
/**
 * Response times of the sum of some cells. Histograms added up from other threads' encodings
 * (parts.ts) hold buckets, not the exact extremes: those come from `extremes` when given.
 */
function timesOfCells(rec, cells, extremes) {
    const sum = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .sumHistograms */ .LA)(cells.map((cell) => rec.cells[cell]));
    const times = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .responseTimesOf */ .zf)(sum);
    const empty = sum.totalCount === 0;
    sum.destroy();
    if (!extremes || empty)
        return times;
    const ms = (us) => Math.round(us / 1000);
    return {
        ...times,
        max: ms(Math.max(...cells.map((cell) => extremes.maxUs[cell]))),
        min: ms(Math.min(...cells.map((cell) => extremes.minUs[cell]))),
    };
}
function stepLocationResult(rec, cell, extremes, streaming = false) {
    return {
        error_dist: Object.fromEntries(rec.errors[cell]),
        fail_count: rec.failed[cell],
        success_count: rec.succeeded[cell],
        response_times: timesOfCells(rec, [cell], extremes),
        iteration_count: rec.reached[cell],
        status_code_dist: rec.statusDist(cell),
        location_dist: {},
        ...(streaming && { stream: streamFigures(rec.streamCells(), [cell]) }),
    };
}
/** A streaming step's figures over some of its cells: counts summed, histograms added (docs/results.md). */
function streamFigures(streams, cells) {
    const timesOf = (hs) => {
        const sum = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .sumHistograms */ .LA)(cells.map((cell) => hs[cell]));
        const times = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .responseTimesOf */ .zf)(sum);
        sum.destroy();
        return times;
    };
    const codes = {};
    for (const cell of cells)
        for (const [code, count] of streams.closeCodes[cell])
            codes[String(code)] = (codes[String(code)] ?? 0) + count;
    return {
        streams: cells.reduce((n, cell) => n + streams.opened[cell], 0),
        events: cells.reduce((n, cell) => n + streams.events[cell], 0),
        first_event: timesOf(streams.firstEvent),
        gap: timesOf(streams.gap),
        ...(Object.keys(codes).length > 0 && { close_code_dist: codes }),
    };
}
function stepResult(rec, step, stepId, locations, extremes, streaming = false) {
    const cells = locations.map((_, loc) => step * rec.locationCount + loc);
    const byLocation = cells.map((cell) => stepLocationResult(rec, cell, extremes, streaming));
    const status = {};
    const errors = {};
    for (const part of byLocation) {
        addInto(status, part.status_code_dist);
        addInto(errors, part.error_dist);
    }
    return {
        id: stepId,
        fail_count: byLocation.reduce((n, p) => n + p.fail_count, 0),
        success_count: byLocation.reduce((n, p) => n + p.success_count, 0),
        iteration_count: byLocation.reduce((n, p) => n + p.iteration_count, 0),
        response_times: timesOfCells(rec, cells, extremes),
        status_code_dist: status,
        error_dist: errors,
        location_dist: Object.fromEntries(locations.map((name, loc) => [name, byLocation[loc]])),
        ...(streaming && { stream: streamFigures(rec.streamCells(), cells) }),
    };
}
function locationResult(rec, loc, extremes) {
    const cells = [];
    for (let step = 0; step < rec.stepCount; step++)
        cells.push(step * rec.locationCount + loc);
    return {
        fail_count: rec.iterationsFailed[loc],
        success_count: rec.iterationsSucceeded[loc],
        iteration_count: rec.iterationsStarted[loc],
        response_times: timesOfCells(rec, cells, extremes),
    };
}
/**
 * Overall and per-location counts are of iterations (an iteration fails when one of its steps
 * fails); response times at every level are of requests (docs/results.md).
 */
function buildResults(rec, stepIds, locations, extremes, streaming) {
    const sum = (a) => a.reduce((n, v) => n + v, 0);
    return {
        steps: stepIds.map((id, step) => stepResult(rec, step, id, locations, extremes, streaming?.[step] === true)),
        fail_count: sum(rec.iterationsFailed),
        success_count: sum(rec.iterationsSucceeded),
        iteration_count: sum(rec.iterationsStarted),
        response_times: timesOfCells(rec, rec.cells.map((_, cell) => cell), extremes),
        location_dist: Object.fromEntries(locations.map((name, loc) => [name, locationResult(rec, loc, extremes)])),
    };
}
function encodeSum(parts) {
    const sum = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .sumHistograms */ .LA)(parts);
    const encoded = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeHistogram */ .ll)(sum);
    sum.destroy();
    return encoded;
}
/** A stream figure's histograms: over the streaming steps, per streaming step, per step × location. */
function encodeStreamHistograms(rec, of, stepIds, locations, streaming) {
    const steps = stepIds.flatMap((id, step) => streaming[step] ? [{ id, cells: locations.map((_, loc) => of[step * rec.locationCount + loc]) }] : []);
    return {
        overall: encodeSum(steps.flatMap((s) => s.cells)),
        steps: Object.fromEntries(steps.map((s) => [String(s.id), encodeSum(s.cells)])),
        step_locations: Object.fromEntries(steps.map((s) => [String(s.id), Object.fromEntries(locations.map((name, loc) => [name, (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeHistogram */ .ll)(s.cells[loc])]))])),
    };
}
/** A shard's histograms at every level, for an exact merge (docs/results.md, shard files). */
function encodeHistograms(rec, stepIds, locations, streaming) {
    const cell = (step, loc) => rec.cells[step * rec.locationCount + loc];
    const steps = stepIds.map((_, step) => locations.map((__, loc) => cell(step, loc)));
    const byLocation = locations.map((_, loc) => stepIds.map((__, step) => cell(step, loc)));
    const streams = streaming?.some(Boolean) ? rec.streamCells() : null;
    return {
        ...(streams && {
            streams: {
                first_event: encodeStreamHistograms(rec, streams.firstEvent, stepIds, locations, streaming),
                gap: encodeStreamHistograms(rec, streams.gap, stepIds, locations, streaming),
            },
        }),
        overall: encodeSum(rec.cells),
        steps: Object.fromEntries(stepIds.map((id, step) => [String(id), encodeSum(steps[step])])),
        locations: Object.fromEntries(locations.map((name, loc) => [name, encodeSum(byLocation[loc])])),
        step_locations: Object.fromEntries(stepIds.map((id, step) => [String(id), Object.fromEntries(locations.map((name, loc) => [name, (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeHistogram */ .ll)(cell(step, loc))]))])),
    };
}
/**
 * What is wrong with a `histograms` block that comes from elsewhere (a service's answer), for the
 * results it claims to go with: every level present for every step and location of the results,
 * each a histogram that decodes. Empty when it can stand beside them as this engine's would.
 * Callers await initHistograms() first.
 */
function histogramsProblems(value, results) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        return [{ path: '$.histograms', message: 'expected an object' }];
    const steps = results.steps.map((step) => String(step.id));
    const locations = Object.keys(results.location_dist);
    const wanted = [
        ['$.histograms.overall', value.overall],
        ...steps.map((id) => [`$.histograms.steps${(0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .member */ .Dc)(id)}`, (0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value.steps) ? value.steps[id] : undefined]),
        ...locations.map((name) => [
            `$.histograms.locations${(0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .member */ .Dc)(name)}`,
            (0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value.locations) ? value.locations[name] : undefined,
        ]),
        ...results.steps.flatMap((step) => Object.keys(step.location_dist).map((name) => {
            const byLocation = (0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value.step_locations) ? value.step_locations[String(step.id)] : undefined;
            return [
                `$.histograms.step_locations${(0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .member */ .Dc)(String(step.id))}${(0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .member */ .Dc)(name)}`,
                (0,_json_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(byLocation) ? byLocation[name] : undefined,
            ];
        })),
    ];
    return wanted.flatMap(([path, encoded]) => decodes(encoded) ? [] : [{ path, message: 'expected an encoded HdrHistogram (compressed base64) for this level of the results' }]);
}
function decodes(encoded) {
    if (typeof encoded !== 'string')
        return false;
    try {
        (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeHistogram */ .pr)(encoded).destroy();
        return true;
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 54604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   rA: () => (/* binding */ runBlock),
/* harmony export */   rl: () => (/* binding */ runSteps),
/* harmony export */   uD: () => (/* binding */ requestsOf)
/* harmony export */ });
/* harmony import */ var _rates_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(42672);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
/* harmony import */ var _variables_checks_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(58712);
// The `run` block of a result (docs/results.md), built here for every mode: an embedded run, a
// merge of shards, a hosted run (with what the service measured) and each side of a comparison.
// Each mode gathers its facts; the fields, their order, the rounding of duration and rate, and
// the version are this file's alone, so no mode's block can drift from the others'.



function runBlock(facts) {
    const duration = facts.durationS;
    const window = facts.rateWindowS;
    return {
        mode: facts.mode,
        name: facts.name,
        started_at: facts.startedAt.toISOString(),
        finished_at: facts.finishedAt.toISOString(),
        duration_s: Math.round(duration * 1000) / 1000,
        rps: (0,_rates_js__WEBPACK_IMPORTED_MODULE_1__/* .perSecond */ .Ed)(facts.requests, window),
        rate_window_s: Math.round(window * 1000) / 1000,
        late_iterations: facts.lateIterations,
        max_schedule_lag_ms: facts.maxScheduleLagMs,
        version: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .VERSION */ .x,
        steps: facts.steps,
        locations: facts.locations,
        interrupted: facts.interrupted,
        series: facts.series,
        ...(facts.generator && { generator: facts.generator }),
        ...(facts.shard && { shard: facts.shard }),
        ...(facts.shards && { shards: facts.shards }),
    };
}
/** Responses at every step (successes and failures): what modes that hold only results count. */
function requestsOf(results) {
    return results.steps.reduce((n, step) => n + step.success_count + step.fail_count, 0);
}
/** run.steps: names, requests as shown, and the error statuses each step's assertions expect. */
function runSteps(definition, urlOf = () => undefined) {
    return definition.config_data.steps.map((s) => {
        const expected = (0,_variables_checks_js__WEBPACK_IMPORTED_MODULE_0__/* .expectedErrorStatuses */ .Ff)(s.assertion);
        return {
            id: s.id,
            name: s.name,
            method: s.method,
            url: urlOf(s.id) ?? s.url,
            ...(expected.length > 0 && { expected_status: expected }),
        };
    });
}


/***/ }),

/***/ 89035:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gH: () => (/* binding */ parseWarmUp),
  Bg: () => (/* binding */ resultOf)
});

// UNUSED EXPORTS: MAX_DEFAULT_CONCURRENCY, MIN_DEFAULT_CONCURRENCY, defaultConcurrency, runEmbedded, runEngine, warmUpPlan

// EXTERNAL MODULE: ./src/engine/engine.ts + 7 modules
var engine = __webpack_require__(46577);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/engine/results.ts
var results = __webpack_require__(14812);
// EXTERNAL MODULE: ./src/engine/shard.ts
var engine_shard = __webpack_require__(20914);
// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./src/engine/warm-endpoint.ts
// The loopback endpoint the hot-path warm-up (warm.ts) sends to: a TCP server on 127.0.0.1 that
// answers every request at once with a fixed HTTP/1.1 response. It shares the engine's thread, so
// what it costs is taken from the warm-up, whose point is to run the engine's code as often as it
// can before the recorded start, so it answers without parsing a request into objects or building
// a response as node:http does (docs/performance.md has what that costs the warm-up). Only the
// warm-up's own requests reach it, and those are known: no body but a short constant one, so a
// request ends where its header block does.

/** Headers of the kinds real servers send (date, server, type, length, keep-alive): undici's header parsing meets them warm. */
function response() {
    return Buffer.from([
        'HTTP/1.1 200 OK',
        `Date: ${new Date().toUTCString()}`,
        'Server: loadgate-warm',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Length: 2',
        'Connection: keep-alive',
        '',
        'ok',
    ].join('\r\n'), 'latin1');
}
const END_OF_HEADERS = '\r\n\r\n';
/**
 * The header blocks that end in one read, given the bytes carried from the one before (the end of
 * a header block may be split between two reads), and what to carry into the next.
 */
function headerEnds(carried, chunk) {
    const text = carried + chunk;
    let count = 0;
    let from = 0;
    for (let at = text.indexOf(END_OF_HEADERS); at >= 0; at = text.indexOf(END_OF_HEADERS, from)) {
        count++;
        from = at + END_OF_HEADERS.length;
    }
    return { count, carried: text.slice(Math.max(from, text.length - (END_OF_HEADERS.length - 1))) };
}
async function warm_endpoint_startWarmEndpoint() {
    const answer = response();
    const sockets = new Set();
    let served = 0;
    const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
        let carried = '';
        socket.on('data', (chunk) => {
            const ends = headerEnds(carried, chunk.toString('latin1'));
            carried = ends.carried;
            served += ends.count;
            for (let i = 0; i < ends.count; i++)
                socket.write(answer);
        });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        origin: `http://127.0.0.1:${port}`,
        served: () => served,
        close: () => {
            for (const socket of sockets)
                socket.destroy();
            server.close();
        },
    };
}

;// CONCATENATED MODULE: ./src/engine/warm.ts
// Warms the engine's hot path before the first recorded start (docs/engine.md, warm start), without
// sending the user's requests. Cold, the engine's and undici's code runs several times slower
// until the JIT has compiled it, and in a run's first second that showed as the service's latency
// (tens to hundreds of ms against a service answering in 0.3 ms). So a real Engine, with its
// slots, schedule and recorder, first runs against an HTTP endpoint of its own on 127.0.0.1: the
// same number of steps with the same methods, bodies, default headers and timeouts, for
// warmMsFor(the plan's busiest second), half of it at the plan's own pace (up to PACED_WARM_RATE)
// and half as fast as it can (warmRounds), each round ending as a finished run ends, and what it
// recorded is thrown away. Once per thread: the code stays compiled for every later run on it
// (the comparison gate's rounds); a later run that needs a longer warm-up gets the difference.






/** The warm-up's bounds: this long (up to 1,000 requests a second; warmMsFor), at this many iterations a second at most. */
const WARM_MS = 500;
/**
 * Above what one thread sends to its own endpoint once warm: the warm-up goes as fast as the
 * thread can, because V8 compiles with its top tier only what has run often enough; warmed at a
 * plan's own rate, tens of the hot path's functions were still compiled by TurboFan in the
 * recorded first second. The figures are in docs/performance.md, "Measurements behind the engine's choices" (measurements stay out of
 * comments, issue 32).
 */
const WARM_RATE = 40_000;
/** Plans whose busiest second has up to this many requests get WARM_MS. */
const WARM_SHORT_RATE = 1_000;
/** Plans whose busiest second has this many requests get WARM_LONG_MS. */
const WARM_LONG_RATE = 5_000;
const WARM_LONG_MS = 1000;
/** Plans whose busiest second has this many requests or more get WARM_TOP_MS. */
const WARM_TOP_RATE = 20_000;
const WARM_TOP_MS = 3000;
/**
 * How long to warm for a plan whose busiest second sends `peakRequestsPerS` requests: WARM_MS up
 * to 1,000 a second, WARM_LONG_MS at 5,000, WARM_TOP_MS from 20,000, in proportion between. Cold
 * code adds its own time to every request it handles, and at a slow plan's rate V8 would compile
 * it during the run: a shorter warm-up left the first second's p95 well above the steady seconds'
 * and iterations late. The faster the plan, the more of the hot path V8 must have compiled with
 * its top tier before the start: near the thread's full speed there is no time to spare for it,
 * and what the first second could not start on time was a backlog the rest of the run carried.
 * The interleaved runs that chose these bounds: docs/performance.md, "Measurements behind the
 * engine's choices" and "Starts on the tick".
 */
function warm_warmMsFor(peakRequestsPerS) {
    if (peakRequestsPerS <= WARM_LONG_RATE)
        return between(peakRequestsPerS, [WARM_SHORT_RATE, WARM_MS], [WARM_LONG_RATE, WARM_LONG_MS]);
    return between(peakRequestsPerS, [WARM_LONG_RATE, WARM_LONG_MS], [WARM_TOP_RATE, WARM_TOP_MS]);
}
/** The ms at `rate` on the line from `from` to `to` ([rate, ms] each), held at their ends. */
function between(rate, [fromRate, fromMs], [toRate, toMs]) {
    const share = Math.min(1, Math.max(0, (rate - fromRate) / (toRate - fromRate)));
    return Math.round(fromMs + (toMs - fromMs) * share);
}
const WARM_CONCURRENCY = 32;
const constant = (text) => ({ static: text, render: () => text });
/** A step of the same shape as the user's, to the loopback endpoint, with nothing of its content. */
function loopbackStep(step, origin) {
    const warm = {
        id: step.id,
        name: step.name,
        displayUrl: `${origin}/warm`,
        origin,
        method: step.method,
        path: constant('/warm'),
        headers: [],
        body: step.body === null ? null : constant('warm'),
        staticOptions: null,
        // The user's timeout: the slot's deadline and the connect timer are then Node timers of the
        // lengths the recorded run arms (docs/engine.md, warm start).
        timeoutMs: step.timeoutMs,
        followRedirects: false,
        h2: false,
        decompress: step.decompress,
        checks: null,
        expectedStatus: step.expectedStatus,
        sleep: null,
        // The hot path warmed is the request's: a stream is sent to the loopback endpoint as a request.
        stream: null,
    };
    warm.staticOptions = dispatchOptions(warm, null);
    return warm;
}
/**
 * How long a warm-up round may take to wind down before it is stopped: its endpoint answers at
 * once, so this bounds only an endpoint that stopped answering.
 */
const WIND_DOWN_MS = 1000;
/**
 * Runs the engine against a loopback endpoint of its own for `ms`, `iterations` a second (linear);
 * nothing is kept. The round ends as a finished run does, with every request answered: stopped, its
 * requests in flight were aborted, and undici's objects took values on that path (an aborted
 * request, a destroyed socket) that made V8 throw away much of the compiled hot path right before
 * the recorded start, then compile it again in the first second (docs/performance.md, "The
 * recorded start: code compiled twice").
 */
async function warmHotPath(steps, { ms = WARM_MS, iterations = WARM_RATE } = {}) {
    const started = performance.now();
    await initHistograms();
    const endpoint = await startWarmEndpoint();
    const stop = new AbortController();
    const timers = [];
    try {
        const plan = new LoadPlan({ iteration_count: Math.max(1, iterations), duration: 1, load_type: 'linear' });
        const engine = new Engine(plan, steps.map((step) => loopbackStep(step, endpoint.origin)), {
            concurrency: WARM_CONCURRENCY,
            insecure: false,
            proxies: {},
            signal: stop.signal,
        });
        timers.push(setTimeout(() => engine.windDown(), ms), setTimeout(() => stop.abort(), ms + WIND_DOWN_MS));
        const outcome = await engine.run();
        const failed = outcome.recorder.failed.reduce((n, c) => n + c, 0);
        outcome.recorder.destroy();
        return { requests: outcome.requests, served: endpoint.served(), failed, ms: Math.round(performance.now() - started) };
    }
    finally {
        for (const timer of timers)
            clearTimeout(timer);
        endpoint.close();
    }
}
let warmed = Promise.resolve();
let warmedMs = 0;
/** The share of a warm-up spent at the recorded plan's own pace, before the rest flat out. */
const PACED_SHARE = 0.5;
/**
 * The paced round's rate at most. The warm-up's endpoint answers on the engine's own thread, so
 * near the thread's full speed a round at the plan's own rate had every connection busy, like the
 * flat-out round, and the recorded run met the paced paths for the first time (an idle connection
 * unref'd and ref'd again, its keep-alive timer, a tick that finds nothing in flight). At this rate
 * the thread has time between requests (docs/performance.md, "The recorded start: code compiled
 * twice").
 */
const PACED_WARM_RATE = 10_000;
/**
 * A warm-up of `ms` in two rounds. The first, PACED_SHARE of the time, at the recorded plan's own
 * rate (`perS` iterations a second, up to PACED_WARM_RATE), so that the code compiled before the
 * recorded start has seen the paths a paced run takes (a connection idle between requests) and
 * the state a finished run leaves. The second goes flat out, so that V8 compiles the hot path with
 * its top tier with all of that seen. Both rounds keep WARM_CONCURRENCY in flight, whatever the
 * plan's cap: the thread's first connect is slow on cold code and must not size the round's
 * connections. What V8 did otherwise: docs/performance.md, "Why the engine's code is shaped as it is";
 * the measurements: docs/performance.md, "Measurements behind the engine's choices".
 */
function warmRounds(ms, perS) {
    const paced = Math.round(ms * PACED_SHARE);
    return [
        { ms: paced, iterations: Math.min(perS, PACED_WARM_RATE) },
        { ms: ms - paced, iterations: WARM_RATE },
    ];
}
/**
 * warmHotPath once per thread for `ms`, in warmRounds for a plan of `perS` iterations a second; a
 * later call that asks for longer warms for the difference.
 */
function warm_warmThread(steps, ms, perS) {
    if (ms > warmedMs) {
        const rounds = warmRounds(ms - warmedMs, perS);
        warmedMs = ms;
        warmed = warmed.then(async () => {
            for (const round of rounds)
                await warmHotPath(steps, round);
        });
    }
    return warmed;
}

// EXTERNAL MODULE: ./src/engine/tick.ts
var tick = __webpack_require__(949);
// EXTERNAL MODULE: ./src/engine/run-info.ts
var run_info = __webpack_require__(54604);
// EXTERNAL MODULE: ./src/definition/schema.ts
var schema = __webpack_require__(80182);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/rates.ts
var rates = __webpack_require__(42672);
// EXTERNAL MODULE: ./src/settings/values.ts
var values = __webpack_require__(535);
;// CONCATENATED MODULE: ./src/engine/run.ts
// One embedded run: plan + prepared steps → engine → the 2.5 result with its `run` block.












/**
 * The default in-flight cap (docs/engine.md): room for every iteration of this runner's busiest
 * second to be in flight at once for as long as one may take, i.e. the schedule holds while
 * iterations take up to 1 s, or up to their streams' bounds (`max_seconds`, added up over the
 * iteration's streaming steps) where that is longer: a stream holds its slot until it ends; at
 * least MIN_DEFAULT_CONCURRENCY, so a slow service at a low rate still gets its load, and at most
 * MAX_DEFAULT_CONCURRENCY connections from one runner.
 */
const MIN_DEFAULT_CONCURRENCY = 100;
const MAX_DEFAULT_CONCURRENCY = 5000;
function defaultConcurrency(plan, steps = []) {
    const streamsS = steps.reduce((sum, step) => sum + (step.stream ? step.stream.maxMs / 1000 : 0), 0);
    const heldS = Math.max(1, streamsS);
    return Math.min(MAX_DEFAULT_CONCURRENCY, Math.max(MIN_DEFAULT_CONCURRENCY, Math.ceil(plan.peakPerSecond() * heldS)));
}
/** A warm-up period given as a setting (`--warm-up`, input `warm-up`): whole seconds, 0 to MAX_WARM_UP_S. */
function parseWarmUp(text, inputName) {
    const seconds = (0,values/* duration */.p0)(text, inputName, { whole: true });
    if ((0,errors/* isProblem */.AN)(seconds) || seconds <= schema/* MAX_WARM_UP_S */.Zx)
        return seconds;
    return { path: inputName, message: `expected at most ${schema/* MAX_WARM_UP_S */.Zx} s, got "${text}"` };
}
/**
 * The warm-up against the target: the first recorded second's rate (its first second with any
 * load), reached in equal steps over the warm-up's seconds, so the service and the connections
 * grow into the load instead of meeting it at once. Same locations and shard split as the plan.
 */
function warmUpPlan(config, seconds, shard) {
    if (seconds <= 0)
        return undefined;
    const rate = perSecondCounts(config).find((count) => count > 0) ?? 0;
    const manual_load = Array.from({ length: seconds }, (_, s) => ({ duration: 1, count: Math.round((rate * (s + 1)) / seconds) }));
    return new LoadPlan({ proxy_config: config.proxy_config, load_type: 'linear', manual_load, iteration_count: 0, duration: seconds }, shard);
}
/** The engine run of a test, or of one thread's share of it; nothing built from it yet. */
async function runEngine(test, options, share) {
    await initHistograms();
    const shard = share ? threadShard(options.shard, share.thread, share.threads) : options.shard;
    const plan = new LoadPlan(test.definition.config_data, shard);
    const peak = plan.peakPerSecond();
    await warmThread(test.steps, warmMsFor(peak * test.steps.length), peak);
    const startLagMs = options.startAtMs === undefined ? 0 : await waitForStart(options.startAtMs, options.signal);
    const warmUp = warmUpPlan(test.definition.config_data, options.warmUpS ?? test.definition.warm_up ?? 0, shard);
    const onSecond = share?.onSecond ?? options.onSecond;
    const engine = new Engine(plan, test.steps, {
        concurrency: options.concurrency ?? defaultConcurrency(plan, test.steps),
        insecure: options.insecure,
        proxies: options.proxies,
        signal: options.signal,
        ...(onSecond && { onSecond }),
        newIterationVars: test.iterationVars?.create,
        beginIteration: test.iterationVars?.begin,
        // A thread's seconds are added up by its parent, which encodes the sums for a shard file.
        keepSecondHistograms: (options.shard !== undefined || options.keepSecondHistograms === true) && !share,
        keepStreamSecondHistograms: options.shard !== undefined || options.keepSecondHistograms === true || share !== undefined,
        ...(share && { startGate: share.startGate, tick: threadTurn(share.thread, share.threads, peak) }),
        ...(share?.onCheckpoint && { onCheckpoint: (outcome) => share.onCheckpoint(outcome, startLagMs) }),
        ...(warmUp && { warmUp }),
        ...(options.clock && { clock: options.clock }),
        ...(options.startGraceMs !== undefined && { startGraceMs: options.startGraceMs }),
        ...(options.checkBodyBytes !== undefined && { maxBodyBytes: options.checkBodyBytes }),
    });
    return { outcome: await engine.run(), startLagMs };
}
async function runEmbedded(test, options) {
    const { outcome, startLagMs } = await runEngine(test, options);
    try {
        return await resultOf(test, options, outcome, startLagMs);
    }
    finally {
        outcome.recorder.destroy();
    }
}
/**
 * The 2.5 result with its `run` block, from what one engine recorded or several threads' engines
 * did together (workers.ts; `extremes` then holds the exact max and min of each cell).
 */
async function resultOf(test, options, outcome, startLagMs, extremes) {
    const stepIds = test.definition.config_data.steps.map((s) => s.id);
    const streaming = test.definition.config_data.steps.map((s) => s.stream !== undefined);
    return {
        test_url: options.testUrl,
        results: (0,results/* buildResults */.rq)(outcome.recorder, stepIds, outcome.locations, extremes, streaming),
        run: (0,run_info/* runBlock */.rA)({
            ...engineFacts(test, outcome),
            ...(options.shard && { shard: await shardBlock(test, options.shard, outcome, startLagMs) }),
        }),
        // Every level's histogram, so that any percentile can be judged (docs/verdict.md) and shards merged exactly.
        histograms: (0,results/* encodeHistograms */.WY)(outcome.recorder, stepIds, outcome.locations, streaming),
    };
}
/** What an engine run (one thread's or several's) says of itself, for runBlock. */
function engineFacts(test, outcome) {
    return {
        mode: 'embedded',
        name: test.definition.name,
        startedAt: outcome.startedAt,
        finishedAt: outcome.finishedAt,
        durationS: outcome.durationS,
        rateWindowS: (0,rates/* rateWindowS */.Eb)({
            plannedS: test.definition.config_data.duration,
            elapsedS: outcome.durationS,
            interrupted: outcome.interrupted,
            lastLateStartS: outcome.lastLateStartS,
        }),
        requests: outcome.requests,
        lateIterations: outcome.lateIterations,
        maxScheduleLagMs: outcome.maxScheduleLagMs,
        steps: test.runSteps,
        locations: outcome.egress,
        interrupted: outcome.interrupted,
        series: outcome.recorder.series,
        generator: outcome.generator,
    };
}
async function shardBlock(test, shard, outcome, startLagMs) {
    return {
        index: shard.index,
        count: shard.count,
        definition_sha256: await (0,engine_shard/* definitionSha256 */.fq)(test.definition),
        started_at: outcome.startedAt.toISOString(),
        finished_at: outcome.finishedAt.toISOString(),
        start_lag_ms: Math.round(startLagMs),
    };
}


/***/ }),

/***/ 20914:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vq: () => (/* binding */ parseStartAt),
/* harmony export */   fq: () => (/* binding */ definitionSha256),
/* harmony export */   uK: () => (/* binding */ parseShard)
/* harmony export */ });
/* unused harmony exports waitForStart, threadShard */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
// Sharded runs (docs/scaling.md): the `i/N` and `start-at` settings, the definition's fingerprint that
// merge uses to refuse mixed sets, and the wait for the common start.


/** `2/4` → {index: 2, count: 4}; index 1..count, count up to 256 (the Actions matrix limit). */
function parseShard(text, inputName) {
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
    const index = Number(match?.[1]);
    const count = Number(match?.[2]);
    if (!match || index < 1 || count < 1 || index > count || count > 256) {
        return { path: inputName, message: `expected i/N with 1 <= i <= N <= 256 (e.g. 2/4), got "${text}"` };
    }
    return { index, count };
}
/** RFC 3339 (`2026-11-22T19:00:00Z`) or epoch milliseconds → epoch ms. */
function parseStartAt(text, inputName) {
    const trimmed = text.trim();
    const ms = /^\d{10,}$/.test(trimmed) ? Number(trimmed) : /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? Date.parse(trimmed) : NaN;
    if (!Number.isFinite(ms)) {
        return { path: inputName, message: `expected an RFC 3339 time (2026-11-22T19:00:00Z) or epoch milliseconds, got "${text}"` };
    }
    return ms;
}
function canonicalJson(value) {
    if (Array.isArray(value))
        return `[${value.map(canonicalJson).join(',')}]`;
    if (value && typeof value === 'object') {
        const entries = Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    return JSON.stringify(value);
}
/**
 * SHA-256 of the definition as run (environment applied). Data files count by their content, not
 * their path: matrix jobs may check the repository out in different folders.
 */
async function definitionSha256(definition) {
    const testData = await Promise.all(definition.test_data.map(async (set) => ({
        name: set.name,
        type: set.type,
        file_config: set.file_config,
        sha256: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
            .update(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(set.file))
            .digest('hex'),
    })));
    const fingerprint = {
        name: definition.name,
        config_data: definition.config_data,
        environment: definition.environment,
        test_data: testData,
    };
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(canonicalJson(fingerprint)).digest('hex');
}
/** Waits until `startAtMs` (epoch ms) or the signal; returns how late we are then (ms, ≥ 0). */
async function waitForStart(startAtMs, signal, now = Date.now) {
    const wait = startAtMs - now();
    if (wait > 0) {
        await new Promise((resolve) => {
            const timer = setTimeout(resolve, wait);
            signal?.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve();
            }, { once: true });
        });
    }
    return Math.max(0, now() - startAtMs);
}
/**
 * Thread `thread` (1-based) of `threads` within a shard (or the whole run): the shard's iterations
 * split again k mod threads. Shard i of M runs k ≡ i − 1 (mod M); its thread w of N runs
 * k ≡ i − 1 + M·(w − 1) (mod M·N), and the N threads together run exactly the shard's k, so
 * sequential data rows and every second's count come out as with one thread (docs/engine.md).
 * A location filter and a resume second stay: the threads split the same ranks.
 */
function threadShard(shard, thread, threads) {
    const { index, count } = shard ?? { index: 1, count: 1 };
    return { ...shard, index: index + count * (thread - 1), count: count * threads };
}


/***/ }),

/***/ 71501:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $r: () => (/* binding */ afterStop),
/* harmony export */   ii: () => (/* binding */ parseStopDeadline),
/* harmony export */   lU: () => (/* binding */ emptyShare),
/* harmony export */   lz: () => (/* binding */ STOP_DEADLINE_MS)
/* harmony export */ });
/* harmony import */ var _results_credentials_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(93192);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _settings_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(535);
/* harmony import */ var _engine_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46577);
/* harmony import */ var _generator_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(42043);
/* harmony import */ var _parts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9964);
/* harmony import */ var _plan_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(30955);
/* harmony import */ var _recorder_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(97417);
// A stop that always stops (docs/engine.md, "Stopping"). A stop is a message to each engine
// thread, which answers it on its own event loop; a thread held by a computation (a pathological
// input, the failpoint `hold-worker`) never gets the turn to. So a stop has a deadline: a thread
// that has not handed back its share by then is ended (Worker.terminate interrupts even a loop
// that never yields) and its share is what it last posted, a checkpoint taken after each closed
// second, marked interrupted.








/** How long a stop waits for the engine's threads before it ends them (setting `stop-deadline`). */
const STOP_DEADLINE_MS = 2000;
/** A deadline longer than this would let one held thread keep a CI job or a server's shutdown for minutes. */
const MAX_STOP_DEADLINE_S = 600;
/** The setting `stop-deadline` (`2s`, `500ms`): milliseconds, from 0.1 s to 10 minutes. */
function parseStopDeadline(text, name) {
    const seconds = (0,_settings_values_js__WEBPACK_IMPORTED_MODULE_1__/* .duration */ .p0)(text, name, { min: 0.1 });
    if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(seconds))
        return seconds;
    if (seconds > MAX_STOP_DEADLINE_S)
        return { path: name, message: `expected at most ${MAX_STOP_DEADLINE_S / 60} minutes, got "${text}"` };
    return Math.round(seconds * 1000);
}
/**
 * Calls `expire` once `signal` has been aborted for `ms`, unless cleared first. Returns the clear.
 * The timer does not keep the process alive: it only matters while the threads do.
 */
function afterStop(signal, ms, expire) {
    let timer;
    const arm = () => {
        timer = setTimeout(expire, ms);
        timer.unref();
    };
    if (signal.aborted)
        arm();
    else
        signal.addEventListener('abort', arm, { once: true });
    return () => {
        signal.removeEventListener('abort', arm);
        clearTimeout(timer);
    };
}
/** The share of a thread ended before it closed its first second: nothing kept of it, the run interrupted. */
function emptyShare(test, options) {
    const config = test.definition.config_data;
    const plan = new _plan_js__WEBPACK_IMPORTED_MODULE_5__/* .LoadPlan */ .iV(config, options.shard);
    const egress = (0,_engine_js__WEBPACK_IMPORTED_MODULE_2__/* .egressOf */ .mn)(plan.locations, options.proxies);
    const recorder = new _recorder_js__WEBPACK_IMPORTED_MODULE_4__/* .Recorder */ .v(config.steps.length, egress.names.length);
    const part = (0,_parts_js__WEBPACK_IMPORTED_MODULE_3__/* .recorderPart */ .qZ)(recorder);
    recorder.destroy();
    const now = new Date();
    const facts = {
        locations: egress.names,
        egress: Object.fromEntries(egress.names.map((name, i) => [name, egress.proxyOf[i] ? `proxy ${(0,_results_credentials_js__WEBPACK_IMPORTED_MODULE_6__/* .hideCredentials */ .R)(egress.proxyOf[i])}` : 'direct'])),
        startedAt: now,
        finishedAt: now,
        durationS: 0,
        lastLateStartS: 0,
        requests: 0,
        lateIterations: 0,
        maxScheduleLagMs: 0,
        interrupted: true,
        generator: (0,_generator_js__WEBPACK_IMPORTED_MODULE_7__/* .generatorInfo */ .o4)({
            planned: plan.total,
            started: 0,
            plannedDurationS: plan.durationS,
            elapsedS: 0,
            lastLateStartS: 0,
            interrupted: true,
            loopDelay: { p99Ms: 0, maxMs: 0 },
            series: [],
            unstarted: 0,
            unstartedSecond: -1,
            concurrency: options.concurrency ?? 0,
            socketsMax: 0,
            warmUpS: 0,
        }),
    };
    return { part, facts, startLagMs: 0 };
}


/***/ }),

/***/ 949:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* unused harmony exports MAX_TICK_MS, TICK_BATCH, EVERY_MS, threadTurn, msToTurn, msToTurnAtOrAfter */
// The engine's scheduling tick (docs/engine.md, All the cores). Iterations start when a slot frees
// and on a timer tick, which starts the ones that fell due since the last. Each tick wakes the
// thread's event loop, and a thread's CPU per request grows as its own rate falls, each wake
// serving fewer requests (docs/performance.md, "Measurements behind the engine's choices", has
// the figures). So the threads of a run that each carry less than one
// thread does at 10,000/s take turns: each ticks every N ms, thread w at w − 1 ms into each period,
// and starts about as many iterations a tick as one thread does at 10,000/s; the process as a
// whole still ticks once a millisecond, and the service gets the same batches as from one thread.
/** A thread ticks at least this often: an iteration starts at most this long after it is due (sooner when a slot frees). */
const MAX_TICK_MS = 4;
/** Iterations a tick starts at most by taking turns: what one thread's 1 ms tick starts at 10,000/s. */
const TICK_BATCH = 10;
/** The tick of one thread, and of the only one. */
const EVERY_MS = { everyMs: 1, atMs: 0 };
/**
 * Thread `thread` (1-based) of `threads`, whose share peaks at `peakPerS` iterations a second: every
 * ms when it starts TICK_BATCH or more a ms by itself, else every as many ms as bring a tick to
 * TICK_BATCH, at most one a thread and MAX_TICK_MS.
 */
function threadTurn(thread, threads, peakPerS) {
    const batchMs = Math.floor((TICK_BATCH * 1000) / Math.max(1, peakPerS));
    const everyMs = Math.max(1, Math.min(threads, MAX_TICK_MS, batchMs));
    return { everyMs, atMs: (thread - 1) % everyMs };
}
/**
 * Whole ms from `sinceStartMs` (ms since the schedule's start) to the thread's next turn: 1 to
 * everyMs. Counted from the start rather than from the last tick, so that the late firings of
 * Node's timers do not drift the threads' turns into one another.
 */
function msToTurn(sinceStartMs, { everyMs, atMs }) {
    const into = (((Math.floor(sinceStartMs) - atMs) % everyMs) + everyMs) % everyMs;
    return everyMs - into;
}
/**
 * Whole ms from `sinceStartMs` to the thread's first turn at or after `dueMs` (ms since the start),
 * and never before its next turn: a tick for what falls due then, with no tick before it.
 */
function msToTurnAtOrAfter(sinceStartMs, dueMs, turn) {
    const wait = msToTurn(sinceStartMs, turn);
    const short = dueMs - (Math.floor(sinceStartMs) + wait);
    return short <= 0 ? wait : wait + Math.ceil(short / turn.everyMs) * turn.everyMs;
}


/***/ }),

/***/ 36356:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XK: () => (/* binding */ workersFor),
/* harmony export */   jO: () => (/* binding */ parseWorkers)
/* harmony export */ });
/* unused harmony exports MAX_WORKERS, REQUESTS_PER_WORKER, workerCount */
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _plan_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(30955);
// How many engine threads a run uses (`--workers`, input `workers`; docs/engine.md): a number, all
// the cores less some (`cores-2` leaves two to a service on the same runner), or `auto`, the
// default: one per 10,000 requests a second of the busiest second, at most the cores less one.


/** More threads than this buy nothing but memory (each has its own heap, about 30 MB). */
const MAX_WORKERS = 64;
/**
 * Requests a second that `auto` gives each thread. A warm thread sends about 70,000 a second in a
 * closed loop here and held its schedule (loop delay p99 of a few ms) at 20,000 a second in the
 * open model; half of that leaves each thread's loop time to spare, which is what keeps the
 * generator's own delay out of the latencies (docs/performance.md).
 */
const REQUESTS_PER_WORKER = 10_000;
function parseWorkers(text, inputName) {
    const value = text.trim();
    if (value === 'auto')
        return 'auto';
    const count = /^\d+$/.test(value) ? Number(value) : NaN;
    if (count >= 1 && count <= MAX_WORKERS)
        return { count };
    const leave = /^cores(?:\s*-\s*(\d+))?$/.exec(value);
    if (leave)
        return { leave: Number(leave[1] ?? 0) };
    return {
        path: inputName,
        message: `expected auto, a number of threads from 1 to ${MAX_WORKERS}, or cores-K (every available core but K, e.g. cores-2 to leave two to a service on the same runner), got "${text}"`,
    };
}
/**
 * The threads for this plan (this runner's share of it) and `stepsPerIteration` requests an
 * iteration. `auto` leaves one core to the rest of the process, the system and any service on
 * the runner, and starts no more threads than the load needs: a thread costs ~0.1 s and ~30 MB.
 */
function workerCount(setting, plan, stepsPerIteration, cores = (0,node_os__WEBPACK_IMPORTED_MODULE_0__.availableParallelism)()) {
    if (setting === 'auto') {
        const needed = Math.ceil((plan.peakPerSecond() * Math.max(1, stepsPerIteration)) / REQUESTS_PER_WORKER);
        return Math.max(1, Math.min(cores - 1, needed, MAX_WORKERS));
    }
    if ('count' in setting)
        return setting.count;
    return Math.max(1, Math.min(cores - setting.leave, MAX_WORKERS));
}
/** The threads a run of this definition (this shard of it) gets. */
function workersFor(setting, definition, shard) {
    return workerCount(setting, new _plan_js__WEBPACK_IMPORTED_MODULE_1__/* .LoadPlan */ .iV(definition.config_data, shard), definition.config_data.steps.length);
}


/***/ }),

/***/ 19526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  y3: () => (/* binding */ EngineWorkers),
  AE: () => (/* binding */ runEmbeddedInWorkers)
});

// UNUSED EXPORTS: splitConcurrency

// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
;// CONCATENATED MODULE: ./src/engine/in-worker.ts
// The engine on a worker thread: what the CLI, the action, the comparison gate and the server run.
// Two reasons (docs/engine.md): V8 fixes the limit of a thread's young generation when the thread
// starts, and at full speed it grows the main thread's to match the allocation rate, which RSS
// keeps (docs/performance.md); a worker's is capped through resourceLimits. And the hot loop
// gets an event loop of its own, so progress output, or the server's API, is never starved.
//
// Compiled templates and loaded data cannot be sent to a thread: the caller only checks the test
// (prepare.ts checkTest: every input problem found, no data row kept) and the worker prepares it
// from that CheckedTest (same definition, environment merged, data paths absolute), so the rows
// are held once, by the thread that sends them (docs/engine.md).




/**
 * The worker's young generation in MB: two 16 MB semi-spaces and their large-object share. Too
 * small a one promotes more survivors to the old generation, which only its next full collection
 * frees, so RSS grows; more buys no throughput (docs/performance.md, the engine's choices).
 */
const YOUNG_GENERATION_MB = 48;
/** The environment variable of test aids (docs/development.md, "Failpoints"); `hold-worker` is the only one. */
const FAILPOINT_ENV = 'LOADGATE_FAILPOINT';
/**
 * The worker's entry: the TypeScript source next to this file when running from src/ (Node 24
 * strips the types), else the bundle `npm run bundle` writes to dist/engine-worker/, which sits
 * one level above the action's bundle (dist/action/index.js) and the CLI's (dist/cli/index.js).
 * Which one is decided by this module's path, not its URL's ending: a loader may add a query or a
 * hash to module URLs (GitHub's local-action runner appends `?__quibble=1`).
 */
function workerEntry(here = import.meta.url) {
    if ((0,external_node_url_.fileURLToPath)(here).endsWith('.ts'))
        return new URL('./worker.ts', here);
    const bundled = ['./engine-worker/index.js', '../engine-worker/index.js'].map((path) => new URL(path, here));
    const found = bundled.find((url) => (0,external_node_fs_.existsSync)(url));
    if (!found)
        throw new Error(`loadgate: the engine worker bundle is missing (looked for ${bundled.map((u) => u.pathname).join(', ')})`);
    return found;
}
/**
 * One engine thread that runs tests one after another. The comparison gate keeps one for all its
 * rounds, so every run of both sides meets code the JIT has already compiled.
 */
class EngineWorker {
    worker;
    running = null;
    failure = null;
    nextId = 1;
    constructor() {
        this.worker = new external_node_worker_threads_.Worker(workerEntry(), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
        this.worker.on('message', (message) => this.receive(message));
        this.worker.on('error', (error) => this.fail(error));
        this.worker.on('exit', (code) => this.fail(new Error(`loadgate: the engine worker exited (code ${code})`)));
    }
    /** This thread's share of a run; `go` starts it at the common instant once every thread is ready. */
    runShare(test, options, share, events) {
        if (this.failure)
            return Promise.reject(this.failure);
        if (this.running)
            return Promise.reject(new Error('loadgate: the engine worker is already running a test'));
        const { signal, onSecond: _onSecond, clock: _clock, ...plain } = options;
        const id = this.nextId++;
        const stop = () => this.post({ type: 'stop', id });
        return new Promise((resolve, reject) => {
            this.running = {
                id,
                events,
                settle: (outcome) => {
                    signal?.removeEventListener('abort', stop);
                    this.running = null;
                    if (outcome instanceof Error)
                        reject(outcome);
                    else
                        resolve(outcome);
                },
            };
            this.post({ type: 'share', id, job: { definition: test.definition, source: test.source, options: plain }, share });
            if (signal?.aborted)
                stop();
            else
                signal?.addEventListener('abort', stop, { once: true });
        });
    }
    /** Releases a share waiting at its start gate. */
    go(atMs) {
        if (this.running)
            this.post({ type: 'go', id: this.running.id, atMs });
    }
    /**
     * Ends the thread now, whatever it is doing (a stop it has not answered within its deadline:
     * workers.ts), and settles the share with its last checkpoint, or with `empty` when it posted
     * none (it had not closed a second). The thread runs nothing more.
     */
    abandon(empty) {
        const running = this.running;
        this.failure ??= new Error('loadgate: the engine worker was ended: it did not answer a stop within its deadline');
        void this.worker.terminate();
        running?.settle(running.checkpoint ? endedNow(running.checkpoint) : empty());
    }
    async close() {
        await this.worker.terminate();
    }
    post(message) {
        this.worker.postMessage(message);
    }
    receive(message) {
        const running = this.running;
        if (!running || message.id !== running.id)
            return;
        if (message.type === 'second')
            return running.events.onSecond(message.sample, message.bytes);
        if (message.type === 'ready')
            return running.events.onReady();
        if (message.type === 'checkpoint')
            return void (running.checkpoint = message.outcome);
        running.settle(message.type === 'share-done' ? message.outcome : errorFrom(message));
    }
    fail(error) {
        this.failure ??= error;
        this.running?.settle(error);
    }
}
/** A checkpoint as the run's end: it ran until now, not until the checkpoint was taken. */
function endedNow({ part, facts, startLagMs }) {
    const finishedAt = new Date();
    return {
        part,
        facts: { ...facts, finishedAt, durationS: Math.max(facts.durationS, (finishedAt.getTime() - facts.startedAt.getTime()) / 1000) },
        startLagMs,
    };
}
function errorFrom(message) {
    if (message.type === 'input-error')
        return new errors/* InputError */.dz(message.problems);
    const error = new Error(message.message);
    if (message.stack)
        error.stack = message.stack;
    return error;
}

// EXTERNAL MODULE: ./src/engine/generator.ts
var engine_generator = __webpack_require__(42043);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/engine/parts.ts
var parts = __webpack_require__(9964);
// EXTERNAL MODULE: ./src/engine/run.ts + 2 modules
var run = __webpack_require__(89035);
// EXTERNAL MODULE: ./src/results/second-sum.ts
var second_sum = __webpack_require__(95090);
;// CONCATENATED MODULE: ./src/engine/seconds.ts
// The seconds of several engine threads as one series (workers.ts). The threads start their
// schedules at one instant, so their second t is the same second, and each second is their sum
// (results/second-sum.ts). A second is complete once every thread has closed it or ended; complete
// seconds go to onSecond in order, so the progress line shows one line a second for the run.

class SecondsCombiner {
    sums = new Map();
    /** Per thread: the last second it closed (−1 before any), or Infinity once it has ended. */
    closed;
    series = [];
    keepHistograms;
    onSecond;
    /** keepHistograms: each second carries its summed histogram, encoded (a shard's file). */
    constructor(threads, keepHistograms, onSecond) {
        this.closed = new Array(threads).fill(-1);
        this.keepHistograms = keepHistograms;
        this.onSecond = onSecond;
    }
    add(thread, sample, bytes) {
        let sum = this.sums.get(sample.t);
        if (!sum) {
            sum = new second_sum/* SecondSum */.S();
            this.sums.set(sample.t, sum);
        }
        // A thread's histograms are its own encodings: one that does not decode is a bug, not input.
        for (const p of sum.add(sample, bytes))
            throw new Error(p.message);
        this.closed[thread] = sample.t;
        this.flush();
    }
    /** The thread has posted its last second. */
    end(thread) {
        this.closed[thread] = Infinity;
        this.flush();
    }
    /** Every second, once every thread has ended. */
    all() {
        this.flush();
        return this.series;
    }
    /** Frees the histograms of seconds never completed (a thread failed). */
    destroy() {
        for (const sum of this.sums.values())
            sum.destroy();
        this.sums.clear();
    }
    flush() {
        const upTo = Math.min(...this.closed);
        for (let t = this.series.length; t <= upTo; t++) {
            const sum = this.sums.get(t);
            if (!sum)
                break;
            this.sums.delete(t);
            const sample = sum.sample(t, this.keepHistograms);
            sum.destroy();
            this.series.push(sample);
            this.onSecond?.(sample);
        }
    }
}

// EXTERNAL MODULE: ./src/engine/stop-deadline.ts
var stop_deadline = __webpack_require__(71501);
;// CONCATENATED MODULE: ./src/engine/workers.ts
// A run on N engine threads (docs/engine.md, "All the cores"). Each thread runs its share of the
// plan, split k mod N as shards are (so sequential data rows, locations and every second's count
// come out as with one thread), from one common instant: each phase (the warm-up, the recorded
// schedule) starts when every thread has warmed and opened its connections. Their seconds are
// added up as they close (one progress line), and at the end their recorders are added into one,
// from which the result is built as for a single engine: exact at every level. One thread is the
// same path with N = 1. The comparison gate takes the recorder itself (record) and adds its rounds up.








/**
 * How far ahead of the last thread's `ready` the common start is set: time for the `go` message
 * to reach every thread, so none starts behind the others.
 */
const START_MARGIN_MS = 5;
/** Engine threads kept for one run or several in turn (the comparison gate's rounds). */
class EngineWorkers {
    threads;
    constructor(count) {
        this.threads = Array.from({ length: count }, () => new EngineWorker());
    }
    get count() {
        return this.threads.length;
    }
    /** A run, and its result. */
    async run(test, options) {
        const { outcome, extremes, startLagMs } = await this.record(test, options);
        try {
            return await (0,run/* resultOf */.Bg)(test, options, outcome, startLagMs, extremes);
        }
        finally {
            outcome.recorder.destroy();
        }
    }
    /** A run, and what its threads recorded added into one recorder in this thread (the caller destroys it). */
    record(test, options) {
        return recordShared(this.threads, test, options);
    }
    async close() {
        await Promise.all(this.threads.map((thread) => thread.close()));
    }
}
/** One run on `count` threads of its own. */
async function runEmbeddedInWorkers(test, options, count) {
    const workers = new EngineWorkers(count);
    try {
        return await workers.run(test, options);
    }
    finally {
        await workers.close();
    }
}
/** A cap of `total` in flight split between the threads, the remainder to the first ones; absent stays absent (each thread's default). */
function splitConcurrency(total, threads) {
    return Array.from({ length: threads }, (_, i) => total === undefined ? undefined : Math.max(1, Math.floor(total / threads) + (i < total % threads ? 1 : 0)));
}
/**
 * The start gate of every phase: once each thread still running is ready, all are told to start
 * at one instant a little ahead (epoch ms on performance.timeOrigin's clock, which every thread
 * of the process shares). A thread that has ended no longer holds the others.
 */
class StartBarrier {
    waiting = new Set();
    ended = new Set();
    threads;
    release;
    constructor(threads, release) {
        this.threads = threads;
        this.release = release;
    }
    ready(thread) {
        this.waiting.add(thread);
        this.check();
    }
    end(thread) {
        this.ended.add(thread);
        this.waiting.delete(thread);
        this.check();
    }
    check() {
        if (this.waiting.size === 0 || this.waiting.size + this.ended.size < this.threads)
            return;
        const threads = [...this.waiting];
        this.waiting.clear();
        this.release(external_node_perf_hooks_.performance.timeOrigin + external_node_perf_hooks_.performance.now() + START_MARGIN_MS, threads);
    }
}
async function recordShared(threads, test, options) {
    await (0,histogram/* initHistograms */.ay)();
    const n = threads.length;
    const seconds = new SecondsCombiner(n, options.shard !== undefined || options.keepSecondHistograms === true, options.onSecond);
    const barrier = new StartBarrier(n, (atMs, ready) => {
        for (const i of ready)
            threads[i].go(atMs);
    });
    const caps = splitConcurrency(options.concurrency, n);
    // A thread that fails stops the others at once: there is no whole result to return.
    const failed = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
    const settled = new Array(n).fill(false);
    // A stop the threads do not answer in time ends them, keeping what each last posted (stop-deadline.ts).
    const clearDeadline = (0,stop_deadline/* afterStop */.$r)(signal, options.stopDeadlineMs ?? stop_deadline/* STOP_DEADLINE_MS */.lz, () => {
        threads.forEach((thread, i) => {
            if (!settled[i])
                thread.abandon(() => (0,stop_deadline/* emptyShare */.lU)(test, options));
        });
    });
    const runs = threads.map((thread, i) => thread
        .runShare(test, { ...options, concurrency: caps[i], signal }, { thread: i + 1, threads: n }, {
        onSecond: (sample, bytes) => seconds.add(i, sample, bytes),
        onReady: () => barrier.ready(i),
    })
        .catch((error) => {
        failed.abort();
        throw error;
    })
        .finally(() => {
        settled[i] = true;
        seconds.end(i);
        barrier.end(i);
    }));
    const outcomes = await Promise.allSettled(runs);
    clearDeadline();
    const failure = outcomes.find((s) => s.status === 'rejected');
    if (failure) {
        seconds.destroy();
        throw failure.reason;
    }
    const shares = outcomes.map((s) => s.value);
    const { outcome, extremes } = combinedOutcome(test, shares);
    outcome.recorder.series.push(...seconds.all());
    return { outcome, extremes, startLagMs: Math.max(...shares.map((s) => s.startLagMs)) };
}
/** The threads' engines as one: counts added, the window from the first start to the last finish. */
function combinedOutcome(test, shares) {
    const facts = shares.map((s) => s.facts);
    const locations = facts[0].locations;
    const { recorder, extremes } = (0,parts/* combineParts */.YH)(shares.map((s) => s.part), test.definition.config_data.steps.length, locations.length);
    const generator = (0,engine_generator/* mergeGenerators */.XL)(facts.map((f, i) => ({ index: i + 1, generator: f.generator })), 'workers');
    const outcome = {
        recorder,
        locations,
        egress: facts[0].egress,
        startedAt: new Date(Math.min(...facts.map((f) => f.startedAt.getTime()))),
        finishedAt: new Date(Math.max(...facts.map((f) => f.finishedAt.getTime()))),
        durationS: Math.max(...facts.map((f) => f.durationS)),
        lastLateStartS: Math.max(...facts.map((f) => f.lastLateStartS)),
        requests: facts.reduce((n, f) => n + f.requests, 0),
        lateIterations: facts.reduce((n, f) => n + f.lateIterations, 0),
        maxScheduleLagMs: Math.max(...facts.map((f) => f.maxScheduleLagMs)),
        interrupted: facts.some((f) => f.interrupted),
        generator,
    };
    return { outcome, extremes };
}


/***/ }),

/***/ 83916:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AN: () => (/* binding */ isProblem),
/* harmony export */   P7: () => (/* binding */ valueOrThrow),
/* harmony export */   Vw: () => (/* binding */ formatProblem),
/* harmony export */   Yz: () => (/* binding */ parsed),
/* harmony export */   a1: () => (/* binding */ shownProblems),
/* harmony export */   aU: () => (/* binding */ orThrow),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   f$: () => (/* binding */ allParsed),
/* harmony export */   gz: () => (/* binding */ failed),
/* harmony export */   hw: () => (/* binding */ eachParsed),
/* harmony export */   mg: () => (/* binding */ MAX_PROBLEMS_SHOWN),
/* harmony export */   oQ: () => (/* binding */ parsedUnless),
/* harmony export */   pb: () => (/* binding */ problemLines),
/* harmony export */   ri: () => (/* binding */ inputProblems)
/* harmony export */ });
/* unused harmony exports MAX_QUOTED_CHARS, clipped */
// Bad input is reported as values a user can act on: where (file, JSON path or input name)
// and what was expected. All problems of one input are gathered before anything runs.
function parsed(value) {
    return { ok: true, value };
}
function failed(problems) {
    return { ok: false, problems };
}
/** The value when nothing was found wrong with it, else the problems. */
function parsedUnless(problems, value) {
    return problems.length > 0 ? failed(problems) : parsed(value);
}
/** For parsers of one value that return it or the Problem with it. */
function isProblem(value) {
    return typeof value === 'object' && value !== null && 'path' in value && 'message' in value;
}
/** Values read one by one, each the value or its Problem: all the values, or every problem. */
function eachParsed(read) {
    return parsedUnless(read.filter(isProblem), read.filter((r) => !isProblem(r)));
}
/** Inputs parsed one by one: all their values, or the problems of every one that failed. */
function allParsed(results) {
    return parsedUnless(results.flatMap((r) => (r.ok ? [] : r.problems)), results.flatMap((r) => (r.ok ? [r.value] : [])));
}
function formatProblem(p) {
    const where = p.file ? `${clipped(p.file)}: ${clipped(p.path)}` : clipped(p.path);
    return `${where}: ${p.message}`;
}
/** The most characters of a name the user gave (a file's path, a JSON path) that a message quotes. */
const MAX_QUOTED_CHARS = 200;
/**
 * User text as a message quotes it: whole up to `max` characters, else its start and how much was
 * left out (`/tmp/aaaa…(99,800 more characters)`), so that a path of 100,000 characters is not
 * printed whole.
 */
function clipped(text, max = MAX_QUOTED_CHARS) {
    if (text.length <= max)
        return text;
    // Cut before a surrogate pair's second half, never inside the pair.
    const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
    return `${text.slice(0, end)}…(${(text.length - end).toLocaleString('en-US')} more characters)`;
}
/**
 * The most problems listed to a reader (terminal, log, annotations, summary, an API answer): a
 * generated file can have tens of thousands, and the first ones say what is wrong. The rest are
 * counted, never dropped from `InputError.problems`.
 */
const MAX_PROBLEMS_SHOWN = 50;
/** The problems a reader is shown, and how many more there are. */
function shownProblems(problems) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
    return { shown, more: problems.length - shown.length };
}
/** The problems as lines (`line` formats one), the first MAX_PROBLEMS_SHOWN, then a count of the rest. */
function problemLines(problems, line = formatProblem) {
    const { shown, more } = shownProblems(problems);
    const lines = shown.map(line);
    if (more > 0)
        lines.push(`… and ${more} more problem${more === 1 ? '' : 's'}`);
    return lines;
}
/** Thrown at the edges (loading files, reading inputs); callers exit 2 with its message. */
class InputError extends Error {
    problems;
    constructor(problems) {
        super(problemLines(problems).join('\n'));
        this.name = 'InputError';
        this.problems = problems;
    }
}
/** What `work` gives, or the problems of the InputError it threw (other errors go on). */
async function inputProblems(work) {
    try {
        return { value: await work(), problems: [] };
    }
    catch (error) {
        if (error instanceof InputError)
            return { problems: error.problems };
        throw error;
    }
}
/** At an edge: the value parsed, or every problem thrown as one InputError. */
function valueOrThrow(result) {
    if (!result.ok)
        throw new InputError(result.problems);
    return result.value;
}
/** At an edge: the one value parsed, or its problem thrown as an InputError. */
function orThrow(value) {
    if (isProblem(value))
        throw new InputError([value]);
    return value;
}


/***/ }),

/***/ 89757:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ figuresOf)
/* harmony export */ });
/* harmony import */ var _verdict_metrics_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(56152);

const FIGURES = [
    ['rps', 'rps'],
    ['http_fail_rate', 'http_fail_rate'],
    ['p50', 'median'],
    ['p95', 'p95'],
    ['p99', 'p99'],
];
/** A streaming step's figures, read as its thresholds read them (docs/streaming.md). */
const STREAM_FIGURES = [
    ['first_event_p50', 'first_event', 'median'],
    ['first_event_p95', 'first_event', 'p95'],
    ['first_event_p99', 'first_event', 'p99'],
    ['gap_p50', 'gap', 'median'],
    ['gap_p95', 'gap', 'p95'],
    ['gap_p99', 'gap', 'p99'],
];
function figuresOf(result) {
    const steps = {};
    for (const step of result.results.steps)
        steps[String(step.id)] = levelFigures(result, (0,_verdict_metrics_js__WEBPACK_IMPORTED_MODULE_0__/* .stepLevel */ .vu)(result, step), true);
    return { overall: levelFigures(result, (0,_verdict_metrics_js__WEBPACK_IMPORTED_MODULE_0__/* .overallLevel */ .op)(result), false), steps };
}
function levelFigures(result, level, scoped) {
    const figures = {};
    for (const [key, metric] of FIGURES) {
        const value = (0,_verdict_metrics_js__WEBPACK_IMPORTED_MODULE_0__/* .metricValue */ .a3)(metric, level, result, scoped);
        if (value !== undefined)
            figures[key] = Math.round(value * 1000) / 1000;
    }
    if (level.stream === undefined)
        return figures;
    for (const [key, stream, metric] of STREAM_FIGURES) {
        const value = (0,_verdict_metrics_js__WEBPACK_IMPORTED_MODULE_0__/* .streamMetricValue */ .CT)(stream, metric, level, result);
        if (value !== undefined)
            figures[key] = Math.round(value * 1000) / 1000;
    }
    return figures;
}


/***/ }),

/***/ 43328:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HK: () => (/* binding */ parseHistoryBaseline),
/* harmony export */   KQ: () => (/* binding */ baselineRuns),
/* harmony export */   Wy: () => (/* binding */ historyBlock),
/* harmony export */   x1: () => (/* binding */ selectHistory)
/* harmony export */ });
/* unused harmony export DEFAULT_HISTORY_BASELINE_RUNS */
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(89757);

const DEFAULT_HISTORY_BASELINE_RUNS = 5;
const MAX_BASELINE_RUNS = 1000;
/**
 * `history` or `history:K` as the baseline setting's value, undefined for anything else (a file).
 * A file named `history` is still reachable as `./history`.
 */
function parseHistoryBaseline(text, name) {
    const match = /^history(?::(.*))?$/.exec(text.trim());
    if (!match)
        return undefined;
    if (match[1] === undefined)
        return { k: DEFAULT_HISTORY_BASELINE_RUNS };
    const k = /^\d+$/.test(match[1]) ? Number(match[1]) : Number.NaN;
    if (!(k >= 1 && k <= MAX_BASELINE_RUNS)) {
        return { path: name, message: `expected history or history:K with K a whole number of runs from 1 (history:5), got "${text.trim()}"` };
    }
    return { k };
}
/**
 * The runs of this test, oldest first by `run.started_at`, the newest `size` of them; what was left
 * out is said in notes (another test's results, older runs past the size).
 */
function selectHistory(runs, testName, size) {
    const notes = [];
    const same = runs.filter((r) => r.result.run.name === testName);
    const others = runs.filter((r) => r.result.run.name !== testName);
    if (others.length > 0) {
        const names = [...new Set(others.map((r) => `"${r.result.run.name}"`))].join(', ');
        notes.push(`history: skipped ${others.length} results of other tests (${names}); this test is "${testName}"`);
    }
    const ordered = [...same].sort((a, b) => a.result.run.started_at.localeCompare(b.result.run.started_at) || a.id.localeCompare(b.id));
    const kept = ordered.slice(-size);
    if (kept.length < ordered.length)
        notes.push(`history: the newest ${size} of ${ordered.length} runs kept (history-size)`);
    return { runs: kept, notes };
}
/** The runs a `history:K` baseline is the median of: the last K (fewer when history is shorter). */
function baselineRuns(runs, spec) {
    return runs.slice(-spec.k);
}
/** The results file's `history` block: each earlier run's figures, and which of them the baseline is. */
function historyBlock(runs, baseline, branch) {
    return {
        ...(branch && { branch }),
        runs: runs.map(entryOf),
        ...(baseline && baseline.length > 0 && { baseline: { median_of: baseline.map((r) => r.id) } }),
    };
}
function entryOf(run) {
    return { id: run.id, ...(run.sha && { sha: run.sha }), started_at: run.result.run.started_at, figures: (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .figuresOf */ .h)(run.result) };
}


/***/ }),

/***/ 7164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ex: () => (/* binding */ DEFAULT_RESULT_PATH),
/* harmony export */   Qm: () => (/* binding */ resultPathFor),
/* harmony export */   UU: () => (/* binding */ createClient),
/* harmony export */   _7: () => (/* binding */ ServiceError),
/* harmony export */   au: () => (/* binding */ unexpectedAnswer)
/* harmony export */ });
/* unused harmony exports joinUrl, retryDelay, parseRetryAfter, serverMessageOf */
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46752);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8301);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
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




class ServiceError extends Error {
    method;
    path;
    status;
    code;
    serverMessage;
    retriable;
    constructor(message, fields) {
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
const DEFAULT_RESULT_PATH = '/v1/load/test/<id>/result/';
const DEFAULT_RETRY = { attempts: 5, baseDelayMs: 500, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };
const DEFAULT_TIMEOUT_MS = 30_000;
/** Spacing within one client: public services allow about 5 GET/s and 2 other requests/s. */
const GET_SPACING_MS = 200;
const OTHER_SPACING_MS = 500;
const MESSAGE_LIMIT = 300;
/** Raised before the request left: safe to resend even a POST. */
const PRE_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const IDEMPOTENT = new Set(['GET', 'DELETE']);
/** `https://host/api/` + `/v1/x/` → `https://host/api/v1/x/` (docs/interface.md 10: concatenation, one trailing slash stripped). */
function joinUrl(baseUrl, path) {
    return baseUrl.replace(/\/$/, '') + path;
}
function createClient(options) {
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const now = options.now ?? Date.now;
    const random = options.random ?? Math.random;
    const log = options.log ?? (() => { });
    const limiter = createLimiter(now, sleep);
    async function call(method, path, body) {
        for (let attempt = 1;; attempt++) {
            await limiter(method);
            const outcome = await attemptOnce(options, method, path, body);
            if (outcome.ok)
                return outcome.body;
            const { error } = outcome;
            if (!mayRetry(method, error) || attempt >= retry.attempts)
                throw error;
            if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > retry.maxRetryAfterMs) {
                throw new ServiceError(`${error.message} (the service asks to wait ${Math.ceil(outcome.retryAfterMs / 1000)} s, longer than loadgate waits)`, error);
            }
            const delay = retryDelay(retry, attempt, random, outcome.retryAfterMs);
            log(`${method} ${path}: ${error.status ?? error.code}; retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${retry.attempts})`);
            await sleep(delay);
        }
    }
    const get = (path) => call('GET', path);
    return {
        createEnvironment: async (env) => expectRecord(await call('POST', '/v1/environment/', { json: env }), 'POST /v1/environment/'),
        listEnvironments: async () => expectList(await get('/v1/environment/'), 'GET /v1/environment/'),
        getEnvironment: async (id) => expectRecord(await get(`/v1/environment/${seg(id)}/`), `GET /v1/environment/${seg(id)}/`),
        deleteEnvironment: async (id) => {
            await call('DELETE', `/v1/environment/${seg(id)}/`);
        },
        createTestData: async (upload) => expectRecord(await call('POST', '/v1/testdata/', await multipart(testDataForm(upload))), 'POST /v1/testdata/'),
        listTestData: async () => expectList(await get('/v1/testdata/'), 'GET /v1/testdata/'),
        startLoadTest: async (req) => expectRecord(await call('POST', '/v1/load/test/', { json: req }), 'POST /v1/load/test/'),
        getLoadTest: async (id) => expectDetails(await get(`/v1/load/test/${seg(id)}/`), `GET /v1/load/test/${seg(id)}/`),
        getResult: (id, resultPath = DEFAULT_RESULT_PATH) => get(resultPathFor(id, resultPath)),
        getPlan: async (planId) => expectObject(await get(`/v1/load/plan/${seg(planId)}/`), `GET /v1/load/plan/${seg(planId)}/`),
        stopLoadTest: (id) => get(`/v1/load/test/${seg(id)}/stop/`),
        balance: async () => expectObject(await get('/v1/balance/'), 'GET /v1/balance/'),
        loadLocations: () => get('/v1/load/locations/'),
        startLatencyTest: async (req) => expectObject(await call('POST', '/v1/latency/test/', { json: req }), 'POST /v1/latency/test/'),
        latencyLocations: async () => expectObject(await get('/v1/latency/locations/'), 'GET /v1/latency/locations/'),
    };
}
function resultPathFor(id, template = DEFAULT_RESULT_PATH) {
    return template.replaceAll('<id>', seg(id));
}
function seg(id) {
    return encodeURIComponent(String(id));
}
/**
 * Encoded once, with undici's own multipart encoder: a FormData body handed to undici 8's
 * request() is never sent (nodejs/undici#5520), and bytes can be resent on a retry.
 */
async function multipart(form) {
    const encoded = new undici__WEBPACK_IMPORTED_MODULE_1__.Response(form);
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
    return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType };
}
function testDataForm(upload) {
    const form = new undici__WEBPACK_IMPORTED_MODULE_1__.FormData();
    form.append('name', upload.name);
    form.append('file', new node_buffer__WEBPACK_IMPORTED_MODULE_0__.Blob([upload.content], { type: 'text/csv' }), upload.fileName);
    form.append('type', upload.type);
    form.append('file_config', JSON.stringify(upload.file_config));
    return form;
}
/** Reserves the next free slot of the method's lane, so concurrent calls space out too. */
function createLimiter(now, sleep) {
    const nextFree = { GET: 0, OTHER: 0 };
    return async (method) => {
        const lane = method === 'GET' ? 'GET' : 'OTHER';
        const at = Math.max(now(), nextFree[lane]);
        nextFree[lane] = at + (lane === 'GET' ? GET_SPACING_MS : OTHER_SPACING_MS);
        const wait = at - now();
        if (wait > 0)
            await sleep(wait);
    };
}
function mayRetry(method, error) {
    if (!error.retriable)
        return false;
    if (IDEMPOTENT.has(method))
        return true;
    return error.status === 429 || (error.code !== undefined && PRE_CONNECTION_CODES.has(error.code));
}
/** Full jitter: random(0, min(max, base·2^(attempt-1))); a Retry-After is a floor, never shortened. */
function retryDelay(retry, attempt, random, retryAfterMs) {
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    const jittered = Math.floor(random() * ceiling);
    return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}
/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 10.2.3); undefined when absent or unreadable. */
function parseRetryAfter(value, now) {
    const text = Array.isArray(value) ? value[0] : value;
    if (text === undefined || text.trim() === '')
        return undefined;
    if (/^\s*\d+\s*$/.test(text))
        return Number(text) * 1000;
    const date = Date.parse(text);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
async function attemptOnce(options, method, path, body) {
    const url = joinUrl(options.baseUrl, path);
    const shown = { method, path: new URL(url).pathname };
    const headers = {
        'x-api-key': options.apiKey,
        accept: 'application/json',
        'user-agent': `loadgate/${_version_js__WEBPACK_IMPORTED_MODULE_2__/* .VERSION */ .x}`,
    };
    if (body)
        headers['content-type'] = 'json' in body ? 'application/json' : body.contentType;
    let status;
    let text;
    let retryAfter;
    try {
        const res = await (0,undici__WEBPACK_IMPORTED_MODULE_1__/* .request */ .Em)(url, {
            method,
            headers,
            body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.bytes,
            dispatcher: options.dispatcher,
            signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        status = res.statusCode;
        retryAfter = res.headers['retry-after'];
        text = await res.body.text();
    }
    catch (cause) {
        return { ok: false, error: networkError(cause, shown, url, options.apiKey) };
    }
    const decoded = decodeBody(text);
    if (status >= 200 && status < 300)
        return { ok: true, body: decoded };
    const error = httpError(status, decoded, text, shown, url, options.apiKey);
    const retryAfterMs = status === 429 ? parseRetryAfter(retryAfter, (options.now ?? Date.now)()) : undefined;
    return { ok: false, error, retryAfterMs };
}
function decodeBody(text) {
    if (text === '')
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
function httpError(status, decoded, text, shown, url, apiKey) {
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
function networkError(cause, shown, url, apiKey) {
    const err = cause;
    const code = typeof err.code === 'string' ? err.code : typeof err.name === 'string' ? err.name : 'network error';
    const detail = redact(typeof err.message === 'string' ? err.message : String(cause), apiKey);
    return new ServiceError(`${shown.method} ${displayUrl(url)} got no answer: ${code} (${detail})`, { ...shown, code, retriable: true });
}
/** The server's own words: {error: {message}}, {error: "…"}, {message}, {detail}, else the raw text. */
function serverMessageOf(decoded, text) {
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(decoded)) {
        const body = decoded;
        const nested = body.error !== null && typeof body.error === 'object' ? body.error.message : body.error;
        for (const candidate of [nested, body.message, body.detail]) {
            if (typeof candidate === 'string' && candidate !== '')
                return truncate(candidate);
            if (candidate !== undefined && candidate !== null && typeof candidate === 'object')
                return truncate(JSON.stringify(candidate));
        }
    }
    return truncate(text.trim());
}
function truncate(text) {
    return text.length <= MESSAGE_LIMIT ? text : `${text.slice(0, MESSAGE_LIMIT)}…`;
}
/** A service that echoes the key in an error must not put it in our logs. */
function redact(text, apiKey) {
    return apiKey === '' ? text : text.replaceAll(apiKey, '***');
}
/** The URL without credentials or query: safe to print. */
function displayUrl(url) {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
}
/** A 2xx answer whose body is not what the interface describes; `where` is "METHOD /path". */
function unexpectedAnswer(where, jsonPath, expected) {
    const [method = 'GET', path = where] = where.split(' ');
    return new ServiceError(`${where}: unexpected answer: ${jsonPath}: ${expected}`, { method, path, status: 200, retriable: false });
}
function expectObject(body, where) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(body))
        throw unexpectedAnswer(where, '$', 'expected a JSON object');
    return body;
}
/** A created or read record: an object with an id (string or number). */
function expectRecord(body, where) {
    const record = expectObject(body, where);
    if (typeof record.id !== 'string' && typeof record.id !== 'number')
        throw unexpectedAnswer(where, '$.id', 'expected a string or a number');
    return record;
}
/** A list: a JSON array, or a paginated `{results: [...]}`. */
function expectList(body, where) {
    if (Array.isArray(body))
        return body;
    const results = body?.results;
    if (Array.isArray(results))
        return results;
    throw unexpectedAnswer(where, '$', 'expected an array (or an object whose results is an array)');
}
function expectDetails(body, where) {
    const record = expectRecord(body, where);
    if (typeof record.status !== 'string')
        throw unexpectedAnswer(where, '$.status', 'expected a string');
    return record;
}


/***/ }),

/***/ 8301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dc: () => (/* binding */ member),
/* harmony export */   bp: () => (/* binding */ describeValue),
/* harmony export */   u4: () => (/* binding */ isRecord)
/* harmony export */ });
// Parsed JSON from outside (files, requests, service answers) is `unknown` until checked; the
// problems found name the place by JSON path and say what was there.
/** A JSON object: not null, not an array. */
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The JSON-path segment for an object key: `.name`, or `["odd key"]` when it is not an identifier. */
function member(key) {
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
/** A value as a problem's message shows what was found: its kind, or the literal cut at 60 characters. */
function describeValue(value) {
    if (value === undefined)
        return 'nothing';
    if (Array.isArray(value))
        return value.length === 0 ? 'an empty array' : 'an array';
    if (value !== null && typeof value === 'object')
        return 'an object';
    // JSON.parse reads a literal past the largest double (1e400) as Infinity, which JSON writes as null.
    if (value === Number.POSITIVE_INFINITY)
        return 'a number too large (above 1.8e308)';
    if (value === Number.NEGATIVE_INFINITY)
        return 'a negative number too large (under -1.8e308)';
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 56)}…"` : text;
}


/***/ }),

/***/ 32446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $X: () => (/* binding */ parseLocationConfig),
/* harmony export */   BF: () => (/* binding */ selectLocations),
/* harmony export */   KU: () => (/* binding */ DEFAULT_LATENCY_LOCATIONS),
/* harmony export */   mJ: () => (/* binding */ locationTree),
/* harmony export */   sb: () => (/* binding */ splitPatterns),
/* harmony export */   u0: () => (/* binding */ egressLabel)
/* harmony export */ });
/* unused harmony export flattenTree */
/* harmony import */ var _results_credentials_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(93192);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// Latency locations (docs/latency.md): the configured list (`CODE=Name` or `CODE=Name@http://proxy:3128`),
// the patterns that pick from it (`*`, `EU.*`, exact codes, comma-joined), and the tree that
// GET /v1/latency/locations/ answers with. Pure: text in, values or Problems out.


/** Used when none is configured: this machine, direct. */
const DEFAULT_LATENCY_LOCATIONS = [{ code: 'LOCAL.HOST', name: 'This server' }];
const SEGMENT = '[A-Z][A-Z0-9]*';
const CODE = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})+$`);
const PATTERN = new RegExp(`^(?:\\*|${SEGMENT}(?:\\.${SEGMENT})*(?:\\.\\*)?)$`);
const CONFIG_FORM = 'CODE=Name or CODE=Name@http://proxy:port, with a code of two or more dot-separated segments of letters and digits such as EU.DE.FRA';
/**
 * The official latency action reads the tree's `"CODE:Name"` items with split(':') and joins a
 * failed location's name with ',' to split it again: either character would cut the name short.
 */
const NAME_FORBIDDEN = /[:,]/;
const CONTINENTS = {
    EU: 'Europe',
    NA: 'North America',
    SA: 'South America',
    AS: 'Asia',
    AF: 'Africa',
    OC: 'Oceania',
    AN: 'Antarctica',
    LOCAL: 'Local',
};
const COUNTRIES = {
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
function parseLocationConfig(entries, inputName, options = {}) {
    const lines = entries
        .flatMap((e) => e.split(/\r?\n/))
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'));
    if (lines.length === 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)([...DEFAULT_LATENCY_LOCATIONS]);
    const locations = [];
    const problems = [];
    for (const line of lines) {
        const parsed = parseLocationLine(line, options.kube ?? false);
        if (typeof parsed === 'string')
            problems.push({ path: inputName, message: `${parsed}, got ${JSON.stringify((0,_results_credentials_js__WEBPACK_IMPORTED_MODULE_1__/* .hideCredentials */ .R)(line))}` });
        else if (locations.some((l) => l.code === parsed.code))
            problems.push({ path: inputName, message: `location ${parsed.code} is configured twice` });
        else
            locations.push(parsed);
    }
    problems.push(...treeProblems(locations.map((l) => l.code)).map((message) => ({ path: inputName, message })));
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsedUnless */ .oQ)(problems, locations);
}
function parseLocationLine(line, kube) {
    const eq = line.indexOf('=');
    if (eq < 0)
        return `expected ${CONFIG_FORM}`;
    // Codes are case-insensitive, as patterns are: `eu.de.fra` is EU.DE.FRA.
    const code = line.slice(0, eq).trim().toUpperCase();
    if (!CODE.test(code))
        return `location code ${JSON.stringify(code)} is not valid; expected ${CONFIG_FORM}`;
    const rest = line.slice(eq + 1);
    const inKube = /^(.*?)@kube:(.*)$/.exec(rest);
    if (inKube)
        return kubeLocation(code, inKube[1].trim(), inKube[2].trim(), kube);
    const withProxy = /^(.*?)@([A-Za-z][A-Za-z0-9+.-]*:\/\/.*)$/.exec(rest);
    const name = (withProxy ? withProxy[1] : rest).trim();
    if (name === '')
        return `location ${code} has no name; expected ${CONFIG_FORM}`;
    if (NAME_FORBIDDEN.test(name))
        return `the name of location ${code} holds ":" or ",", which published clients split names on; use other characters`;
    if (!withProxy)
        return { code, name };
    const proxy = proxyUrl(withProxy[2].trim());
    if (proxy === undefined)
        return `the proxy of location ${code} is not an http:// URL with a host; expected ${CONFIG_FORM}`;
    return { code, name, proxy };
}
/** `EU.DE.FRA=Frankfurt@kube:DE`: measured by a one-pod Job of the Kubernetes executor's location DE. */
function kubeLocation(code, name, location, kube) {
    if (!kube)
        return `location ${code} names a Kubernetes location (@kube:), which only loadgate serve --executor kubernetes can measure from; expected ${CONFIG_FORM}`;
    if (!/^([A-Z]{2}|local)$/.test(location))
        return `location ${code}: @kube: expects a load location of --location (a two-letter country code or "local")`;
    if (name === '' || NAME_FORBIDDEN.test(name))
        return `location ${code} needs a name without ":" or "," before @kube:`;
    return { code, name, kube: location };
}
function proxyUrl(text) {
    try {
        const url = new URL(text);
        return url.protocol === 'http:' && url.hostname !== '' ? url.href.replace(/\/$/, '') : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Under one group the tree holds either sub-groups or locations, never both: `EU.DE` beside
 * `EU.DE.FRA`, or `NA.US.NYC` beside `NA.US.VA.ASH`, has no place in it.
 */
function treeProblems(codes) {
    const problems = [];
    const groups = new Set(codes.flatMap((c) => prefixesOf(c)));
    for (const code of codes) {
        if (groups.has(code))
            problems.push(`location ${code} is also the group of ${codes.filter((c) => c.startsWith(`${code}.`)).join(', ')}; a code is either a location or a group`);
    }
    for (const group of groups) {
        const leaves = codes.filter((c) => parentOf(c) === group && !groups.has(c));
        const subgroups = [...groups].filter((g) => parentOf(g) === group);
        if (leaves.length > 0 && subgroups.length > 0) {
            problems.push(`group ${group} holds both locations (${leaves.join(', ')}) and sub-groups (${subgroups.join(', ')}); give the locations under one group the same depth`);
        }
    }
    return problems;
}
/** `EU.DE.FRA` → `EU`, `EU.DE`. */
function prefixesOf(code) {
    const parts = code.split('.');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
}
function parentOf(code) {
    const dot = code.lastIndexOf('.');
    return dot < 0 ? undefined : code.slice(0, dot);
}
/** `["EU.*, NA.US.VA.ASH", "*"]` → `["EU.*", "NA.US.VA.ASH", "*"]`. */
function splitPatterns(items) {
    return items
        .flatMap((i) => i.split(','))
        .map((p) => p.trim())
        .filter((p) => p !== '');
}
/**
 * The configured locations the patterns pick, in configured order. A pattern that is not valid
 * or picks nothing is a problem that lists the codes there are.
 */
function selectLocations(configured, patterns, inputName) {
    const codes = configured.map((l) => l.code).join(', ');
    if (patterns.length === 0) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([{ path: inputName, message: `expected at least one location pattern (*, EU.*, or a code); available: ${codes}` }]);
    }
    const problems = [];
    const picked = new Set();
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
        if (matched.length === 0)
            problems.push({ path: inputName, message: unmatched(raw, pattern, configured, codes) });
        for (const l of matched)
            picked.add(l.code);
    }
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsedUnless */ .oQ)(problems, configured.filter((l) => picked.has(l.code)));
}
function matches(pattern, code) {
    if (pattern === '*')
        return true;
    if (!pattern.endsWith('.*'))
        return code === pattern;
    const prefix = pattern.slice(0, -2);
    return code === prefix || code.startsWith(`${prefix}.`);
}
function unmatched(raw, pattern, configured, codes) {
    const hint = configured.some((l) => l.code.startsWith(`${pattern}.`))
        ? `; to pick every location under ${pattern} write ${pattern}.*`
        : '';
    return `location pattern ${JSON.stringify(raw)} matches no location${hint}; available: ${codes}`;
}
/** The tree of GET /v1/latency/locations/ (docs/latency.md). */
function locationTree(locations) {
    const tree = {};
    for (const location of locations) {
        const parts = location.code.split('.');
        let node = tree;
        for (let depth = 0; depth < parts.length - 1; depth += 1) {
            const key = `${parts[depth]}:${groupName(parts[depth], depth)}`;
            const isLast = depth === parts.length - 2;
            const child = node[key] ?? (isLast ? [] : {});
            node[key] = child;
            if (Array.isArray(child))
                child.push(`${parts[depth + 1]}:${location.name}`);
            else
                node = child;
        }
    }
    return tree;
}
function groupName(segment, depth) {
    const table = depth === 0 ? CONTINENTS : depth === 1 ? COUNTRIES : {};
    return table[segment] ?? segment;
}
/** The dotted location codes a tree holds: `{"EU:Europe": {"DE:Germany": ["FRA:Frankfurt"]}}` → `["EU.DE.FRA"]`. */
function flattenTree(tree, prefix = '') {
    return Object.entries(tree).flatMap(([key, child]) => {
        const code = `${prefix}${codeOf(key)}`;
        return Array.isArray(child) ? child.map((leaf) => `${code}.${codeOf(leaf)}`) : flattenTree(child, `${code}.`);
    });
}
function codeOf(entry) {
    const colon = entry.indexOf(':');
    return colon < 0 ? entry : entry.slice(0, colon);
}
/** How a location reaches the target, for reports: the proxy, its credentials hidden. */
function egressLabel(location) {
    if (location.kube !== undefined)
        return `kubernetes ${location.kube}`;
    if (location.proxy === undefined)
        return 'direct';
    return `proxy ${(0,_results_credentials_js__WEBPACK_IMPORTED_MODULE_1__/* .hideCredentials */ .R)(location.proxy)}`;
}


/***/ }),

/***/ 38994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cu: () => (/* binding */ DEFAULT_SAMPLES),
  xs: () => (/* binding */ MAX_SAMPLES),
  r: () => (/* binding */ latencyAnswer),
  rI: () => (/* binding */ parseSamples),
  J8: () => (/* binding */ runHostedLatency),
  Af: () => (/* binding */ runLatency),
  Lr: () => (/* binding */ summarizeLocation)
});

// UNUSED EXPORTS: DEFAULT_SAMPLE_TIMEOUT_MS, latencyFromAnswer, phaseStats

// EXTERNAL MODULE: ./src/settings/values.ts
var values = __webpack_require__(535);
// EXTERNAL MODULE: ./src/hosted/client.ts
var client = __webpack_require__(7164);
// EXTERNAL MODULE: ./src/latency/locations.ts
var latency_locations = __webpack_require__(32446);
// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(40610);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: external "node:stream/promises"
var promises_ = __webpack_require__(46466);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(41692);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(46752);
// EXTERNAL MODULE: ./src/engine/errors.ts
var errors = __webpack_require__(17679);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/latency/probe.ts
// One latency sample: a new connection to the target, timed phase by phase (docs/latency.md).
// DNS lookup, TCP connect and the TLS handshake are done here, on sockets this module opens, so
// each has its own clock; the request then goes over that very socket with undici (no keep-alive
// reuse: a fresh connection is what a latency test measures). The phases are contiguous:
// dns + connect + tls + ttfb is the time to the response headers, and total adds the body.
//
// Through an HTTP proxy (as undici's ProxyAgent does): an https target is reached through a
// CONNECT tunnel; `dns` is the lookup of the proxy's host, `connect` the TCP connection to the
// proxy plus the tunnel (in which the proxy resolves and connects to the target), `tls` the
// handshake with the target through the tunnel. An http target is sent to the proxy in absolute
// form: `connect` is to the proxy only, and the proxy's own connection to the target falls in ttfb.










/** A CONNECT the proxy answered with something else than 200. */
class TunnelError extends Error {
    status;
    constructor(status) {
        super(`the proxy answered CONNECT with HTTP ${status}`);
        this.name = 'TunnelError';
        this.status = status;
    }
}
/**
 * Everything a sample opens, destroyed when the sample ends whichever way it ends. Errors are
 * read where each step awaits its event; one arriving between steps or after the sample ended
 * must not become an uncaught exception, so each item also gets a listener that ignores it.
 */
class Opened {
    #items = [];
    add(item) {
        this.#items.push(item);
        return item;
    }
    /** A socket or request, whose late errors are ignored. */
    addEmitter(item) {
        item.on('error', () => undefined);
        return this.add(item);
    }
    destroyAll() {
        for (const item of this.#items) {
            const done = item.destroy();
            if (done instanceof Promise)
                done.catch(() => undefined);
        }
    }
}
async function probe(target, options) {
    const url = new URL(target);
    const opened = new Opened();
    const progress = { stage: 'dns' };
    try {
        const measured = await withDeadline(measure(url, options, opened, progress), options, progress);
        return { ok: true, ...measured };
    }
    catch (error) {
        return { ok: false, reason: reasonOf(error, progress.stage, options.proxy !== undefined) };
    }
    finally {
        opened.destroyAll();
    }
}
async function measure(url, options, opened, progress) {
    const https = url.protocol === 'https:';
    const proxy = options.proxy === undefined ? undefined : new URL(options.proxy);
    const first = proxy ?? url;
    const start = external_node_perf_hooks_.performance.now();
    const literal = literalAddress(hostOf(first));
    // An IP literal is not looked up: its dns phase is 0, not the scheduler's noise around an await.
    const addresses = literal ?? (await external_node_dns_.promises.lookup(hostOf(first), { all: true }));
    const resolved = literal ? start : external_node_perf_hooks_.performance.now();
    progress.stage = 'connect';
    let socket = await tcpConnect(hostOf(first), addresses, portOf(first), opened);
    if (proxy && https)
        socket = await tunnel(socket, url, proxy, opened);
    const connected = external_node_perf_hooks_.performance.now();
    progress.stage = 'tls';
    if (https)
        socket = await tlsHandshake(socket, url, options, opened);
    const secured = https ? external_node_perf_hooks_.performance.now() : connected;
    progress.stage = 'response';
    const forward = proxy !== undefined && !https;
    // The socket is handed over on a later tick: undici's connect() does not expect its connector
    // to call back synchronously, and would never write the request.
    const connector = (_opts, callback) => queueMicrotask(() => callback(null, socket));
    const client = opened.add(new undici/* Client */.Kj(forward ? proxy.origin : url.origin, { connect: connector, pipelining: 1 }));
    const response = await client.request({
        method: 'GET',
        path: forward ? url.href : `${url.pathname}${url.search}`,
        headers: { host: url.host, 'user-agent': `loadgate/${version/* VERSION */.x}`, ...(forward ? proxyAuthorization(proxy) : {}) },
    });
    const firstByte = external_node_perf_hooks_.performance.now();
    await (0,promises_.finished)(response.body.resume());
    const end = external_node_perf_hooks_.performance.now();
    return {
        status_code: response.statusCode,
        phases: {
            dns: resolved - start,
            connect: connected - resolved,
            tls: secured - connected,
            ttfb: firstByte - secured,
            total: end - start,
        },
    };
}
/** The work, or the timeout / cancellation that comes first. */
function withDeadline(work, options, progress) {
    return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => reject(timeoutError(progress.stage)), options.timeoutMs);
        const onAbort = () => reject(Object.assign(new Error('the latency test was cancelled'), { code: 'UND_ERR_ABORTED' }));
        if (options.signal?.aborted)
            onAbort();
        options.signal?.addEventListener('abort', onAbort, { once: true });
        work.then(resolvePromise, reject).finally(() => {
            clearTimeout(timer);
            options.signal?.removeEventListener('abort', onAbort);
        });
    });
}
/** Codes that classifyError reads as the timeout of each stage. */
function timeoutError(stage) {
    const code = {
        dns: 'EAI_AGAIN',
        connect: 'UND_ERR_CONNECT_TIMEOUT',
        tls: 'UND_ERR_CONNECT_TIMEOUT',
        response: 'UND_ERR_HEADERS_TIMEOUT',
    }[stage];
    return Object.assign(new Error(`timed out during ${stage}`), { code });
}
function reasonOf(error, stage, viaProxy) {
    if (error instanceof TunnelError)
        return `proxy tunnel failed: HTTP ${error.status}`;
    // Only the connection to the proxy is the proxy's failure; after it, errors come from the target.
    return (0,errors/* classifyError */.f)(error, viaProxy && stage === 'connect');
}
function hostOf(url) {
    return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
function portOf(url) {
    if (url.port !== '')
        return Number(url.port);
    return url.protocol === 'https:' ? 443 : 80;
}
function literalAddress(host) {
    const family = (0,external_node_net_.isIP)(host);
    return family === 0 ? undefined : [{ address: host, family }];
}
/**
 * Connects to the addresses already resolved (the lookup handed to net answers from them), so
 * that DNS stays out of the connect phase while net still tries IPv6 and IPv4 addresses in turn
 * (`localhost` may resolve to ::1 first for a server listening on 127.0.0.1 only).
 */
async function tcpConnect(host, addresses, port, opened) {
    const lookup = (_hostname, options, callback) => {
        if (options.all)
            callback(null, [...addresses]);
        else
            callback(null, addresses[0].address, addresses[0].family);
    };
    const socket = opened.addEmitter((0,external_node_net_.connect)({ host, port, lookup, autoSelectFamily: true }));
    await (0,external_node_events_.once)(socket, 'connect');
    return socket;
}
async function tunnel(socket, url, proxy, opened) {
    const authority = `${url.hostname}:${portOf(url)}`;
    const req = (0,external_node_http_.request)({
        method: 'CONNECT',
        path: authority,
        headers: { host: authority, ...proxyAuthorization(proxy) },
        createConnection: () => socket,
    });
    opened.addEmitter(req);
    req.end();
    const [response] = (await (0,external_node_events_.once)(req, 'connect'));
    if (response.statusCode !== 200)
        throw new TunnelError(response.statusCode ?? 0);
    return socket;
}
function proxyAuthorization(proxy) {
    if (proxy.username === '' && proxy.password === '')
        return {};
    const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}
async function tlsHandshake(socket, url, options, opened) {
    const host = hostOf(url);
    const secure = opened.addEmitter((0,external_node_tls_.connect)({
        socket,
        host,
        ...((0,external_node_net_.isIP)(host) === 0 ? { servername: host } : {}),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
        rejectUnauthorized: options.insecure !== true,
        ALPNProtocols: ['http/1.1'],
    }));
    await (0,external_node_events_.once)(secure, 'secureConnect');
    return secure;
}

// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(16141);
// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
;// CONCATENATED MODULE: ./src/latency/run.ts






const DEFAULT_SAMPLES = 10;
const MAX_SAMPLES = 100;
/** Per sample, connection included: the load test's default request timeout. */
const DEFAULT_SAMPLE_TIMEOUT_MS = 5_000;
async function runLatency(target, locations, options = {}) {
    const samples = options.samples ?? DEFAULT_SAMPLES;
    const started = performance.now();
    const overBudget = () => options.budgetMs !== undefined && performance.now() - started >= options.budgetMs;
    const measured = await Promise.all(locations.map(async (location) => {
        const taken = [];
        while (taken.length < samples && !options.signal?.aborted && !(taken.length > 0 && overBudget())) {
            taken.push(await probe(target, {
                timeoutMs: options.timeoutMs ?? DEFAULT_SAMPLE_TIMEOUT_MS,
                ...(options.insecure === undefined ? {} : { insecure: options.insecure }),
                ...(options.ca === undefined ? {} : { ca: options.ca }),
                ...(location.proxy === undefined ? {} : { proxy: location.proxy }),
                ...(options.signal === undefined ? {} : { signal: options.signal }),
            }));
        }
        return [location.code, summarizeLocation(location.name, (0,latency_locations/* egressLabel */.u0)(location), taken)];
    }));
    return { target, samples, locations: Object.fromEntries(measured) };
}
/** The statistics of one location's samples; phases over the successful ones only. */
function summarizeLocation(name, egress, samples) {
    const errors = {};
    let statusCode;
    const values = Object.fromEntries(types/* LATENCY_PHASES */.EY.map((p) => [p, []]));
    for (const sample of samples) {
        if (!sample.ok) {
            errors[sample.reason] = (errors[sample.reason] ?? 0) + 1;
            continue;
        }
        statusCode = sample.status_code;
        for (const phase of types/* LATENCY_PHASES */.EY)
            values[phase].push(sample.phases[phase]);
    }
    const failures = Object.values(errors).reduce((a, b) => a + b, 0);
    const phases = Object.fromEntries(types/* LATENCY_PHASES */.EY.map((p) => [p, phaseStats(values[p] ?? [])]));
    return {
        name,
        egress,
        samples: samples.length,
        failures,
        errors,
        ...(statusCode === undefined ? {} : { status_code: statusCode }),
        phases,
    };
}
/** min, avg, median, p95, max in ms with one decimal; all 0 for no values. */
function phaseStats(values) {
    if (values.length === 0)
        return { min: 0, avg: 0, median: 0, p95: 0, max: 0 };
    const sorted = [...values].sort((a, b) => a - b);
    const sum = sorted.reduce((a, b) => a + b, 0);
    return {
        min: oneDecimal(sorted[0]),
        avg: oneDecimal(sum / sorted.length),
        median: oneDecimal(quantile(sorted, 0.5)),
        p95: oneDecimal(quantile(sorted, 0.95)),
        max: oneDecimal(sorted[sorted.length - 1]),
    };
}
/** Linear interpolation between the closest ranks (the common "type 7"): the median of 1, 2 is 1.5. */
function quantile(sorted, q) {
    const rank = (sorted.length - 1) * q;
    const low = Math.floor(rank);
    const lower = sorted[low];
    const upper = sorted[Math.min(low + 1, sorted.length - 1)];
    return lower + (upper - lower) * (rank - low);
}
function oneDecimal(ms) {
    return Math.round(ms * 10) / 10;
}
/** `latency-samples`: a whole number from 1 to MAX_SAMPLES. */
function parseSamples(text, inputName) {
    return text.trim() === '' ? DEFAULT_SAMPLES : (0,values/* wholeNumber */.rD)(text, inputName, { min: 1, max: MAX_SAMPLES });
}
// ---- the service answer ----
/** The flat answer of POST /v1/latency/test/: location code → its object, no null anywhere. */
function latencyAnswer(result) {
    return Object.fromEntries(Object.entries(result.locations).map(([code, l]) => [code, answerEntry(l)]));
}
function answerEntry(l) {
    const common = {
        name: l.name,
        // A Kubernetes location's pod reaches the target directly from where it runs.
        egress: l.egress.startsWith('proxy') ? 'proxy' : 'direct',
        samples: l.samples,
        failures: l.failures,
        errors: l.errors,
    };
    if (l.status_code === undefined)
        return { ...common, error: mostFrequent(l.errors) };
    return { ...common, status_code: l.status_code, latency: Math.round(l.phases.total.median), ...l.phases.total, phases: l.phases };
}
function mostFrequent(errors) {
    const [top] = Object.entries(errors).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return top?.[0] ?? 'no samples taken';
}
const ANSWER_WHERE = 'POST /v1/latency/test/';
/** Runs a latency test on the service (POST /v1/latency/test/) and reads its answer. */
async function runHostedLatency(client, target, locations, samples) {
    const answer = await client.startLatencyTest({ target, locations: [...locations], ...(samples === undefined ? {} : { samples }) });
    return latencyFromAnswer(target, answer);
}
/**
 * A service's flat answer as a LatencyResult. Other services may send only `status_code` and
 * `latency` (or `error`): what is missing is read as one sample whose every total statistic
 * is `latency`, with the other phases 0.
 */
function latencyFromAnswer(target, answer) {
    const locations = {};
    for (const [code, entry] of Object.entries(answer))
        locations[code] = locationFromAnswer(code, entry);
    const samples = Math.max(0, ...Object.values(locations).map((l) => l.samples));
    return { target, samples, locations };
}
function locationFromAnswer(code, entry) {
    const at = `$[${JSON.stringify(code)}]`;
    if (!(0,json/* isRecord */.u4)(entry))
        throw (0,client/* unexpectedAnswer */.au)(ANSWER_WHERE, at, 'expected an object per location');
    const samples = countOf(entry.samples) ?? 1;
    const common = {
        name: typeof entry.name === 'string' ? entry.name : code,
        egress: typeof entry.egress === 'string' ? entry.egress : 'hosted',
        samples,
    };
    if (typeof entry.error === 'string') {
        const failures = countOf(entry.failures) ?? samples;
        return { ...common, failures, errors: countRecord(entry.errors) ?? { [entry.error]: failures }, phases: phaseSummary(undefined) };
    }
    if (typeof entry.latency !== 'number')
        throw (0,client/* unexpectedAnswer */.au)(ANSWER_WHERE, `${at}.latency`, 'expected a number (or an "error" string)');
    const total = statsOf(entry) ?? { min: entry.latency, avg: entry.latency, median: entry.latency, p95: entry.latency, max: entry.latency };
    const phases = (0,json/* isRecord */.u4)(entry.phases) ? phaseSummary(entry.phases) : { ...phaseSummary(undefined), total };
    return {
        ...common,
        failures: countOf(entry.failures) ?? 0,
        errors: countRecord(entry.errors) ?? {},
        ...(typeof entry.status_code === 'number' ? { status_code: entry.status_code } : {}),
        phases,
    };
}
function phaseSummary(phases) {
    const zero = phaseStats([]);
    return Object.fromEntries(types/* LATENCY_PHASES */.EY.map((p) => [p, ((0,json/* isRecord */.u4)(phases?.[p]) && statsOf(phases[p])) || zero]));
}
function statsOf(record) {
    const stats = types/* LATENCY_STATS */.Ln.map((s) => [s, record[s]]);
    return stats.every(([, v]) => typeof v === 'number') ? Object.fromEntries(stats) : undefined;
}
function countRecord(value) {
    if (!(0,json/* isRecord */.u4)(value))
        return undefined;
    const entries = Object.entries(value);
    return entries.every(([, v]) => countOf(v) !== undefined) ? Object.fromEntries(entries) : undefined;
}
function countOf(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}


/***/ }),

/***/ 75888:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  qV: () => (/* binding */ judgeLatency),
  GW: () => (/* binding */ planLatency),
  jC: () => (/* binding */ runLatencyPlan)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/hosted/client.ts
var client = __webpack_require__(7164);
// EXTERNAL MODULE: ./src/latency/locations.ts
var latency_locations = __webpack_require__(32446);
// EXTERNAL MODULE: ./src/latency/run.ts + 1 modules
var run = __webpack_require__(38994);
// EXTERNAL MODULE: ./src/report/figures.ts
var figures = __webpack_require__(53831);
// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/thresholds/latency.ts
var latency = __webpack_require__(16902);
// EXTERNAL MODULE: ./src/verdict/compare-values.ts
var compare_values = __webpack_require__(99625);
;// CONCATENATED MODULE: ./src/verdict/latency.ts
// Latency thresholds against a latency test's results (docs/latency.md): each threshold measured
// at its location, or at every location, and its outcome written for the checks. Parsing is
// src/thresholds/latency.ts's. Pure.





/** The measured side of an outcome: `212.5 ms at EU.DE.FRA`, `10 %`, `no successful sample at LOCAL.HOST`. */
function formatLatencyActual(o) {
    const at = o.location === undefined ? '' : ` at ${o.location}`;
    if (o.actual === null)
        return `no successful sample${at}`;
    const value = o.threshold.metric === 'fail_rate' ? (0,grammar/* formatMetricValue */.dd)('fail_rate', o.actual) : (0,figures/* formatLatencyMs */.Se)(o.actual);
    return `${value}${at}`;
}
/** Measure each threshold; one naming a location absent from the result is a problem, never a pass. */
function evaluateLatencyThresholds(result, thresholds, origin = grammar/* THRESHOLDS_INPUT */.U6) {
    const outcomes = [];
    const problems = [];
    const codes = Object.keys(result.locations);
    for (const threshold of thresholds) {
        const path = (0,grammar/* thresholdPlace */.Zv)(origin, threshold.line);
        if (codes.length === 0) {
            problems.push({ path, message: 'the latency test measured no location' });
        }
        else if (threshold.location !== undefined && !Object.hasOwn(result.locations, threshold.location)) {
            problems.push({
                path,
                message: `location ${threshold.location} is not in the latency results; its locations are: ${codes.join(', ')}`,
            });
        }
        else {
            outcomes.push({ describe: (0,latency/* describeLatencyThreshold */.Rw)(threshold), ...measure(result, threshold) });
        }
    }
    return (0,errors/* parsedUnless */.oQ)(problems, outcomes);
}
function measure(result, t) {
    if (t.location !== undefined)
        return atLocation(t, t.location, result.locations[t.location]);
    if (t.metric === 'fail_rate') {
        const all = Object.values(result.locations);
        const actual = failRate(all.reduce((n, l) => n + l.failures, 0), all.reduce((n, l) => n + l.samples, 0));
        return { threshold: t, actual, passed: (0,compare_values/* compareValues */.c)(actual, t.op, t.value) };
    }
    // Every location must hold it: the outcome shows the first that does not, else the closest to the limit.
    const each = Object.entries(result.locations).map(([code, l]) => atLocation(t, code, l));
    const failed = each.find((m) => !m.passed);
    if (failed)
        return failed;
    const closest = [...each].sort((a, b) => Math.abs((a.actual ?? 0) - t.value) - Math.abs((b.actual ?? 0) - t.value))[0];
    return closest;
}
function atLocation(t, code, l) {
    if (t.metric === 'fail_rate') {
        const actual = failRate(l.failures, l.samples);
        return { threshold: t, actual, passed: (0,compare_values/* compareValues */.c)(actual, t.op, t.value), location: code };
    }
    // A location without a successful sample has no latency to hold against the limit.
    if (l.samples - l.failures === 0)
        return { threshold: t, actual: null, passed: false, location: code };
    const [phase, stat] = t.metric.split('.');
    const actual = l.phases[phase][stat];
    return { threshold: t, actual, passed: (0,compare_values/* compareValues */.c)(actual, t.op, t.value), location: code };
}
function failRate(failures, samples) {
    return samples === 0 ? 0 : (failures * 100) / samples;
}

;// CONCATENATED MODULE: ./src/latency/session.ts
// A latency test as the action and the CLI run it: planned and checked before any request (the
// target, the location patterns against the configured locations, the samples), then run from
// this machine or on a service of the interface, and judged by its `latency…` thresholds.





function planLatency(input, names, hosted) {
    const problems = [];
    if (!/^https?:\/\/[^/]+/.test(input.target)) {
        problems.push({ path: names.target, message: `expected an http:// or https:// URL, got "${input.target}"` });
    }
    const samples = (0,run/* parseSamples */.rI)(input.samples, names.samples);
    if ((0,errors/* isProblem */.AN)(samples))
        problems.push(samples);
    const patterns = (0,latency_locations/* splitPatterns */.sb)(input.patterns.length > 0 ? input.patterns : ['*']);
    let locations = [];
    const configured = (0,latency_locations/* parseLocationConfig */.$X)(input.config, names.config);
    if (!configured.ok)
        problems.push(...configured.problems);
    else if (!hosted) {
        const selected = (0,latency_locations/* selectLocations */.BF)(configured.value, patterns, names.patterns);
        if (selected.ok)
            locations = selected.value;
        else
            problems.push(...selected.problems);
    }
    if (problems.length > 0 || (0,errors/* isProblem */.AN)(samples))
        return (0,errors/* failed */.gz)(problems);
    return (0,errors/* parsed */.Yz)({ target: input.target, patterns, locations, samples, samplesGiven: input.samples.trim() !== '' });
}
async function runLatencyPlan(plan, settings) {
    if (!settings.hosted) {
        return (0,run/* runLatency */.Af)(plan.target, plan.locations, { samples: plan.samples, insecure: settings.insecure, signal: settings.signal });
    }
    const { apiUrl, apiKey, log, warn = log } = settings.hosted;
    // The interface's request has no sample count: ask for one only when the user named it.
    const asked = plan.samplesGiven ? plan.samples : undefined;
    const result = await (0,run/* runHostedLatency */.J8)((0,client/* createClient */.UU)({ baseUrl: apiUrl, apiKey, log }), plan.target, plan.patterns, asked);
    if (asked !== undefined && result.samples !== asked) {
        warn(`loadgate: the service took ${result.samples} samples per location, not the ${asked} asked for (a sample count is not part of the service interface, so a service may ignore it)`);
    }
    return result;
}
/** The thresholds' outcomes, and the same as checks for the report's verdict. */
function judgeLatency(result, thresholds, origin) {
    const evaluated = evaluateLatencyThresholds(result, thresholds, origin);
    if (!evaluated.ok)
        throw new errors/* InputError */.dz(evaluated.problems);
    return {
        outcomes: evaluated.value,
        checks: evaluated.value.map((o) => ({ describe: o.describe, actual: formatLatencyActual(o), passed: o.passed })),
    };
}


/***/ }),

/***/ 75205:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ median)
/* harmony export */ });
/** The median (the mean of the middle two for an even count); undefined for none. */
function median(values) {
    if (values.length === 0)
        return undefined;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}


/***/ }),

/***/ 75379:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  O: () => (/* binding */ mergeShards)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/engine/generator.ts
var generator = __webpack_require__(42043);
// EXTERNAL MODULE: ./src/engine/run-info.ts
var run_info = __webpack_require__(54604);
// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
// EXTERNAL MODULE: ./src/results/second-sum.ts
var second_sum = __webpack_require__(95090);
;// CONCATENATED MODULE: ./src/merge/streams.ts


class StreamSums {
    histograms = { first_event: new Map(), gap: new Map() };
    counts = new Map();
    /** Adds one shard's streaming steps; problems name the histograms that do not decode. */
    add(file, results, histograms) {
        const problems = [];
        for (const step of results.steps) {
            if (step.stream === undefined)
                continue;
            for (const [location, part] of Object.entries(step.location_dist)) {
                if (part.stream === undefined)
                    continue;
                const counts = cellOf(this.counts, step.id, location, () => ({ streams: 0, events: 0, close_code_dist: {} }));
                counts.streams += part.stream.streams;
                counts.events += part.stream.events;
                for (const [code, n] of Object.entries(part.stream.close_code_dist ?? {}))
                    counts.close_code_dist[code] = (counts.close_code_dist[code] ?? 0) + n;
                for (const metric of ['first_event', 'gap']) {
                    const encoded = histograms.streams?.[metric].step_locations[String(step.id)]?.[location];
                    const path = `$.histograms.streams.${metric}.step_locations${(0,json/* member */.Dc)(String(step.id))}${(0,json/* member */.Dc)(location)}`;
                    if (typeof encoded !== 'string') {
                        problems.push({ file, path, message: `missing the ${metric} histogram of streaming step ${step.id} at ${location}` });
                        continue;
                    }
                    const added = (0,histogram/* addDecoded */.qV)(cellOf(this.histograms[metric], step.id, location, histogram/* newHistogram */.HL), encoded);
                    if (typeof added === 'string')
                        problems.push({ file, path, message: added });
                }
            }
        }
        return problems;
    }
    /** Sets the merged `stream` of every streaming step and of each of its locations. */
    apply(results) {
        for (const step of results.steps) {
            const byLocation = this.counts.get(step.id);
            if (!byLocation)
                continue;
            for (const [location, counts] of byLocation) {
                const cell = step.location_dist[location];
                if (cell)
                    cell.stream = this.figures(step.id, [location], counts);
            }
            const all = { streams: 0, events: 0, close_code_dist: {} };
            for (const counts of byLocation.values()) {
                all.streams += counts.streams;
                all.events += counts.events;
                for (const [code, n] of Object.entries(counts.close_code_dist))
                    all.close_code_dist[code] = (all.close_code_dist[code] ?? 0) + n;
            }
            step.stream = this.figures(step.id, [...byLocation.keys()], all);
        }
    }
    /** The merged stream histograms, or undefined when no shard streamed. */
    encoded() {
        if (this.counts.size === 0)
            return undefined;
        return { first_event: this.encodedOf('first_event'), gap: this.encodedOf('gap') };
    }
    destroy() {
        for (const byCell of Object.values(this.histograms))
            for (const byLocation of byCell.values())
                for (const h of byLocation.values())
                    h.destroy();
    }
    figures(stepId, locations, counts) {
        const timesOf = (metric) => {
            const parts = locations.flatMap((l) => this.histograms[metric].get(stepId)?.get(l) ?? []);
            const sum = (0,histogram/* sumHistograms */.LA)(parts);
            const times = (0,histogram/* responseTimesOf */.zf)(sum);
            sum.destroy();
            return times;
        };
        return {
            streams: counts.streams,
            events: counts.events,
            first_event: timesOf('first_event'),
            gap: timesOf('gap'),
            ...(Object.keys(counts.close_code_dist).length > 0 && { close_code_dist: counts.close_code_dist }),
        };
    }
    encodedOf(metric) {
        const byCell = this.histograms[metric];
        const encodeSum = (parts) => {
            const sum = (0,histogram/* sumHistograms */.LA)(parts);
            const encoded = (0,histogram/* encodeHistogram */.ll)(sum);
            sum.destroy();
            return encoded;
        };
        return {
            overall: encodeSum([...byCell.values()].flatMap((b) => [...b.values()])),
            steps: Object.fromEntries([...byCell].map(([id, b]) => [String(id), encodeSum([...b.values()])])),
            step_locations: Object.fromEntries([...byCell].map(([id, b]) => [String(id), Object.fromEntries([...b].map(([name, h]) => [name, (0,histogram/* encodeHistogram */.ll)(h)]))])),
        };
    }
}
function cellOf(map, step, location, make) {
    let byLocation = map.get(step);
    if (!byLocation)
        map.set(step, (byLocation = new Map()));
    let value = byLocation.get(location);
    if (value === undefined)
        byLocation.set(location, (value = make()));
    return value;
}

;// CONCATENATED MODULE: ./src/merge/results.ts
// Merges the results files of a sharded run (docs/scaling.md) into one result. Exact: the step ×
// location and per-second histograms of every shard are added, and every percentile is taken from
// the sums, never averaged (docs/results.md, "Shard files"). Callers await initHistograms() first.







/** A shard is late when it began more than this after `start-at`, or after the earliest shard. */
const LATE_MS = 1000;
/**
 * Every problem of the set at once (shape, N, definition, indexes, undecodable histograms), or the
 * merged result. Its `test_url` is the lowest shard's: callers set their own run page or file URL.
 */
function mergeShards(inputs) {
    if (inputs.length === 0)
        return (0,errors/* failed */.gz)([{ path: 'shards', message: 'no shard results files to merge' }]);
    const problems = [];
    const blocks = [];
    const shards = [];
    for (const { file, content } of inputs) {
        const checked = checkShardFile(content);
        problems.push(...checked.issues.map((issue) => ({ file, ...issue })));
        if (checked.block)
            blocks.push({ file, data: checked.block });
        if (checked.shard)
            shards.push({ file, data: checked.shard });
    }
    problems.push(...setProblems(blocks));
    if (problems.length > 0)
        return (0,errors/* failed */.gz)(problems);
    shards.sort((a, b) => a.data.run.shard.index - b.data.run.shard.index);
    return mergeValid(shards);
}
// ---- the set: one N, one definition, every index once ----
function setProblems(shards) {
    const problems = [];
    const byCount = groupFiles(shards, (s) => String(s.data.count));
    if (byCount.size > 1) {
        problems.push({
            path: '$.run.shard.count',
            message: `the files are shards of different splits: ${listGroups(byCount, (n) => `N=${n}`)}`,
        });
    }
    const byHash = groupFiles(shards, (s) => s.data.definition_sha256);
    if (byHash.size > 1) {
        problems.push({
            path: '$.run.shard.definition_sha256',
            message: `the files are shards of different definitions: ${listGroups(byHash, (h) => `definition ${h.slice(0, 12)}`)}`,
        });
    }
    const byIndex = groupFiles(shards, (s) => String(s.data.index));
    for (const [index, files] of byIndex) {
        if (files.length > 1)
            problems.push({ path: '$.run.shard.index', message: `shard ${index} is in more than one file: ${files.join(', ')}` });
    }
    const [count] = byCount.size === 1 ? byCount.keys() : [];
    if (count !== undefined)
        problems.push(...missingProblems(Number(count), byIndex));
    return problems;
}
function missingProblems(count, byIndex) {
    const missing = [];
    for (let index = 1; index <= count; index++)
        if (!byIndex.has(String(index)))
            missing.push(index);
    if (missing.length === 0)
        return [];
    const which = missing.length === 1 ? `shard ${missing[0]} of ${count} is missing` : `shards ${missing.join(', ')} of ${count} are missing`;
    return [{ path: '$.run.shard.index', message: `${which}: every shard's results file is needed (download every shard's artifact)` }];
}
function groupFiles(shards, keyOf) {
    const groups = new Map();
    for (const s of shards)
        groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s.file]);
    return groups;
}
function listGroups(groups, label) {
    return [...groups].map(([key, files]) => `${label(key)} in ${files.join(', ')}`).join('; ');
}
function mergeValid(shards) {
    const sums = { cells: new Map(), seconds: new Map() };
    const streams = new StreamSums();
    try {
        const problems = shards.flatMap((shard) => [
            ...addHistograms(sums, shard),
            ...streams.add(shard.file, shard.data.results, shard.data.histograms),
        ]);
        if (problems.length > 0)
            return (0,errors/* failed */.gz)(problems);
        const summaries = shardSummaries(shards);
        const results = mergedResults(shards, sums.cells);
        streams.apply(results);
        const streamHistograms = streams.encoded();
        const result = {
            test_url: shards[0].data.test_url,
            results,
            run: mergedRun(shards, sums, summaries),
            histograms: { ...mergedHistograms(sums.cells), ...(streamHistograms && { streams: streamHistograms }) },
        };
        return (0,errors/* parsed */.Yz)({ result, shards: summaries });
    }
    finally {
        streams.destroy();
        for (const byLocation of sums.cells.values())
            for (const cell of byLocation.values())
                cell.histogram.destroy();
        for (const second of sums.seconds.values())
            second.destroy();
    }
}
function addHistograms(sums, { file, data }) {
    const problems = [];
    const add = (into, encoded, path) => {
        const decoded = (0,histogram/* addDecoded */.qV)(into, encoded);
        if (typeof decoded === 'string')
            problems.push({ file, path, message: decoded });
        return typeof decoded === 'number' ? decoded : 0;
    };
    for (const step of data.results.steps) {
        const byLocation = getOrSet(sums.cells, step.id, () => new Map());
        for (const [location, part] of Object.entries(step.location_dist)) {
            const cell = getOrSet(byLocation, location, () => ({ histogram: (0,histogram/* newHistogram */.HL)(), maxMs: 0, minMs: Infinity }));
            const key = String(step.id);
            const added = add(cell.histogram, data.histograms.step_locations[key][location], `$.histograms.step_locations${(0,json/* member */.Dc)(key)}${(0,json/* member */.Dc)(location)}`);
            if (added > 0) {
                cell.maxMs = Math.max(cell.maxMs, part.response_times.max);
                cell.minMs = Math.min(cell.minMs, part.response_times.min);
            }
        }
    }
    const base = Math.floor(Date.parse(data.run.shard.started_at) / 1000);
    data.run.series.forEach((sample, i) => {
        const second = getOrSet(sums.seconds, base + sample.t, () => new second_sum/* SecondSum */.S());
        for (const p of second.add(sample, sample.histogram))
            problems.push({ file, path: `$.run.series[${i}].${p.field}`, message: p.message });
    });
    return problems;
}
function mergedResults(shards, cells) {
    const steps = mergedSteps(shards.flatMap((s) => s.data.results.steps), cells);
    const locations = new Map();
    for (const { data } of shards) {
        for (const [name, part] of Object.entries(data.results.location_dist)) {
            const into = getOrSet(locations, name, () => ({ ...zeroCounts(), response_times: timesOf(name, cells) }));
            addCounts(into, part);
        }
    }
    return {
        steps,
        ...sumCounts(shards.map((s) => s.data.results)),
        response_times: timesOf(undefined, cells),
        location_dist: Object.fromEntries(locations),
    };
}
/** Steps matched by id, in the order the lowest shard lists them; locations by name (their union). */
function mergedSteps(parts, cells) {
    const steps = new Map();
    for (const part of parts) {
        const step = getOrSet(steps, part.id, () => ({
            id: part.id,
            ...zeroCounts(),
            response_times: timesOf(undefined, cells, part.id),
            status_code_dist: {},
            error_dist: {},
            location_dist: {},
        }));
        addCounts(step, part);
        addDist(step.status_code_dist, part.status_code_dist);
        addDist(step.error_dist, part.error_dist);
        for (const [name, cell] of Object.entries(part.location_dist)) {
            step.location_dist[name] ??= {
                error_dist: {},
                ...zeroCounts(),
                response_times: timesOf(name, cells, part.id),
                status_code_dist: {},
                location_dist: {},
            };
            addStepLocation(step.location_dist[name], cell);
        }
    }
    return [...steps.values()];
}
function addStepLocation(into, part) {
    addCounts(into, part);
    addDist(into.status_code_dist, part.status_code_dist);
    addDist(into.error_dist, part.error_dist);
}
/** Every level's histogram, summed from the step × location cells as the response times are. */
function mergedHistograms(cells) {
    const encodeSum = (parts) => {
        const sum = (0,histogram/* sumHistograms */.LA)(parts.map((c) => c.histogram));
        try {
            return (0,histogram/* encodeHistogram */.ll)(sum);
        }
        finally {
            sum.destroy();
        }
    };
    const all = [...cells.values()].flatMap((byLocation) => [...byLocation.values()]);
    const names = [...new Set([...cells.values()].flatMap((byLocation) => [...byLocation.keys()]))];
    return {
        overall: encodeSum(all),
        steps: Object.fromEntries([...cells].map(([id, byLocation]) => [String(id), encodeSum([...byLocation.values()])])),
        locations: Object.fromEntries(names.map((name) => [name, encodeSum([...cells.values()].flatMap((b) => (b.has(name) ? [b.get(name)] : [])))])),
        step_locations: Object.fromEntries([...cells].map(([id, byLocation]) => [
            String(id),
            Object.fromEntries([...byLocation].map(([name, cell]) => [name, (0,histogram/* encodeHistogram */.ll)(cell.histogram)])),
        ])),
    };
}
/** Response times of the cells of one step and/or one location (all of them when both are absent). */
function timesOf(location, cells, stepId) {
    const parts = [];
    for (const [id, byLocation] of cells) {
        if (stepId !== undefined && id !== stepId)
            continue;
        for (const [name, cell] of byLocation)
            if (location === undefined || name === location)
                parts.push(cell);
    }
    const sum = (0,histogram/* sumHistograms */.LA)(parts.map((cell) => cell.histogram));
    const times = (0,histogram/* responseTimesOf */.zf)(sum);
    const empty = sum.totalCount === 0;
    sum.destroy();
    if (empty)
        return times;
    return { ...times, max: Math.max(...parts.map((c) => c.maxMs)), min: Math.min(...parts.map((c) => c.minMs)) };
}
function zeroCounts() {
    return { fail_count: 0, success_count: 0, iteration_count: 0 };
}
function addCounts(into, part) {
    into.fail_count += part.fail_count;
    into.success_count += part.success_count;
    into.iteration_count += part.iteration_count;
}
function sumCounts(parts) {
    const total = zeroCounts();
    for (const part of parts)
        addCounts(total, part);
    return total;
}
function addDist(into, part) {
    for (const [key, count] of Object.entries(part))
        into[key] = (into[key] ?? 0) + count;
}
function mergedRun(shards, sums, summaries) {
    const first = shards[0].data.run;
    const { startMs, finishMs } = windowOf(shards);
    return (0,run_info/* runBlock */.rA)({
        mode: 'merge',
        name: first.name,
        startedAt: new Date(startMs),
        finishedAt: new Date(finishMs),
        durationS: (finishMs - startMs) / 1000,
        rateWindowS: Math.max(...shards.map(rateWindowOf)),
        requests: shards.reduce((n, s) => n + (0,run_info/* requestsOf */.uD)(s.data.results), 0),
        lateIterations: shards.reduce((n, s) => n + s.data.run.late_iterations, 0),
        maxScheduleLagMs: Math.max(...shards.map((s) => s.data.run.max_schedule_lag_ms)),
        steps: first.steps,
        locations: Object.assign({}, ...shards.map((s) => s.data.run.locations)),
        interrupted: shards.some((s) => s.data.run.interrupted),
        series: mergedSeries(sums.seconds, Math.floor(startMs / 1000)),
        generator: (0,generator/* mergeGenerators */.XL)(shards.map((s) => ({ index: s.data.run.shard.index, generator: s.data.run.generator }))),
        shards: summaries,
    });
}
/**
 * The seconds a shard's rps is over (rates.ts). Shards run side by side over the same plan, so the
 * merged rate is over the longest of them. A file of a version before run.rate_window_s names it
 * only through its rate (requests over the planned seconds, whole as every plan's are), and one
 * without requests through its duration.
 */
function rateWindowOf(shard) {
    const { rps, duration_s: duration, rate_window_s: window, interrupted } = shard.data.run;
    if (typeof window === 'number' && Number.isFinite(window) && window > 0)
        return window;
    const requests = (0,run_info/* requestsOf */.uD)(shard.data.results);
    if (!(rps > 0 && requests > 0))
        return duration;
    return interrupted ? requests / rps : Math.round(requests / rps);
}
function windowOf(shards) {
    return {
        startMs: Math.min(...shards.map((s) => Date.parse(s.data.run.shard.started_at))),
        finishMs: Math.max(...shards.map((s) => Date.parse(s.data.run.shard.finished_at))),
    };
}
/** One entry per second from the earliest shard's first second, without gaps. */
function mergedSeries(seconds, firstSecond) {
    const last = Math.max(firstSecond - 1, ...seconds.keys());
    const series = [];
    for (let abs = firstSecond; abs <= last; abs++) {
        const t = abs - firstSecond;
        // A second no shard ran in (shards that started apart): nothing happened, and no shard counted its errors.
        series.push(seconds.get(abs)?.sample(t, false) ?? { t, started: 0, responses: 0, failures: 0, p50: 0, p95: 0, p99: 0 });
    }
    return series;
}
function shardSummaries(shards) {
    const { startMs } = windowOf(shards);
    return shards.map(({ file, data }) => {
        const { index, started_at, finished_at, start_lag_ms } = data.run.shard;
        return {
            index,
            file,
            started_at,
            finished_at,
            start_lag_ms,
            iterations: data.results.iteration_count,
            late: start_lag_ms > LATE_MS || Date.parse(started_at) - startMs > LATE_MS,
        };
    });
}
function getOrSet(map, key, make) {
    let value = map.get(key);
    if (value === undefined) {
        value = make();
        map.set(key, value);
    }
    return value;
}
const SHARD_HINT = 'of a shard results file (run with --shard)';
/** The problems of a file; its shard block when that is sound (for the set checks); the file when all is. */
function checkShardFile(content) {
    const hosted = hostedIssue(content);
    if (hosted)
        return { issues: [hosted] };
    const issues = shardFileCheck(content, '$');
    const blockSound = !issues.some((i) => i.path === '$' || i.path === '$.run' || i.path.startsWith('$.run.shard'));
    const block = blockSound ? content.run.shard : undefined;
    if (issues.length === 0)
        issues.push(...histogramCoverageIssues(content));
    return issues.length > 0 ? { issues, block } : { issues, block, shard: content };
}
/**
 * A hosted run's result is never a shard, even with its histograms: the interface starts a test
 * from the whole definition and has no slice of a plan, so each hosted run sent the whole load,
 * and adding N of them would report N times the plan as one run. Said as such, with what to do
 * instead, rather than as a missing shard block.
 */
function hostedIssue(content) {
    if (!(0,json/* isRecord */.u4)(content) || !(0,json/* isRecord */.u4)(content.run) || content.run.mode !== 'hosted')
        return undefined;
    return {
        path: '$.run.mode',
        message: "a hosted run's result, not a shard's: a service runs the whole test (its interface has no slice of a plan), so hosted " +
            'results of one definition are whole runs that a merge would count N times; for more load, split over runners with ' +
            '--shard i/N without --api-url and merge those, or let the service spread the test (loadgate serve --executor kubernetes); ' +
            'to set two runs side by side, use one as the --baseline of the other (docs/scaling.md)',
    };
}
function leaf(ok, expected) {
    return (value, path) => (ok(value) ? [] : [{ path, message: `expected ${expected}, got ${(0,json/* describeValue */.bp)(value)}` }]);
}
/** An object with these keys; `missing` words the problem of an absent key where the generic one would not help. */
function object(fields, missing = {}) {
    return (value, path) => {
        if (!(0,json/* isRecord */.u4)(value))
            return [{ path, message: `expected an object, got ${(0,json/* describeValue */.bp)(value)}` }];
        return Object.entries(fields).flatMap(([key, check]) => Object.hasOwn(value, key)
            ? check(value[key], path + (0,json/* member */.Dc)(key))
            : [{ path: path + (0,json/* member */.Dc)(key), message: missing[key] ?? `missing required key "${key}"` }]);
    };
}
function dictionary(each) {
    return (value, path) => (0,json/* isRecord */.u4)(value)
        ? Object.entries(value).flatMap(([key, v]) => each(v, path + (0,json/* member */.Dc)(key)))
        : [{ path, message: `expected an object, got ${(0,json/* describeValue */.bp)(value)}` }];
}
function list(each) {
    return (value, path) => Array.isArray(value)
        ? value.flatMap((v, i) => each(v, `${path}[${i}]`))
        : [{ path, message: `expected an array, got ${(0,json/* describeValue */.bp)(value)}` }];
}
const count = leaf((v) => Number.isSafeInteger(v) && v >= 0, 'a count (an integer ≥ 0)');
const positive = leaf((v) => Number.isSafeInteger(v) && v >= 1, 'an integer ≥ 1');
const nonNegative = leaf((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0, 'a number ≥ 0');
const results_text = leaf((v) => typeof v === 'string', 'a string');
const flag = leaf((v) => typeof v === 'boolean', 'true or false');
const time = leaf((v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)), 'an ISO 8601 time');
const sha256 = leaf((v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v), 'a SHA-256 in hex');
const anything = () => [];
const times = object(Object.fromEntries(['avg', 'max', 'min', 'p80', 'p90', 'p95', 'p99', 'median', 'stddev'].map((key) => [key, nonNegative])));
const counts = { fail_count: count, success_count: count, iteration_count: count, response_times: times };
const stepLocation = object({ ...counts, status_code_dist: dictionary(count), error_dist: dictionary(count) });
const step = object({
    id: positive,
    ...counts,
    status_code_dist: dictionary(count),
    error_dist: dictionary(count),
    location_dist: dictionary(stepLocation),
});
/** `check`, and the optional keys' checks where they are given. */
function withOptional(check, optional) {
    return (value, path) => {
        const issues = check(value, path);
        if (!(0,json/* isRecord */.u4)(value))
            return issues;
        for (const [key, each] of Object.entries(optional))
            if (value[key] !== undefined)
                issues.push(...each(value[key], path + (0,json/* member */.Dc)(key)));
        return issues;
    };
}
/** A second's stream figures (stream-seconds.ts); a time's histogram is absent when the second had none of it. */
const secondTimes = withOptional(object({ p50: nonNegative, p95: nonNegative, p99: nonNegative }), { histogram: results_text });
const secondStream = object({ streams: count, events: count, first_event: secondTimes, gap: secondTimes });
const shardBlock = (value, path) => {
    const issues = object({
        index: positive,
        count: positive,
        definition_sha256: sha256,
        started_at: time,
        finished_at: time,
        start_lag_ms: nonNegative,
    })(value, path);
    const { index, count: n } = value;
    if (issues.length === 0 && index > n)
        issues.push({ path: `${path}.index`, message: `expected a shard index from 1 to the count ${n}, got ${index}` });
    return issues;
};
const shardFileCheck = object({
    test_url: results_text,
    results: object({ steps: list(step), ...counts, location_dist: dictionary(object(counts)) }),
    run: object({
        name: results_text,
        late_iterations: count,
        max_schedule_lag_ms: nonNegative,
        steps: list(anything),
        locations: dictionary(results_text),
        interrupted: flag,
        shard: shardBlock,
        series: list(withOptional(object({ t: count, started: count, responses: count, failures: count, histogram: results_text }), { stream: secondStream })),
    }, { shard: `expected the shard block ${SHARD_HINT}` }),
    histograms: object({ step_locations: dictionary(dictionary(results_text)) }),
}, { histograms: `expected the histograms ${SHARD_HINT}` });
/** Every step × location a shard reports needs its histogram, or its times would be lost from the merge. */
function histogramCoverageIssues(shard) {
    const issues = [];
    for (const step of shard.results.steps) {
        const byLocation = shard.histograms.step_locations[String(step.id)] ?? {};
        for (const location of Object.keys(step.location_dist)) {
            if (typeof byLocation[location] !== 'string') {
                issues.push({
                    path: `$.histograms.step_locations${(0,json/* member */.Dc)(String(step.id))}${(0,json/* member */.Dc)(location)}`,
                    message: `missing the histogram of step ${step.id} at location ${location} (results.steps has it)`,
                });
            }
        }
    }
    return issues;
}


/***/ }),

/***/ 52561:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ compilePattern)
/* harmony export */ });
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2856);
// Every regular expression that comes from a user (a definition's assertions and captures, an
// import's url filters, a streaming step's `until`) is compiled here, on re2js: RE2's semantics,
// whose matching takes time linear in the text, whatever the pattern. A backtracking engine (V8's
// RegExp) takes exponential time on `(a+)+$` against 40 a's and a "!", and one such line in a
// definition held a core, its run and its stop (docs/variables.md, "Regular expressions").
//
// The source is written as JavaScript writes a RegExp's: re2js translates the spellings RE2 lacks
// (`\uXXXX`, `(?<name>…)`, `[^]`, `\cX`, an escaped `/`). What RE2 cannot run in linear time
// (backreferences, lookaround) is refused, named, before re2js sees it. Imports nothing of the
// project: callers attach the JSON path or the flag to the problem.

/** The flags a pattern may carry, as JavaScript spells them; `u` is accepted and changes nothing (RE2 reads code points). */
const FLAGS = {
    i: re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.CASE_INSENSITIVE,
    m: re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.MULTILINE,
    s: re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.DOTALL,
    u: 0,
};
function compilePattern(source, flags = '') {
    let mask = 0;
    for (const flag of flags) {
        const bit = FLAGS[flag];
        if (bit === undefined)
            return { problem: `the flag "${flag}" is not supported; a pattern takes i, m, s and u` };
        mask |= bit;
    }
    const refused = refusedConstruct(source);
    if (refused !== undefined) {
        return {
            problem: `${refused} is not supported: patterns run on RE2, which matches in linear time and has no backreferences or lookaround`,
        };
    }
    let re;
    try {
        re = re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.compile(re2js__WEBPACK_IMPORTED_MODULE_0__/* .RE2JS */ .L3.translateRegExp(source), mask);
    }
    catch (error) {
        return { problem: `not a valid regular expression: ${error.message.replace(/^error parsing regexp: /, '')}` };
    }
    return { pattern: new Re2Pattern(source, re) };
}
class Re2Pattern {
    source;
    groupCount;
    re;
    constructor(source, re) {
        this.source = source;
        this.re = re;
        this.groupCount = re.groupCount();
    }
    test(text) {
        return this.re.test(text);
    }
    exec(text) {
        const match = this.re.exec(text);
        if (match === null)
            return null;
        const groups = new Array(this.groupCount + 1);
        for (let i = 0; i <= this.groupCount; i++)
            groups[i] = match[i] ?? undefined;
        return groups;
    }
}
/**
 * The first construct RE2 refuses, named as a user knows it: `\1`…`\9` and `\k<name>`
 * (backreferences), `(?=`, `(?!` (lookahead), `(?<=`, `(?<!` (lookbehind). Escapes and character
 * classes are skipped, so `\\1` and `[(?=]` are literal text.
 */
function refusedConstruct(source) {
    let inClass = false;
    for (let i = 0; i < source.length; i++) {
        const c = source[i];
        if (c === '\\') {
            const refused = inClass ? undefined : backreference(source, i + 1);
            if (refused !== undefined)
                return refused;
            i++;
        }
        else if (inClass) {
            inClass = c !== ']';
        }
        else if (c === '[') {
            inClass = true;
            // A "]" right after "[" or "[^" is a member in RE2 (JavaScript's "[]" matches nothing, a rare spelling).
            if (source[i + 1] === '^')
                i++;
            if (source[i + 1] === ']')
                i++;
        }
        else if (c === '(' && source[i + 1] === '?') {
            const kind = lookaround(source.slice(i + 2, i + 4));
            if (kind !== undefined)
                return kind;
        }
    }
    return undefined;
}
/** The backreference an escape at `at` (after its backslash) writes, if it is one. */
function backreference(source, at) {
    const next = source[at] ?? '';
    if (next >= '1' && next <= '9')
        return `the backreference \\${next}`;
    if (next === 'k' && source[at + 1] === '<')
        return 'the backreference \\k<…>';
    return undefined;
}
function lookaround(after) {
    if (after.startsWith('='))
        return 'the lookahead (?=…)';
    if (after.startsWith('!'))
        return 'the negative lookahead (?!…)';
    if (after === '<=')
        return 'the lookbehind (?<=…)';
    if (after === '<!')
        return 'the negative lookbehind (?<!…)';
    return undefined;
}


/***/ }),

/***/ 46620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  E: () => (/* binding */ conclude),
  A: () => (/* binding */ concludeShard)
});

// EXTERNAL MODULE: ./src/latency/session.ts + 1 modules
var session = __webpack_require__(75888);
// EXTERNAL MODULE: ./src/report/model.ts + 1 modules
var report_model = __webpack_require__(62679);
// EXTERNAL MODULE: ./src/report/comparison.ts
var comparison = __webpack_require__(32821);
;// CONCATENATED MODULE: ./src/verdict/comparison.ts

/**
 * The gate as checks for the one judgement: one per step. `slower` fails; `inconclusive` (at the
 * budget) warns, or fails with on-inconclusive `fail`; the other verdicts pass.
 */
function comparisonChecks(c) {
    const limit = (0,comparison/* ratioNumber */.Bw)(1 + c.max_regression);
    return c.steps.map((step) => {
        const describe = `step[${step.name}] head/base ${c.metric} <= ${limit}`;
        if (step.verdict !== 'inconclusive') {
            return { kind: 'comparison', describe, actual: `${(0,comparison/* formatRatio */.B0)(step)}, ${step.verdict}`, passed: step.verdict !== 'slower' };
        }
        return {
            kind: 'comparison',
            describe,
            actual: `${(0,comparison/* formatRatio */.B0)(step)}, inconclusive ${(0,comparison/* stopText */.IC)(c)}${step.note ? `: ${step.note}` : ''}`,
            passed: false,
            ...(c.on_inconclusive !== 'fail' && { warnOnly: true }),
        };
    });
}

// EXTERNAL MODULE: ./src/pipeline/gate.ts + 1 modules
var pipeline_gate = __webpack_require__(65701);
// EXTERNAL MODULE: ./src/history/history.ts
var history_history = __webpack_require__(43328);
// EXTERNAL MODULE: ./src/history/figures.ts
var figures = __webpack_require__(89757);
;// CONCATENATED MODULE: ./src/pipeline/conclude.ts






async function conclude(measured, gate, extras = {}) {
    const { comparison } = measured;
    const latency = extras.latency && (0,session/* judgeLatency */.qV)(extras.latency.result, extras.latency.thresholds, extras.latency.origin);
    const withLatency = extras.latency
        ? { ...measured.result, run: { ...measured.result.run, latency: extras.latency.result } }
        : measured.result;
    const checks = [
        ...(comparison ? comparisonChecks(comparison) : []),
        ...(latency?.checks ?? []).map((c) => ({ ...c, kind: 'latency' })),
    ];
    const judgement = await (0,pipeline_gate/* judgeRun */.Zy)(withLatency, gate, checks, stopOf(withLatency, extras.stoppedBy));
    // After judgeRun, which readies the histograms that the figures read.
    const history = gate.history && historyOf(withLatency, gate.history);
    const result = history ? { ...withLatency, history: history.block } : withLatency;
    const model = (0,report_model/* buildReport */.FK)({
        result,
        ...(history && { history }),
        judgement,
        ...(gate.baseline && { baseline: gate.baseline }),
        ...(comparison && { comparison }),
        ...(latency && { latencyOutcomes: latency.checks }),
        ...(extras.definitionFile && { definitionFile: extras.definitionFile }),
    });
    return { result, judgement, model };
}
/** A shard is judged at the merge, where all its data is: here only what it can say of itself (its summary line, whether it was stopped). */
async function concludeShard(measured, stoppedBy) {
    const { result } = measured;
    const judgement = await (0,pipeline_gate/* judgeShard */.gv)(result, stopOf(result, stoppedBy));
    return { result, judgement, model: (0,report_model/* buildReport */.FK)({ result, judgement }) };
}
/** The results file's history block and what the reports chart: the earlier runs and this one's figures. */
function historyOf(result, history) {
    return {
        block: (0,history_history/* historyBlock */.Wy)(history.runs, history.baseline, history.branch),
        current: (0,figures/* figuresOf */.h)(result),
        notes: history.notes,
    };
}
function stopOf(result, signal) {
    return result.run.interrupted ? (signal ?? 'stopped') : undefined;
}


/***/ }),

/***/ 65701:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Zy: () => (/* binding */ judgeRun),
  gv: () => (/* binding */ judgeShard),
  Mz: () => (/* binding */ preflight),
  Ne: () => (/* binding */ preflightComparison),
  F5: () => (/* binding */ shapeOf)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/engine/engine.ts + 7 modules
var engine = __webpack_require__(46577);
// EXTERNAL MODULE: ./src/engine/plan.ts
var plan = __webpack_require__(30955);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/verdict/judge.ts + 1 modules
var judge = __webpack_require__(77995);
;// CONCATENATED MODULE: ./src/verdict/preflight.ts

const PERCENTILES_IN_EVERY_RESULT = [50, 80, 90, 95, 99];
function preflightThresholds(thresholds, shape, origin = grammar/* THRESHOLDS_INPUT */.U6) {
    const problems = [];
    for (const t of thresholds) {
        const message = capacityProblem(t, shape) ??
            stepProblem(t, shape) ??
            streamProblem(t, shape) ??
            locationProblem(t, shape) ??
            metricProblem(t, shape) ??
            baselineProblem(t, shape);
        if (message)
            problems.push({ path: (0,grammar/* thresholdPlace */.Zv)(origin, t.line), message });
    }
    return problems;
}
/** `capacity` is the whole definition's highest rate, which only a capacity search measures (docs/capacity.md). */
function capacityProblem(t, shape) {
    if (t.metric !== 'capacity')
        return undefined;
    if (!shape.capacity)
        return 'capacity is what loadgate capacity measures (docs/capacity.md); this run will not have it';
    if (t.step !== undefined || t.location !== undefined)
        return "capacity is the whole definition's: it takes no step[…] or location[…]";
    if (t.baseline && shape.baseline && !shape.baseline.capacity)
        return 'the baseline results file has no capacity block: give one that loadgate capacity wrote';
    return undefined;
}
function listSteps(shape) {
    return shape.steps.map((s) => `${s.id} ${s.name}`).join(', ');
}
function stepProblem(t, shape) {
    const selector = t.step;
    if (selector === undefined || 'each' in selector)
        return undefined;
    if ('id' in selector) {
        return shape.steps.some((s) => s.id === selector.id)
            ? undefined
            : `step ${selector.id} is not in the definition; its steps are: ${listSteps(shape)}`;
    }
    const named = shape.steps.filter((s) => s.name === selector.name);
    if (named.length === 0)
        return `step "${selector.name}" is not in the definition; its steps are: ${listSteps(shape)}`;
    if (named.length > 1) {
        return `step name "${selector.name}" is ambiguous: steps ${named.map((s) => s.id).join(', ')} have it; use the id, e.g. step[${named[0].id}]`;
    }
    return undefined;
}
/** `first_event`/`gap` judge streaming steps (docs/streaming.md): a step without `stream` has neither. */
function streamProblem(t, shape) {
    if (t.stream === undefined)
        return undefined;
    const selector = t.step;
    const chosen = selector === undefined || 'each' in selector
        ? shape.steps
        : shape.steps.filter((s) => ('id' in selector ? s.id === selector.id : s.name === selector.name));
    if (chosen.some((s) => s.stream))
        return undefined;
    const streaming = shape.steps.filter((s) => s.stream).map((s) => `${s.id} ${s.name}`);
    const which = chosen.length === 1 ? `step ${chosen[0].id} (${chosen[0].name}) has no "stream"` : 'no step has a "stream"';
    return `${t.stream} is a figure of streaming steps, and ${which}${streaming.length > 0 ? `; streaming steps: ${streaming.join(', ')}` : ''}`;
}
function locationProblem(t, shape) {
    if (t.location === undefined || t.location === '*' || shape.locations.includes(t.location))
        return undefined;
    const hint = t.location === 'local'
        ? ''
        : ` (a country is a location of its own only when it sends through a proxy: --proxy ${t.location}=http://…, input proxies)`;
    return `location "${t.location}" will not be in the results; they will have: ${shape.locations.join(', ')}${hint}`;
}
function metricProblem(t, shape) {
    if (t.overS !== undefined && !shape.histograms)
        return `over TIME needs each second's histogram, which ${shape.mode} results do not carry (docs/verdict.md)`;
    const percentile = (0,grammar/* percentileOf */.D4)(t.metric);
    if (percentile === undefined || (0,grammar/* isNamedMetric */.so)(t.metric) || PERCENTILES_IN_EVERY_RESULT.includes(percentile) || shape.histograms)
        return undefined;
    return `${t.metric} needs the run's histograms, which ${shape.mode} results do not carry; use median, p80, p90, p95 or p99`;
}
function baselineProblem(t, shape) {
    if (!t.baseline)
        return undefined;
    if (!shape.baseline)
        return 'a threshold relative to the baseline needs a baseline results file (--baseline, input baseline)';
    const steps = shape.baseline.results.steps;
    const selector = t.step;
    if (selector && 'id' in selector && !steps.some((s) => s.id === selector.id))
        return `step ${selector.id} is not in the baseline`;
    if (t.location && t.location !== '*' && !Object.hasOwn(shape.baseline.results.location_dist, t.location)) {
        return `location "${t.location}" is not in the baseline`;
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/compare/settings.ts
var compare_settings = __webpack_require__(20254);
// EXTERNAL MODULE: ./src/results/comparison.ts
var comparison = __webpack_require__(2485);
;// CONCATENATED MODULE: ./src/pipeline/gate.ts
// The gate of a run: what the user asked the verdict to check, checked against what the run will
// have before any request (preflight), and the one judgement after it.









/** What a run of this definition will report, known before it starts. */
function shapeOf(definition, proxies, mode, baseline) {
    const config = definition.config_data;
    const countries = Object.keys(config.proxy_config ?? {});
    const locations = mode === 'hosted' ? (countries.length > 0 ? countries : ['local']) : (0,engine/* egressOf */.mn)(new plan/* LoadPlan */.iV(config).locations, proxies).names;
    return {
        steps: config.steps.map((s) => ({ id: s.id, name: s.name, stream: s.stream !== undefined })),
        locations,
        histograms: mode === 'embedded',
        mode,
        ...(baseline && { baseline }),
    };
}
/** Bad thresholds are bad input, found before the first request (exit 2, nothing sent). */
function preflight(gate, shape) {
    // A history baseline is checked against its newest run: the steps and locations a median can have.
    const newest = gate.history?.baseline?.at(-1)?.result;
    const problems = preflightThresholds(gate.thresholds, shape.baseline || !newest ? shape : { ...shape, baseline: newest }, gate.origin);
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
}
/** A comparison checked before its first round: the thresholds (on the head side), and rounds that can decide. */
function preflightComparison(gate, definition, proxies, settings, names) {
    preflight(gate, shapeOf(definition, proxies, 'compare', gate.baseline));
    const { steps } = definition.config_data;
    const problem = (0,compare_settings/* metricWithoutSteps */.Gf)(settings.metric, steps, names.metric) ??
        (0,compare_settings/* undecidableRounds */.s8)(settings, (0,comparison/* comparedSteps */.t5)(steps, settings.metric).length, names.rounds);
    if (problem)
        throw new errors/* InputError */.dz([problem]);
}
/**
 * A shard's judgement: none of the run's thresholds (they are judged at the merge, where all the
 * data is), only what the shard itself can say, for its one summary line and whether it was stopped.
 */
function judgeShard(result, stoppedBy) {
    return judgeRun(result, { thresholds: [], defaults: false, origin: grammar/* THRESHOLDS_INPUT */.U6 }, [], stoppedBy);
}
/** The one judgement of a run, which every surface renders (percentiles may read its histograms). */
async function judgeRun(result, gate, checks = [], stoppedBy) {
    await (0,histogram/* initHistograms */.ay)();
    return (0,judge/* judge */.S4)({
        result,
        thresholds: gate.thresholds,
        defaults: gate.defaults,
        checks,
        origin: gate.origin,
        ...(gate.baseline && { baseline: gate.baseline }),
        ...(gate.history?.baseline && { historyBaseline: gate.history.baseline.map((run) => run.result) }),
        ...(gate.onSaturated && { onSaturated: gate.onSaturated }),
        ...(stoppedBy && { stoppedBy }),
    });
}


/***/ }),

/***/ 3998:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Y8: () => (/* binding */ measureComparison),
  Ac: () => (/* binding */ measureDefinition),
  TB: () => (/* binding */ measureMerge)
});

// EXTERNAL MODULE: ./src/engine/workers.ts + 2 modules
var workers = __webpack_require__(19526);
// EXTERNAL MODULE: ./src/engine/worker-count.ts
var worker_count = __webpack_require__(36356);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/hosted/client.ts
var client = __webpack_require__(7164);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/engine/results.ts
var engine_results = __webpack_require__(14812);
// EXTERNAL MODULE: ./src/engine/run-info.ts
var run_info = __webpack_require__(54604);
// EXTERNAL MODULE: ./src/results/histogram.ts
var results_histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/json.ts
var json = __webpack_require__(8301);
// EXTERNAL MODULE: ./src/rates.ts
var rates = __webpack_require__(42672);
;// CONCATENATED MODULE: ./src/hosted/run-hosted.ts
// One hosted run (docs/interface.md 10): environment and test data on the service, start, poll, result.
// The answer is the same shape as an embedded run: the service's 2.5 body untouched, plus `run`,
// plus the service's `histograms` when it sent sound ones (loadgate serve does).







/** The hosted test could not give a result: failed, too slow, or cancelled before it started. */
class HostedRunError extends Error {
    testId;
    testUrl;
    constructor(message, testId, testUrl) {
        super(message);
        this.name = 'HostedRunError';
        this.testId = testId;
        this.testUrl = testUrl;
    }
}
/** No public source names the public service's statuses after `initial` (docs/interface.md 3). */
const IN_PROGRESS_STATUSES = new Set(['initial', 'queued', 'pending', 'running', 'in_progress', 'stopping']);
const KNOWN_FINAL_STATUSES = new Set(['completed', 'incomplete', 'stopped', 'cancelled', 'failed']);
const FAILED_STATUSES = new Set(['failed', 'error', 'errored']);
const DEFAULT_POLL_MS = 1000;
const DEFAULT_STOP_WAIT_MS = 30_000;
async function runHosted(opts) {
    const ctx = {
        client: opts.client,
        log: opts.log ?? (() => { }),
        sleep: opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
        now: opts.now ?? Date.now,
    };
    const { definition } = opts;
    const environment = await ensureEnvironment(ctx, definition.environment);
    const testData = await uploadTestData(ctx, definition, opts.dataFiles);
    if (opts.signal?.aborted)
        throw new HostedRunError('cancelled before the hosted test started');
    const startedMs = ctx.now();
    const created = await ctx.client.startLoadTest({
        name: definition.name,
        config_data: definition.config_data,
        ...(environment === undefined ? {} : { environment }),
        ...(testData.length === 0 ? {} : { test_data: testData }),
    });
    ctx.log(`hosted test ${created.id} started${created.test_url ? `: ${created.test_url}` : ''}`);
    const { details, stoppedByUs } = await pollUntilFinal(ctx, created.id, opts, startedMs);
    const finishedMs = ctx.now();
    const testUrl = details.test_url ?? created.test_url;
    if (FAILED_STATUSES.has(details.status)) {
        const reason = details.failure_reason ?? 'the service gave no failure_reason';
        throw new HostedRunError(`hosted test ${created.id} ${details.status}: ${reason}${testUrl ? ` (${testUrl})` : ''}`, created.id, testUrl);
    }
    // loadgate serve: part of the planned load is missing; the partial result is judged, and can never pass.
    const incomplete = details.status === 'incomplete';
    if (incomplete)
        ctx.log(`hosted test ${created.id} incomplete: ${details.failure_reason ?? 'part of the planned load is missing'}`);
    const resultPath = incomplete ? acceptingIncomplete(opts.resultPath ?? client/* DEFAULT_RESULT_PATH */.Ex) : opts.resultPath;
    const body = checkResultBody(await ctx.client.getResult(created.id, resultPath), `GET ${(0,client/* resultPathFor */.Qm)(created.id, resultPath)}`);
    await readPlan(ctx, details, definition);
    const histograms = await serviceHistograms(ctx, body);
    return {
        test_url: typeof body.test_url === 'string' ? body.test_url : (testUrl ?? ''),
        results: body.results,
        run: hostedRun(definition, body, details, { startedMs, finishedMs, interrupted: stoppedByUs || details.status === 'stopped' || incomplete }, opts.runSteps),
        ...(histograms && { histograms }),
    };
}
/** The result path asking for an incomplete test's partial result, which serve gives only to a client that says it knows the status. */
function acceptingIncomplete(path) {
    return `${path}${path.includes('?') ? '&' : '?'}accept=incomplete`;
}
/**
 * The service's histograms of every level (not in the interface; loadgate serve sends its
 * engine's), kept when every level of the results has one that decodes, so that any percentile
 * can be judged on the result as on an embedded one. Without them, the log says what is lost.
 */
async function serviceHistograms(ctx, body) {
    if (body.histograms === undefined) {
        ctx.log('the service sent no histograms: thresholds on this result can use the median, p80, p90, p95 and p99 only');
        return undefined;
    }
    await (0,results_histogram/* initHistograms */.ay)();
    const [problem, ...more] = (0,engine_results/* histogramsProblems */.Ey)(body.histograms, body.results);
    if (problem === undefined)
        return body.histograms;
    ctx.log(`the service's histograms are left out: ${problem.path}: ${problem.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}`);
    return undefined;
}
/** A list route's records; none when the service has no such route (not in the interface: docs/interface.md 4). */
async function listIfServed(list) {
    try {
        return await list();
    }
    catch (error) {
        if (error instanceof client/* ServiceError */._7 && (error.status === 404 || error.status === 405))
            return [];
        throw error;
    }
}
/** Reuses an environment with the same name and the same vars, else creates one. */
async function ensureEnvironment(ctx, env) {
    if (!env || env.vars.length === 0)
        return undefined;
    const existing = await listIfServed(() => ctx.client.listEnvironments());
    const same = existing.find((e) => e.name === env.name && sameVars(e.vars, env.vars));
    if (same) {
        ctx.log(`reusing environment "${env.name}" (id ${same.id})`);
        return same.id;
    }
    const created = await ctx.client.createEnvironment(env);
    ctx.log(`created environment "${env.name}" (id ${created.id})`);
    return created.id;
}
/** Same keys with the same values, in any order. */
function sameVars(a, b) {
    if (!Array.isArray(a) || a.length !== b.length)
        return false;
    const byKey = new Map(a.map((v) => [v.key, JSON.stringify(v.value)]));
    return b.every((v) => byKey.get(v.key) === JSON.stringify(v.value));
}
/** The same JSON value, whatever the order of object keys. */
function sameJson(a, b) {
    const canonical = (value) => (0,json/* isRecord */.u4)(value)
        ? Object.fromEntries(Object.entries(value)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]))
        : Array.isArray(value)
            ? value.map(canonical)
            : value;
    return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
/**
 * A stored data set is reused when its file has the same SHA-256 (a service that shows one:
 * loadgate serve does) and its name, type and file_config are the same; otherwise the file is
 * uploaded. Without this, every run would leave one more copy of the same file on the service.
 */
async function uploadTestData(ctx, definition, files) {
    const ids = [];
    const stored = definition.test_data.length === 0 ? [] : await listIfServed(() => ctx.client.listTestData());
    for (const set of definition.test_data) {
        const file = files.find((f) => f.name === set.name);
        if (!file)
            throw new HostedRunError(`test data set "${set.name}": no file content was given to upload (${set.file})`);
        const sha256 = (0,external_node_crypto_.createHash)('sha256').update(file.content).digest('hex');
        const same = stored.find((r) => r.sha256 === sha256 && r.name === set.name && (r.type ?? 'csv') === set.type && sameJson(r.file_config, set.file_config));
        if (same) {
            ctx.log(`reusing test data "${set.name}" (id ${same.id}, same file and file_config)`);
            ids.push(same.id);
            continue;
        }
        const record = await ctx.client.createTestData({
            name: set.name,
            type: set.type,
            file_config: set.file_config,
            fileName: file.fileName,
            content: file.content,
        });
        ctx.log(`uploaded test data "${set.name}" (id ${record.id})`);
        ids.push(record.id);
    }
    return ids;
}
async function pollUntilFinal(ctx, id, opts, startedMs) {
    const interval = Math.max(opts.pollIntervalMs ?? DEFAULT_POLL_MS, opts.minPollMs ?? DEFAULT_POLL_MS);
    const stopWaitMs = opts.stopWaitMs ?? DEFAULT_STOP_WAIT_MS;
    let stopDeadline;
    let lastStatus = '';
    for (;;) {
        const details = await ctx.client.getLoadTest(id);
        if (details.status !== lastStatus)
            ctx.log(`hosted test ${id}: ${details.status}`);
        lastStatus = details.status;
        if (!IN_PROGRESS_STATUSES.has(details.status)) {
            if (!KNOWN_FINAL_STATUSES.has(details.status)) {
                ctx.log(`hosted test ${id}: status "${details.status}" is not one loadgate knows; treating it as final`);
            }
            return { details, stoppedByUs: stopDeadline !== undefined };
        }
        if (stopDeadline === undefined && opts.signal?.aborted) {
            ctx.log(`cancelled: stopping hosted test ${id}`);
            await requestStop(ctx, id);
            stopDeadline = ctx.now() + stopWaitMs;
        }
        if (stopDeadline === undefined && ctx.now() - startedMs >= opts.deadlineMs) {
            await requestStop(ctx, id);
            throw new HostedRunError(`hosted test ${id} did not finish within ${seconds(opts.deadlineMs)} s; it was asked to stop`, id, details.test_url);
        }
        if (stopDeadline !== undefined && ctx.now() >= stopDeadline) {
            throw new HostedRunError(`hosted test ${id} was asked to stop but did not reach a final status within ${seconds(stopWaitMs)} s`, id, details.test_url);
        }
        await sleepUnlessAborted(ctx.sleep, interval, stopDeadline === undefined ? opts.signal : undefined);
    }
}
/** A stop that fails (the test just finished, say) is logged: the next poll tells what happened. */
async function requestStop(ctx, id) {
    try {
        await ctx.client.stopLoadTest(id);
    }
    catch (error) {
        ctx.log(`could not stop hosted test ${id}: ${error.message}`);
    }
}
/** Sleeps, but a cancel wakes the loop at once so the stop goes out without waiting a poll. */
function sleepUnlessAborted(sleep, ms, signal) {
    if (!signal)
        return sleep(ms);
    if (signal.aborted)
        return Promise.resolve();
    return new Promise((resolve) => {
        const wake = () => resolve();
        signal.addEventListener('abort', wake, { once: true });
        void sleep(ms).then(() => {
            signal.removeEventListener('abort', wake);
            resolve();
        });
    });
}
function seconds(ms) {
    return String(Math.round(ms / 100) / 10);
}
/** Just enough of 2.5 for thresholds and reports to work on; everything else is kept as sent. */
function checkResultBody(body, where) {
    const fail = (jsonPath, expected) => (0,client/* unexpectedAnswer */.au)(where, jsonPath, expected);
    if (!(0,json/* isRecord */.u4)(body))
        throw fail('$', 'expected a JSON object (docs/interface.md 2.5)');
    const r = body.results;
    if (!(0,json/* isRecord */.u4)(r))
        throw fail('$.results', 'expected an object');
    if (!Array.isArray(r.steps))
        throw fail('$.results.steps', 'expected an array');
    for (const key of ['fail_count', 'success_count', 'iteration_count']) {
        if (typeof r[key] !== 'number')
            throw fail(`$.results.${key}`, 'expected a number');
    }
    r.steps.forEach((step, i) => {
        if (step === null || typeof step !== 'object')
            throw fail(`$.results.steps[${i}]`, 'expected an object');
        for (const key of ['id', 'fail_count', 'success_count', 'iteration_count']) {
            if (typeof step[key] !== 'number')
                throw fail(`$.results.steps[${i}].${key}`, 'expected a number');
        }
    });
    const dist = r.location_dist;
    if (!(0,json/* isRecord */.u4)(dist))
        throw fail('$.results.location_dist', 'expected an object');
    return body;
}
/** The plan is optional (a service may not keep one): a 404 is fine, a step count that differs is worth a note. */
async function readPlan(ctx, details, definition) {
    if (!details.plan_id)
        return;
    try {
        const plan = await ctx.client.getPlan(details.plan_id);
        const planSteps = plan.config_data?.steps;
        if (Array.isArray(planSteps) && planSteps.length !== definition.config_data.steps.length) {
            ctx.log(`plan ${details.plan_id} has ${planSteps.length} steps, the definition ${definition.config_data.steps.length}`);
        }
    }
    catch (error) {
        if (!(error instanceof client/* ServiceError */._7 && error.status === 404))
            throw error;
    }
}
/**
 * The hosted run's block: its window and counts from the service's answers (our own clock where
 * the service gave no time), and what the service measured of its run where it sent that.
 */
function hostedRun(definition, body, details, times, steps = (0,run_info/* runSteps */.rl)(definition)) {
    const startedAt = dateOr(details.started_at, times.startedMs);
    const finishedAt = dateOr(details.finished_at, times.finishedMs);
    const measured = measuredRun(body.run);
    const durationS = Math.max(0, (finishedAt.getTime() - startedAt.getTime()) / 1000);
    const run = (0,run_info/* runBlock */.rA)({
        mode: 'hosted',
        name: definition.name,
        startedAt,
        finishedAt,
        durationS,
        // The service's own window when it measured one (its late starts past the plan's end); else the
        // plan's seconds: our clock's window holds the submission and the polling, not the load's time.
        rateWindowS: measured.rate_window_s ??
            (0,rates/* rateWindowS */.Eb)({ plannedS: definition.config_data.duration, elapsedS: durationS, interrupted: times.interrupted, lastLateStartS: 0 }),
        requests: (0,run_info/* requestsOf */.uD)(body.results),
        lateIterations: measured.late_iterations ?? 0,
        maxScheduleLagMs: measured.max_schedule_lag_ms ?? 0,
        steps,
        locations: Object.fromEntries(Object.keys(body.results.location_dist).map((k) => [k, 'hosted'])),
        interrupted: times.interrupted,
        series: measured.series ?? [],
        ...(measured.generator && { generator: measured.generator }),
    });
    return measured.coverage ? { ...run, coverage: measured.coverage } : run;
}
/**
 * What the service measured of its own run, when its answer has it (`loadgate serve` sends its
 * whole run block; the interface does not require one): late starts, the schedule's lag, the
 * seconds its rates are over, the per-second series and the generator's self-monitoring, kept
 * rather than replaced by zeros. A field of another shape is left out, never guessed at.
 */
function measuredRun(run) {
    if (!(0,json/* isRecord */.u4)(run))
        return {};
    const r = run;
    const count = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    return {
        ...(count(r.late_iterations) && { late_iterations: r.late_iterations }),
        ...(count(r.max_schedule_lag_ms) && { max_schedule_lag_ms: r.max_schedule_lag_ms }),
        ...(count(r.rate_window_s) && r.rate_window_s > 0 && { rate_window_s: r.rate_window_s }),
        ...(Array.isArray(r.series) && r.series.every((x) => (0,json/* isRecord */.u4)(x) && count(x.t)) && { series: r.series }),
        ...((0,json/* isRecord */.u4)(r.generator) &&
            typeof r.generator.saturated === 'boolean' && { generator: r.generator }),
        ...((0,json/* isRecord */.u4)(r.coverage) &&
            count(r.coverage.measured_pct) &&
            Array.isArray(r.coverage.shards) && { coverage: r.coverage }),
    };
}
/** The service's own timestamp when it gave a readable one, else what we observed. */
function dateOr(value, fallbackMs) {
    return new Date(typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : fallbackMs);
}

;// CONCATENATED MODULE: ./src/hosted/run-definition.ts
// A checked definition run on a service of the interface: its CSV files are read here (the
// I/O edge) and everything else is runHosted's.




/** The service gets the test's duration, plus room for queueing and set-up, to finish. */
function hostedDeadlineMs(durationS) {
    return (durationS * 3 + 300) * 1000;
}
async function runHostedDefinition(test, settings) {
    const { definition } = test;
    const dataFiles = await Promise.all(definition.test_data.map(async (set) => ({
        name: set.name,
        fileName: (0,external_node_path_.basename)(set.file),
        content: await (0,promises_.readFile)(set.file),
    })));
    return runHosted({
        client: (0,client/* createClient */.UU)({ baseUrl: settings.apiUrl, apiKey: settings.apiKey, log: settings.log }),
        definition,
        dataFiles,
        deadlineMs: hostedDeadlineMs(definition.config_data.duration),
        signal: settings.signal,
        resultPath: settings.resultPath || undefined,
        log: settings.log,
        runSteps: test.runSteps,
    });
}

// EXTERNAL MODULE: ./src/definition/json-text.ts
var json_text = __webpack_require__(48939);
;// CONCATENATED MODULE: ./src/merge/load.ts
// The file side of merging: the FILE|DIR|glob arguments of `loadgate merge` (or the `shards` input)
// expanded into files, each read and parsed. All problems are gathered before any is thrown.
// glob is read from the module when called: a named import of it fails to link on a Node older
// than 22, before the entry's Node check (src/action/node-guard.ts) can say so in one line.





/**
 * Each argument is a file, a directory (every *.json below it) or a glob relative to `cwd`.
 * Files are named as the user would name them: relative to `cwd` unless given absolute.
 */
async function readShardFiles(args, cwd, inputName = 'shards') {
    const problems = [];
    const files = [];
    for (const arg of args) {
        const { found, isDir } = await expand(arg, cwd);
        if (found.length === 0)
            problems.push({ path: inputName, message: noFilesMessage(arg, isDir) });
        for (const file of found)
            if (!files.includes(file))
                files.push(file);
    }
    if (args.length === 0)
        problems.push({ path: inputName, message: 'expected shard results files: name files, directories or globs' });
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    const read = await Promise.all(files.map((file) => readJson(file, cwd)));
    return (0,errors/* valueOrThrow */.P7)((0,errors/* allParsed */.f$)(read));
}
async function expand(arg, cwd) {
    const absolute = (0,external_node_path_.resolve)(cwd, arg);
    const isDir = await isDirectory(absolute);
    if (!isDir && (await isFile(absolute)))
        return { found: [arg], isDir };
    const pattern = isDir ? (0,external_node_path_.join)(absolute, '**/*.json') : arg;
    const found = [];
    for await (const entry of promises_.glob(pattern, { cwd, withFileTypes: true })) {
        if (!entry.isFile() && !entry.isSymbolicLink())
            continue;
        const path = (0,external_node_path_.join)(entry.parentPath, entry.name);
        found.push((0,external_node_path_.isAbsolute)(arg) ? path : (0,external_node_path_.relative)(cwd, path));
    }
    return { found: found.sort(), isDir };
}
function noFilesMessage(arg, isDir) {
    return isDir
        ? `directory "${arg}" holds no .json files: expected the shards' results files in it`
        : `"${arg}" is no file, directory or glob that matches a file: expected the shards' results files`;
}
async function isDirectory(path) {
    return (await (0,promises_.stat)(path).catch(() => undefined))?.isDirectory() ?? false;
}
async function isFile(path) {
    return (await (0,promises_.stat)(path).catch(() => undefined))?.isFile() ?? false;
}
async function readJson(file, cwd) {
    let text;
    try {
        text = await (0,promises_.readFile)((0,external_node_path_.resolve)(cwd, file), 'utf8');
    }
    catch (error) {
        return (0,errors/* failed */.gz)([{ file, path: '$', message: `could not read the file: ${error.message}` }]);
    }
    const json = (0,json_text/* parseJsonText */.lk)(text, file);
    return json.ok ? (0,errors/* parsed */.Yz)({ file, content: json.value.json }) : (0,errors/* failed */.gz)(json.problems);
}

// EXTERNAL MODULE: ./src/merge/results.ts + 1 modules
var results = __webpack_require__(75379);
// EXTERNAL MODULE: ./src/engine/plan.ts
var plan = __webpack_require__(30955);
// EXTERNAL MODULE: ./src/engine/prepare.ts + 1 modules
var prepare = __webpack_require__(23115);
// EXTERNAL MODULE: ./src/engine/generator.ts
var generator = __webpack_require__(42043);
// EXTERNAL MODULE: ./src/engine/parts.ts
var parts = __webpack_require__(9964);
;// CONCATENATED MODULE: ./src/compare/side.ts
// One side of a comparison (docs/comparison.md): what each of its rounds recorded is added up here,
// in memory, histogram by histogram and count by count (engine/parts.ts), into one recorder, as
// one engine would have recorded every round. Its 2.5 result is built from that recorder as an
// embedded run's is, and given the side's own time: duration_s is the rounds' durations added,
// rps is over their rate windows added (rates.ts), and the per-second series are the rounds' seconds placed end to end.





class SideRounds {
    test;
    combined;
    rounds = [];
    constructor(test) {
        this.test = test;
    }
    /** Adds a round's recording; the round's recorder stays the caller's. */
    add(run) {
        const { recorder, ...facts } = run.outcome;
        this.combined ??= (0,parts/* emptyCombined */.bH)(recorder.stepCount, recorder.locationCount);
        (0,parts/* addCombined */.JH)(this.combined, { recorder, extremes: run.extremes });
        this.rounds.push({ ...facts, series: recorder.series });
    }
    get count() {
        return this.rounds.length;
    }
    /** The side over its rounds (at least one added), mode `compare`. */
    result(testUrl) {
        const { recorder, extremes } = this.combined;
        const rounds = this.rounds;
        const steps = this.test.definition.config_data.steps;
        const results = (0,engine_results/* buildResults */.rq)(recorder, steps.map((s) => s.id), rounds[0].locations, extremes, steps.map((s) => s.stream !== undefined));
        return {
            test_url: testUrl,
            results,
            run: (0,run_info/* runBlock */.rA)({
                mode: 'compare',
                name: this.test.definition.name,
                startedAt: new Date(Math.min(...rounds.map((r) => r.startedAt.getTime()))),
                finishedAt: new Date(Math.max(...rounds.map((r) => r.finishedAt.getTime()))),
                durationS: rounds.reduce((sum, r) => sum + r.durationS, 0),
                rateWindowS: rounds.reduce((sum, r) => sum +
                    (0,rates/* rateWindowS */.Eb)({
                        plannedS: this.test.definition.config_data.duration,
                        elapsedS: r.durationS,
                        interrupted: r.interrupted,
                        lastLateStartS: r.lastLateStartS,
                    }), 0),
                requests: (0,run_info/* requestsOf */.uD)(results),
                lateIterations: rounds.reduce((n, r) => n + r.lateIterations, 0),
                maxScheduleLagMs: Math.max(...rounds.map((r) => r.maxScheduleLagMs)),
                steps: this.test.runSteps,
                locations: Object.assign({}, ...rounds.map((r) => r.egress)),
                interrupted: rounds.some((r) => r.interrupted),
                series: endToEnd(rounds.map((r) => r.series)),
                generator: (0,generator/* mergeGenerators */.XL)(rounds.map((r, i) => ({ index: i + 1, generator: r.generator })), 'rounds'),
            }),
        };
    }
    /** Frees the WebAssembly memory of the side's histograms. */
    destroy() {
        this.combined?.recorder.destroy();
    }
}
function endToEnd(series) {
    let offset = 0;
    return series.flatMap((samples) => {
        const shifted = samples.map((s) => ({ ...s, t: s.t + offset }));
        offset += samples.length;
        return shifted;
    });
}

// EXTERNAL MODULE: ./src/compare/sequential.ts
var sequential = __webpack_require__(62452);
// EXTERNAL MODULE: ./src/results/comparison.ts
var comparison = __webpack_require__(2485);
// EXTERNAL MODULE: ./src/compare/settings.ts
var compare_settings = __webpack_require__(20254);
// EXTERNAL MODULE: ./src/compare/stats.ts + 1 modules
var stats = __webpack_require__(97263);
// EXTERNAL MODULE: ./src/compare/verdict.ts + 2 modules
var verdict = __webpack_require__(7406);
;// CONCATENATED MODULE: ./src/compare/run.ts
// The comparison gate's rounds (docs/comparison.md): the definition runs once against each side per round,
// in a seeded random order; each run yields one value of the metric per step, taken from the
// run's HdrHistograms in microseconds (the 2.5 response times are whole milliseconds and tie).
// The values go to the statistics of verdict.ts; each side's measured runs are added up in memory
// (side.ts) into one 2.5 result (the head's is the results file, so thresholds still apply).











const NO_DATA_NOTE = 'no response on one side in any measured round: nothing to compare';
/**
 * Both sides made ready before any request. The base side takes its variables from the base
 * environment alone, never from the definition's environment or the head's: a variable the base
 * environment lacks is an error, rather than a base side silently sent to the head.
 */
async function prepareSides(loaded, headEnv, baseEnv, baseName = 'the compare environment') {
    const { environment: _definitionEnvironment, ...withoutEnvironment } = loaded.definition;
    const [head, base] = await Promise.all([
        settle((0,prepare/* checkTest */.rS)(loaded, { environment: headEnv })),
        settle((0,prepare/* checkTest */.rS)({ ...loaded, definition: withoutEnvironment }, { environment: baseEnv })),
    ]);
    if (head.ok && base.ok)
        return { head: head.value, base: base.value };
    const headProblems = head.ok ? [] : head.problems;
    const seen = new Set(headProblems.map(problemKey));
    const baseProblems = (base.ok ? [] : base.problems)
        .filter((p) => !seen.has(problemKey(p)))
        .map((p) => ({ ...p, message: `base side (variables from ${baseName} only): ${p.message}` }));
    throw new errors/* InputError */.dz([...headProblems, ...baseProblems]);
}
async function settle(prepared) {
    try {
        return (0,errors/* parsed */.Yz)(await prepared);
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz)
            return (0,errors/* failed */.gz)(error.problems);
        throw error;
    }
}
function problemKey(p) {
    return JSON.stringify([p.file, p.path, p.message]);
}
/** Seconds one run of the definition is planned to take. */
function plannedRunSeconds(definition) {
    return (0,plan/* perSecondCounts */.uC)(definition.config_data).length;
}
/** The whole comparison's planned seconds: every round runs the definition once per side. */
function expectedDurationS(definition, settings) {
    return (settings.warmupRounds + settings.rounds) * 2 * plannedRunSeconds(definition);
}
/**
 * The planned rounds, then, while steps are inconclusive and the budget allows, more rounds up to
 * the next look (sequential.ts); the seeded order of the sides continues through them.
 */
async function runComparison(sides, settings, opts) {
    // The runs record on the engine's worker threads; their recorders are added up in this thread.
    await (0,results_histogram/* initHistograms */.ay)();
    const now = opts.now ?? (() => new Date());
    const setup = {
        sides,
        settings,
        opts,
        now,
        startedAt: now(),
        plan: (0,sequential/* lookPlan */.rj)(settings.rounds, settings.maxRounds, compare_settings/* ALPHA */.Nh),
        order: (0,stats/* seededOrder */.V9)(settings.seed, settings.warmupRounds + settings.maxRounds),
        stepIds: sides.head.definition.config_data.steps.map((s) => s.id),
    };
    const rounds = {
        ran: [],
        warmups: [],
        values: [],
        measured: { head: new SideRounds(sides.head), base: new SideRounds(sides.base) },
        last: undefined,
        interrupted: false,
    };
    // The same engine threads for every run, so that no side meets colder code than the other.
    const engine = new workers/* EngineWorkers */.y3(opts.workers ?? 1);
    let ending;
    try {
        ending = await runUntilStopped(setup, engine, rounds);
        // With no measured round (stopped in the first), the sides are what that round recorded.
        if (rounds.measured.head.count === 0) {
            rounds.measured.head.add(rounds.last.head);
            rounds.measured.base.add(rounds.last.base);
        }
    }
    finally {
        destroyRound(rounds.last);
        await engine.close();
    }
    return comparisonResult(setup, rounds, ending, now());
}
/** Look by look: the rounds up to the look's count, then the stopping rule, until it says stop. */
async function runUntilStopped(setup, engine, rounds) {
    const { settings, plan } = setup;
    for (let look = 0;; look++) {
        const outOfTime = await runRoundsUpTo(setup, engine, rounds, settings.warmupRounds + plan.rounds[look], look > 0);
        const steps = compareSteps(setup.sides.head, rounds.values, rounds.warmups, settings, plan);
        const pending = (0,sequential/* undecided */.oo)(steps);
        const stopped = stopReason(setup, rounds, { look, steps, pending: pending.length, outOfTime });
        if (stopped)
            return { steps, stopped };
        setup.opts.onExtend?.({
            after: rounds.measured.head.count,
            to: plan.rounds[look + 1],
            look: look + 2,
            looks: plan.rounds.length,
            maxRounds: settings.maxRounds,
            inconclusive: pending.map((s) => s.name),
        });
    }
}
/**
 * Runs rounds until `total` have run (warm-ups included) or one is cut short. Each round of an
 * extension starts only if it fits the time limit: true when one did not.
 */
async function runRoundsUpTo(setup, engine, rounds, total, extension) {
    for (let r = rounds.ran.length; r < total; r++) {
        if (extension && !roundFits(setup, rounds.ran.length))
            return true;
        keepRound(setup, rounds, r, await runRound(setup, engine, r, total));
        if (rounds.interrupted)
            break;
    }
    return false;
}
/** Round `r`: each side once, in the round's seeded order. */
async function runRound(setup, engine, r, total) {
    const warmup = r < setup.settings.warmupRounds;
    const runs = {};
    for (const side of setup.order[r] === 'head-first' ? ['head', 'base'] : ['base', 'head']) {
        setup.opts.onProgress?.({ round: r + 1, of: total, side, warmup });
        runs[side] = await runSide(engine, setup.sides[side], setup.opts);
    }
    return runs;
}
/** Keeps what round `r` recorded: its order, and unless it was cut short, its values (and a measured round's runs). */
function keepRound(setup, rounds, r, round) {
    rounds.ran.push(setup.order[r]);
    destroyRound(rounds.last);
    rounds.last = round;
    // A run cut short measures part of a schedule; its round is left out of the analysis.
    rounds.interrupted = round.head.outcome.interrupted || round.base.outcome.interrupted;
    if (rounds.interrupted)
        return;
    const values = roundValues(round, setup.stepIds, setup.settings.metric);
    if (r < setup.settings.warmupRounds) {
        rounds.warmups.push(values);
        return;
    }
    rounds.values.push(values);
    rounds.measured.head.add(round.head);
    rounds.measured.base.add(round.base);
}
/** The stopping rule at a look: why the rounds end there, or null when they go on to the next look. */
function stopReason(setup, rounds, at) {
    if (rounds.interrupted)
        return 'interrupted';
    if ((0,verdict/* gateFails */.xd)(at.steps) || at.pending === 0)
        return 'decided';
    if (at.outOfTime)
        return 'time-limit';
    if (at.look === setup.plan.rounds.length - 1)
        return 'max-rounds';
    if (!roundFits(setup, rounds.ran.length))
        return 'time-limit';
    return null;
}
/** No extension round starts unless, at the mean pace of the rounds so far, it ends in time. */
function roundFits(setup, roundsRan) {
    if (setup.settings.maxTimeS === undefined)
        return true;
    const elapsed = setup.now().getTime() - setup.startedAt.getTime();
    return elapsed + elapsed / Math.max(1, roundsRan) <= setup.settings.maxTimeS * 1000;
}
/** Each side's measured runs as one result, and the comparison block beside the head's. */
function comparisonResult(setup, rounds, ending, finishedAt) {
    const head = rounds.measured.head.result(setup.opts.testUrl ?? '');
    const base = rounds.measured.base.result('');
    rounds.measured.head.destroy();
    rounds.measured.base.destroy();
    const { settings, plan, startedAt } = setup;
    const { steps, stopped } = ending;
    const inconclusiveFails = settings.onInconclusive === 'fail' && steps.some((s) => s.verdict === 'inconclusive');
    const comparison = {
        metric: settings.metric,
        rounds: settings.rounds,
        max_rounds: settings.maxRounds,
        max_time_s: settings.maxTimeS ?? null,
        on_inconclusive: settings.onInconclusive,
        warmup_rounds: settings.warmupRounds,
        max_regression: settings.maxRegression,
        alpha: compare_settings/* ALPHA */.Nh,
        looks: plan.rounds,
        look_alpha: plan.alpha,
        confidence: plan.confidence,
        seed: settings.seed,
        order: rounds.ran,
        rounds_measured: rounds.values.length,
        extended: rounds.values.length > settings.rounds,
        stopped,
        interrupted: rounds.interrupted,
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        duration_s: Math.round(finishedAt.getTime() - startedAt.getTime()) / 1000,
        passed: !(0,verdict/* gateFails */.xd)(steps) && !inconclusiveFails,
        steps,
        base_results: base.results,
        base_run: {
            duration_s: base.run.duration_s,
            rps: base.run.rps,
            late_iterations: base.run.late_iterations,
            max_schedule_lag_ms: base.run.max_schedule_lag_ms,
            interrupted: base.run.interrupted,
        },
    };
    return { comparison, head };
}
/** A full run of the plan, kept as what it recorded: the round's values and its side's result come from it. */
function runSide(engine, test, opts) {
    return engine.record(test, {
        concurrency: opts.concurrency,
        insecure: opts.insecure,
        proxies: opts.proxies,
        signal: opts.signal,
    });
}
function destroyRound(round) {
    round?.head.outcome.recorder.destroy();
    round?.base.outcome.recorder.destroy();
}
function roundValues(round, stepIds, metric) {
    const of = ({ outcome }) => new Map(stepIds.map((id, step) => [id, stepMetric(outcome.recorder, step, metric)]));
    return { head: of(round.head), base: of(round.base) };
}
/**
 * The metric of one step over every location: its cells' histograms added, of response times or
 * of a stream figure (a run with no stream recorded has none: null, as a step without a response).
 */
function stepMetric(recorder, step, metric) {
    const { stream, time } = (0,comparison/* metricParts */.Z)(metric);
    const source = stream === null ? recorder.cells : stream === 'first_event' ? recorder.streams?.firstEvent : recorder.streams?.gap;
    if (source === undefined)
        return null;
    const cells = Array.from({ length: recorder.locationCount }, (_, loc) => source[step * recorder.locationCount + loc]);
    const histogram = (0,results_histogram/* sumHistograms */.LA)(cells);
    try {
        return metricValueMs(histogram, time);
    }
    finally {
        histogram.destroy();
    }
}
const PERCENTILE = {
    median: 50,
    p80: 80,
    p90: 90,
    p95: 95,
    p99: 99,
};
/** A histogram of microseconds → the metric in ms, to the microsecond; null when it is empty. */
function metricValueMs(h, metric) {
    if (h.totalCount === 0)
        return null;
    const us = metric === 'avg'
        ? h.mean
        : metric === 'min'
            ? h.minNonZeroValue
            : metric === 'max'
                ? h.maxValue
                : h.getValueAtPercentile(PERCENTILE[metric]);
    return Math.round(us) / 1000;
}
// ---- verdicts ----
function compareSteps(test, measured, warmups, settings, plan) {
    const series = (rounds, side, id) => rounds.map((r) => r[side].get(id) ?? null);
    const rows = (0,comparison/* comparedSteps */.t5)(test.definition.config_data.steps, settings.metric).map((step) => ({
        id: step.id,
        name: step.name,
        head: series(measured, 'head', step.id),
        base: series(measured, 'base', step.id),
        warmup_head: series(warmups, 'head', step.id),
        warmup_base: series(warmups, 'base', step.id),
    }));
    const present = (values) => values.filter((v) => v !== null);
    const comparable = rows.filter((row) => present(row.head).length > 0 && present(row.base).length > 0);
    const decided = (0,sequential/* lookVerdicts */.y6)(comparable.map((row) => ({ head: present(row.head), base: present(row.base) })), plan, settings.maxRegression);
    const byId = new Map(comparable.map((row, i) => [row.id, decided[i]]));
    return rows.map((row) => {
        const decidedStep = byId.get(row.id);
        const statistics = decidedStep ? statisticsOf(decidedStep) : noStatistics();
        return { id: row.id, name: row.name, ...statistics, ...valuesOf(row) };
    });
}
function valuesOf(row) {
    return { head: row.head, base: row.base, warmup_head: row.warmup_head, warmup_base: row.warmup_base };
}
function statisticsOf(v) {
    return {
        verdict: v.verdict,
        ...(v.note === undefined ? {} : { note: v.note }),
        head_median: v.headMedian,
        base_median: v.baseMedian,
        ratio: v.ratio.estimate,
        ratio_lower: v.ratio.lower,
        ratio_upper: Number.isFinite(v.ratio.upper) ? v.ratio.upper : null,
        p: v.p,
        p_adjusted: v.pAdjusted,
        p_faster: v.pFaster,
        p_faster_adjusted: v.pFasterAdjusted,
        method: v.method,
    };
}
function noStatistics() {
    return {
        verdict: 'inconclusive',
        note: NO_DATA_NOTE,
        head_median: null,
        base_median: null,
        ratio: null,
        ratio_lower: null,
        ratio_upper: null,
        p: null,
        p_adjusted: null,
        p_faster: null,
        p_faster_adjusted: null,
        method: null,
    };
}
/** The results file of a comparison: the head's 2.5 result (thresholds apply to it) and the comparison. */
function comparisonResultFile(result) {
    return { ...result.head, comparison: result.comparison };
}

// EXTERNAL MODULE: ./src/report/progress.ts
var report_progress = __webpack_require__(18991);
// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
;// CONCATENATED MODULE: ./src/verdict/abort.ts
// Early verdicts (docs/verdict.md, "abort"): a threshold line ending in `abort` stops the run once
// its breach is certain whatever the remaining requests do. Pure: the counts come in per second
// (run.series' samples), the rule is arithmetic on them and the planned number of requests.


/**
 * HDR histograms hold values to 3 significant digits: a recorded value within 0.1 % above the
 * limit may be one just under it, so a response counts against a time limit only above this.
 */
const HDR_PRECISION = 1.001;
/** Adds one second's counts to each tally. */
function addSecond(tallies, sample) {
    return tallies.map((tally) => ({ ...tally, against: tally.against + againstIn(tally.threshold, sample) }));
}
function againstIn(t, sample) {
    if (t.metric === 'http_fail_rate')
        return sample.errors ?? 0;
    if (sample.histogram === undefined || sample.responses === 0)
        return 0;
    const h = (0,results_histogram/* decodeHistogram */.pr)(sample.histogram);
    try {
        // Half a rank below: the percentile's rank is rounded up, so float error cannot step to the next value.
        const valueAtRank = (rank) => h.getValueAtPercentile(((rank - 0.5) / h.totalCount) * 100);
        return countAbove(h.totalCount, valueAtRank, t.value * 1000 * HDR_PRECISION);
    }
    finally {
        h.destroy();
    }
}
/** How many of `total` sorted values exceed `limit`, given the value at each rank (1-based): a binary search. */
function countAbove(total, valueAtRank, limit) {
    let low = 1;
    let high = total + 1;
    while (low < high) {
        const mid = Math.floor((low + high) / 2);
        if (valueAtRank(mid) > limit)
            high = mid;
        else
            low = mid + 1;
    }
    return total - low + 1;
}
/**
 * The breach is certain when even the most requests the run can send (`plannedRequests`, every
 * iteration reaching every step) would leave the metric over its limit. `http_fail_rate < L%`
 * fails once errors ≥ L % of them (`<=`: above); `pQ < X` fails once more responses than the
 * (100 − Q) % of them that the percentile lets through took longer than X.
 */
function breachCertain(tally, plannedRequests) {
    const { threshold: t, against } = tally;
    if (t.metric === 'http_fail_rate') {
        const share = (against * 100) / plannedRequests;
        return t.op === '<' ? share >= t.value : share > t.value;
    }
    const q = (0,grammar/* percentileOf */.D4)(t.metric);
    return against > plannedRequests - Math.ceil((q * plannedRequests) / 100);
}
/** `http_fail_rate < 5% abort: 78 of 1,500 planned requests failed` — why the run stopped. */
function abortReason(tally, plannedRequests) {
    const what = tally.threshold.metric === 'http_fail_rate' ? 'failed' : `took longer than ${tally.threshold.value} ms`;
    return `${tally.threshold.source}: ${tally.against} of the ${plannedRequests} planned requests ${what}, so it cannot hold whatever the rest do`;
}

;// CONCATENATED MODULE: ./src/pipeline/abort-monitor.ts

/** The most requests the run can send: every planned iteration reaching every step. */
function plannedRequests(definition) {
    return definition.config_data.iteration_count * definition.config_data.steps.length;
}
function watchAbortLines(thresholds, definition, options) {
    let tallies = thresholds.filter((t) => t.abort).map((threshold) => ({ threshold, against: 0 }));
    if (tallies.length === 0)
        return undefined;
    const planned = plannedRequests(definition);
    const stop = new AbortController();
    let aborted;
    const onSecond = (sample) => {
        options.onSecond?.(sample);
        if (aborted)
            return;
        tallies = addSecond(tallies, sample);
        const breached = tallies.find((tally) => breachCertain(tally, planned));
        if (!breached)
            return;
        aborted = { threshold: breached.threshold.source, reason: abortReason(breached, planned), at_s: sample.t + 1 };
        stop.abort('abort threshold');
    };
    return {
        options: {
            ...options,
            onSecond,
            signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal,
            keepSecondHistograms: options.keepSecondHistograms === true || tallies.some((t) => t.threshold.metric !== 'http_fail_rate'),
        },
        settle: (result) => aborted === undefined || options.signal?.aborted ? result : { ...result, run: { ...result.run, interrupted: false, aborted } },
    };
}

// EXTERNAL MODULE: ./src/pipeline/gate.ts + 1 modules
var pipeline_gate = __webpack_require__(65701);
;// CONCATENATED MODULE: ./src/pipeline/measure.ts











/** A checked test, run here on the engine's threads (each prepares it) or on the service. */
async function measureDefinition(test, run, log) {
    if (run.embedded.insecure)
        log.warn('TLS certificates are not verified');
    const abortLines = (run.abortOn ?? []).filter((t) => t.abort);
    if (run.hosted) {
        if (abortLines.length > 0)
            log.warn('abort lines are watched in embedded runs only: the service runs the whole test');
        if (run.embedded.warmUpS || test.definition.warm_up)
            log.warn('the warm-up period is not applied to hosted runs (the service interface has no such field)');
        return { result: await runHostedDefinition(test, run.hosted) };
    }
    const threads = (0,worker_count/* workersFor */.XK)(run.workers, test.definition, run.embedded.shard);
    const watch = watchAbortLines(run.abortOn ?? [], test.definition, run.embedded);
    if (!watch)
        return { result: await (0,workers/* runEmbeddedInWorkers */.AE)(test, run.embedded, threads) };
    const result = watch.settle(await (0,workers/* runEmbeddedInWorkers */.AE)(test, watch.options, threads));
    if (result.run.aborted)
        log.warn(`stopped early after ${result.run.aborted.at_s} s: ${result.run.aborted.reason}`);
    return { result };
}
/** Shard results files (files, folders or globs) merged into one result, linking `testUrl`: the merged run's own report, never a shard's. */
async function measureMerge(args, cwd, inputName, testUrl) {
    const files = await readShardFiles(args, cwd, inputName);
    await (0,results_histogram/* initHistograms */.ay)();
    const merged = (0,results/* mergeShards */.O)(files);
    if (!merged.ok)
        throw new errors/* InputError */.dz(merged.problems);
    return { result: { ...merged.value.result, test_url: testUrl } };
}
/**
 * Head against base in interleaved rounds (docs/comparison.md): both sides prepared and the gate
 * checked before any request, then the rounds, with a line for the plan, each round and the stop.
 * `prepared` sees both sides first (the action masks their secret values).
 */
async function measureComparison(run, gate, log, prepared) {
    const sides = await prepareSides(run.loaded, run.head, run.base, run.baseName);
    prepared?.(sides);
    const { settings, options } = run;
    (0,pipeline_gate/* preflightComparison */.Ne)(gate, sides.head.definition, options.proxies, settings, run.settingNames);
    log.info((0,report_progress/* comparisonPlanLine */.fp)(plannedRunSeconds(sides.head.definition), settings));
    const compared = comparisonResultFile(await runComparison(sides, settings, {
        ...options,
        workers: (0,worker_count/* workersFor */.XK)(options.workers, sides.head.definition),
        onProgress: (progress) => log.info((0,report_progress/* comparisonProgressLine */.$R)(progress)),
        onExtend: (extension) => log.info((0,report_progress/* comparisonExtensionLine */.X8)(extension)),
    }));
    log.info((0,report_progress/* comparisonStopLine */.M_)(compared.comparison));
    return { result: compared, comparison: compared.comparison };
}


/***/ }),

/***/ 75904:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SX: () => (/* binding */ checkedAtOnce),
  XP: () => (/* binding */ readEnvironmentSpec),
  rq: () => (/* binding */ readProxies),
  B9: () => (/* binding */ readResultsFile),
  xJ: () => (/* binding */ reportPathFor),
  qp: () => (/* binding */ resultsText)
});

// UNUSED EXPORTS: loadAndCheck

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/definition/json-text.ts
var json_text = __webpack_require__(48939);
// EXTERNAL MODULE: ./src/definition/text-file.ts
var text_file = __webpack_require__(96093);
// EXTERNAL MODULE: ./src/results/credentials.ts
var credentials = __webpack_require__(93192);
;// CONCATENATED MODULE: ./src/engine/proxies.ts
// Where each load location sends from (docs/engine.md): `--proxy` flags, the action's `proxies`
// input and `loadgate serve --proxy` all name a proxy per country code in one syntax, read here.


/** `US=http://proxy:3128` entries (lines, commas or repeated flags) → country → proxy URL; problems name `inputName`. */
function parseProxies(entries, inputName) {
    const proxies = {};
    const problems = [];
    for (const entry of entries
        .flatMap((e) => e.split(/[\n,]/))
        .map((e) => e.trim())
        .filter(Boolean)) {
        const match = /^([A-Z]{2})=(.+)$/.exec(entry);
        const url = match ? URL.parse(match[2]) : null;
        if (!match || !url || !/^https?:$/.test(url.protocol)) {
            problems.push({
                path: inputName,
                message: `expected CC=http://host:port (a two-letter country code and a proxy URL), got "${(0,credentials/* hideCredentials */.R)(entry)}"`,
            });
            continue;
        }
        proxies[match[1]] = url.href.replace(/\/$/, '');
    }
    return (0,errors/* parsedUnless */.oQ)(problems, proxies);
}

// EXTERNAL MODULE: ./src/definition/load.ts + 1 modules
var load = __webpack_require__(92184);
// EXTERNAL MODULE: ./src/definition/salvage.ts
var salvage = __webpack_require__(40308);
// EXTERNAL MODULE: ./src/definition/validate.ts
var validate = __webpack_require__(73787);
// EXTERNAL MODULE: ./src/engine/prepare.ts + 1 modules
var prepare = __webpack_require__(23115);
;// CONCATENATED MODULE: ./src/pipeline/sources.ts
// Where a run's inputs come from: the definition and its environment, the proxies, an earlier
// results file (the baseline), and where the web report goes beside the results file.









/** An environment given as inline JSON (starts with `{`) or as the path of a JSON file. */
async function readEnvironmentSpec(spec, inputName) {
    const text = spec.trim();
    if (text === '')
        return undefined;
    if (!text.startsWith('{'))
        return (0,load/* loadEnvironmentFile */.CQ)(text);
    // The text may hold secret values: a syntax error is never quoted. The input is no file, so its
    // problems carry no line for an annotation to point at.
    const parsed = (0,json_text/* parseJsonText */.lk)(text, inputName, { secret: true });
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems.map(({ line: _line, column: _column, ...p }) => p));
    const checked = (0,validate/* validateEnvironment */.qQ)(parsed.value.json, inputName);
    if (!checked.ok)
        throw new errors/* InputError */.dz(checked.problems);
    return checked.value;
}
/**
 * The proxies of `--proxies` entries, or of a `--proxies-file` holding the same entries (one or
 * more a line; blank lines and `#` comments skipped), which keeps their credentials out of shell
 * history and the process list. One or the other: a country given in both would silently lose one.
 */
async function readProxies(entries, file) {
    if (file === undefined)
        return (0,errors/* valueOrThrow */.P7)(parseProxies(entries, '--proxies'));
    if (entries.length > 0)
        throw new errors/* InputError */.dz([{ path: '--proxies-file', message: 'give --proxies or --proxies-file, not both' }]);
    const text = await (0,text_file/* readTextFile */.Gu)(file, text_file/* MAX_DEFINITION_BYTES */.N9);
    if (!text.ok)
        throw new errors/* InputError */.dz([{ file, path: '--proxies-file', message: `cannot read the proxies file: ${text.reason}` }]);
    const lines = text.value.split(/\r?\n/).map((line, i) => ({ line: line.trim(), at: `line ${i + 1}` }));
    const parsed = (0,errors/* allParsed */.f$)(lines.filter(({ line }) => line !== '' && !line.startsWith('#')).map(({ line, at }) => parseProxies([line], at)));
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems.map((p) => ({ file, ...p })));
    return Object.assign({}, ...parsed.value);
}
/**
 * The test checked to its last template, and `gate` (the thresholds, given the definition), every
 * problem in one report; the engine threads prepare it (docs/engine.md).
 */
async function loadAndCheck(file, environment, gate) {
    return checkedAtOnce(file, (loaded) => checkTest(loaded, { environment }), gate);
}
/**
 * Every input problem of a definition file in one report: its schema and rules, then `check`
 * (variables, data) and `gate` (thresholds), run on what is left of a refused definition too
 * (salvage.ts). Their problems inside a stand-in step, or at a path already reported, are dropped.
 */
async function checkedAtOnce(file, check, gate = () => { }) {
    const refused = await (0,load/* loadDefinition */.yQ)(file).catch((error) => {
        if (error instanceof load/* DefinitionProblems */.oj)
            return error;
        throw error;
    });
    const loaded = refused instanceof load/* DefinitionProblems */.oj ? refused.salvaged.loaded : refused;
    const checked = await (0,errors/* inputProblems */.ri)(() => check(loaded));
    const gated = await (0,errors/* inputProblems */.ri)(async () => gate(loaded.definition));
    const earlier = refused instanceof load/* DefinitionProblems */.oj ? refused.problems : [];
    const replaced = refused instanceof load/* DefinitionProblems */.oj ? refused.salvaged.replaced : [];
    const later = (0,salvage/* laterProblems */.bt)([...checked.problems, ...gated.problems], earlier, replaced);
    if (earlier.length + later.length > 0 || checked.value === undefined)
        throw new errors/* InputError */.dz([...earlier, ...later]);
    return checked.value;
}
/** An earlier results file (the baseline): it must at least have the 2.5 `results` block. */
async function readResultsFile(path, inputName) {
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        // The file is named once, by the problem's place; Node's message names it again ("open '…'").
        const { code, message } = error;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (code ?? message);
        const history = path === 'history' || path.startsWith('history:')
            ? ` (${inputName} history is the median of the runs --history reads, which this command does not read)`
            : '';
        throw new errors/* InputError */.dz([{ file: path, path: inputName, message: `could not read a results file: ${why}${history}` }]);
    }
    const parsed = (0,json_text/* parseJsonText */.lk)(text, path);
    if (!parsed.ok)
        throw new errors/* InputError */.dz(parsed.problems);
    const raw = parsed.value.json;
    const results = raw?.results;
    if (!results || !Array.isArray(results.steps)) {
        throw new errors/* InputError */.dz([
            {
                file: path,
                path: '$.results.steps',
                message: 'expected a loadgate results file (docs/interface.md 2.5: results.steps is an array)',
            },
        ]);
    }
    return raw;
}
/** The web report goes next to the results file: `out.json` → `out.html`. */
function reportPathFor(resultsPath) {
    return resultsPath.endsWith('.json') ? `${resultsPath.slice(0, -'.json'.length)}.html` : `${resultsPath}.html`;
}
/** A results file's text (a load test's or a latency test's): indented JSON. */
function resultsText(result) {
    return `${JSON.stringify(result, null, 2)}\n`;
}


/***/ }),

/***/ 42672:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ rateWindowS),
/* harmony export */   Ed: () => (/* binding */ perSecond),
/* harmony export */   KN: () => (/* binding */ percent),
/* harmony export */   Sl: () => (/* binding */ failRatePct),
/* harmony export */   bI: () => (/* binding */ partRps)
/* harmony export */ });
// Percentages of exact counts, and rates over the time the work took, computed one way everywhere
// (the engine's run block and generator figures, thresholds, reports, outputs).
/** One division of exact integers: 7 of 100 is 7, where 7 / 100 * 100 is 7.000000000000001. */
function percent(part, whole) {
    return whole === 0 ? undefined : (part * 100) / whole;
}
/**
 * The seconds a run's rates are over: the plan's seconds (for a stopped run, the part of them that
 * ran), or longer, to the last late start, when an overloaded generator went on starting iterations
 * after the plan's end (its start grace). Counting those over the planned seconds alone would report
 * more per second than the run ever did. A start on time (not late: within 10 ms of its planned
 * instant) never lengthens it, so a run that kept its schedule reads exactly its planned rate.
 * Not to the last response: latency shifts the answers later without changing their rate, and a
 * lone request in a 1 s plan would read as its response time's inverse.
 */
function rateWindowS(span) {
    const ran = span.interrupted ? Math.min(span.plannedS, span.elapsedS) : span.plannedS;
    // To the millisecond, as run.rate_window_s is written: a rate read back from the file over it is the one reported.
    return Math.round(Math.max(ran, span.lastLateStartS) * 1000) / 1000;
}
/** `count` per second over `windowS`, to one decimal, as every rate of a run block is. */
function perSecond(count, windowS) {
    return windowS > 0 ? Math.round((count / windowS) * 10) / 10 : 0;
}
/**
 * A part's requests per second (a step, a location): its share of the run's requests at the run's
 * rate (run.rps, over the run's rate window), so that a part's rate and the run's are over the same
 * seconds, which a results file names only through run.rps.
 */
function partRps(runRps, partRequests, allRequests) {
    return allRequests === 0 ? 0 : (runRps * partRequests) / allRequests;
}
/** Percent of finished iterations that failed, as the fail_rate threshold measures it; undefined when none finished. */
function failRatePct(counts) {
    return percent(counts.fail_count, counts.fail_count + counts.success_count);
}


/***/ }),

/***/ 63632:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G8: () => (/* binding */ capacityMarkdown),
/* harmony export */   SB: () => (/* binding */ probeVerdict),
/* harmony export */   TR: () => (/* binding */ capacityHeadline),
/* harmony export */   Zw: () => (/* binding */ capacityTerminal),
/* harmony export */   a3: () => (/* binding */ formatProbeRate),
/* harmony export */   tL: () => (/* binding */ probeLine)
/* harmony export */ });
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
/* harmony import */ var _markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(15940);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(12011);
// How a capacity search reads (docs/capacity.md): a line per probe while it runs, the answer as
// a headline, and the table of probes for the terminal and Markdown. Pure.



/** `40/s`: rates asked are whole; applied ones keep a decimal. */
function formatProbeRate(perS) {
    return `${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatCount */ .B4)(Math.round(perS * 10) / 10)}/s`;
}
/** What a probe says in the table: held, failed, or why it says nothing of the target. */
function probeVerdict(p) {
    if (p.saturated)
        return p.stalled ? 'machine busy' : 'generator saturated';
    return p.passed ? 'held' : 'failed';
}
function msOr(value) {
    return value === undefined ? _format_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_RESPONSE */ .ei : (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMs */ ._V)(value);
}
function percentOr(value) {
    return value === undefined ? _format_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_RESPONSE */ .ei : (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatPercent */ .l9)(value);
}
/** `probe 3: 40/s (applied 40/s) p99 12 ms, errors 0 %: held; bracket 40/s–80/s`, as each probe ends. */
function probeLine(n, p, bracket) {
    const range = bracket.held !== undefined && bracket.failed !== undefined
        ? `; between ${formatProbeRate(bracket.held)} and ${formatProbeRate(bracket.failed)}`
        : '';
    return `probe ${n}: ${formatProbeRate(p.rate)} (applied ${formatProbeRate(p.applied)}) p99 ${msOr(p.p99)}, errors ${percentOr(p.http_fail_rate)}: ${probeVerdict(p)}${range}`;
}
/** The SLO lines as one phrase: `p99 < 100ms and http_fail_rate < 1%`. */
function sloText(capacity) {
    return capacity.slo.join(' and ');
}
/**
 * The answer in one line: `capacity 380/s: p99 < 100ms held up to 380/s, failed at 400/s`, or
 * what bounds it when the search did not reach the target's limit.
 */
function capacityHeadline(capacity) {
    const found = formatProbeRate(capacity.max_rate);
    const failed = capacity.failed_at === undefined ? undefined : formatProbeRate(capacity.failed_at);
    switch (capacity.limited_by) {
        case 'slo':
            if (capacity.max_rate === 0)
                return `capacity below ${failed}: ${sloText(capacity)} failed at every rate probed, down to ${failed}`;
            return `capacity ${found}: ${sloText(capacity)} held up to ${found}, failed at ${failed}`;
        case 'max':
            return `capacity ≥ ${found}: ${sloText(capacity)} held up to ${found}, the highest rate asked (--to)`;
        case 'generator':
            return (`capacity ≥ ${found} on this machine: the load generator saturated at ${failed} before an SLO failed; ` +
                'the target may take more: give more --workers, or split the load over shards (docs/scaling.md)');
        case 'host':
            return (`capacity ≥ ${found} on this machine: at ${failed} the machine running loadgate stalled its engine thread (busy with other work) on every try; ` +
                'run the search where it has the cores to itself');
        case 'time':
            return failed === undefined
                ? `capacity ≥ ${found}: the time for the search (--max-time) ran out before an SLO failed`
                : `capacity between ${found} and ${failed}: the time for the search (--max-time) ran out before it narrowed`;
    }
}
const HEADER = ['rate', 'applied', 'p50', 'p95', 'p99', 'errors', 'SLO'];
function probeRow(p) {
    return [
        formatProbeRate(p.rate),
        formatProbeRate(p.applied),
        msOr(p.p50),
        msOr(p.p95),
        msOr(p.p99),
        percentOr(p.http_fail_rate),
        probeVerdict(p),
    ];
}
/** The probes in the order they ran, as aligned columns, under the headline. */
function capacityTerminal(capacity) {
    const rows = [[...HEADER], ...capacity.probes.map(probeRow)];
    const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const lines = rows.map((r) => `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padStart(widths[i]))).join('  ')}`);
    return [capacityHeadline(capacity), `probes of ${capacity.probe_s} s (the first second unjudged):`, ...lines].join('\n');
}
/** The headline and a table of probes, for the job summary, the PR comment and the check run. */
function capacityMarkdown(capacity) {
    return [
        `**${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(capacityHeadline(capacity))}**`,
        '',
        (0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .markdownTable */ .Qj)([...HEADER], 'rrrrrrl', capacity.probes.map(probeRow)),
    ].join('\n');
}


/***/ }),

/***/ 32821:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B0: () => (/* binding */ formatRatio),
/* harmony export */   Bw: () => (/* binding */ ratioNumber),
/* harmony export */   IC: () => (/* binding */ stopText),
/* harmony export */   Ih: () => (/* binding */ comparisonTerminal),
/* harmony export */   nP: () => (/* binding */ comparisonHtml),
/* harmony export */   vR: () => (/* binding */ comparisonMarkdown)
/* harmony export */ });
/* unused harmony exports formatP, comparisonVerdict, comparisonFailureMessage, roundChart */
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(12011);
/* harmony import */ var _html_blocks_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(99592);
/* harmony import */ var _markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(15940);
/* harmony import */ var _svg_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9880);
// The comparison gate's section of the report model (docs/comparison.md), as each renderer formats it:
// Markdown (PR comment and job summary), terminal lines and the web report. Pure; everything is read
// from the `comparison` block of the results file, so a report can be rendered again from a file.
// Step names are user text and are escaped for each format.





const SECTION_TITLE = 'Comparison with the base';
/** Steps charted in the Markdown report; a comment stays short. */
const MARKDOWN_CHARTS = 3;
/** Steps charted in the HTML report. */
const HTML_CHARTS = 20;
const NAME_CHARS = 80;
/** Steps named in the one-line verdict before the rest are counted. */
const NAMED_STEPS = 3;
const COLORS = { base: '#2563eb', head: '#d97706' };
/** Symbols with text presentation (no emoji), followed by the word: they read in any font and log. */
const VERDICT_LABEL = {
    slower: '✗ slower',
    faster: '✓ faster',
    same: '✓ same',
    inconclusive: '? inconclusive',
};
// ---- shared wording ----
/** `1.23 (1.10–1.41)`; an unbounded interval reads `(0–∞)`. */
function formatRatio(step) {
    if (step.ratio === null)
        return '—';
    const upper = step.ratio_upper === null ? '∞' : ratioNumber(step.ratio_upper);
    return `${ratioNumber(step.ratio)} (${ratioNumber(step.ratio_lower ?? 0)}–${upper})`;
}
function ratioNumber(r) {
    if (r === 0)
        return '0';
    return r >= 10 ? r.toFixed(1) : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2);
}
/** `0.046`, `< 0.001`, `—` when there is no test. */
function formatP(p) {
    if (p === null)
        return '—';
    return p < 0.001 ? '< 0.001' : p.toFixed(3);
}
function formatMedian(ms) {
    return ms === null ? '—' : (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMs */ ._V)(ms);
}
function verdictText(step) {
    return step.note ? `${VERDICT_LABEL[step.verdict]}: ${step.note}` : VERDICT_LABEL[step.verdict];
}
function limitPct(c) {
    return `${Math.round(c.max_regression * 1000) / 10} %`;
}
function metricName(c) {
    return c.metric === 'median' ? 'p50' : c.metric;
}
/**
 * What decided the gate: `checkout 1.31× the base (more than 10 % slower)` when it failed,
 * `3 steps same, 1 step inconclusive` when it passed. `escapeUser` is applied to step names.
 */
function comparisonVerdict(c, escapeUser = (t) => t) {
    const slower = c.steps.filter((s) => s.verdict === 'slower');
    if (slower.length > 0) {
        const named = slower
            .slice(0, NAMED_STEPS)
            .map((s) => `${escapeUser((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(s.name, NAME_CHARS))} ${ratioNumber(s.ratio ?? 0)}× the base`);
        if (slower.length > NAMED_STEPS)
            named.push(`and ${slower.length - NAMED_STEPS} more`);
        return `${named.join(', ')} (more than ${limitPct(c)} slower)`;
    }
    const counts = ['same', 'faster', 'inconclusive']
        .map((v) => ({ v, n: c.steps.filter((s) => s.verdict === v).length }))
        .filter(({ n }) => n > 0)
        .map(({ v, n }) => `${n} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(n, 'step')} ${v}`);
    const text = counts.join(', ') || 'no steps';
    return c.passed ? text : `${text} (on-inconclusive: fail)`;
}
/** For the job's failure message and stderr: which steps failed the gate and why; undefined when it passed. */
function comparisonFailureMessage(c) {
    if (c.passed)
        return undefined;
    const slower = c.steps
        .filter((s) => s.verdict === 'slower')
        .map((s) => `step ${s.id} "${oneLine(s.name)}" is slower than the base: ${metricName(c)} head/base ${formatRatio(s)}, p ${formatP(s.p_adjusted)}`);
    if (slower.length > 0)
        return `comparison gate failed (more than ${limitPct(c)} slower): ${slower.join('; ')}`;
    const inconclusive = c.steps
        .filter((s) => s.verdict === 'inconclusive')
        .map((s) => `step ${s.id} "${oneLine(s.name)}" is inconclusive: ${metricName(c)} head/base ${formatRatio(s)}`);
    return `comparison gate failed (inconclusive ${stopText(c)}, on-inconclusive: fail): ${inconclusive.join('; ')}`;
}
function methodLine(c) {
    const warmup = c.warmup_rounds > 0 ? ` (after ${c.warmup_rounds} warm-up ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.warmup_rounds, 'round')}, discarded)` : '';
    return (`${metricName(c)} of each step in ${roundsText(c)}${warmup}, ` +
        `head and base in a random order per round (seed ${c.seed}); max regression ${limitPct(c)}.`);
}
function roundsText(c) {
    if (c.extended)
        return `${c.rounds_measured} rounds (${c.rounds} planned, extended while steps were inconclusive; max-rounds ${c.max_rounds})`;
    if (c.rounds_measured < c.rounds)
        return `${c.rounds_measured} of ${c.rounds} rounds`;
    return `${c.rounds} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.rounds, 'round')}`;
}
/**
 * How the rounds could extend and why they ended; nothing when they could not extend (one look).
 * `Looks after 10, 20, 30 rounds, each at p < 0.0167 (α 0.05 split over 3 looks); stopped: at max-rounds (30).`
 */
function extensionLine(c) {
    if (c.looks.length === 1)
        return undefined;
    return `Looks after ${c.looks.join(', ')} rounds, each at p < ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatLevel */ .eI)(c.look_alpha)} (α ${c.alpha} split over ${c.looks.length} looks); stopped: ${stopText(c)}.`;
}
/** Why the rounds ended, in words. */
function stopText(c) {
    if (c.stopped === 'interrupted')
        return `interrupted after ${c.rounds_measured} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.rounds_measured, 'round')}`;
    if (c.stopped === 'time-limit') {
        return `after ${c.rounds_measured} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.rounds_measured, 'round')}, no time for another within max-compare-time ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(c.max_time_s ?? 0)}`;
    }
    if (c.stopped === 'max-rounds')
        return `at max-rounds (${c.max_rounds})`;
    return c.steps.some((s) => s.verdict === 'slower') ? 'a step is slower' : 'every step decided';
}
/** `1 step still inconclusive …` when the budget ran out on undecided steps. */
function inconclusiveWarning(c) {
    const n = c.steps.filter((s) => s.verdict === 'inconclusive').length;
    if (n === 0 || c.stopped === 'decided' || c.stopped === 'interrupted')
        return undefined;
    const effect = c.on_inconclusive === 'fail'
        ? 'this fails the gate (on-inconclusive: fail)'
        : 'a warning, the gate passes (on-inconclusive: fail makes it fail)';
    return `${n} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(n, 'step')} still inconclusive ${stopText(c)}: ${effect}.`;
}
function warnings(c) {
    const lines = [];
    if (c.interrupted)
        lines.push(`Stopped early: ${c.rounds_measured} of ${Math.max(c.rounds, c.rounds_measured)} rounds measured; the verdicts use those.`);
    const inconclusive = inconclusiveWarning(c);
    if (inconclusive)
        lines.push(inconclusive);
    const late = c.base_run.late_iterations;
    if (late > 0)
        lines.push(`The base side had ${late} late ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(late, 'iteration')}: the load generator could not keep its schedule.`);
    return lines;
}
// ---- Markdown ----
/** The comparison's Markdown section: its title and body. */
function comparisonMarkdown(c) {
    const rows = c.steps.map((s) => [
        String(s.id),
        (0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(s.name, NAME_CHARS)),
        formatMedian(s.base_median),
        formatMedian(s.head_median),
        formatRatio(s),
        (0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(formatP(s.p_adjusted)),
        s.verdict === 'slower' ? `**${verdictText(s)}**` : verdictText(s),
    ]);
    const metric = metricName(c);
    const header = ['#', 'Step', `Base ${metric}`, `Head ${metric}`, `Head/base (${pct(c.confidence)} CI)`, 'p', 'Verdict'];
    const extension = extensionLine(c);
    const parts = [
        `**${c.passed ? '✓ Passed' : '✗ Failed'}** — ${comparisonVerdict(c, _markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)}`,
        extension ? `${methodLine(c)} ${extension}` : methodLine(c),
        ...warnings(c).map((w) => `⚠️ ${w}`),
        (0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownTable */ .Qj)(header, 'rlrrrrl', rows),
        `_${legend(c)}_`,
        ...markdownCharts(c),
    ];
    return { title: `${SECTION_TITLE}: ${c.passed ? 'passed' : 'failed'}`, markdown: parts.join('\n\n') };
}
/** `95 %`, `97.5 %`, `98.3 %`. */
function pct(fraction) {
    return `${Math.round(fraction * 1000) / 10} %`;
}
function legend(c) {
    const limit = (1 + c.max_regression).toFixed(2);
    return (`Base and head: medians of the round values. Head/base: the Hodges-Lehmann estimate of the ratio with its ` +
        `${pct(c.confidence)} interval. p: one-sided Mann-Whitney U for "head slower", Holm-adjusted across the steps. ` +
        `slower: p < ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatLevel */ .eI)(c.look_alpha)} and the estimate above ${limit} (fails the gate); same: the whole interval below ${limit}.`);
}
/** The steps worth a chart: complete round values, slowest-looking first, in step order. */
function chartedSteps(c, max) {
    const complete = c.steps.filter((s) => s.head.length > 0 && [...s.head, ...s.base].every((v) => v !== null));
    const picked = new Set([...complete].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0)).slice(0, max));
    return complete.filter((s) => picked.has(s));
}
function markdownCharts(c) {
    const steps = chartedSteps(c, MARKDOWN_CHARTS);
    if (steps.length === 0)
        return [];
    const which = steps.length < c.steps.length ? `the ${steps.length} steps with the highest head/base` : 'each step';
    const intro = `_${metricName(c)} per measured round (ms) of ${which}: base in blue, head in orange._`;
    return [intro, ...steps.map((s) => mermaidChart(c, s))];
}
function mermaidChart(c, s) {
    const values = (side) => `[${side.map((v) => Math.round((v ?? 0) * 100) / 100).join(', ')}]`;
    const top = Math.max(...s.head.map((v) => v ?? 0), ...s.base.map((v) => v ?? 0));
    const palette = `${COLORS.base}, ${COLORS.head}`;
    return [
        '```mermaid',
        `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
        'xychart-beta',
        `  title "${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .mermaidLabel */ ._b)(s.name, 30)}: ${metricName(c)} per round (ms)"`,
        `  x-axis "round" [${s.head.map((_, i) => i + 1).join(', ')}]`,
        `  y-axis "ms" 0 --> ${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .niceTicks */ .at)(top * 1.1).at(-1) ?? 1}`,
        `  line ${values(s.base)}`,
        `  line ${values(s.head)}`,
        '```',
    ].join('\n');
}
// ---- terminal ----
const SPARKS = '▁▂▃▄▅▆▇█';
function comparisonTerminal(c, opts) {
    const paint = (code, text) => (opts.color ? `\u001b[${code}m${text}\u001b[0m` : text);
    const headline = `${c.passed ? '✔' : '✘'} ${SECTION_TITLE.toLowerCase()} ${c.passed ? 'passed' : 'FAILED'} — ${comparisonVerdict(c, _format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)}`;
    const metric = metricName(c);
    const rows = c.steps.map((s) => [
        String(s.id),
        (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(s.name), 40),
        formatMedian(s.base_median),
        formatMedian(s.head_median),
        formatRatio(s),
        formatP(s.p_adjusted),
        verdictText(s),
    ]);
    const table = aligned(['#', 'Step', `base ${metric}`, `head ${metric}`, 'head/base (CI)', 'p', 'verdict'], rows, [1, 6]);
    const colored = table.map((line, i) => (c.steps[i - 1]?.verdict === 'slower' ? paint(31, line) : line));
    const extension = extensionLine(c);
    const lines = [
        paint(c.passed ? 32 : 31, paint(1, headline)),
        `  ${methodLine(c)}`,
        ...(extension ? [`  ${extension}`] : []),
        ...warnings(c).map((w) => `  ${paint(33, `! ${w}`)}`),
        ...colored.map((l) => `  ${l}`),
        `  ${metric} per round, base | head (each step on its own scale):`,
        ...sparkLines(c),
    ];
    return `${lines.join('\n')}\n`;
}
/** Columns padded to their widest cell; the text columns left-aligned, numbers right-aligned. */
function aligned(header, rows, textColumns) {
    const all = [header, ...rows];
    const widths = header.map((_, i) => Math.max(...all.map((r) => [...(r[i] ?? '')].length)));
    return all.map((r) => r
        .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, widths[i] - [...cell].length));
        return textColumns.includes(i) ? cell + pad : pad + cell;
    })
        .join('  ')
        .trimEnd());
}
function sparkLines(c) {
    const names = c.steps.map((s) => (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(s.name), 30));
    const pad = Math.max(...names.map((n) => [...n].length));
    return c.steps.map((s, i) => {
        const values = [...s.base, ...s.head].filter((v) => v !== null);
        const top = Math.max(0, ...values);
        const spark = (side) => side.map((v) => (v === null ? ' ' : SPARKS[Math.min(7, Math.floor((v / (top || 1)) * 7.999))])).join('');
        return `    ${(names[i] ?? '').padEnd(pad)}  ${spark(s.base)} | ${spark(s.head)}`;
    });
}
// ---- HTML ----
/** The comparison's section of the web report: its title and body. */
function comparisonHtml(c) {
    const metric = metricName(c);
    const rows = c.steps.map((s) => [
        String(s.id),
        `<span class="step-name">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(s.name, NAME_CHARS))}</span>`,
        formatMedian(s.base_median),
        formatMedian(s.head_median),
        formatRatio(s),
        (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(formatP(s.p_adjusted)),
        `<span class="badge badge-${s.verdict === 'slower' ? 'fail' : 'pass'}" data-verdict="${s.verdict}">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(VERDICT_LABEL[s.verdict])}</span>` +
            (s.note ? ` <span class="note">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(s.note)}</span>` : ''),
    ]);
    const header = ['#', 'Step', `Base ${metric}`, `Head ${metric}`, `Head/base (${pct(c.confidence)} CI)`, 'p', 'Verdict'];
    const charts = chartedSteps(c, HTML_CHARTS).map((s) => `<figure class="dist" data-step="${s.id}"><figcaption><strong>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(s.name, NAME_CHARS))}</strong>` +
        `<span>head/base ${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(formatRatio(s))}</span></figcaption>${roundChart(c, s)}</figure>`);
    const html = [
        `<p class="verdict-text" data-gate="${c.passed ? 'passed' : 'failed'}">` +
            `<strong>${c.passed ? 'Passed' : 'Failed'}</strong> — ${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(comparisonVerdict(c))}</p>`,
        `<p class="note">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(methodLine(c))}</p>`,
        ...[extensionLine(c)].filter((l) => l !== undefined).map((l) => `<p class="note">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l)}</p>`),
        ...warnings(c).map((w) => `<p class="warning">⚠ ${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(w)}</p>`),
        (0,_html_blocks_js__WEBPACK_IMPORTED_MODULE_2__/* .htmlTable */ .I$)(header, 'rlrrrrl', rows),
        `<p class="note">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(legend(c))}</p>`,
        charts.length > 0 ? `<div class="dist-grid">${charts.join('')}</div>` : '',
    ];
    return { title: SECTION_TITLE, html: html.filter((h) => h !== '').join('\n') };
}
const CHART = { width: 460, height: 200, left: 48, right: 12, top: 28, bottom: 30 };
/** Round values of both sides as lines over the round number (1..n), with a legend. */
function roundChart(c, s) {
    const { width, height } = CHART;
    const x0 = CHART.left;
    const x1 = width - CHART.right;
    const y0 = height - CHART.bottom;
    const y1 = CHART.top;
    const n = s.head.length;
    const values = [...s.head, ...s.base].filter((v) => v !== null);
    const ticks = (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .niceTicks */ .at)(Math.max(0, ...values), 4);
    const yMax = ticks.at(-1) ?? 1;
    const sx = (i) => (n > 1 ? x0 + (i / (n - 1)) * (x1 - x0) : (x0 + x1) / 2);
    const sy = (v) => y0 - (v / yMax) * (y0 - y1);
    const text = (x, y, content, anchor) => `<text x="${r1(x)}" y="${r1(y)}" text-anchor="${anchor}" font-size="12" fill="#475569">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(content)}</text>`;
    const grid = ticks.map((t) => `<line x1="${x0}" x2="${x1}" y1="${r1(sy(t))}" y2="${r1(sy(t))}" stroke="#e2e8f0"/>${text(x0 - 6, sy(t) + 4, String(t), 'end')}`);
    const xLabels = s.head.map((_, i) => text(sx(i), y0 + 16, String(i + 1), 'middle'));
    const line = (side, data) => {
        const points = data.map((v, i) => (v === null ? null : [sx(i), sy(v)])).filter((p) => p !== null);
        const path = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r1(x)} ${r1(y)}`).join('');
        const dots = points.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="3" fill="${COLORS[side]}"/>`).join('');
        return `<path class="series" data-series="${side}" d="${path || 'M0 0'}" fill="none" stroke="${COLORS[side]}" stroke-width="2"/>${dots}`;
    };
    const legendItems = ['base', 'head'].map((side, i) => `<rect x="${x1 - 110 + i * 60}" y="8" width="14" height="4" rx="2" fill="${COLORS[side]}"/>${text(x1 - 90 + i * 60, 14, side, 'start')}`);
    const title = `${s.name}: ${metricName(c)} per round (ms)`;
    return (`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" class="chart">` +
        `<title>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(title)}</title>` +
        grid.join('') +
        `<line x1="${x0}" x2="${x1}" y1="${y0}" y2="${y0}" stroke="#94a3b8"/>` +
        xLabels.join('') +
        text(4, 14, 'ms', 'start') +
        text(x1, height - 2, 'round', 'end') +
        line('base', s.base) +
        line('head', s.head) +
        legendItems.join('') +
        '</svg>');
}
function r1(n) {
    return String(Math.round(n * 10) / 10);
}


/***/ }),

/***/ 53831:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B4: () => (/* binding */ formatCount),
/* harmony export */   CE: () => (/* binding */ formatRate),
/* harmony export */   Eq: () => (/* binding */ LATENCY_MS),
/* harmony export */   Ey: () => (/* binding */ formatTimestamp),
/* harmony export */   Se: () => (/* binding */ formatLatencyMs),
/* harmony export */   U6: () => (/* binding */ formatMeasured),
/* harmony export */   _V: () => (/* binding */ formatMs),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   eI: () => (/* binding */ formatLevel),
/* harmony export */   gI: () => (/* binding */ formatMetric),
/* harmony export */   h9: () => (/* binding */ formatSignedPercent),
/* harmony export */   l9: () => (/* binding */ formatPercent)
/* harmony export */ });
/* harmony import */ var _thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(30961);
// How figures are written, everywhere: reports, threshold lines, settings and progress lines
// all format numbers with these, so every surface says the same thing the same way. Values in a
// metric's unit go through formatMetricValue (the threshold grammar), which is what threshold
// lines show too.

const MS_SMALL = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
const MS_WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/**
 * Response times as tables, summaries and progress lines show them: two significant digits below
 * 10 ms (`0.31 ms`, `3.1 ms`), where a whole millisecond would read a fast service as 0, and
 * whole milliseconds above (`512 ms`, `1,234 ms`). A check line writes its measured value so too
 * (formatMeasured); limits are written as the user gave them (formatMetricValue).
 */
function formatMs(ms) {
    return `${(ms < 10 ? MS_SMALL : MS_WHOLE).format(ms)} ms`;
}
/** The number formatMs writes. */
function shownMs(ms) {
    return ms < 10 ? Number(ms.toPrecision(2)) : Math.round(ms);
}
/**
 * A measured value beside its limit (a check line): as the rest of the report writes it
 * (formatMetric), so that a check's p95 reads as the summary's; a time gets as many more decimals
 * (up to 3) as it takes not to read as the limit or past it: `499.6 ms` against `< 500 ms`.
 */
function formatMeasured(metric, value, limit) {
    if ((0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .metricKind */ .fK)(metric) !== 'time' || limit === undefined)
        return formatMetric(metric, value);
    const side = Math.sign(value - limit);
    if (Math.sign(shownMs(value) - limit) === side)
        return formatMs(value);
    for (let decimals = 1; decimals < 3; decimals++)
        if (Math.sign(Number(value.toFixed(decimals)) - limit) === side)
            return `${msIn(decimals).format(value)} ms`;
    return `${msIn(3).format(value)} ms`;
}
function msIn(decimals) {
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
}
/** `3.2 %`, `1.25 %` (at most two decimals). */
function formatPercent(pct) {
    return (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMetricValue */ .dd)('fail_rate', pct);
}
/** `1,234`. */
function formatCount(n) {
    return (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMetricValue */ .dd)('iteration_count', n);
}
/**
 * `812.3 req/s`, `60 it/s`: a rate named by what it counts, requests or iterations, at one decimal
 * (as much as a run's throughput means), so that the two are never read for each other.
 */
function formatRate(perS, what) {
    return `${(0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMetricValue */ .dd)('iteration_count', Math.round(perS * 10) / 10)} ${what}/s`;
}
/** A metric's value as reports show it: times like formatMs, rps like formatRate. */
function formatMetric(metric, value) {
    if (metric === 'rps')
        return formatRate(value, 'req');
    return (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .metricKind */ .fK)(metric) === 'time' ? formatMs(value) : (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMetricValue */ .dd)(metric, value);
}
/** A significance level as settings and reports write it: `0.05`, `0.0167`. */
function formatLevel(alpha) {
    return String(Number(alpha.toPrecision(3)));
}
/** `45s`, `2.5s`, `1m 30s`, `1h 5m`, `1h 0m 12s`. */
function formatDuration(seconds) {
    if (seconds < 60) {
        const rounded = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
        return `${rounded}s`;
    }
    const total = Math.round(seconds);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const parts = h > 0 ? [`${h}h`, `${m}m`] : [`${m}m`];
    if (s > 0)
        parts.push(`${s}s`);
    return parts.join(' ');
}
const SIGNED_PCT = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
});
/** `+12.3 %`, `-4.0 %`, `0.0 %`. */
function formatSignedPercent(pct) {
    return `${SIGNED_PCT.format(pct)} %`;
}
/** `2025-05-01 12:00:00 UTC` from an ISO time; the text as given when it is not one. */
function formatTimestamp(iso) {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms))
        return iso;
    return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
/** Latencies as every surface shows them: to a tenth of a millisecond. */
const LATENCY_MS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** `12.5 ms`. */
function formatLatencyMs(ms) {
    return `${LATENCY_MS.format(ms)} ms`;
}


/***/ }),

/***/ 12011:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   V1: () => (/* binding */ egressOf),
/* harmony export */   Xj: () => (/* binding */ responseCount),
/* harmony export */   ei: () => (/* binding */ NO_RESPONSE),
/* harmony export */   gZ: () => (/* binding */ requestLabel),
/* harmony export */   qS: () => (/* binding */ statusText),
/* harmony export */   rc: () => (/* binding */ statusCounts),
/* harmony export */   vB: () => (/* binding */ timesToShow),
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/* harmony import */ var _results_credentials_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(93192);
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
/* harmony import */ var _results_histogram_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(97528);
/* harmony import */ var _results_run_steps_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(50469);
// How user text and status codes are shown: one line, cut to a length, requests by their path,
// status codes with errors marked. The figures themselves are written by src/report/figures.ts.




/** `GET /api/login`: the path keeps a row short and leaves out query strings, which can hold secrets. */
function requestLabel(method, url) {
    const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
    const path = withoutOrigin.split(/[?#]/, 1)[0] || '/';
    return `${method} ${path}`;
}
/** Control characters and line breaks become one space: user text stays on its line. */
function oneLine(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}
/** Cuts text to at most `max` characters, ending in `…` when cut; never splits a surrogate pair. */
function truncate(text, max) {
    const chars = [...text];
    if (chars.length <= max)
        return text;
    return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
// ---- response times ----
/**
 * A level's times as reports show them: the histogram's, to the microsecond, where a figure is
 * below 10 ms and whole milliseconds would hide it (formatMs); from 10 ms up the integer fields,
 * rounded from the same histogram, already say all that is shown, and decoding a histogram costs
 * milliseconds a level. A level without responses shows none.
 */
function timesToShow(result, place, integer, responses) {
    const t = integer;
    const sub10 = Math.min(t.avg, t.median, t.p90, t.p95, t.p99, t.max, t.stddev) < 10;
    return responses > 0 && sub10 ? (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_1__/* .exactTimes */ .AQ)(result.histograms, place, integer) : integer;
}
// ---- status codes ----
/** Responses a level got: the sum of its status counts. None means its response times are absent. */
function responseCount(statusDist) {
    return Object.values(statusDist).reduce((n, c) => n + c, 0);
}
/** A step's status codes, most frequent first, errors marked. */
function statusCounts(result, stepId, dist) {
    const expected = (0,_results_run_steps_js__WEBPACK_IMPORTED_MODULE_2__/* .expectedStatuses */ .TE)(result, stepId);
    return Object.entries(dist)
        .map(([code, count]) => ({ code, count, error: Number(code) >= 400 && !expected.has(Number(code)) }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}
const NO_RESPONSE = '—';
/** Status codes shown in a step's row before the rest are counted. */
const STATUS_CODES_SHOWN = 3;
/**
 * `200 ×28, 500 ×2`: `escapeUser` applies each renderer's escaping to the codes (keys of a results
 * file, so user text), `mark` highlights the errors in its way.
 */
function statusText(counts, escapeUser, mark) {
    if (counts.length === 0)
        return NO_RESPONSE;
    const shown = counts.slice(0, STATUS_CODES_SHOWN).map((c) => {
        const text = `${escapeUser(truncate(c.code, 12))} ×${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatCount */ .B4)(c.count)}`;
        return c.error ? mark(text) : text;
    });
    const rest = counts.length - STATUS_CODES_SHOWN;
    return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}
function plural(n, word) {
    return n === 1 ? word : `${word}s`;
}
/** How a location sent its traffic, proxy credentials hidden (a results file written before they were). */
function egressOf(result, location) {
    return (0,_results_credentials_js__WEBPACK_IMPORTED_MODULE_3__/* .hideCredentials */ .R)(result.run.locations[location] ?? '—');
}


/***/ }),

/***/ 34518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WP: () => (/* binding */ historyMarkdown),
/* harmony export */   dX: () => (/* binding */ historyTerminal),
/* harmony export */   gK: () => (/* binding */ historySection),
/* harmony export */   th: () => (/* binding */ failedSteps),
/* harmony export */   uJ: () => (/* binding */ historyHtml)
/* harmony export */ });
/* unused harmony exports MARKDOWN_STEP_CHARTS, stepsToChart, mermaidChart */
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
/* harmony import */ var _median_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(75205);
/* harmony import */ var _markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(15940);
/* harmony import */ var _svg_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9880);
// History in the reports (docs/history.md): the model's section, built from the results file's
// `history` block and this run's figures, and its layouts: a Mermaid xychart-beta of p95 and
// p99 over the runs with a one-line trend (PR comment, job summary, check run, --summary-file),
// inline SVG charts of each figure in the web report, and the trend line in the terminal.




/** Steps charted on their own in the comment: each chart costs bytes of GitHub's 65,536. */
const MARKDOWN_STEP_CHARTS = 3;
const LABEL_CHARS = 12;
/** The steps a failed threshold names (`step[2]`, `step[login]`, or the one `step[*]` failed at). */
function failedSteps(judgement, stepNames) {
    const failed = new Set();
    for (const o of judgement.thresholds) {
        const step = o.threshold.step;
        if (o.passed || !step)
            continue;
        if ('id' in step)
            failed.add(step.id);
        else if ('name' in step) {
            for (const [id, name] of stepNames)
                if (name === step.name)
                    failed.add(id);
        }
        else {
            // `where` is the level's label, `step 2 (login)` (src/verdict/metrics.ts, stepLabel).
            const id = /^step (\d+)/.exec(o.where ?? '')?.[1];
            if (id !== undefined)
                failed.add(Number(id));
        }
    }
    return failed;
}
function historySection(view, stepNames, failed = new Set()) {
    const { block, current } = view;
    const pointsOf = (pick) => [
        ...block.runs.flatMap((run) => {
            const figures = pick(run.figures);
            if (!figures)
                return [];
            const label = run.sha ? run.sha.slice(0, 7) : run.id.slice(-LABEL_CHARS);
            return [{ label, ...(run.sha && { sha: run.sha }), startedAt: run.started_at, figures, current: false }];
        }),
        { label: 'this run', figures: pick(current) ?? {}, current: true },
    ];
    const steps = [...stepNames].map(([id, name]) => ({
        title: name,
        points: pointsOf((f) => f.steps[String(id)]),
        ...(failed.has(id) && { failed: true }),
    }));
    const trend = trendOf(pointsOf((f) => f.overall), block.branch);
    return {
        runs: block.runs.length,
        ...(trend && { trend }),
        ...(block.baseline && {
            baseline: `median of the last ${block.baseline.median_of.length} runs: ${block.baseline.median_of.join(', ')}`,
        }),
        overall: { title: 'overall', points: pointsOf((f) => f.overall) },
        steps,
        notes: view.notes,
    };
}
/** This run's p95 against the median of the earlier runs' (a single run's noise cannot move a median). */
function trendOf(points, branch) {
    const now = points.at(-1)?.figures.p95;
    const earlier = points.filter((p) => !p.current && p.figures.p95 !== undefined).map((p) => p.figures.p95);
    const middle = (0,_median_js__WEBPACK_IMPORTED_MODULE_3__/* .median */ .J)(earlier);
    if (now === undefined || middle === undefined || middle === 0)
        return undefined;
    const where = branch ? ` on ${branch}` : '';
    const runs = earlier.length === 1 ? 'the last run' : `the last ${earlier.length} runs`;
    return `p95 ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatSignedPercent */ .h9)((now / middle - 1) * 100)} over ${runs}${where} (median ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMs */ ._V)(middle)}, this run ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMs */ ._V)(now)})`;
}
/** The steps charted on their own: those a threshold failed on, in step order, then those whose p95 moved most. */
function stepsToChart(section, count) {
    const failed = section.steps.filter((chart) => chart.failed);
    return [...failed, ...stepsMovedMost(section.steps.filter((chart) => !chart.failed))].slice(0, count);
}
/** The steps whose p95 moved most against their history, largest change first. */
function stepsMovedMost(steps) {
    const moved = steps.flatMap((chart) => {
        const now = chart.points.at(-1)?.figures.p95;
        const middle = (0,_median_js__WEBPACK_IMPORTED_MODULE_3__/* .median */ .J)(chart.points.filter((p) => !p.current && p.figures.p95 !== undefined).map((p) => p.figures.p95));
        if (now === undefined || middle === undefined || middle === 0)
            return [];
        return [{ chart, change: Math.abs(now / middle - 1) }];
    });
    return moved.sort((a, b) => b.change - a.change).map((m) => m.chart);
}
// ---- Markdown ----
function historyMarkdown(section) {
    const parts = ['#### History'];
    if (section.runs === 0)
        parts.push('_No earlier runs of this test were found; the chart starts with the next run._');
    if (section.trend)
        parts.push(`**${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(section.trend)}**`);
    if (section.baseline)
        parts.push(`Baseline: the ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(section.baseline)}.`);
    const overall = mermaidChart(section.overall, 'p95 and p99');
    if (overall)
        parts.push(overall, '_The upper line is p99, the lower p95, oldest run first; the last point is this run._');
    if (section.steps.length > 1) {
        for (const chart of stepsToChart(section, MARKDOWN_STEP_CHARTS)) {
            const drawn = mermaidChart(chart, `${chart.title}: p95 and p99`);
            if (drawn)
                parts.push(drawn);
        }
    }
    if (section.notes.length > 0)
        parts.push(section.notes.map((n) => `- ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeMarkdown */ .FV)(n)}`).join('\n'));
    return parts.join('\n\n');
}
/** A chart of p95 and p99 over the runs that have both; none with fewer than two such runs. */
function mermaidChart(chart, what) {
    const points = chart.points.filter((p) => p.figures.p95 !== undefined && p.figures.p99 !== undefined);
    if (points.length < 2)
        return undefined;
    const round = (v) => Math.round(v * 10) / 10;
    const list = (pick) => `[${points.map((p) => round(pick(p))).join(', ')}]`;
    const top = Math.max(...points.map((p) => p.figures.p99));
    const runs = points.length - 1;
    return [
        '```mermaid',
        'xychart-beta',
        `  title "${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .mermaidLabel */ ._b)(`${what} over the last ${runs} ${runs === 1 ? 'run' : 'runs'} and this one (ms)`, 80)}"`,
        `  x-axis [${points.map((p) => `"${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .mermaidLabel */ ._b)(p.label, LABEL_CHARS)}"`).join(', ')}]`,
        `  y-axis "ms" 0 --> ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_1__/* .niceCeiling */ .n6)(top * 1.1)}`,
        `  line ${list((p) => p.figures.p99)}`,
        `  line ${list((p) => p.figures.p95)}`,
        '```',
    ].join('\n');
}
// ---- HTML ----
/** The web report's History section: each figure over the runs, this run marked (hover names the run and its value). */
function historyHtml(section, colors) {
    const points = section.overall.points;
    const runs = points.map((p) => ({
        label: p.label,
        hover: p.current ? 'this run' : `${p.sha ?? p.label}${p.startedAt ? ` (${(0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatTimestamp */ .Ey)(p.startedAt)})` : ''}`,
    }));
    const current = points.length - 1;
    const values = (pick) => points.map((p) => pick(p.figures) ?? null);
    const latency = (0,_svg_js__WEBPACK_IMPORTED_MODULE_2__/* .runsChart */ .f$)({
        title: 'p50, p95 and p99 per run (ms)',
        runs,
        current,
        yUnit: 'ms',
        formatValue: _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatMs */ ._V,
        series: [
            { key: 'p50', label: 'p50', color: colors.p50, values: values((f) => f.p50) },
            { key: 'p95', label: 'p95', color: colors.p95, values: values((f) => f.p95) },
            { key: 'p99', label: 'p99', color: colors.p99, values: values((f) => f.p99) },
        ],
    });
    const throughput = (0,_svg_js__WEBPACK_IMPORTED_MODULE_2__/* .runsChart */ .f$)({
        title: 'Throughput per run (requests per second)',
        runs,
        current,
        yUnit: 'req/s',
        formatValue: (v) => (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatRate */ .CE)(v, 'req'),
        series: [{ key: 'rps', label: 'throughput', color: colors.throughput, values: values((f) => f.rps) }],
        height: 180,
    });
    const errors = (0,_svg_js__WEBPACK_IMPORTED_MODULE_2__/* .runsChart */ .f$)({
        title: 'HTTP errors per run (%)',
        runs,
        current,
        yUnit: '%',
        formatValue: _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatPercent */ .l9,
        series: [{ key: 'http_fail_rate', label: 'HTTP errors', color: colors.errors, values: values((f) => f.http_fail_rate) }],
        height: 180,
    });
    const lines = [
        section.runs === 0 ? 'No earlier runs of this test were found.' : section.trend,
        section.baseline && `Baseline: the ${section.baseline}.`,
        ...section.notes,
    ].filter((l) => Boolean(l));
    const notes = lines.map((l) => `<p class="note">${(0,_svg_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeXml */ .X)(l)}</p>`).join('');
    const figures = `<figure class="history" data-chart="history-latency">${latency}</figure>` +
        `<figure class="history" data-chart="history-throughput">${throughput}</figure>` +
        `<figure class="history" data-chart="history-errors">${errors}</figure>`;
    return { title: 'History', html: `${notes}${section.runs === 0 ? '' : figures}` };
}
// ---- Terminal ----
function historyTerminal(section, clean) {
    const lines = [`History (${section.runs} earlier ${section.runs === 1 ? 'run' : 'runs'})`];
    if (section.trend)
        lines.push(`  ${clean(section.trend)}`);
    if (section.baseline)
        lines.push(`  baseline: ${clean(section.baseline)}`);
    for (const note of section.notes)
        lines.push(`  note: ${clean(note)}`);
    return lines;
}


/***/ }),

/***/ 99592:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $q: () => (/* binding */ htmlSection),
/* harmony export */   I$: () => (/* binding */ htmlTable),
/* harmony export */   qS: () => (/* binding */ badge)
/* harmony export */ });
/* harmony import */ var _svg_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9880);
// The pieces every section of the web report is built from (the report's own sections, the
// comparison and the latency test).

/** A titled card of the page, with an id made from its title. */
function htmlSection(title, body) {
    const id = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    return `<section id="${(0,_svg_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeXml */ .X)(id)}">\n<h2>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeXml */ .X)(title)}</h2>\n${body}\n</section>`;
}
/** One alignment letter per column (l left, r right: numbers). Headers are plain text; cells arrive escaped. */
function htmlTable(header, align, rows) {
    const cls = (i) => (align[i] === 'r' ? ' class="num"' : '');
    const head = header.map((h, i) => `<th${cls(i)}>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeXml */ .X)(h)}</th>`).join('');
    const body = rows.map((row) => `<tr>${row.map((c, i) => `<td${cls(i)}>${c}</td>`).join('')}</tr>`).join('\n');
    return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}
function badge(kind, label) {
    return `<span class="badge badge-${kind}">${label}</span>`;
}


/***/ }),

/***/ 55612:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  w4: () => (/* binding */ renderHtmlReport)
});

// UNUSED EXPORTS: HTML_REPORT_CSP, NO_SERIES_NOTE

// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/report/capacity.ts
var report_capacity = __webpack_require__(63632);
// EXTERNAL MODULE: ./src/report/format.ts
var report_format = __webpack_require__(12011);
// EXTERNAL MODULE: ./src/report/html-blocks.ts
var html_blocks = __webpack_require__(99592);
// EXTERNAL MODULE: ./src/report/svg.ts
var svg = __webpack_require__(9880);
// EXTERNAL MODULE: ./src/report/figures.ts
var figures = __webpack_require__(53831);
;// CONCATENATED MODULE: ./src/report/capacity-html.ts
// The web report's Capacity section (docs/capacity.md): the answer, a chart of latency (p50, p95,
// p99) against the probes' rates with each time SLO as a line and the rate found marked, and the
// table of probes. Pure; every text that goes in is escaped.






const WIDTH = 960;
const HEIGHT = 300;
const PLOT = { x0: 60, x1: WIDTH - 16, y0: HEIGHT - 34, y1: 34 };
const LINES = [
    { key: 'p50', label: 'p50', color: '#0891b2' },
    { key: 'p95', label: 'p95', color: '#6366f1' },
    { key: 'p99', label: 'p99', color: '#dc2626' },
];
const SLO_COLOR = '#f59e0b';
const FOUND_COLOR = '#16a34a';
const AXIS_COLOR = '#94a3b8';
const TEXT_COLOR = '#475569';
/** The time SLOs of the whole run, as lines on the chart: `p99 < 100ms` at 100 ms. */
function sloLimits(capacity) {
    const parsed = (0,grammar/* parseThresholdLines */.Ik)(capacity.slo);
    if (!parsed.ok)
        return [];
    return parsed.value
        .filter((t) => (0,grammar/* metricKind */.fK)(t.metric) === 'time' && t.step === undefined && t.location === undefined && t.baseline === undefined)
        .map((t) => ({ label: t.source, ms: t.value }));
}
/** The last probe of each rate (its confirmation, when it had one), by rate. */
function byRate(probes) {
    const last = new Map();
    for (const p of probes)
        if (!p.saturated)
            last.set(p.rate, p);
    return [...last.values()].sort((a, b) => a.rate - b.rate);
}
function capacity_html_text(x, y, content, anchor, color = TEXT_COLOR) {
    return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" fill="${color}" font-size="12" text-anchor="${anchor}">${(0,svg/* escapeXml */.X)(content)}</text>`;
}
/** Latency against rate: a line per percentile over the probes, the SLOs across, the rate found upright. */
function capacityChart(capacity) {
    const points = byRate(capacity.probes);
    const limits = sloLimits(capacity);
    const values = points.flatMap((p) => LINES.map((l) => p[l.key]).filter((v) => v !== undefined));
    const yTicks = (0,svg/* niceTicks */.at)(Math.max(0, ...values, ...limits.map((l) => l.ms)));
    const xTicks = (0,svg/* niceTicks */.at)(Math.max(1, ...points.map((p) => p.rate)));
    const yMax = yTicks.at(-1) ?? 1;
    const xMax = xTicks.at(-1) ?? 1;
    const sx = (x) => PLOT.x0 + (x / xMax) * (PLOT.x1 - PLOT.x0);
    const sy = (y) => PLOT.y0 - (Math.min(y, yMax) / yMax) * (PLOT.y0 - PLOT.y1);
    const parts = [
        `<line x1="${PLOT.x0}" x2="${PLOT.x1}" y1="${PLOT.y0}" y2="${PLOT.y0}" stroke="${AXIS_COLOR}"/>`,
        `<line x1="${PLOT.x0}" x2="${PLOT.x0}" y1="${PLOT.y1}" y2="${PLOT.y0}" stroke="${AXIS_COLOR}"/>`,
        capacity_html_text(4, 14, 'ms', 'start'),
        capacity_html_text(PLOT.x1, HEIGHT - 4, 'iterations per second', 'end'),
        ...yTicks.map((t) => capacity_html_text(PLOT.x0 - 8, sy(t) + 4, String(t), 'end')),
        ...xTicks.map((t) => capacity_html_text(sx(t), PLOT.y0 + 16, `${t}/s`, 'middle')),
        ...limits.map((l) => `<line data-slo="${(0,svg/* escapeXml */.X)(l.label)}" x1="${PLOT.x0}" x2="${PLOT.x1}" y1="${sy(l.ms).toFixed(1)}" y2="${sy(l.ms).toFixed(1)}" stroke="${SLO_COLOR}" stroke-dasharray="6 4"/>` +
            capacity_html_text(PLOT.x1, sy(l.ms) - 4, l.label, 'end', SLO_COLOR)),
        ...LINES.map((l) => {
            const marks = points.flatMap((p) => (p[l.key] === undefined ? [] : [`${sx(p.rate).toFixed(1)},${sy(p[l.key]).toFixed(1)}`]));
            return `<polyline data-series="${l.key}" points="${marks.join(' ')}" fill="none" stroke="${l.color}" stroke-width="2"/>`;
        }),
        ...LINES.map((l, i) => capacity_html_text(PLOT.x0 + 10 + i * 60, 22, `— ${l.label}`, 'start', l.color)),
    ];
    if (capacity.max_rate > 0) {
        const x = sx(capacity.max_rate).toFixed(1);
        parts.push(`<line data-found="${capacity.max_rate}" x1="${x}" x2="${x}" y1="${PLOT.y1}" y2="${PLOT.y0}" stroke="${FOUND_COLOR}" stroke-dasharray="4 3"/>`, capacity_html_text(sx(capacity.max_rate) + 4, PLOT.y1 + 12, (0,report_capacity/* formatProbeRate */.a3)(capacity.max_rate), 'start', FOUND_COLOR));
    }
    const title = (0,svg/* escapeXml */.X)(`latency against rate: ${(0,report_capacity/* capacityHeadline */.TR)(capacity)}`);
    return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%"><title>${title}</title>${parts.join('')}</svg>`;
}
function cell(value, format) {
    return (0,svg/* escapeXml */.X)(value === undefined ? report_format/* NO_RESPONSE */.ei : format(value));
}
function capacityHtml(capacity) {
    const rows = capacity.probes.map((p) => [
        (0,svg/* escapeXml */.X)((0,report_capacity/* formatProbeRate */.a3)(p.rate)),
        (0,svg/* escapeXml */.X)((0,report_capacity/* formatProbeRate */.a3)(p.applied)),
        cell(p.p50, figures/* formatMs */._V),
        cell(p.p95, figures/* formatMs */._V),
        cell(p.p99, figures/* formatMs */._V),
        cell(p.http_fail_rate, figures/* formatPercent */.l9),
        (0,svg/* escapeXml */.X)((0,report_capacity/* probeVerdict */.SB)(p)),
    ]);
    return (0,html_blocks/* htmlSection */.$q)('Capacity', [
        `<p><strong>${(0,svg/* escapeXml */.X)((0,report_capacity/* capacityHeadline */.TR)(capacity))}</strong></p>`,
        capacityChart(capacity),
        (0,html_blocks/* htmlTable */.I$)(['rate', 'applied', 'p50', 'p95', 'p99', 'errors', 'SLO'], 'rrrrrrl', rows),
    ].join('\n'));
}

// EXTERNAL MODULE: ./src/report/comparison.ts
var comparison = __webpack_require__(32821);
// EXTERNAL MODULE: ./src/report/latency.ts
var latency = __webpack_require__(40064);
// EXTERNAL MODULE: ./src/report/history.ts
var report_history = __webpack_require__(34518);
// EXTERNAL MODULE: ./src/report/model.ts + 1 modules
var report_model = __webpack_require__(62679);
// EXTERNAL MODULE: ./src/report/timeline.ts
var timeline = __webpack_require__(91935);
;// CONCATENATED MODULE: ./src/report/html.ts
// The web report: the report model as one self-contained HTML file (inline CSS, inline SVG
// charts, no scripts and a Content-Security-Policy that forbids every fetch), written next to the
// results file, uploaded as an artifact and served at test_url. Pure builders, one per section,
// and one composer. Every piece of user text (names, URLs, reasons, status keys) goes through escapeXml.










/** Shown instead of the timeline when the result has no per-second samples. */
const NO_SERIES_NOTE = 'no per-second data (hosted or merged run)';
/** Forbids every fetch, script included: the page needs only its inline styles and SVG. */
const HTML_REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const VERDICT_WORD = {
    passed: 'Passed',
    failed: 'Failed',
    incomplete: 'Stopped early',
};
/** Points per timeline chart; longer runs are drawn in buckets of several seconds. */
const MAX_CHART_POINTS = 600;
const NAME_CHARS = 200;
const COLORS = {
    p50: '#2563eb',
    p95: '#d97706',
    p99: '#dc2626',
    started: '#64748b',
    responses: '#0891b2',
    errors: '#dc2626',
    bars: '#6366f1',
};
function renderHtmlReport(model, options = {}) {
    const title = options.title ?? `${model.name} — loadgate report`;
    const sections = [
        header(model),
        model.capacity && capacityHtml(model.capacity),
        checksSection(model),
        overallSection(model),
        timelineSection(model.timeline),
        stepsSection(model),
        streamsSection(model),
        locationsSection(model),
        stepLocationSection(model),
        distributionSection(model),
        shardsSection(model),
        model.comparison && extraSection((0,comparison/* comparisonHtml */.nP)(model.comparison)),
        model.latency && extraSection((0,latency/* latencyHtml */.Er)(model.latency.result, model.latency.outcomes)),
        model.history && extraSection((0,report_history/* historyHtml */.uJ)(model.history, { ...COLORS, throughput: COLORS.responses })),
        statusSection(model.statusCodes),
        errorsSection(model.errors),
        footer(model),
    ];
    return [
        '<!doctype html>',
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        `<meta http-equiv="Content-Security-Policy" content="${HTML_REPORT_CSP}">`,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        // An empty data: icon, so the browser does not ask the server for /favicon.ico.
        '<link rel="icon" href="data:,">',
        `<title>${(0,svg/* escapeXml */.X)(title)}</title>`,
        `<style>${STYLE}</style>`,
        '</head>',
        '<body>',
        '<main>',
        ...sections.filter((s) => typeof s === 'string'),
        '</main>',
        '</body>',
        '</html>',
        '',
    ].join('\n');
}
// ---- sections ----
function header(model) {
    const { status } = model.verdict;
    const late = !model.late
        ? ''
        : model.late.warning
            ? `<p class="warning">⚠ ${(0,svg/* escapeXml */.X)(model.late.text)}</p>`
            : `<p class="note">${(0,svg/* escapeXml */.X)(model.late.text)}</p>`;
    return [
        '<header>',
        `<p class="brand">loadgate report</p>`,
        `<h1>${(0,svg/* escapeXml */.X)(model.name)}</h1>`,
        `<div class="verdict verdict-${status}" data-verdict="${status}">`,
        `<span class="verdict-word">${VERDICT_WORD[status]}</span>`,
        `<span class="verdict-text">${(0,report_model/* textOf */.b6)(model.verdict.text, svg/* escapeXml */.X)}</span>`,
        '</div>',
        `<p class="context">${model.context.map((p) => `<span>${(0,report_model/* textOf */.b6)(p, svg/* escapeXml */.X)}</span>`).join('')}</p>`,
        late,
        '</header>',
    ].join('\n');
}
const RESULT_BADGE = { passed: ['pass', 'passed'], failed: ['fail', 'failed'], warning: ['warn', 'warning'] };
function checksSection(model) {
    if (model.checks.length === 0)
        return undefined;
    const rows = model.checks.map((c) => [
        (0,svg/* escapeXml */.X)(c.name),
        (0,svg/* escapeXml */.X)(c.actual),
        (0,svg/* escapeXml */.X)(c.limit),
        (0,html_blocks/* badge */.qS)(RESULT_BADGE[c.result][0], RESULT_BADGE[c.result][1]),
    ]);
    const note = model.thresholdNote ? `<p class="warning">⚠ ${(0,svg/* escapeXml */.X)(model.thresholdNote)}</p>` : '';
    return (0,html_blocks/* htmlSection */.$q)('Checks', (0,html_blocks/* htmlTable */.I$)(['Check', 'Actual', 'Limit', 'Result'], 'lrrl', rows) + note);
}
function overallSection(model) {
    const { figures: o, throughput, duration, baselineStartedAt } = model.overall;
    const card = (label, f, sub = '', error = false) => {
        const value = typeof f === 'string' ? f : f.text;
        const delta = typeof f !== 'string' && f.change ? `<span class="delta">${changeHtml(f)}</span>` : '';
        const below = sub ? `<span class="card-sub">${(0,svg/* escapeXml */.X)(sub)}</span>` : '';
        return `<div class="card${error ? ' card-error' : ''}"><span class="card-label">${label}</span><span class="card-value">${value}</span>${below}${delta}</div>`;
    };
    const cards = [
        card('Requests', o.requests),
        card('Errors', o.errors, o.errorKinds, o.hasErrors),
        card('Error rate (http_fail_rate)', o.errorRate, '', o.hasErrors),
        card('Iterations', o.iterations),
        card('Failed iterations', o.failures, `fail_rate ${o.failRate.text}`),
        card('Throughput', throughput),
        card('Duration', duration),
        card('avg', o.avg),
        card('p50', o.p50),
        card('p90', o.p90),
        card('p95', o.p95),
        card('p99', o.p99),
        card('max', o.max),
    ];
    const against = baselineStartedAt ? `<p class="note">Changes against the baseline run of ${(0,svg/* escapeXml */.X)(baselineStartedAt)}.</p>` : '';
    return (0,html_blocks/* htmlSection */.$q)('Overall', `${against}<div class="cards">${cards.join('')}</div>`);
}
function timelineSection(series) {
    if (series.length === 0)
        return (0,html_blocks/* htmlSection */.$q)('Timeline', `<p class="note empty">${NO_SERIES_NOTE}</p>`);
    const points = (0,timeline/* bucketSeries */.y)(series, MAX_CHART_POINTS);
    const latency = (0,svg/* timeChart */.sd)({
        title: 'Latency percentiles per second (ms)',
        xs: points.xs,
        yUnit: 'ms',
        series: [
            { key: 'p50', label: 'p50', color: COLORS.p50, kind: 'line', values: points.p50 },
            { key: 'p95', label: 'p95', color: COLORS.p95, kind: 'line', values: points.p95 },
            { key: 'p99', label: 'p99', color: COLORS.p99, kind: 'line', values: points.p99 },
        ],
    });
    const counts = (0,svg/* timeChart */.sd)({
        title: 'Iterations started, responses and errors per second',
        xs: points.xs,
        yUnit: 'per second',
        series: [
            { key: 'responses', label: 'responses', color: COLORS.responses, kind: 'area', values: points.responses },
            { key: 'started', label: 'iterations started', color: COLORS.started, kind: 'line', values: points.started },
            { key: 'errors', label: 'errors (no 2xx/3xx)', color: COLORS.errors, kind: 'area', values: points.errors },
        ],
    });
    const bucketNote = points.seconds > 1
        ? ` Each point covers ${points.seconds} seconds: counts are averaged per second, latencies are the highest second's.`
        : '';
    const note = `<p class="note">Per second of the run; seconds without responses leave a gap in the latency lines.${bucketNote}</p>`;
    return (0,html_blocks/* htmlSection */.$q)('Timeline', `${note}<figure class="timeline" data-chart="latency">${latency}</figure>` +
        `<figure class="timeline" data-chart="throughput">${counts}</figure>`);
}
function stepsSection(model) {
    if (model.steps.length === 0)
        return (0,html_blocks/* htmlSection */.$q)('Steps', '<p class="note empty">No steps ran.</p>');
    const rows = model.steps.map((s) => [
        String(s.id),
        `<span class="step-name">${(0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(s.name, NAME_CHARS))}</span>${s.isNew ? ' <span class="tag">new</span>' : ''}` +
            `<code class="request">${(0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(s.request, NAME_CHARS))}</code>`,
        s.requests,
        s.hasErrors ? `<span class="status-error">${s.errors}</span>` : s.errors,
        withDelta(s.errorRate),
        (0,report_format/* statusText */.qS)(s.status, svg/* escapeXml */.X, (text) => `<span class="status-error">${text}</span>`),
        withDelta(s.avg),
        s.p50.text,
        withDelta(s.p95),
        withDelta(s.p99),
        s.max.text,
    ]);
    const header = ['#', 'Step', 'Requests', 'Errors', 'Error rate', 'Status', 'avg', 'p50', 'p95', 'p99', 'max'];
    const removed = model.removedSteps;
    const removedNote = removed.length > 0
        ? `<p class="note">Not run any more since the baseline: ${removed.map((d) => `${d.id} ${(0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(d.name, NAME_CHARS))}`).join(', ')}.</p>`
        : '';
    const note = '<p class="note">Errors: requests without a 2xx/3xx answer (no response, or an error status the step does not expect).</p>';
    return (0,html_blocks/* htmlSection */.$q)('Steps', note + (0,html_blocks/* htmlTable */.I$)(header, 'rlrrrlrrrrr', rows) + removedNote);
}
/** Streaming steps (docs/streaming.md): the time to the first event and the gaps between events. */
function streamsSection(model) {
    const stepName = (name) => `<span class="step-name">${(0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(name, NAME_CHARS))}</span>`;
    const rows = (0,report_model/* streamTableRows */.U4)(model.steps, stepName).map((row) => [...row.cells, (0,svg/* escapeXml */.X)(row.closeCodes)]);
    if (rows.length === 0)
        return undefined;
    const header = ['#', 'Step', 'Streams', 'Events', 'First event p50', 'p95', 'p99', 'Gap p50', 'p95', 'p99', 'Close codes'];
    const note = '<p class="note">First event: from the request (a WebSocket’s first message sent) to the first event. Gap: between consecutive events. The steps’ response times are the whole exchange.</p>';
    return (0,html_blocks/* htmlSection */.$q)('Streams', note + (0,html_blocks/* htmlTable */.I$)(header, 'lrrrrrrrrrl', rows));
}
function locationsSection(model) {
    if (!model.locations)
        return undefined;
    const rows = model.locations.map((l) => [(0,svg/* escapeXml */.X)(l.name), `<code>${(0,svg/* escapeXml */.X)(l.egress)}</code>`, ...levelCells(l)]);
    const header = ['Location', 'Egress', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p50', 'p95', 'p99'];
    return (0,html_blocks/* htmlSection */.$q)('Locations', (0,html_blocks/* htmlTable */.I$)(header, 'llrrrrrrrr', rows));
}
function stepLocationSection(model) {
    if (model.stepLocations.length === 0)
        return undefined;
    const rows = model.stepLocations.map((l) => [(0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(l.stepName, NAME_CHARS)), (0,svg/* escapeXml */.X)(l.location), ...levelCells(l)]);
    const header = ['Step', 'Location', 'Iterations', 'Requests', 'Errors', 'Error rate', 'avg', 'p50', 'p95', 'p99'];
    return (0,html_blocks/* htmlSection */.$q)('Steps by location', (0,html_blocks/* htmlTable */.I$)(header, 'llrrrrrrrr', rows));
}
function levelCells(l) {
    return [l.iterations, l.requests, l.errors, l.errorRate.text, l.avg.text, l.p50.text, l.p95.text, l.p99.text];
}
function distributionSection(model) {
    if (model.steps.length === 0)
        return undefined;
    const cards = [
        distributionCard('All requests', '', model.overall.figures),
        ...model.steps.map((s) => distributionCard((0,report_format/* truncate */.xv)(s.name, NAME_CHARS), (0,report_format/* truncate */.xv)(s.request, NAME_CHARS), s)),
    ];
    const note = '<p class="note">Response times of each step: min, percentiles and max.</p>';
    return (0,html_blocks/* htmlSection */.$q)('Latency distribution', `${note}<div class="dist-grid">${cards.join('')}</div>`);
}
function distributionCard(name, request, level) {
    const t = level.times;
    const rows = [
        { label: 'min', value: t.min },
        { label: 'p50', value: t.median },
        { label: 'p80', value: t.p80 },
        { label: 'p90', value: t.p90 },
        { label: 'p95', value: t.p95 },
        { label: 'p99', value: t.p99 },
        { label: 'max', value: t.max },
    ];
    // Without a response there is no time to show: each statistic reads "—", not 0 ms.
    const formatValue = level.responded ? figures/* formatMs */._V : () => report_format/* NO_RESPONSE */.ei;
    const chart = (0,svg/* barChart */.S9)({ title: `Response times of ${name} (ms)`, rows, color: COLORS.bars, formatValue });
    const sub = request ? `<code>${(0,svg/* escapeXml */.X)(request)}</code>` : `<span>avg ${level.avg.text}</span>`;
    return `<figure class="dist"><figcaption><strong>${(0,svg/* escapeXml */.X)(name)}</strong>${sub}</figcaption>${chart}</figure>`;
}
function shardsSection(model) {
    if (!model.shards)
        return undefined;
    const { headline, late, shards } = model.shards;
    const rows = shards.map((s) => [
        String(s.index),
        `<code>${(0,svg/* escapeXml */.X)(s.file)}</code>`,
        s.started,
        s.startLag,
        s.iterations,
        s.late ? (0,html_blocks/* badge */.qS)('warn', 'late') : 'on time',
    ]);
    const note = `<p class="${late ? 'warning' : 'note'}">${late ? '⚠ ' : ''}${(0,svg/* escapeXml */.X)(headline)}</p>`;
    return (0,html_blocks/* htmlSection */.$q)('Shards', note + (0,html_blocks/* htmlTable */.I$)(['Shard', 'File', 'Started', 'Start lag', 'Iterations', ''], 'rllrrl', rows));
}
function extraSection(body) {
    return (0,html_blocks/* htmlSection */.$q)(body.title, body.html);
}
function statusSection(entries) {
    if (entries.length === 0)
        return undefined;
    const rows = entries.map((e) => [
        (0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(e.stepName, NAME_CHARS)),
        `<span class="status status-${statusClass(e.key)}">${(0,svg/* escapeXml */.X)(e.key)}</span>`,
        (0,figures/* formatCount */.B4)(e.count),
        (0,figures/* formatPercent */.l9)(e.share),
    ]);
    return (0,html_blocks/* htmlSection */.$q)('Status codes per step', (0,html_blocks/* htmlTable */.I$)(['Step', 'Status', 'Responses', 'Share'], 'llrr', rows));
}
const ERROR_KIND = { transport: 'no response', http: 'HTTP error', check: 'failed check' };
function errorsSection(entries) {
    if (entries.length === 0)
        return (0,html_blocks/* htmlSection */.$q)('Errors per step', '<p class="note empty">No errors.</p>');
    const rows = entries.map((e) => [
        (0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(e.stepName, NAME_CHARS)),
        (0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(e.key, NAME_CHARS)),
        ERROR_KIND[e.kind],
        (0,figures/* formatCount */.B4)(e.count),
    ]);
    return (0,html_blocks/* htmlSection */.$q)('Errors per step', (0,html_blocks/* htmlTable */.I$)(['Step', 'Error', 'Kind', 'Count'], 'lllr', rows));
}
function footer(model) {
    const { about } = model;
    const parts = [
        `loadgate ${(0,svg/* escapeXml */.X)(about.version)}`,
        `started ${(0,svg/* escapeXml */.X)(about.startedAt)}`,
        `finished ${(0,svg/* escapeXml */.X)(about.finishedAt)}`,
        `mode ${(0,svg/* escapeXml */.X)(about.mode)}`,
    ];
    if (model.links.fullReport)
        parts.push(html_link(model.links.fullReport));
    return `<footer>${parts.map((p) => `<span>${p}</span>`).join('')}</footer>`;
}
// ---- building blocks ----
function withDelta(f) {
    return f.change ? `${f.text}<span class="delta">${changeHtml(f)}</span>` : f.text;
}
function changeHtml(f) {
    return f.change ? `<span class="change change-${f.change.verdict}">${(0,svg/* escapeXml */.X)(f.change.text)}</span>` : '';
}
/** `2xx`…`5xx` for colouring; `other` for anything that is not an HTTP status. */
function statusClass(code) {
    return /^[1-5]\d\d$/.test(code) ? `${code[0]}xx` : 'other';
}
/** A link for http(s) and file URLs (test_url is a file:// URL outside Actions); any other text stays text. */
function html_link(url) {
    const text = (0,svg/* escapeXml */.X)((0,report_format/* truncate */.xv)(url, NAME_CHARS));
    return /^(https?|file):\/\//i.test(url) ? `<a href="${(0,svg/* escapeXml */.X)(url)}">${text}</a>` : text;
}
// ---- style ----
/** A light, quiet look: system fonts, roomy spacing, numbers right-aligned in tabular figures. */
const STYLE = `
:root { color-scheme: light; --fg: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #f8fafc; --card: #fff; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 32px 20px 48px; }
header { margin-bottom: 8px; }
.brand { margin: 0; color: var(--muted); font-size: 12px; font-weight: 600; letter-spacing: .08em; text-transform: uppercase; }
h1 { margin: 4px 0 16px; font-size: 28px; line-height: 1.2; overflow-wrap: anywhere; }
h2 { margin: 0 0 12px; font-size: 17px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 20px; margin: 18px 0; }
.verdict { display: flex; gap: 14px; align-items: center; padding: 14px 18px; border-radius: 10px; border: 1px solid; }
.verdict-word { flex: none; font-weight: 700; font-size: 13px; letter-spacing: .04em; text-transform: uppercase;
  padding: 4px 10px; border-radius: 999px; color: #fff; }
.verdict-text { font-size: 15px; font-weight: 500; overflow-wrap: anywhere; }
.verdict-passed { background: #f0fdf4; border-color: #bbf7d0; color: #14532d; } .verdict-passed .verdict-word { background: #16a34a; }
.verdict-failed { background: #fef2f2; border-color: #fecaca; color: #7f1d1d; } .verdict-failed .verdict-word { background: #dc2626; }
.verdict-incomplete { background: #fffbeb; border-color: #fde68a; color: #78350f; } .verdict-incomplete .verdict-word { background: #d97706; }
.status-error { color: #b91c1c; font-weight: 600; }
.context { margin: 12px 0 0; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 0; }
.context span:not(:last-child)::after { content: "·"; margin: 0 10px; color: #cbd5e1; }
.warning { margin: 10px 0 0; padding: 8px 12px; border-radius: 8px; background: #fffbeb; color: #78350f; border: 1px solid #fde68a; }
.note { margin: 0 0 12px; color: var(--muted); }
.note.empty { margin: 0; font-style: italic; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 10px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; display: flex; flex-direction: column; }
.card-label { color: var(--muted); font-size: 12px; }
.card-value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.card-sub { color: var(--muted); font-size: 12px; }
.card-error .card-value { color: #b91c1c; }
.delta { display: block; font-size: 12px; }
.change-worse { color: #b91c1c; } .change-better { color: #15803d; } .change-same { color: var(--muted); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 7px 8px; text-align: left; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-size: 12px; font-weight: 600; white-space: nowrap; background: #f8fafc; }
tbody tr:hover { background: #f8fafc; }
td.num, th.num { text-align: right; white-space: nowrap; }
td { overflow-wrap: break-word; }
td code { white-space: nowrap; }
.step-name { font-weight: 500; }
code.request { display: block; margin-top: 2px; color: var(--muted); }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #334155; }
.tag { font-size: 11px; padding: 1px 6px; border-radius: 4px; background: #e0e7ff; color: #3730a3; }
.badge, .status { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; }
.badge-pass, .status-2xx { background: #dcfce7; color: #166534; }
.badge-fail, .status-5xx { background: #fee2e2; color: #991b1b; }
.badge-warn { background: #fef3c7; color: #92400e; }
.status-1xx, .status-3xx { background: #e0f2fe; color: #075985; }
.status-4xx { background: #fef3c7; color: #92400e; }
.status-other { background: #f1f5f9; color: #334155; }
figure { margin: 0; }
.timeline + .timeline { margin-top: 18px; }
svg.chart { display: block; width: 100%; height: auto; font-family: inherit; }
svg text { font-variant-numeric: tabular-nums; }
.dist-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 14px; }
.dist { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px 6px; }
.dist figcaption { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; margin-bottom: 6px; overflow-wrap: anywhere; }
.dist figcaption span { color: var(--muted); font-size: 12px; }
footer { display: flex; flex-wrap: wrap; gap: 4px 0; color: var(--muted); font-size: 12px; margin-top: 24px; }
footer span:not(:last-child)::after { content: "·"; margin: 0 10px; color: #cbd5e1; }
footer a { color: #2563eb; overflow-wrap: anywhere; }
`;


/***/ }),

/***/ 40064:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Er: () => (/* binding */ latencyHtml),
/* harmony export */   eE: () => (/* binding */ latencyMarkdown),
/* harmony export */   pe: () => (/* binding */ latencyTerminal)
/* harmony export */ });
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(16141);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(12011);
/* harmony import */ var _html_blocks_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(99592);
/* harmony import */ var _markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(15940);
/* harmony import */ var _svg_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9880);
// The latency test in the reports (docs/latency.md): a Markdown section for the PR comment and job
// summary, lines for the terminal, and an HTML section with a phase chart per location. Pure
// renderers; user text (location names, reasons, the target) is escaped for each medium here.






const TITLE = 'Latency';
const PHASE_LABEL = { dns: 'DNS', connect: 'TCP', tls: 'TLS', ttfb: 'TTFB', total: 'Total' };
const PHASE_HEADER = { dns: 'DNS', connect: 'Connect', tls: 'TLS', ttfb: 'TTFB', total: 'Total' };
const NAME_CHARS = 80;
const BAR_COLOR = '#0891b2';
function successes(l) {
    return l.samples - l.failures;
}
function headline(result) {
    const count = Object.keys(result.locations).length;
    return `${result.samples} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(result.samples, 'sample')} per location from ${count} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(count, 'location')}: a new connection each, phases in ms (median unless marked).`;
}
// ---- Markdown ----
function latencyMarkdown(result, outcomes = []) {
    const entries = Object.entries(result.locations);
    const blocks = [`Target \`${escapeCode(result.target)}\` · ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(headline(result))}`];
    if (outcomes.length > 0) {
        const rows = outcomes.map((o) => `| ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(o.describe)} | ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(o.actual)} | ${o.passed ? '✅ pass' : '❌ fail'} |`);
        blocks.push(['| Threshold | Actual | Result |', '| --- | --- | --- |', ...rows].join('\n'));
    }
    const header = `| Location | Egress | OK | ${_types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => PHASE_HEADER[p]).join(' | ')} | Total p95 | Total max |`;
    const rows = entries.map(([code, l]) => {
        const phases = _types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => (successes(l) > 0 ? _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases[p].median) : '–'));
        const tail = successes(l) > 0 ? [_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases.total.p95), _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases.total.max)] : ['–', '–'];
        return `| ${locationCell(code, l)} | ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(l.egress)} | ${successes(l)}/${l.samples} | ${[...phases, ...tail].join(' | ')} |`;
    });
    blocks.push([header, `| --- | --- | ---: |${' ---: |'.repeat(_types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.length + 2)}`, ...rows].join('\n'));
    const errors = entries.flatMap(([code, l]) => sortedCounts(l.errors).map(([reason, n]) => `| ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(code)} | ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(reason, NAME_CHARS))} | ${n} |`));
    if (errors.length > 0)
        blocks.push(['| Location | Failure | Samples |', '| --- | --- | ---: |', ...errors].join('\n'));
    blocks.push(allStatsDetails(entries));
    return { title: TITLE, markdown: blocks.join('\n\n') };
}
function locationCell(code, l) {
    const status = l.status_code === undefined ? '' : ` · ${l.status_code}`;
    return `**${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(code)}** ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(l.name, NAME_CHARS))}${status}`;
}
function allStatsDetails(entries) {
    const rows = entries
        .filter(([, l]) => successes(l) > 0)
        .flatMap(([code, l]) => _types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => `| ${(0,_markdown_blocks_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMarkdown */ .FV)(code)} | ${PHASE_HEADER[p]} | ${_types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_STATS */ .Ln.map((s) => _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases[p][s])).join(' | ')} |`));
    if (rows.length === 0)
        return '';
    const table = [
        `| Location | Phase | ${_types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_STATS */ .Ln.join(' | ')} |`,
        `| --- | --- |${' ---: |'.repeat(_types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_STATS */ .Ln.length)}`,
        ...rows,
    ].join('\n');
    return `<details><summary>Every phase: min, avg, median, p95, max (ms)</summary>\n\n${table}\n\n</details>`;
}
/** Inside a code span only a backtick can end it; a URL has none, but user text might. */
function escapeCode(text) {
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(text).replace(/`/g, "'");
}
function sortedCounts(counts) {
    return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
// ---- terminal ----
function latencyTerminal(result, opts) {
    const paint = (code, text) => (opts.color ? `\u001b[${code}m${text}\u001b[0m` : text);
    const lines = [paint(1, `Latency of ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(result.target)}`), `  ${headline(result)}`];
    for (const o of opts.outcomes ?? []) {
        const mark = o.passed ? paint(32, '✔') : paint(31, '✘');
        lines.push(`  ${mark} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(o.describe)} (actual ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(o.actual)})`);
    }
    const header = ['Location', 'Egress', 'OK', ..._types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => PHASE_HEADER[p]), 'Total p95', 'Total max'];
    const rows = Object.entries(result.locations).map(([code, l]) => {
        const ok = successes(l) > 0;
        const phases = _types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => (ok ? _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases[p].median) : '-'));
        const tail = ok ? [_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases.total.p95), _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases.total.max)] : ['-', '-'];
        return [`${code} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(l.name), 30)}`, (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(l.egress), `${successes(l)}/${l.samples}`, ...phases, ...tail];
    });
    lines.push('', ...alignColumns([header, ...rows]).map((r) => `  ${r}`));
    for (const [code, l] of Object.entries(result.locations)) {
        for (const [reason, n] of sortedCounts(l.errors))
            lines.push(`  ${paint(33, '!')} ${code}: ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(reason)} × ${n}`);
    }
    return `${lines.join('\n')}\n`;
}
/** The first two columns left-aligned, the numbers right-aligned. */
function alignColumns(rows) {
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
    return rows.map((r) => r
        .map((cell, i) => {
        const pad = ' '.repeat(widths[i] - [...cell].length);
        return i < 2 ? cell + pad : pad + cell;
    })
        .join('  ')
        .trimEnd());
}
// ---- HTML ----
function latencyHtml(result, outcomes = []) {
    const parts = [`<p class="note">Target <code>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(result.target)}</code>. ${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(headline(result))}</p>`];
    if (outcomes.length > 0) {
        const rows = outcomes.map((o) => [
            (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(o.describe),
            (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(o.actual),
            `<span class="badge badge-${o.passed ? 'pass' : 'fail'}">${o.passed ? 'passed' : 'failed'}</span>`,
        ]);
        parts.push((0,_html_blocks_js__WEBPACK_IMPORTED_MODULE_2__/* .htmlTable */ .I$)(['Threshold', 'Actual', 'Result'], 'lll', rows));
    }
    const entries = Object.entries(result.locations);
    const statRows = entries.flatMap(([code, l]) => successes(l) === 0
        ? [
            [
                (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(code),
                (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l.name),
                (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l.egress),
                `${successes(l)}/${l.samples}`,
                'every sample failed',
                '',
                '',
                '',
                '',
                '',
            ],
        ]
        : _types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p, i) => [
            i === 0 ? (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(code) : '',
            i === 0 ? (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l.name) : '',
            i === 0 ? (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l.egress) : '',
            i === 0 ? `${successes(l)}/${l.samples}` : '',
            PHASE_HEADER[p],
            ..._types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_STATS */ .Ln.map((s) => _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .LATENCY_MS */ .Eq.format(l.phases[p][s])),
        ]));
    parts.push((0,_html_blocks_js__WEBPACK_IMPORTED_MODULE_2__/* .htmlTable */ .I$)(['Location', 'Name', 'Egress', 'OK', 'Phase', ..._types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_STATS */ .Ln], 'llllrrrrrr', statRows));
    const errorRows = entries.flatMap(([code, l]) => sortedCounts(l.errors).map(([reason, n]) => [(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(code), (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)(reason, NAME_CHARS)), String(n)]));
    if (errorRows.length > 0)
        parts.push((0,_html_blocks_js__WEBPACK_IMPORTED_MODULE_2__/* .htmlTable */ .I$)(['Location', 'Failure', 'Samples'], 'llr', errorRows));
    const charts = entries.filter(([, l]) => successes(l) > 0).map(([code, l]) => phaseChart(code, l));
    if (charts.length > 0)
        parts.push(`<div class="dist-grid">${charts.join('')}</div>`);
    return { title: TITLE, html: parts.join('\n') };
}
function phaseChart(code, l) {
    const rows = _types_js__WEBPACK_IMPORTED_MODULE_5__/* .LATENCY_PHASES */ .EY.map((p) => ({ label: PHASE_LABEL[p], value: l.phases[p].median }));
    const chart = (0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .barChart */ .S9)({ title: `Median phases at ${code} (ms)`, rows, color: BAR_COLOR, formatValue: _figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatLatencyMs */ .Se });
    return `<figure class="dist" data-location="${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(code)}"><figcaption><strong>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(code)}</strong><span>${(0,_svg_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeXml */ .X)(l.name)}</span></figcaption>${chart}</figure>`;
}


/***/ }),

/***/ 15940:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   Qj: () => (/* binding */ markdownTable),
/* harmony export */   _b: () => (/* binding */ mermaidLabel),
/* harmony export */   n6: () => (/* binding */ niceCeiling),
/* harmony export */   zH: () => (/* binding */ details)
/* harmony export */ });
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(12011);
// The pieces every Markdown section is built from (the report's own sections, the comparison and
// the latency test): escaping, tables, collapsed blocks, Mermaid labels and axes.

/**
 * Escapes user text (names, URLs, error reasons, status keys) for a Markdown table cell or a
 * heading: it cannot end the cell, start a tag, entity, code span, emphasis or math, or break the line,
 * and a bare URL in it stays text, not a live link (GitHub autolinks `scheme://` and `www.`).
 * `<`, `>` and `&` stay readable where they cannot start markup (`p95 < 500 ms`).
 */
function escapeMarkdown(text) {
    return ((0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text)
        .replace(/&(?=[#A-Za-z])/g, '&amp;')
        .replace(/<(?![\s=]|$)/g, '&lt;')
        .replace(/(?<!\s)>|>(?![\s=]|$)/g, '&gt;')
        .replace(/[\\`*_[\]|~$]/g, '\\$&')
        // `@name` would notify a person and `#12` link an issue: a zero-width space defuses both.
        .replace(/([@#])(?=[\w-])/g, '$1\u200b')
        // The same space keeps GitHub's autolinker from seeing `https://` or `www.` (a link in the
        // report would look like one the report made).
        .replace(/:(?=\/\/)|www(?=\.)/gi, '$&\u200b'));
}
/** `markdownTable(['a','b'], 'lr', rows)`: one alignment letter per column (l left, r right). Cells arrive escaped. */
function markdownTable(header, align, rows) {
    const line = (cells) => `| ${cells.join(' | ')} |`;
    const rule = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
    return [line(header), line(rule), ...rows.map(line)].join('\n');
}
/** The blank lines around the content let GitHub render the Markdown inside the HTML block. */
function details(summary, content) {
    return `<details>\n<summary>${summary}</summary>\n\n${content}\n\n</details>`;
}
/** A label Mermaid reads inside one quoted string: no quotes, brackets, entities or line breaks. */
function mermaidLabel(name, max) {
    const safe = name
        .replace(/[^\p{L}\p{N} _\-./:()+]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .truncate */ .xv)(safe === '' ? '?' : safe, max);
}
/** The first round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k) at or above n, to end an axis on. */
function niceCeiling(n) {
    if (n <= 1)
        return 1;
    const magnitude = 10 ** Math.floor(Math.log10(n));
    const factor = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((f) => f * magnitude >= n) ?? 10;
    return Math.round(factor * magnitude);
}


/***/ }),

/***/ 62679:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  FK: () => (/* binding */ buildReport),
  U4: () => (/* binding */ streamTableRows),
  b6: () => (/* binding */ textOf)
});

// UNUSED EXPORTS: totalResponses

// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
// EXTERNAL MODULE: ./src/rates.ts
var rates = __webpack_require__(42672);
// EXTERNAL MODULE: ./src/results/request-counts.ts
var request_counts = __webpack_require__(69124);
// EXTERNAL MODULE: ./src/results/run-steps.ts
var run_steps = __webpack_require__(50469);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(12011);
// EXTERNAL MODULE: ./src/report/figures.ts
var report_figures = __webpack_require__(53831);
;// CONCATENATED MODULE: ./src/report/baseline.ts
// Compares a run with an earlier one (the `baseline` input): overall and per step, matched by
// step id. Pure; the renderers turn the deltas into words that read without colour.





const BASELINE_METRICS = ['avg', 'p95', 'p99', 'http_fail_rate', 'fail_rate', 'rps'];
/** Changes within this band (percent, either way) read "≈ same": run-to-run noise. */
const SAME_BAND_PCT = 2;
function compareToBaseline(current, baseline) {
    const before = new Map(baseline.results.steps.map((s) => [s.id, s]));
    const after = new Map(current.results.steps.map((s) => [s.id, s]));
    const steps = current.results.steps.map((s) => {
        const old = before.get(s.id);
        if (!old)
            return { id: s.id, name: (0,run_steps/* stepDisplayName */.wX)(current, s.id), status: 'new', changes: [] };
        return {
            id: s.id,
            name: (0,run_steps/* stepDisplayName */.wX)(current, s.id),
            status: 'matched',
            changes: changesBetween(stepFigures(old, baseline), stepFigures(s, current)),
        };
    });
    for (const old of baseline.results.steps) {
        if (!after.has(old.id))
            steps.push({ id: old.id, name: (0,run_steps/* stepDisplayName */.wX)(baseline, old.id), status: 'removed', changes: [] });
    }
    return {
        baselineStartedAt: baseline.run.started_at,
        overall: changesBetween(overallFigures(baseline), overallFigures(current)),
        steps,
    };
}
/** Which way a change reads for its metric: latency and fail rate up is worse, rps up is better. */
function changeVerdict(change) {
    // Judged on the change as shown (one decimal), so `+2.0 %` never reads "worse".
    const pct = change.changePct === null ? null : Math.round(change.changePct * 10) / 10;
    if (pct !== null && Math.abs(pct) <= SAME_BAND_PCT)
        return 'same';
    if (change.after === change.before)
        return 'same';
    const up = change.after > change.before;
    const higherIsBetter = change.metric === 'rps';
    return up === higherIsBetter ? 'better' : 'worse';
}
/** `412 ms (+12.3 % ▲ worse)`: the current value, then how it moved since the baseline. */
function formatChange(change) {
    return `${formatMetric(change.metric, change.after)} (${describeChange(change)})`;
}
/** `+12.3 % ▲ worse`, `-0.8 % ≈ same`, `was 0 % ▲ worse` (no relative change from zero). */
function describeChange(change) {
    const verdict = changeVerdict(change);
    const amount = change.changePct === null ? `was ${(0,report_figures/* formatMetric */.gI)(change.metric, change.before)}` : (0,report_figures/* formatSignedPercent */.h9)(change.changePct);
    if (verdict === 'same')
        return `${amount} ≈ same`;
    const arrow = change.after > change.before ? '▲' : '▼';
    return `${amount} ${arrow} ${verdict}`;
}
function findChange(changes, metric) {
    return changes.find((c) => c.metric === metric);
}
function changesBetween(before, after) {
    const value = (f, metric) => {
        switch (metric) {
            case 'avg':
                return f.times.avg;
            case 'p95':
                return f.times.p95;
            case 'p99':
                return f.times.p99;
            case 'http_fail_rate':
                return f.errorRate;
            case 'fail_rate':
                return f.failRate;
            case 'rps':
                return f.rps;
        }
    };
    // A fail rate with no finished iteration on either side has nothing to compare.
    return BASELINE_METRICS.flatMap((metric) => {
        const b = value(before, metric);
        const a = value(after, metric);
        return a === undefined || b === undefined ? [] : [{ metric, before: b, after: a, changePct: relativeChangePct(b, a) }];
    });
}
function relativeChangePct(before, after) {
    if (before === 0)
        return after === 0 ? 0 : null;
    return ((after - before) / before) * 100;
}
// Times as the tables show them (timesToShow): to the microsecond below 10 ms.
function overallFigures(r) {
    const res = r.results;
    const responses = res.steps.reduce((n, s) => n + (0,format/* responseCount */.Xj)(s.status_code_dist), 0);
    return {
        times: (0,format/* timesToShow */.vB)(r, { level: 'overall' }, res.response_times, responses),
        failRate: (0,rates/* failRatePct */.Sl)(res),
        errorRate: errorRatePct(res.steps.map((s) => (0,request_counts/* stepCell */.j4)(r, s))),
        rps: r.run.rps,
    };
}
function stepFigures(s, r) {
    // As thresholds measure a step's rps: its share of the run's requests at the run's rate.
    const requests = (c) => c.fail_count + c.success_count;
    const rps = (0,rates/* partRps */.bI)(r.run.rps, requests(s), r.results.steps.reduce((n, step) => n + requests(step), 0));
    return {
        times: (0,format/* timesToShow */.vB)(r, { level: 'steps', key: String(s.id) }, s.response_times, (0,format/* responseCount */.Xj)(s.status_code_dist)),
        failRate: (0,rates/* failRatePct */.Sl)(s),
        errorRate: errorRatePct([(0,request_counts/* stepCell */.j4)(r, s)]),
        rps,
    };
}
function errorRatePct(cells) {
    const counts = (0,request_counts/* requestCounts */.q3)(cells);
    return (0,rates/* percent */.KN)(counts.httpErrors, counts.requests);
}

// EXTERNAL MODULE: ./src/report/history.ts
var report_history = __webpack_require__(34518);
;// CONCATENATED MODULE: ./src/report/model.ts
// The report model: what a reader of any surface sees, made once from the result, its judgement
// and the sections a mode adds (baseline, shards, comparison, latency test). The terminal,
// Markdown (comment and summary) and HTML renderers only format it, so every surface shows the
// same verdict, checks and figures. Figures are formatted here; user text (names, URLs, status
// keys, reasons) stays raw, for each renderer to escape and shorten in its own way.








function buildReport(source) {
    const { result, judgement } = source;
    const delta = source.baseline ? compareToBaseline(result, source.baseline) : undefined;
    const stepChanges = new Map((delta?.steps ?? []).map((d) => [d.id, d]));
    const steps = result.results.steps.map((step) => stepRow(result, step, stepChanges.get(step.id)));
    const byLocation = showsLocations(result);
    const latency = result.run.latency;
    const rates = ratesOf(result);
    const overall = levelFigures(result.results, result.results.steps.map((s) => (0,request_counts/* stepCell */.j4)(result, s)), (0,format/* timesToShow */.vB)(result, { level: 'overall' }, result.results.response_times, totalResponses(result)), totalResponses(result), delta?.overall ?? []);
    const thresholdNote = thresholdNoteOf(judgement);
    return {
        name: result.run.name,
        verdict: verdictOf(result, judgement),
        context: contextOf(result, rates, overall),
        ...(judgement.late && { late: judgement.late }),
        checks: checkRows(judgement),
        ...(thresholdNote && { thresholdNote }),
        overall: {
            figures: overall,
            throughput: withChange(rates.requests, delta?.overall ?? [], 'rps'),
            iterationRate: rates.iterations,
            duration: (0,report_figures/* formatDuration */.a3)(result.run.duration_s),
            ...(delta && { baselineStartedAt: (0,report_figures/* formatTimestamp */.Ey)(delta.baselineStartedAt) }),
        },
        steps,
        removedSteps: (delta?.steps ?? []).filter((d) => d.status === 'removed').map((d) => ({ id: d.id, name: d.name })),
        ...(byLocation && { locations: locationRows(result) }),
        stepLocations: byLocation ? stepLocationRows(result, steps) : [],
        statusCodes: countRows(result, steps, (s) => s.status_code_dist),
        errors: errorRows(result, steps),
        timeline: result.run.series,
        ...(result.run.shards && result.run.shards.length > 0 && { shards: shardsOf(result.run.shards) }),
        ...(source.comparison && { comparison: source.comparison }),
        ...(latency && { latency: { result: latency, outcomes: source.latencyOutcomes ?? [] } }),
        ...(result.capacity && { capacity: result.capacity }),
        ...(source.history && { history: historySectionOf(source.history, result, judgement) }),
        links: { ...(result.test_url && { fullReport: result.test_url }), ...(source.reportUrl && { htmlReport: source.reportUrl }) },
        about: {
            version: result.run.version,
            mode: result.run.mode,
            startedAt: (0,report_figures/* formatTimestamp */.Ey)(result.run.started_at),
            finishedAt: (0,report_figures/* formatTimestamp */.Ey)(result.run.finished_at),
            ...(source.definitionFile && { definitionFile: source.definitionFile }),
        },
    };
}
/** Text as one string: the user's pieces through `escapeUser` (each renderer's own). */
function textOf(text, escapeUser = (t) => t) {
    return text.map((piece) => (typeof piece === 'string' ? piece : escapeUser(piece.user))).join('');
}
/** The Streams table's rows, one a streaming step, the name written by `name` (each renderer's own escaping). */
function streamTableRows(steps, name) {
    return steps.flatMap(({ id, name: stepName, stream }) => {
        if (stream === undefined)
            return [];
        const { streams, events, firstEvent, gap, closeCodes } = stream;
        const cells = [String(id), name(stepName), streams, events, firstEvent.p50, firstEvent.p95, firstEvent.p99, gap.p50, gap.p95, gap.p99];
        return [{ cells, closeCodes }];
    });
}
// ---- the verdict ----
/** Failed checks named in the verdict; the tables list the rest. */
const VERDICT_BREACHES = 3;
function verdictOf(result, judgement) {
    const name = { user: result.run.name };
    const total = judgement.checks.length;
    const checks = (n) => `${n} ${(0,format/* plural */.LS)(n, 'check')}`;
    if (judgement.outcome === 'incomplete') {
        const by = judgement.stoppedBy && judgement.stoppedBy !== 'stopped' ? ` by ${judgement.stoppedBy}` : '';
        const others = judgement.failed.filter((c) => c.kind !== 'completeness');
        const rest = others.length === 0
            ? [`the other ${checks(total - 1)} met`]
            : [`${others.length} of the other ${checks(total - 1)} failed: `, ...breaches(others)];
        return { status: 'incomplete', text: [name, ` stopped early${by} — results are partial, so this is not a pass; `, ...rest] };
    }
    if (judgement.outcome === 'failed') {
        return {
            status: 'failed',
            text: [name, ` failed — ${judgement.failed.length} of ${checks(total)} failed: `, ...breaches(judgement.failed)],
        };
    }
    const warnings = judgement.warnings.length;
    // Not "all met": a warning is a check that did not hold, only one that may not fail the run.
    if (warnings > 0)
        return {
            status: 'passed',
            text: [name, ` passed — ${total - warnings} of ${checks(total)} met, ${warnings} ${(0,format/* plural */.LS)(warnings, 'warning')}`],
        };
    return { status: 'passed', text: [name, ` passed — ${total === 1 ? 'the 1 check' : `all ${total} checks`} met`] };
}
function breaches(failed) {
    const named = failed
        .slice(0, VERDICT_BREACHES)
        .flatMap((c, i) => [...(i > 0 ? [', '] : []), { user: c.describe }, ' (actual ', { user: c.actual }, ')']);
    return failed.length > VERDICT_BREACHES ? [...named, `, and ${failed.length - VERDICT_BREACHES} more`] : named;
}
function checkRows(judgement) {
    return judgement.checks.map((check) => ({
        name: check.isDefault ? `${check.describe} (default)` : check.describe,
        actual: check.actual,
        limit: check.limit ?? '',
        result: check.passed ? 'passed' : check.warnOnly ? 'warning' : 'failed',
    }));
}
// ---- the line of context ----
/** Locations listed by name up to this many; beyond it, only counted. */
const LISTED_LOCATIONS = 5;
/**
 * Iterations and requests per second over the same seconds: run.rps is the requests over
 * run.rate_window_s (docs/results.md, "Rates"), so the iterations' rate is over it too. A file of a
 * version before that field names its seconds only through rps (the requests over them).
 */
function ratesOf(result) {
    const { rps, rate_window_s: window, duration_s: duration } = result.run;
    const requestCount = result.results.steps.reduce((n, s) => n + s.success_count + s.fail_count, 0);
    const windowS = window ?? (rps > 0 && requestCount > 0 ? requestCount / rps : duration);
    const perS = windowS > 0 ? result.results.iteration_count / windowS : 0;
    return { iterations: (0,report_figures/* formatRate */.CE)(perS, 'it'), requests: (0,report_figures/* formatRate */.CE)(rps, 'req'), requestCount, windowS };
}
function contextOf(result, rates, overall) {
    const { run, results } = result;
    const locations = Object.keys(results.location_dist);
    const where = locations.length === 0
        ? ['no locations']
        : locations.length <= LISTED_LOCATIONS
            ? [`${(0,format/* plural */.LS)(locations.length, 'location')}: `, ...locations.flatMap((l, i) => [...(i > 0 ? [', '] : []), { user: l }])]
            : [`${locations.length} locations`];
    return [
        [
            `${(0,report_figures/* formatCount */.B4)(results.iteration_count)} ${(0,format/* plural */.LS)(results.iteration_count, 'iteration')} in ${(0,report_figures/* formatDuration */.a3)(rates.windowS)} (${rates.iterations})`,
        ],
        [`${(0,report_figures/* formatCount */.B4)(rates.requestCount)} ${(0,format/* plural */.LS)(rates.requestCount, 'request')} (${rates.requests})`],
        [overall.errorSummary],
        [`${(0,report_figures/* formatCount */.B4)(results.steps.length)} ${(0,format/* plural */.LS)(results.steps.length, 'step')}`],
        [`mode ${run.mode}`],
        where,
    ];
}
/** `cells`: the level's requests, a cell per step (stepCell). */
function levelFigures(level, cells, t, responses, changes) {
    const time = (ms, metric) => responses === 0 ? { text: format/* NO_RESPONSE */.ei } : withChange((0,report_figures/* formatMs */._V)(ms), changes, metric);
    const failRate = (0,rates/* failRatePct */.Sl)(level);
    const requests = (0,request_counts/* requestCounts */.q3)(cells);
    const errorRate = (0,rates/* percent */.KN)(requests.httpErrors, requests.requests);
    return {
        iterations: (0,report_figures/* formatCount */.B4)(level.iteration_count),
        successes: (0,report_figures/* formatCount */.B4)(level.success_count),
        failures: (0,report_figures/* formatCount */.B4)(level.fail_count),
        failRate: failRate === undefined ? { text: format/* NO_RESPONSE */.ei } : withChange((0,report_figures/* formatPercent */.l9)(failRate), changes, 'fail_rate'),
        requests: (0,report_figures/* formatCount */.B4)(requests.requests),
        errors: (0,report_figures/* formatCount */.B4)(requests.httpErrors),
        errorRate: errorRate === undefined ? { text: format/* NO_RESPONSE */.ei } : withChange((0,report_figures/* formatPercent */.l9)(errorRate), changes, 'http_fail_rate'),
        errorKinds: errorKindsOf(requests),
        errorSummary: errorSummaryOf(requests, errorRate === undefined ? format/* NO_RESPONSE */.ei : (0,report_figures/* formatPercent */.l9)(errorRate)),
        hasErrors: requests.httpErrors > 0,
        responded: responses > 0,
        avg: time(t.avg, 'avg'),
        p50: time(t.median),
        p90: time(t.p90),
        p95: time(t.p95, 'p95'),
        p99: time(t.p99, 'p99'),
        max: time(t.max),
        stddev: time(t.stddev),
        times: t,
    };
}
function withChange(text, changes, metric) {
    const change = metric === undefined ? undefined : findChange(changes, metric);
    if (!change)
        return { text };
    return { text: (0,report_figures/* formatMetric */.gI)(change.metric, change.after), change: { text: describeChange(change), verdict: changeVerdict(change) } };
}
/** The stream figures of a step, to the microsecond from the run's stream histograms where it has them. */
function streamRow(result, step) {
    const figures = step.stream;
    if (!figures)
        return undefined;
    const times = (metric, counted) => {
        const encoded = result.histograms?.streams?.[metric].steps[String(step.id)];
        const value = (p, key) => {
            if (counted <= 0)
                return format/* NO_RESPONSE */.ei;
            const ms = encoded === undefined ? figures[metric][key] : (0,histogram/* encodedValue */.mH)(encoded, p);
            return ms === undefined ? format/* NO_RESPONSE */.ei : (0,report_figures/* formatMs */._V)(ms);
        };
        return { p50: value(50, 'median'), p95: value(95, 'p95'), p99: value(99, 'p99') };
    };
    const codes = Object.entries(figures.close_code_dist ?? {}).sort((a, b) => b[1] - a[1]);
    return {
        streams: (0,report_figures/* formatCount */.B4)(figures.streams),
        events: (0,report_figures/* formatCount */.B4)(figures.events),
        firstEvent: times('first_event', figures.events),
        gap: times('gap', figures.events - figures.streams),
        closeCodes: codes.map(([code, n]) => `${code} × ${(0,report_figures/* formatCount */.B4)(n)}`).join(', '),
    };
}
function stepRow(result, step, delta) {
    const info = (0,run_steps/* runStep */.eg)(result, step.id);
    const stream = streamRow(result, step);
    return {
        id: step.id,
        name: (0,run_steps/* stepDisplayName */.wX)(result, step.id),
        request: info ? (0,format/* requestLabel */.gZ)(info.method, info.url) : '',
        isNew: delta?.status === 'new',
        status: (0,format/* statusCounts */.rc)(result, step.id, step.status_code_dist),
        ...(stream && { stream }),
        ...levelFigures(step, [(0,request_counts/* stepCell */.j4)(result, step)], (0,format/* timesToShow */.vB)(result, { level: 'steps', key: String(step.id) }, step.response_times, (0,format/* responseCount */.Xj)(step.status_code_dist)), (0,format/* responseCount */.Xj)(step.status_code_dist), delta?.changes ?? []),
    };
}
function locationRows(result) {
    return Object.entries(result.results.location_dist).map(([name, level]) => ({
        name,
        egress: (0,format/* egressOf */.V1)(result, name),
        ...levelFigures(level, result.results.steps.flatMap((s) => (s.location_dist[name] ? [(0,request_counts/* stepCell */.j4)(result, s, s.location_dist[name])] : [])), (0,format/* timesToShow */.vB)(result, { level: 'locations', key: name }, level.response_times, locationResponses(result, name)), locationResponses(result, name), []),
    }));
}
/** `rows` are the steps' rows, in the order of result.results.steps. */
function stepLocationRows(result, rows) {
    return result.results.steps.flatMap((step, i) => {
        const stepName = rows[i].name;
        return Object.entries(step.location_dist).map(([location, level]) => ({
            stepName,
            location,
            ...levelFigures(level, [(0,request_counts/* stepCell */.j4)(result, step, level)], (0,format/* timesToShow */.vB)(result, { level: 'step_locations', step: String(step.id), location }, level.response_times, (0,format/* responseCount */.Xj)(level.status_code_dist)), (0,format/* responseCount */.Xj)(level.status_code_dist), []),
        }));
    });
}
/** A step's status codes, errors marked as its row marks them; `rows` as for stepLocationRows. */
function countRows(result, rows, dist) {
    return result.results.steps.flatMap((step, i) => {
        const row = rows[i];
        const errors = new Set(row.status.filter((c) => c.error).map((c) => c.code));
        return sharesOf(step.id, row.name, Object.entries(dist(step))).map((r) => ({ ...r, error: errors.has(r.key) }));
    });
}
/** Entries of one step, most frequent first, each with its share of the step's total. */
function sharesOf(stepId, stepName, entries) {
    const whole = entries.reduce((n, [, count]) => n + count, 0);
    return [...entries]
        .sort((a, b) => b[1] - a[1])
        .map(([key, count]) => ({ stepId, stepName, key, count, share: whole > 0 ? (count * 100) / whole : 0 }));
}
/** Failures that happened after a response arrived: the response's status says what the service did. */
const CHECK_FAILURE = /^(assertion failed|capture failed):/;
/**
 * A step's errors: its error statuses (`HTTP 500`, which error_dist never holds) beside the
 * reasons of error_dist; `rows` as for stepLocationRows.
 */
function errorRows(result, rows) {
    return result.results.steps.flatMap((step, i) => {
        const row = rows[i];
        const statuses = row.status.filter((c) => c.error).map((c) => [`HTTP ${c.code}`, c.count]);
        const kinds = new Map(statuses.map(([key]) => [key, 'http']));
        for (const reason of Object.keys(step.error_dist))
            kinds.set(reason, CHECK_FAILURE.test(reason) ? 'check' : 'transport');
        const entries = [...statuses, ...Object.entries(step.error_dist)];
        const target = hostPortOf((0,run_steps/* runStep */.eg)(result, step.id)?.url);
        return sharesOf(step.id, row.name, entries).map((r) => ({ ...r, error: true, kind: kinds.get(r.key), ...(target && { target }) }));
    });
}
/** `127.0.0.1:8080`, `shop.example:443`: where a step connects (no user or password), its default port written out. */
function hostPortOf(url) {
    if (url === undefined || !URL.canParse(url))
        return undefined;
    const { protocol, hostname, port } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:')
        return undefined;
    return `${hostname}:${port || (protocol === 'https:' ? '443' : '80')}`;
}
/** `20 HTTP errors`, `3 transport failures`, `3 transport failures, 20 HTTP errors`; '' without errors. */
function errorKindsOf(counts) {
    const kinds = [
        ...(counts.noResponse > 0 ? [`${(0,report_figures/* formatCount */.B4)(counts.noResponse)} transport ${(0,format/* plural */.LS)(counts.noResponse, 'failure')}`] : []),
        ...(counts.errorStatuses > 0 ? [`${(0,report_figures/* formatCount */.B4)(counts.errorStatuses)} HTTP ${(0,format/* plural */.LS)(counts.errorStatuses, 'error')}`] : []),
    ];
    return kinds.join(', ');
}
/** `no errors`, `20 HTTP errors (50 %)`, `23 errors (57.5 %): 3 transport failures, 20 HTTP errors`. */
function errorSummaryOf(counts, rate) {
    if (counts.httpErrors === 0)
        return 'no errors';
    const kinds = errorKindsOf(counts);
    if (counts.noResponse === 0 || counts.errorStatuses === 0)
        return `${kinds} (${rate})`;
    return `${(0,report_figures/* formatCount */.B4)(counts.httpErrors)} errors (${rate}): ${kinds}`;
}
/**
 * A fail_rate or success_rate threshold of the user's without one on http_fail_rate: those rates
 * count failed iterations, which an error status alone does not make, so the reader is told where
 * HTTP errors are counted.
 */
function thresholdNoteOf(judgement) {
    const metrics = new Set(judgement.thresholds.filter((o) => !o.threshold.isDefault).map((o) => o.threshold.metric));
    const iterationRates = ['fail_rate', 'success_rate'].filter((m) => metrics.has(m));
    if (iterationRates.length === 0 || metrics.has('http_fail_rate'))
        return undefined;
    const count = iterationRates.length === 1 ? 'counts' : 'count';
    return `${iterationRates.join(' and ')} ${count} failed iterations (no response, a failed assertion), not HTTP errors (a status ≥ 400): http_fail_rate counts those`;
}
/** Responses of the whole run (every step's). */
function totalResponses(result) {
    return result.results.steps.reduce((n, s) => n + (0,format/* responseCount */.Xj)(s.status_code_dist), 0);
}
function locationResponses(result, location) {
    return result.results.steps.reduce((n, s) => n + (0,format/* responseCount */.Xj)(s.location_dist[location]?.status_code_dist ?? {}), 0);
}
/** The per-location table shows unless the only location is `local` (an embedded run without proxies). */
function showsLocations(result) {
    const names = Object.keys(result.results.location_dist);
    return names.length > 1 || (names.length === 1 && names[0] !== 'local');
}
function shardsOf(shards) {
    const late = shards.filter((s) => s.late);
    const headline = late.length === 0
        ? `${shards.length} shards merged; all started together.`
        : `${late.length} of ${shards.length} shards started late (shard ${late.map((s) => s.index).join(', ')}): the load was lower than planned while they were missing.`;
    return {
        headline,
        late: late.length > 0,
        shards: shards.map((s) => ({
            index: s.index,
            file: s.file,
            started: (0,report_figures/* formatTimestamp */.Ey)(s.started_at),
            startLag: `${(0,report_figures/* formatCount */.B4)(s.start_lag_ms)} ms`,
            iterations: (0,report_figures/* formatCount */.B4)(s.iterations),
            late: s.late,
        })),
    };
}
function historySectionOf(view, result, judgement) {
    const names = new Map(result.run.steps.map((s) => [s.id, s.name]));
    return (0,report_history/* historySection */.gK)(view, names, (0,report_history/* failedSteps */.th)(judgement, names));
}


/***/ }),

/***/ 18991:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $R: () => (/* binding */ comparisonProgressLine),
/* harmony export */   M_: () => (/* binding */ comparisonStopLine),
/* harmony export */   X8: () => (/* binding */ comparisonExtensionLine),
/* harmony export */   fp: () => (/* binding */ comparisonPlanLine),
/* harmony export */   oz: () => (/* binding */ progressLine),
/* harmony export */   yl: () => (/* binding */ addSample)
/* harmony export */ });
/* harmony import */ var _comparison_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32821);
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(53831);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(12011);
/* harmony import */ var _timeline_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(91935);




function addSample(totals, s) {
    return {
        started: totals.started + s.started,
        responses: totals.responses + s.responses,
        failures: totals.failures + s.failures,
    };
}
function progressLine(s, totals, plannedSeconds, plannedIterations) {
    // After the planned seconds, the iterations in flight finish.
    const second = s.t + 1 > plannedSeconds ? 'finishing' : `${String(s.t + 1).padStart(String(plannedSeconds).length)}/${plannedSeconds} s`;
    const pct = plannedIterations > 0 ? Math.floor((totals.started / plannedIterations) * 100) : 100;
    // A second without responses has no latency: `—`, not the 0 its sample holds.
    const ms = (v) => (s.responses > 0 ? (0,_figures_js__WEBPACK_IMPORTED_MODULE_1__/* .formatMs */ ._V)(v) : _format_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_RESPONSE */ .ei);
    return (`[${second}] ${pct}% started ${totals.started}/${plannedIterations}` +
        ` | ${s.responses} resp/s, ${(0,_timeline_js__WEBPACK_IMPORTED_MODULE_3__/* .errorsOf */ .B)(s)} errors/s | p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)}`);
}
// ---- the comparison gate (docs/comparison.md) ----
/** Steps named in a line before the rest are counted. */
const NAMED_STEPS = 3;
/** Before the first round (each side runs `run` seconds a round): how long it will take, how far it may extend, and the seed that repeats the order. */
function comparisonPlanLine(run, settings) {
    const rounds = settings.warmupRounds + settings.rounds;
    const warmup = settings.warmupRounds > 0 ? ` (${settings.warmupRounds} warm-up)` : '';
    const most = settings.warmupRounds + settings.maxRounds;
    const limit = settings.maxTimeS === undefined ? '' : `, no extension round after ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(settings.maxTimeS)}`;
    const extension = settings.maxRounds > settings.rounds
        ? `; while steps are inconclusive up to ${settings.maxRounds} rounds (about ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(most * 2 * run)})${limit}`
        : '';
    return (`comparison: ${rounds} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rounds, 'round')}${warmup} × 2 sides × ${(0,_figures_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(run)} = about ` +
        `${(0,_figures_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(rounds * 2 * run)}${extension}; ${settings.metric} per step, max regression ${Math.round(settings.maxRegression * 1000) / 10} %, ` +
        `seed ${settings.seed} (give it again to repeat the order)`);
}
/** `round 3/11: head` or `round 1/11 (warm-up): base`, as each side of each round starts. */
function comparisonProgressLine(p) {
    return `round ${p.round}/${p.of}${p.warmup ? ' (warm-up)' : ''}: ${p.side} (${p.round - 1} done)`;
}
/** When a look leaves steps inconclusive and the rounds go on: which steps, and up to where. */
function comparisonExtensionLine(e) {
    const n = e.inconclusive.length;
    const named = e.inconclusive.slice(0, NAMED_STEPS).map((name) => `"${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .truncate */ .xv)(name, 40))}"`);
    if (n > NAMED_STEPS)
        named.push(`${n - NAMED_STEPS} more`);
    return (`extending: ${n} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(n, 'step')} inconclusive after ${e.after} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(e.after, 'round')} (${named.join(', ')}); ` +
        `measuring up to ${e.to} rounds for look ${e.look} of ${e.looks} (max-rounds ${e.maxRounds})`);
}
/** After the last round: how many rounds were measured and why the comparison stopped. */
function comparisonStopLine(c) {
    return `comparison: ${c.rounds_measured} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(c.rounds_measured, 'round')} measured${c.extended ? ` (${c.rounds} planned)` : ''}; stopped: ${(0,_comparison_js__WEBPACK_IMPORTED_MODULE_0__/* .stopText */ .IC)(c)}`;
}


/***/ }),

/***/ 9880:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S9: () => (/* binding */ barChart),
/* harmony export */   X: () => (/* binding */ escapeXml),
/* harmony export */   at: () => (/* binding */ niceTicks),
/* harmony export */   f$: () => (/* binding */ runsChart),
/* harmony export */   sd: () => (/* binding */ timeChart)
/* harmony export */ });
/* unused harmony export timeTicks */
/* harmony import */ var _figures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53831);
// Small pure SVG chart builders for the HTML report: a time chart (lines and areas over
// seconds) and a horizontal bar chart. Each returns one self-contained <svg> element with
// axes, ticks and a legend, coloured through attributes so it also reads outside the page.
// Every piece of text that goes in is escaped here.

/** Text and attribute values for XML and HTML alike: the five characters that can start markup or end a quote. */
function escapeXml(text) {
    return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}
const XML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const AXIS_COLOR = '#94a3b8';
const GRID_COLOR = '#e2e8f0';
const TEXT_COLOR = '#475569';
const FONT_SIZE = 12;
const MARGIN = { top: 34, right: 16, bottom: 30, left: 60 };
/** Time axis steps in seconds: round to the eye at any run length, from seconds to hours. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 21_600, 43_200, 86_400];
const TICK_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
function timeChart(spec) {
    const width = spec.width ?? 960;
    const height = spec.height ?? 260;
    const plot = { x0: MARGIN.left, x1: width - MARGIN.right, y0: height - MARGIN.bottom, y1: MARGIN.top };
    const first = spec.xs[0] ?? 0;
    const last = spec.xs[spec.xs.length - 1] ?? first;
    // A single second still gets a one-second-wide axis, so its point sits at the left edge.
    const xMax = last > first ? last : first + 1;
    const values = spec.series.flatMap((s) => s.values.filter((v) => v !== null));
    const yTicks = niceTicks(Math.max(0, ...values));
    const yMax = yTicks[yTicks.length - 1] ?? 1;
    const sx = (x) => plot.x0 + ((x - first) / (xMax - first)) * (plot.x1 - plot.x0);
    const sy = (y) => plot.y0 - (y / yMax) * (plot.y0 - plot.y1);
    const grid = yTicks.map((t) => {
        const y = fmt(sy(t));
        return (`<line x1="${plot.x0}" x2="${plot.x1}" y1="${y}" y2="${y}" stroke="${GRID_COLOR}"/>` +
            text(plot.x0 - 8, sy(t) + 4, TICK_NUMBER.format(t), 'end'));
    });
    const xTicks = timeTicks(first, xMax).map((t) => {
        const x = fmt(sx(t));
        return (`<line x1="${x}" x2="${x}" y1="${plot.y0}" y2="${plot.y0 + 5}" stroke="${AXIS_COLOR}"/>` +
            text(sx(t), plot.y0 + 18, (0,_figures_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(t), 'middle'));
    });
    const axes = `<line x1="${plot.x0}" x2="${plot.x1}" y1="${plot.y0}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
        `<line x1="${plot.x0}" x2="${plot.x0}" y1="${plot.y1}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
        text(4, 14, spec.yUnit, 'start');
    const marks = spec.series.map((s) => seriesMarks(s, spec.xs, sx, sy, plot.y0));
    const legend = legendOf(spec.series, plot.x1);
    return svg(width, height, spec.title, [...grid, axes, ...xTicks, ...marks, legend].join(''));
}
function barChart(spec) {
    const width = spec.width ?? 460;
    const rowHeight = 24;
    const labelWidth = 44;
    const valueWidth = 76;
    const top = 8;
    const height = top + spec.rows.length * rowHeight + 24;
    // The scale ends at the largest value, so the longest bar fills the plot; ticks stay round.
    const largest = Math.max(0, ...spec.rows.map((r) => r.value));
    const max = largest > 0 ? largest : 1;
    const ticks = niceTicks(max, 4).filter((t) => t <= max);
    const x0 = labelWidth;
    const x1 = width - valueWidth;
    const sx = (v) => x0 + (v / max) * (x1 - x0);
    const axisY = top + spec.rows.length * rowHeight;
    const grid = ticks.map((t) => {
        const x = fmt(sx(t));
        return (`<line x1="${x}" x2="${x}" y1="${top}" y2="${axisY}" stroke="${GRID_COLOR}"/>` +
            text(sx(t), axisY + 16, TICK_NUMBER.format(t), 'middle'));
    });
    const bars = spec.rows.map((row, i) => {
        const y = top + i * rowHeight;
        const barWidth = Math.max(0, sx(row.value) - x0);
        return (text(x0 - 8, y + rowHeight / 2 + 4, row.label, 'end') +
            `<rect x="${x0}" y="${fmt(y + 4)}" width="${fmt(barWidth)}" height="${rowHeight - 8}" rx="3" fill="${spec.color}">` +
            `<title>${escapeXml(`${row.label}: ${spec.formatValue(row.value)}`)}</title></rect>` +
            text(x0 + barWidth + 6, y + rowHeight / 2 + 4, spec.formatValue(row.value), 'start', 'value'));
    });
    const axis = `<line x1="${x0}" x2="${x0}" y1="${top}" y2="${axisY}" stroke="${AXIS_COLOR}"/>`;
    return svg(width, height, spec.title, [...grid, axis, ...bars].join(''));
}
/** Ticks from 0 to the first round number (1, 2, 2.5 or 5 × 10^k steps) at or above max; [0, 1] for no data. */
function niceTicks(max, count = 5) {
    if (!(max > 0) || !Number.isFinite(max))
        return [0, 1];
    const raw = max / count;
    const magnitude = 10 ** Math.floor(Math.log10(raw));
    const step = ([1, 2, 2.5, 5, 10].find((f) => f * magnitude >= raw) ?? 10) * magnitude;
    const n = Math.ceil(max / step - 1e-9);
    return Array.from({ length: n + 1 }, (_, i) => round(i * step));
}
/** Round times (10s, 1m, 10m, 1h…) within [from, to], at most eight of them. */
function timeTicks(from, to) {
    const span = Math.max(1, to - from);
    const step = TIME_STEPS.find((s) => span / s <= 8) ?? Math.ceil(span / 8);
    const ticks = [];
    for (let t = Math.ceil(from / step) * step; t <= to; t += step)
        ticks.push(t);
    return ticks;
}
// ---- pieces ----
function seriesMarks(s, xs, sx, sy, baseY) {
    const runs = pointRuns(xs, s.values).map((run) => run.map(([x, y]) => [sx(x), sy(y)]));
    const line = runs.map((run) => run.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`).join('')).join('');
    const attrs = `class="series" data-series="${escapeXml(s.key)}"`;
    const stroke = `fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round"`;
    // A lone point has no segment to draw, so it gets a dot.
    const dots = runs
        .filter((run) => run.length === 1)
        .map((run) => run.map(([x, y]) => `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="3" fill="${s.color}"/>`).join(''))
        .join('');
    if (s.kind === 'line')
        return `<path ${attrs} d="${line || 'M0 0'}" ${stroke}/>${dots}`;
    const area = runs
        .filter((run) => run.length > 0)
        .map((run) => {
        const [firstX] = run[0] ?? [0];
        const [lastX] = run[run.length - 1] ?? [0];
        const top = run.map(([x, y]) => `L${fmt(x)} ${fmt(y)}`).join('');
        return `M${fmt(firstX)} ${fmt(baseY)}${top}L${fmt(lastX)} ${fmt(baseY)}Z`;
    })
        .join('');
    const fill = `<path d="${area || 'M0 0'}" fill="${s.color}" fill-opacity="0.18" stroke="none"/>`;
    return `${fill}<path ${attrs} d="${line || 'M0 0'}" ${stroke}/>${dots}`;
}
/** Consecutive (x, y) points, split where a value is missing. */
function pointRuns(xs, values) {
    const runs = [[]];
    xs.forEach((x, i) => {
        const v = values[i];
        if (v === null || v === undefined)
            runs.push([]);
        else
            runs[runs.length - 1]?.push([x, v]);
    });
    return runs.filter((r) => r.length > 0);
}
/** Right-aligned above the plot; the unit sits top left. Label widths are estimated (no text metrics without a DOM). */
function legendOf(series, right) {
    const widths = series.map((s) => 20 + s.label.length * 6.5);
    let x = right - widths.reduce((a, w) => a + w + 14, -14);
    const items = series.map((s, i) => {
        const item = `<g class="legend-item"><rect x="${fmt(x)}" y="8" width="14" height="4" rx="2" fill="${s.color}"/>` +
            text(x + 20, 14, s.label, 'start') +
            '</g>';
        x += (widths[i] ?? 0) + 14;
        return item;
    });
    return `<g class="legend">${items.join('')}</g>`;
}
function text(x, y, content, anchor, cls) {
    const classAttr = cls ? ` class="${cls}"` : '';
    return `<text x="${fmt(x)}" y="${fmt(y)}" text-anchor="${anchor}" font-size="${FONT_SIZE}" fill="${TEXT_COLOR}"${classAttr}>${escapeXml(content)}</text>`;
}
function svg(width, height, title, body) {
    return (`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" class="chart">` +
        `<title>${escapeXml(title)}</title>${body}</svg>`);
}
/** Coordinates to one decimal: sharp enough on screen, and it keeps 3,600-point paths small. */
function fmt(n) {
    return String(Math.round(n * 10) / 10);
}
function round(n) {
    return Math.round(n * 1e9) / 1e9;
}
/**
 * Figures over runs (history, docs/history.md): one point per run on an evenly spaced axis, a
 * line per figure, each point's <title> naming the run and its value (what hovering shows), and
 * this run marked by a band and a ringed point.
 */
function runsChart(spec) {
    const width = spec.width ?? 960;
    const height = spec.height ?? 240;
    const plot = { x0: MARGIN.left, x1: width - MARGIN.right, y0: height - MARGIN.bottom, y1: MARGIN.top };
    const n = spec.runs.length;
    const step = (plot.x1 - plot.x0) / Math.max(1, n);
    const sx = (i) => plot.x0 + step * (i + 0.5);
    const values = spec.series.flatMap((s) => s.values.filter((v) => v !== null));
    const yTicks = niceTicks(Math.max(0, ...values));
    const yMax = yTicks[yTicks.length - 1] ?? 1;
    const sy = (y) => plot.y0 - (y / yMax) * (plot.y0 - plot.y1);
    const grid = yTicks.map((t) => {
        const y = fmt(sy(t));
        return `<line x1="${plot.x0}" x2="${plot.x1}" y1="${y}" y2="${y}" stroke="${GRID_COLOR}"/>${text(plot.x0 - 8, sy(t) + 4, TICK_NUMBER.format(t), 'end')}`;
    });
    const band = `<rect class="current-run" x="${fmt(sx(spec.current) - step / 2)}" y="${plot.y1}" width="${fmt(step)}" height="${fmt(plot.y0 - plot.y1)}" fill="#fef3c7"/>`;
    // Every label fits up to about 12 runs; beyond, every k-th, and always this run.
    const every = Math.max(1, Math.ceil(n / 12));
    const labels = spec.runs
        .map((r, i) => (i % every === 0 || i === spec.current ? text(sx(i), plot.y0 + 18, r.label, 'middle') : ''))
        .join('');
    const axes = `<line x1="${plot.x0}" x2="${plot.x1}" y1="${plot.y0}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
        `<line x1="${plot.x0}" x2="${plot.x0}" y1="${plot.y1}" y2="${plot.y0}" stroke="${AXIS_COLOR}"/>` +
        text(4, 14, spec.yUnit, 'start');
    const marks = spec.series.map((s) => runsMarks(s, spec, sx, sy));
    const legend = legendOf(spec.series.map((s) => ({ ...s, kind: 'line' })), plot.x1);
    return svg(width, height, spec.title, [band, ...grid, axes, labels, ...marks, legend].join(''));
}
function runsMarks(s, spec, sx, sy) {
    const xs = s.values.map((_, i) => i);
    const line = pointRuns(xs, s.values)
        .map((run) => run.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fmt(sx(x))} ${fmt(sy(y))}`).join(''))
        .join('');
    const points = s.values
        .map((v, i) => {
        if (v === null)
            return '';
        const current = i === spec.current;
        const ring = current ? ` stroke="#0f172a" stroke-width="2"` : '';
        const run = spec.runs[i];
        return (`<circle class="run-point${current ? ' current' : ''}" data-run="${escapeXml(run.label)}" cx="${fmt(sx(i))}" cy="${fmt(sy(v))}" r="${current ? 5 : 3.5}" fill="${s.color}"${ring}>` +
            `<title>${escapeXml(`${run.hover}: ${s.label} ${spec.formatValue(v)}`)}</title></circle>`);
    })
        .join('');
    return `<path class="series" data-series="${escapeXml(s.key)}" d="${line || 'M0 0'}" fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round"/>${points}`;
}


/***/ }),

/***/ 91935:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ errorsOf),
/* harmony export */   y: () => (/* binding */ bucketSeries)
/* harmony export */ });
/**
 * The series in at most maxPoints points of whole seconds each. Counts are the bucket's mean
 * per second (the axis stays "per second"); latencies the highest of the bucket's seconds, so
 * a spike is never averaged away. A bucket without responses has no latency.
 */
function bucketSeries(series, maxPoints) {
    const seconds = Math.max(1, Math.ceil(series.length / maxPoints));
    const points = { seconds, xs: [], started: [], responses: [], errors: [], late: [], p50: [], p95: [], p99: [] };
    for (let i = 0; i < series.length; i += seconds) {
        const bucket = series.slice(i, i + seconds);
        const answered = bucket.filter((s) => s.responses > 0);
        const mean = (pick) => bucket.reduce((a, s) => a + pick(s), 0) / bucket.length;
        const highest = (pick) => (answered.length > 0 ? Math.max(...answered.map(pick)) : null);
        points.xs.push(bucket[0]?.t ?? i);
        points.started.push(mean((s) => s.started));
        points.responses.push(mean((s) => s.responses));
        points.errors.push(mean(errorsOf));
        points.late.push(mean((s) => s.late ?? 0));
        points.p50.push(highest((s) => s.p50));
        points.p95.push(highest((s) => s.p95));
        points.p99.push(highest((s) => s.p99));
    }
    return points;
}
/**
 * A second's requests without a 2xx/3xx answer; a series of an older version has only its
 * failures (no response or a failed check), the nearest it recorded.
 */
function errorsOf(s) {
    return s.errors ?? s.failures;
}


/***/ }),

/***/ 2485:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WP: () => (/* binding */ COMPARE_METRICS),
/* harmony export */   Xv: () => (/* binding */ ON_INCONCLUSIVE),
/* harmony export */   Z: () => (/* binding */ metricParts),
/* harmony export */   fS: () => (/* binding */ splitMetric),
/* harmony export */   t5: () => (/* binding */ comparedSteps)
/* harmony export */ });
/** Time metrics a round can be summarised by (the threshold metrics of the same name). */
const COMPARE_METRICS = ['avg', 'median', 'p80', 'p90', 'p95', 'p99', 'min', 'max'];
/** The figure a metric reads (null: response times) and its time. */
function metricParts(metric) {
    return splitMetric(metric);
}
/** A metric's name split at its first dot (`first_event.p95`), the one split the setting's parser and metricParts share. */
function splitMetric(text) {
    const dot = text.indexOf('.');
    return dot < 0 ? { stream: null, time: text } : { stream: text.slice(0, dot), time: text.slice(dot + 1) };
}
/** The steps a comparison judges: every step, or with a stream metric the streaming ones. */
function comparedSteps(steps, metric) {
    return metricParts(metric).stream === null ? [...steps] : steps.filter((s) => s.stream !== undefined);
}
/** What steps still inconclusive at the budget do to the run: a warning, or a failed check. */
const ON_INCONCLUSIVE = ['warn', 'fail'];


/***/ }),

/***/ 93192:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ hideCredentials)
/* harmony export */ });
/* unused harmony export proxyCredentials */
// A proxy URL may carry a user and password (`http://user:pass@proxy:3128`). Results files are
// uploaded as artifacts, reports are posted on pull requests and logs are public: every text made
// from such a URL (run.locations, reports, latency egress, messages quoting an input) goes through
// this one function, which leaves `http://***@proxy:3128`.
/**
 * Hides the user and password of every URL in `text` (a user alone too). The user information is
 * everything from `//` to the last `@` before the path, so a password holding `@` hides whole.
 */
function hideCredentials(text) {
    return text.replace(/(\/\/)[^/?#\s]*@/g, '$1***@');
}
/**
 * The secret parts of proxy URLs (country → URL), for the runner to mask in its log
 * (core.setSecret): each password as the URL holds it and decoded, and a user given without a
 * password (a token written as the user).
 */
function proxyCredentials(proxies) {
    const values = Object.values(proxies).flatMap((href) => {
        const url = URL.parse(href);
        const secret = url?.password || url?.username;
        return secret ? [secret, decoded(secret)] : [];
    });
    return [...new Set(values)];
}
function decoded(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}


/***/ }),

/***/ 97528:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AQ: () => (/* binding */ exactTimes),
/* harmony export */   Dt: () => (/* binding */ addHistogramBytes),
/* harmony export */   HL: () => (/* binding */ newHistogram),
/* harmony export */   IV: () => (/* binding */ encodedAt),
/* harmony export */   LA: () => (/* binding */ sumHistograms),
/* harmony export */   MW: () => (/* binding */ encodeBytes),
/* harmony export */   ay: () => (/* binding */ initHistograms),
/* harmony export */   ll: () => (/* binding */ encodeHistogram),
/* harmony export */   mH: () => (/* binding */ encodedValue),
/* harmony export */   pr: () => (/* binding */ decodeHistogram),
/* harmony export */   qV: () => (/* binding */ addDecoded),
/* harmony export */   xj: () => (/* binding */ secondPercentiles),
/* harmony export */   zf: () => (/* binding */ responseTimesOf)
/* harmony export */ });
/* unused harmony export decodeBytes */
/* harmony import */ var hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32960);
// HDR histograms of response times in microseconds. WebAssembly histograms with 32-bit buckets:
// the fastest to record into (18–26 ns), and 8/16-bit buckets overflow silently (p50 and p99 read 0 after 65,535 counts in one bucket).

let wasmReady;
let wasmLoaded = false;
/** Must be awaited once before any histogram is built. */
function initHistograms() {
    wasmReady ??= hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .initWebAssembly */ .L().then(() => {
        wasmLoaded = true;
    });
    return wasmReady;
}
function newHistogram() {
    return hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .build */ .jq({
        bitBucketSize: 32,
        useWebAssembly: true,
        lowestDiscernibleValue: 1,
        highestTrackableValue: 60_000_000,
        autoResize: true,
        numberOfSignificantValueDigits: 3,
    });
}
/** Adds histograms into a new one (exact: bucket counts are summed, never averaged). */
function sumHistograms(parts) {
    const total = newHistogram();
    for (const part of parts)
        total.add(part);
    return total;
}
const ZERO_TIMES = { avg: 0, max: 0, min: 0, p80: 0, p90: 0, p95: 0, p99: 0, median: 0, stddev: 0 };
/** The interface's response_times (integer ms) from a histogram of microseconds. */
function responseTimesOf(h) {
    return timesOf(h, (us) => Math.round(us / 1000));
}
/** A second's p50, p95 and p99 (fractional ms, to the µs) from a histogram of microseconds; 0 when it is empty. */
function secondPercentiles(h) {
    const ms = (p) => (h.totalCount === 0 ? 0 : Math.round(h.getValueAtPercentile(p)) / 1000);
    return { p50: ms(50), p95: ms(95), p99: ms(99) };
}
function encodedAt(histograms, place) {
    if (!histograms)
        return undefined;
    if (place.level === 'overall')
        return histograms.overall;
    if (place.level === 'step_locations')
        return histograms.step_locations[place.step]?.[place.location];
    return place.level === 'steps' ? histograms.steps[place.key] : histograms.locations[place.key];
}
/**
 * A level's response times in ms to the microsecond, from its histogram when the result carries
 * one: what thresholds judge and reports show (docs/verdict.md), so that a 0.56 ms median is not
 * judged or shown as the 1 ms of the integer `response_times`. Without a histogram (hosted and
 * comparison results, older files), the integer fields as they are.
 */
function exactTimes(histograms, place, integer) {
    const encoded = encodedAt(histograms, place);
    if (encoded === undefined)
        return integer;
    // The WebAssembly histogram reads several times faster (the JavaScript one takes tens of ms for
    // a standard deviation); the JavaScript one serves where no run has loaded the module.
    const h = hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeFromCompressedBase64 */ .Vc(encoded, 32, wasmLoaded);
    try {
        return timesOf(h, (us) => Math.round(us) / 1000);
    }
    finally {
        h.destroy();
    }
}
/**
 * A value of an encoded histogram in ms to the microsecond: a named time (avg, median, …) or a
 * percentile; undefined when it holds no sample.
 */
function encodedValue(encoded, metric) {
    const h = hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeFromCompressedBase64 */ .Vc(encoded, 32, wasmLoaded);
    try {
        if (h.totalCount === 0)
            return undefined;
        if (typeof metric === 'number')
            return Math.round(h.getValueAtPercentile(metric)) / 1000;
        return timesOf(h, (us) => Math.round(us) / 1000)[metric];
    }
    finally {
        h.destroy();
    }
}
function timesOf(h, ms) {
    if (h.totalCount === 0)
        return { ...ZERO_TIMES };
    return {
        avg: ms(h.mean),
        max: ms(h.maxValue),
        min: ms(h.minNonZeroValue),
        p80: ms(h.getValueAtPercentile(80)),
        p90: ms(h.getValueAtPercentile(90)),
        p95: ms(h.getValueAtPercentile(95)),
        p99: ms(h.getValueAtPercentile(99)),
        median: ms(h.getValueAtPercentile(50)),
        stddev: ms(h.stdDeviation),
    };
}
function encodeHistogram(h) {
    return hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeIntoCompressedBase64 */ .dH(h);
}
function decodeHistogram(base64) {
    return hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeFromCompressedBase64 */ .Vc(base64, 32, true);
}
/** Adds an encoded histogram into `into` and returns how many values it held, or why it does not decode. */
function addDecoded(into, encoded) {
    let part;
    try {
        part = decodeHistogram(encoded);
    }
    catch (error) {
        return `expected an HdrHistogram in compressed base64 (V2), but it does not decode: ${error.message}`;
    }
    into.add(part);
    const values = part.totalCount;
    part.destroy();
    return values;
}
/**
 * HDR's plain V2 encoding (no compression, no base64): how a histogram crosses to another thread
 * (parts.ts). Our histograms are WebAssembly ones, whose `encode` the Histogram type does not list.
 */
function encodeBytes(h) {
    return h.encode();
}
function decodeBytes(bytes) {
    return hdr_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .WasmHistogram */ .jJ.decode(bytes, 32);
}
/** Adds a histogram's plain bytes (encodeBytes) into `into`, bucket by bucket. */
function addHistogramBytes(into, bytes) {
    const part = decodeBytes(bytes);
    into.add(part);
    part.destroy();
}


/***/ }),

/***/ 69124:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j4: () => (/* binding */ stepCell),
/* harmony export */   q3: () => (/* binding */ requestCounts)
/* harmony export */ });
/* unused harmony exports CANCELLED, isErrorStatus */
/* harmony import */ var _run_steps_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(50469);

/** Failures that happened after a response arrived (the response's status is counted too). */
const AFTER_RESPONSE = /^(assertion failed|capture failed):/;
/** A request the run itself cut short when it stopped: not the service's failure. */
const CANCELLED = 'cancelled';
function requestCounts(cells) {
    const counts = {
        requests: 0,
        responses: 0,
        httpErrors: 0,
        noResponse: 0,
        errorStatuses: 0,
        byClass: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        goodResponses: 0,
    };
    for (const cell of cells) {
        counts.requests += cell.fail_count + cell.success_count;
        for (const [reason, n] of Object.entries(cell.error_dist)) {
            if (reason === CANCELLED)
                counts.requests -= n;
            else if (!AFTER_RESPONSE.test(reason))
                counts.noResponse += n;
        }
        for (const [code, n] of Object.entries(cell.status_code_dist)) {
            const status = Number(code);
            counts.responses += n;
            const statusClass = Math.floor(status / 100);
            if (statusClass >= 1 && statusClass <= 5)
                counts.byClass[statusClass] += n;
            if (isErrorStatus(status, cell.expected))
                counts.errorStatuses += n;
            else
                counts.goodResponses += n;
        }
    }
    counts.httpErrors = counts.noResponse + counts.errorStatuses;
    return counts;
}
/** A status of 400 or more that the step's assertions do not expect: an HTTP error. */
function isErrorStatus(status, expected) {
    return status >= 400 && !expected.has(status);
}
/** A step's requests (or the step's at one location, `cell`) with the statuses its assertions expect. */
function stepCell(result, step, cell = step) {
    return { ...cell, expected: (0,_run_steps_js__WEBPACK_IMPORTED_MODULE_0__/* .expectedStatuses */ .TE)(result, step.id) };
}


/***/ }),

/***/ 50469:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TE: () => (/* binding */ expectedStatuses),
/* harmony export */   eg: () => (/* binding */ runStep),
/* harmony export */   wX: () => (/* binding */ stepDisplayName)
/* harmony export */ });
const STEP_INDEX = new WeakMap();
function runStepEntry(result, stepId) {
    const steps = result.run.steps;
    let index = STEP_INDEX.get(steps);
    if (index === undefined || index.length !== steps.length) {
        index = { length: steps.length, byId: new Map() };
        for (const step of steps)
            if (!index.byId.has(step.id))
                index.byId.set(step.id, { step, expected: new Set(step.expected_status ?? []) });
        STEP_INDEX.set(steps, index);
    }
    return index.byId.get(stepId);
}
/** The run's record of step `stepId` (its name, the statuses it expects), in constant time. */
function runStep(result, stepId) {
    return runStepEntry(result, stepId)?.step;
}
const NONE_EXPECTED = new Set();
/** The error statuses a step's assertions expect, as run.steps records them. */
function expectedStatuses(result, stepId) {
    return runStepEntry(result, stepId)?.expected ?? NONE_EXPECTED;
}
/** A step's name as reports show it: its recorded name, or "step N" when the run has no record of it. */
function stepDisplayName(result, stepId) {
    return runStep(result, stepId)?.name ?? `step ${stepId}`;
}


/***/ }),

/***/ 95090:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ SecondSum)
/* harmony export */ });
/* harmony import */ var _histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(97528);
/* harmony import */ var _stream_seconds_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(82988);


class SecondSum {
    started = 0;
    responses = 0;
    failures = 0;
    /** null once a part lacks them (a file of an older version): the sum would undercount. */
    errors = 0;
    histogram = (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .newHistogram */ .HL)();
    /** The generator's figures in the order the parts first name them. */
    generator = {};
    /** The parts' stream figures, once one of them has any. */
    stream = null;
    /**
     * Adds one part's second. Its response times come beside it: as HDR's plain bytes from an engine
     * thread, or as the compressed base64 of a file. Returns why any of its histograms does not decode.
     */
    add(part, histogram) {
        this.started += part.started;
        this.responses += part.responses;
        this.failures += part.failures;
        this.errors = this.errors === null || part.errors === undefined ? null : this.errors + part.errors;
        addGeneratorSecond(this.generator, part);
        const problems = [];
        const added = addHistogram(this.histogram, histogram);
        if (added !== undefined)
            problems.push({ field: 'histogram', message: added });
        if (part.stream) {
            for (const p of (this.stream ??= new _stream_seconds_js__WEBPACK_IMPORTED_MODULE_1__/* .StreamSecond */ .X()).add(part.stream))
                problems.push({ field: `stream.${p.field}.histogram`, message: p.message });
        }
        return problems;
    }
    /** The summed second as second `t` of a series; `keepHistograms`: with its encoded histograms (shard files). */
    sample(t, keepHistograms) {
        const h = this.histogram;
        return {
            t,
            started: this.started,
            responses: this.responses,
            failures: this.failures,
            ...(this.errors !== null && { errors: this.errors }),
            ...(0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .secondPercentiles */ .xj)(h),
            ...this.generator,
            ...(keepHistograms && { histogram: (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeHistogram */ .ll)(h) }),
            ...(this.stream && { stream: this.stream.figures(keepHistograms) }),
        };
    }
    destroy() {
        this.histogram.destroy();
        this.stream?.destroy();
    }
}
/** Adds the bytes or the encoding; the reason when an encoding does not decode (bytes are a thread's own, so a bug if they do not). */
function addHistogram(into, histogram) {
    if (typeof histogram === 'string') {
        const added = (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addDecoded */ .qV)(into, histogram);
        return typeof added === 'string' ? added : undefined;
    }
    (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addHistogramBytes */ .Dt)(into, histogram);
    return undefined;
}
/** What the runners measured of themselves in one second, added up: counts summed, the worst runner's delay, CPU and busy share. */
function addGeneratorSecond(into, part) {
    const add = (key) => {
        if (part[key] !== undefined)
            into[key] = (into[key] ?? 0) + part[key];
    };
    const most = (key) => {
        if (part[key] !== undefined)
            into[key] = Math.max(into[key] ?? 0, part[key]);
    };
    add('late');
    add('sockets');
    most('loop_delay_p99_ms');
    most('loop_delay_max_ms');
    most('cpu_pct');
    most('busy_pct');
}


/***/ }),

/***/ 82988:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ StreamSecond)
/* harmony export */ });
/* harmony import */ var _histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(97528);

class StreamSecond {
    streams = 0;
    events = 0;
    firstEvent = (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .newHistogram */ .HL)();
    gap = (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .newHistogram */ .HL)();
    /** Adds one second's figures (another thread's, another shard's); returns why a histogram does not decode, per field. */
    add(part) {
        this.streams += part.streams;
        this.events += part.events;
        const problems = [];
        for (const [field, into] of [
            ['first_event', this.firstEvent],
            ['gap', this.gap],
        ]) {
            const encoded = part[field].histogram;
            // A second without that time has none to add (a thread or shard with no stream event in it).
            if (encoded === undefined)
                continue;
            const added = (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .addDecoded */ .qV)(into, encoded);
            if (typeof added === 'string')
                problems.push({ field, message: added });
        }
        return problems;
    }
    /** The second's figures; `keepHistograms`: with the encoded histograms (shard files, a thread's second). */
    figures(keepHistograms) {
        return {
            streams: this.streams,
            events: this.events,
            first_event: timesOf(this.firstEvent, keepHistograms),
            gap: timesOf(this.gap, keepHistograms),
        };
    }
    reset() {
        this.streams = 0;
        this.events = 0;
        this.firstEvent.reset();
        this.gap.reset();
    }
    destroy() {
        this.firstEvent.destroy();
        this.gap.destroy();
    }
}
function timesOf(h, keepHistogram) {
    return {
        ...(0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .secondPercentiles */ .xj)(h),
        ...(keepHistogram && h.totalCount > 0 && { histogram: (0,_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodeHistogram */ .ll)(h) }),
    };
}


/***/ }),

/***/ 95631:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qx: () => (/* binding */ parseCommandArgs),
/* harmony export */   eb: () => (/* binding */ UsageError)
/* harmony export */ });
/* unused harmony export flagsOf */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _suggest_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(68843);
/* harmony import */ var _table_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(22221);
// A command's arguments read by the table: parseArgs options from the command's settings, the
// older spellings folded into the new names (with a notice each), defaults applied, too many
// arguments refused, and the flags other load testers use answered with loadgate's own.



/** A command line loadgate cannot take: one line that says what to type instead (exit 2). */
class UsageError extends Error {
    name = 'UsageError';
}
/** The most arguments each command takes besides its flags (merge: any number of files). */
const POSITIONALS = {
    run: { max: 1, what: 'one definition file' },
    validate: { max: 1, what: 'one definition file' },
    compare: { max: 1, what: 'one definition file' },
    merge: { max: Number.POSITIVE_INFINITY, what: 'results files' },
    latency: { max: 1, what: 'one URL' },
    'wait-for': { max: 1, what: 'one URL' },
    import: { max: 2, what: 'a format and one file' },
    serve: { max: 0, what: 'no arguments' },
    shard: { max: 0, what: 'no arguments' },
    capacity: { max: 1, what: 'one definition file' },
};
const OPEN_MODEL = 'loadgate sets the load as a rate, not as a number of users or connections: --rate 20/s starts 20 iterations a second, and --max-concurrency N caps how many are in flight';
/** What k6, autocannon and hey users type first, where loadgate's flag means something else (docs/settings.md). */
const HABITS = {
    '--vus': `--vus (k6): ${OPEN_MODEL}`,
    '-u': `-u (k6 --vus): ${OPEN_MODEL}`,
    '--connections': `--connections (autocannon): ${OPEN_MODEL}`,
    '-c': `-c (autocannon, hey): ${OPEN_MODEL}`,
    '-n': '-n (hey, ab): loadgate counts iterations, each running every step of the definition: --iterations N',
    '--requests': '--requests: loadgate counts iterations, each running every step of the definition: --iterations N',
};
/** k6's `--env KEY=VALUE`: a variable, where loadgate's --environment takes a whole environment. */
const VARIABLE_PAIR = /^[A-Za-z_][A-Za-z0-9_.-]*=/;
function parseCommandArgs(command, args) {
    const settings = (0,_table_js__WEBPACK_IMPORTED_MODULE_2__/* .settingsOf */ .f5)(command);
    const { values, positionals } = parseOrExplain(command, args, settings);
    const limit = POSITIONALS[command];
    if (positionals.length > limit.max) {
        const extra = positionals
            .slice(limit.max)
            .map((p) => `"${p}"`)
            .join(', ');
        throw new UsageError(`loadgate ${command}: unexpected argument ${extra} (it takes ${limit.what})`);
    }
    const notices = [];
    const resolved = new Map();
    for (const setting of settings)
        resolved.set(setting.name, resolve(command, setting, values, notices));
    const given = new Set(settings.filter((s) => [s.name, ...(s.aliases ?? [])].some((n) => values[n] !== undefined)).map((s) => s.name));
    checkEnvironmentPair(command, resolved.get('environment'));
    return {
        positionals,
        notices,
        text: (name) => known(resolved, name),
        list: (name) => known(resolved, name) ?? [],
        flag: (name) => known(resolved, name) === true,
        given: (name) => known(resolved, name) !== undefined && given.has(name),
        value: (name) => known(resolved, name),
    };
}
/** Every flag the command takes, as typed (short and older spellings too), and the name it stands for. */
function flagsOf(command) {
    return new Map((0,_table_js__WEBPACK_IMPORTED_MODULE_2__/* .settingsOf */ .f5)(command).flatMap((s) => {
        const flag = `--${s.name}`;
        const typed = [flag, ...(s.short ? [`-${s.short}`] : []), ...(s.aliases ?? []).map((a) => `--${a}`)];
        return typed.map((t) => [t, t.startsWith('--') ? flag : t]);
    }));
}
function known(resolved, name) {
    if (!resolved.has(name))
        throw new Error(`no setting "${name}" in this command's table`);
    return resolved.get(name);
}
function optionsOf(settings) {
    const options = {};
    for (const s of settings) {
        options[s.name] = { type: s.type, ...(s.multiple && { multiple: true }), ...(s.short && { short: s.short }) };
        for (const alias of s.aliases ?? [])
            options[alias] = { type: s.type, ...(s.multiple && { multiple: true }) };
    }
    return options;
}
function parseOrExplain(command, args, settings) {
    try {
        return (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args, allowPositionals: true, allowNegative: true, options: optionsOf(settings) });
    }
    catch (error) {
        const code = String(error.code ?? '');
        if (!code.startsWith('ERR_PARSE_ARGS'))
            throw error;
        throw new UsageError(parseArgsLine(command, error, code));
    }
}
/** One line: the option refused, what loadgate has instead or the closest one, and where the list is. */
function parseArgsLine(command, error, code) {
    const option = /'(-{1,2}[^'=]*)/.exec(error.message)?.[1];
    const see = `loadgate ${command} --help lists its options`;
    if (!option || !code.includes('UNKNOWN_OPTION'))
        return `loadgate ${command}: ${error.message.replace(/\s*\n\s*/g, ' ')} (${see})`;
    const habit = HABITS[option];
    if (habit)
        return `loadgate ${command}: ${habit}`;
    const flags = flagsOf(command);
    const near = (0,_suggest_js__WEBPACK_IMPORTED_MODULE_1__/* .closest */ .k)(option, [...flags.keys()]);
    const suggestion = near && flags.get(near);
    return `loadgate ${command}: unknown option ${option}${suggestion ? `; did you mean ${suggestion}?` : ''} (${see})`;
}
/** The value under the new name, else under an older one (noted), else the default. */
function resolve(command, setting, values, notices) {
    const given = [setting.name, ...(setting.aliases ?? [])].filter((name) => values[name] !== undefined);
    for (const alias of given.filter((name) => name !== setting.name))
        notices.push(`note: --${alias} is now --${setting.name} (the old name still works)`);
    if (setting.multiple)
        return given.flatMap((name) => values[name]);
    const value = given.length > 0 ? values[given[0]] : undefined;
    if (value !== undefined)
        return value;
    const fallback = (0,_table_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultOf */ .HA)(setting, command);
    return setting.type === 'boolean' ? fallback === 'true' : fallback;
}
function checkEnvironmentPair(command, value) {
    if (command === 'import' || typeof value !== 'string' || !VARIABLE_PAIR.test(value))
        return;
    throw new UsageError(`loadgate ${command}: --environment takes a whole environment (a file or inline JSON), not "${value}"; set one variable with -e KEY=VALUE`);
}


/***/ }),

/***/ 15201:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EQ: () => (/* binding */ FLAG_SPELLING),
/* harmony export */   JY: () => (/* binding */ flagNames),
/* harmony export */   d6: () => (/* binding */ shardingProblems)
/* harmony export */ });
/* unused harmony export INPUT_SPELLING */
const FLAG_SPELLING = (name) => `--${name}`;
const INPUT_SPELLING = (name) => name;
/** A table of the action's input names as the CLI spells them: the flags are the same words. */
function flagNames(inputs) {
    return Object.fromEntries(Object.entries(inputs).map(([key, name]) => [key, FLAG_SPELLING(name)]));
}
/** A shard on a hosted service, and a common start without shards. */
function shardingProblems(given, spell) {
    const problems = [];
    if (given.shard && given.hosted) {
        problems.push({
            path: spell('shard'),
            message: `a hosted service runs the whole test: ${spell('shard')} splits a run over machines that each run their slice here (docs/scaling.md)`,
        });
    }
    if (given.startAt && !given.shard) {
        problems.push({
            path: spell('start-at'),
            message: `${spell('start-at')} is the time every shard of a sharded run starts at: set ${spell('shard')} too (docs/scaling.md)`,
        });
    }
    return problems;
}


/***/ }),

/***/ 68843:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ closest)
/* harmony export */ });
/* harmony import */ var leven__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(41444);
/* harmony import */ var leven__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(leven__WEBPACK_IMPORTED_MODULE_0__);
// The one "did you mean": the closest of the known names, when one is close enough to be a typo.

/** `--treshold` → `--thresholds`, `"stpes"` → `"steps"`; undefined when nothing is close. */
function closest(word, candidates) {
    const bare = (name) => name.replace(/^-+/, '').toLowerCase();
    const ranked = candidates.map((c) => ({ c, d: leven__WEBPACK_IMPORTED_MODULE_0___default()(bare(word), bare(c)) })).sort((a, b) => a.d - b.d)[0];
    const tolerance = Math.max(1, Math.min(3, Math.floor(bare(word).length / 3)));
    return ranked && ranked.d <= tolerance ? ranked.c : undefined;
}


/***/ }),

/***/ 22221:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HA: () => (/* binding */ defaultOf),
/* harmony export */   ZL: () => (/* binding */ helpOf),
/* harmony export */   Zo: () => (/* binding */ DEFAULT_API_KEY_ENV),
/* harmony export */   f5: () => (/* binding */ settingsOf)
/* harmony export */ });
/* unused harmony exports COMMANDS, DEFAULT_RESULTS_FILE, DEFAULT_LATENCY_RESULTS_FILE, DEFAULT_HISTORY_SIZE, SETTINGS, actionInputs, inputDefault */
// The one table of settings: every CLI flag, action input and `serve` flag is an entry here, with
// its one name (the CLI flag is `--name`, the action input `name`), the older spellings that
// still work, its default and its help. parseArgs options, `--help`, getInputs' aliases,
// action.yml's check and docs/settings.md all read this table (test/settings.test.ts).
const COMMANDS = (/* unused pure expression or super */ null && (['run', 'validate', 'compare', 'merge', 'latency', 'wait-for', 'import', 'serve', 'shard', 'capacity']));
const DEFAULT_RESULTS_FILE = 'loadgate-results.json';
const DEFAULT_LATENCY_RESULTS_FILE = 'loadgate-latency.json';
const DEFAULT_API_KEY_ENV = 'LOADGATE_API_KEY';
/** Earlier runs history keeps (input and flag history-size). */
const DEFAULT_HISTORY_SIZE = 30;
const LOAD = ['run', 'compare', 'capacity'];
const JUDGED = ['run', 'compare', 'merge'];
const TLS = ['run', 'compare', 'latency', 'wait-for', 'capacity'];
const HOSTED = ['run', 'latency'];
/** Kept literal (`as const`) so that an action input's name is a type: see InputName. */
const TABLE = [
    // What to run.
    { name: 'test', type: 'string', commands: [], input: true, help: 'the test definition file (the CLI takes it as its argument)' },
    {
        name: 'mode',
        type: 'string',
        commands: [],
        input: true,
        default: 'embedded',
        help: 'embedded, hosted, merge, compare, capacity or publish',
    },
    {
        name: 'environment',
        type: 'string',
        commands: ['run', 'validate', 'compare', 'capacity'],
        input: true,
        value: 'FILE|JSON',
        help: "the environment (named variables): a file or inline JSON; replaces the definition's",
        helpFor: { compare: "the head deployment's environment" },
        aliases: ['env'],
    },
    {
        name: 'var',
        short: 'e',
        type: 'string',
        multiple: true,
        commands: ['run', 'validate', 'capacity'],
        value: 'KEY=VALUE',
        help: 'set one variable, repeatable; overrides the environment',
    },
    {
        name: 'env-var',
        type: 'string',
        multiple: true,
        commands: ['run', 'validate', 'capacity'],
        value: 'NAME',
        help: "take the variable NAME from this process's environment, repeatable",
    },
    {
        name: 'secret',
        type: 'string',
        multiple: true,
        commands: ['run', 'validate', 'capacity'],
        value: 'NAME',
        help: 'the variable NAME is a secret: never written to results, reports or logs, repeatable',
    },
    // The load.
    {
        name: 'duration',
        short: 'd',
        type: 'string',
        commands: ['run', 'import'],
        value: 'TIME',
        help: "override the definition's duration (30s, 2m, 1h; a bare number is seconds), keeping its rate: the iterations scale with it (a note says how many)",
        helpFor: { import: 'the duration (30s, 2m; a bare number is seconds; default 10s)' },
    },
    {
        name: 'iterations',
        type: 'string',
        commands: ['run', 'import'],
        value: 'N',
        help: "override the definition's iteration_count (with --duration: exactly N over the duration)",
        helpFor: { import: 'iterations (default 100)' },
    },
    {
        name: 'rate',
        type: 'string',
        commands: ['run', 'import'],
        value: 'R/s',
        help: 'a constant R iterations per second over the duration (20/s, 1200/m; linear load)',
    },
    {
        name: 'max-concurrency',
        type: 'string',
        commands: LOAD,
        input: true,
        value: 'N',
        help: "cap on iterations in flight (default: the schedule's busiest second, 100 to 5000)",
        aliases: ['concurrency'],
    },
    {
        name: 'workers',
        type: 'string',
        commands: [...LOAD, 'serve'],
        input: true,
        value: 'N|auto|cores-K',
        default: 'auto',
        help: 'engine threads (auto: one per 10,000 requests/s, at most the cores less one; cores-K leaves K cores)',
        helpFor: { serve: 'engine threads per test, as for run' },
    },
    {
        name: 'warm-up',
        type: 'string',
        commands: ['run'],
        input: true,
        value: 'TIME',
        help: "unrecorded load against the target before the recorded schedule (10s, 1m; overrides the definition's warm_up)",
    },
    {
        name: 'check-body-limit',
        type: 'string',
        commands: ['run', 'serve'],
        input: true,
        value: 'SIZE',
        default: '1MiB',
        help: "what a step's assertions and captures read of a response body, at most (its first bytes, decoded; 512KiB, 4MiB; docs/variables.md)",
    },
    {
        name: 'stop-deadline',
        type: 'string',
        commands: ['run', 'serve'],
        input: true,
        value: 'TIME',
        default: '2s',
        help: "how long a stop (a signal, a cancelled job, serve's stop or shutdown) waits for the engine's threads before it ends them, keeping the results they reported (docs/engine.md)",
    },
    {
        name: 'proxies',
        type: 'string',
        multiple: true,
        commands: ['run', 'validate', 'compare', 'serve', 'capacity'],
        input: true,
        value: 'CC=URL',
        help: "send a country's share through an HTTP proxy, repeatable or comma-separated",
        helpFor: {
            validate: 'the proxies the run will have (locations in thresholds)',
            serve: 'a country this server sends load from, repeatable',
        },
        aliases: ['proxy'],
    },
    {
        name: 'proxies-file',
        type: 'string',
        commands: ['run', 'validate', 'compare', 'serve', 'capacity'],
        value: 'FILE',
        help: 'read the --proxies entries from a file, one a line (proxy credentials stay out of shell history and the process list)',
    },
    {
        name: 'insecure-tls',
        type: 'boolean',
        commands: TLS,
        input: true,
        default: 'false',
        help: 'do not verify TLS certificates',
        aliases: ['insecure'],
    },
    // The verdict.
    {
        name: 'thresholds',
        type: 'string',
        multiple: true,
        commands: ['run', 'validate', 'compare', 'merge', 'latency', 'capacity'],
        input: true,
        value: 'EXPR',
        help: 'a check on the results, repeatable: "p95 < 500ms", "step[*].p99.9 < 1s", "http_fail_rate < 1%", "p95 < baseline + 10%" (docs/verdict.md)',
        helpFor: {
            latency: 'a check on the latencies, repeatable: "latency.ttfb.p95 < 200ms"',
            capacity: 'a check on the rate found, repeatable: "capacity >= 300/s", "capacity >= baseline - 10%"',
        },
        aliases: ['threshold'],
    },
    {
        name: 'default-thresholds',
        type: 'boolean',
        commands: JUDGED,
        input: true,
        default: 'true',
        help: 'the default step[*].http_fail_rate < 1% when no threshold is on http_fail_rate (--no-default-thresholds: off)',
    },
    {
        name: 'on-saturated',
        type: 'string',
        commands: ['run'],
        input: true,
        value: 'fail|warn',
        default: 'fail',
        help: 'a load generator that could not keep up fails the run when that changes the verdict, or only warns',
    },
    {
        name: 'baseline',
        type: 'string',
        commands: ['run', 'validate', 'merge', 'capacity'],
        input: true,
        value: 'FILE',
        help: 'an earlier results file: changes in the report, and limits such as "p95 < baseline + 10%" (action: auto finds one); history or history:K: the median of the last K (5) history runs (docs/history.md)',
    },
    {
        name: 'history',
        type: 'string',
        multiple: true,
        commands: ['run', 'merge'],
        input: true,
        value: 'PATH',
        help: "earlier results of the test, repeatable: files or folders of them, for the report's trend and --baseline history (action: auto reads the base branch's artifacts; docs/history.md)",
    },
    {
        name: 'history-size',
        type: 'string',
        commands: ['run', 'merge'],
        input: true,
        value: 'N',
        default: String(DEFAULT_HISTORY_SIZE),
        help: 'the most earlier runs history keeps, the newest',
    },
    // The capacity search (docs/capacity.md).
    {
        name: 'slo',
        type: 'string',
        multiple: true,
        commands: ['capacity'],
        input: true,
        value: 'EXPR',
        help: 'a service level each probe must hold, in the threshold grammar, repeatable: "p99 < 100ms", "http_fail_rate < 1%"',
    },
    {
        name: 'probe',
        type: 'string',
        commands: ['capacity'],
        input: true,
        value: 'TIME',
        default: '10s',
        help: 'how long each probe runs at its rate; its first second is load that is not judged',
    },
    {
        name: 'from',
        type: 'string',
        commands: ['capacity'],
        input: true,
        value: 'R/s',
        default: '10/s',
        help: "the first probe's rate; rates double from it until an SLO fails",
    },
    { name: 'to', type: 'string', commands: ['capacity'], input: true, value: 'R/s', help: 'the highest rate probed (default: no cap)' },
    {
        name: 'precision',
        type: 'string',
        commands: ['capacity'],
        input: true,
        value: 'PCT',
        default: '5%',
        help: 'bisect until the bracket [held, failed] is at most this much wider than the rate that held',
    },
    {
        name: 'max-time',
        type: 'string',
        commands: ['capacity'],
        input: true,
        value: 'TIME',
        default: '10m',
        help: 'no probe starts that would end the search past this; the bracket so far is the answer',
    },
    // Where the results go.
    {
        name: 'results-file',
        type: 'string',
        commands: [...JUDGED, 'latency', 'capacity'],
        input: true,
        value: 'FILE',
        default: DEFAULT_RESULTS_FILE,
        defaultFor: { latency: DEFAULT_LATENCY_RESULTS_FILE },
        help: 'where to write the results JSON; the HTML report goes beside it',
        aliases: ['results'],
    },
    { name: 'report', type: 'string', commands: ['run', 'capacity'], value: 'FILE', help: 'where to write the HTML report' },
    {
        name: 'summary-file',
        type: 'string',
        commands: JUDGED,
        value: 'FILE',
        help: 'also write the report as Markdown, as the action writes its job summary, for other CIs (docs/history.md)',
    },
    {
        name: 'junit-file',
        type: 'string',
        commands: JUDGED,
        input: true,
        value: 'FILE',
        help: 'also write the verdict as JUnit XML: a testcase per check (GitLab, Jenkins, Azure; docs/ci.md)',
        aliases: ['junit'],
    },
    {
        name: 'gitlab-metrics-file',
        type: 'string',
        commands: JUDGED,
        input: true,
        value: 'FILE',
        help: 'also write GitLab\'s metrics report: loadgate_p95_ms{step="login"} 123 (docs/ci.md)',
        aliases: ['gitlab-metrics'],
    },
    { name: 'json', type: 'boolean', commands: ['run', 'capacity'], help: 'print the results JSON on stdout (the summary goes to stderr)' },
    {
        name: 'quiet',
        type: 'boolean',
        commands: ['run', 'capacity'],
        help: 'print no progress and no summary; the exit code says how it went',
    },
    // Hosted runs.
    {
        name: 'api-url',
        type: 'string',
        commands: HOSTED,
        input: true,
        value: 'URL',
        help: 'run on a service of the interface (docs/interface.md)',
    },
    {
        name: 'api-key',
        type: 'string',
        commands: HOSTED,
        input: true,
        value: 'KEY',
        help: 'the API key itself (shell history and the process list keep it: prefer --api-key-env or --api-key-file)',
    },
    {
        name: 'api-key-env',
        type: 'string',
        commands: HOSTED,
        value: 'NAME',
        default: DEFAULT_API_KEY_ENV,
        help: 'the environment variable holding the API key',
    },
    {
        name: 'api-key-file',
        type: 'string',
        commands: HOSTED,
        value: 'FILE',
        help: 'read the API key from a file instead (first line; kept out of shell history)',
    },
    {
        name: 'api-result-path',
        type: 'string',
        commands: ['run'],
        input: true,
        value: 'PATH',
        help: "the service's result path, if not /v1/load/test/<id>/result/",
    },
    // Sharded runs.
    { name: 'shard', type: 'string', commands: ['run'], input: true, value: 'i/N', help: 'run one slice of a sharded run (docs/scaling.md)' },
    {
        name: 'start-at',
        type: 'string',
        commands: ['run'],
        input: true,
        value: 'TIME',
        help: 'RFC 3339 or epoch ms: every shard starts together',
    },
    {
        name: 'shards',
        type: 'string',
        commands: [],
        input: true,
        default: 'loadgate-shards/**/*.json',
        help: 'glob of shard results files to merge (mode merge)',
    },
    // The comparison gate.
    {
        name: 'compare-environment',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'FILE|JSON',
        help: "the base deployment's environment (required)",
        aliases: ['base-env'],
    },
    { name: 'rounds', type: 'string', commands: ['compare'], input: true, value: 'N', default: '10', help: 'measured rounds' },
    {
        name: 'warm-up-rounds',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'N',
        default: '1',
        help: 'rounds run first and discarded',
        aliases: ['warmup-rounds'],
        inputAliases: ['warmup-rounds'],
    },
    {
        name: 'max-rounds',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'N',
        help: 'more rounds while steps are inconclusive, up to N (default 3 × rounds)',
    },
    {
        name: 'max-compare-time',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'TIME',
        help: 'no extension round begins after this long from the start (10m, 600; default no limit)',
        aliases: ['max-time'],
    },
    {
        name: 'on-inconclusive',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'warn|fail',
        default: 'warn',
        help: 'a step still inconclusive at the budget warns or fails the run',
    },
    {
        name: 'max-regression',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'P%',
        default: '10%',
        help: 'largest tolerated slowdown of head against base',
    },
    {
        name: 'compare-metric',
        type: 'string',
        commands: ['compare'],
        input: true,
        value: 'M',
        default: 'p95',
        help: 'the per-round statistic: avg, median, p80, p90, p95, p99, min, max; first_event.<that> or gap.<that> for streaming steps',
        aliases: ['metric'],
    },
    { name: 'seed', type: 'string', commands: ['compare'], input: true, value: 'S', help: "repeat an earlier run's order of sides" },
    // Latency tests.
    {
        name: 'latency-target',
        type: 'string',
        commands: [],
        input: true,
        help: 'URL to measure latency to (the CLI takes it as its argument)',
    },
    {
        name: 'latency-locations',
        type: 'string',
        multiple: true,
        commands: ['latency'],
        input: true,
        value: 'PATTERN',
        default: '*',
        help: 'location codes or patterns (EU.*, *), repeatable',
        aliases: ['location'],
    },
    {
        name: 'latency-samples',
        type: 'string',
        commands: ['latency'],
        input: true,
        value: 'N',
        default: '10',
        help: 'samples per location',
        aliases: ['samples'],
    },
    {
        name: 'latency-locations-config',
        type: 'string',
        multiple: true,
        commands: ['latency', 'serve'],
        input: true,
        value: 'CODE=Name[@PROXY]',
        help: 'a location of your own, repeatable (the action: one per line)',
        helpFor: { serve: 'a latency location this server measures from (@kube:CC: a one-pod Job in load location CC), repeatable' },
        aliases: ['location-config', 'latency-location'],
    },
    // Waiting for the service.
    {
        name: 'wait-for',
        type: 'string',
        commands: [],
        input: true,
        help: 'a URL polled until it answers, before the run (the CLI: loadgate wait-for URL)',
    },
    {
        name: 'wait-for-timeout',
        type: 'string',
        commands: ['wait-for'],
        input: true,
        value: 'TIME',
        default: '60',
        help: 'how long to wait for the URL (30s, 2m; a bare number is seconds)',
        aliases: ['timeout'],
    },
    // The report on GitHub.
    {
        name: 'comment',
        type: 'string',
        commands: [],
        input: true,
        default: 'always',
        help: 'when to post the sticky PR comment: always, on-failure, on-change, never',
    },
    { name: 'check', type: 'boolean', commands: [], input: true, default: 'true', help: 'report the verdict as a check run on the commit' },
    {
        name: 'check-name',
        type: 'string',
        commands: [],
        input: true,
        help: "the check run's name (default loadgate: <test name>, plus the matrix entry)",
    },
    {
        name: 'matrix',
        type: 'string',
        commands: [],
        input: true,
        default: '${{ toJSON(matrix) }}',
        help: "the job's matrix entry, which names each entry's check run (leave the default: the runner fills it in)",
    },
    {
        name: 'github-token',
        type: 'string',
        commands: [],
        input: true,
        default: '${{ github.token }}',
        help: 'token for the comment and the check run',
    },
    {
        name: 'report-name',
        type: 'string',
        commands: [],
        input: true,
        help: "the web report's artifact name (default loadgate-report-<test>-<job>)",
    },
    // loadgate import.
    {
        name: 'output',
        short: 'o',
        type: 'string',
        commands: ['import'],
        value: 'FILE',
        help: 'write the definition here (default: stdout); the summary goes to stderr',
    },
    { name: 'name', type: 'string', commands: ['import'], value: 'NAME', help: "the test's name (default: from the source)" },
    {
        name: 'keep-secrets',
        type: 'boolean',
        commands: ['import'],
        help: 'write Authorization, cookie and API-key values into the file (still marked secret)',
    },
    {
        name: 'include',
        type: 'string',
        multiple: true,
        commands: ['import'],
        value: 'PATTERN',
        help: 'har: keep only the requests whose URL matches, repeatable (glob, or /regex/)',
    },
    {
        name: 'exclude',
        type: 'string',
        multiple: true,
        commands: ['import'],
        value: 'PATTERN',
        help: 'har: drop the requests whose URL matches, repeatable',
    },
    { name: 'think-time', type: 'boolean', commands: ['import'], help: 'har: keep the time between requests as sleeps' },
    {
        name: 'environment',
        type: 'string',
        commands: ['import'],
        value: 'FILE',
        help: "postman: a Postman environment file whose variables join the collection's",
    },
    {
        name: 'operation',
        type: 'string',
        multiple: true,
        commands: ['import'],
        value: 'ID',
        help: 'openapi: only this operation (operationId or "GET /path"), repeatable',
    },
    {
        name: 'tag',
        type: 'string',
        multiple: true,
        commands: ['import'],
        value: 'TAG',
        help: 'openapi: only the operations with this tag, repeatable',
    },
    // loadgate serve.
    { name: 'port', type: 'string', commands: ['serve'], value: 'N', default: '8080', help: 'the port to listen on' },
    { name: 'host', type: 'string', commands: ['serve'], value: 'ADDR', default: '127.0.0.1', help: 'the address to listen on' },
    {
        name: 'public-url',
        type: 'string',
        commands: ['serve'],
        value: 'URL',
        help: "the base of every test_url, such as the TLS proxy's https:// address (default the listening address)",
    },
    {
        name: 'db',
        type: 'string',
        commands: ['serve'],
        value: 'FILE',
        default: './loadgate.db',
        help: 'the SQLite database; one server per file',
    },
    {
        name: 'data-dir',
        type: 'string',
        commands: ['serve'],
        value: 'DIR',
        help: 'where uploaded test data is kept (default beside the database)',
    },
    {
        name: 'api-key-file',
        type: 'string',
        commands: ['serve'],
        value: 'FILE',
        help: 'accepted API keys, one per line, KEY or TENANT:KEY (also LOADGATE_API_KEY, comma-separated; LOADGATE_API_KEYS is its older name)',
    },
    {
        name: 'secret-key-file',
        type: 'string',
        commands: ['serve'],
        value: 'FILE',
        help: 'the key sealing secret values at rest, 32 bytes in base64 (also LOADGATE_SECRET_KEY; default: a key file made in the data folder)',
    },
    {
        name: 'rotate-secret-key',
        type: 'string',
        commands: ['serve'],
        value: 'FILE',
        help: 'seal every secret value again under the key in FILE, then exit (the current key as usual)',
    },
    {
        name: 'retention',
        type: 'string',
        commands: ['serve'],
        value: 'DAYS',
        help: 'delete tests that ended more than DAYS days ago, with their results (default: keep them)',
    },
    {
        name: 'rate-limit',
        type: 'string',
        commands: ['serve'],
        value: 'on|N|GET=N,OTHER=M',
        help: 'requests per second per tenant, GET and other methods apart (on: 5 and 2)',
    },
    {
        name: 'headers-timeout',
        type: 'string',
        commands: ['serve'],
        value: 'S',
        default: '20',
        help: "seconds a client has to send a request's headers",
    },
    {
        name: 'request-timeout',
        type: 'string',
        commands: ['serve'],
        value: 'S',
        default: '120',
        help: 'seconds a client has to send a whole request, body included',
    },
    { name: 'idle-timeout', type: 'string', commands: ['serve'], value: 'S', default: '60', help: 'seconds a connection may stay silent' },
    {
        name: 'max-connections-per-address',
        type: 'string',
        commands: ['serve'],
        value: 'N',
        default: '64',
        help: 'open connections one client address may hold (0: no cap)',
    },
    {
        name: 'executor',
        type: 'string',
        commands: ['serve'],
        value: 'local|kubernetes',
        default: 'local',
        help: 'where tests run: here, or as Indexed Jobs in Kubernetes (docs/kubernetes.md)',
    },
    { name: 'image', type: 'string', commands: ['serve'], value: 'IMAGE', help: 'kubernetes: the image shard pods run (required)' },
    {
        name: 'kubeconfig',
        type: 'string',
        commands: ['serve'],
        value: 'FILE',
        help: 'kubernetes: the cluster (default: in-cluster service account, else ~/.kube/config)',
    },
    { name: 'kube-context', type: 'string', commands: ['serve'], value: 'NAME', help: 'kubernetes: the kubeconfig context' },
    {
        name: 'namespace',
        type: 'string',
        commands: ['serve'],
        value: 'NS',
        default: 'default',
        help: 'kubernetes: where Jobs and Secrets go',
    },
    {
        name: 'callback-url',
        type: 'string',
        commands: ['serve'],
        value: 'URL',
        help: 'kubernetes: the URL shard pods call (default --public-url)',
    },
    {
        name: 'rate-per-pod',
        type: 'string',
        commands: ['serve'],
        value: 'N',
        default: '1000',
        help: 'kubernetes: iterations per second per shard pod',
    },
    {
        name: 'shards',
        type: 'string',
        commands: ['serve'],
        value: 'N',
        help: 'kubernetes: shards per location for every test (default: from --rate-per-pod)',
    },
    {
        name: 'location',
        type: 'string',
        multiple: true,
        commands: ['serve'],
        value: 'CC=node:LABEL=VALUE|CC=namespace:NS|CC=context:NAME',
        help: 'kubernetes: a load location and where its pods run, repeatable',
    },
    {
        name: 'start-barrier',
        type: 'string',
        commands: ['serve'],
        value: 'S',
        default: '120',
        help: 'kubernetes: seconds the start waits for every pod',
    },
    {
        name: 'shutdown-grace',
        type: 'string',
        commands: ['serve'],
        value: 'S',
        default: '40',
        help: "kubernetes: on SIGTERM, seconds serve keeps taking the running test's uploads before it leaves the test to the next server",
    },
    {
        name: 'kube-api-backoff',
        type: 'string',
        commands: ['serve'],
        value: 'MS',
        default: '500',
        help: 'kubernetes: milliseconds before a failed API call (429, 5xx, no connection) is first retried; doubled each retry, up to 60 times it',
    },
    {
        name: 'cluster-wait',
        type: 'string',
        commands: ['serve'],
        value: 'S',
        default: '600',
        help: 'kubernetes: seconds queued tests wait for an API server that does not answer before the next one fails',
    },
    {
        name: 'shard-cpu',
        type: 'string',
        commands: ['serve'],
        value: 'QUANTITY',
        default: '1',
        help: 'kubernetes: CPU of a shard pod, its request and its limit (e.g. 500m, 2)',
    },
    {
        name: 'shard-memory',
        type: 'string',
        commands: ['serve'],
        value: 'QUANTITY',
        default: '512Mi',
        help: 'kubernetes: memory of a shard pod, its request and its limit (e.g. 1Gi)',
    },
    // loadgate shard (a pod of serve's Kubernetes executor runs it).
    { name: 'server', type: 'string', commands: ['shard'], value: 'URL', help: 'the loadgate server to call home to' },
    {
        name: 'latency',
        type: 'string',
        commands: ['shard'],
        value: 'ID',
        help: 'measure a latency test from this pod (a one-pod Job) instead of running a shard; the token comes from LOADGATE_SHARD_TOKEN',
    },
    {
        name: 'test',
        type: 'string',
        commands: ['shard'],
        value: 'ID',
        help: 'the test; the index, token, attempt and location come from JOB_COMPLETION_INDEX, LOADGATE_SHARD_TOKEN, LOADGATE_SHARD_ATTEMPT and LOADGATE_SHARD_LOCATION',
    },
];
const SETTINGS = TABLE;
/** The settings a command takes, in the table's order. */
function settingsOf(command) {
    return SETTINGS.filter((s) => s.commands.includes(command));
}
/** The action's inputs, in the table's order. */
function actionInputs() {
    return SETTINGS.filter((s) => s.input);
}
/** An action input's default, as action.yml gives it (test/settings.test.ts checks that they agree). */
function inputDefault(name) {
    const setting = SETTINGS.find((s) => s.input && s.name === name);
    if (setting?.default === undefined)
        throw new Error(`no action input "${name}" with a default in the settings table`);
    return setting.default;
}
function defaultOf(setting, command) {
    return (command && setting.defaultFor?.[command]) ?? setting.default;
}
function helpOf(setting, command) {
    return (command && setting.helpFor?.[command]) ?? setting.help;
}


/***/ }),

/***/ 535:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TS: () => (/* binding */ rate),
/* harmony export */   p0: () => (/* binding */ duration),
/* harmony export */   rD: () => (/* binding */ wholeNumber)
/* harmony export */ });
/* unused harmony exports MAX_RATE_PER_S, boolean */
/** A whole number within the range (at least 1 unless said): `--max-concurrency 5`, `port: 8080`. */
function wholeNumber(text, name, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
    const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max)
        return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    return { path: name, message: `expected a whole number ${range}, got "${text}"` };
}
const SECONDS_PER = { ms: 0.001, s: 1, m: 60, h: 3600 };
/**
 * Seconds from `30s`, `2m`, `1h`, `500ms` or a bare number (seconds, as before units were taken).
 * `whole`: the setting counts whole seconds (a definition's duration), so `1.5s` is refused.
 */
function duration(text, name, { whole = false, min = 0 } = {}) {
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
    const seconds = match ? Number(match[1]) * SECONDS_PER[match[2] ?? 's'] : Number.NaN;
    const wanted = whole ? 'a whole number of seconds' : 'a duration';
    if (!Number.isFinite(seconds) || seconds < min || (whole && !Number.isInteger(seconds)))
        return {
            path: name,
            message: `expected ${wanted}${min > 0 ? ` of at least ${min} s` : ''}, such as 30s, 2m or 1h (a bare number is seconds), got "${text}"`,
        };
    return seconds;
}
/** Iterations per second from `20/s`, `1200/m` or a bare number (per second); above 0. */
/** No schedule asks more (a billion iterations a second): above it a rate is a typo, and its plan's counts would not be whole numbers. */
const MAX_RATE_PER_S = 1e9;
function rate(text, name) {
    const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(s|m|h))?$/.exec(text.trim());
    const perSecond = match ? Number(match[1]) / SECONDS_PER[match[2] ?? 's'] : Number.NaN;
    if (perSecond > 0 && perSecond <= MAX_RATE_PER_S)
        return perSecond;
    const most = perSecond > MAX_RATE_PER_S ? ` and at most ${MAX_RATE_PER_S.toLocaleString('en-US')}/s` : '';
    return { path: name, message: `expected iterations per second above 0${most}, such as 20/s, 1200/m or 20, got "${text}"` };
}
const TRUE = (/* unused pure expression or super */ null && (['true', 'True', 'TRUE']));
const FALSE = (/* unused pure expression or super */ null && (['false', 'False', 'FALSE']));
/** As `core.getBooleanInput` reads an input (YAML 1.2's core schema): anything else names the input. */
function boolean(text, name) {
    const trimmed = text.trim();
    if (TRUE.includes(trimmed))
        return true;
    if (FALSE.includes(trimmed))
        return false;
    return { path: name, message: `expected true or false (True, TRUE, False, FALSE), got "${text}"` };
}


/***/ }),

/***/ 30961:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D4: () => (/* binding */ percentileOf),
/* harmony export */   HM: () => (/* binding */ THRESHOLD_FLAG),
/* harmony export */   Ik: () => (/* binding */ parseThresholdLines),
/* harmony export */   U6: () => (/* binding */ THRESHOLDS_INPUT),
/* harmony export */   UA: () => (/* binding */ judgedOnWindows),
/* harmony export */   Zv: () => (/* binding */ thresholdPlace),
/* harmony export */   d9: () => (/* binding */ describeThreshold),
/* harmony export */   dd: () => (/* binding */ formatMetricValue),
/* harmony export */   fK: () => (/* binding */ metricKind),
/* harmony export */   so: () => (/* binding */ isNamedMetric)
/* harmony export */ });
/* unused harmony export parseThresholds */
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(16141);
/* harmony import */ var _syntax_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(15173);
// Thresholds (docs/verdict.md): the grammar. Parse the user's lines into Threshold values and
// write them back in canonical form; evaluation is src/verdict/metrics.ts's. Pure.
//
// Grammar, one threshold per line:  [scope.]metric op limit
//   scope   step[<id>|<name>|*] | location[<CC>|local|*] | both, in either order, joined by "."
//   stream  first_event. | gap. before a time metric: the streaming steps' figures (docs/streaming.md)
//   metric  avg min max median stddev, any percentile pN (p50, p75, p99.9, p999 = 99.9), rates,
//           counts, rps (THRESHOLD_METRICS)
//   op      < <= > >= == !=
//   limit   value[unit] | baseline [(+|-) value(%|unit)]
//   unit    ms or s for times (none = ms), % for rates (required), none for counts and rps


function metricKind(metric) {
    switch (metric) {
        case 'fail_rate':
        case 'success_rate':
        case 'http_fail_rate':
        case 'status_2xx':
        case 'status_3xx':
        case 'status_4xx':
        case 'status_5xx':
            return 'rate';
        case 'fail_count':
        case 'success_count':
        case 'iteration_count':
            return 'count';
        case 'rps':
        case 'capacity':
            return 'throughput';
        default:
            return 'time';
    }
}
const THRESHOLDS_INPUT = { name: 'thresholds', kind: 'lines' };
const THRESHOLD_FLAG = { name: '--thresholds', kind: 'flags' };
/** `thresholds line 3` or `--thresholds #3`: the Problem path of one threshold. */
function thresholdPlace(origin, line) {
    return origin.kind === 'lines' ? `${origin.name} line ${line}` : `${origin.name} #${line}`;
}
/** The percentile a metric names (`p99.9` → 99.9, `median` → 50), or undefined for other metrics. */
function percentileOf(metric) {
    if (metric === 'median')
        return 50;
    if (!/^p\d/.test(metric))
        return undefined;
    return Number(metric.slice(1));
}
/** The action input: a multi-line text, one threshold per line. */
function parseThresholds(text, origin = THRESHOLDS_INPUT) {
    return parseThresholdLines(text.split(/\r?\n/), origin);
}
/** The CLI's repeated `--thresholds` flags: one threshold per entry, numbered from 1. */
function parseThresholdLines(lines, origin = THRESHOLD_FLAG) {
    // `latency…` lines are the latency test's (latency.ts); callers without one refuse them.
    const accepts = (raw) => {
        const trimmed = raw.trim();
        return trimmed !== '' && !trimmed.startsWith('#') && !(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .isLatencyThresholdLine */ .YC)(trimmed);
    };
    return (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .parseEachLine */ .Ff)(lines, accepts, parseLine, (line) => thresholdPlace(origin, line));
}
// ---- parsing one line ----
const METRICS_LIST = `${_types_js__WEBPACK_IMPORTED_MODULE_1__/* .THRESHOLD_METRICS */ .U2.join(', ')}, or any percentile pN (p50, p75, p99.9)`;
const UNITS = { time: ['ms', 's'], rate: ['%'], count: [], throughput: ['/s'] };
const KNOWN_UNITS = ['ms', 's', '%', '/s'];
const KIND_NAMES = {
    time: 'a time',
    rate: 'a percentage',
    count: 'a count',
    throughput: 'requests per second',
};
const KIND_USAGE = {
    time: 'takes ms or s (no unit means ms)',
    rate: 'takes a percentage with its % sign',
    count: 'takes a whole number with no unit',
    throughput: 'takes a number per second, with /s or no unit',
};
function parseLine(raw, line) {
    const scope = parseScopes(raw);
    if ('message' in scope)
        return scope;
    const stream = parseStreamMetric(raw, scope);
    if (stream && 'message' in stream)
        return stream;
    const metric = parseMetric(raw, scope);
    if ('message' in metric)
        return metric;
    if (stream && metricKind(metric.metric) !== 'time')
        return {
            index: stream.at,
            message: `${stream.stream} is a time: it takes avg, min, max, median, stddev or a percentile pN, not ${metric.metric}`,
        };
    const op = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .parseOp */ .Zv)(raw, metric.end, metric.metric);
    if ('message' in op)
        return op;
    const limit = parseLimit(raw, op.end, metric.metric, op.op);
    if ('message' in limit)
        return limit;
    const window = parseWindow(raw, limit.end, {
        metric: metric.metric,
        scoped: scope.read !== '' || stream !== undefined,
        relative: limit.baseline !== undefined,
    });
    if ('message' in window)
        return window;
    const abort = parseAbort(raw, window.end, {
        metric: metric.metric,
        op: op.op,
        plain: scope.read === '' && limit.baseline === undefined && window.overS === undefined && stream === undefined,
    });
    if ('message' in abort)
        return abort;
    const rest = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, abort.end);
    if (rest < raw.length)
        return trailingText(raw, rest, raw.slice(limit.start, abort.end));
    return {
        source: raw.trim(),
        line,
        ...(scope.step !== undefined && { step: scope.step }),
        ...(scope.location !== undefined && { location: scope.location }),
        metric: metric.metric,
        op: op.op,
        value: limit.value,
        ...(limit.baseline !== undefined && { baseline: limit.baseline }),
        ...(window.overS !== undefined && { overS: window.overS }),
        ...(abort.abort && { abort: true }),
        ...(stream && { stream: stream.stream }),
    };
}
/**
 * `first_event.` or `gap.` before the metric: a streaming step's time to its first event or its
 * gaps between events. Judged over every stream (no scope), per step, or per step at a location;
 * a location alone has no stream histogram of its own.
 */
function parseStreamMetric(raw, scope) {
    const word = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, scope.end);
    const stream = _types_js__WEBPACK_IMPORTED_MODULE_1__/* .STREAM_METRICS */ .pZ.find((m) => m === word);
    if (stream === undefined)
        return undefined;
    const at = scope.end;
    const dot = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, at + word.length);
    if (raw[dot] !== '.')
        return { index: dot, message: `expected "." and a time metric after "${scope.read}${word}" (${word}.p95), got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, dot)}` };
    if (scope.location !== undefined && scope.step === undefined)
        return { index: at, message: `${word} at a location takes a step too: step[NAME].location[${scope.location}].${word}.p95` };
    scope.read += `${word}.`;
    scope.end = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, dot + 1);
    return { stream, at };
}
/**
 * `abort` at the end: the run stops once the breach is certain whatever the remaining requests do
 * (src/verdict/abort.ts), which can be known of an upper limit on the whole run's HTTP failure
 * rate or on a percentile of its response times.
 */
function parseAbort(raw, from, threshold) {
    const start = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, from);
    if ((0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, start) !== 'abort')
        return { abort: false, end: from };
    const { metric, op } = threshold;
    const upper = op === '<' || op === '<=';
    if (!upper || !(metric === 'http_fail_rate' || percentileOf(metric) !== undefined) || !threshold.plain)
        return {
            index: start,
            message: 'abort takes an upper limit (< or <=) on http_fail_rate or a percentile of the whole run, with a value: http_fail_rate < 5% abort, p99 < 500ms abort',
        };
    return { abort: true, end: start + 'abort'.length };
}
/** The longest window of `over TIME`: the longest run. */
const MAX_WINDOW_S = 86_400;
/**
 * `over 10s` after the limit: the threshold is judged on every sliding window of that many whole
 * seconds, from the per-second histograms; so only response times of the whole run take it.
 */
function parseWindow(raw, from, threshold) {
    const start = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, from);
    if ((0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, start) !== 'over')
        return { end: from };
    const at = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, start + 'over'.length);
    const text = /^\S*/.exec(raw.slice(at))?.[0] ?? '';
    const match = /^(\d+)(s|m)?$/.exec(text);
    const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : Number.NaN;
    if (!(seconds >= 1 && seconds <= MAX_WINDOW_S))
        return { index: at, message: `expected a window of whole seconds after "over", such as 10s or 1m, got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, at)}` };
    if (metricKind(threshold.metric) !== 'time')
        return {
            index: start,
            message: `over TIME judges response times from the per-second histograms (p95 < 300ms over 10s); ${threshold.metric} is not one`,
        };
    if (threshold.scoped)
        return {
            index: start,
            message: "over TIME is judged on the whole run's seconds of response times: it takes no step[…], location[…], first_event or gap",
        };
    if (threshold.relative)
        return { index: start, message: 'over TIME takes a limit, not one relative to the baseline' };
    return { overS: seconds, end: at + text.length };
}
/** Some threshold is judged on windows: the run keeps each second's histogram. */
function judgedOnWindows(thresholds) {
    return thresholds.some((t) => t.overS !== undefined);
}
function parseScopes(raw) {
    const scope = { read: '', end: (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, 0) };
    for (;;) {
        const word = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, scope.end);
        const bracket = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, scope.end + word.length);
        const isScopeWord = word === 'step' || word === 'location';
        if (word === '' || raw[bracket] !== '[') {
            if (isScopeWord)
                return { index: bracket, message: `expected "[" after "${word}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, bracket)}` };
            return scope;
        }
        if (!isScopeWord) {
            return { index: scope.end, message: `unknown scope ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(word)}; expected step[…] or location[…]` };
        }
        if (scope[word] !== undefined) {
            return { index: scope.end, message: `${word}[…] given twice; a threshold has at most one step and one location` };
        }
        const close = raw.indexOf(']', bracket + 1);
        if (close < 0) {
            const inside = word === 'step' ? 'the step id or name' : 'the location';
            return { index: bracket, message: `unclosed "[" in ${word}[…]; expected "]" after ${inside}` };
        }
        const innerStart = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, bracket + 1);
        const inner = raw.slice(innerStart, close).trim();
        const error = word === 'step' ? setStep(scope, inner, innerStart) : setLocation(scope, inner, innerStart);
        if (error)
            return error;
        scope.read += `${word}[${inner}]`;
        const dot = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, close + 1);
        if (raw[dot] !== '.')
            return { index: dot, message: `expected "." after "${scope.read}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, dot)}` };
        scope.read += '.';
        scope.end = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, dot + 1);
    }
}
function setStep(scope, inner, index) {
    if (inner === '')
        return { index, message: 'expected a step id or name inside step[], or * for each step' };
    if (inner === '*') {
        scope.step = { each: true };
        return undefined;
    }
    if (!/^\d+$/.test(inner)) {
        scope.step = { name: inner };
        return undefined;
    }
    const id = Number(inner);
    if (!Number.isSafeInteger(id))
        return { index, message: `step id ${inner} is too large to be a step id` };
    scope.step = { id };
    return undefined;
}
const LOCATION_FORM = 'a two-letter upper-case country code such as DE, local, or * for each location';
function setLocation(scope, inner, index) {
    if (/^[A-Z]{2}$/.test(inner) || inner === 'local' || inner === '*') {
        scope.location = inner;
        return undefined;
    }
    if (inner === '')
        return { index, message: `expected a location inside location[]: ${LOCATION_FORM}` };
    if (/^[a-zA-Z]{2}$/.test(inner)) {
        const code = inner.toUpperCase();
        return { index, message: `location ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(inner)}: country codes are upper case; write location[${code}]` };
    }
    return { index, message: `location ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(inner)} is not valid; expected ${LOCATION_FORM}` };
}
function parseMetric(raw, scope) {
    const percentile = /^p\d+(?:\.\d+)?(?![A-Za-z0-9_.])/.exec(raw.slice(scope.end))?.[0];
    if (percentile !== undefined)
        return parsePercentile(percentile, scope.end);
    const word = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, scope.end);
    if (word === '') {
        const message = scope.read === ''
            ? `expected a metric (${METRICS_LIST}) or a scope (step[…], location[…]), got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, scope.end)}`
            : `expected a metric or a scope after "${scope.read}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, scope.end)}`;
        return { index: scope.end, message };
    }
    const metric = _types_js__WEBPACK_IMPORTED_MODULE_1__/* .THRESHOLD_METRICS */ .U2.find((m) => m === word);
    if (metric)
        return { metric, end: scope.end + word.length };
    const lower = _types_js__WEBPACK_IMPORTED_MODULE_1__/* .THRESHOLD_METRICS */ .U2.find((m) => m === word.toLowerCase()) ?? (/^P\d/.test(word) ? word.toLowerCase() : undefined);
    const message = lower
        ? `unknown metric ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(word)}; metrics are lower case: ${lower}`
        : `unknown metric ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(word)}; expected one of ${METRICS_LIST}`;
    return { index: scope.end, message };
}
/**
 * `p75` → 75, `p99.9` → 99.9; without a decimal point, digits past 100 read as HdrHistogram's
 * and k6's shorthand: `p999` → 99.9, `p9999` → 99.99. The metric is kept in canonical form (`p99.9`).
 */
function parsePercentile(text, index) {
    const digits = text.slice(1);
    const value = digits.includes('.') || Number(digits) <= 100 ? Number(digits) : Number(`${digits.slice(0, 2)}.${digits.slice(2)}`);
    if (!(value > 0 && value <= 100)) {
        return {
            index,
            message: `percentile ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(text)} is out of range; expected p followed by a number above 0 and up to 100 (p50, p99.9)`,
        };
    }
    return { metric: `p${value}`, end: index + text.length };
}
function parseLimit(raw, from, metric, op) {
    const start = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, from);
    if ((0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .readWord */ .pS)(raw, start) !== 'baseline') {
        const value = parseValue(raw, start, metric, `after "${op}"`);
        return 'message' in value ? value : { ...value, start };
    }
    const afterWord = start + 'baseline'.length;
    const signAt = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, afterWord);
    const sign = raw[signAt];
    if (sign !== '+' && sign !== '-')
        return { value: 0, baseline: { kind: 'percent', amount: 0 }, start, end: afterWord };
    const amountAt = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, signAt + 1);
    const number = readNumber(raw, amountAt);
    if (number === undefined)
        return { index: amountAt, message: `expected a number after "baseline ${sign}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, amountAt)}` };
    const unitAt = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, amountAt + number.length);
    const unit = readUnit(raw, unitAt);
    const signed = (n) => (sign === '-' ? -n : n) || 0;
    if (unit === '%')
        return { value: 0, baseline: { kind: 'percent', amount: signed(Number(number)) }, start, end: unitAt + 1 };
    if (metricKind(metric) === 'rate') {
        return {
            index: unitAt,
            message: `expected % after "baseline ${sign} ${number}": a change relative to the baseline, e.g. baseline + 10%`,
        };
    }
    const value = parseValue(raw, amountAt, metric, `after "baseline ${sign}"`);
    if ('message' in value)
        return value;
    // `baseline + 0ms` means the baseline itself: one meaning, one form (`baseline`).
    const amount = signed(value.value);
    return { value: 0, baseline: { kind: amount === 0 ? 'percent' : 'absolute', amount }, start, end: value.end };
}
/** Words that may follow a limit without a unit (`p95 < 300 over 10s`, `p99 < 500 abort`). */
const SUFFIXES = ['over', 'abort'];
function readNumber(raw, at) {
    return /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(raw.slice(at))?.[0];
}
function readUnit(raw, at) {
    return /^[^\s#]*/.exec(raw.slice(at))?.[0] ?? '';
}
function parseValue(raw, start, metric, after) {
    const number = readNumber(raw, start);
    if (number === undefined)
        return { index: start, message: `expected a number or baseline ${after}, got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, start)}` };
    const unitStart = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .skipSpace */ .AN)(raw, start + number.length);
    const unit = SUFFIXES.includes(readUnit(raw, unitStart)) ? '' : readUnit(raw, unitStart);
    const kind = metricKind(metric);
    if (kind === 'rate' && unit === '') {
        return {
            index: unitStart,
            message: `${metric} is a percentage and needs its % sign: write ${number}% for ${number} %, or ${plainDecimal(Number(number) * 100)}% if ${number} is a fraction`,
        };
    }
    if (unit !== '' && !UNITS[kind].includes(unit)) {
        const message = KNOWN_UNITS.includes(unit)
            ? `unit ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(unit)} does not apply to ${metric} (${KIND_NAMES[kind]}); ${metric} ${KIND_USAGE[kind]}`
            : `unknown unit ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(unit)} after ${number}; ${metric} ${KIND_USAGE[kind]}`;
        return { index: unitStart, message };
    }
    if (kind === 'count' && !/^\d+$/.test(number)) {
        return { index: start, message: `${metric} is a count; expected a whole number, got ${number}` };
    }
    // Shifting the decimal point in the text keeps 0.1s at exactly 100 (0.1 * 1000 is not).
    const value = unit === 's' ? Number(`${number}e3`) : Number(number);
    if (kind === 'rate' && value > 100) {
        return { index: start, message: `${metric} is a percentage; expected a value from 0 to 100, got ${number}` };
    }
    return { value, end: unit === '' ? start + number.length : unitStart + unit.length };
}
function trailingText(raw, index, value) {
    if (raw[index] === '#') {
        return { index, message: `unexpected comment after "${value}"; a comment goes on its own line, starting with #` };
    }
    return {
        index,
        message: `unexpected ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .got */ .Lt)(raw, index)} after "${value}"; expected the end of the threshold (one per line)`,
    };
}
// ---- rendering ----
const UNIT_TEXT = { time: ' ms', rate: ' %', count: '', throughput: '' };
/** Canonical text of a threshold (`step[login].location[DE].p95 < 500 ms`); parses back to it. */
function describeThreshold(t) {
    const step = t.step === undefined ? '' : `step[${'id' in t.step ? t.step.id : 'name' in t.step ? t.step.name : '*'}].`;
    const location = t.location === undefined ? '' : `location[${t.location}].`;
    const stream = t.stream === undefined ? '' : `${t.stream}.`;
    return `${step}${location}${stream}${t.metric} ${t.op} ${describeLimit(t)}${t.overS === undefined ? '' : ` over ${t.overS}s`}${t.abort ? ' abort' : ''}`;
}
function describeLimit(t) {
    const unit = UNIT_TEXT[metricKind(t.metric)];
    if (t.baseline === undefined)
        return `${plainDecimal(t.value)}${unit}`;
    const { kind, amount } = t.baseline;
    if (amount === 0)
        return 'baseline';
    const sign = amount < 0 ? '-' : '+';
    return `baseline ${sign} ${plainDecimal(Math.abs(amount))}${kind === 'percent' ? '%' : unit}`;
}
const VALUE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** A value in the metric's base unit as reports show it: `512 ms`, `1.25 %`, `1,234`, `812.3/s`. */
function formatMetricValue(metric, value) {
    const number = VALUE_FORMAT.format(value);
    const suffix = { time: ' ms', rate: ' %', count: '', throughput: '/s' }[metricKind(metric)];
    return `${number}${suffix}`;
}
/** Whether a metric is one of the named ones (not a percentile written pN). */
function isNamedMetric(metric) {
    return _types_js__WEBPACK_IMPORTED_MODULE_1__/* .THRESHOLD_METRICS */ .U2.includes(metric);
}
/** String(n) without exponent notation, which the grammar does not read (1e-7 → 0.0000001). */
function plainDecimal(n) {
    const text = String(n);
    const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
    if (!match)
        return text;
    const [, sign = '', first = '', rest = '', exponentText = ''] = match;
    const digits = first + rest;
    const exponent = Number(exponentText);
    // String() uses exponents only below 1e-6 and from 1e21 on, beyond the 17 significant digits.
    const plain = exponent < 0 ? `0.${'0'.repeat(-exponent - 1)}${digits}` : digits.padEnd(exponent + 1, '0');
    return sign + plain;
}


/***/ }),

/***/ 16902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Rw: () => (/* binding */ describeLatencyThreshold),
/* harmony export */   sb: () => (/* binding */ parseLatencyThresholdLines)
/* harmony export */ });
/* unused harmony export parseLatencyThresholds */
/* harmony import */ var _grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(30961);
/* harmony import */ var _syntax_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(15173);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(16141);



const CODE = /^[A-Z][A-Z0-9]*(?:\.[A-Z][A-Z0-9]*)+$/;
const METRIC_FORM = `<phase>.<stat> (phase ${_types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_PHASES */ .EY.join(', ')}; stat ${_types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_STATS */ .Ln.join(', ')}) or fail_rate`;
/** The `latency…` lines of a multi-line input; the others (and blank and # lines) are skipped. */
function parseLatencyThresholds(text, origin = THRESHOLDS_INPUT) {
    return parseLatencyThresholdLines(text.split(/\r?\n/), origin);
}
/** One threshold per entry (repeated CLI flags), numbered from 1; entries not starting with `latency` are skipped. */
function parseLatencyThresholdLines(lines, origin = _grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .THRESHOLD_FLAG */ .HM) {
    return (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .parseEachLine */ .Ff)(lines, _syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .isLatencyThresholdLine */ .YC, parseLine, (line) => (0,_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .thresholdPlace */ .Zv)(origin, line));
}
// ---- parsing one line ----
function parseLine(raw, line) {
    let at = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .skipSpace */ .AN)(raw, 0) + 'latency'.length;
    let location;
    if (raw[at] === '[') {
        const close = raw.indexOf(']', at);
        if (close < 0)
            return { index: at, message: 'unclosed "[" in latency[…]; expected "]" after the location code' };
        const inner = raw.slice(at + 1, close).trim();
        if (!CODE.test(inner))
            return { index: at + 1, message: locationMessage(inner) };
        location = inner;
        at = close + 1;
    }
    if (raw[at] !== '.')
        return { index: at, message: `expected "." after "${raw.slice((0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .skipSpace */ .AN)(raw, 0), at)}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, at)}` };
    const metric = parseMetric(raw, at + 1);
    if ('message' in metric)
        return metric;
    const op = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .parseOp */ .Zv)(raw, metric.end, metric.metric);
    if ('message' in op)
        return op;
    const value = parseValue(raw, op.end, metric.metric, op.op);
    if ('message' in value)
        return value;
    const rest = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .skipSpace */ .AN)(raw, value.end);
    if (rest < raw.length)
        return { index: rest, message: `unexpected ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, rest)}; expected the end of the threshold (one per line)` };
    return {
        source: raw.trim(),
        line,
        ...(location === undefined ? {} : { location }),
        metric: metric.metric,
        op: op.op,
        value: value.value,
    };
}
function locationMessage(inner) {
    if (inner === '')
        return 'expected a location code inside latency[], such as latency[EU.DE.FRA]';
    if (inner.includes('*'))
        return `latency[${inner}]: a threshold names one location code, not a pattern; use latency.… for every location`;
    if (CODE.test(inner.toUpperCase()))
        return `location codes are upper case; write latency[${inner.toUpperCase()}]`;
    return `location ${JSON.stringify(inner)} is not a location code; expected two or more dot-separated upper-case segments such as EU.DE.FRA`;
}
function parseMetric(raw, from) {
    const word = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .readWord */ .pS)(raw, from);
    if (word === 'fail_rate')
        return { metric: 'fail_rate', end: from + word.length };
    const phase = _types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_PHASES */ .EY.find((p) => p === word);
    if (!phase) {
        const lower = word.toLowerCase();
        const hint = _types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_PHASES */ .EY.some((p) => p === lower) || lower === 'fail_rate' ? `; metrics are lower case: ${lower}` : '';
        return {
            index: from,
            message: `unknown latency metric ${word === '' ? (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, from) : JSON.stringify(word)}${hint}; expected ${METRIC_FORM}`,
        };
    }
    const dot = from + word.length;
    if (raw[dot] !== '.')
        return { index: dot, message: `expected "." and a statistic (${_types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_STATS */ .Ln.join(', ')}) after "${phase}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, dot)}` };
    const statWord = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .readWord */ .pS)(raw, dot + 1);
    const stat = _types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_STATS */ .Ln.find((s) => s === statWord);
    if (!stat) {
        const hint = /^p50$/i.test(statWord) ? '; the 50th percentile is written median' : '';
        const found = statWord === '' ? (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, dot + 1) : JSON.stringify(statWord);
        return { index: dot + 1, message: `unknown statistic ${found}${hint}; expected one of ${_types_js__WEBPACK_IMPORTED_MODULE_2__/* .LATENCY_STATS */ .Ln.join(', ')}` };
    }
    return { metric: `${phase}.${stat}`, end: dot + 1 + statWord.length };
}
function parseValue(raw, from, metric, op) {
    const start = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .skipSpace */ .AN)(raw, from);
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(raw.slice(start))?.[0];
    if (number === undefined)
        return { index: start, message: `expected a number after "${op}", got ${(0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .got */ .Lt)(raw, start)}` };
    const unitStart = (0,_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .skipSpace */ .AN)(raw, start + number.length);
    const unit = /^[^\s#]*/.exec(raw.slice(unitStart))?.[0] ?? '';
    const isRate = metric === 'fail_rate';
    const units = isRate ? ['%'] : ['ms', 's'];
    if (unit !== '' && !units.includes(unit)) {
        const usage = isRate ? 'fail_rate takes % or no unit' : `${metric} takes ms or s (no unit means ms)`;
        const known = ['ms', 's', '%'].includes(unit);
        return {
            index: unitStart,
            message: known
                ? `unit ${JSON.stringify(unit)} does not apply here; ${usage}`
                : `unknown unit ${JSON.stringify(unit)} after ${number}; ${usage}`,
        };
    }
    // Shifting the decimal point in the text keeps 0.1s at exactly 100 (0.1 * 1000 is not).
    const value = unit === 's' ? Number(`${number}e3`) : Number(number);
    if (isRate && value > 100)
        return { index: start, message: `fail_rate is a percentage; expected a value from 0 to 100, got ${number}` };
    return { value, end: unit === '' ? start + number.length : unitStart + unit.length };
}
// ---- rendering ----
const PLAIN = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });
/** Canonical text of a threshold; parses back to the same threshold. */
function describeLatencyThreshold(t) {
    const scope = t.location === undefined ? 'latency' : `latency[${t.location}]`;
    return `${scope}.${t.metric} ${t.op} ${PLAIN.format(t.value)} ${t.metric === 'fail_rate' ? '%' : 'ms'}`;
}


/***/ }),

/***/ 15173:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AN: () => (/* binding */ skipSpace),
/* harmony export */   Ff: () => (/* binding */ parseEachLine),
/* harmony export */   Lt: () => (/* binding */ got),
/* harmony export */   YC: () => (/* binding */ isLatencyThresholdLine),
/* harmony export */   Zv: () => (/* binding */ parseOp),
/* harmony export */   hD: () => (/* binding */ quote),
/* harmony export */   pS: () => (/* binding */ readWord)
/* harmony export */ });
/* unused harmony export OPS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
// What the load thresholds (grammar.ts) and the latency thresholds (latency.ts)
// share: the tokens of `metric op value` and where a parse error points. The comparison a
// threshold's operator makes is the verdict's (src/verdict/compare-values.ts).

/** A latency threshold (`latency.ttfb.p95 < 200ms`): the latency grammar's, and no other's. */
function isLatencyThresholdLine(line) {
    return /^\s*latency(?![A-Za-z0-9_])/.test(line);
}
/**
 * Parses every line this grammar accepts (`place(n)` names line n: `thresholds line 3`,
 * `--thresholds #3`); all problems at once, each with its 1-based column.
 */
function parseEachLine(lines, accepts, parseLine, place) {
    const thresholds = [];
    const problems = [];
    lines.forEach((raw, i) => {
        if (!accepts(raw))
            return;
        const parsed = parseLine(raw, i + 1);
        if (isLineError(parsed)) {
            const column = [...raw.slice(0, parsed.index)].length + 1;
            problems.push({ path: `${place(i + 1)}, column ${column}`, message: parsed.message });
        }
        else {
            thresholds.push(parsed);
        }
    });
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsedUnless */ .oQ)(problems, thresholds);
}
function isLineError(value) {
    return typeof value === 'object' && value !== null && 'message' in value && 'index' in value;
}
const OPS = ['<', '<=', '>', '>=', '==', '!='];
function skipSpace(raw, from) {
    let i = from;
    while (i < raw.length && /\s/.test(raw.charAt(i)))
        i += 1;
    return i;
}
function readWord(raw, from) {
    return /^[A-Za-z_][A-Za-z0-9_]*/.exec(raw.slice(from))?.[0] ?? '';
}
function quote(text) {
    return JSON.stringify(text);
}
/** What was found at `index`, for "got …": the next word (20 characters at most), or the end of the line. */
function got(raw, index) {
    if (index >= raw.length)
        return 'end of line';
    const token = [...(/^\S*/.exec(raw.slice(index))?.[0] ?? '')];
    return quote(token.length > 20 ? `${token.slice(0, 20).join('')}…` : token.join(''));
}
function parseOp(raw, from, metric) {
    const start = skipSpace(raw, from);
    const text = /^[<>=!]*/.exec(raw.slice(start))?.[0] ?? '';
    const op = OPS.find((o) => o === text);
    if (op)
        return { op, end: start + text.length };
    const actual = text === '' ? got(raw, start) : quote(text);
    return { index: start, message: `expected an operator (${OPS.join(', ')}) after "${metric}", got ${actual}` };
}


/***/ }),

/***/ 16141:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $w: () => (/* binding */ LOAD_TYPES),
/* harmony export */   EY: () => (/* binding */ LATENCY_PHASES),
/* harmony export */   Ln: () => (/* binding */ LATENCY_STATS),
/* harmony export */   U2: () => (/* binding */ THRESHOLD_METRICS),
/* harmony export */   pZ: () => (/* binding */ STREAM_METRICS),
/* harmony export */   y8: () => (/* binding */ HTTP_METHODS)
/* harmony export */ });
// Domain types, described once. Wire and file names (snake_case, config_data, proxy_config)
// are kept exactly as in the service interface (docs/interface.md 2.1–2.5).
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const LOAD_TYPES = ['linear', 'incremental', 'waved'];
// ---- Thresholds (docs/verdict.md) ----
/** Metrics known by name; any percentile is written `pN` (PercentileMetric). */
const THRESHOLD_METRICS = [
    'avg',
    'min',
    'max',
    'median',
    'p80',
    'p90',
    'p95',
    'p99',
    'stddev',
    'fail_rate',
    'success_rate',
    'http_fail_rate',
    'status_2xx',
    'status_3xx',
    'status_4xx',
    'status_5xx',
    'fail_count',
    'success_count',
    'iteration_count',
    'rps',
    'capacity',
];
/** The stream figures a threshold can judge (docs/streaming.md). */
const STREAM_METRICS = ['first_event', 'gap'];
// ---- Latency tests (docs/latency.md). Wire names (snake_case) as the service answer and the results file write them. ----
const LATENCY_PHASES = ['dns', 'connect', 'tls', 'ttfb', 'total'];
const LATENCY_STATS = ['min', 'avg', 'median', 'p95', 'max'];


/***/ }),

/***/ 58712:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DJ: () => (/* binding */ compileStepChecks),
/* harmony export */   Ff: () => (/* binding */ expectedErrorStatuses)
/* harmony export */ });
/* unused harmony export ASSERTION_FUNCTIONS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _dynamic_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(27080);
/* harmony import */ var _template_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48291);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8301);
/* harmony import */ var _patterns_pattern_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(52561);
// Step chaining (docs/variables.md): a step's `capture_env` and `assertion` list, compiled once before the
// run into closures over a response. A failure is reported as a reason built only from the
// definition (names, paths, the assertion text), never from response contents: reasons are
// error_dist keys, and their number must stay bounded however the target answers.





/** Compiles a step's checks; `where.path` is the step's JSON path, e.g. `$.config_data.steps[1]`. */
function compileStepChecks(step, scope, where) {
    const problems = [];
    const captures = [];
    for (const [name, spec] of Object.entries(step.capture_env ?? {})) {
        const capture = compileCapture(name, spec, scope, at(where, `.capture_env${jsonKey(name)}`));
        if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isProblem */ .AN)(capture))
            problems.push(capture);
        else
            captures.push(capture);
    }
    const assertions = [];
    (step.assertion ?? []).forEach((text, j) => {
        const assertion = compileAssertion(text, at(where, `.assertion[${j}]`));
        if ('path' in assertion)
            problems.push(assertion);
        else
            assertions.push(assertion);
    });
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(problems);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({
        needsBody: captures.some((c) => c.needsBody) || assertions.some((a) => a.needsBody),
        captureNames: captures.map((c) => c.name),
        run: (res, vars) => runChecks(assertions, captures, res, vars),
    });
}
function runChecks(assertions, captures, res, vars) {
    const response = { res, json: UNPARSED };
    for (const a of assertions)
        if (!a.holds(response))
            return a.reason;
    for (const c of captures) {
        const value = c.extract(response);
        if (typeof value !== 'string')
            return value.reason;
        vars.captured.set(c.name, value);
    }
    return null;
}
// ---- The response as checks read it: the body is parsed as JSON at most once ----
const UNPARSED = Symbol('unparsed');
const NOT_JSON = Symbol('not JSON');
function jsonOf(r) {
    if (r.json === UNPARSED) {
        try {
            r.json = JSON.parse(r.res.body);
        }
        catch {
            r.json = NOT_JSON;
        }
    }
    return r.json;
}
function headerOf(r, lowerName) {
    const value = r.res.headers[lowerName];
    return Array.isArray(value) ? value.join(', ') : value;
}
// ---- JSON paths: `data.token`, `items.0.id`, `items[0].id`, optionally starting with `$.` ----
function compileJsonPath(path) {
    let p = path.trim();
    if (p === '$' || p === '')
        return p === '$' ? [] : 'a JSON path must not be empty; write e.g. "data.token" or "items.0.id"';
    if (p.startsWith('$.'))
        p = p.slice(2);
    const segments = p.replace(/\[([0-9]+)\]/g, '.$1').split('.');
    return segments.includes('') ? `the JSON path "${path}" has an empty segment; write e.g. "data.token" or "items.0.id"` : segments;
}
function lookup(doc, segments) {
    let current = doc;
    for (const s of segments) {
        if (typeof current !== 'object' || current === null || !Object.hasOwn(current, s))
            return undefined;
        current = current[s];
    }
    return current;
}
function asText(value) {
    return typeof value === 'string' ? value : JSON.stringify(value);
}
const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
function compileCapture(name, spec, scope, where) {
    const nameProblem = captureNameProblem(name, scope);
    if (nameProblem !== undefined)
        return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(where, nameProblem);
    const fail = (why) => ({ reason: `capture failed: ${name} (${why})` });
    if (spec.from === 'header')
        return compileHeaderCapture(name, spec, fail, where);
    if ('json_path' in spec) {
        const segments = compileJsonPath(spec.json_path);
        if (typeof segments === 'string')
            return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(at(where, '.json_path'), segments);
        const notFound = fail(`json path "${spec.json_path}" not found`);
        const notJson = fail('body is not JSON');
        return {
            name,
            needsBody: true,
            extract: (r) => {
                const doc = jsonOf(r);
                if (doc === NOT_JSON)
                    return notJson;
                const value = lookup(doc, segments);
                return value === undefined ? notFound : asText(value);
            },
        };
    }
    const regexp = compileRegexp(spec.regexp, at(where, '.regexp'));
    if (!(regexp instanceof CaptureRegexp))
        return regexp;
    const noMatch = fail(`regexp ${JSON.stringify(spec.regexp.exp)} did not match the body`);
    return { name, needsBody: true, extract: (r) => regexp.match(r.res.body) ?? noMatch };
}
function compileHeaderCapture(name, spec, fail, where) {
    const header = spec.header_key.trim().toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(header))
        return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(at(where, '.header_key'), `${JSON.stringify(spec.header_key)} is not a header name`);
    const missing = fail(`header "${header}" not found`);
    if (spec.regexp === undefined)
        return { name, needsBody: false, extract: (r) => headerOf(r, header) ?? missing };
    const regexp = compileRegexp(spec.regexp, at(where, '.regexp'));
    if (!(regexp instanceof CaptureRegexp))
        return regexp;
    const noMatch = fail(`regexp ${JSON.stringify(spec.regexp.exp)} did not match header "${header}"`);
    return {
        name,
        needsBody: false,
        extract: (r) => {
            const value = headerOf(r, header);
            return value === undefined ? missing : (regexp.match(value) ?? noMatch);
        },
    };
}
function captureNameProblem(name, scope) {
    if (!CAPTURE_NAME.test(name))
        return `a capture name must be a letter or "_" followed by letters, digits, "_" or "-", got ${JSON.stringify(name)}`;
    if ((0,_dynamic_js__WEBPACK_IMPORTED_MODULE_1__/* .isDynamicName */ .d_)(name))
        return `"${name}" is a dynamic value; choose another capture name`;
    if (scope.env.has(name))
        return `"${name}" is already an environment variable; a capture must not shadow it, choose another name`;
    return undefined;
}
/** A capture regexp: the group `matchNo` of the first match (default: group 1 when there is a group, else the whole match). */
class CaptureRegexp {
    pattern;
    group;
    constructor(pattern, group) {
        this.pattern = pattern;
        this.group = group;
    }
    match(text) {
        return this.pattern.exec(text)?.[this.group];
    }
}
function compileRegexp(spec, where) {
    const compiled = (0,_patterns_pattern_js__WEBPACK_IMPORTED_MODULE_3__/* .compilePattern */ .E)(spec.exp);
    if (compiled.problem !== undefined)
        return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(at(where, '.exp'), compiled.problem);
    const groups = compiled.pattern.groupCount;
    const group = spec.matchNo ?? (groups > 0 ? 1 : 0);
    if (!Number.isInteger(group) || group < 0 || group > groups) {
        return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(at(where, '.matchNo'), `matchNo is the group to capture: 0 (the whole match)${groups > 0 ? ` to ${groups}` : ''}, got ${group}`);
    }
    return new CaptureRegexp(compiled.pattern, group);
}
const FUNCTIONS = {
    equals: {
        args: ['any'],
        compile: ([x]) => (v) => looseEqual(v, x),
    },
    not_equals: {
        args: ['any'],
        compile: ([x]) => (v) => !looseEqual(v, x),
    },
    in: {
        args: ['array'],
        compile: ([xs]) => (v) => xs.some((x) => looseEqual(v, x)),
    },
    not_in: {
        args: ['array'],
        compile: ([xs]) => (v) => !xs.some((x) => looseEqual(v, x)),
    },
    less_than: {
        args: ['number'],
        compile: ([n]) => (v) => toNumber(v) < n,
    },
    greater_than: {
        args: ['number'],
        compile: ([n]) => (v) => toNumber(v) > n,
    },
    range: {
        args: ['number', 'number'],
        compile: ([lo, hi]) => (v) => toNumber(v) >= lo && toNumber(v) < hi,
    },
    contains: {
        args: ['any'],
        compile: ([x]) => (v) => containsValue(v, x),
    },
    not_contains: {
        args: ['any'],
        compile: ([x]) => (v) => !containsValue(v, x),
    },
    regexp: {
        args: ['string'],
        compile: ([exp]) => {
            const compiled = (0,_patterns_pattern_js__WEBPACK_IMPORTED_MODULE_3__/* .compilePattern */ .E)(exp);
            if (compiled.problem !== undefined)
                throw new SyntaxError(compiled.problem);
            const pattern = compiled.pattern;
            return (v) => v !== undefined && pattern.test(asText(v));
        },
    },
    exists: { args: [], compile: () => (v) => v !== undefined },
    not_exists: { args: [], compile: () => (v) => v === undefined },
};
const ASSERTION_FUNCTIONS = Object.keys(FUNCTIONS);
/**
 * The error statuses (400–599) a step's assertions expect: those for which every assertion on
 * status_code holds. None when no assertion reads the status. Such a status is the answer the
 * step asked for, so it is not an HTTP error (docs/verdict.md, http_fail_rate).
 */
function expectedErrorStatuses(assertions) {
    const onStatus = [];
    for (const text of assertions ?? []) {
        try {
            const parsed = parseAssertion(text.trim());
            const fn = FUNCTIONS[parsed.fn];
            if (!fn || parsed.subject !== STATUS_SUBJECT)
                continue;
            const test = fn.compile(parsed.args);
            onStatus.push((status) => test(status));
        }
        catch {
            // A broken assertion is the definition validator's to report.
        }
    }
    if (onStatus.length === 0)
        return [];
    const expected = [];
    for (let status = 400; status <= 599; status++)
        if (onStatus.every((holds) => holds(status)))
            expected.push(status);
    return expected;
}
function compileAssertion(text, where) {
    const source = text.trim();
    try {
        const parsed = parseAssertion(source);
        const fn = FUNCTIONS[parsed.fn];
        if (fn === undefined)
            throw new SyntaxError(`unknown assertion "${parsed.fn}"; known: ${ASSERTION_FUNCTIONS.join(', ')}`);
        checkArgs(parsed.fn, fn.args, parsed.args);
        const test = fn.compile(parsed.args);
        const subject = parsed.subject;
        return { needsBody: subject.needsBody, reason: `assertion failed: ${source}`, holds: (r) => test(subject.read(r)) };
    }
    catch (err) {
        return (0,_template_js__WEBPACK_IMPORTED_MODULE_2__/* .problem */ .CC)(where, `cannot use the assertion ${JSON.stringify(source)}: ${err.message}`);
    }
}
function checkArgs(name, kinds, args) {
    const usage = `${name}(subject${kinds.map((k) => `, ${k === 'any' ? 'value' : k}`).join('')})`;
    if (args.length !== kinds.length)
        throw new SyntaxError(`expected ${usage}`);
    kinds.forEach((kind, i) => {
        const arg = args[i];
        const ok = kind === 'any' || (kind === 'array' ? Array.isArray(arg) : typeof arg === kind);
        if (!ok)
            throw new SyntaxError(`argument ${i + 2} must be a${kind === 'array' ? 'n array' : ` ${kind}`}; expected ${usage}`);
    });
}
/** A small recursive-descent reader; errors are SyntaxErrors whose message says what was expected where. */
function parseAssertion(s) {
    let i = 0;
    const skip = () => {
        while (i < s.length && /\s/.test(s[i]))
            i++;
    };
    const fail = (expected) => {
        throw new SyntaxError(`expected ${expected} at character ${i + 1}`);
    };
    const expect = (c) => {
        skip();
        if (s[i] !== c)
            fail(`"${c}"`);
        i++;
    };
    const word = (pattern, what) => {
        skip();
        pattern.lastIndex = i;
        const m = pattern.exec(s);
        if (m === null)
            return fail(what);
        i += m[0].length;
        return m[0];
    };
    const jsonString = () => {
        const m = /"(?:[^"\\]|\\.)*"/y;
        return JSON.parse(word(m, 'a "string"'));
    };
    const literal = () => {
        skip();
        if (s[i] === '"')
            return jsonString();
        if (s[i] === '[') {
            i++;
            const items = [];
            skip();
            while (s[i] !== ']') {
                if (items.length > 0)
                    expect(',');
                items.push(literal());
                skip();
            }
            i++;
            return items;
        }
        const token = word(/-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/y, 'a number, "string", [array], true, false or null');
        return token === 'true' ? true : token === 'false' ? false : token === 'null' ? null : Number(token);
    };
    const subject = () => {
        const name = word(/[A-Za-z_][A-Za-z0-9_.-]*/y, 'a subject: status_code, response_time, body, headers.<name> or json_path("…")');
        if (name === 'json_path') {
            expect('(');
            skip();
            const path = s[i] === '"' ? jsonString() : word(/[^)]+/y, 'a JSON path');
            expect(')');
            const segments = compileJsonPath(path);
            if (typeof segments === 'string')
                throw new SyntaxError(segments);
            const read = (r) => {
                const doc = jsonOf(r);
                return doc === NOT_JSON ? undefined : lookup(doc, segments);
            };
            return { needsBody: true, read };
        }
        return namedSubject(name);
    };
    const fn = word(/[A-Za-z_][A-Za-z0-9_]*/y, 'an assertion such as equals(status_code,200)');
    expect('(');
    const subj = subject();
    const args = [];
    skip();
    while (s[i] === ',') {
        i++;
        args.push(literal());
        skip();
    }
    expect(')');
    skip();
    if (i < s.length)
        fail('the end of the assertion');
    return { fn, subject: subj, args };
}
const STATUS_SUBJECT = { needsBody: false, read: (r) => r.res.status };
function namedSubject(name) {
    if (name === 'status_code')
        return STATUS_SUBJECT;
    if (name === 'response_time')
        return { needsBody: false, read: (r) => r.res.responseTimeMs };
    if (name === 'body')
        return { needsBody: true, read: (r) => r.res.body };
    if (name.startsWith('headers.') && name.length > 'headers.'.length) {
        const header = name.slice('headers.'.length).toLowerCase();
        return { needsBody: false, read: (r) => headerOf(r, header) };
    }
    throw new SyntaxError(`unknown subject "${name}"; use status_code, response_time, body, headers.<name> or json_path("…")`);
}
/** JSON equality, except that a number equals a string holding that number as JavaScript writes it (headers are text). */
function looseEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a === 'number' && typeof b === 'string')
        return String(a) === b;
    if (typeof a === 'string' && typeof b === 'number')
        return a === String(b);
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((x, i) => looseEqual(x, b[i]));
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(a) && (0,_json_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(b)) {
        const keys = Object.keys(a);
        return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && looseEqual(a[k], b[k]));
    }
    return false;
}
/** An array contains an equal element; anything else contains the text of `x` in its text. */
function containsValue(v, x) {
    if (v === undefined)
        return false;
    if (Array.isArray(v))
        return v.some((e) => looseEqual(e, x));
    return asText(v).includes(typeof x === 'string' ? x : JSON.stringify(x));
}
function toNumber(v) {
    if (typeof v === 'number')
        return v;
    if (typeof v === 'string' && v.trim() !== '')
        return Number(v);
    return Number.NaN;
}
function jsonKey(name) {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}
function at(where, suffix) {
    return { ...where, path: `${where.path}${suffix}` };
}


/***/ }),

/***/ 17449:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ loadDataSet)
/* harmony export */ });
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var csv_parse__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(56070);
/* harmony import */ var _definition_text_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(96093);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(83916);
// CSV test data (docs/variables.md): parsed once with csv-parse's stream API, keeping only the tagged
// columns. A column is stored as a few large strings plus end offsets, not one string per
// cell: a million rows then cost about their bytes, not ~50 bytes of object header per cell.





/**
 * Reads the CSV file `set.file` (a path the process can open: absolute, or relative to the
 * working directory) and keeps its tagged columns. Every problem names the data set's place in
 * the definition; problems inside the CSV also name the CSV file and line.
 *
 * `keepRows: false` reads and checks the whole file but keeps no cell (the set's `value` then
 * throws): a caller that only checks a test, and leaves running it to engine threads that read
 * the rows themselves, does not hold a copy of them (docs/engine.md).
 */
async function loadDataSet(set, where, { keepRows = true } = {}) {
    const config = set.file_config;
    const problems = [...delimiterProblems(config, where)];
    const columns = taggedColumns(config, where, problems);
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .failed */ .gz)(problems);
    const builders = columns.map(() => (keepRows ? new ColumnBuilder() : undefined));
    let rowCount = 0;
    let shortRow;
    const parser = (0,csv_parse__WEBPACK_IMPORTED_MODULE_2__/* .parse */ .qg)({
        delimiter: config.delimiter,
        from: config.skip_first_line ? 2 : 1,
        skip_empty_lines: config.skip_empty_line,
        relax_quotes: config.allow_quota,
        // Rows may differ in length; only a tagged column missing from a row is an error.
        relax_column_count: true,
        bom: true,
        on_record: (record, context) => {
            for (let i = 0; i < columns.length; i++) {
                const column = columns[i];
                const cell = record[column.csvColumn];
                if (cell === undefined) {
                    shortRow = shortRowProblem(set.file, context.lines, record.length, column, where);
                    throw new Error(shortRow.message); // stops the parse; the problem is reported below
                }
                builders[i]?.push(cell);
            }
            rowCount++;
            return null;
        },
    });
    parser.resume();
    const file = await (0,_definition_text_file_js__WEBPACK_IMPORTED_MODULE_3__/* .openRegularFile */ .ZU)(set.file, _definition_text_file_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_DATA_BYTES */ .yL);
    if (!file.ok)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .failed */ .gz)([{ ...fileOf(where), path: `${where.path}.file`, message: `cannot read the data file ${set.file}: ${file.reason}` }]);
    let notUtf8;
    const check = utf8Checked((reason) => (notUtf8 = { ...fileOf(where), path: `${where.path}.file`, message: `${set.file} ${reason}` }));
    try {
        await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_1__.pipeline)(file.handle.createReadStream(), check, parser);
    }
    catch (err) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .failed */ .gz)([notUtf8 ?? shortRow ?? readProblem(set.file, config, err, where)]);
    }
    const data = finishDataSet(set, columns, builders, rowCount, where);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .isProblem */ .AN)(data) ? (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .failed */ .gz)([data]) : (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .parsed */ .Yz)(data);
}
/** Passes the bytes on while they are UTF-8; the first bad byte stops the parse (csv-parse would replace it). */
function utf8Checked(onInvalid) {
    const check = new _definition_text_file_js__WEBPACK_IMPORTED_MODULE_3__/* .Utf8Check */ .Iw();
    const fail = (reason) => {
        if (reason === null)
            return null;
        onInvalid(reason);
        return new Error(reason);
    };
    return new node_stream__WEBPACK_IMPORTED_MODULE_0__.Transform({
        transform(chunk, _encoding, done) {
            const error = fail(check.push(chunk));
            done(error, error ? undefined : chunk);
        },
        flush(done) {
            done(fail(check.end()));
        },
    });
}
function finishDataSet(set, columns, builders, rowCount, where) {
    if (rowCount === 0) {
        return {
            ...fileOf(where),
            path: `${where.path}.file`,
            message: `${set.file} has no data rows${skippedNote(set.file_config)}; a data set needs at least one`,
        };
    }
    const tags = columns.map((c) => c.tag);
    return {
        name: set.name,
        order: set.file_config.order,
        rowCount,
        tags,
        tagIndex: (tag) => tags.indexOf(tag),
        value: valuesOf(set.name, builders),
    };
}
/** A cell by column and row; a set read without its rows has none to give. */
function valuesOf(name, builders) {
    const stored = builders.map((b) => b?.finish());
    if (stored.some((column) => column === undefined)) {
        return () => {
            throw new Error(`loadgate: data set "${name}" was checked without keeping its rows`);
        };
    }
    return (tagIndex, row) => stored[tagIndex].value(row);
}
function delimiterProblems(config, where) {
    const d = config.delimiter;
    if (d.length === 1 && d !== '"' && d !== '\n' && d !== '\r')
        return [];
    return [
        {
            ...fileOf(where),
            path: `${where.path}.file_config.delimiter`,
            message: `the delimiter must be one character other than a quote or a line break (such as "," ";" "|" or "\\t"), got ${JSON.stringify(d)}`,
        },
    ];
}
/** The highest column index a data file's vars may name (six digits). */
const MAX_COLUMN_INDEX = 999_999;
function taggedColumns(config, where, problems) {
    const columns = [];
    const seen = new Set();
    for (const [key, { tag }] of Object.entries(config.vars)) {
        const path = `${where.path}.file_config.vars[${JSON.stringify(key)}]`;
        if (!/^(0|[1-9][0-9]{0,5})$/.test(key)) {
            // Six digits at most: a row of a million columns is no CSV a test reads.
            const tooLarge = /^[1-9][0-9]*$/.test(key);
            problems.push({
                ...fileOf(where),
                path,
                message: tooLarge
                    ? `a column index must be at most ${MAX_COLUMN_INDEX.toLocaleString('en-US')} (columns count from "0"), got ${JSON.stringify(key)}`
                    : `a column index must be a whole number written in decimal, from "0", got ${JSON.stringify(key)}`,
            });
        }
        else if (!/^[A-Za-z0-9_-]+$/.test(tag)) {
            problems.push({
                ...fileOf(where),
                path: `${path}.tag`,
                message: `a tag must be letters, digits, "_" or "-" (it is written {{data.<set>.<tag>}}), got ${JSON.stringify(tag)}`,
            });
        }
        else if (seen.has(tag)) {
            problems.push({
                ...fileOf(where),
                path: `${path}.tag`,
                message: `the tag ${JSON.stringify(tag)} is given to two columns; each tag names one column`,
            });
        }
        else {
            seen.add(tag);
            columns.push({ tag, csvColumn: Number(key), key });
        }
    }
    return columns.sort((a, b) => a.csvColumn - b.csvColumn);
}
function shortRowProblem(file, line, cells, column, where) {
    return {
        ...fileOf(where),
        path: `${where.path}.file_config.vars[${JSON.stringify(column.key)}]`,
        message: `${file} line ${line} has ${cells} column${cells === 1 ? '' : 's'}, but the tag ${JSON.stringify(column.tag)} reads column ${column.csvColumn} (0-based); check the delimiter, the column index, or set "skip_empty_line": true if the line is empty`,
    };
}
function readProblem(file, config, err, where) {
    const path = `${where.path}.file`;
    if (err instanceof csv_parse__WEBPACK_IMPORTED_MODULE_2__/* .CsvError */ .J$) {
        const line = err.lines;
        const at = line === undefined ? '' : ` line ${line}`;
        return { ...fileOf(where), path, message: `${file}${at}: ${csvErrorMessage(err, config)}` };
    }
    const reason = err instanceof Error ? err.message : String(err);
    return { ...fileOf(where), path, message: `cannot read the data file: ${reason}` };
}
function csvErrorMessage(err, config) {
    switch (err.code) {
        case 'INVALID_OPENING_QUOTE':
            return 'a quote inside an unquoted field; quote the whole field and double inner quotes (""), or set "allow_quota": true';
        case 'CSV_INVALID_CLOSING_QUOTE':
            return 'a quote inside a quoted field is not doubled (""), or a closing quote is not followed by the delimiter; fix the quoting or set "allow_quota": true';
        case 'CSV_QUOTE_NOT_CLOSED':
            return `a quoted field is never closed (its closing quote is missing)${config.allow_quota ? '' : '; "allow_quota": true does not help here'}`;
        default:
            return err.message;
    }
}
function skippedNote(config) {
    const skipped = [config.skip_first_line && 'the first line', config.skip_empty_line && 'empty lines'].filter(Boolean);
    return skipped.length === 0 ? '' : ` (after skipping ${skipped.join(' and ')})`;
}
function fileOf(where) {
    return where.file === undefined ? {} : { file: where.file };
}
const CHUNK_BITS = 10;
const CHUNK_ROWS = 1 << CHUNK_BITS;
/** Collects one column's cells into strings of CHUNK_ROWS cells each, plus each cell's end offset. */
class ColumnBuilder {
    count = 0;
    pending = [];
    chunks = [];
    ends = new Uint32Array(CHUNK_ROWS);
    offset = 0;
    push(cell) {
        if (this.count === this.ends.length) {
            const grown = new Uint32Array(this.ends.length * 2);
            grown.set(this.ends);
            this.ends = grown;
        }
        this.pending.push(cell);
        this.offset += cell.length;
        this.ends[this.count++] = this.offset;
        if (this.pending.length === CHUNK_ROWS)
            this.flush();
    }
    finish() {
        this.flush();
        const chunks = this.chunks;
        const ends = this.ends.slice(0, this.count);
        return {
            value(row) {
                const start = (row & (CHUNK_ROWS - 1)) === 0 ? 0 : ends[row - 1];
                return chunks[row >>> CHUNK_BITS].slice(start, ends[row]);
            },
        };
    }
    flush() {
        if (this.pending.length === 0)
            return;
        this.chunks.push(this.pending.join(''));
        this.pending = [];
        this.offset = 0;
    }
}


/***/ }),

/***/ 27080:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DE: () => (/* binding */ compileDynamic),
/* harmony export */   aR: () => (/* binding */ dynamicNamesList),
/* harmony export */   d_: () => (/* binding */ isDynamicName)
/* harmony export */ });
/* unused harmony export DYNAMIC_VALUES */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
// Dynamic values (`{{_randomInt}}`, `{{_timestamp}}`, …): new on every render. Names and
// arguments are checked once, when a template is compiled; rendering only calls a closure.

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MAX_STRING_LENGTH = 1024;
/** Every dynamic value, in the order docs/variables.md lists them. */
const DYNAMIC_VALUES = [
    {
        name: '_randomInt',
        args: 'min,max',
        compile: (args) => {
            const range = args === undefined ? [0, 1000] : integerArgs(args, 2);
            if (typeof range === 'string')
                return range;
            const [min, max] = range;
            if (min > max)
                return `_randomInt(min,max) needs min <= max, got ${min} > ${max}`;
            const span = max - min + 1;
            return (v) => String(min + Math.floor(v.random() * span));
        },
    },
    {
        name: '_randomFloat',
        compile: (args) => noArgs('_randomFloat', args) ?? ((v) => (Math.floor(v.random() * 1e6) / 1e6).toFixed(6)),
    },
    {
        name: '_randomString',
        args: 'length',
        compile: (args) => {
            const length = args === undefined ? [16] : integerArgs(args, 1);
            if (typeof length === 'string')
                return length;
            const n = length[0];
            if (n < 1 || n > MAX_STRING_LENGTH)
                return `_randomString(length) needs 1 <= length <= ${MAX_STRING_LENGTH}, got ${n}`;
            return (v) => randomString(n, v.random);
        },
    },
    {
        name: '_randomBoolean',
        compile: (args) => noArgs('_randomBoolean', args) ?? ((v) => (v.random() < 0.5 ? 'true' : 'false')),
    },
    { name: '_randomUUID', compile: (args) => noArgs('_randomUUID', args) ?? (() => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()) },
    { name: '_timestamp', compile: (args) => noArgs('_timestamp', args) ?? (() => String(Math.floor(Date.now() / 1000))) },
    { name: '_timestampMs', compile: (args) => noArgs('_timestampMs', args) ?? (() => String(Date.now())) },
    { name: '_isoTimestamp', compile: (args) => noArgs('_isoTimestamp', args) ?? (() => new Date().toISOString()) },
];
const BY_NAME = new Map(DYNAMIC_VALUES.map((d) => [d.name, d]));
function isDynamicName(name) {
    return BY_NAME.has(name);
}
/** A render part for `{{name}}` or `{{name(args)}}`, or a message saying what is wrong. */
function compileDynamic(name, args) {
    const value = BY_NAME.get(name);
    if (value === undefined)
        return `unknown dynamic value "${name}"; known: ${dynamicNamesList()}`;
    return value.compile(args);
}
function dynamicNamesList() {
    return DYNAMIC_VALUES.map((d) => (d.args === undefined ? d.name : `${d.name}, ${d.name}(${d.args})`)).join(', ');
}
function randomString(length, random) {
    let s = '';
    for (let i = 0; i < length; i++)
        s += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
    return s;
}
function noArgs(name, args) {
    return args === undefined ? undefined : `${name} takes no arguments; write {{${name}}}`;
}
function integerArgs(args, count) {
    const parts = args.split(',').map((a) => a.trim());
    const numbers = parts.map(Number);
    const ok = parts.length === count && parts.every((p) => /^-?[0-9]+$/.test(p)) && numbers.every(Number.isSafeInteger);
    return ok ? numbers : `expected ${count} whole number${count === 1 ? '' : 's'} between the parentheses, got (${args})`;
}


/***/ }),

/***/ 93304:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ emptySecretProblems),
/* harmony export */   t: () => (/* binding */ emptySecretName)
/* harmony export */ });
/* harmony import */ var _environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(60920);
/* harmony import */ var _template_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48291);


/**
 * One problem per secret variable that is empty (or only spaces) and used by a request (url,
 * header names and values, payload), at its first use; `definition.environment` is the run's
 * (merged) environment. The message ends where a surface names its own way to set a variable.
 */
function emptySecretProblems(definition, file) {
    const empty = new Set((definition.environment?.vars ?? []).filter((v) => v.secret && (0,_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .renderEnvValue */ .p4)(v.value).trim() === '').map((v) => v.key));
    if (empty.size === 0)
        return [];
    const uses = new Map();
    definition.config_data.steps.forEach((step, i) => {
        for (const [suffix, text] of requestTexts(step)) {
            for (const name of (0,_template_js__WEBPACK_IMPORTED_MODULE_0__/* .templateReferences */ .xo)(text).filter((ref) => empty.has(ref))) {
                const use = uses.get(name) ?? { path: `$.config_data.steps[${i}]${suffix}`, steps: [] };
                if (!use.steps.includes(step))
                    use.steps.push(step);
                uses.set(name, use);
            }
        }
    });
    return [...uses].map(([name, { path, steps }]) => ({
        file,
        path,
        message: `${emptySecretMessage(name)}, so ${stepsText(steps)} would send it empty: give it a value for the run`,
    }));
}
function emptySecretMessage(name) {
    return `the secret variable "${name}" has no value`;
}
/** The variable a problem of emptySecretProblems names, or undefined: for a surface to add how to set it (src/cli/cli.ts). */
function emptySecretName(message) {
    return /^the secret variable "([^"]+)" has no value/.exec(message)?.[1];
}
/** The texts of a step that go into its request, each with its JSON path below the step. */
function requestTexts(step) {
    const headers = Object.entries(step.headers).flatMap(([name, value]) => {
        const at = `.headers[${JSON.stringify(name)}]`;
        return [
            [at, name],
            [at, value],
        ];
    });
    return [['.url', step.url], ...headers, ...(step.payload === undefined ? [] : [['.payload', step.payload]])];
}
function stepsText(steps) {
    const named = steps.map((s) => `${s.id} ${JSON.stringify(s.name)}`);
    return `${steps.length === 1 ? 'step' : 'steps'} ${named.join(', ')}`;
}


/***/ }),

/***/ 60920:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PR: () => (/* binding */ mergeEnvironments),
/* harmony export */   VX: () => (/* binding */ secretValues),
/* harmony export */   XG: () => (/* binding */ secretNames),
/* harmony export */   fp: () => (/* binding */ redactSecrets),
/* harmony export */   p4: () => (/* binding */ renderEnvValue),
/* harmony export */   tU: () => (/* binding */ envVariables)
/* harmony export */ });
// Environment variables (docs/variables.md): how each value type becomes text, and how two environments
// combine. The rules are documented in docs/variables.md; keep the two in step.
/**
 * The text a value stands for in a `{{KEY}}`: strings as is, booleans `true`/`false`, integers
 * in plain decimal (never `1e+21`), other numbers as JavaScript writes them, arrays as JSON.
 */
function renderEnvValue(v) {
    if (typeof v === 'string')
        return v;
    if (typeof v === 'boolean')
        return v ? 'true' : 'false';
    if (typeof v === 'number')
        return renderNumber(v);
    return `[${v.map(renderNumber).join(',')}]`;
}
function renderNumber(n) {
    // String() switches to exponent notation at 1e21; an integer written in a file is meant as digits.
    if (Number.isInteger(n) && Math.abs(n) >= 1e21)
        return BigInt(n).toString();
    return String(n);
}
/**
 * The environment that results from `override` applied on top of `base`: a key present in both
 * takes the override's value (at the base's position); keys only in the override come last.
 * The name is the override's when there is one. Neither given: an empty, unnamed environment.
 */
function mergeEnvironments(base, override) {
    const values = new Map();
    // Once secret, always secret: an override that gives a new value without the flag keeps it hidden.
    const secret = new Set();
    for (const { key, value, secret: s } of [...(base?.vars ?? []), ...(override?.vars ?? [])]) {
        values.set(key, value);
        if (s)
            secret.add(key);
    }
    return {
        name: override?.name ?? base?.name ?? '',
        vars: [...values].map(([key, value]) => (secret.has(key) ? { key, value, secret: true } : { key, value })),
    };
}
/** The names of the environment's secret variables. */
function secretNames(env) {
    return new Set((env?.vars ?? []).filter((v) => v.secret).map((v) => v.key));
}
/** The text of every secret value, longest first (so a value inside another is replaced after it). */
function secretValues(env) {
    const values = (env?.vars ?? [])
        .filter((v) => v.secret)
        .map((v) => renderEnvValue(v.value))
        .filter((v) => v !== '');
    return [...new Set(values)].sort((a, b) => b.length - a.length);
}
/** `text` with every secret value replaced by `***`: for messages that quote resolved text. */
function redactSecrets(text, secrets) {
    return secrets.reduce((out, secret) => out.split(secret).join('***'), text);
}
/** Every variable of an environment, rendered: the `env` of a TemplateScope. A repeated key: the last wins. */
function envVariables(env) {
    const rendered = new Map();
    for (const { key, value } of env?.vars ?? [])
        rendered.set(key, renderEnvValue(value));
    return rendered;
}


/***/ }),

/***/ 48291:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CC: () => (/* binding */ problem),
/* harmony export */   Gq: () => (/* binding */ compileTemplate),
/* harmony export */   pT: () => (/* binding */ compileUrl),
/* harmony export */   xo: () => (/* binding */ templateReferences)
/* harmony export */ });
/* unused harmony exports createIterationVars, beginIteration, toRequestTarget */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _dynamic_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(27080);
// `{{…}}` templates (docs/variables.md). A template is parsed once, before the run: environment variables
// become constants, everything else becomes a closure, and adjacent text is merged. Rendering is
// then a concatenation of precomputed parts; a template without per-iteration parts is a constant.


function createIterationVars(dataSetCount, random = Math.random) {
    return { k: 0, rows: new Int32Array(dataSetCount).fill(-1), captured: new Map(), random };
}
/** Prepares a (reused) IterationVars for iteration k: no rows drawn, nothing captured. */
function beginIteration(vars, k) {
    vars.k = k;
    vars.rows.fill(-1);
    vars.captured.clear();
}
function compileTemplate(text, scope, where) {
    const pieces = parsePieces(text, scope, where);
    return pieces.ok ? (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)(build(pieces.value, undefined)) : pieces;
}
/**
 * Compiles a step URL. Its origin (scheme, host, port) must be known before the run, so it may
 * use environment variables but not data, captures or dynamic values: the engine keeps one
 * connection pool per origin. The path and query may use anything.
 */
function compileUrl(text, scope, where) {
    const parsedPieces = parsePieces(text, scope, where);
    if (!parsedPieces.ok)
        return parsedPieces;
    const pieces = parsedPieces.value;
    const head = pieces.consts[0];
    const authorityEnd = findAuthorityEnd(head);
    if (authorityEnd < 0 && pieces.parts.length > 0) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([
            problem(where, `the URL's origin (scheme, host and port) must not depend on test data, captures or dynamic values; write it as text or with environment variables, e.g. "{{BASE_URL}}/users/{{data.users.id}}"`),
        ]);
    }
    const originText = authorityEnd < 0 ? head : head.slice(0, authorityEnd);
    const origin = validOrigin(originText);
    if (origin.error !== undefined) {
        // What URL parsing made of a secret (a scheme or host lowercased, a port cut short) would slip
        // past the redaction of its exact value: with a secret in the URL, the reason names no part of it.
        const error = templateReferences(text).some((name) => scope.secrets?.has(name)) ? MALFORMED_ORIGIN : origin.error;
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([problem(where, `${error}; got ${JSON.stringify(originText)} after environment variables were resolved`)]);
    }
    const path = withoutFragment({
        consts: [authorityEnd < 0 ? '' : head.slice(authorityEnd), ...pieces.consts.slice(1)],
        parts: pieces.parts,
    });
    if (!path.consts[0].startsWith('/'))
        path.consts[0] = `/${path.consts[0]}`;
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ origin: origin.value, path: build(path, toRequestTarget) });
}
/** The names a template refers to (`{{ NAME }}` → `NAME`), in order: which variables a text uses. */
function templateReferences(text) {
    return [...text.matchAll(/\{\{(.*?)\}\}/gs)].map((m) => m[1].trim());
}
function parsePieces(text, scope, where) {
    const consts = [];
    const parts = [];
    const problems = [];
    let pending = '';
    let at = 0;
    for (;;) {
        const open = text.indexOf('{{', at);
        if (open < 0)
            break;
        const close = text.indexOf('}}', open + 2);
        if (close < 0) {
            problems.push(problem(where, `"{{" at character ${open + 1} is not closed by "}}"`));
            break;
        }
        pending += text.slice(at, open);
        const resolved = resolve(text.slice(open + 2, close).trim(), scope);
        if ('constant' in resolved)
            pending += resolved.constant;
        else if ('part' in resolved) {
            consts.push(pending);
            parts.push(resolved.part);
            pending = '';
        }
        else
            problems.push(problem(where, resolved.error));
        at = close + 2;
    }
    if (problems.length > 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)(problems);
    consts.push(pending + text.slice(at));
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({ consts, parts });
}
const DYNAMIC_REF = /^(_[A-Za-z]+)\s*(?:\(([^()]*)\))?$/;
function resolve(ref, scope) {
    if (ref === '')
        return { error: 'empty "{{}}"; write {{NAME}}, {{data.<set>.<tag>}} or a dynamic value such as {{_randomUUID}}' };
    if (ref.startsWith('data.')) {
        // A placeholder: the test will not run, and the set's own problem says why.
        if (scope.unreadableDataSets?.has(ref.split('.')[1] ?? ''))
            return { constant: '' };
        return resolveData(ref, scope.dataSets);
    }
    const dynamic = DYNAMIC_REF.exec(ref);
    if (dynamic !== null && (0,_dynamic_js__WEBPACK_IMPORTED_MODULE_1__/* .isDynamicName */ .d_)(dynamic[1])) {
        if (scope.env.has(ref))
            return { error: `"${ref}" is both an environment variable and a dynamic value; rename the environment variable` };
        const part = (0,_dynamic_js__WEBPACK_IMPORTED_MODULE_1__/* .compileDynamic */ .DE)(dynamic[1], dynamic[2]);
        return typeof part === 'string' ? { error: part } : { part };
    }
    const constant = scope.env.get(ref);
    if (constant !== undefined)
        return { constant };
    if (scope.capturedNames.has(ref))
        return { part: (v) => v.captured.get(ref) ?? '' };
    return { error: unknownMessage(ref, scope) };
}
function resolveData(ref, dataSets) {
    const [, setName, ...tagParts] = ref.split('.');
    const tag = tagParts.join('.');
    if (!setName || !tag)
        return { error: `"{{${ref}}}" is incomplete; write {{data.<set>.<tag>}}` };
    const index = dataSets.findIndex((s) => s.name === setName);
    const set = dataSets[index];
    if (set === undefined) {
        const declared = dataSets.length === 0 ? 'no test_data is declared' : `declared: ${dataSets.map((s) => s.name).join(', ')}`;
        return { error: `unknown data set "${setName}" in {{${ref}}}; ${declared}` };
    }
    const column = set.tagIndex(tag);
    if (column < 0) {
        const tags = set.tags.length === 0 ? 'it has no tagged columns' : `its tags: ${set.tags.join(', ')}`;
        return { error: `data set "${setName}" has no tag "${tag}" (in {{${ref}}}); ${tags}` };
    }
    return { part: (v) => set.value(column, rowOf(v, index, set)) };
}
/** The row of `set` for this iteration, drawn on first use and then shared by every step. */
function rowOf(vars, index, set) {
    let row = vars.rows[index];
    if (row < 0) {
        row = set.order === 'sequential' ? vars.k % set.rowCount : Math.floor(vars.random() * set.rowCount);
        vars.rows[index] = row;
    }
    return row;
}
const MAX_LISTED = 20;
function unknownMessage(ref, scope) {
    const known = [...scope.env.keys(), ...scope.capturedNames];
    const listed = known.length === 0
        ? 'there are no environment variables or earlier captures'
        : `known: ${known.slice(0, MAX_LISTED).join(', ')}${known.length > MAX_LISTED ? ', …' : ''}`;
    const dynamicHint = ref.startsWith('_') ? `; dynamic values: ${(0,_dynamic_js__WEBPACK_IMPORTED_MODULE_1__/* .dynamicNamesList */ .aR)()}` : '';
    return `unknown variable "${ref}": not an environment variable and not captured by an earlier step (${listed})${dynamicHint}`;
}
function build(pieces, finish) {
    const { consts, parts } = pieces;
    if (parts.length === 0) {
        const text = finish === undefined ? consts[0] : finish(consts[0]);
        return { static: text, render: () => text };
    }
    const concat = concatenation(consts, parts);
    return { static: null, render: finish === undefined ? concat : (v) => finish(concat(v)) };
}
function concatenation(consts, parts) {
    const [c0, c1, c2] = consts;
    const [p0, p1] = parts;
    if (parts.length === 1)
        return (v) => c0 + p0(v) + c1;
    if (parts.length === 2)
        return (v) => c0 + p0(v) + c1 + p1(v) + c2;
    return (v) => {
        let s = c0;
        for (let i = 0; i < parts.length; i++)
            s += parts[i](v) + consts[i + 1];
        return s;
    };
}
function findAuthorityEnd(head) {
    const scheme = head.indexOf('://');
    if (scheme < 0)
        return -1;
    for (let i = scheme + 3; i < head.length; i++) {
        const c = head[i];
        if (c === '/' || c === '?' || c === '#')
            return i;
    }
    return -1;
}
const MALFORMED_ORIGIN = 'the URL must start with http:// or https:// and a host (and an optional port)';
function validOrigin(text) {
    const malformed = { error: MALFORMED_ORIGIN };
    if (!text.includes('://'))
        return malformed;
    let url;
    try {
        url = new URL(text);
    }
    catch {
        return malformed;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { error: `the URL scheme must be http or https, not ${url.protocol.slice(0, -1)}` };
    if (url.username !== '' || url.password !== '')
        return { error: 'credentials in the URL are not sent; put them in an Authorization header' };
    return { value: url.origin };
}
function withoutFragment(pieces) {
    const at = pieces.consts.findIndex((c) => c.includes('#'));
    if (at < 0)
        return pieces;
    const consts = pieces.consts.slice(0, at + 1);
    consts[at] = consts[at].slice(0, consts[at].indexOf('#'));
    return { consts, parts: pieces.parts.slice(0, at) };
}
/**
 * Percent-encodes what may not appear in an HTTP request target (controls, space, non-ASCII,
 * `"<>\^`{|}`), as browsers do for a typed URL; everything else, `%` included, is sent as written.
 */
function toRequestTarget(path) {
    for (let i = 0; i < path.length; i++) {
        if (needsEncoding(path.charCodeAt(i)))
            return path.replace(UNSAFE, encodeCodePoint);
    }
    return path;
}
const UNSAFE = /[^\x21-\x7e]|["<>\\^`{|}]/gu;
function needsEncoding(c) {
    return (c <= 0x20 ||
        c >= 0x7f ||
        c === 0x22 ||
        c === 0x3c ||
        c === 0x3e ||
        c === 0x5c ||
        c === 0x5e ||
        c === 0x60 ||
        c === 0x7b ||
        c === 0x7c ||
        c === 0x7d);
}
function encodeCodePoint(c) {
    try {
        return encodeURIComponent(c);
    }
    catch {
        return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as the WHATWG URL parser writes it
    }
}
function problem(where, message) {
    return where.file === undefined ? { path: where.path, message } : { file: where.file, path: where.path, message };
}


/***/ }),

/***/ 99625:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ compareValues)
/* harmony export */ });
/** Whether `actual op limit` holds, e.g. `compareValues(180, '<', 200)` is true. */
function compareValues(actual, op, limit) {
    switch (op) {
        case '<':
            return actual < limit;
        case '<=':
            return actual <= limit;
        case '>':
            return actual > limit;
        case '>=':
            return actual >= limit;
        case '==':
            return actual === limit;
        case '!=':
            return actual !== limit;
    }
}


/***/ }),

/***/ 77995:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  FO: () => (/* binding */ exitCodeOf),
  S4: () => (/* binding */ judge)
});

// UNUSED EXPORTS: DEFAULT_HTTP_FAIL_RATE, UNAPPLIED_LIMIT, defaultThresholds, evaluateThreshold

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/report/figures.ts
var figures = __webpack_require__(53831);
// EXTERNAL MODULE: ./src/verdict/compare-values.ts
var compare_values = __webpack_require__(99625);
// EXTERNAL MODULE: ./src/thresholds/grammar.ts
var grammar = __webpack_require__(30961);
// EXTERNAL MODULE: ./src/median.ts
var median = __webpack_require__(75205);
// EXTERNAL MODULE: ./src/results/histogram.ts
var histogram = __webpack_require__(97528);
;// CONCATENATED MODULE: ./src/verdict/windows.ts
// Thresholds `over TIME` (docs/verdict.md): a response-time threshold judged on every sliding
// window of that many seconds of the run, from the per-second histograms of run.series, so that
// a slow spell is not averaged away by the quiet seconds around it. Pure.



/**
 * The metric's value in every window of `lengthS` seconds that has a response, in order. A run
 * shorter than the window is one window. Undefined when a second lacks its histogram.
 */
function windowValues(series, metric, lengthS) {
    if (series.some((s) => s.histogram === undefined))
        return undefined;
    const seconds = series.map((s) => (0,histogram/* decodeHistogram */.pr)(s.histogram));
    const window = (0,histogram/* newHistogram */.HL)();
    const length = Math.min(lengthS, seconds.length);
    const values = [];
    try {
        seconds.forEach((second, t) => {
            window.add(second);
            if (t >= length)
                window.subtract(seconds[t - length]);
            if (t < length - 1 || window.totalCount === 0)
                return;
            values.push({ startS: t - length + 1, lengthS: length, value: metricIn(window, metric) });
        });
        return values;
    }
    finally {
        window.destroy();
        for (const second of seconds)
            second.destroy();
    }
}
/** The metric in ms to the microsecond, as the whole run's is judged (docs/verdict.md). */
function metricIn(h, metric) {
    const us = (v) => Math.round(v) / 1000;
    if (metric === 'avg')
        return us(h.mean);
    if (metric === 'min')
        return us(h.minNonZeroValue);
    if (metric === 'max')
        return us(h.maxValue);
    if (metric === 'stddev')
        return us(h.stdDeviation);
    return us(h.getValueAtPercentile((0,grammar/* percentileOf */.D4)(metric)));
}
/**
 * The threshold's outcome over windows: it holds when it holds in every window; the window shown
 * is the worst (the highest value under an upper limit, the lowest above a lower one).
 */
function windowOutcome(series, t) {
    const values = windowValues(series, t.metric, t.overS);
    if (values === undefined)
        return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'no per-second histograms' };
    const worst = worstOf(values, t);
    if (worst === undefined)
        return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'no response' };
    return {
        threshold: t,
        actual: worst.value,
        limit: t.value,
        passed: values.every((w) => (0,compare_values/* compareValues */.c)(w.value, t.op, t.value)),
        where: windowName(worst),
    };
}
function worstOf(values, t) {
    const failing = values.find((w) => !(0,compare_values/* compareValues */.c)(w.value, t.op, t.value));
    if (t.op === '==' || t.op === '!=')
        return failing ?? values[0];
    const upper = t.op === '<' || t.op === '<=';
    return values.reduce((worst, w) => (worst === undefined || (upper ? w.value > worst.value : w.value < worst.value) ? w : worst), undefined);
}
/** `seconds 13–17`: the window's seconds numbered from 1, as the progress line numbers them. */
function windowName(w) {
    return `seconds ${w.startS + 1}–${w.startS + w.lengthS}`;
}

// EXTERNAL MODULE: ./src/results/request-counts.ts
var request_counts = __webpack_require__(69124);
// EXTERNAL MODULE: ./src/results/run-steps.ts
var run_steps = __webpack_require__(50469);
// EXTERNAL MODULE: ./src/verdict/metrics.ts
var metrics = __webpack_require__(56152);
;// CONCATENATED MODULE: ./src/verdict/judge.ts
// The verdict (docs/verdict.md): one function judges a run, once. Thresholds (the user's, plus
// the default http_fail_rate threshold), "no data", completeness, generator saturation and the
// checks of the other parts (comparison gate, latency test) become one Judgement, which the exit
// code, the action's outputs and annotations, and every report render. Pure.









/** The default threshold when the user sets none on http_fail_rate (docs/verdict.md). */
const DEFAULT_HTTP_FAIL_RATE = 1;
/**
 * The default stays beside a fail_rate or success_rate threshold: those count iterations that
 * failed (no response, a failed assertion), not error statuses, so alone they pass a service
 * answering 500 to half its requests.
 */
function defaultThresholds(user) {
    if (user.some((t) => t.metric === 'http_fail_rate'))
        return [];
    const source = `step[*].http_fail_rate < ${DEFAULT_HTTP_FAIL_RATE}%`;
    return [{ source, line: 0, step: { each: true }, metric: 'http_fail_rate', op: '<', value: DEFAULT_HTTP_FAIL_RATE, isDefault: true }];
}
function judge(input) {
    const { result } = input;
    const all = [...input.thresholds, ...(input.defaults ? defaultThresholds(input.thresholds) : [])];
    const problems = [];
    const thresholds = [];
    for (const threshold of all) {
        const outcome = evaluateThreshold(result, threshold, input.historyBaseline ?? input.baseline);
        if (typeof outcome === 'string')
            problems.push({ path: (0,grammar/* thresholdPlace */.Zv)(input.origin ?? grammar/* THRESHOLDS_INPUT */.U6, threshold.line), message: outcome });
        else
            thresholds.push(outcome);
    }
    if (problems.length > 0)
        throw new errors/* InputError */.dz(problems);
    const checks = [
        ...thresholds.map(thresholdCheck),
        ...noDataChecks(result),
        ...generatorChecks(result, thresholds, input.onSaturated ?? 'fail'),
        ...(input.checks ?? []),
    ];
    const stoppedBy = input.stoppedBy ?? (result.run.interrupted ? 'stopped' : undefined);
    if (stoppedBy)
        checks.push({
            kind: 'completeness',
            describe: 'the run completed',
            actual: stoppedText(stoppedBy, result.run.coverage),
            passed: false,
        });
    const failed = checks.filter((c) => !c.passed && !c.warnOnly);
    const warnings = checks.filter((c) => !c.passed && c.warnOnly);
    const outcome = stoppedBy ? 'incomplete' : failed.length > 0 ? 'failed' : 'passed';
    const late = lateNote(result);
    return { outcome, thresholds, checks, failed, warnings, ...(stoppedBy && { stoppedBy }), ...(late && { late }) };
}
/** Exit codes (docs/verdict.md): 0 passed, 1 failed, 130/143 stopped by SIGINT/SIGTERM as shells report them. */
function exitCodeOf(judgement) {
    if (judgement.outcome === 'passed')
        return 0;
    if (judgement.outcome === 'failed')
        return 1;
    return judgement.stoppedBy === 'SIGTERM' ? 143 : 130;
}
function stoppedText(signal, coverage) {
    if (signal !== 'stopped')
        return `stopped by ${signal}: results are partial`;
    // A sharded run that lost part of its plan (docs/results.md, "Coverage") was not stopped: say how much is there.
    if (coverage && coverage.shards.length > 0 && typeof coverage.measured_pct === 'number')
        return `${coverage.measured_pct.toFixed(1)} % of the planned load measured (${coverage.shards.length} shard(s) with missing seconds): results are partial`;
    return 'stopped early: results are partial';
}
// ---- thresholds ----
/** A threshold's outcome as a check line: `p95 < 500 ms`, `612 ms` (or why there is no value); tables add the limit. */
function thresholdCheck(o) {
    const { threshold } = o;
    const measured = o.actual === undefined ? `— (${o.reason ?? 'no data'})` : (0,figures/* formatMeasured */.U6)(threshold.metric, o.actual, o.limit);
    const where = o.where ? ` at ${o.where}` : '';
    return {
        kind: 'threshold',
        describe: (0,grammar/* describeThreshold */.d9)(threshold),
        actual: `${measured}${where}`,
        limit: limitText(o),
        passed: o.passed,
        ...(threshold.isDefault && { isDefault: true }),
    };
}
/** `< 500 ms`; for a limit from the baseline, its value and how it was written: `< 462 ms (baseline + 10%)`. */
function limitText(o) {
    const { threshold } = o;
    if (!threshold.baseline)
        return `${threshold.op} ${shown(threshold.metric, threshold.value)}`;
    const value = o.limit === undefined ? '—' : shown(threshold.metric, o.limit);
    return `${threshold.op} ${value} (${(0,grammar/* describeThreshold */.d9)(threshold).split(`${threshold.op} `).pop()}${spreadText(o)})`;
}
/** `; median of 5 runs, 9.8–10.4 ms`: what a history baseline is made of. */
function spreadText(o) {
    const spread = o.baselineSpread;
    if (!spread)
        return '';
    const { metric } = o.threshold;
    const range = spread.min === spread.max ? shown(metric, spread.min) : `${shown(metric, spread.min)}–${shown(metric, spread.max)}`;
    return `; median of ${spread.runs} ${spread.runs === 1 ? 'run' : 'runs'}, ${range}`;
}
/** A value as reports show it; a throughput at one decimal, as its figure everywhere else. */
function shown(metric, value) {
    return (0,grammar/* formatMetricValue */.dd)(metric, metric === 'rps' ? Math.round(value * 10) / 10 : value);
}
/**
 * One outcome per threshold. `step[*]`/`location[*]` hold when every step/location holds; the
 * value shown is the first that failed, else the one closest to the limit.
 */
function evaluateThreshold(result, t, baseline) {
    if (t.overS !== undefined)
        return windowOutcome(result.run.series, t);
    const levels = levelsOf(result, t);
    if (typeof levels === 'string')
        return levels;
    const outcomes = levels.map((level) => measure(result, level, t, baseline));
    const each = (t.step !== undefined && 'each' in t.step) || t.location === '*';
    const shown = outcomes.find((o) => !o.passed) ?? closestToLimit(outcomes);
    if (!shown)
        return { threshold: t, actual: undefined, limit: t.value, passed: false, reason: 'nothing to measure' };
    const { where, ...outcome } = shown;
    return { ...outcome, passed: outcomes.every((o) => o.passed), ...(each && where !== undefined && { where }) };
}
function measure(result, level, t, baseline) {
    const scoped = t.step !== undefined || t.location !== undefined;
    const measured = (lvl, run) => t.stream ? (0,metrics/* streamMetricValue */.CT)(t.stream, t.metric, lvl, run) : (0,metrics/* metricValue */.a3)(t.metric, lvl, run, scoped);
    const actual = measured(level, result);
    const from = t.baseline && baseline ? baselineAt(measured, level, baseline) : undefined;
    const limit = limitOf(t, from?.value);
    const base = { threshold: t, actual, limit, where: level.label, ...(from?.spread && { baselineSpread: from.spread }) };
    if (actual === undefined)
        return { ...base, passed: false, reason: noValueReason(t) };
    if (limit === undefined)
        return { ...base, passed: false, reason: 'no baseline value at this scope' };
    return { ...base, passed: (0,compare_values/* compareValues */.c)(actual, t.op, limit) };
}
function noValueReason(t) {
    if (t.stream)
        return t.stream === 'gap' ? 'no stream with two events' : 'no stream event';
    return (0,grammar/* metricKind */.fK)(t.metric) === 'time' ? 'no response' : 'no request';
}
/** The baseline's value at the level; for a history baseline the median of its runs' values, and their spread. */
function baselineAt(measured, level, baseline) {
    const valueIn = (run) => {
        const same = sameLevelIn(run, level);
        return same ? measured(same, run) : undefined;
    };
    if (!Array.isArray(baseline))
        return { value: valueIn(baseline) };
    const values = baseline.map(valueIn).filter((v) => v !== undefined);
    const value = (0,median/* median */.J)(values);
    if (value === undefined)
        return { value };
    return { value, spread: { runs: values.length, min: Math.min(...values), max: Math.max(...values) } };
}
function limitOf(t, value) {
    if (!t.baseline)
        return t.value;
    if (value === undefined)
        return undefined;
    // One division last: 420 + 10 % is exactly 462, where 420 * 1.1 is 462.00000000000006.
    return t.baseline.kind === 'percent' ? (value * (100 + t.baseline.amount)) / 100 : value + t.baseline.amount;
}
function sameLevelIn(other, level) {
    const where = level.histogram;
    if (where.level === 'overall')
        return (0,metrics/* overallLevel */.op)(other);
    if (where.level === 'locations')
        return (0,metrics/* locationLevel */.GY)(other, where.key);
    if (where.level === 'steps') {
        const step = other.results.steps.find((s) => String(s.id) === where.key);
        return step && (0,metrics/* stepLevel */.vu)(other, step);
    }
    const step = other.results.steps.find((s) => String(s.id) === where.step);
    return step && (0,metrics/* stepLocationLevel */.yR)(other, step, where.location);
}
function closestToLimit(outcomes) {
    let best;
    let bestGap = Infinity;
    for (const o of outcomes) {
        const gap = Math.abs((o.limit ?? 0) - (o.actual ?? 0));
        if (gap < bestGap)
            [best, bestGap] = [o, gap];
    }
    return best;
}
/** The levels a threshold is checked at, or why it cannot be (a step or location the result lacks). */
function levelsOf(result, t) {
    const found = stepsOf(result, t);
    if (typeof found === 'string')
        return found;
    const steps = t.stream && found ? found.filter((s) => s.stream !== undefined) : found;
    if (t.stream && steps?.length === 0)
        return `${t.stream} is a figure of streaming steps; ${notStreaming(result, found)}`;
    if (t.location === undefined)
        return steps ? steps.map((s) => (0,metrics/* stepLevel */.vu)(result, s)) : [(0,metrics/* overallLevel */.op)(result)];
    const names = t.location === '*' ? locationNames(result, steps) : [t.location];
    const levels = [];
    for (const name of names) {
        const found = steps ? steps.map((s) => (0,metrics/* stepLocationLevel */.yR)(result, s, name)) : [(0,metrics/* locationLevel */.GY)(result, name)];
        if (found.some((l) => l === undefined))
            return missingLocation(result, name, steps?.length === 1 ? steps[0] : undefined);
        levels.push(...found);
    }
    return levels;
}
function notStreaming(result, steps) {
    return steps.length === 1 ? `${(0,metrics/* stepLabel */.vO)(result, steps[0].id)} has no "stream"` : 'no step has a "stream"';
}
function locationNames(result, steps) {
    return Object.keys(steps?.[0]?.location_dist ?? result.results.location_dist);
}
function stepsOf(result, t) {
    const selector = t.step;
    if (selector === undefined)
        return undefined;
    const steps = result.results.steps;
    if ('each' in selector)
        return steps;
    const existing = steps.length > 0 ? `steps are: ${steps.map((s) => listedStep(result, s.id)).join(', ')}` : 'there are none';
    if ('id' in selector) {
        const step = steps.find((s) => s.id === selector.id);
        return step ? [step] : `step ${selector.id} is not in the results; ${existing}`;
    }
    const named = result.run.steps.filter((s) => s.name === selector.name);
    const [only] = named;
    if (only === undefined)
        return `step "${selector.name}" is not in the results; ${existing}`;
    if (named.length > 1) {
        return `step name "${selector.name}" is ambiguous: steps ${named.map((s) => s.id).join(', ')} have it; use the id, e.g. step[${only.id}]`;
    }
    const step = steps.find((s) => s.id === only.id);
    return step ? [step] : `step "${selector.name}" (id ${only.id}) is not in the results; ${existing}`;
}
function listedStep(result, id) {
    const name = (0,run_steps/* runStep */.eg)(result, id)?.name;
    return name === undefined ? String(id) : `${id} ${name}`;
}
function missingLocation(result, location, step) {
    const keys = Object.keys(step ? step.location_dist : result.results.location_dist);
    const where = step ? ` of ${(0,metrics/* stepLabel */.vO)(result, step.id)}` : '';
    const existing = keys.length > 0 ? `${step ? 'its ' : ''}locations are: ${keys.join(', ')}` : 'there are none';
    return `location "${location}" is not in the results${where}; ${existing}`;
}
// ---- no data, generator ----
/**
 * A step that got no successful response fails the run whatever the thresholds say: no response
 * at all, or only error statuses its assertions do not expect (docs/verdict.md).
 */
function noDataChecks(result) {
    const without = result.results.steps.filter((step) => {
        const counts = (0,request_counts/* requestCounts */.q3)((0,metrics/* stepLevel */.vu)(result, step).cells);
        return step.success_count === 0 || counts.goodResponses === 0;
    });
    const steps = result.results.steps.length;
    if (steps === 0)
        return [{ kind: 'no-data', describe: 'every step got a successful response', actual: 'the run has no steps', passed: false }];
    const actual = without.length === 0 ? `all ${steps}` : `none for ${without.map((s) => (0,metrics/* stepLabel */.vO)(result, s.id)).join(', ')}`;
    return [{ kind: 'no-data', describe: 'every step got a successful response', actual, passed: without.length === 0 }];
}
/** Share of the planned rate that may go unapplied before the planned load counts as not applied. */
const UNAPPLIED_LIMIT = 0.01;
/**
 * A saturated generator (run.generator, docs/engine.md) fails the run when what it did to the run
 * changes the verdict (docs/verdict.md): when it did not apply the planned load (a pass would say
 * nothing about that load), or when a latency threshold's outcome could be its own delay. A delay
 * only adds to response times, so a latency limit met with it included is met without it: on a
 * busy runner whose loop ran late, a run that holds every threshold warns instead of crying wolf.
 */
function generatorChecks(result, thresholds, onSaturated) {
    const generator = result.run.generator;
    if (!generator)
        return [];
    const describe = 'the load generator kept up with the plan';
    if (!generator.saturated)
        return [{ kind: 'generator', describe, actual: 'kept up', passed: true }];
    const saturated = `saturated: ${generator.reason ?? 'the planned load was not applied'}`;
    const unapplied = loadUnapplied(result);
    const distorted = thresholds.filter((o) => distortedBy(o, generator.loop_delay_max_ms)).map((o) => o.threshold.source);
    const consequence = unapplied
        ? `; ${generator.applied_iterations_per_s}/s of the planned ${generator.planned_iterations_per_s}/s applied`
        : distorted.length > 0
            ? `; the outcome of ${distorted.join(', ')} could be its delay of up to ${generator.loop_delay_max_ms} ms`
            : thresholds.some((o) => (0,grammar/* metricKind */.fK)(o.threshold.metric) === 'time')
                ? '; every latency threshold holds with its delay included'
                : `; no latency threshold is set, but response times include up to ${generator.loop_delay_max_ms} ms of its delay`;
    const harmless = !unapplied && distorted.length === 0;
    return [
        {
            kind: 'generator',
            describe,
            actual: saturated + consequence,
            passed: false,
            ...((onSaturated === 'warn' || harmless) && { warnOnly: true }),
        },
    ];
}
/**
 * Less than 99 % of the planned rate applied (a stopped run aside): iterations not started, or
 * started late past the plan's end, over the seconds they took (src/rates.ts). Not applied either
 * way, unless a busy machine only delayed them (see caughtUpAfterStall).
 */
function loadUnapplied(result) {
    const generator = result.run.generator;
    return (generator !== undefined &&
        !result.run.interrupted &&
        !result.run.aborted &&
        generator.planned_iterations_per_s > 0 &&
        generator.applied_iterations_per_s < generator.planned_iterations_per_s * (1 - UNAPPLIED_LIMIT) &&
        !caughtUpAfterStall(result));
}
/**
 * A machine that stalled the generator (`host_stalled`: its thread had time to spare in every
 * second, so it caught up after each stall), every planned iteration started, and the starts ran
 * past the plan's end by no more than the longest stall (`loop_delay_max_ms`): the service got the
 * planned load, its tail shifted by one stall. Over the seconds the starts took its rate can still
 * read under 99 %, since a late last start stretches a short run's window (20 iterations planned
 * in 1 s, the last one 93 ms late: 18.3/s). That is lateness, reported as such (late iterations,
 * the generator check's warning), not load the service never got; a latency threshold the stall
 * could have flipped still fails the check (docs/verdict.md). Starts that ran later than any one
 * stall explains fell behind: the service got less per second than planned.
 */
function caughtUpAfterStall(result) {
    const generator = result.run.generator;
    const windowS = result.run.rate_window_s;
    if (generator?.host_stalled !== true || generator.unstarted_iterations > 0 || windowS === undefined)
        return false;
    // The window less the planned seconds (N / planned rate of N / applied rate), allowing for the
    // applied rate's rounding to one decimal.
    const pastEndS = windowS * (1 - (generator.applied_iterations_per_s + 0.05) / generator.planned_iterations_per_s);
    return pastEndS <= generator.loop_delay_max_ms / 1000;
}
/**
 * What the reports say of late iterations, from the facts the generator check judges, so that
 * the two never disagree: the generator is blamed only when its check does not say it kept up,
 * and less load is said to be applied only when less was. Without the generator's own figures
 * (results of other services, older files) no cause is named.
 */
function lateNote(result) {
    const { late_iterations: late, max_schedule_lag_ms: lag, generator } = result.run;
    if (late === 0)
        return undefined;
    const head = `${(0,figures/* formatCount */.B4)(late)} late ${late === 1 ? 'iteration' : 'iterations'}: started more than 10 ms behind the schedule (max lag ${(0,figures/* formatMs */._V)(lag)})`;
    if (!generator)
        return { text: head, warning: false };
    const unapplied = loadUnapplied(result);
    const less = unapplied ? ', so less load was applied than planned' : '';
    return { text: `${head}${lateCause(generator, lag)}${less}`, warning: unapplied };
}
/**
 * Why iterations started late, from what the generator measured: a machine that stalled it, its
 * own limit, its event loop held as long as the lag (a busy machine, a start late by as much), or
 * else the iterations in flight: at the cap, or held by the service while more slots were opened.
 */
function lateCause(generator, lagMs) {
    if (generator.saturated && generator.host_stalled)
        return '; the machine running the load generator was busy with other work and stalled it';
    if (generator.saturated)
        return '; the load generator could not keep the schedule';
    const kept = ', while the load generator kept up';
    if (generator.loop_delay_max_ms >= lagMs)
        return `${kept}: its event loop was held up to ${(0,figures/* formatMs */._V)(generator.loop_delay_max_ms)} at times, as long as the lag (a busy machine delays its timers)`;
    if (generator.sockets_max >= generator.concurrency)
        return `${kept}: the in-flight cap (concurrency ${(0,figures/* formatCount */.B4)(generator.concurrency)}) held them back`;
    return `${kept}: the iterations in flight, held by the service, filled every slot opened so far`;
}
/** A time threshold whose outcome would differ were the measured value smaller by the generator's delay. */
function distortedBy(outcome, delayMs) {
    const { threshold, actual, limit } = outcome;
    if ((0,grammar/* metricKind */.fK)(threshold.metric) !== 'time' || actual === undefined || limit === undefined)
        return false;
    return (0,compare_values/* compareValues */.c)(Math.max(0, actual - delayMs), threshold.op, limit) !== outcome.passed;
}


/***/ }),

/***/ 56152:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CT: () => (/* binding */ streamMetricValue),
/* harmony export */   GY: () => (/* binding */ locationLevel),
/* harmony export */   a3: () => (/* binding */ metricValue),
/* harmony export */   op: () => (/* binding */ overallLevel),
/* harmony export */   vO: () => (/* binding */ stepLabel),
/* harmony export */   vu: () => (/* binding */ stepLevel),
/* harmony export */   yR: () => (/* binding */ stepLocationLevel)
/* harmony export */ });
/* harmony import */ var _results_histogram_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(97528);
/* harmony import */ var _rates_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(42672);
/* harmony import */ var _thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(30961);
/* harmony import */ var _results_request_counts_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(69124);
/* harmony import */ var _results_run_steps_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(50469);
// The value of a threshold metric at one level of a result (overall, a step, a location, a step
// at a location). Pure. A statistic with no sample is undefined, never 0 (docs/verdict.md).
//
// Counts of the 2.5 result are of iterations at the overall and location levels and of requests
// at the step levels (docs/results.md); the HTTP metrics (http_fail_rate, status_Nxx) are always
// of requests, so they are summed from the step cells under a level.





const CLASS_OF = { status_2xx: 2, status_3xx: 3, status_4xx: 4, status_5xx: 5 };
/**
 * The metric's value in its base unit, or undefined when the level has nothing to measure it on
 * (no response for a time, no request for a rate). `rps` of a scoped level is its share of the
 * run's requests at the run's rate.
 */
function metricValue(metric, level, result, scoped) {
    const requests = (0,_results_request_counts_js__WEBPACK_IMPORTED_MODULE_2__/* .requestCounts */ .q3)(level.cells);
    const iterations = level.fail_count + level.success_count;
    switch (metric) {
        case 'fail_rate':
            return (0,_rates_js__WEBPACK_IMPORTED_MODULE_4__/* .percent */ .KN)(level.fail_count, iterations);
        case 'success_rate':
            return (0,_rates_js__WEBPACK_IMPORTED_MODULE_4__/* .percent */ .KN)(level.success_count, iterations);
        case 'http_fail_rate':
            return (0,_rates_js__WEBPACK_IMPORTED_MODULE_4__/* .percent */ .KN)(requests.httpErrors, requests.requests);
        case 'status_2xx':
        case 'status_3xx':
        case 'status_4xx':
        case 'status_5xx':
            return (0,_rates_js__WEBPACK_IMPORTED_MODULE_4__/* .percent */ .KN)(requests.byClass[CLASS_OF[metric]], requests.requests);
        case 'fail_count':
        case 'success_count':
        case 'iteration_count':
            return level[metric];
        case 'capacity':
            return result.capacity?.max_rate;
        case 'rps':
            if (!scoped)
                return result.run.rps;
            return (0,_rates_js__WEBPACK_IMPORTED_MODULE_4__/* .partRps */ .bI)(result.run.rps, requests.requests, overallRequests(result));
    }
    if (requests.responses === 0)
        return undefined;
    // Judged on the histograms' values to the microsecond, not the integer 2.5 fields (docs/verdict.md).
    if ((0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__/* .isNamedMetric */ .so)(metric))
        return (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .exactTimes */ .AQ)(result.histograms, level.histogram, level.response_times)[metric];
    return percentileFromHistogram((0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__/* .percentileOf */ .D4)(metric), level, result);
}
/**
 * A time of the streaming steps' figures (`first_event.p95`): from the stream histograms when the
 * result carries them (to the microsecond, any percentile, and over every stream at the overall
 * level), else from the level's `stream` object; undefined when no stream had such an event.
 */
function streamMetricValue(stream, metric, level, result) {
    const encoded = streamHistogramAt(result, stream, level.histogram);
    const named = (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__/* .isNamedMetric */ .so)(metric) ? metric : undefined;
    if (encoded !== undefined)
        return (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodedValue */ .mH)(encoded, named ?? (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__/* .percentileOf */ .D4)(metric));
    const figures = level.histogram.level === 'overall' ? onlyStreamingStep(result) : level.stream;
    const times = figures?.[stream];
    if (!figures || !times || (stream === 'first_event' ? figures.events === 0 : figures.events <= figures.streams))
        return undefined;
    return named === undefined ? percentileInTimes(times, (0,_thresholds_grammar_js__WEBPACK_IMPORTED_MODULE_1__/* .percentileOf */ .D4)(metric)) : times[named];
}
function streamHistogramAt(result, stream, place) {
    const levels = result.histograms?.streams?.[stream];
    if (!levels)
        return undefined;
    if (place.level === 'overall')
        return levels.overall;
    if (place.level === 'steps')
        return levels.steps[place.key];
    if (place.level === 'step_locations')
        return levels.step_locations[place.step]?.[place.location];
    return undefined;
}
/** Without histograms, "every stream" can be read only where one step streams. */
function onlyStreamingStep(result) {
    const streaming = result.results.steps.filter((s) => s.stream !== undefined);
    return streaming.length === 1 ? streaming[0].stream : undefined;
}
function percentileInTimes(times, percentile) {
    const known = { 50: 'median', 80: 'p80', 90: 'p90', 95: 'p95', 99: 'p99' };
    const key = known[percentile];
    return key === undefined ? undefined : times[key];
}
/** Percentiles outside the 2.5 set come from the run's histograms (µs), to the microsecond. */
function percentileFromHistogram(percentile, level, result) {
    const encoded = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .encodedAt */ .IV)(result.histograms, level.histogram);
    if (encoded === undefined)
        return undefined;
    const h = (0,_results_histogram_js__WEBPACK_IMPORTED_MODULE_0__/* .decodeHistogram */ .pr)(encoded);
    try {
        return Math.round(h.getValueAtPercentile(percentile)) / 1000;
    }
    finally {
        h.destroy();
    }
}
// ---- levels ----
function stepLabel(result, id) {
    const name = (0,_results_run_steps_js__WEBPACK_IMPORTED_MODULE_3__/* .runStep */ .eg)(result, id)?.name;
    return name === undefined ? `step ${id}` : `step ${id} (${name})`;
}
function cellOf(result, step, id) {
    return { ...step, expected: (0,_results_run_steps_js__WEBPACK_IMPORTED_MODULE_3__/* .expectedStatuses */ .TE)(result, id) };
}
/** The run's requests, counted once per result: every step's `rps` needs them, and counting them per step was quadratic. */
const OVERALL_REQUESTS = new WeakMap();
function overallRequests(result) {
    const steps = result.results.steps;
    const known = OVERALL_REQUESTS.get(steps);
    if (known !== undefined && known.length === steps.length)
        return known.requests;
    const requests = (0,_results_request_counts_js__WEBPACK_IMPORTED_MODULE_2__/* .requestCounts */ .q3)(overallLevel(result).cells).requests;
    OVERALL_REQUESTS.set(steps, { length: steps.length, requests });
    return requests;
}
function overallLevel(result) {
    const r = result.results;
    return { label: 'overall', ...r, cells: r.steps.map((s) => cellOf(result, s, s.id)), histogram: { level: 'overall' } };
}
function stepLevel(result, step) {
    return {
        label: stepLabel(result, step.id),
        ...step,
        cells: [cellOf(result, step, step.id)],
        histogram: { level: 'steps', key: String(step.id) },
    };
}
function locationLevel(result, location) {
    const counts = result.results.location_dist[location];
    if (!counts)
        return undefined;
    const cells = result.results.steps.flatMap((s) => {
        const cell = s.location_dist[location];
        return cell ? [cellOf(result, cell, s.id)] : [];
    });
    return { label: `location ${location}`, ...counts, cells, histogram: { level: 'locations', key: location } };
}
function stepLocationLevel(result, step, location) {
    const cell = step.location_dist[location];
    if (!cell)
        return undefined;
    return {
        label: `${stepLabel(result, step.id)} at ${location}`,
        ...cell,
        cells: [cellOf(result, cell, step.id)],
        histogram: { level: 'step_locations', step: String(step.id), location },
    };
}


/***/ })

};
