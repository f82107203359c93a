// OpenAPI 3.0/3.1 and Swagger 2.0 (YAML or JSON) → one request per operation, with `$ref`s
// resolved by @apidevtools/swagger-parser. Values come from the document's example, examples and
// default; what has none becomes a `{{VAR}}` named in the summary (docs/import.md, "OpenAPI").
import { resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { failed, isProblem, type Parsed, type Problem, parsed, parsedUnless } from '../errors.ts';
import { isRecord } from '../json.ts';
import { LOCAL_BASE } from './assemble.ts';
import { parseDocument } from 'yaml';
import { lineAndColumn, nestingProblem } from './input.ts';
import {
  type AdapterOptions,
  emptyNotes,
  type Imported,
  type ImportedRequest,
  type ImportedVariable,
  type Notes,
  type Source,
} from './types.ts';

type Node = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** How deep an example body is built from a schema (schemas may refer to themselves). */
const MAX_DEPTH = 6;

interface Operation {
  id: string;
  method: string;
  path: string;
  node: Node;
  parameters: Node[];
}

/** Variables left for the user, one per name, each noted once. */
class Placeholders {
  readonly variables = new Map<string, ImportedVariable>();
  private readonly notes: Notes;
  constructor(notes: Notes) {
    this.notes = notes;
  }

  reference(raw: string, what: string): string {
    const key = raw.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^[^A-Za-z]+/, '') || 'VALUE';
    if (!this.variables.has(key)) {
      this.variables.set(key, { key, value: '' });
      this.notes.toSet.push(`${key} (${what}, no example in the document)`);
    }
    return `{{${key}}}`;
  }
}

export async function importOpenApi(source: Source, options: AdapterOptions): Promise<Parsed<Imported>> {
  const yaml = parseYaml(source, 'an OpenAPI document');
  if (!yaml.ok) return yaml;
  const version = versionOf(yaml.value, source.file);
  if (isProblem(version)) return failed([version]);
  const document = await dereferenced(source, yaml.value);
  if (!document.ok) return document;
  const operations = chosen(operationsOf(document.value), options, source.file);
  if (!operations.ok) return operations;
  return parsed(imported(document.value, version, operations.value));
}

function imported(document: Node, version: 2 | 3, operations: Operation[]): Imported {
  const notes = emptyNotes();
  const placeholders = new Placeholders(notes);
  const base = baseUrl(document, version, notes);
  const requests = operations.map((op) => request(op, document, version, placeholders));
  notes.kept.push(`${operations.length} of ${operationsOf(document).length} operations; the server URL as {{BASE_URL}} = ${base}`);
  const info = isRecord(document.info) ? document.info : {};
  return {
    title: typeof info.title === 'string' && info.title !== '' ? info.title : 'OpenAPI import',
    requests,
    variables: [{ key: 'BASE_URL', value: base }, ...placeholders.variables.values()],
    notes,
  };
}

function versionOf(raw: unknown, file: string): 2 | 3 | Problem {
  if (isRecord(raw) && typeof raw.openapi === 'string' && /^3\.[01]\./.test(raw.openapi)) return 3;
  if (isRecord(raw) && String(raw.swagger) === '2.0') return 2;
  const found = isRecord(raw) ? (raw.openapi ?? raw.swagger) : undefined;
  return {
    file,
    path: found === undefined ? '$' : isRecord(raw) && raw.openapi !== undefined ? '$.openapi' : '$.swagger',
    message: `expected an OpenAPI 3.0/3.1 document (openapi: 3.x.y) or Swagger 2.0 (swagger: "2.0")${found === undefined ? '' : `, got ${JSON.stringify(found)}`}`,
  };
}

async function dereferenced(source: Source, document: unknown): Promise<Parsed<Node>> {
  const at = resolve(source.file === 'stdin' ? 'stdin.yaml' : source.file);
  try {
    // Only references inside the document and to local files are followed: no network.
    return parsed((await SwaggerParser.dereference(at, document as never, { resolve: { http: false } })) as unknown as Node);
  } catch (err) {
    return failed([
      { file: source.file, path: '$ref', message: `cannot resolve the document's references: ${(err as Error).message.split('\n')[0]}` },
    ]);
  }
}

function baseUrl(document: Node, version: 2 | 3, notes: Notes): string {
  let url: string;
  if (version === 3) {
    const server = Array.isArray(document.servers) && isRecord(document.servers[0]) ? document.servers[0] : undefined;
    const variables = isRecord(server?.variables) ? server.variables : {};
    url = String(server?.url ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const v = variables[name];
      return isRecord(v) && v.default !== undefined ? String(v.default) : whole;
    });
  } else {
    const scheme = Array.isArray(document.schemes) && typeof document.schemes[0] === 'string' ? document.schemes[0] : 'http';
    url =
      typeof document.host === 'string'
        ? `${scheme}://${document.host}${String(document.basePath ?? '')}`
        : String(document.basePath ?? '');
  }
  url = url.replace(/\/+$/, '');
  if (/^https?:\/\//.test(url)) return url;
  notes.kept.push(
    `the server URL ${JSON.stringify(url || '(none)')} is not absolute: BASE_URL is ${LOCAL_BASE}${url}; change it with -e BASE_URL=…`,
  );
  return `${LOCAL_BASE}${url}`;
}

function operationsOf(document: Node): Operation[] {
  const paths = isRecord(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) => {
    if (!isRecord(item)) return [];
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isRecord) : [];
    return METHODS.filter((m) => isRecord(item[m])).map((method) => {
      const node = item[method] as Node;
      const own = Array.isArray(node.parameters) ? node.parameters.filter(isRecord) : [];
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const id = typeof node.operationId === 'string' ? node.operationId : `${method.toUpperCase()} ${path}`;
      return { id, method: method.toUpperCase(), path, node, parameters };
    });
  });
}

function chosen(all: Operation[], options: AdapterOptions, file: string): Parsed<Operation[]> {
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
  return parsedUnless(
    problems,
    everything ? all : all.filter((op) => options.operations.includes(op.id) || tagsOf(op).some((t) => options.tags.includes(t))),
  );
}

function tagsOf(op: Operation): string[] {
  return Array.isArray(op.node.tags) ? op.node.tags.map(String) : [];
}

/** Where an operation's parameters and credentials go in its request. */
interface RequestParts {
  path: string;
  query: string[];
  headers: [string, string][];
  secretHeaders: string[];
  secretQuery: string[];
}

function request(op: Operation, document: Node, version: 2 | 3, placeholders: Placeholders): ImportedRequest {
  const parts: RequestParts = { path: op.path, query: [], headers: [], secretHeaders: [], secretQuery: [] };
  for (const p of op.parameters) addParameter(parts, p, op, version, placeholders);
  for (const credential of security(op, document, version)) addCredential(parts, credential);
  const body = bodyOf(op, document, version, placeholders);
  if (body) parts.headers.push(['Content-Type', body.type]);
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
function addParameter(parts: RequestParts, p: Node, op: Operation, version: 2 | 3, placeholders: Placeholders): void {
  if (p.in === 'body' || p.in === 'formData') return; // Swagger 2's bodies: bodyOf
  const name = String(p.name);
  const value = exampleOf(p, version);
  const required = p.required === true || p.in === 'path';
  if (value === undefined && !required) return;
  const text = value === undefined ? placeholders.reference(name, `${p.in} parameter of ${op.id}`) : String(value);
  if (p.in === 'path') parts.path = parts.path.replaceAll(`{${name}}`, value === undefined ? text : encodeURIComponent(text));
  else if (p.in === 'query') parts.query.push(`${encodeURIComponent(name)}=${value === undefined ? text : encodeURIComponent(text)}`);
  else if (p.in === 'header') parts.headers.push([name, text]);
}

/** A credential in the query or a header, its name kept among the secrets. */
function addCredential(parts: RequestParts, credential: Credential): void {
  if (credential.in === 'query') {
    parts.query.push(`${encodeURIComponent(credential.name)}=${credential.value}`);
    parts.secretQuery.push(credential.name);
  } else {
    parts.headers.push([credential.name, credential.value]);
    parts.secretHeaders.push(credential.name);
  }
}

/** A parameter's or media type's value from the document: example, first of examples, default, first enum value. */
function exampleOf(node: Node, version: 2 | 3): unknown {
  if (node.example !== undefined) return node.example;
  if (version === 2 && node['x-example'] !== undefined) return node['x-example'];
  if (isRecord(node.examples)) {
    const first = Object.values(node.examples)[0];
    if (isRecord(first) && first.value !== undefined) return first.value;
    if (version === 2 && first !== undefined) return first;
  }
  const schema = isRecord(node.schema) ? node.schema : version === 2 ? node : {};
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

function bodyOf(op: Operation, document: Node, version: 2 | 3, placeholders: Placeholders): { type: string; text: string } | undefined {
  if (version === 2) {
    const consumes = [op.node.consumes, document.consumes].find(Array.isArray)?.map(String) ?? ['application/json'];
    const bodyParam = op.parameters.find((p) => p.in === 'body');
    if (bodyParam)
      return mediaBody(consumes.find((c) => c.includes('json')) ?? consumes[0] ?? 'application/json', bodyParam, version, op, placeholders);
    const form = op.parameters.filter((p) => p.in === 'formData');
    if (form.length === 0) return undefined;
    const pairs = form.map((p): [string, string] => [
      String(p.name),
      String(exampleOf(p, version) ?? placeholders.reference(`${op.id}_${String(p.name)}`, `form field of ${op.id}`)),
    ]);
    return {
      type: 'application/x-www-form-urlencoded',
      text: pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('{{') ? v : encodeURIComponent(v)}`).join('&'),
    };
  }
  const content = isRecord(op.node.requestBody) && isRecord(op.node.requestBody.content) ? op.node.requestBody.content : undefined;
  if (!content) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /json/.test(t)) ?? types[0];
  if (type === undefined || !isRecord(content[type])) return undefined;
  return mediaBody(type, content[type], version, op, placeholders);
}

function mediaBody(type: string, media: Node, version: 2 | 3, op: Operation, placeholders: Placeholders): { type: string; text: string } {
  const example = exampleOf(media, version);
  if (example !== undefined) return { type, text: typeof example === 'string' ? example : JSON.stringify(example) };
  if (!/json/.test(type)) return { type, text: placeholders.reference(`${op.id}_body`, `request body of ${op.id}`) };
  return { type, text: sampleJson(isRecord(media.schema) ? media.schema : {}, op.id, placeholders) };
}

/**
 * A JSON body from the schema: required properties and those with an example or default; a value
 * the schema does not give is a `{{VAR}}` (quoted for strings, bare for numbers and booleans).
 */
function sampleJson(schema: Node, prefix: string, placeholders: Placeholders): string {
  const marks = new Map<string, string>();
  const value = sample(schema, prefix, 0, (name, type) => {
    const mark = `\u0000${marks.size}\u0000`;
    const reference = placeholders.reference(name, `request body field of ${prefix}`);
    marks.set(mark, type === 'string' ? `"${reference}"` : reference);
    return mark;
  });
  return JSON.stringify(value).replace(/"\\u0000(\d+)\\u0000"/g, (_whole, n: string) => marks.get(`\u0000${n}\u0000`)!);
}

function sample(schema: Node, name: string, depth: number, placeholder: (name: string, type: string) => string): unknown {
  for (const key of ['example', 'default', 'const']) if (schema[key] !== undefined) return schema[key];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf.filter(isRecord).map((part) => sample(part, name, depth, placeholder));
    return merged.every(isRecord) ? Object.assign({}, ...merged) : merged[0];
  }
  const choice = [schema.oneOf, schema.anyOf].find(Array.isArray)?.find(isRecord);
  if (choice) return sample(choice, name, depth, placeholder);
  const type = Array.isArray(schema.type)
    ? String(schema.type.find((t) => t !== 'null'))
    : String(schema.type ?? (isRecord(schema.properties) ? 'object' : 'string'));
  if (depth >= MAX_DEPTH) return placeholder(name, type === 'object' || type === 'array' ? 'string' : type);
  if (type === 'object') {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    return Object.fromEntries(
      Object.entries(properties)
        .filter(([key, prop]) => isRecord(prop) && (required.includes(key) || prop.example !== undefined || prop.default !== undefined))
        .map(([key, prop]) => [key, sample(prop as Node, `${name}_${key}`, depth + 1, placeholder)]),
    );
  }
  if (type === 'array') return isRecord(schema.items) ? [sample(schema.items, name, depth + 1, placeholder)] : [];
  return placeholder(name, type);
}

interface Credential {
  name: string;
  value: string;
  in?: 'query';
}

/** The credentials of the operation's first security requirement, as `{{VAR}}`s the secrets step makes secret. */
function security(op: Operation, document: Node, version: 2 | 3): Credential[] {
  const requirements = Array.isArray(op.node.security) ? op.node.security : Array.isArray(document.security) ? document.security : [];
  const first = requirements.find(isRecord);
  if (!first) return [];
  const components = isRecord(document.components) ? document.components : {};
  const schemes =
    version === 3
      ? isRecord(components.securitySchemes)
        ? components.securitySchemes
        : {}
      : isRecord(document.securityDefinitions)
        ? document.securityDefinitions
        : {};
  return Object.keys(first).flatMap((key) => {
    const scheme = schemes[key];
    if (!isRecord(scheme)) return [];
    const variable = `{{${
      key
        .replace(/[^A-Za-z0-9_]+/g, '_')
        .replace(/^[^A-Za-z]+/, '')
        .toUpperCase() || 'CREDENTIALS'
    }}}`;
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'query') return [{ name: String(scheme.name), value: variable, in: 'query' as const }];
      if (scheme.in === 'cookie') return [{ name: 'Cookie', value: `${String(scheme.name)}=${variable}` }];
      return [{ name: String(scheme.name), value: variable }];
    }
    if (scheme.type === 'basic' || (scheme.type === 'http' && /^basic$/i.test(String(scheme.scheme))))
      return [{ name: 'Authorization', value: `Basic ${variable}` }];
    return [{ name: 'Authorization', value: `Bearer ${variable}` }];
  });
}

/** YAML 1.2, which JSON documents are too. Parsed, not `T | Problem`: a document may itself look like a Problem. */
export function parseYaml(source: Source, what: string): Parsed<unknown> {
  // A document in JSON (YAML's flow style, which nests without indenting) is checked for its
  // depth before the YAML parser sees it.
  const tooDeep = /^\uFEFF?\s*[[{]/.test(source.text) ? nestingProblem(source.file, source.text.replace(/^\uFEFF/, '')) : undefined;
  if (tooDeep) return failed([tooDeep]);
  const document = parseDocument(source.text, { prettyErrors: false });
  const first = document.errors[0];
  if (first) {
    const { line, column } = lineAndColumn(source.text, first.pos[0]);
    return failed([
      {
        file: source.file,
        path: `line ${line}, column ${column}`,
        line,
        column,
        message: `expected ${what} (YAML or JSON), found a syntax error: ${first.message.split('\n')[0]}`,
      },
    ]);
  }
  return parsed(document.toJS({ maxAliasCount: 1000 }));
}
