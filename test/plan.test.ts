import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LoadPlan, mulAddDivFloor, perSecondCounts, planLocations } from '../src/engine/plan.ts';
import type { LoadType, ManualStage } from '../src/types.ts';

const LOAD_TYPES: LoadType[] = ['linear', 'incremental', 'waved'];
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const loadType = fc.constantFrom(...LOAD_TYPES);
const country = fc.constantFrom('US', 'DE', 'FR', 'JP', 'BR', 'IN', 'GB', 'AU');
const shares = fc.dictionary(country, fc.integer({ min: 1, max: 100 }), { minKeys: 1 });

function config(load_type: LoadType, iteration_count: number, duration: number) {
  return { load_type, iteration_count, duration };
}

/** Which second each of the plan's iterations starts in, counted per second. */
function startsPerSecond(plan: LoadPlan): number[] {
  const perSecond = new Array<number>(plan.durationS).fill(0);
  for (let j = 0; j < plan.total; j++) {
    const s = Math.floor(plan.startOffsetUs(j) / 1e6);
    perSecond[s] = (perSecond[s] ?? 0) + 1;
  }
  return perSecond;
}

/** Per-location counts over the whole plan, and the worst distance from k·c_l/T over all prefixes. */
function prefixBalance(plan: LoadPlan, targets: readonly number[]): { got: number[]; worst: number } {
  const got = targets.map(() => 0);
  let worst = 0;
  for (let k = 0; k < plan.total; k++) {
    const l = plan.locationIndex(k);
    got[l] = (got[l] ?? 0) + 1;
    got.forEach((g, i) => {
      worst = Math.max(worst, Math.abs(g - ((k + 1) * (targets[i] ?? 0)) / plan.total));
    });
  }
  return { got, worst };
}

describe('perSecondCounts', () => {
  it('adds up exactly to iteration_count for every load type', () => {
    fc.assert(
      fc.property(loadType, fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 1, max: 400 }), (type, n, d) => {
        const counts = perSecondCounts(config(type, n, d));
        expect(counts).toHaveLength(d);
        expect(sum(counts)).toBe(n);
        expect(counts.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives all zeros for 0 iterations and everything to the one second of a 1 s run', () => {
    for (const type of LOAD_TYPES) {
      expect(perSecondCounts(config(type, 0, 4))).toEqual([0, 0, 0, 0]);
      expect(perSecondCounts(config(type, 37, 1))).toEqual([37]);
    }
  });

  it('linear spreads the remainder: max − min ≤ 1, and sparse counts are spaced out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 300 }), (n, d) => {
        const counts = perSecondCounts(config('linear', n, d));
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
    expect(perSecondCounts(config('linear', 7, 5))).toEqual([1, 1, 2, 1, 2]);
    expect(perSecondCounts(config('linear', 3, 10))).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });

  it('incremental never decreases, and the last second beats the first when counts allow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 300 }), (n, d) => {
        const counts = perSecondCounts(config('incremental', n, d));
        counts.slice(1).forEach((c, s) => {
          expect(c).toBeGreaterThanOrEqual(counts[s] ?? 0);
        });
        if (d >= 2 && n * (d - 1) >= d * (d + 1)) expect(counts[0]).toBeLessThan(counts[d - 1] ?? 0);
      }),
    );
    // Cumulative rounding would give 0 0 1 2 1 here; largest remainder stays monotone.
    expect(perSecondCounts(config('incremental', 10, 6))).toEqual([1, 1, 1, 2, 2, 3]);
    expect(perSecondCounts(config('incremental', 100, 5))).toEqual([7, 13, 20, 27, 33]);
  });

  it('waved rises and falls: an interior peak and not monotonic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 200 }), fc.integer({ min: 10, max: 1000 }), (d, perSecond) => {
        const counts = perSecondCounts(config('waved', d * perSecond, d));
        const first = counts[0] ?? 0;
        const last = counts[d - 1] ?? 0;
        const peak = Math.max(...counts);
        const peakAt = counts.indexOf(peak);
        expect(peakAt).toBeGreaterThan(0);
        expect(peakAt).toBeLessThan(d - 1);
        expect(peak).toBeGreaterThan(Math.max(first, last));
        const rises = counts.slice(1).some((c, s) => c > (counts[s] ?? 0));
        const falls = counts.slice(1).some((c, s) => c < (counts[s] ?? 0));
        expect(rises && falls).toBe(true);
      }),
    );
    // 20 s: two waves of 10 s.
    const twenty = perSecondCounts(config('waved', 1000, 20));
    expect(twenty.slice(0, 10)).toEqual(twenty.slice(10));
  });

  it('manual_load concatenates stages, each linear within itself, and ignores load_type', () => {
    const manual_load: ManualStage[] = [
      { duration: 2, count: 10 },
      { duration: 3, count: 90 },
      { duration: 1, count: 0 },
      { duration: 4, count: 6 },
    ];
    for (const type of LOAD_TYPES) {
      expect(perSecondCounts({ ...config(type, 999, 99), manual_load })).toEqual([5, 5, 30, 30, 30, 0, 1, 2, 1, 2]);
    }
    const stage = fc.record({ duration: fc.integer({ min: 1, max: 30 }), count: fc.nat(10_000) });
    fc.assert(
      fc.property(fc.array(stage, { minLength: 1, maxLength: 6 }), (stages) => {
        const counts = perSecondCounts({ ...config('waved', 5, 5), manual_load: stages });
        expect(counts).toHaveLength(sum(stages.map((s) => s.duration)));
        expect(sum(counts)).toBe(sum(stages.map((s) => s.count)));
      }),
    );
  });

  it('has no float drift at 10^9 iterations', () => {
    for (const type of LOAD_TYPES) {
      for (const d of [1, 7, 3600, 86_400]) {
        expect(sum(perSecondCounts(config(type, 1e9, d)))).toBe(1e9);
      }
    }
    const manual_load = [{ duration: 3, count: 1e9 + 1 }];
    expect(sum(perSecondCounts({ ...config('linear', 0, 1), manual_load }))).toBe(1e9 + 1);
  });

  it('rejects a plan it cannot place', () => {
    expect(() => perSecondCounts(config('linear', 10, 0))).toThrow(/duration/);
    expect(() => perSecondCounts(config('linear', -1, 5))).toThrow(/iteration_count/);
    const manual_load = [{ duration: 0, count: 3 }];
    expect(() => perSecondCounts({ ...config('linear', 1, 1), manual_load })).toThrow(/manual_load\[0\]/);
  });
});

describe('mulAddDivFloor', () => {
  it('equals BigInt arithmetic on every magnitude path', () => {
    const big = fc.oneof(fc.nat(2 ** 20), fc.nat(2 ** 32 - 1), fc.nat(Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(
        big,
        big,
        fc.nat(2 ** 32 - 1),
        big.map((c) => c + 1),
        (a, b, add, c) => {
          const expected = (BigInt(a) * BigInt(b) + BigInt(add)) / BigInt(c);
          expect(mulAddDivFloor(a, b, add, c)).toBe(Number(expected));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('LoadPlan start offsets', () => {
  it('starts each iteration inside its second, in order, with the planned per-second counts', () => {
    fc.assert(
      fc.property(loadType, fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 60 }), (type, n, d) => {
        const plan = new LoadPlan(config(type, n, d));
        expect(plan.total).toBe(n);
        expect(plan.durationS).toBe(d);
        const offsets = Array.from({ length: plan.total }, (_, j) => plan.startOffsetUs(j));
        expect(offsets.every((offset, j) => offset >= (offsets[j - 1] ?? 0) && offset < d * 1e6)).toBe(true);
        expect(startsPerSecond(plan)).toEqual(perSecondCounts(config(type, n, d)));
      }),
      { numRuns: 60 },
    );
  });

  it('spreads a second evenly, the first iteration at the second start', () => {
    const plan = new LoadPlan(config('linear', 8, 2));
    expect(Array.from({ length: 8 }, (_, j) => plan.startOffsetUs(j))).toEqual([
      0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000, 1_500_000, 1_750_000,
    ]);
    const sparse = new LoadPlan(config('linear', 2, 10));
    expect([sparse.startOffsetUs(0), sparse.startOffsetUs(1)]).toEqual([4_000_000, 9_000_000]);
  });

  it('answers random and backward access like sequential access', () => {
    const type = 'waved';
    const sequential = new LoadPlan(config(type, 50_000, 300));
    const expected = Array.from({ length: sequential.total }, (_, j) => sequential.startOffsetUs(j));
    const random = new LoadPlan(config(type, 50_000, 300));
    fc.assert(
      fc.property(fc.array(fc.nat(49_999), { minLength: 1, maxLength: 200 }), (js) => {
        for (const j of js) expect(random.startOffsetUs(j)).toBe(expected[j]);
      }),
    );
    for (let j = sequential.total - 1; j >= 0; j -= 97) expect(random.startOffsetUs(j)).toBe(expected[j]);
  });

  it('builds a 10^8-iteration plan without a table per iteration and places iterations near its end exactly', () => {
    const before = process.memoryUsage();
    const plan = new LoadPlan({ ...config('linear', 1e8, 1000), proxy_config: { US: 1, DE: 2, FR: 3 } });
    const after = process.memoryUsage();
    // Nothing per iteration: a table of 10^8 starts would take at least 400 MB; per-second tables take kilobytes.
    expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(16 * 1024 * 1024);
    // 10^5 per second: iteration r of second s starts at s·1e6 + 10·r.
    expect(plan.startOffsetUs(1e8 - 1)).toBe(999_999_990);
    expect(plan.startOffsetUs(123_456_78)).toBe(123_000_000 + 45_678 * 10);
    expect(plan.locationCounts()).toEqual({ DE: 33_333_333, FR: 50_000_000, US: 16_666_667 });
    // The shares (FR 3, DE 2, US 1 in six) hold to the very last iteration, which is DE's.
    expect(Array.from({ length: 6 }, (_, i) => plan.locations[plan.locationIndex(1e8 - 6 + i)])).toEqual([
      'FR',
      'DE',
      'FR',
      'US',
      'FR',
      'DE',
    ]);
  });

  it('keeps offsets and locations exact at 10^9 iterations', () => {
    const plan = new LoadPlan({ ...config('incremental', 1e9, 7), proxy_config: { US: 1, DE: 1, FR: 1 } });
    const counts = perSecondCounts(config('incremental', 1e9, 7));
    const last = counts[6] ?? 0;
    const r = last - 1;
    expect(plan.startOffsetUs(1e9 - 1)).toBe(6e6 + Number((BigInt(r) * 1_000_000n) / BigInt(last)));
    expect(plan.startOffsetUs(counts[0] ?? 0)).toBe(1e6);
    expect(sum(Object.values(plan.locationCounts()))).toBe(1e9);
    // With three equal shares, any window of three consecutive iterations visits every location.
    const seen = new Set([1e9 - 3, 1e9 - 2, 1e9 - 1].map((j) => plan.locationIndex(j)));
    expect(seen.size).toBe(3);
  });

  it('rejects an impossible shard', () => {
    expect(() => new LoadPlan(config('linear', 10, 1), { index: 0, count: 2 })).toThrow(/shard index/);
    expect(() => new LoadPlan(config('linear', 10, 1), { index: 3, count: 2 })).toThrow(/shard index 3/);
  });
});

describe('LoadPlan locations', () => {
  it('lists sorted countries with a positive share, or one local location', () => {
    expect(planLocations({ US: 50, DE: 50, FR: 0 })).toEqual(['DE', 'US']);
    expect(planLocations(undefined)).toEqual(['local']);
    expect(planLocations({})).toEqual(['local']);
    const plan = new LoadPlan(config('linear', 7, 7));
    expect(plan.locationCounts()).toEqual({ local: 7 });
    expect(Array.from({ length: 7 }, (_, j) => plan.locationIndex(j))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('splits by largest remainder, ties to the earlier location', () => {
    const counts = (n: number, proxy_config: Record<string, number>) =>
      new LoadPlan({ ...config('linear', n, 5), proxy_config }).locationCounts();
    expect(counts(10, { US: 1, DE: 1, FR: 1 })).toEqual({ DE: 4, FR: 3, US: 3 });
    expect(counts(1000, { US: 50, DE: 50 })).toEqual({ DE: 500, US: 500 });
    expect(counts(7, { US: 60, DE: 25, FR: 15 })).toEqual({ DE: 2, FR: 1, US: 4 });
    expect(counts(2, { US: 1, DE: 1, FR: 1 })).toEqual({ DE: 1, FR: 1, US: 0 });
  });

  it('realises the counts exactly and stays within 2 of the proportional share on every prefix', () => {
    fc.assert(
      fc.property(shares, fc.integer({ min: 0, max: 3000 }), (proxy_config, n) => {
        const plan = new LoadPlan({ ...config('linear', n, 3), proxy_config });
        const targets = plan.locations.map((name) => plan.locationCounts()[name] ?? 0);
        expect(sum(targets)).toBe(n);
        const { got, worst } = prefixBalance(plan, targets);
        expect(got).toEqual(targets);
        const bound = plan.locations.length <= 2 ? 0.5 : plan.locations.length === 3 ? 1 : 2;
        expect(worst).toBeLessThanOrEqual(bound);
        if (plan.locations.length > 3) expect(worst).toBeLessThan(2);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a skewed split balanced on every prefix', () => {
    const proxy_config = { AU: 1000, BR: 1, DE: 2, FR: 3, GB: 5, IN: 8, JP: 13, US: 21 };
    const plan = new LoadPlan({ ...config('linear', 10_530, 3), proxy_config });
    const targets = plan.locations.map((name) => plan.locationCounts()[name] ?? 0);
    const { got, worst } = prefixBalance(plan, targets);
    expect(got).toEqual(targets);
    expect(worst).toBeLessThan(2);
  });
});

describe('LoadPlan shards', () => {
  it('partitions the plan exactly: same k, start and location, evenly per second', () => {
    fc.assert(
      fc.property(
        loadType,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.option(shares, { nil: undefined }),
        (type, n, d, count, proxy_config) => {
          const whole = new LoadPlan({ ...config(type, n, d), proxy_config });
          const expected = Array.from({ length: n }, (_, k) => [k, whole.startOffsetUs(k), whole.locationIndex(k)]);
          const union: number[][] = [];
          const planned = perSecondCounts(config(type, n, d));
          for (let index = 1; index <= count; index++) {
            const shard = new LoadPlan({ ...config(type, n, d), proxy_config }, { index, count });
            expect(shard.locationCounts()).toEqual(whole.locationCounts());
            for (let j = 0; j < shard.total; j++) {
              union.push([shard.globalIndex(j), shard.startOffsetUs(j), shard.locationIndex(j)]);
            }
            startsPerSecond(shard).forEach((c, s) => {
              expect(Math.abs(c - (planned[s] ?? 0) / count)).toBeLessThan(1);
            });
          }
          union.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
          expect(union).toEqual(expected);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("counts each shard's iterations per second exactly: the shards add up to the plan's seconds", () => {
    const counts = perSecondCounts(config('incremental', 1003, 5));
    const shards = [1, 2, 3].map((index) => new LoadPlan(config('incremental', 1003, 5), { index, count: 3 }));
    for (let s = 0; s < 5; s++) expect(sum(shards.map((shard) => shard.countInSecond(s)))).toBe(counts[s]);
    for (const shard of shards) expect(sum([0, 1, 2, 3, 4].map((s) => shard.countInSecond(s)))).toBe(shard.total);
    expect(shards[0]!.countInSecond(5)).toBe(0);
    expect(new LoadPlan(config('incremental', 1003, 5)).peakPerSecond()).toBe(Math.max(...counts));
  });

  it('gives each shard its share of k mod N', () => {
    const totals = [1, 2, 3, 4].map((index) => new LoadPlan(config('linear', 10, 2), { index, count: 4 }).total);
    expect(totals).toEqual([3, 3, 2, 2]);
    const shard = new LoadPlan(config('linear', 10, 2), { index: 2, count: 4 });
    expect([0, 1, 2].map((j) => shard.globalIndex(j))).toEqual([1, 5, 9]);
    expect(new LoadPlan(config('linear', 2, 2), { index: 5, count: 7 }).total).toBe(0);
  });

  // V8 compiles the schedule's code for the hidden classes the warm-up's plan has (warm.ts), and
  // threw it away at the recorded start when a thread's plan had others. %HaveSameMap is V8's own
  // answer, so it runs in a Node of its own with V8's natives syntax on.
  it("has one hidden class whoever built its shard: a thread's share, a shard's, the warm-up's default", async () => {
    const script = `
      import { LoadPlan } from './src/engine/plan.ts';
      import { threadShard } from './src/engine/shard.ts';
      const config = { load_type: 'linear', iteration_count: 100, duration: 2 };
      const warm = new LoadPlan({ iteration_count: 10, duration: 1, load_type: 'linear' });
      const others = [
        new LoadPlan(config, threadShard(undefined, 2, 2)),
        new LoadPlan(config, threadShard({ index: 1, count: 2, fromSecond: 1 }, 1, 2)),
        new LoadPlan(config, { index: 1, count: 1 }),
      ];
      console.log(JSON.stringify(others.map((plan) => [%HaveSameMap(plan, warm), %HaveSameMap(plan.shard, warm.shard)])));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
  });
});
