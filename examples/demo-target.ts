/**
 * A small demo shop API to point loadgate at (`npm run example`).
 *
 *   npx node examples/demo-target.ts [--port N]
 *
 * Prints `demo target listening on http://127.0.0.1:PORT` as its first line and stops on
 * SIGINT/SIGTERM. Only 127.0.0.1 is bound: this is a toy, not something to expose.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

export interface DemoTarget {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Product {
  id: number;
  name: string;
  price: number;
}

const PRODUCTS: readonly Product[] = [
  { id: 1, name: 'Espresso beans, 1 kg', price: 24.9 },
  { id: 2, name: 'Pour-over kettle', price: 59 },
  { id: 3, name: 'Burr grinder', price: 129 },
  { id: 4, name: 'Ceramic mug', price: 12.5 },
  { id: 5, name: 'Paper filters, 100 pcs', price: 6.2 },
];

const HOME_PAGE =
  '<!doctype html><html><head><title>demo shop</title></head>' +
  '<body><h1>demo shop</h1><p>A toy API for loadgate: <a href="/api/products">/api/products</a></p></body></html>';

/** Response time in ms for a route: a few ms of jitter, the product catalogue a bit slower. */
const LATENCY_MS = { fast: [1, 8], products: [5, 15] } as const;

const MAX_BODY_BYTES = 64 * 1024;

interface ShopState {
  tokens: Set<string>;
  nextOrderId: number;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface ShopRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export async function startDemoTarget(port = 0): Promise<DemoTarget> {
  const state: ShopState = { tokens: new Set(), nextOrderId: 1001 };
  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    void serve(req, res, state);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, state: ShopState): Promise<void> {
  let body: string;
  try {
    body = await readBody(req);
  } catch (error) {
    if (!res.destroyed) write(res, { status: 413, body: { error: String((error as Error).message) } });
    return;
  }
  const request: ShopRequest = {
    method: req.method ?? 'GET',
    path: new URL(req.url ?? '/', 'http://demo.invalid').pathname,
    authorization: req.headers.authorization,
    body,
  };
  const [low, high] = request.path.startsWith('/api/products') ? LATENCY_MS.products : LATENCY_MS.fast;
  const timer = setTimeout(() => write(res, route(request, state)), low + Math.random() * (high - low));
  res.once('close', () => clearTimeout(timer));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new Error(`request body larger than ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

function route(request: ShopRequest, state: ShopState): Reply {
  const { method, path } = request;
  if (path === '/') return method === 'GET' ? { status: 200, body: HOME_PAGE } : notAllowed('GET');
  if (path === '/health') return method === 'GET' ? { status: 200, body: { status: 'ok' } } : notAllowed('GET');
  if (path === '/api/products') return method === 'GET' ? { status: 200, body: PRODUCTS } : notAllowed('GET');
  const productId = /^\/api\/products\/([^/]+)$/.exec(path)?.[1];
  if (productId !== undefined) return method === 'GET' ? product(productId) : notAllowed('GET');
  if (path === '/api/login') return method === 'POST' ? login(request.body, state) : notAllowed('POST');
  if (path === '/api/orders') return method === 'POST' ? order(request, state) : notAllowed('POST');
  return { status: 404, body: { error: `no route for ${method} ${path}` } };
}

function product(id: string): Reply {
  const found = PRODUCTS.find((p) => String(p.id) === id);
  return found ? { status: 200, body: found } : { status: 404, body: { error: `product ${id} does not exist` } };
}

function login(body: string, state: ShopState): Reply {
  const fields = parseJsonObject(body);
  const email = fields?.email;
  const password = fields?.password;
  if (typeof email !== 'string' || !email.includes('@') || typeof password !== 'string' || password === '') {
    return { status: 400, body: { error: 'expected a JSON body {"email": "<address>", "password": "<non-empty>"}' } };
  }
  const token = randomUUID();
  state.tokens.add(token);
  return { status: 200, body: { token } };
}

function order(request: ShopRequest, state: ShopState): Reply {
  const token = /^Bearer (\S+)$/.exec(request.authorization ?? '')?.[1];
  if (token === undefined || !state.tokens.has(token)) {
    return {
      status: 401,
      body: { error: 'send Authorization: Bearer <token> with a token from POST /api/login' },
      headers: { 'www-authenticate': 'Bearer' },
    };
  }
  const fields = parseJsonObject(request.body);
  const productId = fields?.productId;
  const quantity = fields?.quantity;
  if (typeof productId !== 'number' || typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) {
    return { status: 400, body: { error: 'expected a JSON body {"productId": <id>, "quantity": <integer ≥ 1>}' } };
  }
  if (!PRODUCTS.some((p) => p.id === productId)) {
    return { status: 422, body: { error: `product ${productId} does not exist` } };
  }
  const orderId = state.nextOrderId++;
  return { status: 201, body: { orderId, productId, quantity } };
}

function notAllowed(allow: string): Reply {
  return { status: 405, body: { error: `method not allowed, use ${allow}` }, headers: { allow } };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function write(res: ServerResponse, reply: Reply): void {
  const isHtml = typeof reply.body === 'string';
  const text = isHtml ? (reply.body as string) : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': isHtml ? 'text/html; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

function parsePort(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string', default: '0' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535 (0 picks a free port), got "${values.port}"`);
  }
  return port;
}

async function main(): Promise<void> {
  let port: number;
  try {
    port = parsePort(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const target = await startDemoTarget(port);
  process.stdout.write(`demo target listening on ${target.url}\n`);
  const stop = (): void => {
    void target.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) await main();
