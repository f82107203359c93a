// The load plan: when iteration k starts and from which location, as a pure function of the
// config (docs/plan.md, docs/scaling.md). Shards evaluate the same function for their k, so N shards add up to
// one runner's plan exactly. Memory is O(seconds + locations); lookups allocate nothing.
import type { ConfigData } from '../types.ts';

export type PlanConfig = Pick<ConfigData, 'iteration_count' | 'load_type' | 'duration' | 'manual_load'>;
export type LocationConfig = PlanConfig & Pick<ConfigData, 'proxy_config'>;
export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
  /**
   * Only this location's iterations, split i mod N by their rank within the location (a
   * Kubernetes Job per location: docs/kubernetes.md). Absent: every location, split by k.
   */
  location?: string;
  /** Resume: only iterations planned from this second on; the runner's time 0 is that second. */
  fromSecond?: number;
}

const US_PER_S = 1_000_000;
/** Waved weights are quantised to integers so the apportionment is exact integer maths. */
const WAVE_RESOLUTION = 1_000_000;
const SECONDS_PER_WAVE = 10;
const EXACT_LIMIT = 2 ** 52;
const SPLIT_LIMIT = 2 ** 32;

/** floor(x / c) for integers below 2^52; the float quotient is off by at most one, so correct it. */
function floorDiv(x: number, c: number): number {
  const q = Math.floor(x / c);
  const r = x - q * c;
  if (r < 0) return q - 1;
  return r >= c ? q + 1 : q;
}

/**
 * floor((a·b + add) / c) exactly for non-negative integers. Below 2^52 plain doubles are exact;
 * below 2^32 per operand, b is split in 16-bit halves so every partial stays exact; beyond, BigInt.
 * The first two paths allocate nothing, which keeps the engine's per-iteration lookups free.
 */
export function mulAddDivFloor(a: number, b: number, add: number, c: number): number {
  const product = a * b + add;
  if (product < EXACT_LIMIT && c < EXACT_LIMIT) return floorDiv(product, c);
  if (a < SPLIT_LIMIT && b < SPLIT_LIMIT && add < SPLIT_LIMIT && c < SPLIT_LIMIT) {
    const high = a * Math.floor(b / 65_536);
    const qHigh = floorDiv(high, c);
    const rest = (high - qHigh * c) * 65_536 + a * (b % 65_536) + add;
    return qHigh * 65_536 + floorDiv(rest, c);
  }
  return Number((BigInt(a) * BigInt(b) + BigInt(add)) / BigInt(c));
}

function assertCount(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${what} must be an integer >= ${min}, got ${value}`);
  }
}

/** Cumulative rounding: second s gets floor(n·W(s)/W) − floor(n·W(s−1)/W), W(s) the weight prefix. */
function apportionCumulative(n: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let prefix = 0;
  let given = 0;
  return weights.map((w) => {
    prefix += w;
    const upTo = mulAddDivFloor(n, prefix, 0, total);
    const count = upTo - given;
    given = upTo;
    return count;
  });
}

/**
 * Largest remainder on weights (s+1). With increasing weights, a later second never has a smaller
 * floor nor, at an equal floor, a smaller remainder, so the result is non-decreasing (ties go to
 * the later second). Cumulative rounding would not be: floors of a convex prefix can dip.
 */
function apportionIncremental(n: number, duration: number): number[] {
  const total = (BigInt(duration) * BigInt(duration + 1)) / 2n;
  const big = BigInt(n);
  const exact = Array.from({ length: duration }, (_, s) => big * BigInt(s + 1));
  const counts = exact.map((x) => Number(x / total));
  const remainders = exact.map((x) => x % total);
  const left = n - counts.reduce((sum, c) => sum + c, 0);
  const order = counts.map((_, s) => s);
  order.sort((a, b) => {
    const ra = remainders[a] ?? 0n;
    const rb = remainders[b] ?? 0n;
    return ra === rb ? b - a : ra > rb ? -1 : 1;
  });
  for (const s of order.slice(0, left)) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/**
 * Waved: max(1, round(duration / 10)) waves of the shape 1 − cos (a sine squared), sampled at
 * each second's middle, so every second gets some load and the troughs sit at the wave borders.
 * Weights are rounded to integers (fdlibm cos is deterministic across V8 platforms, and the
 * rounding absorbs any last-bit difference) so shards compute the same counts.
 */
function waveWeights(duration: number): number[] {
  const waves = Math.max(1, Math.round(duration / SECONDS_PER_WAVE));
  return Array.from({ length: duration }, (_, s) => {
    const phase = (2 * Math.PI * waves * (s + 0.5)) / duration;
    return Math.max(1, Math.round(WAVE_RESOLUTION * (1 - Math.cos(phase))));
  });
}

/** How many iterations start in each second of the run; the sum is exactly the planned total. */
export function perSecondCounts(config: PlanConfig): number[] {
  const stages = config.manual_load ?? [];
  if (stages.length > 0) {
    return stages.flatMap((stage, i) => {
      assertCount(stage.duration, `manual_load[${i}].duration`, stage.count > 0 ? 1 : 0);
      assertCount(stage.count, `manual_load[${i}].count`, 0);
      return apportionCumulative(stage.count, new Array<number>(stage.duration).fill(1));
    });
  }
  const n = config.iteration_count;
  const d = config.duration;
  assertCount(n, 'iteration_count', 0);
  assertCount(d, 'duration', 1);
  if (config.load_type === 'incremental') return apportionIncremental(n, d);
  if (config.load_type === 'waved') return apportionCumulative(n, waveWeights(d));
  return apportionCumulative(n, new Array<number>(d).fill(1));
}

/** Sorted country codes with a positive share; no proxy_config means one location, 'local'. */
export function planLocations(proxyConfig: Record<string, number> | undefined): string[] {
  const names = Object.entries(proxyConfig ?? {})
    .filter(([, share]) => share > 0)
    .map(([name]) => name)
    .sort();
  return names.length > 0 ? names : ['local'];
}

/** Largest remainder: floor of each exact share, then one more for the largest remainders. */
function largestRemainder(total: number, shares: readonly number[]): number[] {
  const sum = BigInt(shares.reduce((a, b) => a + b, 0));
  const exact = shares.map((share) => BigInt(total) * BigInt(share));
  const counts = exact.map((x) => Number(x / sum));
  const left = total - counts.reduce((a, b) => a + b, 0);
  const order = shares.map((_, i) => i);
  order.sort((a, b) => {
    const ra = (exact[a] ?? 0n) % sum;
    const rb = (exact[b] ?? 0n) % sum;
    return ra === rb ? a - b : ra > rb ? -1 : 1;
  });
  for (const i of order.slice(0, left)) counts[i] = (counts[i] ?? 0) + 1;
  return counts;
}

/**
 * Interleaving tree: a Huffman tree over the locations' counts. At an inner node of weight p whose
 * first child has weight x, the first child holds floor((n·x + floor(p/2)) / p) of the node's first
 * n iterations: always within 1/2 of n·x/p, and exactly x at n = p. Huffman keeps an inner node at
 * most 2/3 of its parent, so a location's error over any prefix is below
 * 1/2·(1 + 1 + 2/3 + 4/9 + …) < 2 (at most 1/2 with two locations, 1 with three). See docs/plan.md.
 */
interface InterleaveTree {
  /** Per node: location index for a leaf, −1 for an inner node. */
  leaf: Int32Array;
  first: Int32Array;
  second: Int32Array;
  firstWeight: Float64Array;
  weight: Float64Array;
  root: number;
}

function buildInterleaveTree(counts: readonly number[]): InterleaveTree | undefined {
  const leaves = counts.flatMap((c, i) => (c > 0 ? [i] : []));
  if (leaves.length === 0) return undefined;
  const size = 2 * leaves.length - 1;
  const tree: InterleaveTree = {
    leaf: new Int32Array(size).fill(-1),
    first: new Int32Array(size),
    second: new Int32Array(size),
    firstWeight: new Float64Array(size),
    weight: new Float64Array(size),
    root: 0,
  };
  leaves.forEach((location, node) => {
    tree.leaf[node] = location;
    tree.weight[node] = counts[location] ?? 0;
  });
  const open = leaves.map((_, node) => node);
  for (let node = leaves.length; node < size; node++) {
    const a = takeLightest(open, tree.weight);
    const b = takeLightest(open, tree.weight);
    tree.first[node] = a;
    tree.second[node] = b;
    tree.firstWeight[node] = tree.weight[a] ?? 0;
    tree.weight[node] = (tree.weight[a] ?? 0) + (tree.weight[b] ?? 0);
    open.push(node);
  }
  tree.root = open[0] ?? 0;
  return tree;
}

/** Removes and returns the lightest open node; ties go to the lower node number (deterministic). */
function takeLightest(open: number[], weight: Float64Array): number {
  let best = 0;
  for (let i = 1; i < open.length; i++) {
    const w = weight[open[i] ?? 0] ?? 0;
    const bw = weight[open[best] ?? 0] ?? 0;
    if (w < bw || (w === bw && (open[i] ?? 0) < (open[best] ?? 0))) best = i;
  }
  return open.splice(best, 1)[0] ?? 0;
}

/** The nodes from the root down to the leaf of `location`, each with whether the walk takes its first child. */
interface TreeStep {
  node: number;
  first: boolean;
}

/** Undefined for a location with no iterations (not in the tree). */
function pathTo(tree: InterleaveTree, location: number): TreeStep[] | undefined {
  const walk = (node: number): TreeStep[] | undefined => {
    if ((tree.leaf[node] ?? -1) >= 0) return tree.leaf[node] === location ? [] : undefined;
    const viaFirst = walk(tree.first[node] ?? 0);
    if (viaFirst) return [{ node, first: true }, ...viaFirst];
    const viaSecond = walk(tree.second[node] ?? 0);
    return viaSecond && [{ node, first: false }, ...viaSecond];
  };
  return walk(tree.root);
}

/** How many of a node's first n iterations go to its first child (locationOf's `before`). */
function toFirst(tree: InterleaveTree, node: number, n: number): number {
  const p = tree.weight[node] ?? 1;
  return mulAddDivFloor(n, tree.firstWeight[node] ?? 0, Math.floor(p / 2), p);
}

/** How many of a node's first n iterations go to the child that `step` takes. */
function toChild(tree: InterleaveTree, step: TreeStep, n: number): number {
  const first = toFirst(tree, step.node, n);
  return step.first ? first : n - first;
}

/**
 * The node iteration holding the child's iteration m: the least n with toChild(n + 1) > m. The
 * child's count over n iterations is within 1/2 of n·w/p (w the child's weight), so n lies in
 * [m·p/w − 1, (m + 2)·p/w]: a binary search there is exact.
 */
function fromChild(tree: InterleaveTree, step: TreeStep, m: number): number {
  const p = tree.weight[step.node] ?? 1;
  const x = tree.firstWeight[step.node] ?? 0;
  const w = step.first ? x : p - x;
  let low = Math.max(0, mulAddDivFloor(m, p, 0, w) - 1);
  let high = mulAddDivFloor(m + 2, p, w - 1, w);
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (toChild(tree, step, mid + 1) > m) high = mid;
    else low = mid + 1;
  }
  return low;
}

function locationOf(tree: InterleaveTree, k: number): number {
  let node = tree.root;
  let n = k;
  for (;;) {
    const location = tree.leaf[node] ?? 0;
    if (location >= 0) return location;
    const p = tree.weight[node] ?? 1;
    const x = tree.firstWeight[node] ?? 0;
    const half = Math.floor(p / 2);
    const before = mulAddDivFloor(n, x, half, p);
    if (mulAddDivFloor(n + 1, x, half, p) > before) {
      node = tree.first[node] ?? 0;
      n = before;
    } else {
      node = tree.second[node] ?? 0;
      n -= before;
    }
  }
}

/** How far the cursor walks forward before a binary search is cheaper. */
const CURSOR_WALK = 8;

export class LoadPlan {
  /** Iterations this runner runs. */
  readonly total: number;
  /** Seconds of the plan. */
  readonly durationS: number;
  readonly locations: string[];
  readonly shard: Shard;
  private readonly counts: Float64Array;
  /** starts[s] = iterations that start before second s; length durationS + 1. */
  private readonly starts: Float64Array;
  private readonly perLocation: number[];
  private readonly tree: InterleaveTree | undefined;
  /** The one location this runner runs (index into `locations`), or −1 for all. */
  private readonly only: number;
  /** The tree's path to that location; undefined when it has no iterations. */
  private readonly path: TreeStep[] | undefined;
  private readonly fromSecond: number;
  /** This runner's iterations before fromSecond, which a resumed run skips. */
  private readonly skip: number;
  private cursor = 0;

  constructor(config: LocationConfig, shard: Shard = { index: 1, count: 1 }) {
    assertCount(shard.count, 'shard count', 1);
    assertCount(shard.index, 'shard index', 1);
    if (shard.index > shard.count) {
      throw new RangeError(`shard index ${shard.index} is above the shard count ${shard.count}`);
    }
    // One literal of the split's two numbers, whatever built `shard`, so that every plan's shard
    // has one shape and the schedule code compiled in the warm-up stays valid at the recorded
    // start (docs/performance.md, "Why the engine's code is shaped as it is").
    this.shard = { index: shard.index, count: shard.count };
    const perSecond = perSecondCounts(config);
    this.counts = Float64Array.from(perSecond);
    this.starts = new Float64Array(perSecond.length + 1);
    perSecond.forEach((c, s) => {
      this.starts[s + 1] = (this.starts[s] ?? 0) + c;
    });
    const planned = this.starts[perSecond.length] ?? 0;
    this.locations = planLocations(config.proxy_config);
    const shares = this.locations.map((name) => Math.max(1, config.proxy_config?.[name] ?? 1));
    this.perLocation = largestRemainder(planned, shares);
    this.tree = buildInterleaveTree(this.perLocation);
    this.only = shard.location === undefined ? -1 : this.locations.indexOf(shard.location);
    if (this.only < 0 && shard.location !== undefined) {
      throw new RangeError(`location ${shard.location} is not one of the plan's (${this.locations.join(', ')})`);
    }
    this.path = this.tree && this.only >= 0 ? pathTo(this.tree, this.only) : [];
    this.fromSecond = Math.min(shard.fromSecond ?? 0, perSecond.length);
    assertCount(this.fromSecond, 'shard fromSecond', 0);
    this.durationS = perSecond.length - this.fromSecond;
    this.skip = this.before(this.rankBefore(this.starts[this.fromSecond] ?? 0));
    const ranks = this.only >= 0 ? (this.perLocation[this.only] ?? 0) : planned;
    this.total = this.before(ranks) - this.skip;
  }

  /** The global iteration number k of this runner's j-th iteration. */
  globalIndex(j: number): number {
    return this.kOfRank((j + this.skip) * this.shard.count + this.shard.index - 1);
  }

  /**
   * Planned start of this runner's j-th iteration in µs since the run's start (a resumed run's:
   * since fromSecond). Iteration r of the c in second s starts at s·1e6 + floor(r·1e6/c). O(1)
   * amortised for increasing j without a location; a location adds a walk of the tree.
   */
  startOffsetUs(j: number): number {
    const k = this.globalIndex(j);
    const s = this.secondOf(k);
    const r = k - (this.starts[s] ?? 0);
    return (s - this.fromSecond) * US_PER_S + mulAddDivFloor(r, US_PER_S, 0, this.counts[s] ?? 1);
  }

  /** Iterations this runner starts in second s of its run (its share of that second when sharded). */
  countInSecond(s: number): number {
    if (s < 0 || s >= this.durationS) return 0;
    const at = s + this.fromSecond;
    return this.before(this.rankBefore(this.starts[at + 1] ?? 0)) - this.before(this.rankBefore(this.starts[at] ?? 0));
  }

  /** This runner's busiest second: the most iterations it starts in any one second. */
  peakPerSecond(): number {
    let peak = 0;
    for (let s = 0; s < this.durationS; s++) peak = Math.max(peak, this.countInSecond(s));
    return peak;
  }

  /** Index into `locations` of this runner's j-th iteration (decided by the global k). */
  locationIndex(j: number): number {
    if (this.only >= 0) return this.only;
    return this.tree ? locationOf(this.tree, this.globalIndex(j)) : 0;
  }

  /** Iterations per location over the whole plan (all shards), summing to the plan's total. */
  locationCounts(): Record<string, number> {
    return Object.fromEntries(this.locations.map((name, i) => [name, this.perLocation[i] ?? 0]));
  }

  /** How many of the split's ranks below r are this runner's. */
  private before(r: number): number {
    const offset = this.shard.index - 1;
    return r > offset ? Math.floor((r - offset - 1) / this.shard.count) + 1 : 0;
  }

  /** How many iterations with a global number below k are ranked in the split (its location's, or all). */
  private rankBefore(k: number): number {
    if (this.only < 0 || !this.tree) return k;
    if (!this.path) return 0;
    let n = k;
    for (const step of this.path) n = toChild(this.tree, step, n);
    return n;
  }

  /** The global number of the split's rank r: the tree walked from the location's leaf up. */
  private kOfRank(r: number): number {
    if (this.only < 0 || !this.tree || !this.path) return r;
    let n = r;
    for (let i = this.path.length - 1; i >= 0; i--) n = fromChild(this.tree, this.path[i]!, n);
    return n;
  }

  private secondOf(k: number): number {
    const starts = this.starts;
    let s = this.cursor;
    if (k < (starts[s] ?? 0)) return (this.cursor = this.searchSecond(k));
    for (let walked = 0; k >= (starts[s + 1] ?? Infinity); walked++) {
      if (walked === CURSOR_WALK) return (this.cursor = this.searchSecond(k));
      s++;
    }
    return (this.cursor = s);
  }

  /** The last second whose first iteration is at or before k (skips empty seconds). */
  private searchSecond(k: number): number {
    let low = 0;
    let high = this.counts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.starts[mid] ?? 0) <= k) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
