// A WebSocket exchange as one step of a slot (docs/streaming.md), on undici's WebSocket client:
// the handshake (the step's headers), the step's messages sent once it is open, then messages
// received until `receive` of them came or one matched `until`. first_event runs from the first
// send (from the open when nothing is sent) to the first message; gaps between messages. The
// socket closing before the end is an error naming its close code and reason; max_seconds too.
// One exchange per slot, reused; the socket itself is new per stream (a WebSocket is one connection).
// undici's WebSocket reports a refused connection and an answer other than 101 alike (an error
// event without a cause), so the handshake goes through a dispatcher that watches its answer:
// a refused connection is the transport error it is, a 403 is a response with its status.
import { WebSocket, type Dispatcher, type MessageEvent, type CloseEvent, type ErrorEvent } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PreparedWebSocket, Renderable, IterationVars } from './step.ts';
import type { StreamEnd, StreamHost } from './sse.ts';

/** Close reasons longer than this are cut in error_dist keys, which stay few and short. */
const REASON_CHARS = 60;
/** The close code we send when the exchange has what it waited for. */
const NORMAL_CLOSURE = 1000;

export class WebSocketExchange {
  private readonly host: StreamHost;
  private spec: PreparedWebSocket | null = null;
  private socket: WebSocket | null = null;
  private cell = 0;
  private opened = false;
  private finished = true;
  private firstSendAt = 0;
  private lastAt = 0;
  private messages = 0;
  private lastData = '';
  private error: unknown;
  private timer: NodeJS.Timeout | undefined;
  /** The step's messages and the iteration's variables they are rendered with, once the socket opens. */
  private messagesToSend: Renderable[] = [];
  private vars: IterationVars | null = null;
  private readonly end: StreamEnd = { status: 0, headers: {}, body: '', reason: null };
  /** The current handshake: its answer's status (0 until one came) and the transport error, if any. */
  private handshake: Handshake = { status: 0, headers: {}, error: undefined };
  /** The dispatcher handshakes were last given, and it composed with the watch. */
  private base: Dispatcher | null = null;
  private watched: Dispatcher | null = null;

  constructor(host: StreamHost) {
    this.host = host;
  }

  /** `dispatcher` with each handshake's answer noted in `this.handshake`; composed once per dispatcher. */
  private watching(dispatcher: Dispatcher): Dispatcher {
    if (dispatcher !== this.base || this.watched === null) {
      this.base = dispatcher;
      this.watched = dispatcher.compose((dispatch) => (options, handler) => dispatch(options, new HandshakeWatch(handler, this.handshake)));
    }
    return this.watched;
  }

  start(
    dispatcher: Dispatcher,
    path: string,
    headers: string[],
    spec: PreparedWebSocket,
    cell: number,
    timeoutMs: number,
    vars: IterationVars | null,
  ): void {
    this.spec = spec;
    this.cell = cell;
    this.opened = false;
    this.finished = false;
    this.messages = 0;
    this.lastData = '';
    this.error = undefined;
    this.messagesToSend = spec.send;
    this.vars = vars;
    this.handshake = { status: 0, headers: {}, error: undefined };
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onTimer, Math.min(timeoutMs, spec.maxMs)).unref();
    const init: [string, string][] = [];
    for (let i = 0; i < headers.length; i += 2) init.push([headers[i]!, headers[i + 1]!]);
    let socket: WebSocket;
    try {
      socket = new WebSocket(spec.origin + path, { dispatcher: this.watching(dispatcher), headers: init });
    } catch (error) {
      this.error = error;
      return this.finish(null);
    }
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', this.onOpen);
    socket.addEventListener('message', this.onMessage);
    socket.addEventListener('error', this.onError);
    socket.addEventListener('close', this.onClose);
    this.socket = socket;
  }

  private readonly onOpen = (event: Event): void => {
    if (event.target !== this.socket || this.finished) return;
    this.opened = true;
    this.host.streamCells().streamOpened(this.cell);
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onTimer, this.spec!.maxMs).unref();
    this.firstSendAt = this.host.clock();
    const vars = this.vars;
    for (const message of this.messagesToSend) this.socket!.send(message.static ?? (vars ? message.render(vars) : ''));
  };

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.target !== this.socket || this.finished) return;
    const spec = this.spec!;
    const now = this.host.clock();
    const first = this.messages === 0;
    this.host.streamCells().event(this.cell, (now - (first ? this.firstSendAt : this.lastAt)) * 1000, first);
    this.lastAt = now;
    this.messages++;
    const data = event.data;
    this.lastData = typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer).toString('utf8');
    if (this.messages >= spec.receive || spec.until?.test(this.lastData)) this.finish(null);
  };

  private readonly onError = (event: ErrorEvent): void => {
    if (event.target !== this.socket) return;
    this.error ??= event.error;
  };

  private readonly onClose = (event: CloseEvent): void => {
    if (event.target !== this.socket || this.finished) return;
    if (!this.opened) return this.finish(null);
    this.host.streamCells().closed(this.cell, event.code);
    this.finish(`websocket closed (${closeText(event.code, event.reason)}) ${this.short()}`);
  };

  private readonly onTimer = (): void => {
    if (this.finished) return;
    if (!this.opened) {
      this.error = Object.assign(new Error('no WebSocket handshake within the step timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
      return this.finish(null);
    }
    this.finish(`stream ended by max_seconds ${this.short()}`);
  };

  /** What the exchange lacked at its end: `after 2 of 5 messages`, or `after 3 messages, none matching until`. */
  private short(): string {
    const spec = this.spec!;
    if (spec.receive !== Number.POSITIVE_INFINITY) return `after ${this.messages} of ${spec.receive} messages`;
    return `after ${this.messages} messages, none matching until`;
  }

  private finish(reason: string | null): void {
    this.finished = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED && socket.readyState !== WebSocket.CLOSING) {
      if (this.opened && reason === null) this.host.streamCells().closed(this.cell, NORMAL_CLOSURE);
      socket.close(this.opened ? NORMAL_CLOSURE : undefined);
    }
    const end = this.end;
    const answered = !this.opened && this.handshake.status !== 0 && this.handshake.status !== 101;
    end.status = this.opened ? 101 : answered ? this.handshake.status : 0;
    end.headers = answered ? this.handshake.headers : {};
    end.body = this.lastData;
    end.reason = answered && reason === null ? `websocket handshake failed: status ${this.handshake.status}` : reason;
    end.error = this.opened || answered ? undefined : (this.handshake.error ?? this.error ?? new Error('websocket handshake failed'));
    queueMicrotask(this.deliver);
  }

  private readonly deliver = (): void => this.host.streamEnded(this.end);

  /** A stop: the socket is closed and the exchange ends as cancelled. */
  cancel(): void {
    if (this.finished) return;
    this.finish('cancelled');
  }
}

function closeText(code: number, reason: string): string {
  const cut = reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS)}…` : reason;
  return cut === '' ? `code ${code}` : `code ${code} ${JSON.stringify(cut)}`;
}

interface Handshake {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  error: unknown;
}

/** Forwards a handshake's events to undici's own handler, noting the answer's status or the transport error. */
class HandshakeWatch implements Dispatcher.DispatchHandler {
  private readonly inner: Dispatcher.DispatchHandler;
  private readonly seen: Handshake;

  constructor(inner: Dispatcher.DispatchHandler, seen: Handshake) {
    this.inner = inner;
    this.seen = seen;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.seen.status = status;
    this.inner.onRequestUpgrade?.(controller, status, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, message: string): void {
    if (status >= 200) {
      this.seen.status = status;
      this.seen.headers = headers;
    }
    this.inner.onResponseStart?.(controller, status, headers, message);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    // The first error before any answer is the transport's (refused, reset, TLS, DNS); later ones are the abort of a failed handshake.
    if (this.seen.status === 0) this.seen.error ??= error;
    this.inner.onResponseError?.(controller, error);
  }
}
