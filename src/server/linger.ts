// The lingering close (nginx's `lingering_close`, Apache's lingering close): how the server ends a
// connection whose client may still be sending. Closing a socket with unread bytes in its receive
// buffer, or meeting bytes that arrive after the close, makes the kernel send a reset, and a reset
// can make the client's side throw away an answer it had not read yet: a client still sending
// the rest of a body would see "connection reset" instead of its 413, 401 or 403. So after the
// answer the server half-closes (FIN, the answer complete before it), reads and drops what the
// client still sends, and closes once the client ends its side, or once a bound is reached
// (docs/server.md, "Closing a connection"): a hostile client can neither hold the socket nor make
// the server read on without end.
import type { Socket } from 'node:net';

export interface Linger {
  /** From the end of the answer to the close, at most. */
  ms: number;
  /** Bytes read and dropped after the answer, at most. */
  bytes: number;
}

/**
 * Apache's two seconds: a client that reads while it sends (curl, undici, browsers) has the answer
 * within a round trip, and one that finishes writing first ends within this on any link that
 * carries the bytes bound in time. 16 MiB: more than the two kernels can hold in flight when the
 * client sees the answer (Linux grows a send buffer to 4 MiB and a receive buffer to 6 MiB by
 * default), so what was already sent never meets a reset; little beside the 51 MiB an upload may
 * carry before its refusal.
 */
export const DEFAULT_LINGER: Linger = { ms: 2_000, bytes: 16 * 1024 * 1024 };

/**
 * Ends `socket` with `answer` (when given) and lingers: what the client still sends is read and
 * dropped, never parsed (nothing after a refusal is a request to serve), until the client ends its
 * side, `linger.bytes` have arrived or `linger.ms` have passed; then the socket is destroyed.
 */
export function closeLingering(socket: Socket, linger: Linger, answer?: string): void {
  // Node's HTTP parser reads the socket through its 'data' listener (or straight from the handle,
  // until a 'data' listener is added: http's own wrapper of `on` then hands the reading back).
  socket.removeAllListeners('data');
  let read = 0;
  const timer = setTimeout(() => socket.destroy(), linger.ms);
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > linger.bytes) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  // A reset from the client ends the linger early; there is nothing to report.
  socket.on('error', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  if (answer === undefined) socket.end();
  else socket.end(answer);
  socket.resume();
  readAgain(socket);
}

interface ReadingHandle {
  reading?: boolean;
  readStart?: () => number;
}

/**
 * Starts the socket's handle reading if Node's HTTP parser left it stopped. The parser reads the
 * handle itself, bypassing the stream, and stops it when a request's body waits for a reader (an
 * upload refused at its limit is paused): the stream still believes a read is under way, so
 * `resume()` alone never restarts it. This is what Node's HTTP server does on a resume of a socket
 * its parser reads (lib/_http_server.js, onSocketResume).
 */
function readAgain(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: ReadingHandle })._handle;
  if (handle?.reading !== false || typeof handle.readStart !== 'function') return;
  handle.reading = true;
  handle.readStart();
}

/**
 * Makes the close that Node's HTTP server gives a `Connection: close` response a lingering one.
 * Node ends such a connection, once the response is written, by `socket.destroySoon()`
 * (lib/_http_server.js, resOnFinish): the FIN, then the socket destroyed as soon as the FIN is
 * out, whatever the client is still sending. That call is the seam Node offers; it is replaced on
 * this socket only. test/server-linger.test.ts fails if a Node release closes another way.
 */
export function lingerAfterResponse(socket: Socket, linger: Linger): void {
  socket.destroySoon = () => closeLingering(socket, linger);
}
