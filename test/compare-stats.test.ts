// Statistics of the comparison gate (DESIGN 12) against values derived by hand beside each test,
// published critical-value tables, and scipy.stats.mannwhitneyu (scipy 1.17.1).
import { describe, expect, it } from 'vitest';
import { hodgesLehmannRatio, intervalRank, ZERO_VALUE_FLOOR } from '../src/compare/hodges-lehmann.ts';
import { EXACT_MAX_SIZE, exactLowerCritical, exactUCdf, exactUCounts, mannWhitneyU, tieCorrectedSd } from '../src/compare/mann-whitney.ts';
import { holm, median, newSeed, normalSf, normalUpperQuantile, seededOrder } from '../src/compare/stats.ts';
import { mulberry32 } from '../src/compare/random.ts';
import { compareStep, gateFails, MORE_ROUNDS_NOTE, verdicts } from '../src/compare/verdict.ts';
import { decided, lookPlan, lookRounds, lookVerdicts, MAX_LOOKS, undecided, type LookPlan } from '../src/compare/sequential.ts';
import type { StepDecision } from '../src/results/comparison.ts';

/** Standard normal draws from a seeded mulberry32 (Box-Muller). */
function normalNoise(seed: number): () => number {
  const uniform = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Round values around `center` with lognormal noise of log-standard-deviation sigma. */
function lognormalRounds(noise: () => number, rounds: number, center: number, sigma: number): number[] {
  return Array.from({ length: rounds }, () => center * Math.exp(sigma * noise()));
}

/** C(a, b) exactly for the sizes used here (C(40, 20) < 2^53). */
function binomial(a: number, b: number): number {
  let result = 1;
  for (let i = 1; i <= b; i++) result = (result * (a - b + i)) / i;
  return Math.round(result);
}

const range = (from: number, to: number, step = 1): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('exact null distribution of U', () => {
  it('m = n = 2: C(4, 2) = 6 arrangements', () => {
    // Pooled order of two x's and two y's, smallest first, and U_x = pairs with x above y:
    // xxyy 0, xyxy 1, xyyx 2, yxxy 2, yxyx 3, yyxx 4  →  counts of U = 0..4: 1, 1, 2, 1, 1.
    expect(exactUCounts(2, 2)).toEqual([1, 1, 2, 1, 1]);
    // x = [3, 4] above y = [1, 2] is the arrangement yyxx: U = 4, reached by 1 of 6.
    expect(mannWhitneyU([3, 4], [1, 2], 'greater')).toEqual({ u: 4, p: 1 / 6, method: 'exact' });
    // P(U ≤ 4) is everything; two-sided doubles the smaller tail: 2/6.
    expect(mannWhitneyU([3, 4], [1, 2], 'less').p).toBe(1);
    expect(mannWhitneyU([3, 4], [1, 2], 'two-sided').p).toBeCloseTo(1 / 3, 15);
  });

  it('m = 3, n = 2: C(5, 2) = 10 arrangements', () => {
    // Each of the 3 x's has 0, 1 or 2 y's below it; an arrangement is a non-decreasing triple
    // (a1 ≤ a2 ≤ a3) and U is its sum: 0 {000}, 1 {001}, 2 {002, 011}, 3 {012, 111},
    // 4 {022, 112}, 5 {122}, 6 {222}  →  1, 1, 2, 2, 2, 1, 1 (10 in all).
    expect(exactUCounts(3, 2)).toEqual([1, 1, 2, 2, 2, 1, 1]);
    // Every x above every y: U = 6, the single most extreme arrangement, p = 1/10 (scipy: 0.1).
    expect(mannWhitneyU([10, 20, 30], [1, 2], 'greater')).toEqual({ u: 6, p: 0.1, method: 'exact' });
    expect(exactUCdf(2, 3, 2)).toBeCloseTo(4 / 10, 15);
  });

  it('m = n = 4: the counts are partitions of U into at most 4 parts of at most 4', () => {
    // U = 0 {}, 1 {1}, 2 {2, 11}, 3 {3, 21, 111}, 4 {4, 31, 22, 211, 1111}; C(8, 4) = 70.
    const counts = exactUCounts(4, 4);
    expect(counts.slice(0, 5)).toEqual([1, 1, 2, 3, 5]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(70);
    expect(exactUCdf(3, 4, 4)).toBeCloseTo(7 / 70, 15);
    // P(U ≤ 3) = 7/70 = 0.1 reaches a level of 0.1 without passing it, even when the level
    // arrives as (1 − 0.8)/2 = 0.09999999999999998 in floating point.
    expect(exactLowerCritical(4, 4, (1 - 0.8) / 2)).toBe(3);
  });

  it('sums to C(m + n, m) and is symmetric about m·n/2 for every size up to 20', () => {
    for (let m = 1; m <= EXACT_MAX_SIZE; m++) {
      for (let n = 1; n <= EXACT_MAX_SIZE; n++) {
        const counts = exactUCounts(m, n);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(binomial(m + n, m));
        expect(counts).toEqual([...counts].reverse());
      }
    }
  });
});

describe('published critical values of U (reject H0 when U ≤ the value)', () => {
  // "Critical values of Mann-Whitney U, α = 0.05 two-tailed", the table reprinted in most
  // textbooks (e.g. numeracy-bank.net/?q=t/stt/mwu/3), rows n1 = 5..15, columns n2 = 5..20.
  // The reprints give 67 for n1 = 14, n2 = 17; the exact distribution gives 69
  // (P(U ≤ 69) = 0.0242, P(U ≤ 70) = 0.0267; scipy's exact distribution agrees), so that entry
  // is a misprint and left out (null).
  const twoTailed05: Record<number, (number | null)[]> = {
    5: [2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 17, 18, 19, 20],
    6: [3, 5, 6, 8, 10, 11, 13, 14, 16, 17, 19, 21, 22, 24, 25, 27],
    7: [5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34],
    8: [6, 8, 10, 13, 15, 17, 19, 22, 24, 26, 29, 31, 34, 36, 38, 41],
    9: [7, 10, 12, 15, 17, 20, 23, 26, 28, 31, 34, 37, 39, 42, 45, 48],
    10: [8, 11, 14, 17, 20, 23, 26, 29, 33, 36, 39, 42, 45, 48, 52, 55],
    11: [9, 13, 16, 19, 23, 26, 30, 33, 37, 40, 44, 47, 51, 55, 58, 62],
    12: [11, 14, 18, 22, 26, 29, 33, 37, 41, 45, 49, 53, 57, 61, 65, 69],
    13: [12, 16, 20, 24, 28, 33, 37, 41, 45, 50, 54, 59, 63, 67, 72, 76],
    14: [13, 17, 22, 26, 31, 36, 40, 45, 50, 55, 59, 64, null, 74, 78, 83],
    15: [14, 19, 24, 29, 34, 39, 44, 49, 54, 59, 64, 70, 75, 80, 85, 90],
  };

  it('two-tailed α = 0.05 (one tail of 0.025): the whole table rows 5..15', () => {
    for (const [n1, row] of Object.entries(twoTailed05)) {
      row.forEach((critical, i) => {
        if (critical === null) return;
        const m = Number(n1);
        const n = i + 5;
        expect(exactLowerCritical(m, n, 0.025), `n1 = ${m}, n2 = ${n}`).toBe(critical);
        expect(exactUCdf(critical, m, n)).toBeLessThanOrEqual(0.025);
        expect(exactUCdf(critical + 1, m, n)).toBeGreaterThan(0.025);
      });
    }
    // The same table's last entry, n1 = n2 = 20.
    expect(exactLowerCritical(20, 20, 0.025)).toBe(127);
  });

  it('one-tailed α = 0.05: P(U ≤ U_crit) ≤ 0.05 < P(U ≤ U_crit + 1)', () => {
    // The one-tailed 0.05 table (= two-tailed 0.10). Cross-checked against the table of
    // critical rank sums W of the Wilcoxon-Mann-Whitney test (one-sided 0.05 column) with
    // U = W − n_small(n_small + 1)/2: n = 10,10: W 82 → 27; 10,5: 26 → 11; 8,8: 51 → 15;
    // 5,5: 19 → 4; 12,12: 120 → 42; 13,13: 142 → 51; 11,11: 100 → 34; 10,6: 35 → 14.
    const oneTailed05: [number, number, number][] = [
      [5, 5, 4],
      [8, 8, 15],
      [10, 10, 27],
      [5, 10, 11],
      [6, 10, 14],
      [11, 11, 34],
      [12, 12, 42],
      [13, 13, 51],
      [20, 20, 138],
    ];
    for (const [m, n, critical] of oneTailed05) {
      expect(exactLowerCritical(m, n, 0.05), `n1 = ${m}, n2 = ${n}`).toBe(critical);
      expect(exactUCdf(critical, m, n)).toBeLessThanOrEqual(0.05);
      expect(exactUCdf(critical + 1, m, n)).toBeGreaterThan(0.05);
    }
  });

  it('the test rejects exactly at the table value', () => {
    // n1 = n2 = 5, one-tailed 0.05: U_crit = 4 for the smaller U; for "greater" that is
    // U_x ≥ 25 − 4 = 21. Here 1.5 is below 4 of the y's: U_x = 21, p = 12/252 ≤ 0.05
    // (K = 25 − U reversed pairs: partitions of 0..4 → 1 + 1 + 2 + 3 + 5 = 12 of C(10, 5) = 252).
    // With 0.5, below all 5 y's: U_x = 20, p = (12 + 7)/252 = 0.075, beyond the table.
    const y = [1, 2, 3, 4, 5];
    const atTable = mannWhitneyU([1.5, 10, 11, 12, 13], y, 'greater');
    expect(atTable.u).toBe(21);
    expect(atTable.p).toBeCloseTo(12 / 252, 15);
    const beyond = mannWhitneyU([0.5, 10, 11, 12, 13], y, 'greater');
    expect(beyond.u).toBe(20);
    expect(beyond.p).toBeCloseTo(19 / 252, 15);
  });
});

describe('normal approximation', () => {
  it('normalSf matches the standard normal table (Abramowitz & Stegun 26.1)', () => {
    expect(normalSf(0)).toBe(0.5);
    expect(1 - normalSf(1.96)).toBeCloseTo(0.97500210485, 10);
    expect(1 - normalSf(3)).toBeCloseTo(0.99865010197, 10);
    expect(normalSf(-1)).toBeCloseTo(0.84134474607, 10);
    expect(normalUpperQuantile(0.025)).toBeCloseTo(1.959963985, 8);
    expect(normalUpperQuantile(0.05)).toBeCloseTo(1.644853627, 8);
    // Far tail, where 1 − Φ would lose everything: P(Z > 10) = 7.619853024e-24.
    expect(normalSf(10) / 7.619853024e-24).toBeCloseTo(1, 7);
  });

  it('ties: mid-ranks, tie-corrected variance, continuity correction (scipy: 0.0860168544609)', () => {
    // Pooled sorted: 1x 2x 2x 2y 3x 3y 3y 4y → ranks 1, (2+3+4)/3 = 3 ×3, (5+6+7)/3 = 6 ×3, 8.
    // R_x = 1 + 3 + 3 + 6 = 13, U_x = 13 − 4·5/2 = 3 (pairwise: 0 + ½ + ½ + 2).
    // Tie groups of 3 and 3: Σ(t³ − t) = 48; σ² = 16/12 · (9 − 48/56) = 76/7.
    // "less" uses U_y = 16 − 3 = 13: z = (13 − 8 − ½)/√(76/7).
    const result = mannWhitneyU([1, 2, 2, 3], [2, 3, 3, 4], 'less');
    expect(result.u).toBe(3);
    expect(result.method).toBe('normal');
    expect(tieCorrectedSd(4, 4, [3, 3]) ** 2).toBeCloseTo(76 / 7, 12);
    const z = 4.5 / Math.sqrt(76 / 7);
    expect(result.p).toBeCloseTo(normalSf(z), 15);
    expect(result.p).toBeCloseTo(0.0860168544609, 12);
    // Two-sided uses max(U_x, U_y) = 13 too, and doubles: scipy 0.1720337089218.
    expect(mannWhitneyU([1, 2, 2, 3], [2, 3, 3, 4], 'two-sided').p).toBeCloseTo(0.1720337089218, 12);
  });

  it('all values equal: nothing can be said, p = 1', () => {
    const same = Array.from({ length: 10 }, () => 5);
    for (const alternative of ['greater', 'less', 'two-sided'] as const) {
      // Every pair is a tie: U = 100/2 = 50 = its mean, and the tie-corrected σ is 0.
      expect(mannWhitneyU(same, same, alternative)).toEqual({ u: 50, p: 1, method: 'normal' });
    }
  });

  it('large samples (25 and 25) against z by hand', () => {
    // μ = 25·25/2 = 312.5, σ² = 25·25·51/12 = 2656.25, no ties.
    const sd = Math.sqrt(2656.25);
    // x = 26..50 above every y = 1..25: U = 625, z = (625 − 312.5 − ½)/σ = 6.0536.
    const apart = mannWhitneyU(range(26, 50), range(1, 25), 'greater');
    expect(apart.u).toBe(625);
    expect(apart.method).toBe('normal');
    expect(apart.p).toBeCloseTo(normalSf(312 / sd), 20);
    expect(apart.p / 7.078281124247769e-10).toBeCloseTo(1, 8); // scipy; Hart's tail: ~1e-9 relative
    // x = 2, 4, .., 50 and y = 1, 3, .., 49: x = 2k is above k odd numbers, U = Σk = 325.
    const interleaved = mannWhitneyU(range(2, 50, 2), range(1, 49, 2), 'greater');
    expect(interleaved.u).toBe(325);
    expect(interleaved.p).toBeCloseTo(normalSf(12 / sd), 15);
    expect(interleaved.p).toBeCloseTo(0.40794507743037, 12); // scipy
  });

  it('switches from exact to normal above 20 values per side, or on any tie', () => {
    expect(mannWhitneyU(range(21, 40), range(1, 20), 'greater').method).toBe('exact');
    // 20 against 20 all above: 1 arrangement of C(40, 20).
    expect(mannWhitneyU(range(21, 40), range(1, 20), 'greater').p).toBeCloseTo(1 / binomial(40, 20), 25);
    expect(mannWhitneyU(range(21, 41), range(1, 20), 'greater').method).toBe('normal');
    expect(mannWhitneyU([1, 2, 3], [3, 4, 5], 'greater').method).toBe('normal');
  });

  it('refuses an empty or non-finite sample', () => {
    expect(() => mannWhitneyU([], [1], 'greater')).toThrow(RangeError);
    expect(() => mannWhitneyU([1, Number.NaN], [1], 'greater')).toThrow(/finite/);
  });
});

describe('Hodges-Lehmann ratio', () => {
  const base = range(100, 109);

  it('head = base × 1.2 exactly: estimate 1.2, inside its interval', () => {
    // log(h_i) − log(b_j) = log 1.2 + log(b_i/b_j); the 100 values log(b_i/b_j) are 10 zeros
    // and 45 pairs ±d, so the 50th and 51st are both 0 and the median is log 1.2.
    const ratio = hodgesLehmannRatio(
      base.map((b) => b * 1.2),
      base,
    );
    expect(ratio.estimate).toBeCloseTo(1.2, 12);
    expect(ratio.lower).toBeLessThan(1.2);
    expect(ratio.upper).toBeGreaterThan(1.2);
  });

  it('a 4 × 4 case by hand, at 95 % and 80 %', () => {
    // The 16 ratios head/base, sorted: 2.5, 3.33, 5, 5, 6.67, 7.5, 10, 10, 10, 10, 13.3, 15,
    // 20, 20, 30, 40. Median: the 8th and 9th are 10 and 10 → 10.
    // 95 %: α/2 = 0.025; P(U ≤ 0) = 1/70 ≤ 0.025 < P(U ≤ 1) = 2/70 → C = 1: [d(1), d(16)].
    // 80 %: α/2 = 0.1; P(U ≤ 3) = 7/70 ≤ 0.1 < P(U ≤ 4) = 12/70 → C = 4: [d(4), d(13)].
    const head = [10, 20, 30, 40];
    const small = [1, 2, 3, 4];
    const at95 = hodgesLehmannRatio(head, small);
    expect(at95.estimate).toBeCloseTo(10, 12);
    expect(at95.lower).toBeCloseTo(2.5, 12);
    expect(at95.upper).toBeCloseTo(40, 12);
    const at80 = hodgesLehmannRatio(head, small, 0.8);
    expect(at80.lower).toBeCloseTo(5, 12);
    expect(at80.upper).toBeCloseTo(20, 12);
  });

  it('an even count of ratios takes the geometric mean of the two middle ones', () => {
    // head [2, 4, 8, 16] over base 1: ratios 2, 4, 8, 16 four times each; 8th = 4, 9th = 8.
    expect(hodgesLehmannRatio([2, 4, 8, 16], [1, 1, 1, 1]).estimate).toBeCloseTo(Math.sqrt(32), 12);
  });

  it('too few rounds for the confidence: the interval is unbounded', () => {
    // m = n = 3: P(U ≤ 0) = 1/C(6, 3) = 0.05 > 0.025, so no order statistic gives 95 %.
    expect(hodgesLehmannRatio([1, 2, 3], [1, 2, 3])).toMatchObject({ lower: 0, upper: Infinity });
  });

  it('interval ranks: exact up to 20 per side, Hollander-Wolfe normal formula above', () => {
    // Exact: C = table value + 1 (two-tailed 0.05 table: 10,10 → 23; 20,20 → 127).
    expect(intervalRank(10, 10, 0.95)).toBe(24);
    expect(intervalRank(20, 20, 0.95)).toBe(128);
    // 21,21: round(441/2 − 1.959964·√(441·43/12)) = round(220.5 − 77.913) = 143.
    expect(intervalRank(21, 21, 0.95)).toBe(143);
    // 25,25: round(312.5 − 1.959964·√2656.25) = round(312.5 − 101.014) = 211.
    expect(intervalRank(25, 25, 0.95)).toBe(211);
  });

  it('counts a zero as one microsecond and refuses negative values', () => {
    expect(hodgesLehmannRatio([0], [ZERO_VALUE_FLOOR]).estimate).toBe(1);
    expect(hodgesLehmannRatio([0, 0], [0, 0]).estimate).toBe(1);
    expect(() => hodgesLehmannRatio([-1], [1])).toThrow(RangeError);
    expect(() => hodgesLehmannRatio([1], [])).toThrow(RangeError);
  });

  it('A/A coverage: the 95 % interval holds 1 in at least 93 % of simulated comparisons', () => {
    // Exact coverage for 10 against 10 is 1 − 2·P(U ≤ 23) ≈ 0.957; for 25 against 25 about 0.95.
    for (const rounds of [10, 25]) {
      const noise = normalNoise(2024 + rounds);
      let covered = 0;
      const trials = 500;
      for (let i = 0; i < trials; i++) {
        const r = hodgesLehmannRatio(lognormalRounds(noise, rounds, 80, 0.2), lognormalRounds(noise, rounds, 80, 0.2));
        if (r.lower <= 1 && 1 <= r.upper) covered++;
      }
      expect(covered / trials, `${rounds} rounds`).toBeGreaterThanOrEqual(0.93);
    }
  });
});

describe('Holm', () => {
  it('a textbook example, in the input order', () => {
    // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.06.
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, i) => {
      expect(adjusted[i]).toBeCloseTo(expected, 15);
    });
  });

  it('caps at 1, keeps one p as it is, and accepts no p at all', () => {
    // 0.5·2 = 1, then max(1, 0.6·1) = 1.
    expect(holm([0.6, 0.5])).toEqual([1, 1]);
    expect(holm([0.03])).toEqual([0.03]);
    expect(holm([])).toEqual([]);
  });
});

describe('verdicts', () => {
  const base = range(100, 109);
  const opts = { maxRegression: 0.1 };
  const verdictOf = (head: number[], b: number[] = base): StepDecision => verdicts([{ head, base: b }], opts)[0]!.verdict;

  it('head = base × 1.5: every head round above every base round → slower, the gate fails', () => {
    // U = 100 of 100, p = 1/C(20, 10) = 1/184756; the estimate 1.5 > 1.1.
    const [step] = verdicts([{ head: base.map((b) => b * 1.5), base }], opts);
    expect(step).toMatchObject({ verdict: 'slower', method: 'exact', headMedian: 156.75, baseMedian: 104.5 });
    expect(step!.p).toBeCloseTo(1 / 184756, 15);
    expect(gateFails([step!])).toBe(true);
  });

  it('head = base × 0.7 → faster; the gate passes', () => {
    const [step] = verdicts([{ head: base.map((b) => b * 0.7), base }], opts);
    expect(step!.verdict).toBe('faster');
    expect(step!.pFaster).toBeCloseTo(1 / 184756, 15);
    expect(step!.ratio.estimate).toBeCloseTo(0.7, 12);
    expect(gateFails([step!])).toBe(false);
  });

  it('head = base → same: the interval ends below 1 + max-regression', () => {
    // Every ratio b_i/b_j lies within [100/109, 109/100] = [0.917, 1.09], so upper < 1.1.
    const [step] = verdicts([{ head: base, base }], opts);
    expect(step!.verdict).toBe('same');
    expect(step!.ratio.estimate).toBeCloseTo(1, 12);
    expect(step!.ratio.upper).toBeLessThanOrEqual(1.09);
  });

  it('significantly slower but within max-regression → same', () => {
    // head_i = 1.05·(100 + i) is above base_j = 100 + j when j < 5 + 1.05·i: 5, 7, 8, 9 and
    // 6 × 10 pairs, plus ½ for 105 = 105: U = 89.5 of 100, so p is small (normal method: a tie),
    // while the estimate is 1.05 ≤ 1.1 (as in the × 1.2 case above). The interval's upper end
    // is 1.05 × the 24th largest b_i/b_j; 21 ratios have i − j ≥ 4, the next have i − j = 3,
    // all ≤ 103/100, so upper ≤ 1.05 · 1.03 = 1.0815 < 1.1.
    const head = base.map((b) => b * 1.05);
    expect(mannWhitneyU(head, base, 'greater')).toMatchObject({ u: 89.5, method: 'normal' });
    const [step] = verdicts([{ head, base }], opts);
    expect(step!.p).toBeLessThan(0.05);
    expect(step!.ratio.estimate).toBeCloseTo(1.05, 12);
    expect(step!.ratio.upper).toBeLessThan(1.0816);
    expect(step!.verdict).toBe('same');
  });

  it('noisy and few rounds → inconclusive with a note, and the gate passes', () => {
    // U_head = 1 + 5 + 0 + 5 + 3 = 14 of 25: p(slower) = P(U ≥ 14) > 0.4, p(faster) > 0.4.
    // 5 × 5 at 95 %: P(U ≤ 2) = 4/252 ≤ 0.025 < P(U ≤ 3) = 7/252 → C = 3, upper = d(23):
    // the 3rd largest ratio, 160/105 = 1.524 > 1.1, so not `same` either.
    const [step] = verdicts([{ head: [98, 140, 90, 160, 110], base: [120, 95, 130, 100, 105] }], opts);
    expect(step).toMatchObject({ verdict: 'inconclusive', note: MORE_ROUNDS_NOTE });
    expect(step!.ratio.upper).toBeCloseTo(160 / 105, 12);
    expect(gateFails([step!])).toBe(false);
  });

  it('Holm across steps: p = 12/252 is slower alone, not beside a second step', () => {
    // 5 × 5: one head value (100.5) is below 4 base values, so U = 25 − 4 = 21.
    // P(U ≥ 21) = P(at most 4 pairs reversed) = (1 + 1 + 2 + 3 + 5)/252 = 12/252 = 0.0476.
    // The estimate, the 13th of 25 ratios, is one of the 20 ratios ≥ 150/104 > 1.1.
    const regressed = { head: [100.5, 150, 151, 152, 153], base: [100, 101, 102, 103, 104] };
    const [alone] = verdicts([regressed], opts);
    expect(alone!.p).toBeCloseTo(12 / 252, 15);
    expect(alone!.verdict).toBe('slower');
    // Beside an unchanged step, Holm doubles the smaller p: 2 · 12/252 = 0.095 ≥ 0.05.
    const [first, second] = verdicts([regressed, { head: base, base }], opts);
    expect(first!.pAdjusted).toBeCloseTo(24 / 252, 15);
    expect(first!.verdict).toBe('inconclusive');
    expect(second!.verdict).toBe('same');
  });

  it('A/A with 5 % noise, 200 simulated gates of 10 rounds: never slower', () => {
    // `slower` needs the estimate above 1.1: log 1.1 = 0.095 is about 4 standard errors of
    // the log estimate here (0.05 · √(2/10) · √(π/3) ≈ 0.023), so a false failure is ~1e-5.
    const noise = normalNoise(11);
    const outcomes = Array.from({ length: 200 }, () =>
      verdicts([{ head: lognormalRounds(noise, 10, 50, 0.05), base: lognormalRounds(noise, 10, 50, 0.05) }], opts),
    );
    expect(outcomes.filter((steps) => gateFails(steps))).toHaveLength(0);
    expect(outcomes.filter(([s]) => s!.verdict === 'same').length).toBeGreaterThan(150);
  });

  it('A/A with heavy noise across 3 steps: false failures stay near α, not above it', () => {
    // With 30 % noise the estimate often passes 1.1 by chance, so only the test's level guards
    // the gate: Holm keeps P(any step slower) ≤ α = 0.05. 600 gates: expect ≤ 30, allow for
    // binomial spread (σ ≈ 5.3) up to 40.
    const noise = normalNoise(12);
    const sample = (): number[] => lognormalRounds(noise, 10, 50, 0.3);
    let failures = 0;
    for (let i = 0; i < 600; i++) {
      const steps = [0, 1, 2].map(() => ({ head: sample(), base: sample() }));
      if (gateFails(verdicts(steps, opts))) failures++;
    }
    expect(failures).toBeLessThanOrEqual(40);
  });

  it('a simulated 50 % regression with 10 % noise is slower in every trial', () => {
    const noise = normalNoise(13);
    for (let i = 0; i < 100; i++) {
      const verdict = verdictOf(lognormalRounds(noise, 10, 150, 0.1), lognormalRounds(noise, 10, 100, 0.1));
      expect(verdict).toBe('slower');
    }
  });

  it('compareStep reports medians of the raw round values', () => {
    const step = compareStep([3, 1, 2], [10, 30, 20, 40]);
    expect(step.headMedian).toBe(2);
    expect(step.baseMedian).toBe(25);
    expect(median([])).toBeNaN();
  });

  it('refuses a negative max-regression or an alpha outside (0, 1)', () => {
    expect(() => verdicts([], { maxRegression: -0.1 })).toThrow(/maxRegression/);
    expect(() => verdicts([], { maxRegression: 0.1, alpha: 1 })).toThrow(/alpha/);
    expect(verdicts([], opts)).toEqual([]);
  });
});

describe('round order', () => {
  it('is reproducible from the seed and about half head-first', () => {
    expect(seededOrder(7, 10)).toEqual(seededOrder(7, 10));
    expect(seededOrder(7, 10)).toHaveLength(10);
    expect(seededOrder(7, 32)).not.toEqual(seededOrder(8, 32));
    const many = seededOrder(99, 10_000);
    const headFirst = many.filter((o) => o === 'head-first').length;
    expect(headFirst).toBeGreaterThan(4_800);
    expect(headFirst).toBeLessThan(5_200);
    expect(new Set(many)).toEqual(new Set(['head-first', 'base-first']));
  });

  it('draws new seeds as 32-bit unsigned integers', () => {
    const seeds = Array.from({ length: 20 }, newSeed);
    for (const s of seeds) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(2 ** 32);
    }
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});

describe('extending the rounds: several looks, one α', () => {
  it('looks after the planned rounds, then after batches of at least as many, at most 4 times', () => {
    expect(lookRounds(10, 10)).toEqual([10]);
    expect(lookRounds(10, 11)).toEqual([10, 11]);
    expect(lookRounds(10, 20)).toEqual([10, 20]);
    expect(lookRounds(10, 25)).toEqual([10, 20, 25]);
    expect(lookRounds(10, 30)).toEqual([10, 20, 30]);
    expect(lookRounds(10, 40)).toEqual([10, 20, 30, 40]);
    // A budget far above the rounds: batches of ceil(90 / 3) = 30, so still 4 looks.
    expect(lookRounds(10, 100)).toEqual([10, 40, 70, 100]);
    expect(lookRounds(5, 40)).toEqual([5, 17, 29, 40]);
    for (let rounds = 3; rounds <= 12; rounds++) {
      for (let maxRounds = rounds; maxRounds <= 15 * rounds; maxRounds++) {
        expect(lookRounds(rounds, maxRounds).length).toBeLessThanOrEqual(MAX_LOOKS);
      }
    }
  });

  it('splits α evenly over the looks; each interval has confidence 1 − its share', () => {
    expect(lookPlan(10, 10, 0.05)).toEqual({ rounds: [10], alpha: 0.05, confidence: 0.95 });
    expect(lookPlan(10, 20, 0.05)).toEqual({ rounds: [10, 20], alpha: 0.025, confidence: 0.975 });
    const three = lookPlan(10, 30, 0.05);
    expect(three.alpha * three.rounds.length).toBeCloseTo(0.05, 15);
    expect(three.confidence).toBeCloseTo(1 - 0.05 / 3, 15);
  });

  it('goes on only for steps that lack evidence, and stops at a slower step', () => {
    const step = (verdict: StepDecision, note?: string) => ({ verdict, ...(note && { note }) });
    const noData = step('inconclusive', 'no response on one side in any measured round: nothing to compare');
    expect(undecided([step('same'), step('inconclusive', MORE_ROUNDS_NOTE), noData])).toEqual([step('inconclusive', MORE_ROUNDS_NOTE)]);
    expect(decided([step('same'), step('faster'), noData])).toBe(true);
    expect(decided([step('same'), step('inconclusive', MORE_ROUNDS_NOTE)])).toBe(false);
    expect(decided([step('slower'), step('inconclusive', MORE_ROUNDS_NOTE)])).toBe(true);
  });

  /**
   * A/A gates as runComparison runs them: rounds up to each look, verdicts at the look's level,
   * stop when decided. Returns how many of `trials` gates ended with a false `slower`.
   */
  function falseSlower(plan: LookPlan, steps: number, trials: number, seed: number): number {
    const noise = normalNoise(seed);
    const most = plan.rounds.at(-1)!;
    let failures = 0;
    for (let i = 0; i < trials; i++) {
      const data = Array.from({ length: steps }, () => ({
        head: lognormalRounds(noise, most, 50, 0.3),
        base: lognormalRounds(noise, most, 50, 0.3),
      }));
      for (const n of plan.rounds) {
        // max-regression 0: the limit protects nothing, only the test's level stands between noise and `slower`.
        const looked = lookVerdicts(
          data.map((d) => ({ head: d.head.slice(0, n), base: d.base.slice(0, n) })),
          plan,
          0,
        );
        if (!decided(looked)) continue;
        if (gateFails(looked)) failures++;
        break;
      }
    }
    return failures;
  }

  // 1000 identical-sides gates each. Were the chance of a false `slower` exactly α, the count would
  // be binomial(1000, 0.05): 50 ± 6.9. The bound allows 2 standard deviations above α: 63 (6.3 %).
  // Measured: 37 (3.7 %) and 28 (2.8 %); the same gates looking at the full α every time: 116 and
  // 108 (11.6 % and 10.8 %).
  const TRIALS = 1000;
  const BOUND = 63;

  it('identical sides, 1 step, 4 looks (5 → 40 rounds): false slower stays within α', () => {
    const plan = lookPlan(5, 40, 0.05);
    expect(plan.rounds).toEqual([5, 17, 29, 40]);
    const split = falseSlower(plan, 1, TRIALS, 31);
    // The check bites: without the split, the repeated looks fail identical sides far more often than α.
    const naive = falseSlower({ ...plan, alpha: 0.05, confidence: 0.95 }, 1, TRIALS, 31);
    expect(split).toBeLessThanOrEqual(BOUND);
    expect(naive).toBeGreaterThan(BOUND);
  });

  it('identical sides, 3 steps with Holm, 3 looks (10 → 30 rounds): false slower stays within α', () => {
    const plan = lookPlan(10, 30, 0.05);
    expect(falseSlower(plan, 3, TRIALS, 32)).toBeLessThanOrEqual(BOUND);
  });

  it('decides most of the regressions that one look leaves inconclusive', () => {
    // Head 20 % slower, 20 % noise per round, limit 10 %: 1000 gates of 10 rounds with one look,
    // the same with max-rounds 30. Measured: 556 and 911 slower (the extended gates ran 19.0 rounds on average).
    const slower = (plan: LookPlan): { slower: number; rounds: number } => {
      const noise = normalNoise(33);
      const most = plan.rounds.at(-1)!;
      let count = 0;
      let rounds = 0;
      for (let i = 0; i < 1000; i++) {
        const head = lognormalRounds(noise, most, 60, 0.2);
        const base = lognormalRounds(noise, most, 50, 0.2);
        for (const n of plan.rounds) {
          const looked = lookVerdicts([{ head: head.slice(0, n), base: base.slice(0, n) }], plan, 0.1);
          if (!decided(looked) && n < most) continue;
          if (gateFails(looked)) count++;
          rounds += n;
          break;
        }
      }
      return { slower: count, rounds: rounds / 1000 };
    };
    const once = slower(lookPlan(10, 10, 0.05));
    const extended = slower(lookPlan(10, 30, 0.05));
    expect(once.slower).toBeLessThan(700);
    expect(extended.slower).toBeGreaterThan(850);
  });
});
