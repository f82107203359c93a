// A server-sent event stream as one exchange of a slot (docs/streaming.md): the step's request,
// its response body parsed as events by eventsource-parser, until the stream's end. One exchange
// per slot, made on its first stream and reused (its own undici handler, as the slot is), so a
// stream allocates no handler, parser or timer of its own.
//
// The end: the `until_event` event, or a `data: [DONE]` sentinel where no until_event is given
// (neither counted); `max_events` counted events; the server closing the body; `max_seconds`,
// an error unless the step expects the stream to stay open. Before the response starts, the
// step's timeout bounds the wait as for any request.
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import type { Dispatcher } from 'undici';
import { DEADLINE_CODE } from './errors.ts';
import type { PreparedSse } from './step.ts';
import type { StreamCells } from './stream-cells.ts';

/**
 * The most an event may buffer before it is complete (characters of its lines; the parser's own
 * bound): a documented limit (docs/streaming.md). Past it the stream fails, memory stays flat.
 */
export const MAX_EVENT_CHARS = 1024 * 1024;

/** How a stream ended, for the slot: status 0 when no response came (`error` then says why). */
export interface StreamEnd {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The last counted event's data (the last message of a WebSocket): what captures and assertions read. */
  body: string;
  /** Why the stream failed (an error_dist reason), or null when it ended as it should. */
  reason: string | null;
  /** The transport error when no response came, for the slot to classify. */
  error?: unknown;
}

/** What an exchange needs of its slot. */
export interface StreamHost {
  readonly clock: () => number;
  streamCells(): StreamCells;
  classify(error: unknown, responseStarted: boolean): string;
  streamEnded(end: StreamEnd): void;
}

const DONE = '[DONE]';
/**
 * How a stream's unread rest is aborted: one error for every stream, made once. An error made per
 * stream cost more than the stream's events (Node's stream destroy formats its stack trace).
 */
const STREAM_ENDED = Object.assign(new Error('stream ended'), { code: 'UND_ERR_ABORTED' });

export class SseExchange implements Dispatcher.DispatchHandler {
  private readonly host: StreamHost;
  private readonly parser: EventSourceParser;
  private readonly decoder = new TextDecoder();
  private spec: PreparedSse | null = null;
  private cell = 0;
  private sentAt = 0;
  private lastAt = 0;
  private events = 0;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private lastData = '';
  private isStream = false;
  private finished = true;
  private controller: Dispatcher.DispatchController | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly end: StreamEnd = { status: 0, headers: {}, body: '', reason: null };

  constructor(host: StreamHost) {
    this.host = host;
    this.parser = createParser({
      onEvent: (event) => this.onEvent(event),
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded' && !this.finished)
          this.finish(`event larger than ${MAX_EVENT_CHARS / 1024 / 1024} MiB`);
      },
      maxBufferSize: MAX_EVENT_CHARS,
    });
  }

  /** Sends the request on `dispatcher`; the stream's end comes back through host.streamEnded. */
  start(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, spec: PreparedSse, cell: number, timeoutMs: number): void {
    this.spec = spec;
    this.cell = cell;
    this.events = 0;
    this.status = 0;
    this.headers = {};
    this.lastData = '';
    this.isStream = false;
    this.finished = false;
    this.controller = null;
    this.parser.reset();
    this.decoder.decode();
    this.sentAt = this.host.clock();
    this.arm(Math.min(timeoutMs, spec.maxMs));
    try {
      dispatcher.dispatch(options, this);
    } catch (error) {
      this.onResponseError(null, error as Error);
    }
  }

  private arm(ms: number): void {
    if (this.timer === undefined) this.timer = setTimeout(this.onTimer, ms).unref();
    else {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.onTimer, ms).unref();
    }
  }

  private readonly onTimer = (): void => {
    if (this.finished) return;
    if (!this.isStream) {
      const error = Object.assign(new Error('no response within the step timeout'), { code: DEADLINE_CODE });
      return void this.controller?.abort(error);
    }
    const spec = this.spec!;
    this.finish(spec.expectOpen ? null : `stream ended by max_seconds after ${this.events} events`);
  };

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.status = statusCode;
    this.headers = headers;
    if (statusCode < 200 || statusCode >= 300) return;
    const type = String(headers['content-type'] ?? '');
    if (!/^\s*text\/event-stream/i.test(type)) return this.finish('response is not text/event-stream');
    this.isStream = true;
    this.host.streamCells().streamOpened(this.cell);
    this.arm(Math.max(1, this.sentAt + this.spec!.maxMs - this.host.clock()));
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.finished || !this.isStream) return;
    this.parser.feed(this.decoder.decode(chunk, { stream: true }));
  }

  onResponseEnd(): void {
    this.controller = null;
    if (!this.finished) this.finish(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    this.controller = null;
    const responded = this.status !== 0;
    this.report(responded ? this.host.classify(error, true) : null, error);
  }

  private onEvent(event: EventSourceMessage): void {
    if (this.finished) return;
    const spec = this.spec!;
    if (spec.untilEvent === null ? event.data === DONE : event.event === spec.untilEvent) return this.finish(null);
    const now = this.host.clock();
    this.host.streamCells().event(this.cell, (now - (this.events === 0 ? this.sentAt : this.lastAt)) * 1000, this.events === 0);
    this.lastAt = now;
    this.events++;
    this.lastData = event.data;
    if (this.events >= spec.maxEvents) this.finish(null);
  }

  /**
   * The stream ends here: the rest of the body is not read. The request is aborted once the read
   * that brought the end has been handled, unless the response ended in it: a server's last event
   * and the end of its body usually arrive together, and then the connection stays open for the
   * slot's next request instead of being closed and opened again.
   */
  private finish(reason: string | null): void {
    this.finished = true;
    clearTimeout(this.timer);
    if (this.controller) queueMicrotask(this.abortRest);
    this.report(reason);
  }

  private readonly abortRest = (): void => {
    const controller = this.controller;
    this.controller = null;
    if (controller && !controller.aborted) controller.abort(STREAM_ENDED);
  };

  /** After undici has unwound: the slot may send its next request at once. */
  private report(reason: string | null, error?: unknown): void {
    const end = this.end;
    end.status = this.status;
    end.headers = this.headers;
    end.body = this.lastData;
    end.reason = reason;
    end.error = error;
    queueMicrotask(this.deliver);
  }

  private readonly deliver = (): void => this.host.streamEnded(this.end);

  /** A stop: the stream is aborted (the slot's connections close too). */
  cancel(): void {
    if (this.finished) return;
    this.controller?.abort(Object.assign(new Error('stopped'), { code: 'UND_ERR_ABORTED' }));
  }
}
