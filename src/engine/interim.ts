// Interim `100 Continue` responses, skipped before undici reads them. RFC 9110 §15.2 has a client
// parse and skip the 1xx responses that come before the final one, even unasked. undici hands
// every other 1xx (103 Early Hints) to its handler and reads on to the final response, but fails
// the request on a 100 as a bad response and closes the connection (it never sends
// `Expect: 100-continue` on HTTP/1.1, so it takes one for a broken server). So each HTTP/1.1
// socket drops the 100s at the start of a response from what undici reads; every other byte is
// passed on as it came.
import type { Socket } from 'node:net';

/** `HTTP/1.1 100 `: enough of a status line to tell a 100 from any other. */
const STATUS_BYTES = 13;
/** Where `HTTP/1.x ` ends: the status code's first digit. */
const STATUS_DIGIT = 9;
const DIGIT_ONE = 0x31;
const CONTINUE = /^HTTP\/1\.[01] 100[ \r]/;
const HEAD_END = '\r\n\r\n';
/** A 100 whose head runs longer is passed on as it is (undici refuses it, as before). */
const MAX_CONTINUE_HEAD = 16 * 1024;

/**
 * How many bytes at the start of `bytes` are one whole `100 Continue` head: 0 when they are not
 * the start of one, undefined when they may be but its end has not arrived yet.
 */
export function continueHeadLength(bytes: Buffer): number | undefined {
  // Nearly every response: a status whose first digit is not 1, told without making a string.
  if (bytes.length > STATUS_DIGIT && bytes[STATUS_DIGIT] !== DIGIT_ONE) return 0;
  const start = bytes.toString('latin1', 0, Math.min(bytes.length, STATUS_BYTES + 1));
  if (start.length <= STATUS_BYTES) {
    const could = ['HTTP/1.1 100 ', 'HTTP/1.0 100 ', 'HTTP/1.1 100\r', 'HTTP/1.0 100\r'].some((s) => s.startsWith(start));
    return could ? undefined : 0;
  }
  if (!CONTINUE.test(start)) return 0;
  const end = bytes.indexOf(HEAD_END, 0, 'latin1');
  if (end >= 0) return end + HEAD_END.length;
  return bytes.length < MAX_CONTINUE_HEAD ? undefined : 0;
}

/**
 * After each request is written (pipelining 1: the next bytes read start its response), what
 * undici reads is rid of any `100 Continue` heads at its start; one split across reads is held
 * until its end has arrived (undici reads again on the socket's next 'readable'). An HTTP/2
 * socket is left alone: Node's http2 skips interim responses itself.
 */
export function skipContinueResponses(socket: Socket): void {
  const read = socket.read.bind(socket);
  const write = socket.write.bind(socket);
  let responseStart = false;
  /** The start of a response, read but not passed on: part of a 100's head, or what followed one. */
  let held: Buffer | null = null;
  socket.write = ((...args: Parameters<Socket['write']>) => {
    responseStart = true;
    return write(...args);
  }) as Socket['write'];
  socket.read = (size?: number): Buffer | null => {
    if (!responseStart || size === 0 || (socket as Socket & { alpnProtocol?: unknown }).alpnProtocol === 'h2') return read(size);
    for (;;) {
      const chunk: Buffer | null = read(size);
      if (chunk === null && held === null) return null;
      let bytes = held === null ? chunk! : chunk === null ? held : Buffer.concat([held, chunk]);
      held = null;
      let head = continueHeadLength(bytes);
      while (head !== undefined && head > 0) {
        bytes = bytes.subarray(head);
        head = bytes.length > 0 ? continueHeadLength(bytes) : undefined;
      }
      if (head === 0) {
        responseStart = false;
        return bytes;
      }
      if (bytes.length > 0) held = bytes;
      if (chunk === null) return null;
    }
  };
}
