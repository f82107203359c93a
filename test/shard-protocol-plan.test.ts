// A shard of one location (a Kubernetes Job's index: docs/kubernetes.md): the location's
// iterations split by their rank within it, and a retried shard's resume from a second. The
// union of every location's shards must be the whole plan, each iteration once, at its planned
// time and from its planned location.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LoadPlan } from '../src/engine/plan.ts';
import { threadShard } from '../src/engine/shard.ts';
import type { LoadType } from '../src/types.ts';

const loadType = fc.constantFrom<LoadType>('linear', 'incremental', 'waved');
const country = fc.constantFrom('US', 'DE', 'FR', 'JP', 'BR');
const shares = fc.dictionary(country, fc.integer({ min: 1, max: 100 }), { minKeys: 1 });

interface Seen {
  k: number;
  location: string;
  offsetUs: number;
}

function iterationsOf(plan: LoadPlan): Seen[] {
  return Array.from({ length: plan.total }, (_, j) => ({
    k: plan.globalIndex(j),
    location: plan.locations[plan.locationIndex(j)]!,
    offsetUs: plan.startOffsetUs(j),
  }));
}

describe('a location shard', () => {
  it('the shards of every location run the whole plan once, each iteration at its time and from its location', () => {
    fc.assert(
      fc.property(
        loadType,
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 20 }),
        shares,
        fc.integer({ min: 1, max: 5 }),
        (load_type, n, duration, proxy_config, shards) => {
          const config = { load_type, iteration_count: n, duration, proxy_config };
          const whole = new LoadPlan(config);
          const seen: Seen[] = [];
          for (const location of whole.locations) {
            for (let index = 1; index <= shards; index++) {
              const plan = new LoadPlan(config, { index, count: shards, location });
              const mine = iterationsOf(plan);
              expect(mine.every((it) => it.location === location)).toBe(true);
              const perSecond = Array.from({ length: plan.durationS }, (_, s) => plan.countInSecond(s));
              expect(perSecond.reduce((a, b) => a + b, 0)).toBe(plan.total);
              seen.push(...mine);
            }
          }
          seen.sort((a, b) => a.k - b.k);
          expect(seen.map((it) => it.k)).toEqual(Array.from({ length: whole.total }, (_, k) => k));
          for (const it of seen) {
            expect(it.location).toBe(whole.locations[whole.locationIndex(it.k)]);
            expect(it.offsetUs).toBe(whole.startOffsetUs(it.k));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('splits a location evenly: its shards differ by at most one iteration', () => {
    const config = { load_type: 'linear' as const, iteration_count: 1001, duration: 10, proxy_config: { US: 60, DE: 40 } };
    const totals = [1, 2, 3, 4].map((index) => new LoadPlan(config, { index, count: 4, location: 'US' }).total);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(new LoadPlan(config).locationCounts().US);
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
  });

  it('refuses a location that is not in the plan', () => {
    expect(
      () =>
        new LoadPlan(
          { load_type: 'linear', iteration_count: 10, duration: 1, proxy_config: { US: 1 } },
          { index: 1, count: 1, location: 'DE' },
        ),
    ).toThrow(/location DE is not one of the plan's \(US\)/);
  });

  it('keeps its location and resume second when split over threads', () => {
    expect(threadShard({ index: 2, count: 4, location: 'DE', fromSecond: 3 }, 2, 2)).toEqual({
      index: 6,
      count: 8,
      location: 'DE',
      fromSecond: 3,
    });
  });
});

describe('a resumed shard', () => {
  it('runs exactly its iterations planned from the resume second on, its clock starting there', () => {
    fc.assert(
      fc.property(
        loadType,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 12 }),
        shares,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 14 }),
        (load_type, n, duration, proxy_config, shards, from) => {
          const config = { load_type, iteration_count: n, duration, proxy_config };
          const location = new LoadPlan(config).locations[0]!;
          const full = iterationsOf(new LoadPlan(config, { index: shards, count: shards, location }));
          const resumed = new LoadPlan(config, { index: shards, count: shards, location, fromSecond: from });
          const fromUs = Math.min(from, duration) * 1e6;
          expect(resumed.durationS).toBe(duration - Math.min(from, duration));
          expect(iterationsOf(resumed)).toEqual(
            full.filter((it) => it.offsetUs >= fromUs).map((it) => ({ ...it, offsetUs: it.offsetUs - fromUs })),
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});
