// The server's side of a sharded test (docs/kubernetes.md, "Protocol"): the shards per location,
// the per-test token, the start barrier, and the uploads (seconds while running, the shard result
// at the end), each stored once. Everything lives in the store, so a restarted server picks the
// test up where it was. The clock is passed in; no I/O but the store. What each upload needs (who
// holds an attempt, the running totals, which attempts have delivered) is kept in memory as the
// uploads arrive and read from the store once, when a coordinator resumes: the work per upload
// stays the same however many seconds are stored (docs/kubernetes.md, "Faults").
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type ReadyAnswer, type ShardKey, shardName } from '../../shard/protocol.ts';
import { addSecond, NO_PROGRESS, type Progress, type ProgressSecond } from '../progress.ts';
import type { ShardAttemptRecord, ShardRunRecord, Store } from '../store/store.ts';

export interface BarrierSettings {
  /** How long the start waits for every shard to be ready before it goes without the late ones. */
  barrierMs: number;
  /** How far ahead of "all ready" the common start is set, so every shard hears of it in time. */
  startMarginMs: number;
  now: () => number;
}

/** One shard's attempts as the coordinator keeps them. */
interface ShardState {
  /** Attempt → the pod that holds it and the second of the schedule it starts at. */
  holders: Map<number, { pod: string; fromSecond: number }>;
  latest: number;
  /** Attempt → whether its delivered result ended early (evicted or stopped). */
  finals: Map<number, { interrupted: boolean }>;
}

/** An interval's counts, as the shard uploads them. */
type SecondCounts = Omit<ProgressSecond, 't'>;

/** How often a waiting shard asks again. */
const READY_POLL_MS = 200;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Every shard of a test, from its shard counts (location → N): each location's indexes 0..N−1. */
export function shardKeys(shardCounts: Record<string, number>): ShardKey[] {
  return Object.keys(shardCounts)
    .sort()
    .flatMap((location) => Array.from({ length: shardCounts[location] ?? 0 }, (_, index) => ({ location, index })));
}

export class ShardCoordinator {
  private readonly store: Store;
  private readonly settings: BarrierSettings;
  private record: ShardRunRecord;
  /** Indexes Kubernetes gave up on (their retries spent): settled without a result. */
  private readonly failed = new Set<string>();
  private stopping = false;
  private readonly listeners = new Set<() => void>();
  private readonly shards = new Map<string, ShardState>();
  private totals: Progress = NO_PROGRESS;

  private constructor(store: Store, record: ShardRunRecord, settings: BarrierSettings) {
    this.store = store;
    this.record = record;
    this.settings = settings;
  }

  /** The state a previous process stored, read once: attempts, delivered results and the seconds' totals. */
  private load(): void {
    for (const attempt of this.store.shardAttempts(this.testId)) this.hold(attempt);
    for (const final of this.store.shardFinalStates(this.testId))
      this.stateOf(final).finals.set(final.attempt, { interrupted: final.interrupted });
    for (const upload of this.store.shardIntervals<SecondCounts>(this.testId)) this.count(upload, upload.attempt, upload.value);
  }

  private stateOf(key: ShardKey): ShardState {
    const name = shardName(key);
    let state = this.shards.get(name);
    if (!state) {
      state = { holders: new Map(), latest: -1, finals: new Map() };
      this.shards.set(name, state);
    }
    return state;
  }

  private hold(attempt: ShardAttemptRecord): void {
    const state = this.stateOf(attempt);
    state.holders.set(attempt.attempt, { pod: attempt.pod, fromSecond: attempt.fromSecond });
    state.latest = Math.max(state.latest, attempt.attempt);
  }

  /** Adds one stored second to the totals, at its place in the schedule (the attempt's fromSecond + t). */
  private count(key: ShardKey, attempt: number, upload: { t: number; sample: SecondCounts }): void {
    const offset = this.stateOf(key).holders.get(attempt)?.fromSecond ?? 0;
    this.totals = addSecond(this.totals, { ...upload.sample, t: offset + upload.t });
  }

  /** A new sharded run: its token (for the Secret; only its hash is kept) and its coordinator. */
  static begin(
    store: Store,
    testId: string,
    shardCounts: Record<string, number>,
    settings: BarrierSettings,
  ): { coordinator: ShardCoordinator; token: string } {
    const token = randomBytes(32).toString('base64url');
    const record: ShardRunRecord = {
      testId,
      tokenSha256: sha256(token).toString('hex'),
      shardCounts,
      beganAtMs: settings.now(),
      startAtMs: null,
      late: [],
    };
    store.createShardRun(record);
    return { coordinator: new ShardCoordinator(store, record, settings), token };
  }

  /** The run a previous server process began; undefined when it never began one. */
  static resume(store: Store, testId: string, settings: BarrierSettings): ShardCoordinator | undefined {
    const record = store.getShardRun(testId);
    if (!record) return undefined;
    const coordinator = new ShardCoordinator(store, record, settings);
    coordinator.load();
    return coordinator;
  }

  get testId(): string {
    return this.record.testId;
  }

  /** Location → how many shards it runs. */
  get shardCounts(): Record<string, number> {
    return this.record.shardCounts;
  }

  /** When the run began (the server's clock): its deadline counts from here, across restarts. */
  get beganAtMs(): number {
    return this.record.beganAtMs;
  }

  /** Constant-time: the presented token's hash against the stored one. */
  acceptsToken(token: string): boolean {
    return timingSafeEqual(sha256(token), Buffer.from(this.record.tokenSha256, 'hex'));
  }

  /** A problem with the key, or undefined when it names one of this test's shards. */
  checkKey(key: ShardKey): string | undefined {
    const count = this.record.shardCounts[key.location];
    if (count === undefined)
      return `location ${JSON.stringify(key.location)} has no shards in this test (it has ${Object.keys(this.record.shardCounts).join(', ')})`;
    if (!Number.isSafeInteger(key.index) || key.index < 0 || key.index >= count)
      return `index ${key.index} is not one of ${key.location}'s 0..${count - 1}`;
    return undefined;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * The barrier: the first pod to report an (index, attempt) holds it. The start is set once every
   * shard has a pod ready or has failed for good, or when the barrier's time is up (the missing
   * ones listed as late). An attempt that comes after the start (a retry, a late pod) resumes at
   * the schedule's next second.
   */
  ready(key: ShardKey, attempt: number, pod: string): ReadyAnswer {
    const now = this.settings.now();
    const startAt = this.record.startAtMs;
    const fromSecond = startAt === null ? 0 : Math.max(0, Math.ceil((now + this.settings.startMarginMs - startAt) / 1000));
    const claim = { ...key, attempt, pod, fromSecond };
    if (this.store.claimShardAttempt(this.testId, claim)) this.hold(claim);
    const holder = this.stateOf(key).holders.get(attempt);
    if (holder && holder.pod !== pod) return { state: 'duplicate', pod: holder.pod };
    if (this.record.startAtMs === null) this.tryStart(now);
    if (this.record.startAtMs === null) return { state: 'wait', retry_ms: READY_POLL_MS };
    return { state: 'start', start_at_ms: this.record.startAtMs, from_second: holder?.fromSecond ?? fromSecond, late: this.record.late };
  }

  private tryStart(now: number): void {
    const late = shardKeys(this.record.shardCounts)
      .map(shardName)
      .filter((name) => !this.shards.has(name));
    // An index Kubernetes gave up on (its Job deleted, its retries spent) will never be ready: not waited for.
    const awaited = late.filter((name) => !this.failed.has(name));
    if (awaited.length > 0 && now < this.record.beganAtMs + this.settings.barrierMs) return;
    const startAtMs = now + this.settings.startMarginMs;
    this.store.setShardStart(this.testId, startAtMs, late);
    this.record = { ...this.record, startAtMs, late };
    this.changed();
  }

  /** Sets the start if the barrier's time is up (the executor calls this on its own clock, so a shard that never calls does not hold the others). */
  tick(): void {
    if (this.record.startAtMs === null) this.tryStart(this.settings.now());
  }

  /** Only the pod that holds an attempt may upload for it. */
  holds(key: ShardKey, attempt: number, pod: string): boolean {
    return this.shards.get(shardName(key))?.holders.get(attempt)?.pod === pod;
  }

  /** One second of one attempt; a repeated upload is stored once. Answers whether the shard should stop. */
  interval(key: ShardKey, attempt: number, t: number, sample: unknown): { stored: boolean; stop: boolean } {
    const stored = this.store.addShardInterval(this.testId, { ...key, attempt, value: { t, sample } });
    if (stored) {
      this.count(key, attempt, { t, sample: sample as SecondCounts });
      this.changed();
    }
    return { stored, stop: this.stopping };
  }

  /**
   * An attempt's result; `interrupted` when it ended before its schedule did. Such a result
   * settles its shard only when this server asked the shards to stop: otherwise the pod was
   * evicted or terminated, and the index's next attempt resumes the schedule.
   */
  final(key: ShardKey, attempt: number, result: unknown, interrupted: boolean): boolean {
    const stored = this.store.addShardFinal(this.testId, { ...key, attempt, value: result });
    if (stored) {
      this.stateOf(key).finals.set(attempt, { interrupted });
      this.changed();
    }
    return stored;
  }

  /** Kubernetes has given up on this index (its retries spent, or its Job deleted). */
  markFailed(key: ShardKey): void {
    const name = shardName(key);
    if (this.failed.has(name)) return;
    this.failed.add(name);
    this.changed();
  }

  /** Asks the shards to stop (they hear it in their next upload's answer) and send what they have. */
  stop(): void {
    this.stopping = true;
  }

  /** Every shard has its latest attempt's result (a whole one, unless stopped), or has failed for good. */
  settled(): boolean {
    return shardKeys(this.record.shardCounts).every((key) => this.shardSettled(shardName(key)));
  }

  private shardSettled(name: string): boolean {
    if (this.failed.has(name)) return true;
    const state = this.shards.get(name);
    const final = state?.finals.get(state.latest);
    return final !== undefined && (!final.interrupted || this.stopping);
  }

  /** Shards that have not settled yet. */
  unsettled(): string[] {
    return shardKeys(this.record.shardCounts)
      .map(shardName)
      .filter((name) => !this.shardSettled(name));
  }

  /** The uploaded seconds added up, as they arrived: what the run has done so far. */
  progress(): Progress {
    return this.totals;
  }
}
