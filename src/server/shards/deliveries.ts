// A sharded test's result (docs/kubernetes.md): each shard's best delivered result, renumbered as
// one set and added up by the exact merge (histograms added, never averaged), with the coverage of
// the plan that the result holds. A part of the plan with no result makes the run incomplete.
import { LoadPlan, type LocationConfig } from '../../engine/plan.ts';
import { InputError } from '../../errors.ts';
import { initHistograms } from '../../results/histogram.ts';
import { mergeShards } from '../../merge/results.ts';
import { percent } from '../../rates.ts';
import { planShard, type ShardKey, shardName } from '../../shard/protocol.ts';
import type { Coverage, LoadTestResult, ShardCoverage } from '../../types.ts';
import type { ShardAttemptRecord, ShardUpload } from '../store/store.ts';
import { shardKeys } from './coordinator.ts';

export interface Delivered {
  /** Location → how many shards it runs. */
  shardCounts: Record<string, number>;
  attempts: ShardAttemptRecord[];
  finals: Array<ShardUpload<LoadTestResult>>;
  /** The seconds uploaded while running: what attempts whose result is not in the merge sent. Absent: only the measured is known. */
  intervals?: Array<ShardUpload<{ t: number; sample: { started: number } }>>;
}

export interface ShardedOutcome {
  /** Absent when no shard delivered a result. */
  result?: LoadTestResult;
  coverage: Coverage;
}

interface Chosen {
  key: ShardKey;
  attempt: number;
  result: LoadTestResult;
}

/** The seconds of a shard's schedule that a delivered result covers: [from, to). */
function coveredWindow(plan: LoadPlan, fromSecond: number, result: LoadTestResult): [number, number] {
  const to = result.run.interrupted ? fromSecond + result.run.series.length : plan.durationS;
  return [fromSecond, Math.min(to, plan.durationS)];
}

function shardCoverage(
  plan: LoadPlan,
  key: ShardKey,
  attempts: number,
  covered: [number, number] | undefined,
): { coverage: ShardCoverage; applied: number } {
  let planned = 0;
  let applied = 0;
  const missing: Array<[number, number]> = [];
  for (let s = 0; s < plan.durationS; s++) {
    const count = plan.countInSecond(s);
    if (count === 0) continue;
    planned += 1;
    if (covered && s >= covered[0] && s < covered[1]) {
      applied += count;
      continue;
    }
    const last = missing[missing.length - 1];
    if (last && last[1] === s) last[1] = s + 1;
    else missing.push([s, s + 1]);
  }
  const missingS = missing.reduce((n, [from, to]) => n + to - from, 0);
  return {
    coverage: {
      shard: shardName(key),
      location: key.location,
      index: key.index,
      attempts,
      planned_s: planned,
      missing_s: missingS,
      missing,
    },
    applied,
  };
}

/** Per shard, the delivered result that covers the most of its plan; and the coverage of them all. */
export function chooseResults(config: LocationConfig, delivered: Delivered): { chosen: Chosen[]; coverage: Coverage } {
  const chosen: Chosen[] = [];
  const shards: ShardCoverage[] = [];
  let plannedTotal = 0;
  let measuredTotal = 0;
  let sentTotal = 0;
  for (const key of shardKeys(delivered.shardCounts)) {
    const name = shardName(key);
    const plan = new LoadPlan(config, planShard(key, delivered.shardCounts[key.location] ?? 1));
    const attempts = delivered.attempts.filter((a) => shardName(a) === name);
    const candidates = delivered.finals
      .filter((f) => shardName(f) === name)
      .map((f) => {
        const fromSecond = attempts.find((a) => a.attempt === f.attempt)?.fromSecond ?? 0;
        const window = coveredWindow(plan, fromSecond, f.value);
        return { final: f, window, applied: shardCoverage(plan, key, attempts.length, window).applied };
      });
    const best = candidates.sort((a, b) => b.applied - a.applied || a.final.attempt - b.final.attempt)[0];
    if (best) chosen.push({ key, attempt: best.final.attempt, result: best.final.value });
    const { coverage, applied } = shardCoverage(plan, key, Math.max(1, attempts.length), best?.window);
    plannedTotal += plan.total;
    // What the chosen result holds, which is what the merge adds up. Not the planned count of its
    // covered seconds: a generator that fell behind ends its schedule with iterations never started
    // (docs/engine.md; the verdict's generator check judges them), and a shard stopped mid-second
    // ran only part of that second's plan.
    const measured = best ? Math.min(applied, best.final.value.results?.iteration_count ?? applied) : 0;
    measuredTotal += measured;
    sentTotal += measured + startedByOthers(delivered.intervals, name, best?.final.attempt);
    if (coverage.missing_s > 0) shards.push(coverage);
  }
  return {
    chosen,
    coverage: {
      planned_iterations: plannedTotal,
      applied_iterations: sentTotal,
      applied_pct: pctOf(sentTotal, plannedTotal),
      measured_iterations: measuredTotal,
      measured_pct: pctOf(measuredTotal, plannedTotal),
      shards,
    },
  };
}

/** A share rounded down to 0.1 %, so that a run with anything missing never shows 100. */
function pctOf(part: number, whole: number): number {
  return Math.floor((percent(part, whole) ?? 100) * 10) / 10;
}

/** Iterations started by the shard's attempts other than the one in the merge (dead or superseded: their load reached the target). */
function startedByOthers(intervals: Delivered['intervals'], name: string, chosenAttempt: number | undefined): number {
  return (intervals ?? [])
    .filter((u) => shardName(u) === name && u.attempt !== chosenAttempt)
    .reduce((n, u) => n + (Number.isFinite(u.value.sample.started) ? u.value.sample.started : 0), 0);
}

/** `shard US-3: 18 s of 300 s missing; …; 97.0 % of the planned load measured (98.2 % applied)`. */
export function coverageLine(coverage: Coverage): string {
  const shards = coverage.shards.map((s) => `shard ${s.shard}: ${s.missing_s} s of ${s.planned_s} s missing`);
  const shares = `${coverage.measured_pct.toFixed(1)} % of the planned load measured (${coverage.applied_pct.toFixed(1)} % applied)`;
  return [...shards, shares].join('; ');
}

/** The merged result (test_url set), its coverage, and the run marked incomplete when part of the plan is missing. */
export async function mergeSharded(config: LocationConfig, delivered: Delivered, testUrl: string): Promise<ShardedOutcome> {
  const { chosen, coverage } = chooseResults(config, delivered);
  if (chosen.length === 0) return { coverage };
  await initHistograms();
  const inputs = chosen.map((c, i) => ({
    file: `${shardName(c.key)} (attempt ${c.attempt})`,
    content: renumbered(c.result, i + 1, chosen.length),
  }));
  const merged = mergeShards(inputs);
  if (!merged.ok) throw new InputError(merged.problems);
  const incomplete = coverage.shards.length > 0;
  const run = { ...merged.value.result.run, interrupted: merged.value.result.run.interrupted || incomplete, coverage };
  return { result: { ...merged.value.result, test_url: testUrl, run }, coverage };
}

/** The exact merge wants one set 1..M: each chosen result becomes one of them. */
function renumbered(result: LoadTestResult, index: number, count: number): LoadTestResult {
  const shard = result.run.shard;
  return shard ? { ...result, run: { ...result.run, shard: { ...shard, index, count } } } : result;
}
