export const id = 93;
export const ids = [93];
export const modules = {

/***/ 57041:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   MZ: () => (/* binding */ LOCAL_BASE),
/* harmony export */   fT: () => (/* binding */ assemble)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83916);
/* harmony import */ var _definition_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(80182);
/* harmony import */ var _variables_dynamic_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(27080);
// The shared end of every import: requests → a definition (docs/import.md). Methods the engine
// cannot send are dropped, headers the engine sets itself are left out, duplicate header names
// are joined, step names are made unique, and every `{{VAR}}` a step uses is in the environment.



const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
/** Headers a replay must not copy: the engine frames, connects and negotiates compression itself. */
const ENGINE_HEADERS = new Set([...Object.keys(_definition_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .FORBIDDEN_HEADERS */ .L), 'host', 'accept-encoding', 'trailer']);
const DEFAULT_LOAD = { iteration_count: 100, duration: 10 };
function assemble(input) {
    const { notes } = input;
    const sendable = input.requests.filter((r) => METHODS.has(r.method));
    const unsendable = input.requests.filter((r) => !METHODS.has(r.method)).map((r) => `${r.method} ${r.url}`);
    if (unsendable.length > 0)
        notes.dropped.push(`${unsendable.length} ${plural(unsendable.length, 'request')} with a method the engine does not send: ${unsendable.join(', ')}`);
    if (sendable.length === 0)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([
            { file: input.file, path: '$', message: 'nothing to import: no request was kept (see --include and the filters in docs/import.md)' },
        ]);
    if (sendable.length > _definition_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .LIMITS */ .b1.steps) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .failed */ .gz)([
            {
                file: input.file,
                path: '$',
                message: `${sendable.length} requests were kept, more than the ${_definition_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .LIMITS */ .b1.steps} steps a definition may have: narrow them with --include/--exclude (or --operation/--tag)`,
            },
        ]);
    }
    const left = new Set();
    const names = uniqueNames(sendable);
    const steps = sendable.map((r, i) => step(r, i, names[i], left));
    if (left.size > 0)
        notes.dropped.push(`headers the engine sets itself: ${[...left].sort().join(', ')}`);
    const vars = withReferencedVariables(steps, input.variables, notes);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .parsed */ .Yz)({
        name: input.name,
        config_data: { steps, ...DEFAULT_LOAD },
        ...(vars.length > 0 && { environment: { name: 'imported', vars } }),
    });
}
function step(request, index, name, left) {
    const headers = joinedHeaders(request.headers, left);
    return {
        id: index + 1,
        name,
        url: request.url,
        method: request.method,
        ...(Object.keys(headers).length > 0 && { headers }),
        ...(request.body !== undefined && request.body !== '' && { payload: request.body }),
        ...(request.sleepMs !== undefined && request.sleepMs > 0 && { sleep: String(Math.min(Math.round(request.sleepMs), _definition_schema_js__WEBPACK_IMPORTED_MODULE_1__/* .LIMITS */ .b1.sleepMs)) }),
        ...(request.disableCompression && { others: { 'disable-compression': true } }),
        ...(request.stream && { stream: request.stream }),
    };
}
/** Header names are case-insensitive: repeats are joined as HTTP allows (cookies with "; "). */
function joinedHeaders(headers, left) {
    const joined = new Map();
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
function uniqueNames(requests) {
    const seen = new Map();
    return requests.map((r) => {
        const base = (r.name?.trim() || `${r.method} ${pathOf(r.url)}`).slice(0, 120);
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        return n === 1 ? base : `${base} (${n})`;
    });
}
function pathOf(url) {
    const rest = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '').replace(/^\{\{[^}]*\}\}/, '');
    return rest.split(/[?#]/)[0] || '/';
}
const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** Where a URL's origin is a variable without a usable value, the output runs against this local one. */
const LOCAL_BASE = 'http://127.0.0.1:8080';
/** Every environment reference of the steps has a variable: the missing ones empty, named in "to set". */
function withReferencedVariables(steps, variables, notes) {
    const vars = [...variables];
    const known = new Set(vars.map((v) => v.key));
    for (const s of steps) {
        for (const text of [s.url, ...Object.entries(s.headers ?? {}).flat(), s.payload ?? '']) {
            for (const [, name] of text.matchAll(REFERENCE)) {
                if (known.has(name) || name.startsWith('data.') || (0,_variables_dynamic_js__WEBPACK_IMPORTED_MODULE_2__/* .isDynamicName */ .d_)(name.replace(/\(.*$/, '')))
                    continue;
                known.add(name);
                vars.push({ key: name, value: '' });
                notes.toSet.push(`${name} (used by step ${s.id}, no value in the source)`);
            }
        }
    }
    return vars.map((v) => (originVariables(steps).has(v.key) ? withOrigin(v, notes) : v));
}
/** The variables a step URL starts with (`{{baseUrl}}/users`): their values must be an http(s) origin. */
function originVariables(steps) {
    return new Set(steps.map((s) => /^\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/.exec(s.url)?.[1]).filter((name) => name !== undefined));
}
function withOrigin(v, notes) {
    if (/^https?:\/\//.test(v.value))
        return v;
    const value = v.value === '' ? LOCAL_BASE : `http://${v.value}`;
    notes.kept.push(`${v.key} starts the URLs: ${v.value === '' ? 'it has no value, so' : 'it has no scheme, so'} it is ${value} (change it with -e ${v.key}=…)`);
    return { ...v, value };
}
function plural(n, word) {
    return n === 1 ? word : `${word}s`;
}


/***/ }),

/***/ 8093:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  importCommand: () => (/* binding */ importCommand)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:stream/consumers"
var consumers_ = __webpack_require__(38321);
// EXTERNAL MODULE: ./src/settings/argv.ts
var argv = __webpack_require__(95631);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/definition/schema.ts
var schema = __webpack_require__(80182);
// EXTERNAL MODULE: ./src/definition/salvage.ts
var salvage = __webpack_require__(40308);
// EXTERNAL MODULE: ./src/engine/prepare.ts + 1 modules
var prepare = __webpack_require__(23115);
// EXTERNAL MODULE: ./src/cli/overrides.ts
var overrides = __webpack_require__(11991);
// EXTERNAL MODULE: ./src/import/assemble.ts
var assemble = __webpack_require__(57041);
// EXTERNAL MODULE: ./src/import/input.ts
var input = __webpack_require__(28437);
;// CONCATENATED MODULE: ./src/import/secrets.ts
const API_KEY_HEADER = /api[-_]?key|apikey|auth[-_]?token|access[-_]?token|x-auth|secret|session|csrf|xsrf|(^|-)(token|key)$/i;
const SECRET_QUERY = /^(api[-_]?key|apikey|key|token|access[-_]?token|id[-_]?token|auth|sig|signature|secret|client[-_]?secret|password|passwd|pwd|session|session[-_]?id|sid|code)$/i;
/** A JWT, or a long run of letters mixed with digits: what an opaque token looks like. */
const TOKEN_VALUE = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$|^(?=[\w.~+/=-]*\d)(?=[\w.~+/=-]*[A-Za-z])[\w.~+/=-]{32,}$/;
const WHOLE_REFERENCE = /^\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}$/;
function extractSecrets(requests, variables, keep) {
    const vault = new Vault(variables, keep);
    const out = requests.map((request, i) => {
        const where = `step ${i + 1}`;
        return {
            ...request,
            url: secretQuery(request.url, vault, where, new Set(request.secretQuery)),
            headers: request.headers.map(([name, value]) => [
                name,
                secretHeader(name, value, vault, where, request.secretHeaders?.includes(name)),
            ]),
        };
    });
    return { requests: out, variables: vault.variables(), found: vault.summary() };
}
function secretHeader(name, value, vault, where, credential = false) {
    const lower = name.toLowerCase();
    const at = `${name} header, ${where}`;
    if (lower === 'authorization' || lower === 'proxy-authorization') {
        const [, scheme, credentials] = /^(\S+)\s+(.+)$/.exec(value) ?? [];
        if (scheme === undefined || credentials === undefined)
            return vault.hide(lower === 'authorization' ? 'AUTHORIZATION' : 'PROXY_AUTHORIZATION', value, at);
        const key = /^bearer$/i.test(scheme) ? 'BEARER_TOKEN' : /^basic$/i.test(scheme) ? 'BASIC_AUTH' : `${upperSnake(scheme)}_CREDENTIALS`;
        return `${scheme} ${vault.hide(key, credentials, at)}`;
    }
    if (lower === 'cookie')
        return vault.hide('COOKIE', value, at);
    if (credential || API_KEY_HEADER.test(lower))
        return vault.hide(upperSnake(name), value, at);
    return value;
}
function secretQuery(url, vault, where, credentials) {
    const q = url.indexOf('?');
    if (q < 0)
        return url;
    const hash = url.indexOf('#', q);
    const end = hash < 0 ? url.length : hash;
    const pairs = url
        .slice(q + 1, end)
        .split('&')
        .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0)
            return pair;
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        if (!credentials.has(safeDecode(name)) && !SECRET_QUERY.test(safeDecode(name)) && !TOKEN_VALUE.test(safeDecode(value)))
            return pair;
        return `${name}=${vault.hide(upperSnake(safeDecode(name)), value, `query parameter ${safeDecode(name)}, ${where}`)}`;
    });
    return `${url.slice(0, q + 1)}${pairs.join('&')}${url.slice(end)}`;
}
/** The secret variables: one per distinct value, named after where it was first seen. */
class Vault {
    vars = new Map();
    byValue = new Map();
    uses = new Map();
    keep;
    constructor(variables, keep) {
        this.keep = keep;
        for (const v of variables) {
            this.vars.set(v.key, v.secret && !keep ? { ...v, value: '' } : { ...v });
            if (v.secret)
                this.use(v.key, 'marked secret in the source');
        }
    }
    /** The reference that replaces `value`: `{{KEY}}`, reusing the variable of an equal value. */
    hide(key, value, at) {
        const referenced = WHOLE_REFERENCE.exec(value)?.[1];
        if (referenced !== undefined)
            return this.markSecret(referenced, value, at);
        if (value.includes('{{')) {
            // Credentials written around references (`sid={{SID}}`): the referenced variables are the secrets.
            for (const [, name] of value.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g))
                this.markSecret(name, value, at);
            return value;
        }
        if (value === '')
            return value;
        let name = this.byValue.get(value);
        if (name === undefined) {
            name = this.freeName(key);
            this.byValue.set(value, name);
            this.vars.set(name, { key: name, value: this.keep ? value : '', secret: true });
        }
        this.use(name, at);
        return `{{${name}}}`;
    }
    markSecret(name, reference, at) {
        const existing = this.vars.get(name);
        this.vars.set(name, { key: name, value: this.keep ? (existing?.value ?? '') : '', secret: true });
        this.use(name, at);
        return reference;
    }
    freeName(key) {
        const base = /^[A-Za-z]/.test(key) ? key : `SECRET_${key}`;
        if (!this.vars.has(base))
            return base;
        for (let n = 2;; n++)
            if (!this.vars.has(`${base}_${n}`))
                return `${base}_${n}`;
    }
    use(name, at) {
        this.uses.set(name, [...(this.uses.get(name) ?? []), at]);
    }
    variables() {
        return [...this.vars.values()];
    }
    summary() {
        return [...this.uses].map(([name, uses]) => `${name}: ${where(uses)}`);
    }
}
/** ["Cookie header, step 1", "Cookie header, step 2"] → "Cookie header (steps 1, 2)". */
function where(uses) {
    const steps = new Map();
    for (const use of uses) {
        const [, what = use, step] = /^(.*), step (\d+)$/.exec(use) ?? [];
        steps.set(what, [...(steps.get(what) ?? []), ...(step === undefined ? [] : [step])]);
    }
    return [...steps]
        .map(([what, list]) => list.length === 0 ? what : `${what} (${list.length === 1 ? 'step' : 'steps'} ${[...new Set(list)].join(', ')})`)
        .join('; ');
}
/** "X-Api-Key" → "X_API_KEY": an environment variable name. */
function upperSnake(text) {
    return (text
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .toUpperCase() || 'SECRET');
}
function safeDecode(text) {
    try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
    }
    catch {
        return text;
    }
}

;// CONCATENATED MODULE: ./src/import/command.ts
// `loadgate import har|postman|openapi|curl <file|->`: what a team already has → a definition
// that passes `loadgate validate`, on stdout or in -o FILE, with a summary of what was kept and
// dropped on stderr. Each format is a thin adapter over its parser, loaded only for its format.











const FORMATS = {
    har: { label: 'HAR', load: async () => (await __webpack_require__.e(/* import() */ 927).then(__webpack_require__.bind(__webpack_require__, 30927))).importHar, flags: ['include', 'exclude', 'think-time'] },
    postman: { label: 'Postman collection', load: async () => (await Promise.all(/* import() */[__webpack_require__.e(785), __webpack_require__.e(103)]).then(__webpack_require__.bind(__webpack_require__, 65103))).importPostman, flags: ['environment'] },
    openapi: { label: 'OpenAPI document', load: async () => (await Promise.all(/* import() */[__webpack_require__.e(243), __webpack_require__.e(225), __webpack_require__.e(235)]).then(__webpack_require__.bind(__webpack_require__, 45529))).importOpenApi, flags: ['operation', 'tag'] },
    curl: { label: 'curl command lines', load: async () => (await __webpack_require__.e(/* import() */ 1).then(__webpack_require__.bind(__webpack_require__, 8001))).importCurl, flags: [] },
};
async function importCommand(args, io) {
    const flags = (0,argv/* parseCommandArgs */.Qx)('import', args);
    const [format = '', file] = flags.positionals;
    const output = flags.text('output');
    const keepSecrets = flags.flag('keep-secrets');
    const spec = FORMATS[format];
    if (!spec)
        throw new errors/* InputError */.dz([
            {
                path: 'format',
                message: `expected one of ${Object.keys(FORMATS).join(', ')}, got ${format ? `"${format}"` : 'nothing'} (loadgate import <format> <file|->)`,
            },
        ]);
    if (!file)
        throw new errors/* InputError */.dz([{ path: 'file', message: `expected the ${spec.label} to import: a file, or - for stdin` }]);
    checkFormatFlags(format, args);
    const readStdin = io.readStdin ?? (() => (0,consumers_.text)(process.stdin));
    const source = (0,errors/* valueOrThrow */.P7)(await (0,input/* readSource */.o$)(file, readStdin));
    const environmentFile = flags.text('environment');
    const environment = environmentFile === undefined ? undefined : (0,errors/* valueOrThrow */.P7)(await (0,input/* readSource */.o$)(environmentFile, readStdin));
    const adapter = await spec.load();
    const imported = (0,errors/* valueOrThrow */.P7)(await adapter(source, {
        include: flags.list('include'),
        exclude: flags.list('exclude'),
        thinkTime: flags.flag('think-time'),
        operations: flags.list('operation'),
        tags: flags.list('tag'),
        ...(environment && { environment }),
    }));
    const secrets = extractSecrets(imported.requests, imported.variables, keepSecrets);
    const raw = (0,errors/* valueOrThrow */.P7)((0,assemble/* assemble */.fT)({
        name: flags.text('name') ?? imported.title,
        requests: secrets.requests,
        variables: secrets.variables,
        notes: imported.notes,
        file: source.file,
    }));
    const load = { rate: flags.text('rate'), duration: flags.text('duration'), iterations: flags.text('iterations') };
    const definition = await checkedWithLoad(raw, output ?? '(imported definition)', load);
    const json = `${JSON.stringify({ $schema: schema/* LOADTEST_SCHEMA_ID */.Rv, ...definition }, null, 2)}\n`;
    if (output === undefined)
        io.out(json.trimEnd());
    else
        await (0,promises_.writeFile)(output, json);
    io.err(summary(spec.label, source.file, definition, imported, secrets.found, keepSecrets, output));
    return 0;
}
/** A flag of another format is a mistake worth saying, not an option silently ignored. */
function checkFormatFlags(format, args) {
    const foreign = Object.entries(FORMATS)
        .filter(([name]) => name !== format)
        .flatMap(([name, f]) => f.flags.map((flag) => ({ flag, name })))
        .filter(({ flag }) => !FORMATS[format].flags.includes(flag) && args.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`)));
    if (foreign.length > 0)
        throw new errors/* InputError */.dz(foreign.map(({ flag, name }) => ({ path: `--${flag}`, message: `applies to loadgate import ${name}, not ${format}` })));
}
/**
 * The load flags mean what they mean for `loadgate run` (applyLoadFlags), and the result is
 * checked as `loadgate validate` checks it: an import never writes a file that does not run.
 */
async function checkedWithLoad(raw, file, flags) {
    // Every problem in one report, as `loadgate validate` gives them (definition/salvage.ts).
    const { problems, salvaged } = (0,salvage/* validatedOrSalvaged */.Jr)(raw, file);
    if (!salvaged)
        throw new errors/* InputError */.dz(problems);
    const checked = await (0,errors/* inputProblems */.ri)(async () => {
        // The summary line states the iterations and seconds that result, so applyLoadFlags' notes are not repeated.
        const { loaded } = (0,errors/* valueOrThrow */.P7)((0,overrides/* applyLoadFlags */.o0)({ definition: salvaged.definition, file, dir: process.cwd() }, flags));
        // Secrets are written without their values (unless --keep-secrets): the run gives them.
        await (0,prepare/* checkTest */.rS)(loaded, { allowEmptySecrets: true });
        return loaded;
    });
    const all = [...problems, ...(0,salvage/* laterProblems */.bt)(checked.problems, problems, salvaged.replaced)];
    if (all.length > 0 || checked.value === undefined)
        throw new errors/* InputError */.dz(all);
    const { iteration_count, duration, load_type } = checked.value.definition.config_data;
    return { ...raw, config_data: { ...raw.config_data, iteration_count, duration, ...(load_type !== 'linear' && { load_type }) } };
}
function summary(label, file, definition, imported, secrets, kept, output) {
    const steps = definition.config_data.steps.length;
    const { iteration_count, duration } = definition.config_data;
    const lines = [
        `loadgate import: ${steps} ${(0,assemble/* plural */.LS)(steps, 'step')} from ${file} (${label}); ${iteration_count} iterations over ${duration} s`,
    ];
    const section = (title, items) => {
        if (items.length > 0)
            lines.push(`${title}:`, ...items.map((item) => `  - ${item}`));
    };
    section('kept', imported.notes.kept);
    section('dropped', imported.notes.dropped);
    section(kept
        ? 'secret variables (values kept in the file: --keep-secrets)'
        : 'secret variables (values not written: give them with --env-var NAME or -e NAME=VALUE)', secrets);
    section('to set (empty in the environment; give them with -e NAME=VALUE or edit the file)', imported.notes.toSet);
    if (output !== undefined)
        lines.push(`wrote ${output}; next: loadgate validate ${output}, then loadgate run ${output}`);
    return lines.join('\n');
}


/***/ }),

/***/ 28437:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m4: () => (/* binding */ nestingProblem),
/* harmony export */   o$: () => (/* binding */ readSource),
/* harmony export */   q1: () => (/* binding */ lineAndColumn),
/* harmony export */   qF: () => (/* binding */ parseJson)
/* harmony export */ });
/* unused harmony export MAX_IMPORT_DEPTH */
/* harmony import */ var jsonc_parser__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(99547);
/* harmony import */ var jsonc_parser__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(jsonc_parser__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _definition_text_file_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(96093);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8301);
// Reading what is imported: a file or stdin ("-"), as text, then JSON with the line and column of
// a syntax error, so that bad input names its file and place (YAML: openapi.ts).




async function readSource(file, readStdin) {
    if (file === '-')
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)({ file: 'stdin', text: await readStdin() });
    const read = await (0,_definition_text_file_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(file, _definition_text_file_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DATA_BYTES */ .yL);
    if (!read.ok)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)([{ file, path: '$', message: `cannot read the file to import: ${read.reason}` }]);
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)({ file, text: read.value });
}
/**
 * The deepest nesting of arrays and objects an imported document may have: far more than a HAR
 * file, a Postman collection's folders or an OpenAPI document's schemas need, and little enough
 * for the parsers, whose recursion goes one level deeper per level of nesting (100,000 levels
 * exhaust the stack; the YAML parser takes seconds and hundreds of MB on them).
 */
const MAX_IMPORT_DEPTH = 256;
/** Parsed, not `T | Problem`: a JSON value may itself look like a Problem. */
function parseJson(source, what) {
    const errors = [];
    const text = source.text.replace(/^\uFEFF/, '');
    const tooDeep = nestingProblem(source.file, text);
    if (tooDeep)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)([tooDeep]);
    const value = (0,jsonc_parser__WEBPACK_IMPORTED_MODULE_0__.parse)(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    if (first) {
        const { line, column } = lineAndColumn(text, first.offset);
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)([
            {
                file: source.file,
                path: `line ${line}, column ${column}`,
                line,
                column,
                message: `expected ${what} (JSON), found a syntax error: ${readable((0,jsonc_parser__WEBPACK_IMPORTED_MODULE_0__.printParseErrorCode)(first.error))}`,
            },
        ]);
    }
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)(value);
}
function lineAndColumn(text, offset) {
    const lines = text.slice(0, offset).split('\n');
    return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
/** "CommaExpected" → "comma expected". */
function readable(code) {
    return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
/**
 * A problem when JSON `text` nests arrays and objects deeper than `max`, naming the line, column
 * and JSON path where it did. One pass over the characters with a stack of its own (strings
 * skipped, keys kept for the path), so that no depth of input can exhaust the call stack; text
 * that is not JSON is left to the parser to report.
 */
function nestingProblem(file, text, max = MAX_IMPORT_DEPTH) {
    const frames = [];
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
            i = skipString(text, i, frames.at(-1));
        }
        else if (c === '{' || c === '[') {
            if (frames.length === max)
                return tooDeep(file, text, i, frames, max);
            frames.push(c === '{' ? { key: '', expectKey: true } : { index: 0 });
        }
        else if (c === '}' || c === ']') {
            frames.pop();
        }
        else if (c === ',' || c === ':') {
            separated(frames.at(-1), c);
        }
    }
    return undefined;
}
/** Skips the string opening at `start`, kept as the key when an object expects one: the index of its closing quote. */
function skipString(text, start, top) {
    const end = stringEnd(text, start);
    if (top && 'expectKey' in top && top.expectKey)
        top.key = keyOf(text.slice(start, end + 1));
    return end;
}
/** A `,` moves an array to its next index; in an object a `,` says a key comes next, a `:` its value. */
function separated(top, c) {
    if (top && 'index' in top && c === ',')
        top.index++;
    else if (top && 'expectKey' in top)
        top.expectKey = c === ',';
}
function tooDeep(file, text, at, frames, max) {
    const { line, column } = lineAndColumn(text, at);
    const message = `arrays and objects nested more than ${max} levels deep; an import needs far fewer`;
    return { file, path: pathOf(frames), line, column, message };
}
/** The index of the quote that closes the string opening at `start` (or the text's last index). */
function stringEnd(text, start) {
    for (let i = start + 1; i < text.length; i++) {
        if (text[i] === '\\')
            i++;
        else if (text[i] === '"')
            return i;
    }
    return text.length - 1;
}
function keyOf(quoted) {
    try {
        return String(JSON.parse(quoted));
    }
    catch {
        return quoted;
    }
}
function pathOf(frames) {
    return `$${frames.map((f) => ('index' in f ? `[${f.index}]` : (0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .member */ .Dc)(f.key))).join('')}`;
}


/***/ })

};
