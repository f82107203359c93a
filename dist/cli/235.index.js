export const id = 235;
export const ids = [235];
export const modules = {

/***/ 92566:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 92566;
module.exports = webpackEmptyAsyncContext;

/***/ }),

/***/ 82466:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 82466;
module.exports = webpackEmptyAsyncContext;

/***/ }),

/***/ 45529:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   importOpenApi: () => (/* binding */ importOpenApi),
/* harmony export */   parseYaml: () => (/* binding */ parseYaml)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _apidevtools_swagger_parser__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(55559);
/* harmony import */ var _apidevtools_swagger_parser__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(_apidevtools_swagger_parser__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(83916);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8301);
/* harmony import */ var _assemble_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(57041);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(38815);
/* harmony import */ var _input_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(28437);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(20984);
// OpenAPI 3.0/3.1 and Swagger 2.0 (YAML or JSON) → one request per operation, with `$ref`s
// resolved by @apidevtools/swagger-parser. Values come from the document's example, examples and
// default; what has none becomes a `{{VAR}}` named in the summary (docs/import.md, "OpenAPI").








const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** How deep an example body is built from a schema (schemas may refer to themselves). */
const MAX_DEPTH = 6;
/** Variables left for the user, one per name, each noted once. */
class Placeholders {
    variables = new Map();
    notes;
    constructor(notes) {
        this.notes = notes;
    }
    reference(raw, what) {
        const key = raw.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^[^A-Za-z]+/, '') || 'VALUE';
        if (!this.variables.has(key)) {
            this.variables.set(key, { key, value: '' });
            this.notes.toSet.push(`${key} (${what}, no example in the document)`);
        }
        return `{{${key}}}`;
    }
}
async function importOpenApi(source, options) {
    const yaml = parseYaml(source, 'an OpenAPI document');
    if (!yaml.ok)
        return yaml;
    const version = versionOf(yaml.value, source.file);
    if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .isProblem */ .AN)(version))
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .failed */ .gz)([version]);
    const document = await dereferenced(source, yaml.value);
    if (!document.ok)
        return document;
    const operations = chosen(operationsOf(document.value), options, source.file);
    if (!operations.ok)
        return operations;
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .parsed */ .Yz)(imported(document.value, version, operations.value));
}
function imported(document, version, operations) {
    const notes = (0,_types_js__WEBPACK_IMPORTED_MODULE_6__/* .emptyNotes */ .$)();
    const placeholders = new Placeholders(notes);
    const base = baseUrl(document, version, notes);
    const requests = operations.map((op) => request(op, document, version, placeholders));
    notes.kept.push(`${operations.length} of ${operationsOf(document).length} operations; the server URL as {{BASE_URL}} = ${base}`);
    const info = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(document.info) ? document.info : {};
    return {
        title: typeof info.title === 'string' && info.title !== '' ? info.title : 'OpenAPI import',
        requests,
        variables: [{ key: 'BASE_URL', value: base }, ...placeholders.variables.values()],
        notes,
    };
}
function versionOf(raw, file) {
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(raw) && typeof raw.openapi === 'string' && /^3\.[01]\./.test(raw.openapi))
        return 3;
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(raw) && String(raw.swagger) === '2.0')
        return 2;
    const found = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(raw) ? (raw.openapi ?? raw.swagger) : undefined;
    return {
        file,
        path: found === undefined ? '$' : (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(raw) && raw.openapi !== undefined ? '$.openapi' : '$.swagger',
        message: `expected an OpenAPI 3.0/3.1 document (openapi: 3.x.y) or Swagger 2.0 (swagger: "2.0")${found === undefined ? '' : `, got ${JSON.stringify(found)}`}`,
    };
}
async function dereferenced(source, document) {
    const at = (0,node_path__WEBPACK_IMPORTED_MODULE_0__.resolve)(source.file === 'stdin' ? 'stdin.yaml' : source.file);
    try {
        // Only references inside the document and to local files are followed: no network.
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .parsed */ .Yz)((await _apidevtools_swagger_parser__WEBPACK_IMPORTED_MODULE_1___default().dereference(at, document, { resolve: { http: false } })));
    }
    catch (err) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .failed */ .gz)([
            { file: source.file, path: '$ref', message: `cannot resolve the document's references: ${err.message.split('\n')[0]}` },
        ]);
    }
}
function baseUrl(document, version, notes) {
    let url;
    if (version === 3) {
        const server = Array.isArray(document.servers) && (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(document.servers[0]) ? document.servers[0] : undefined;
        const variables = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(server?.variables) ? server.variables : {};
        url = String(server?.url ?? '').replace(/\{([^}]+)\}/g, (whole, name) => {
            const v = variables[name];
            return (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(v) && v.default !== undefined ? String(v.default) : whole;
        });
    }
    else {
        const scheme = Array.isArray(document.schemes) && typeof document.schemes[0] === 'string' ? document.schemes[0] : 'http';
        url =
            typeof document.host === 'string'
                ? `${scheme}://${document.host}${String(document.basePath ?? '')}`
                : String(document.basePath ?? '');
    }
    url = url.replace(/\/+$/, '');
    if (/^https?:\/\//.test(url))
        return url;
    notes.kept.push(`the server URL ${JSON.stringify(url || '(none)')} is not absolute: BASE_URL is ${_assemble_js__WEBPACK_IMPORTED_MODULE_3__/* .LOCAL_BASE */ .MZ}${url}; change it with -e BASE_URL=…`);
    return `${_assemble_js__WEBPACK_IMPORTED_MODULE_3__/* .LOCAL_BASE */ .MZ}${url}`;
}
function operationsOf(document) {
    const paths = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(document.paths) ? document.paths : {};
    return Object.entries(paths).flatMap(([path, item]) => {
        if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(item))
            return [];
        const shared = Array.isArray(item.parameters) ? item.parameters.filter(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4) : [];
        return METHODS.filter((m) => (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(item[m])).map((method) => {
            const node = item[method];
            const own = Array.isArray(node.parameters) ? node.parameters.filter(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4) : [];
            const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
            const id = typeof node.operationId === 'string' ? node.operationId : `${method.toUpperCase()} ${path}`;
            return { id, method: method.toUpperCase(), path, node, parameters };
        });
    });
}
function chosen(all, options, file) {
    const problems = [
        ...options.operations
            .filter((o) => !all.some((op) => op.id === o))
            .map((o) => ({
            path: '--operation',
            message: `no operation ${JSON.stringify(o)} in ${file}; its operations: ${all.map((op) => op.id).join(', ')}`,
        })),
        ...options.tags
            .filter((t) => !all.some((op) => tagsOf(op).includes(t)))
            .map((t) => ({ path: '--tag', message: `no operation tagged ${JSON.stringify(t)} in ${file}` })),
    ];
    const everything = options.operations.length === 0 && options.tags.length === 0;
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .parsedUnless */ .oQ)(problems, everything ? all : all.filter((op) => options.operations.includes(op.id) || tagsOf(op).some((t) => options.tags.includes(t))));
}
function tagsOf(op) {
    return Array.isArray(op.node.tags) ? op.node.tags.map(String) : [];
}
function request(op, document, version, placeholders) {
    const parts = { path: op.path, query: [], headers: [], secretHeaders: [], secretQuery: [] };
    for (const p of op.parameters)
        addParameter(parts, p, op, version, placeholders);
    for (const credential of security(op, document, version))
        addCredential(parts, credential);
    const body = bodyOf(op, document, version, placeholders);
    if (body)
        parts.headers.push(['Content-Type', body.type]);
    return {
        name: op.id,
        method: op.method,
        url: `{{BASE_URL}}${parts.path}${parts.query.length > 0 ? `?${parts.query.join('&')}` : ''}`,
        headers: parts.headers,
        ...(body && { body: body.text }),
        secretHeaders: parts.secretHeaders,
        secretQuery: parts.secretQuery,
    };
}
/**
 * A parameter in its place (path, query or header): its example, or, when it has none but is
 * required, a placeholder, which goes in unencoded so that the run can put its value there.
 */
function addParameter(parts, p, op, version, placeholders) {
    if (p.in === 'body' || p.in === 'formData')
        return; // Swagger 2's bodies: bodyOf
    const name = String(p.name);
    const value = exampleOf(p, version);
    const required = p.required === true || p.in === 'path';
    if (value === undefined && !required)
        return;
    const text = value === undefined ? placeholders.reference(name, `${p.in} parameter of ${op.id}`) : String(value);
    if (p.in === 'path')
        parts.path = parts.path.replaceAll(`{${name}}`, value === undefined ? text : encodeURIComponent(text));
    else if (p.in === 'query')
        parts.query.push(`${encodeURIComponent(name)}=${value === undefined ? text : encodeURIComponent(text)}`);
    else if (p.in === 'header')
        parts.headers.push([name, text]);
}
/** A credential in the query or a header, its name kept among the secrets. */
function addCredential(parts, credential) {
    if (credential.in === 'query') {
        parts.query.push(`${encodeURIComponent(credential.name)}=${credential.value}`);
        parts.secretQuery.push(credential.name);
    }
    else {
        parts.headers.push([credential.name, credential.value]);
        parts.secretHeaders.push(credential.name);
    }
}
/** A parameter's or media type's value from the document: example, first of examples, default, first enum value. */
function exampleOf(node, version) {
    if (node.example !== undefined)
        return node.example;
    if (version === 2 && node['x-example'] !== undefined)
        return node['x-example'];
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(node.examples)) {
        const first = Object.values(node.examples)[0];
        if ((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(first) && first.value !== undefined)
            return first.value;
        if (version === 2 && first !== undefined)
            return first;
    }
    const schema = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(node.schema) ? node.schema : version === 2 ? node : {};
    if (schema.example !== undefined)
        return schema.example;
    if (schema.default !== undefined)
        return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
        return schema.enum[0];
    return undefined;
}
function bodyOf(op, document, version, placeholders) {
    if (version === 2) {
        const consumes = [op.node.consumes, document.consumes].find(Array.isArray)?.map(String) ?? ['application/json'];
        const bodyParam = op.parameters.find((p) => p.in === 'body');
        if (bodyParam)
            return mediaBody(consumes.find((c) => c.includes('json')) ?? consumes[0] ?? 'application/json', bodyParam, version, op, placeholders);
        const form = op.parameters.filter((p) => p.in === 'formData');
        if (form.length === 0)
            return undefined;
        const pairs = form.map((p) => [
            String(p.name),
            String(exampleOf(p, version) ?? placeholders.reference(`${op.id}_${String(p.name)}`, `form field of ${op.id}`)),
        ]);
        return {
            type: 'application/x-www-form-urlencoded',
            text: pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('{{') ? v : encodeURIComponent(v)}`).join('&'),
        };
    }
    const content = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(op.node.requestBody) && (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(op.node.requestBody.content) ? op.node.requestBody.content : undefined;
    if (!content)
        return undefined;
    const types = Object.keys(content);
    const type = types.find((t) => /json/.test(t)) ?? types[0];
    if (type === undefined || !(0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(content[type]))
        return undefined;
    return mediaBody(type, content[type], version, op, placeholders);
}
function mediaBody(type, media, version, op, placeholders) {
    const example = exampleOf(media, version);
    if (example !== undefined)
        return { type, text: typeof example === 'string' ? example : JSON.stringify(example) };
    if (!/json/.test(type))
        return { type, text: placeholders.reference(`${op.id}_body`, `request body of ${op.id}`) };
    return { type, text: sampleJson((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(media.schema) ? media.schema : {}, op.id, placeholders) };
}
/**
 * A JSON body from the schema: required properties and those with an example or default; a value
 * the schema does not give is a `{{VAR}}` (quoted for strings, bare for numbers and booleans).
 */
function sampleJson(schema, prefix, placeholders) {
    const marks = new Map();
    const value = sample(schema, prefix, 0, (name, type) => {
        const mark = `\u0000${marks.size}\u0000`;
        const reference = placeholders.reference(name, `request body field of ${prefix}`);
        marks.set(mark, type === 'string' ? `"${reference}"` : reference);
        return mark;
    });
    return JSON.stringify(value).replace(/"\\u0000(\d+)\\u0000"/g, (_whole, n) => marks.get(`\u0000${n}\u0000`));
}
function sample(schema, name, depth, placeholder) {
    for (const key of ['example', 'default', 'const'])
        if (schema[key] !== undefined)
            return schema[key];
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
        return schema.enum[0];
    if (Array.isArray(schema.allOf)) {
        const merged = schema.allOf.filter(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4).map((part) => sample(part, name, depth, placeholder));
        return merged.every(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4) ? Object.assign({}, ...merged) : merged[0];
    }
    const choice = [schema.oneOf, schema.anyOf].find(Array.isArray)?.find(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4);
    if (choice)
        return sample(choice, name, depth, placeholder);
    const type = Array.isArray(schema.type)
        ? String(schema.type.find((t) => t !== 'null'))
        : String(schema.type ?? ((0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(schema.properties) ? 'object' : 'string'));
    if (depth >= MAX_DEPTH)
        return placeholder(name, type === 'object' || type === 'array' ? 'string' : type);
    if (type === 'object') {
        const properties = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(schema.properties) ? schema.properties : {};
        const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
        return Object.fromEntries(Object.entries(properties)
            .filter(([key, prop]) => (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(prop) && (required.includes(key) || prop.example !== undefined || prop.default !== undefined))
            .map(([key, prop]) => [key, sample(prop, `${name}_${key}`, depth + 1, placeholder)]));
    }
    if (type === 'array')
        return (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(schema.items) ? [sample(schema.items, name, depth + 1, placeholder)] : [];
    return placeholder(name, type);
}
/** The credentials of the operation's first security requirement, as `{{VAR}}`s the secrets step makes secret. */
function security(op, document, version) {
    const requirements = Array.isArray(op.node.security) ? op.node.security : Array.isArray(document.security) ? document.security : [];
    const first = requirements.find(_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4);
    if (!first)
        return [];
    const components = (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(document.components) ? document.components : {};
    const schemes = version === 3
        ? (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(components.securitySchemes)
            ? components.securitySchemes
            : {}
        : (0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(document.securityDefinitions)
            ? document.securityDefinitions
            : {};
    return Object.keys(first).flatMap((key) => {
        const scheme = schemes[key];
        if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u4)(scheme))
            return [];
        const variable = `{{${key
            .replace(/[^A-Za-z0-9_]+/g, '_')
            .replace(/^[^A-Za-z]+/, '')
            .toUpperCase() || 'CREDENTIALS'}}}`;
        if (scheme.type === 'apiKey') {
            if (scheme.in === 'query')
                return [{ name: String(scheme.name), value: variable, in: 'query' }];
            if (scheme.in === 'cookie')
                return [{ name: 'Cookie', value: `${String(scheme.name)}=${variable}` }];
            return [{ name: String(scheme.name), value: variable }];
        }
        if (scheme.type === 'basic' || (scheme.type === 'http' && /^basic$/i.test(String(scheme.scheme))))
            return [{ name: 'Authorization', value: `Basic ${variable}` }];
        return [{ name: 'Authorization', value: `Bearer ${variable}` }];
    });
}
/** YAML 1.2, which JSON documents are too. Parsed, not `T | Problem`: a document may itself look like a Problem. */
function parseYaml(source, what) {
    // A document in JSON (YAML's flow style, which nests without indenting) is checked for its
    // depth before the YAML parser sees it.
    const tooDeep = /^\uFEFF?\s*[[{]/.test(source.text) ? (0,_input_js__WEBPACK_IMPORTED_MODULE_5__/* .nestingProblem */ .m4)(source.file, source.text.replace(/^\uFEFF/, '')) : undefined;
    if (tooDeep)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .failed */ .gz)([tooDeep]);
    const document = (0,yaml__WEBPACK_IMPORTED_MODULE_4__/* .parseDocument */ .Tp)(source.text, { prettyErrors: false });
    const first = document.errors[0];
    if (first) {
        const { line, column } = (0,_input_js__WEBPACK_IMPORTED_MODULE_5__/* .lineAndColumn */ .q1)(source.text, first.pos[0]);
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .failed */ .gz)([
            {
                file: source.file,
                path: `line ${line}, column ${column}`,
                line,
                column,
                message: `expected ${what} (YAML or JSON), found a syntax error: ${first.message.split('\n')[0]}`,
            },
        ]);
    }
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .parsed */ .Yz)(document.toJS({ maxAliasCount: 1000 }));
}


/***/ }),

/***/ 20984:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ emptyNotes)
/* harmony export */ });
// What every format adapter hands to the shared pieces (secrets, naming, assembly): requests in
// order, the variables they use, and what was kept and dropped on the way.
function emptyNotes() {
    return { kept: [], dropped: [], toSet: [] };
}


/***/ })

};
