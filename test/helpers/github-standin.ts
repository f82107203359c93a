// A local HTTP server that answers the GitHub REST calls loadgate makes: list, create and
// update issue comments, and `GET /user`. It pages like GitHub (Link header with rel="next" and
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
}

export interface GithubStandin {
  url: string;
  requests: RecordedRequest[];
  comments: StandinComment[];
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    comments,
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
