// The loopback endpoint the hot-path warm-up (warm.ts) sends to: a TCP server on 127.0.0.1 that
// answers every request at once with a fixed HTTP/1.1 response. It shares the engine's thread, so
// what it costs is taken from the warm-up, whose point is to run the engine's code as often as it
// can before the recorded start, so it answers without parsing a request into objects or building
// a response as node:http does (docs/performance.md has what that costs the warm-up). Only the
// warm-up's own requests reach it, and those are known: no body but a short constant one, so a
// request ends where its header block does.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Headers of the kinds real servers send (date, server, type, length, keep-alive): undici's header parsing meets them warm. */
function response(): Buffer {
  return Buffer.from(
    [
      'HTTP/1.1 200 OK',
      `Date: ${new Date().toUTCString()}`,
      'Server: loadgate-warm',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Length: 2',
      'Connection: keep-alive',
      '',
      'ok',
    ].join('\r\n'),
    'latin1',
  );
}

const END_OF_HEADERS = '\r\n\r\n';

/**
 * The header blocks that end in one read, given the bytes carried from the one before (the end of
 * a header block may be split between two reads), and what to carry into the next.
 */
export function headerEnds(carried: string, chunk: string): { count: number; carried: string } {
  const text = carried + chunk;
  let count = 0;
  let from = 0;
  for (let at = text.indexOf(END_OF_HEADERS); at >= 0; at = text.indexOf(END_OF_HEADERS, from)) {
    count++;
    from = at + END_OF_HEADERS.length;
  }
  return { count, carried: text.slice(Math.max(from, text.length - (END_OF_HEADERS.length - 1))) };
}

export interface WarmEndpoint {
  origin: string;
  /** Requests answered. */
  served: () => number;
  close: () => void;
}

export async function startWarmEndpoint(): Promise<WarmEndpoint> {
  const answer = response();
  const sockets = new Set<Socket>();
  let served = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let carried = '';
    socket.on('data', (chunk: Buffer) => {
      const ends = headerEnds(carried, chunk.toString('latin1'));
      carried = ends.carried;
      served += ends.count;
      for (let i = 0; i < ends.count; i++) socket.write(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
