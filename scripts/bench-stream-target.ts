// The streaming benchmark's target (scripts/bench-streams.ts), in a process of its own: `/sse`
// streams `count` events `every` ms apart then `data: [DONE]`; `/echo` is a WebSocket that answers
// each message at once. Sends its URL to the parent over IPC; loopback only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const count = Number(url.searchParams.get('count') ?? 10);
  const every = Number(url.searchParams.get('every') ?? 100);
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < count) {
      res.write(`data: {"i": ${sent++}}\n\n`);
      return;
    }
    clearInterval(timer);
    res.end('data: [DONE]\n\n');
  }, every);
  res.on('close', () => clearInterval(timer));
});
server.maxConnections = 50_000;
const wss = new WebSocketServer({ server });
wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
server.listen(0, '127.0.0.1', 20_000, () => {
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
