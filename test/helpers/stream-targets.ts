// Streaming targets on loopback (docs/streaming.md): server-sent events on node:http and a real
// WebSocket server (the `ws` package), each counting what it saw so tests can check the load arrived.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface StreamTarget {
  /** http://127.0.0.1:port (SSE routes) and ws://127.0.0.1:port (WebSocket routes). */
  http: string;
  ws: string;
  /** HTTP requests, event streams answered, WebSocket connections accepted, WebSocket messages received, request bodies. */
  seen: { requests: number; streams: number; sockets: number; messages: number; bodies: string[] };
  close(): Promise<void>;
}

/**
 * Routes: `/sse?first=MS&every=MS&count=N&end=done|DONE|close` streams N events (`data: {"i": k}`),
 * the first after `first` ms and one every `every` ms, then ends with `event: done`, `data: [DONE]`
 * or by closing; `/silent` answers the headers and never an event; `/huge` sends one event of
 * 8 MiB and more; `/cut` sends half an event and destroys the socket; `/plain` is a JSON answer.
 * WebSocket: `/echo?delay=MS` answers each message after `delay` ms; `/close` closes with 1011
 * at once; `/huge` sends one 8 MiB message at once; `/hang` never answers.
 */
export async function startStreamTarget(): Promise<StreamTarget> {
  const seen = { requests: 0, streams: 0, sockets: 0, messages: 0, bodies: [] as string[] };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const server = createServer((req, res) => {
    seen.requests++;
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (body !== '') seen.bodies.push(body);
      route(req, res, seen, later);
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => {
    seen.sockets++;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/close') return socket.close(1011, 'overloaded');
    if (url.pathname === '/huge') return socket.send('x'.repeat(8 * 1024 * 1024));
    const delay = Number(url.searchParams.get('delay') ?? 0);
    socket.on('message', (data) => {
      seen.messages++;
      if (url.pathname === '/echo') later(delay, () => socket.readyState === socket.OPEN && socket.send(`echo: ${data.toString()}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    seen,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function route(req: IncomingMessage, res: ServerResponse, seen: StreamTarget['seen'], later: (ms: number, fn: () => void) => void): void {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/plain') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  seen.streams++;
  if (url.pathname === '/silent') return;
  if (url.pathname === '/huge') {
    const chunk = `data: ${'x'.repeat(64 * 1024)}`;
    let sent = 0;
    const more = (): void => {
      while (sent < 128 && !res.destroyed) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
    };
    return more();
  }
  if (url.pathname === '/cut') {
    res.write('data: {"i": 0}\n\ndata: {"half');
    return later(20, () => res.socket?.destroy());
  }
  const first = Number(url.searchParams.get('first') ?? 0);
  const every = Number(url.searchParams.get('every') ?? 0);
  const count = Number(url.searchParams.get('count') ?? 1);
  const end = url.searchParams.get('end') ?? 'close';
  const send = (i: number): void => {
    if (res.destroyed) return;
    if (i < count) {
      res.write(`data: {"i": ${i}, "token": "t${i}"}\n\n`);
      return later(every, () => send(i + 1));
    }
    if (end === 'done') res.write('event: done\ndata: {}\n\n');
    if (end === 'DONE') res.write('data: [DONE]\n\n');
    res.end();
  };
  later(first, () => send(0));
}
