// A request body counted as it arrives, whatever reads it. Fastify's bodyLimit counts only the
// bodies its own parsers read; a multipart form is read by @fastify/multipart straight from the
// request, and its parser stops looking where the form stops making sense (no boundary, endless
// part headers, an epilogue after the last part) while the rest would still be read to its end.
import type { IncomingMessage } from 'node:http';

export interface CountedBody {
  /** Rejects once more than the limit has arrived. */
  passed: Promise<never>;
  /** Reads (and drops) what is left of the body, still counting; resolves at its end. */
  drain(): Promise<void>;
  /** Stops counting. */
  stop(): void;
}

/**
 * Counts `req`'s body from here on: throws `tooLarge(0)` at once when its Content-Length is over
 * `maxBytes`, and rejects `passed` with `tooLarge(bytes received)` once more has arrived. Then
 * the request stops being read: it is unpiped from its readers and paused while the answer (a
 * 413, which closes the connection) goes out, and once the connection is closed the request is
 * destroyed, so that its readers end too (a form parser waiting for the rest of a part gives up,
 * and what it wrote is removed).
 */
export function countBody(req: IncomingMessage, maxBytes: number, tooLarge: (received: number) => Error): CountedBody {
  if (Number(req.headers['content-length']) > maxBytes) throw tooLarge(0);
  let reject: (error: Error) => void = () => undefined;
  const passed = new Promise<never>((_, fail) => {
    reject = fail;
  });
  // The caller may have stopped listening (its reader failed first) when the limit is passed.
  passed.catch(() => undefined);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes) return;
    stop();
    req.unpipe();
    req.pause();
    if (req.socket.destroyed) req.destroy();
    else req.socket.once('close', () => req.destroy());
    reject(tooLarge(received));
  };
  const stop = () => {
    req.off('data', count);
  };
  // Paused first, so that counting does not start the flow before the reader is piped in (a pipe
  // resumes a paused request; a 'data' listener added to a paused one does not).
  req.pause();
  req.on('data', count);
  const drain = () =>
    new Promise<void>((resolve) => {
      if (req.readableEnded || req.destroyed) return resolve();
      req.once('end', resolve).once('close', resolve);
      req.resume();
    });
  return { passed, drain, stop };
}
