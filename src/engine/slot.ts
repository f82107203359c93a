// One in-flight iteration at a time. A Slot is its own undici handler (the five undici 8
// methods): it is reused for every request it sends, so a response allocates no closure,
// promise or stream. The next step is dispatched synchronously from onResponseEnd.
// The slot knows the engine only as a SlotHost: what it reads, the proxy of a location, new
// connections, and the end of each iteration. It picks its own connection for a direct location;
// the engine only starts iterations on it, so the two do not call each other in a loop.
//
// Redirects are undici's RedirectHandler, engaged only when a response is a redirect: as an
// interceptor on every request it cost a measurable share of the engine's CPU (a handler and a
// URL parse per response) for the rare 3xx (the figure: docs/performance.md, "Measurements behind the engine's choices").
import { RedirectHandler, type Dispatcher } from 'undici';
import { checkedBody } from './check-body.ts';
import { dispatchOptions, type IterationVars, type PreparedStep } from './step.ts';
import type { Recorder } from './recorder.ts';
import { DEADLINE_CODE } from './errors.ts';
import { CANCELLED, isErrorStatus } from '../results/request-counts.ts';
import { SseExchange, type StreamEnd, type StreamHost } from './sse.ts';
import { WebSocketExchange } from './websocket.ts';
import type { StreamCells } from './stream-cells.ts';

/** Redirects followed before a step fails with "too many redirects" (docs/engine.md). */
const MAX_REDIRECTS = 10;

export interface SlotHost {
  readonly steps: PreparedStep[];
  readonly recorder: Recorder;
  readonly clock: () => number;
  readonly maxBodyBytes: number;
  readonly stopping: boolean;
  requests: number;
  /** Connection index of each step: steps to the same origin and protocol share one. */
  readonly connectionOf: Int32Array;
  /** The location's shared proxy, or null when it sends directly (on the slot's own connections). */
  proxyFor(location: number, h2: boolean): Dispatcher | null;
  newConnection(index: number): Dispatcher;
  newRedirectAgent(h2: boolean): Dispatcher;
  /** The dispatcher WebSocket handshakes of a location go through (its proxy, or a direct agent). */
  webSocketDispatcher(location: number): Dispatcher;
  classify(error: unknown, location: number, responseStarted: boolean): string;
  iterationEnded(slot: Slot, now: number): void;
}

export class Slot implements StreamHost {
  private readonly host: SlotHost;
  /** Made on the slot's first stream (docs/streaming.md); a run without streaming steps has none. */
  private sse: SseExchange | null = null;
  private webSocket: WebSocketExchange | null = null;
  private readonly vars: IterationVars | null;
  private readonly beginVars: ((vars: IterationVars, k: number) => void) | null;
  private readonly connections: (Dispatcher | undefined)[] = [];
  /** Per connection: how many times its Client has connected (undici's 'connect' event). */
  private readonly connects: number[] = [];
  private h1Redirects: Dispatcher | null = null;
  private h2Redirects: Dispatcher | null = null;
  /** When the current iteration started (clock ms). */
  startedAt = 0;
  private location = 0;
  private stepIndex = 0;
  private cell = 0;
  private sentAt = 0;
  /**
   * How many times the request's connection had connected when it was dispatched (0: never, or
   * not one of the slot's own): its time counts from its write if no connect came between
   * (requestStarted).
   */
  private connectsAtSend = 0;
  private status = 0;
  private ok = true;
  private settled = false;
  private headers: Record<string, string | string[] | undefined> = {};
  private chunks: Buffer[] | null = null;
  private bodyBytes = 0;
  private sleeping: NodeJS.Timeout | undefined;
  /** The request's deadline; refreshed at every send rather than made anew (no allocation per request). */
  private deadline: NodeJS.Timeout | undefined;
  private deadlineMs = 0;
  /** The controller of the request (or redirect hop) in flight, to abort it at its deadline. */
  private controller: Dispatcher.DispatchController | null = null;
  private options: Dispatcher.DispatchOptions | null = null;
  private redirector: Dispatcher.DispatchHandler | null = null;
  /** Receives the final response of a redirect chain from the RedirectHandler. */
  private readonly afterRedirects: Dispatcher.DispatchHandler = {
    onRequestStart: (controller) => this.requestStarted(controller),
    onResponseStart: (_c, statusCode, headers) => this.started(statusCode, headers),
    onResponseData: (_c, chunk) => this.received(chunk),
    onResponseEnd: () => this.ended(),
    onResponseError: (_c, error) => this.failed(error),
  };

  constructor(host: SlotHost, vars: IterationVars | null, beginVars: ((vars: IterationVars, k: number) => void) | null) {
    this.host = host;
    this.vars = vars;
    this.beginVars = beginVars;
  }

  /** This slot's connection of an index (host.connectionOf a step), opened on first use. */
  private connection(index: number): Dispatcher {
    return (this.connections[index] ??= this.newConnection(index));
  }

  private newConnection(index: number): Dispatcher {
    const connection = this.host.newConnection(index);
    this.connects[index] = 0;
    connection.on('connect', () => this.connects[index]!++);
    return connection;
  }

  /** Makes this slot's Clients now, before the schedule, rather than on its first requests. */
  makeConnections(): void {
    for (let step = 0; step < this.host.steps.length; step++) this.connection(this.host.connectionOf[step]!);
  }

  /** This slot's dispatcher for redirect hops, which may go to any origin. */
  private redirectDispatcher(h2: boolean): Dispatcher {
    if (h2) return (this.h2Redirects ??= this.host.newRedirectAgent(true));
    return (this.h1Redirects ??= this.host.newRedirectAgent(false));
  }

  begin(k: number, location: number, now: number): void {
    this.startedAt = now;
    this.location = location;
    this.stepIndex = 0;
    this.ok = true;
    if (this.vars && this.beginVars) this.beginVars(this.vars, k);
    this.send();
  }

  cancelSleep(): void {
    if (this.sleeping === undefined) return;
    clearTimeout(this.sleeping);
    this.sleeping = undefined;
    this.ok = false;
    this.host.iterationEnded(this, this.host.clock());
  }

  private send(): void {
    const step = this.host.steps[this.stepIndex]!;
    this.cell = this.stepIndex * this.host.recorder.locationCount + this.location;
    this.host.recorder.stepReached(this.cell);
    if (step.stream !== null) return this.sendStream(step);
    this.status = 0;
    this.settled = false;
    this.chunks = step.checks?.needsBody ? [] : null;
    this.bodyBytes = 0;
    const options = step.staticOptions ?? dispatchOptions(step, this.vars);
    this.options = options;
    this.redirector = null;
    this.controller = null;
    this.armDeadline(step.timeoutMs);
    // Read here, not taken from the tick that started the iteration: a tick's later requests would
    // count the generator's work on the ones before them (templates, writes) as the service's time.
    this.sentAt = this.host.clock();
    try {
      const proxy = this.host.proxyFor(this.location, step.h2);
      if (proxy) {
        this.connectsAtSend = 0;
        return void proxy.dispatch(options, this);
      }
      const index = this.host.connectionOf[this.stepIndex]!;
      const connection = this.connection(index);
      this.connectsAtSend = this.connects[index]!;
      connection.dispatch(options, this);
    } catch (error) {
      this.failed(error as Error);
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.requestStarted(controller);
  }

  // ---- streaming steps (docs/streaming.md): an exchange of their own, the figures by the slot ----

  private sendStream(step: PreparedStep): void {
    this.settled = true;
    const options = step.staticOptions ?? dispatchOptions(step, this.vars);
    this.sentAt = this.host.clock();
    const stream = step.stream!;
    if (stream.type === 'websocket') {
      const dispatcher = this.host.webSocketDispatcher(this.location);
      const headers = options.headers as string[];
      (this.webSocket ??= new WebSocketExchange(this)).start(
        dispatcher,
        options.path,
        headers,
        stream,
        this.cell,
        step.timeoutMs,
        this.vars,
      );
      return;
    }
    const dispatcher = this.host.proxyFor(this.location, step.h2) ?? this.connection(this.host.connectionOf[this.stepIndex]!);
    (this.sse ??= new SseExchange(this)).start(dispatcher, options, stream, this.cell, step.timeoutMs);
  }

  get clock(): () => number {
    return this.host.clock;
  }

  streamCells(): StreamCells {
    return this.host.recorder.streamCells();
  }

  classify(error: unknown, responseStarted: boolean): string {
    return this.host.classify(error, this.location, responseStarted);
  }

  /** A stream ended: recorded as a response (its time is the whole exchange), then checked, as any step. */
  streamEnded(end: StreamEnd): void {
    const now = this.host.clock();
    const step = this.host.steps[this.stepIndex]!;
    const rec = this.host.recorder;
    this.host.requests++;
    if (end.status === 0) {
      const classified = this.host.classify(end.error, this.location, false);
      if (classified !== CANCELLED) rec.noResponse();
      const reason = classified === 'other' && step.stream?.type === 'websocket' ? 'websocket handshake failed' : classified;
      return this.fail(reason, now);
    }
    rec.response(this.cell, (now - this.sentAt) * 1000, end.status, isErrorStatus(end.status, step.expectedStatus));
    if (end.reason !== null) return this.fail(this.host.stopping ? CANCELLED : end.reason, now);
    const reason = step.checks
      ? step.checks.run({ status: end.status, headers: end.headers, body: end.body, responseTimeMs: now - this.sentAt }, this.vars!)
      : null;
    if (reason !== null) return this.fail(reason, now);
    rec.stepSucceeded(this.cell);
    this.afterStep(step, now);
  }

  /** A stop: an open stream ends now, as cancelled. */
  cancelStream(): void {
    this.sse?.cancel();
    this.webSocket?.cancel();
  }

  /**
   * undici is about to write the request (or a redirect hop). On a connection that was open at
   * dispatch and has not connected since, the request's time counts from here: undici writes a
   * request on an idle keep-alive connection only in the loop's check phase (its check for bytes
   * the server sent unasked, pipelining 1: dispatchers.ts), after the rest of the poll phase, and
   * that wait is the generator's work on other responses, not the service's time (docs/engine.md,
   * Response time; the figures: docs/performance.md). A request that opened a connection, or
   * waited for one to reconnect, counts from its dispatch, connect included; so does one through
   * a proxy, whose connections the slot does not see. A redirect's later hops do not restart it.
   */
  private requestStarted(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // The step is the one sent until its response ends (afterStep), so is its connection.
    const connects = this.connects[this.host.connectionOf[this.stepIndex]!];
    if (this.connectsAtSend > 0 && connects === this.connectsAtSend) this.sentAt = this.host.clock();
    this.connectsAtSend = 0;
  }

  /**
   * The step timeout: a deadline on the whole request, from dispatch to the last byte (docs/engine.md).
   * undici's headersTimeout and bodyTimeout are off (step.ts): each bounded only one wait, so a
   * body trickled a byte at a time never timed out, and their timers cost more than this one.
   */
  private armDeadline(ms: number): void {
    if (this.deadline !== undefined && this.deadlineMs === ms) {
      this.deadline.refresh();
      return;
    }
    clearTimeout(this.deadline);
    this.deadlineMs = ms;
    this.deadline = setTimeout(this.onDeadline, ms).unref();
  }

  private readonly onDeadline = (): void => {
    if (this.settled) return;
    // Still waiting for its connection: the connect timeout covers that; look again a timeout later.
    if (this.controller === null) return void this.deadline?.refresh();
    const error = Object.assign(new Error(`no complete response within the step timeout (${this.deadlineMs} ms)`), { code: DEADLINE_CODE });
    this.controller.abort(error);
  };

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    statusMessage?: string,
  ): void {
    const step = this.host.steps[this.stepIndex]!;
    if (statusCode >= 300 && statusCode < 400 && headers.location !== undefined && step.followRedirects) {
      const dispatcher = this.host.proxyFor(this.location, step.h2) ?? this.redirectDispatcher(step.h2);
      // undici 8's type declarations still list the old handler methods; at run time it has the new ones.
      const redirector = new RedirectHandler(
        (opts, handler) => dispatcher.dispatch(opts, handler),
        MAX_REDIRECTS,
        { ...this.options!, throwOnMaxRedirect: true } as Dispatcher.DispatchOptions,
        this.afterRedirects,
      ) as unknown as Required<Dispatcher.DispatchHandler>;
      this.redirector = redirector;
      return redirector.onResponseStart(controller, statusCode, headers, statusMessage);
    }
    this.started(statusCode, headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.redirector) return void this.redirector.onResponseData!(controller, chunk);
    this.received(chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: Record<string, string | string[] | undefined>): void {
    if (this.redirector) return this.redirector.onResponseEnd!(controller, trailers);
    this.ended();
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    if (this.redirector) return this.redirector.onResponseError!(controller, error);
    this.failed(error);
  }

  private started(statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = statusCode;
    this.headers = headers;
  }

  private received(chunk: Buffer): void {
    if (this.chunks === null || this.bodyBytes >= this.host.maxBodyBytes) return;
    this.chunks.push(chunk);
    this.bodyBytes += chunk.length;
  }

  private ended(): void {
    if (this.settled) return;
    this.settled = true;
    this.controller = null;
    const now = this.host.clock();
    const step = this.host.steps[this.stepIndex]!;
    const rec = this.host.recorder;
    this.host.requests++;
    rec.response(this.cell, (now - this.sentAt) * 1000, this.status, isErrorStatus(this.status, step.expectedStatus));
    const reason = step.checks ? this.runChecks(step, now) : null;
    if (reason === null) rec.stepSucceeded(this.cell);
    else return this.fail(reason, now);
    this.afterStep(step, now);
  }

  private failed(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.controller = null;
    this.host.requests++;
    const reason = this.host.classify(error, this.location, this.status !== 0);
    if (reason !== CANCELLED) this.host.recorder.noResponse();
    // undici may still be failing the rest of this Client's queue (a refused connect errors every
    // queued request in one loop); a request dispatched into it from here breaks its invariants.
    queueMicrotask(() => this.fail(reason, this.host.clock()));
  }

  private runChecks(step: PreparedStep, now: number): string | null {
    let body = '';
    if (this.chunks !== null) {
      const raw = Buffer.concat(this.chunks).subarray(0, this.host.maxBodyBytes);
      try {
        body = checkedBody(raw, step.decompress ? this.headers['content-encoding'] : undefined, this.host.maxBodyBytes);
      } catch {
        return 'invalid response';
      }
      this.chunks = null;
    }
    const res = { status: this.status, headers: this.headers, body, responseTimeMs: now - this.sentAt };
    // prepareTest gives every test with checks per-iteration variables.
    return step.checks!.run(res, this.vars!);
  }

  private fail(reason: string, now: number): void {
    this.host.recorder.stepFailed(this.cell, reason);
    this.ok = false;
    this.endIteration(now);
  }

  private afterStep(step: PreparedStep, now: number): void {
    if (this.stepIndex + 1 >= this.host.steps.length || this.host.stopping) return this.endIteration(now);
    this.stepIndex++;
    if (step.sleep === null) return this.send();
    const [min, max] = step.sleep;
    this.sleeping = setTimeout(
      () => {
        this.sleeping = undefined;
        this.send();
      },
      min + Math.floor(Math.random() * (max - min + 1)),
    );
  }

  private endIteration(now: number): void {
    const completed = this.ok && this.stepIndex === this.host.steps.length - 1;
    this.host.recorder.iterationEnded(this.location, completed);
    this.host.iterationEnded(this, now);
  }
}
