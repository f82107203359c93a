// A local HTTP server that answers the GitHub REST calls loadgate makes: list, create and
// update issue comments, `GET /user`, open pull requests by head, and check runs (list for a ref, create, update: updates
// append annotations, as GitHub does). It pages like GitHub (Link header with rel="next" and
// rel="last"), records every request, and lets tests seed comments and refuse writes.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinUser {
  login: string;
  type: 'User' | 'Bot';
}

export interface StandinComment {
  id: number;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  user: StandinUser;
  html_url: string;
}

export interface SeedComment {
  owner?: string;
  repo?: string;
  issueNumber: number;
  body: string;
  user: StandinUser;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

export interface StandinOptions {
  /** Who the token is. Comments it creates carry this user. Default `github-actions[bot]`. */
  login?: string;
  /** `GET /user` answers 403, as it does for GITHUB_TOKEN and other installation tokens. */
  userForbidden?: boolean;
  /** Create and update answer 403, as for a read-only token on a fork's PR. */
  forbidden?: boolean;
  /** Requests are accepted and never answered (until close), to test timeouts. */
  stall?: boolean;
  comments?: SeedComment[];
  /** Every check-run call answers 403, as for a token without `checks: write`. */
  checksForbidden?: boolean;
  /** Check runs that exist before the run (an earlier attempt's). */
  checkRuns?: SeedCheckRun[];
  /** Workflow runs, newest first, with the artifacts they kept (zip bytes as the artifact service stores them). */
  workflowRuns?: SeedWorkflowRun[];
  /** Pull requests, listed by `GET /repos/{o}/{r}/pulls` (filters `head=owner:branch` and `state`). */
  pulls?: SeedPull[];
}

export interface SeedPull {
  number: number;
  /** The head repository's owner: a fork's differs from the base repository's. */
  headOwner: string;
  headRef: string;
  headSha: string;
  state?: 'open' | 'closed';
}

export interface SeedWorkflowRun {
  id: number;
  workflowId: number;
  branch: string;
  conclusion: 'success' | 'failure' | null;
  artifacts?: { id: number; name: string; zip: Buffer; expired?: boolean }[];
  /** The commit the run built (head_sha); default none. */
  headSha?: string;
}

export interface SeedCheckRun {
  name: string;
  headSha: string;
  status: string;
  conclusion?: string;
}

export interface StandinCheckRun {
  id: number;
  owner: string;
  repo: string;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  details_url?: string;
  output: { title?: string; summary?: string; annotations: unknown[] };
}

export interface GithubStandin {
  url: string;
  requests: RecordedRequest[];
  comments: StandinComment[];
  checkRuns: StandinCheckRun[];
  close(): Promise<void>;
}

const DEFAULT_OWNER = 'acme';
const DEFAULT_REPO = 'shop';
const FORBIDDEN = { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' };

export async function startGithubStandin(options: StandinOptions = {}): Promise<GithubStandin> {
  const comments: StandinComment[] = [];
  const requests: RecordedRequest[] = [];
  let nextId = 1000;
  const me = userFor(options.login ?? 'github-actions[bot]');
  const addComment = (c: Required<SeedComment>): StandinComment => {
    const id = nextId++;
    const html_url = `https://github.com/${c.owner}/${c.repo}/pull/${c.issueNumber}#issuecomment-${id}`;
    const stored = { id, owner: c.owner, repo: c.repo, issueNumber: c.issueNumber, body: c.body, user: c.user, html_url };
    comments.push(stored);
    return stored;
  };
  for (const seed of options.comments ?? []) {
    addComment({ owner: DEFAULT_OWNER, repo: DEFAULT_REPO, ...seed });
  }
  const checkRuns: StandinCheckRun[] = (options.checkRuns ?? []).map((seed) => ({
    id: nextId++,
    owner: DEFAULT_OWNER,
    repo: DEFAULT_REPO,
    name: seed.name,
    head_sha: seed.headSha,
    status: seed.status,
    conclusion: seed.conclusion ?? null,
    output: { title: 'earlier', summary: 'earlier', annotations: [] },
  }));

  let origin = '';
  const server = createServer(async (req, res) => {
    // Absolute against our own address, so the Link header's URLs lead back here.
    const url = new URL(req.url ?? '/', origin);
    const body = await readJson(req);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });
    if (options.stall) return;
    route(req.method ?? '', url, body, res);
  });

  const route = (method: string, url: URL, body: unknown, res: ServerResponse): void => {
    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (/^\/repos\/[^/]+\/[^/]+\/(check-runs|commits\/[^/]+\/check-runs)/.test(url.pathname)) return routeChecks(method, url, body, res);
    if (/^\/repos\/[^/]+\/[^/]+\/actions\//.test(url.pathname) || url.pathname.startsWith('/blobs/')) return routeActions(method, url, res);
    const pulls = /^\/repos\/[^/]+\/[^/]+\/pulls$/.exec(url.pathname);
    if (pulls && method === 'GET') return sendPulls(res, url);
    if (method === 'GET' && url.pathname === '/user') {
      if (options.userForbidden) return send(res, 403, FORBIDDEN);
      return send(res, 200, { login: me.login, type: me.type });
    }
    if (list && method === 'GET') {
      const [, owner, repo, n] = list;
      const all = comments.filter((c) => c.owner === owner && c.repo === repo && c.issueNumber === Number(n));
      return sendPage(res, url, all.map(toApi));
    }
    if (list && method === 'POST') {
      if (options.forbidden) return send(res, 403, FORBIDDEN);
      const [, owner = '', repo = '', n] = list;
      return send(res, 201, toApi(addComment({ owner, repo, issueNumber: Number(n), body: bodyText(body), user: me })));
    }
    if (one && method === 'PATCH') {
      if (options.forbidden) return send(res, 403, FORBIDDEN);
      const found = comments.find((c) => c.id === Number(one[3]) && c.owner === one[1] && c.repo === one[2]);
      if (!found) return send(res, 404, { message: 'Not Found' });
      found.body = bodyText(body);
      return send(res, 200, toApi(found));
    }
    send(res, 404, { message: 'Not Found' });
  };

  const routeChecks = (method: string, url: URL, body: unknown, res: ServerResponse): void => {
    if (options.checksForbidden) return send(res, 403, FORBIDDEN);
    const forRef = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/check-runs$/.exec(url.pathname);
    const create = /^\/repos\/([^/]+)\/([^/]+)\/check-runs$/.exec(url.pathname);
    const one = /^\/repos\/([^/]+)\/([^/]+)\/check-runs\/(\d+)$/.exec(url.pathname);
    const fields = (body ?? {}) as Record<string, unknown>;
    if (forRef && method === 'GET') {
      const name = url.searchParams.get('check_name');
      const found = checkRuns.filter(
        (c) => c.owner === forRef[1] && c.repo === forRef[2] && c.head_sha === forRef[3] && (name === null || c.name === name),
      );
      return send(res, 200, { total_count: found.length, check_runs: found.reverse() });
    }
    if (create && method === 'POST') {
      const output = (fields.output ?? {}) as StandinCheckRun['output'];
      const run: StandinCheckRun = {
        id: nextId++,
        owner: create[1]!,
        repo: create[2]!,
        name: String(fields.name),
        head_sha: String(fields.head_sha),
        status: String(fields.status ?? 'queued'),
        conclusion: (fields.conclusion as string | undefined) ?? null,
        ...(typeof fields.details_url === 'string' && { details_url: fields.details_url }),
        output: { title: output.title, summary: output.summary, annotations: [...(output.annotations ?? [])] },
      };
      checkRuns.push(run);
      return send(res, 201, run);
    }
    if (one && method === 'PATCH') {
      const run = checkRuns.find((c) => c.id === Number(one[3]) && c.owner === one[1] && c.repo === one[2]);
      if (!run) return send(res, 404, { message: 'Not Found' });
      if (typeof fields.status === 'string') {
        run.status = fields.status;
        // GitHub clears the conclusion of a check run set back to in_progress.
        if (fields.status !== 'completed') run.conclusion = null;
      }
      if (typeof fields.conclusion === 'string') [run.status, run.conclusion] = ['completed', fields.conclusion];
      const output = fields.output as StandinCheckRun['output'] | undefined;
      if (output) {
        run.output.title = output.title;
        run.output.summary = output.summary;
        run.output.annotations.push(...(output.annotations ?? []));
      }
      return send(res, 200, run);
    }
    send(res, 404, { message: 'Not Found' });
  };

  const sendPulls = (res: ServerResponse, url: URL): void => {
    const head = url.searchParams.get('head');
    const state = url.searchParams.get('state') ?? 'open';
    const found = (options.pulls ?? []).filter(
      (p) => (head === null || `${p.headOwner}:${p.headRef}` === head) && (state === 'all' || (p.state ?? 'open') === state),
    );
    sendPage(
      res,
      url,
      found.map((p) => ({
        number: p.number,
        state: p.state ?? 'open',
        head: { sha: p.headSha, ref: p.headRef, user: { login: p.headOwner } },
      })),
    );
  };

  // Runs, their artifacts, and the artifact zip download: a 302 to a blob URL, as GitHub answers.
  const runs = options.workflowRuns ?? [];
  const toRun = (r: SeedWorkflowRun) => ({
    id: r.id,
    workflow_id: r.workflowId,
    head_branch: r.branch,
    ...(r.headSha && { head_sha: r.headSha }),
    status: 'completed',
    conclusion: r.conclusion,
  });
  const routeActions = (method: string, url: URL, res: ServerResponse): void => {
    if (method !== 'GET') return send(res, 404, { message: 'Not Found' });
    const run = /\/actions\/runs\/(\d+)$/.exec(url.pathname);
    const workflowRunsOf = /\/actions\/workflows\/(\d+)\/runs$/.exec(url.pathname);
    const artifactsOf = /\/actions\/runs\/(\d+)\/artifacts$/.exec(url.pathname);
    const zip = /\/actions\/artifacts\/(\d+)\/zip$/.exec(url.pathname);
    const blob = /^\/blobs\/(\d+)$/.exec(url.pathname);
    const artifacts = runs.flatMap((r) => (r.artifacts ?? []).map((a) => ({ ...a, run: r })));
    if (run) {
      const found = runs.find((r) => r.id === Number(run[1]));
      return found ? send(res, 200, toRun(found)) : send(res, 404, { message: 'Not Found' });
    }
    if (workflowRunsOf) {
      const branch = url.searchParams.get('branch');
      const status = url.searchParams.get('status');
      const found = runs.filter(
        (r) =>
          r.workflowId === Number(workflowRunsOf[1]) &&
          (branch === null || r.branch === branch) &&
          (status === null || r.conclusion === status),
      );
      return send(res, 200, { total_count: found.length, workflow_runs: found.map(toRun) });
    }
    if (artifactsOf) {
      const name = url.searchParams.get('name');
      const found = artifacts.filter((a) => a.run.id === Number(artifactsOf[1]) && (name === null || a.name === name));
      return send(res, 200, {
        total_count: found.length,
        artifacts: found.map((a) => ({
          id: a.id,
          name: a.name,
          expired: a.expired ?? false,
          size_in_bytes: a.zip.length,
          workflow_run: { id: a.run.id, head_branch: a.run.branch },
        })),
      });
    }
    if (zip) {
      const found = artifacts.find((a) => a.id === Number(zip[1]));
      if (!found) return send(res, 404, { message: 'Not Found' });
      res.writeHead(302, { location: `${origin}/blobs/${found.id}` });
      return void res.end();
    }
    if (blob) {
      const found = artifacts.find((a) => a.id === Number(blob[1]));
      if (!found) return send(res, 404, { message: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(found.zip.length) });
      return void res.end(found.zip);
    }
    send(res, 404, { message: 'Not Found' });
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    comments,
    checkRuns,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function userFor(login: string): StandinUser {
  return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' };
}

function toApi(c: StandinComment): object {
  return { id: c.id, body: c.body, user: c.user, html_url: c.html_url };
}

function bodyText(body: unknown): string {
  const text = typeof body === 'object' && body !== null ? (body as { body?: unknown }).body : undefined;
  return typeof text === 'string' ? text : '';
}

/** Pages as GitHub does: `page` from 1, `per_page` default 30 and at most 100. */
function sendPage(res: ServerResponse, url: URL, items: object[]): void {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (p: number, rel: string): string => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(p));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const rels: string[] = [];
  if (page < last) rels.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) rels.push(link(1, 'first'), link(page - 1, 'prev'));
  const headers: Record<string, string> = rels.length > 0 ? { link: rels.join(', ') } : {};
  send(res, 200, items.slice((page - 1) * perPage, page * perPage), headers);
}

function send(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(data));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}
