// The open-model engine (docs/engine.md). Iterations start on the plan's schedule whatever the target
// does; each in-flight iteration occupies a slot, capped by the concurrency setting. A timer tick
// starts the iterations that fell due since the last (every millisecond; slow threads of a run take
// turns, tick.ts); when due iterations wait for a slot, an ending iteration starts the next at once
// on its own slot ("pull"), so a run at the cap loses no time between a response and the next
// start. On schedule, ends start nothing: a tick's starts go out together, and the loop's wake-ups
// serve a batch rather than one response each (docs/performance.md). Late starts
// are counted; the schedule ends 1 s after its planned end, and what it could not start by then is
// counted too (docs/engine.md).
//
// Warm start: before the recorded start the engine opens the connections the first second needs
// and may run an unrecorded warm-up plan on the same slots; later slots are added only when the
// service holds the ones there are while the loop has time to spare (growth.ts), so a loop that
// falls behind for a moment does not open a connection for every iteration that became due.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import type { Dispatcher, buildConnector } from 'undici';
import { hideCredentials } from '../results/credentials.ts';
import { DEFAULT_CHECK_BODY_BYTES } from './check-body.ts';
import { classifyError } from './errors.ts';
import { countedConnector, OriginConnector, SocketCount } from './connections.ts';
import {
  directClient,
  proxyDispatcher,
  redirectAgent,
  webSocketAgent,
  type ConnectionSettings,
  type OwnedDispatcher,
} from './dispatchers.ts';
import { generatorInfo } from './generator.ts';
import { GROWTH_WINDOW_MS, SLOT_HEADROOM, SlotGrowth, slotsNeeded } from './growth.ts';
import { GeneratorMonitor, type LoopDelay } from './monitor.ts';
import { Recorder } from './recorder.ts';
import type { Histogram } from '../results/histogram.ts';
import { Slot, type SlotHost } from './slot.ts';
import { EVERY_MS, msToTurn, msToTurnAtOrAfter, type TickTurn } from './tick.ts';
import type { PreparedStep, IterationVars } from './step.ts';
import type { LoadPlan } from './plan.ts';
import type { GeneratorInfo, SecondSample } from '../types.ts';

/** An iteration that starts more than this after its planned time is late. */
export const LATE_AFTER_US = 10_000;
/** No iteration starts later than this after the plan's end: a run asked for more than it can send still ends on time. */
export const START_GRACE_MS = 1000;
/** Responses a second needs before its median stands for the service's. */
const MEDIAN_OF = 20;
/** A step is expected to take at least this long (ms) before anything is known of the target. */
const MIN_STEP_MS = 1;
/** How long the start waits for connections opened ahead; slower ones join when they are ready. */
const AHEAD_WAIT_MS = 1000;
/** Connects timed one after another before the start, the fastest taken (connections.ts); each is kept as a connection opened ahead. */
const CONNECT_PROBES = 3;

/**
 * The default clock: one function for every engine of the thread, so that the hot path's call to
 * it has one target, the one the warm-up compiled for (docs/performance.md, "Why the engine's code is shaped as it is").
 */
const monotonicMs = (): number => performance.now();

export interface EngineSettings {
  concurrency: number;
  insecure: boolean;
  /** Location name (from the plan) → proxy URL. Locations without one are merged into `local`. */
  proxies: Record<string, string>;
  /** Aborted to stop: no more iterations, and the requests in flight are aborted (counted as cancelled). */
  signal?: AbortSignal;
  /** Monotonic clock in ms (performance.now), injectable for tests. */
  clock?: () => number;
  /** Each closed second; its histogram is the recorder's and is valid only during the call (workers.ts adds it to the other threads'). */
  onSecond?: (sample: SecondSample, histogram: Histogram) => void;
  /**
   * Awaited before each phase (the warm-up, the recorded schedule): resolves at the phase's start
   * and returns it on this engine's clock, so engines on several threads start their schedules at
   * one instant (workers.ts). Absent: a phase starts when it is reached.
   */
  startGate?: () => Promise<number>;
  /** Per-iteration variables (data rows); null when the test uses none. */
  newIterationVars?: () => IterationVars;
  beginIteration?: (vars: IterationVars, k: number) => void;
  /** The run stops by itself this long after its planned end, as a signal stops it. */
  overrunLimitMs?: number;
  /** No iteration starts later than this after the plan's end (START_GRACE_MS when absent). */
  startGraceMs?: number;
  /** What a step's checks read of a body, at most (check-body.ts; DEFAULT_CHECK_BODY_BYTES when absent). */
  maxBodyBytes?: number;
  /** Keep each second's histogram in the series (shard runs). */
  keepSecondHistograms?: boolean;
  /** Keep each second's stream histograms in the series (shard runs; a thread's share, which workers.ts adds up). */
  keepStreamSecondHistograms?: boolean;
  /** An unrecorded plan run first, on the same slots and connections (the definition's warm_up). */
  warmUp?: LoadPlan;
  /** When this engine's timer ticks (tick.ts); absent: every millisecond. */
  tick?: TickTurn;
  /**
   * The run as it stands, marked interrupted, after each closed second: what a stop that the
   * engine cannot answer keeps (workers.ts). Its recorder is the engine's own, read during the call
   * only. None at the recorded start, which is kept free of work (docs/engine.md, "Warm start").
   */
  onCheckpoint?: (outcome: EngineOutcome) => void;
}

export interface EngineOutcome {
  recorder: Recorder;
  locations: string[];
  /** Location name → how it sends: "direct" or "proxy <url>", the URL's credentials hidden. */
  egress: Record<string, string>;
  startedAt: Date;
  finishedAt: Date;
  durationS: number;
  /** Seconds from the schedule's start to the last late start (0: none): how far the rates' window reaches (rates.ts). */
  lastLateStartS: number;
  requests: number;
  lateIterations: number;
  maxScheduleLagMs: number;
  interrupted: boolean;
  generator: GeneratorInfo;
  /** How many times the thread's tick ran (one engine's; not summed over threads): what it woke for. */
  ticks?: number;
}

interface Egress {
  names: string[];
  /** Plan location index → engine location index. */
  map: Int32Array;
  proxyOf: (string | null)[];
}

/** Steps to the same origin over the same protocol share a connection (within a slot). */
export function connectionsOf(steps: readonly Pick<PreparedStep, 'origin' | 'h2'>[]): {
  of: Int32Array;
  targets: { origin: string; h2: boolean }[];
} {
  const targets: { origin: string; h2: boolean }[] = [];
  const of = Int32Array.from(steps, (step) => {
    const found = targets.findIndex((t) => t.origin === step.origin && t.h2 === step.h2);
    return found >= 0 ? found : targets.push({ origin: step.origin, h2: step.h2 }) - 1;
  });
  return { of, targets };
}

/** Countries with a proxy keep their name; the rest become one location, `local`. */
export function egressOf(planLocations: string[], proxies: Record<string, string>): Egress {
  const names: string[] = [];
  const proxyOf: (string | null)[] = [];
  const map = new Int32Array(planLocations.length);
  planLocations.forEach((name, i) => {
    const proxy = proxies[name] ?? null;
    const label = proxy ? name : 'local';
    let index = names.indexOf(label);
    if (index < 0) {
      index = names.push(label) - 1;
      proxyOf.push(proxy);
    }
    map[i] = index;
  });
  return { names, map, proxyOf };
}

/**
 * The settings with every field present (the return type makes each one listed), in one order:
 * one hidden class for every engine's. The warm-up's engine (warm.ts) sets a few; the code V8
 * compiled on it met the recorded engine's, with more, as an object of another shape, and was
 * thrown away at the recorded start.
 */
function inOneShape(s: EngineSettings): { [K in keyof Required<EngineSettings>]: EngineSettings[K] } {
  return {
    concurrency: s.concurrency,
    insecure: s.insecure,
    proxies: s.proxies,
    signal: s.signal,
    clock: s.clock,
    onSecond: s.onSecond,
    startGate: s.startGate,
    newIterationVars: s.newIterationVars,
    beginIteration: s.beginIteration,
    overrunLimitMs: s.overrunLimitMs,
    startGraceMs: s.startGraceMs,
    maxBodyBytes: s.maxBodyBytes,
    keepSecondHistograms: s.keepSecondHistograms,
    keepStreamSecondHistograms: s.keepStreamSecondHistograms,
    warmUp: s.warmUp,
    tick: s.tick,
    onCheckpoint: s.onCheckpoint,
  };
}

export class Engine implements SlotHost {
  readonly steps: PreparedStep[];
  recorder: Recorder;
  readonly clock: () => number;
  readonly maxBodyBytes: number;
  readonly connectionOf: Int32Array;
  stopping = false;
  requests = 0;
  private cutShort = false;
  /** windDown was called: no phase starts anything more. */
  private windingDown = false;
  private readonly plan: LoadPlan;
  private readonly settings: EngineSettings;
  private readonly egress: Egress;
  private readonly free: Slot[] = [];
  private readonly slots: Slot[] = [];
  private readonly closers: (() => Promise<void>)[] = [];
  private readonly sharedProxies = new Map<number, Dispatcher>();
  /** Direct WebSocket handshakes (docs/streaming.md): one agent, made on the first. */
  private webSockets: Dispatcher | null = null;
  private readonly connection: ConnectionSettings;
  private readonly connectionTargets: { origin: string; h2: boolean }[];
  private readonly connectors: OriginConnector[];
  private readonly redirectConnectors: (buildConnector.connector | undefined)[] = [];
  private readonly sockets = new SocketCount();
  private readonly monitor = new GeneratorMonitor();
  /** Expected time of one iteration (ms), from the first connect; sizes the slots opened ahead. */
  private iterationMs = 0;
  // The phase being run: the warm-up plan, then the recorded one.
  private phase: LoadPlan;
  private recording = false;
  private next = 0;
  private inFlight = 0;
  private peakInFlight = 0;
  /** Start times (clock ms) of the iterations in flight, added up: their mean age in O(1). */
  private startedSum = 0;
  /** The last second's median response time, read once per growth window. */
  private medianMs: number | null = null;
  private medianAt = -Infinity;
  private late = 0;
  /** When the last late iteration started (µs since t0). */
  private lastLateUs = 0;
  private maxLagUs = 0;
  private unstarted = 0;
  private unstartedSecond = -1;
  private endUs = 0;
  private t0 = 0;
  private startedAt = new Date(0);
  private readonly turn: TickTurn;
  private readonly growth: SlotGrowth;
  private closedSeconds = 0;
  private pumping = false;
  /** The last pump left due iterations waiting for a slot: the next slot that frees takes one at once. */
  private starved = false;
  private tick: NodeJS.Timeout | undefined;
  /** The delay the tick's timer was made with: a tick of the same delay refreshes it rather than making one (a Timeout a ms). */
  private tickMs = 0;
  /** When the tick's timer is due (clock ms); null until one is set in this phase. */
  private tickDueAt: number | null = null;
  private ticks = 0;
  private finish: (() => void) | undefined;
  private hardStop: NodeJS.Timeout | undefined;

  constructor(plan: LoadPlan, steps: PreparedStep[], settings: EngineSettings) {
    this.plan = plan;
    this.phase = plan;
    this.steps = steps;
    this.settings = inOneShape(settings);
    this.clock = settings.clock ?? monotonicMs;
    this.turn = settings.tick ?? EVERY_MS;
    this.growth = new SlotGrowth(this.turn.everyMs);
    this.maxBodyBytes = settings.maxBodyBytes ?? DEFAULT_CHECK_BODY_BYTES;
    this.egress = egressOf(plan.locations, settings.proxies);
    this.recorder = this.newRecorder();
    this.connection = {
      insecure: settings.insecure,
      connectTimeoutMs: Math.max(...steps.map((s) => s.timeoutMs)),
    };
    const connections = connectionsOf(steps);
    this.connectionOf = connections.of;
    this.connectionTargets = connections.targets;
    this.connectors = connections.targets.map((t) => new OriginConnector(t.origin, this.connection, t.h2, this.sockets));
  }

  async run(): Promise<EngineOutcome> {
    const onAbort = (): void => this.stop();
    this.settings.signal?.addEventListener('abort', onAbort, { once: true });
    if (this.settings.signal?.aborted) this.stop();
    try {
      await this.openAhead();
      // With a start gate, every engine passes the same gates: a warm-up with nothing for this thread is still a phase.
      const warmUp = this.settings.warmUp;
      if (warmUp && (warmUp.total > 0 || this.settings.startGate) && !this.stopping) await this.runUnrecorded(warmUp);
      return await this.runRecorded();
    } finally {
      this.settings.signal?.removeEventListener('abort', onAbort);
      for (const connector of this.connectors) connector.close();
      await Promise.all(this.closers.map((close) => close().catch(() => undefined)));
    }
  }

  /**
   * Winds the run down: no iteration starts any more, in this phase or one not begun yet, and those
   * in flight end as they would have. Unlike stop, nothing is aborted; nor is what did not start
   * counted anywhere: it is the end of the hot-path warm-up (warm.ts), whose outcome is thrown away.
   */
  windDown(): void {
    this.windingDown = true;
    this.next = this.phase.total;
    this.checkDone();
  }

  /**
   * Stops: no iteration starts any more, and the requests in flight are aborted at once, their
   * connections closed (they count as cancelled), so a stop waits for no response and no step
   * timeout: the partial results follow as soon as undici has failed those requests.
   */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    // Iterations not started, or started and still in flight: either way the results are partial.
    this.cutShort = this.next < this.phase.total || this.inFlight > 0 || !this.recording;
    for (const slot of this.slots) {
      slot.cancelSleep();
      slot.cancelStream();
    }
    for (const close of this.closers) void close().catch(() => undefined);
    this.checkDone();
  }

  proxyFor(location: number, h2: boolean): Dispatcher | null {
    return this.egress.proxyOf[location] ? this.sharedProxy(location, h2) : null;
  }

  newConnection(index: number): Dispatcher {
    return this.owned(
      directClient(this.connectionTargets[index]!.origin, this.connectors[index]!.connect, this.connectionTargets[index]!.h2),
    );
  }

  newRedirectAgent(h2: boolean): Dispatcher {
    const connect = (this.redirectConnectors[Number(h2)] ??= countedConnector(this.connection, h2, this.sockets));
    return this.owned(redirectAgent(connect, h2));
  }

  webSocketDispatcher(location: number): Dispatcher {
    if (this.egress.proxyOf[location]) return this.sharedProxy(location, false);
    return (this.webSockets ??= this.owned(webSocketAgent(this.connection)));
  }

  private owned(created: OwnedDispatcher): Dispatcher {
    this.closers.push(created.close);
    return created.dispatcher;
  }

  private sharedProxy(location: number, h2: boolean): Dispatcher {
    const proxy = this.egress.proxyOf[location]!;
    const key = location * 2 + (h2 ? 1 : 0);
    let shared = this.sharedProxies.get(key);
    if (!shared) {
      shared = this.owned(proxyDispatcher(proxy, this.connection, h2));
      this.sharedProxies.set(key, shared);
    }
    return shared;
  }

  viaProxy(location: number): boolean {
    return this.egress.proxyOf[location] !== null;
  }

  classify(error: unknown, location: number, responseStarted: boolean): string {
    return this.stopping ? 'cancelled' : classifyError(error, this.viaProxy(location), responseStarted);
  }

  iterationEnded(slot: Slot, now: number): void {
    this.inFlight--;
    // Reset when none is out, so rounding cannot build up over millions of iterations.
    this.startedSum = this.inFlight === 0 ? 0 : this.startedSum - slot.startedAt;
    this.growth.iterationEnded(now - slot.startedAt);
    this.free.push(slot);
    if (this.starved) this.pump(now);
    this.checkDone();
  }

  private newRecorder(): Recorder {
    const keep = this.settings.keepSecondHistograms ?? false;
    return new Recorder(this.steps.length, this.egress.names.length, keep, this.settings.keepStreamSecondHistograms ?? keep);
  }

  /**
   * Opens, before the first start, the connections the first second needs: its iterations in flight
   * for twice the time one is expected to take. Nothing is known of the target yet but its connect
   * time (the fastest of a few), a round trip, so a step is expected to take two of them (at least
   * 1 ms), plus its sleep.
   */
  private async openAhead(): Promise<void> {
    const direct = this.egress.proxyOf.some((proxy) => proxy === null) ? this.connectors : [];
    const probes = Math.min(CONNECT_PROBES, this.settings.concurrency);
    const connectMs = await Promise.all(direct.map((c) => c.timeConnect(AHEAD_WAIT_MS, probes)));
    const stepMs = Math.max(MIN_STEP_MS, 2 * Math.max(0, ...connectMs.map((ms) => ms ?? 0)));
    const sleepMs = this.steps.reduce((sum, s) => sum + (s.sleep ? (s.sleep[0] + s.sleep[1]) / 2 : 0), 0);
    this.iterationMs = this.steps.length * stepMs + sleepMs;
    const first = this.settings.warmUp?.total ? this.settings.warmUp : this.plan;
    const wanted = this.slotsFor(first.countInSecond(0));
    this.addSlots(wanted);
    if (direct.length > 0) for (const slot of this.slots) slot.makeConnections();
    // A target that refused or timed out the first connect gets no more; its requests will say why.
    await Promise.all(direct.map((c, i) => c.prepare(connectMs[i] === null ? 0 : wanted - probes, AHEAD_WAIT_MS)));
  }

  /** Slots (and connections) for a second of `rate` iterations, within the cap. */
  private slotsFor(rate: number): number {
    return Math.min(this.settings.concurrency, slotsNeeded(rate, this.iterationMs));
  }

  /** Adds free slots up to `wanted` (within the cap); their Clients take the connections opened ahead. */
  private addSlots(wanted: number): void {
    const more = Math.min(wanted, this.settings.concurrency) - this.slots.length;
    for (let i = 0; i < more; i++) this.free.push(this.newSlot());
  }

  /** Before a second whose rate is higher, open what it will need, from what this one needed. */
  private openAheadOf(second: number): void {
    const now = this.phase.countInSecond(second - 1);
    const next = this.phase.countInSecond(second);
    if (next <= now) return;
    const scaled = now > 0 ? Math.ceil((this.peakInFlight * next) / now) + SLOT_HEADROOM : 0;
    const wanted = Math.min(this.settings.concurrency, Math.max(scaled, this.slotsFor(next)));
    const more = wanted - this.slots.length;
    if (more <= 0) return;
    this.addSlots(wanted);
    if (this.egress.proxyOf.some((proxy) => proxy === null)) for (const c of this.connectors) c.add(more - c.idle);
  }

  private newSlot(): Slot {
    const slot = new Slot(this, this.settings.newIterationVars?.() ?? null, this.settings.beginIteration ?? null);
    this.slots.push(slot);
    return slot;
  }

  /** The warm-up: the same engine on the same slots, into a recorder that is thrown away. */
  private async runUnrecorded(plan: LoadPlan): Promise<void> {
    const recorder = this.recorder;
    this.recorder = this.newRecorder();
    try {
      await this.runPhase(plan, await this.phaseStart());
    } finally {
      this.recorder.destroy();
      this.recorder = recorder;
    }
  }

  /** The clock reading a phase starts at: now, or the common instant of the start gate. */
  private async phaseStart(): Promise<number> {
    return this.settings.startGate && !this.stopping ? this.settings.startGate() : this.clock();
  }

  private async runRecorded(): Promise<EngineOutcome> {
    const t0 = await this.phaseStart();
    this.startedAt = new Date(Date.now() - Math.max(0, this.clock() - t0));
    this.requests = 0;
    this.sockets.max = this.sockets.open;
    this.recording = true;
    this.monitor.start();
    await this.runPhase(this.plan, t0);
    const elapsedMs = this.clock() - this.t0;
    this.closeSeconds(Math.ceil(elapsedMs / 1000));
    // Stopped with iterations not started or still in flight (a signal, the overrun limit).
    return this.outcome(elapsedMs, this.monitor.stop(), this.cutShort);
  }

  /** The recorded run as it stands, as a stop now would leave it (onCheckpoint). */
  private snapshot(): EngineOutcome {
    return this.outcome(this.clock() - this.t0, this.monitor.sinceStart(), true);
  }

  private outcome(elapsedMs: number, loopDelay: LoopDelay, interrupted: boolean): EngineOutcome {
    const started = this.recorder.iterationsStarted.reduce((n, c) => n + c, 0);
    this.checkBookkeeping(started);
    return {
      recorder: this.recorder,
      locations: this.egress.names,
      egress: Object.fromEntries(
        this.egress.names.map((n, i) => [n, this.egress.proxyOf[i] ? `proxy ${hideCredentials(this.egress.proxyOf[i])}` : 'direct']),
      ),
      startedAt: this.startedAt,
      finishedAt: new Date(),
      durationS: elapsedMs / 1000,
      lastLateStartS: this.lastLateUs / 1e6,
      requests: this.requests,
      lateIterations: this.late,
      maxScheduleLagMs: Math.round(this.maxLagUs / 100) / 10,
      interrupted,
      ticks: this.ticks,
      generator: generatorInfo({
        planned: this.plan.total,
        started,
        plannedDurationS: this.plan.durationS,
        elapsedS: elapsedMs / 1000,
        lastLateStartS: this.lastLateUs / 1e6,
        interrupted,
        loopDelay,
        series: this.recorder.series,
        unstarted: this.unstarted,
        unstartedSecond: this.unstartedSecond,
        concurrency: this.settings.concurrency,
        socketsMax: this.sockets.max,
        warmUpS: this.settings.warmUp?.durationS ?? 0,
      }),
    };
  }

  /**
   * The run's counts agree with each other, checked once at its end: a slot is free or holds one
   * iteration in flight, never both, and the slots stay within the cap; the late starts are among
   * the starts, and the closed seconds count no more of them than the run did (the last second may
   * still hold some).
   */
  private checkBookkeeping(started: number): void {
    assert.equal(this.free.length + this.inFlight, this.slots.length, 'every slot is free or holds one iteration in flight');
    assert.ok(this.slots.length <= this.settings.concurrency, 'the slots stay within the concurrency cap');
    assert.ok(this.late <= started, 'the late starts are among the starts');
    const lateInSeconds = this.recorder.series.reduce((n, s) => n + (s.late ?? 0), 0);
    assert.ok(lateInSeconds <= this.late, 'the seconds count no late start the run did not');
  }

  /** Runs a plan from t0 (clock ms) until its iterations have started and ended, or the engine stops. */
  private runPhase(plan: LoadPlan, t0: number): Promise<void> {
    this.phase = plan;
    this.next = this.windingDown ? plan.total : 0;
    this.late = 0;
    this.lastLateUs = 0;
    this.maxLagUs = 0;
    this.unstarted = 0;
    this.unstartedSecond = -1;
    this.closedSeconds = 0;
    this.peakInFlight = this.inFlight;
    this.endUs = (plan.durationS * 1000 + (this.settings.startGraceMs ?? START_GRACE_MS)) * 1000;
    this.t0 = t0;
    this.growth.reset(this.t0);
    this.medianAt = -Infinity;
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    const overrun = this.settings.overrunLimitMs ?? 60_000;
    this.hardStop = setTimeout(() => this.stop(), plan.durationS * 1000 + overrun);
    this.tickDueAt = null;
    this.onTick();
    return done.finally(() => clearTimeout(this.hardStop));
  }

  private onTick = (): void => {
    const now = this.clock();
    const second = Math.floor((now - this.t0) / 1000);
    this.ticks++;
    // Before the second closes: a stall that delayed this tick belongs to the second it began in.
    if (this.tickDueAt !== null) this.monitor.tickRan(now - this.tickDueAt);
    this.closeSeconds(second);
    this.pump(now);
    const wait = this.msToNextTick(now);
    this.growth.tick(now, this.inFlight, this.slots.length, this.phase.countInSecond(second), this.waiting(now, second), wait);
    if (this.checkDone()) return;
    if (this.tick !== undefined && wait === this.tickMs) this.tick.refresh();
    else {
      clearTimeout(this.tick);
      this.tick = setTimeout(this.onTick, wait);
      this.tickMs = wait;
    }
    this.tickDueAt = now + wait;
  };

  /**
   * Whole ms to the next tick. While due iterations wait for a slot, or the run stops, the thread's
   * next turn; else its turn at or after whichever comes first, the next iteration's start or the
   * next second's close. An iteration still starts on the first turn after it falls due, and a
   * loop with nothing due sleeps (streams held open, a low rate, the end of a schedule) rather than
   * waking every turn for nothing: each wake costs the thread CPU (docs/performance.md).
   */
  private msToNextTick(now: number): number {
    const sinceStart = now - this.t0;
    if (this.starved || this.stopping) return msToTurn(sinceStart, this.turn);
    const nextSecondMs = (Math.floor(sinceStart / 1000) + 1) * 1000;
    const nextStartMs = this.next < this.phase.total ? this.phase.startOffsetUs(this.next) / 1000 : Number.POSITIVE_INFINITY;
    return msToTurnAtOrAfter(sinceStart, Math.min(nextSecondMs, nextStartMs), this.turn);
  }

  /** About how many due iterations wait for a slot: the schedule's rate times the oldest one's wait. */
  private waiting(now: number, second: number): number {
    if (this.next >= this.phase.total) return 0;
    const waitedUs = (now - this.t0) * 1000 - this.phase.startOffsetUs(this.next);
    return waitedUs > 0 ? Math.ceil((this.phase.countInSecond(second) * waitedUs) / 1e6) : 0;
  }

  private pump(now: number): void {
    if (this.pumping || this.stopping) return;
    this.pumping = true;
    const plan = this.phase;
    const nowUs = (now - this.t0) * 1000;
    this.starved = false;
    if (nowUs >= this.endUs && this.next < plan.total) this.endSchedule(now);
    while (this.next < plan.total) {
      const due = plan.startOffsetUs(this.next);
      if (due > nowUs) break;
      const slot = this.acquire(now, due);
      if (!slot) {
        this.starved = true;
        break;
      }
      const lag = nowUs - due;
      const late = lag > LATE_AFTER_US;
      if (late) {
        this.late++;
        this.lastLateUs = nowUs;
      }
      if (lag > this.maxLagUs) this.maxLagUs = lag;
      const location = this.egress.map[plan.locationIndex(this.next)]!;
      const k = plan.globalIndex(this.next);
      this.next++;
      if (++this.inFlight > this.peakInFlight) this.peakInFlight = this.inFlight;
      this.startedSum += now;
      this.recorder.iterationStarted(location, late);
      slot.begin(k, location, now);
    }
    this.pumping = false;
  }

  /** The schedule is over: what has not started by now is not started, and is counted. */
  private endSchedule(now: number): void {
    this.unstarted = this.phase.total - this.next;
    this.unstartedSecond = Math.floor((now - this.t0) / 1000);
    this.next = this.phase.total;
  }

  /**
   * A free slot, or a new one when the slots have been held by the service (growth.ts), sized by
   * the rate of the second the iteration fell due in: one still waiting after its second is owed
   * at that rate, though the schedule's next second (its last one's, 0) asks less.
   */
  private acquire(now: number, dueUs: number): Slot | undefined {
    const slot = this.free.pop();
    if (slot || this.slots.length >= this.settings.concurrency || !this.growth.mayGrow) return slot;
    const outMs = this.inFlight > 0 ? now - this.startedSum / this.inFlight : 0;
    if (now - this.medianAt >= GROWTH_WINDOW_MS) {
      this.medianMs = this.recorder.recentMedianMs(MEDIAN_OF);
      this.medianAt = now;
    }
    const rate = this.phase.countInSecond(Math.floor(dueUs / 1e6));
    const grow = this.growth.take({
      now,
      outMs,
      expectedMs: this.iterationMs,
      medianMs: this.medianMs,
      slots: this.slots.length,
      rate,
    });
    return grow ? this.newSlot() : undefined;
  }

  private checkDone(): boolean {
    const finished = this.inFlight === 0 && (this.next >= this.phase.total || this.stopping);
    if (finished && this.finish) {
      // A cleared Timeout cannot be refreshed: the next phase's first tick makes a new one.
      clearTimeout(this.tick);
      this.tick = undefined;
      const finish = this.finish;
      this.finish = undefined;
      finish();
    }
    return finished;
  }

  private closeSeconds(upTo: number): void {
    while (this.closedSeconds < upTo) {
      const second = this.closedSeconds++;
      if (this.recording) {
        const sample = this.recorder.closeSecond(second, { ...this.monitor.second(), sockets: this.sockets.open });
        this.settings.onSecond?.(sample, this.recorder.closedSecond);
        this.settings.onCheckpoint?.(this.snapshot());
      }
      this.openAheadOf(second + 1);
      this.peakInFlight = this.inFlight;
    }
  }
}
