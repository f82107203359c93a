// A raw TCP server on 127.0.0.1 that misbehaves as an HTTP target can: it reads a request and
// answers with bytes no HTTP server should send (or none), to test what the engine calls each case.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';

export type Misbehaviour =
  /** Not HTTP at all. */
  | 'garbage'
  /** A status line whose code is not three digits. */
  | 'bad status line'
  /** Content-Length 100, then 3 bytes and the connection closed. */
  | 'truncated body'
  /** A header line of 1 MiB. */
  | 'huge header'
  /** `100 Continue` and nothing more; the connection closed. */
  | 'bare 100 continue'
  /** Two interim `100 Continue` (the second in two pieces), then `200 OK` with a body; kept alive. */
  | '100 continue then 200'
  /** An interim `103 Early Hints`, then `200 OK` with a body; kept alive. */
  | '103 early hints then 200'
  /** A TCP reset as soon as the request arrives. */
  | 'reset'
  /** Headers at once, then one byte of a 1000-byte body every 100 ms: each wait is short, the whole is not. */
  | 'trickle'
  /** Reads the request and never answers. */
  | 'silent'
  /** Headers and 3 bytes of a 100-byte body, then nothing, the connection held open. */
  | 'stalled body';

export interface HostileTarget {
  url: string;
  /** Requests received so far (one per connection read). */
  readonly received: number;
  close(): Promise<void>;
}

type Scripted = 'reset' | 'trickle' | 'silent' | 'stalled body' | '100 continue then 200' | '103 early hints then 200';

const answers: Record<Exclude<Misbehaviour, Scripted>, () => Buffer> = {
  garbage: () => Buffer.from('garbage, not HTTP\r\n\r\n'),
  'bad status line': () => Buffer.from('HTTP/1.1 2x0 WHAT\r\ncontent-length: 0\r\n\r\n'),
  'truncated body': () => Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nabc'),
  'huge header': () => Buffer.from(`HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(1024 * 1024)}\r\ncontent-length: 0\r\n\r\n`),
  'bare 100 continue': () => Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'),
};

export async function startHostileTarget(behaviour: Misbehaviour): Promise<HostileTarget> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let received = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => {
      received++;
      if (behaviour === 'reset') return void socket.resetAndDestroy();
      if (behaviour === 'trickle') return trickle(socket, timers);
      if (behaviour === 'silent') return;
      if (behaviour === 'stalled body') return void socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nabc');
      if (behaviour === '100 continue then 200' || behaviour === '103 early hints then 200') return interimThenOk(socket, behaviour);
      socket.end(answers[behaviour]());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * Answers every request on the connection (each request line seen) with its interim responses
 * first, each written on its own, then `200 OK` with the body `done`. The second `100 Continue`
 * comes in two writes, so the client sees an interim response split across reads.
 */
function interimThenOk(socket: Socket, behaviour: '100 continue then 200' | '103 early hints then 200'): void {
  const answer = async () => {
    const final = 'HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\ndone';
    if (behaviour === '103 early hints then 200') {
      socket.write('HTTP/1.1 103 Early Hints\r\nlink: </style.css>; rel=preload\r\n\r\n');
    } else {
      socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      await new Promise((resolve) => setImmediate(resolve));
      socket.write('HTTP/1.1 10');
      await new Promise((resolve) => setImmediate(resolve));
      socket.write('0 Continue\r\nx-note: interim\r\n\r\n');
    }
    await new Promise((resolve) => setImmediate(resolve));
    socket.write(final);
  };
  // The first request's start arrived already (the 'data' that called this); later ones are found
  // by their request line, whatever chunks they come in (a POST's body may come apart from it).
  void answer();
  let unread = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => {
    unread += chunk;
    for (let at = unread.indexOf(REQUEST_LINE_END); at >= 0; at = unread.indexOf(REQUEST_LINE_END)) {
      void answer();
      unread = unread.slice(at + REQUEST_LINE_END.length);
    }
    unread = unread.slice(-REQUEST_LINE_END.length);
  });
}

const REQUEST_LINE_END = ' HTTP/1.1\r\n';

function trickle(socket: Socket, timers: Set<NodeJS.Timeout>): void {
  socket.write('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n');
  const timer = setInterval(() => socket.write('x'), 100);
  timers.add(timer);
  socket.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}
