// A stand-in for a service of the load-testing interface, for the hosted client's retry, backoff
// and polling behaviour. A real node:http server on 127.0.0.1, optionally under a path prefix.
//
// Usage:
//   const svc = await startFakeService({ prefix: '/api', statuses: ['initial', 'running', 'completed'] });
//   svc.script('GET /v1/balance/', { status: 503 }, { status: 200, body: { request_count: 1, duration: 1 } });
//   svc.script('GET /v1/load/test/', { drop: true });          // destroy the socket, no answer
//   svc.script('POST /v1/load/test/', { status: 429, headers: { 'retry-after': '2' } });
//   createClient({ baseUrl: svc.url, ... });                   // svc.url includes the prefix
//   svc.count('GET /v1/balance/'); svc.received; await svc.close();
//
// Scripted answers for a route are used first, one per request, in order; then the built-in
// happy path answers: environments and test data (create, list, read, delete), load tests whose
// status walks through `statuses` one poll at a time (a stop makes it "stopped"), their result
// in interface 2.5 shape, plans, balance and locations.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Response, type FormData } from 'undici';
import { makeResult } from './result-fixture.ts';

export type ScriptedResponse = { status: number; body?: unknown; headers?: Record<string, string> } | { drop: true } | { hang: true };

export interface RecordedRequest {
  method: string;
  /** Path after the prefix, query removed: what routes match. */
  path: string;
  /** The request target as received, prefix included. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeServiceOptions {
  /** Path prefix of the base URL, e.g. '/api'. */
  prefix?: string;
  /** Statuses a load test reports, one per poll; the last one sticks. Default initial, running, completed. */
  statuses?: string[];
  /** failure_reason reported with a "failed" or "incomplete" status. */
  failureReason?: string;
  /** The result body (interface 2.5). Default: a two-location result from result-fixture. */
  result?: unknown;
}

export interface UploadedTestData {
  id: string;
  name: string;
  type: string;
  file_config: string;
  fileName: string;
  content: string;
}

export interface FakeLoadTest {
  id: string;
  request: Record<string, unknown>;
  polls: number;
  stopped: boolean;
}

export interface FakeService {
  /** http://127.0.0.1:PORT plus the prefix. */
  url: string;
  received: RecordedRequest[];
  script(route: string, ...responses: ScriptedResponse[]): void;
  /** Requests received for 'METHOD /path/'. */
  count(route: string): number;
  environments: { id: string; name: string; vars: unknown }[];
  testData: UploadedTestData[];
  tests: Map<string, FakeLoadTest>;
  close(): Promise<void>;
}

type Answer = { status: number; body?: unknown };

export const DEFAULT_STATUSES = ['initial', 'running', 'completed'];

export function defaultResultBody(): { test_url: string; results: unknown } {
  const { test_url, results } = makeResult({ steps: ['home', 'buy'], locations: { US: 50, DE: 50 }, iterations: 100 });
  return { test_url, results };
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const prefix = (options.prefix ?? '').replace(/\/$/, '');
  const scripts = new Map<string, ScriptedResponse[]>();
  const received: RecordedRequest[] = [];
  const state = {
    environments: [] as FakeService['environments'],
    testData: [] as UploadedTestData[],
    tests: new Map<string, FakeLoadTest>(),
  };
  const happy = happyPath(state, options);

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, { status: 500, body: { error: { message: String(error) } } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = Buffer.concat(await req.toArray());
    const target = req.url ?? '/';
    const fullPath = target.split('?')[0] ?? '/';
    const path = fullPath.startsWith(`${prefix}/`) ? fullPath.slice(prefix.length) : `(outside prefix) ${fullPath}`;
    const recorded = { method: req.method ?? 'GET', path, target, headers: req.headers, body };
    received.push(recorded);
    const scripted = scripts.get(`${recorded.method} ${path}`)?.shift();
    if (scripted && 'drop' in scripted) return void req.socket.destroy();
    if (scripted && 'hang' in scripted) return;
    if (scripted) return send(res, scripted);
    send(res, await happy(recorded, `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    received,
    script: (route, ...responses) => scripts.set(route, [...(scripts.get(route) ?? []), ...responses]),
    count: (route) => received.filter((r) => `${r.method} ${r.path}` === route).length,
    environments: state.environments,
    testData: state.testData,
    tests: state.tests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function send(res: ServerResponse, answer: { status: number; body?: unknown; headers?: Record<string, string> }): void {
  const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
  res.end(text);
}

function notFound(message: string): Answer {
  return { status: 404, body: { error: { code: 'not_found', message } } };
}

type State = { environments: FakeService['environments']; testData: UploadedTestData[]; tests: Map<string, FakeLoadTest> };

function happyPath(state: State, options: FakeServiceOptions): (req: RecordedRequest, baseUrl: string) => Promise<Answer> {
  const statuses = options.statuses ?? DEFAULT_STATUSES;
  const result = options.result ?? defaultResultBody();
  let nextId = 1;

  function testStatus(test: FakeLoadTest): string {
    if (test.stopped) return 'stopped';
    return statuses[Math.min(test.polls, statuses.length - 1)] ?? 'completed';
  }

  return async (req, baseUrl) => {
    const route = `${req.method} ${req.path}`;
    const json = (): Record<string, unknown> => JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
    if (route === 'POST /v1/environment/') {
      const env = { id: `env-${nextId++}`, ...(json() as { name: string; vars: unknown }) };
      state.environments.push(env);
      return { status: 201, body: env };
    }
    if (route === 'GET /v1/environment/') return { status: 200, body: state.environments };
    if (route === 'POST /v1/testdata/') {
      const record = await readTestData(req, `td-${nextId++}`);
      state.testData.push(record);
      return { status: 201, body: { id: record.id, name: record.name, type: record.type, file_config: JSON.parse(record.file_config) } };
    }
    if (route === 'GET /v1/testdata/') return { status: 200, body: state.testData.map(({ id, name }) => ({ id, name })) };
    if (route === 'POST /v1/load/test/') {
      const test: FakeLoadTest = { id: `lt-${nextId++}`, request: json(), polls: 0, stopped: false };
      state.tests.set(test.id, test);
      return { status: 201, body: { id: test.id, test_url: `${baseUrl}/report/${test.id}/`, status: 'initial', failure_reason: null } };
    }
    if (route === 'GET /v1/balance/') return { status: 200, body: { request_count: 2147483647, duration: 2147483647 } };
    if (route === 'GET /v1/load/locations/') return { status: 200, body: ['local'] };

    const envMatch = /^\/v1\/environment\/([^/]+)\/$/.exec(req.path);
    if (envMatch) {
      const index = state.environments.findIndex((e) => e.id === envMatch[1]);
      if (index < 0) return notFound(`no environment ${envMatch[1]}`);
      if (req.method === 'DELETE') {
        state.environments.splice(index, 1);
        return { status: 204 };
      }
      return { status: 200, body: state.environments[index] };
    }
    const planMatch = /^\/v1\/load\/plan\/plan-([^/]+)\/$/.exec(req.path);
    const planTest = planMatch ? state.tests.get(planMatch[1] ?? '') : undefined;
    if (planTest)
      return { status: 200, body: { id: `plan-${planTest.id}`, name: planTest.request.name, config_data: planTest.request.config_data } };

    const testMatch = /^\/v1\/load\/test\/([^/]+)\/(result\/|stop\/)?$/.exec(req.path);
    const test = testMatch ? state.tests.get(testMatch[1] ?? '') : undefined;
    if (!test || req.method !== 'GET') return notFound(`no route for ${route}`);
    if (testMatch?.[2] === 'stop/') {
      test.stopped = true;
      return { status: 200, body: { id: test.id, status: 'stopping' } };
    }
    if (testMatch?.[2] === 'result/') return { status: 200, body: result };
    const status = testStatus(test);
    test.polls++;
    return {
      status: 200,
      body: {
        id: test.id,
        name: test.request.name,
        status,
        test_url: `${baseUrl}/report/${test.id}/`,
        failure_reason: status === 'failed' || status === 'incomplete' ? (options.failureReason ?? status) : null,
        plan_id: `plan-${test.id}`,
        created_at: '2025-05-01T12:00:00.000Z',
        started_at: '2025-05-01T12:00:00.000Z',
        finished_at: status === 'completed' ? '2025-05-01T12:00:10.000Z' : null,
      },
    };
  };
}

/** Parses the multipart body with undici's parser (the same one fetch's Response.formData() uses). */
async function readTestData(req: RecordedRequest, id: string): Promise<UploadedTestData> {
  const form: FormData = await new Response(req.body, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw new Error('the file part is missing or is not a file');
  return {
    id,
    name: String(form.get('name')),
    type: String(form.get('type')),
    file_config: String(form.get('file_config')),
    fileName: file.name,
    content: await file.text(),
  };
}
