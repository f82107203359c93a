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

const answers: Record<Exclude<Misbehaviour, 'reset' | 'trickle' | 'silent' | 'stalled body'>, () => Buffer> = {
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

function trickle(socket: Socket, timers: Set<NodeJS.Timeout>): void {
  socket.write('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n');
  const timer = setInterval(() => socket.write('x'), 100);
  timers.add(timer);
  socket.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}
