export const id = 103;
export const ids = [103];
export const modules = {

/***/ 65103:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   importPostman: () => (/* binding */ importPostman)
/* harmony export */ });
/* harmony import */ var postman_collection__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(28785);
/* harmony import */ var postman_collection__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(postman_collection__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(83916);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8301);
/* harmony import */ var _input_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(28437);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(20984);
// Postman Collection v2.0/v2.1 → requests, read with Postman's own SDK (postman-collection):
// folders flattened in order, steps named by their path, variables of the collection and of an
// environment file (--environment) as the definition's environment, auth blocks as headers
// (docs/import.md, "Postman").





/** Postman's dynamic variables that loadgate has under another name. */
const DYNAMIC = {
    $guid: '_randomUUID',
    $randomUUID: '_randomUUID',
    $timestamp: '_timestamp',
    $isoTimestamp: '_isoTimestamp',
    $randomInt: '_randomInt',
    $randomBoolean: '_randomBoolean',
    $randomAlphaNumeric: '_randomString(1)',
};
const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
async function importPostman(source, options) {
    const json = (0,_input_js__WEBPACK_IMPORTED_MODULE_2__/* .parseJson */ .qF)(source, 'a Postman collection');
    if (!json.ok)
        return json;
    const version = versionProblem(json.value, source.file);
    if (version)
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)([version]);
    const environment = options.environment ? environmentOf(options.environment) : (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)(undefined);
    if (!environment.ok)
        return environment;
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)(imported(json.value, environment.value));
}
function environmentOf(source) {
    const env = (0,_input_js__WEBPACK_IMPORTED_MODULE_2__/* .parseJson */ .qF)(source, 'a Postman environment');
    if (!env.ok)
        return env;
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(env.value) || !Array.isArray(env.value.values)) {
        return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .failed */ .gz)([
            {
                file: source.file,
                path: '$.values',
                message: 'not a Postman environment: expected {"name": …, "values": [{"key": …, "value": …}]}',
            },
        ]);
    }
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .parsed */ .Yz)({ name: env.value.name ?? source.file, values: env.value.values });
}
function imported(raw, environment) {
    const collection = new (postman_collection__WEBPACK_IMPORTED_MODULE_0___default().Collection)(raw);
    const notes = (0,_types_js__WEBPACK_IMPORTED_MODULE_4__/* .emptyNotes */ .$)();
    const variables = new Map();
    for (const v of raw.variable ?? [])
        addVariable(variables, v, false);
    if (environment) {
        for (const v of environment.values)
            addVariable(variables, v, true);
        notes.kept.push(`the variables of the environment ${JSON.stringify(environment.name)} (over the collection's)`);
    }
    if (variables.size > 0)
        notes.kept.push(`${variables.size} ${variables.size === 1 ? 'variable' : 'variables'} as the definition's environment`);
    collectScripts(raw, [], notes);
    const requests = [];
    collection.forEachItem((item) => {
        const request = itemRequest(item, variables, notes);
        if (request)
            requests.push(request);
    });
    const renamed = renameVariables(requests, variables, notes);
    return { title: collection.name || 'Postman collection', requests: renamed.requests, variables: renamed.variables, notes };
}
/** Why the JSON is not a collection this import reads, or undefined when it is one. */
function versionProblem(raw, file) {
    if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(raw) && Array.isArray(raw.requests)) {
        return {
            file,
            path: '$.requests',
            message: 'a Postman Collection v1, which is not read: export it again from Postman as Collection v2.1',
        };
    }
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(raw) || !(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(raw.info) || !Array.isArray(raw.item)) {
        return { file, path: '$', message: 'not a Postman collection: expected {"info": {…}, "item": […]} (Collection v2.0 or v2.1)' };
    }
    const schema = String(raw.info.schema ?? '');
    if (schema !== '' && !/\/v2\.[01]\.\d+\//.test(schema)) {
        return { file, path: '$.info.schema', message: `expected Postman Collection v2.0 or v2.1, got ${JSON.stringify(schema)}` };
    }
    return undefined;
}
function addVariable(variables, v, fromEnvironment) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(v) || typeof v.key !== 'string' || v.disabled === true || v.enabled === false)
        return;
    const secret = fromEnvironment && v.type === 'secret';
    variables.set(v.key, { key: v.key, value: v.value === undefined || v.value === null ? '' : String(v.value), ...(secret && { secret }) });
}
/** Scripts are not run: each one is named in the summary, so a login flow that needs one is noticed. */
function collectScripts(node, path, notes) {
    if (!(0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(node))
        return;
    const name = path.join(' / ') || 'the collection';
    for (const event of Array.isArray(node.event) ? node.event : []) {
        if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(event) && (event.listen === 'prerequest' || event.listen === 'test')) {
            notes.dropped.push(`${event.listen === 'test' ? 'test' : 'pre-request'} script of ${name} (scripts are not run)`);
        }
    }
    for (const child of Array.isArray(node.item) ? node.item : []) {
        if ((0,_json_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(child))
            collectScripts(child, [...path, String(child.name ?? '')], notes);
    }
}
function itemRequest(item, variables, notes) {
    const name = pathOf(item);
    const request = item.request;
    let url = request.url.toString();
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) && !url.startsWith('{{'))
        url = `http://${url}`;
    const headers = request.headers
        .all()
        .filter((h) => !h.disabled)
        .map((h) => [h.key ?? '', String(h.value ?? '')]);
    const secretHeaders = [];
    const secretQuery = [];
    const auth = item.getAuth();
    if (auth && auth.type !== 'noauth') {
        const added = authHeader(auth.type, auth.parameters().toObject(), variables);
        if (added === undefined)
            notes.dropped.push(`${auth.type} auth of ${name} (only bearer, basic and API key are imported)`);
        else if (added.in === 'query') {
            url += `${url.includes('?') ? '&' : '?'}${encodeURIComponent(added.name)}=${added.value}`;
            secretQuery.push(added.name);
        }
        else {
            headers.push([added.name, added.value]);
            secretHeaders.push(added.name);
        }
    }
    const body = bodyOf(request.body, headers, name, notes);
    return { name, method: request.method.toUpperCase(), url, headers, ...(body !== undefined && { body }), secretHeaders, secretQuery };
}
function pathOf(item) {
    const names = [item.name];
    for (let parent = item.parent(); parent && postman_collection__WEBPACK_IMPORTED_MODULE_0___default().ItemGroup.isItemGroup(parent) && !postman_collection__WEBPACK_IMPORTED_MODULE_0___default().Collection.isCollection(parent); parent = parent.parent()) {
        names.unshift(String(parent.name));
    }
    return names.join(' / ');
}
function authHeader(type, p, variables) {
    switch (type) {
        case 'bearer':
            return { name: 'Authorization', value: `Bearer ${p.token ?? ''}` };
        case 'basic':
            return {
                name: 'Authorization',
                value: `Basic ${Buffer.from(`${resolve(p.username ?? '', variables)}:${resolve(p.password ?? '', variables)}`).toString('base64')}`,
            };
        case 'apikey':
            return { name: p.key || 'X-API-Key', value: p.value ?? '', ...(p.in === 'query' && { in: 'query' }) };
        default:
            return undefined;
    }
}
/** Basic credentials are sent encoded, so their variables are resolved first (an unknown one stays as written). */
function resolve(text, variables) {
    return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name) => variables.get(name)?.value ?? whole);
}
function bodyOf(body, headers, name, notes) {
    if (!body || body.disabled || !body.mode)
        return undefined;
    const setType = (type) => {
        if (!headers.some(([h]) => h.toLowerCase() === 'content-type'))
            headers.push(['Content-Type', type]);
    };
    switch (body.mode) {
        case 'raw': {
            const language = body.options?.raw?.language;
            if (language === 'json')
                setType('application/json');
            return body.raw ?? '';
        }
        case 'urlencoded':
            setType('application/x-www-form-urlencoded');
            return new URLSearchParams((body.urlencoded?.all() ?? []).filter((p) => !p.disabled).map((p) => [p.key ?? '', String(p.value ?? '')])).toString();
        case 'graphql': {
            setType('application/json');
            const { query, variables } = (body.graphql ?? {});
            return JSON.stringify({ query, ...(variables ? { variables: safeJson(variables) } : {}) });
        }
        default:
            notes.dropped.push(`${body.mode} body of ${name} (write the payload by hand)`);
            return undefined;
    }
}
function safeJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
/**
 * Postman names may hold spaces, dots or dashes, and `{{$guid}}`-style dynamic values: the
 * definition's names are letters, digits and "_", so references are rewritten to match.
 */
function renameVariables(requests, variables, notes) {
    const taken = new Set([...variables.keys()].filter((k) => KEY.test(k)));
    const names = new Map();
    const nameOf = (key) => {
        if (KEY.test(key))
            return key;
        let name = names.get(key);
        if (name === undefined) {
            const base = key.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^[^A-Za-z]+/, '') || 'VAR';
            name = base;
            for (let n = 2; taken.has(name); n++)
                name = `${base}_${n}`;
            taken.add(name);
            names.set(key, name);
            notes.kept.push(`variable "${key}" as ${name} (a definition's variable names are letters, digits and _)`);
        }
        return name;
    };
    const rewrite = (text) => text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_whole, key) => {
        if (key.startsWith('$'))
            return dynamic(key, notes);
        return `{{${nameOf(key)}}}`;
    });
    const out = requests.map((r) => ({
        ...r,
        url: rewrite(r.url),
        headers: r.headers.map(([n, v]) => [rewrite(n), rewrite(v)]),
        ...(r.body !== undefined && { body: rewrite(r.body) }),
    }));
    return { requests: out, variables: [...variables.values()].map((v) => ({ ...v, key: nameOf(v.key) })) };
}
function dynamic(key, notes) {
    const name = DYNAMIC[key];
    if (name)
        return `{{${name}}}`;
    const placeholder = key.slice(1).replace(/[^A-Za-z0-9_]/g, '_');
    notes.dropped.push(`Postman's dynamic value {{${key}}}, which has no equivalent: {{${placeholder}}} is left to set`);
    return `{{${placeholder}}}`;
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
