// The open-model engine (docs/engine.md). Iterations start on the plan's schedule whatever the target
// does; each in-flight iteration occupies a slot, capped by the concurrency setting. Scheduling
// "pulls": when an iteration ends, the next due one starts at once on the same slot, and a 1 ms
// timer tick starts the rest. Late starts are counted, never dropped.
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { classifyError } from './errors.ts';
import { directClient, proxyDispatcher, redirectAgent, type ConnectionSettings, type OwnedDispatcher } from './dispatchers.ts';
import { Recorder } from './recorder.ts';
import { Slot, type SlotHost } from './slot.ts';
import type { PreparedStep, IterationVars } from './step.ts';
import type { LoadPlan } from './plan.ts';
import type { SecondSample } from '../types.ts';

/** An iteration that starts more than this after its planned time is late. */
export const LATE_AFTER_US = 10_000;

/** How long a stopped run waits for the requests in flight before it abandons them. */
const STOP_GRACE_MS = 1000;

export interface EngineSettings {
  concurrency: number;
  insecure: boolean;
  /** Location name (from the plan) → proxy URL. Locations without one are merged into `local`. */
  proxies: Record<string, string>;
  signal?: AbortSignal;
  /** Aborted to stop at once: requests in flight are abandoned (counted as cancelled). */
  forceSignal?: AbortSignal;
  /** Monotonic clock in ms (performance.now), injectable for tests. */
  clock?: () => number;
  onSecond?: (sample: SecondSample) => void;
  /** Per-iteration variables (data rows); null when the test uses none. */
  newIterationVars?: () => IterationVars;
  beginIteration?: (vars: IterationVars, k: number) => void;
  /** The run stops by itself this long after its planned end (in-flight requests get one timeout more). */
  overrunLimitMs?: number;
  maxBodyBytes?: number;
  /** Keep each second's histogram in the series (shard runs). */
  keepSecondHistograms?: boolean;
}

export interface EngineOutcome {
  recorder: Recorder;
  locations: string[];
  /** Location name → how it sends: "direct" or "proxy <url>". */
  egress: Record<string, string>;
  startedAt: Date;
  finishedAt: Date;
  durationS: number;
  requests: number;
  lateIterations: number;
  maxScheduleLagMs: number;
  interrupted: boolean;
}

interface Egress {
  names: string[];
  /** Plan location index → engine location index. */
  map: Int32Array;
  proxyOf: (string | null)[];
}

/** Steps to the same origin over the same protocol share a connection (within a slot). */
export function connectionsOf(steps: readonly Pick<PreparedStep, 'origin' | 'h2'>[]): { of: Int32Array; targets: { origin: string; h2: boolean }[] } {
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

export class Engine implements SlotHost {
  readonly steps: PreparedStep[];
  readonly recorder: Recorder;
  readonly clock: () => number;
  readonly maxBodyBytes: number;
  readonly connectionOf: Int32Array;
  stopping = false;
  requests = 0;
  private cutShort = false;
  private readonly plan: LoadPlan;
  private readonly settings: EngineSettings;
  private readonly egress: Egress;
  private readonly free: Slot[] = [];
  private readonly slots: Slot[] = [];
  private readonly closers: (() => Promise<void>)[] = [];
  private readonly sharedProxies = new Map<number, Dispatcher>();
  private readonly connection: ConnectionSettings;
  private readonly connectionTargets: { origin: string; h2: boolean }[];
  private next = 0;
  private inFlight = 0;
  private late = 0;
  private maxLagUs = 0;
  private t0 = 0;
  private closedSeconds = 0;
  private pumping = false;
  private tick: NodeJS.Timeout | undefined;
  private finish: (() => void) | undefined;
  private hardStop: NodeJS.Timeout | undefined;

  constructor(plan: LoadPlan, steps: PreparedStep[], settings: EngineSettings) {
    this.plan = plan;
    this.steps = steps;
    this.settings = settings;
    this.clock = settings.clock ?? (() => performance.now());
    this.maxBodyBytes = settings.maxBodyBytes ?? 1024 * 1024;
    this.egress = egressOf(plan.locations, settings.proxies);
    this.recorder = new Recorder(steps.length, this.egress.names.length, settings.keepSecondHistograms ?? false);
    this.connection = {
      insecure: settings.insecure,
      connectTimeoutMs: Math.max(...steps.map((s) => s.timeoutMs)),
    };
    const connections = connectionsOf(steps);
    this.connectionOf = connections.of;
    this.connectionTargets = connections.targets;
  }

  async run(): Promise<EngineOutcome> {
    const startedAt = new Date();
    this.t0 = this.clock();
    const done = new Promise<void>((resolve) => (this.finish = resolve));
    const onAbort = (): void => this.stop();
    const onForce = (): void => this.stop(true);
    this.settings.signal?.addEventListener('abort', onAbort, { once: true });
    this.settings.forceSignal?.addEventListener('abort', onForce, { once: true });
    if (this.settings.signal?.aborted) this.stop();
    const overrun = this.settings.overrunLimitMs ?? 60_000;
    this.hardStop = setTimeout(() => this.stop(), this.plan.durationS * 1000 + overrun);
    this.onTick();
    await done;
    this.settings.signal?.removeEventListener('abort', onAbort);
    this.settings.forceSignal?.removeEventListener('abort', onForce);
    clearTimeout(this.hardStop);
    const elapsedMs = this.clock() - this.t0;
    this.closeSeconds(Math.ceil(elapsedMs / 1000));
    await Promise.all(this.closers.map((close) => close().catch(() => undefined)));
    return {
      recorder: this.recorder,
      locations: this.egress.names,
      egress: Object.fromEntries(this.egress.names.map((n, i) => [n, this.egress.proxyOf[i] ? `proxy ${this.egress.proxyOf[i]}` : 'direct'])),
      startedAt,
      finishedAt: new Date(),
      durationS: elapsedMs / 1000,
      requests: this.requests,
      lateIterations: this.late,
      maxScheduleLagMs: Math.round(this.maxLagUs / 100) / 10,
      interrupted: this.cutShort,
    };
  }

  /**
   * Stops starting iterations. Requests in flight get a short grace (a second at most, whatever
   * the step timeout), then their connections are closed and they count as cancelled; `now`
   * closes them at once (a second signal).
   */
  stop(now = false): void {
    if (this.stopping) {
      if (now) this.closeAll();
      return;
    }
    this.stopping = true;
    // Iterations not started, or started and still in flight: either way the results are partial.
    this.cutShort = this.next < this.plan.total || this.inFlight > 0;
    for (const slot of this.slots) slot.cancelSleep();
    if (now) this.closeAll();
    else setTimeout(() => this.closeAll(), Math.min(STOP_GRACE_MS, this.connection.connectTimeoutMs + 100)).unref();
    this.checkDone();
  }

  private closeAll(): void {
    for (const close of this.closers) void close().catch(() => undefined);
  }

  dispatcherFor(slot: Slot, location: number, stepIndex: number): Dispatcher {
    if (!this.egress.proxyOf[location]) return slot.connection(stepIndex);
    return this.sharedProxy(location, this.steps[stepIndex]!.h2);
  }

  redirectDispatcherFor(slot: Slot, location: number, h2: boolean): Dispatcher {
    if (!this.egress.proxyOf[location]) return slot.redirectDispatcher(h2);
    return this.sharedProxy(location, h2);
  }

  newConnection(index: number): Dispatcher {
    const { origin, h2 } = this.connectionTargets[index]!;
    return this.owned(directClient(origin, this.connection, h2));
  }

  newRedirectAgent(h2: boolean): Dispatcher {
    return this.owned(redirectAgent(this.connection, h2));
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

  classify(error: unknown, location: number): string {
    return this.stopping ? 'cancelled' : classifyError(error, this.viaProxy(location));
  }

  iterationEnded(slot: Slot, now: number): void {
    this.inFlight--;
    this.free.push(slot);
    this.pump(now);
    this.checkDone();
  }

  private onTick = (): void => {
    const now = this.clock();
    this.closeSeconds(Math.floor((now - this.t0) / 1000));
    this.pump(now);
    if (!this.checkDone()) this.tick = setTimeout(this.onTick, 1);
  };

  private pump(now: number): void {
    if (this.pumping || this.stopping) return;
    this.pumping = true;
    const plan = this.plan;
    const nowUs = (now - this.t0) * 1000;
    while (this.next < plan.total) {
      const due = plan.startOffsetUs(this.next);
      if (due > nowUs) break;
      const slot = this.acquire();
      if (!slot) break;
      const lag = nowUs - due;
      if (lag > LATE_AFTER_US) this.late++;
      if (lag > this.maxLagUs) this.maxLagUs = lag;
      const location = this.egress.map[plan.locationIndex(this.next)]!;
      const k = plan.globalIndex(this.next);
      this.next++;
      this.inFlight++;
      this.recorder.iterationStarted(location);
      slot.begin(k, location, now);
    }
    this.pumping = false;
  }

  private acquire(): Slot | undefined {
    const slot = this.free.pop();
    if (slot || this.slots.length >= this.settings.concurrency) return slot;
    const created = new Slot(this, this.settings.newIterationVars?.() ?? null, this.settings.beginIteration ?? null);
    this.slots.push(created);
    return created;
  }

  private checkDone(): boolean {
    const finished = this.inFlight === 0 && (this.next >= this.plan.total || this.stopping);
    if (finished && this.finish) {
      clearTimeout(this.tick);
      const finish = this.finish;
      this.finish = undefined;
      finish();
    }
    return finished;
  }

  private closeSeconds(upTo: number): void {
    while (this.closedSeconds < upTo) {
      const sample = this.recorder.closeSecond(this.closedSeconds++);
      this.settings.onSecond?.(sample);
    }
  }
}
