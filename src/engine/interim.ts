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
 * socket is left alone: Node's http2 skips interim responses itself. `mayBeH2`: the connector
 * offered h2 in ALPN; only then may a socket turn out to be one, and each read looks.
 */
export function skipContinueResponses(socket: Socket, mayBeH2: boolean): void {
  const read = socket.read.bind(socket);
  const write = socket.write.bind(socket) as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
  const skipper = new ContinueSkipper(read);
  // Fixed arity, not rest and spread: this runs for every request, and an array per call shows
  // at full speed. Writable.write treats an undefined encoding or callback as absent.
  socket.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    skipper.atResponseStart = true;
    return write(chunk, encoding, callback);
  }) as Socket['write'];
  socket.read = mayBeH2
    ? (size?: number): Buffer | null => {
        if (!skipper.atResponseStart || size === 0 || (socket as Socket & { alpnProtocol?: unknown }).alpnProtocol === 'h2')
          return read(size);
        return skipper.read(size);
      }
    : (size?: number): Buffer | null => (!skipper.atResponseStart || size === 0 ? read(size) : skipper.read(size));
}

/** One socket's reads at the start of a response: what is passed on, and what is held until more arrives. */
class ContinueSkipper {
  /** A request was written, and no byte of its final response has been passed on yet. */
  atResponseStart = false;
  /** The start of a response, read but not passed on: part of a 100's head, or what followed one. */
  private held: Buffer | null = null;

  private readonly readSocket: (size?: number) => Buffer | null;

  constructor(readSocket: (size?: number) => Buffer | null) {
    this.readSocket = readSocket;
  }

  /** What undici gets from a read at the start of a response: null until the final response's first bytes have arrived. */
  read(size: number | undefined): Buffer | null {
    for (;;) {
      const chunk: Buffer | null = this.readSocket(size);
      if (chunk === null && this.held === null) return null;
      const bytes = this.held === null ? chunk! : chunk === null ? this.held : Buffer.concat([this.held, chunk]);
      this.held = null;
      const passed = this.pastContinueHeads(bytes);
      if (passed !== null || chunk === null) return passed;
    }
  }

  /**
   * `bytes` past the whole 100 heads at their start, once what follows is known to be the final
   * response; else null, the rest held (a 100 head whose end has not arrived, or nothing yet).
   */
  private pastContinueHeads(bytes: Buffer): Buffer | null {
    let rest = bytes;
    let head = continueHeadLength(rest);
    while (head !== undefined && head > 0) {
      rest = rest.subarray(head);
      head = rest.length > 0 ? continueHeadLength(rest) : undefined;
    }
    if (head === 0) {
      this.atResponseStart = false;
      return rest;
    }
    if (rest.length > 0) this.held = rest;
    return null;
  }
}
