// The comparison gate's settings (docs/comparison.md): read from action inputs or CLI flags as text,
// defaulted and validated here, once. Every problem names the input or flag it is about.
import { failed, isProblem, type Parsed, parsed, type Problem } from '../errors.ts';
import { duration } from '../settings/values.ts';
import { flagNames } from '../settings/exclusive.ts';
import { lookPlan } from './sequential.ts';
import { newSeed } from './stats.ts';
import { formatLevel } from '../report/figures.ts';
import {
  COMPARE_METRICS,
  type CompareMetric,
  type CompareSettings,
  comparedSteps,
  metricParts,
  ON_INCONCLUSIVE,
  type OnInconclusive,
  splitMetric,
} from '../results/comparison.ts';
import { STREAM_METRICS } from '../types.ts';

export type { CompareSettings };

export const DEFAULT_ROUNDS = 10;
export const DEFAULT_WARMUP_ROUNDS = 1;
/** A fraction: 10 %. */
export const DEFAULT_MAX_REGRESSION = 0.1;
export const DEFAULT_METRIC: CompareMetric = 'p95';
/** Fewer rounds per side can never reach p < 0.05 with the exact test (docs/comparison-statistics.md, 4). */
export const MIN_ROUNDS = 3;
/** Without max-rounds, inconclusive steps may extend the comparison to this many times the rounds. */
export const DEFAULT_MAX_ROUNDS_FACTOR = 3;

/** The settings as given: absent or empty means the default. */
export interface RawCompareSettings {
  rounds?: string;
  maxRounds?: string;
  maxTime?: string;
  onInconclusive?: string;
  warmupRounds?: string;
  maxRegression?: string;
  metric?: string;
  seed?: string;
}

/** The input or flag names to put in messages: `rounds` in the action, `--rounds` in the CLI. */
export type CompareSettingNames = Record<keyof RawCompareSettings, string>;

export const ACTION_INPUT_NAMES: CompareSettingNames = {
  rounds: 'rounds',
  maxRounds: 'max-rounds',
  maxTime: 'max-compare-time',
  onInconclusive: 'on-inconclusive',
  warmupRounds: 'warm-up-rounds',
  maxRegression: 'max-regression',
  metric: 'compare-metric',
  seed: 'seed',
};

/** The CLI's flags spell the same words as the action's inputs (src/settings/table.ts). */
export const CLI_FLAG_NAMES: CompareSettingNames = flagNames(ACTION_INPUT_NAMES);

const MAX_SEED = 2 ** 32 - 1;

/** Every problem at once, or the settings; a missing seed is drawn now (newSeed). */
export function parseCompareSettings(raw: RawCompareSettings, names: CompareSettingNames): Parsed<CompareSettings> {
  const problems: Problem[] = [];
  const take = <T>(value: T | Problem): T | undefined => {
    if (isProblem(value)) {
      problems.push(value);
      return undefined;
    }
    return value;
  };
  const rounds = take(parseCount(raw.rounds, names.rounds, DEFAULT_ROUNDS, MIN_ROUNDS, roundsHint));
  const warmupRounds = take(parseCount(raw.warmupRounds, names.warmupRounds, DEFAULT_WARMUP_ROUNDS, 0, ''));
  const maxRegression = take(parseMaxRegression(raw.maxRegression, names.maxRegression));
  const metric = take(parseMetric(raw.metric, names.metric));
  const seed = take(parseSeed(raw.seed, names.seed));
  const maxRounds = rounds === undefined ? undefined : take(parseMaxRounds(raw.maxRounds, rounds, names));
  const maxTimeS = take(parseMaxTime(raw.maxTime, names.maxTime));
  const onInconclusive = take(parseOnInconclusive(raw.onInconclusive, names.onInconclusive));
  if (problems.length > 0) return failed(problems);
  return parsed({
    rounds: rounds!,
    maxRounds: maxRounds!,
    ...(maxTimeS !== undefined && { maxTimeS }),
    onInconclusive: onInconclusive!,
    warmupRounds: warmupRounds!,
    maxRegression: maxRegression!,
    metric: metric!,
    seed: seed!,
  });
}

/** The significance level of the gate (after Holm's correction). */
export const ALPHA = 0.05;

/**
 * The fewest rounds per side with which a step can ever be called `slower`: with n rounds per
 * side and no ties, the smallest exact one-sided Mann-Whitney p is 1 / C(2n, n), and Holm's
 * correction multiplies the smallest p of k steps by k (docs/comparison-statistics.md).
 */
export function minRoundsFor(steps: number, alpha = ALPHA): number {
  let n = 1;
  while (Math.max(1, steps) / binomial(2 * n, n) >= alpha) n++;
  return n;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * Settings that could never find a regression are refused before any request, naming the minimum.
 * The first look decides at the level of every look (α split over the looks, sequential.ts), so
 * that is the level the planned rounds must be able to reach.
 */
export function undecidableRounds(settings: CompareSettings, steps: number, name: string): Problem | undefined {
  const plan = lookPlan(settings.rounds, settings.maxRounds, ALPHA);
  const min = minRoundsFor(steps, plan.alpha);
  if (settings.rounds >= min) return undefined;
  const looks = plan.rounds.length;
  const level =
    looks === 1 ? `${ALPHA}` : `${formatLevel(plan.alpha)} (α ${ALPHA} split over ${looks} looks up to ${settings.maxRounds} rounds)`;
  const fewer = looks === 1 ? '' : ', or a smaller max-rounds (fewer looks)';
  return {
    path: name,
    message:
      `${settings.rounds} rounds can never show a significant slowdown across ${steps} ${steps === 1 ? 'step' : 'steps'} ` +
      `(the smallest p after Holm's correction would be ${(steps / binomial(2 * settings.rounds, settings.rounds)).toFixed(3)}, not below ${level}); use at least ${min}${fewer}`,
  };
}

/** A level as the reports print it: 0.05, 0.025, 0.0167. */
function given(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

const roundsHint =
  ': fewer rounds can never show a significant difference (3 rounds per side is the least; 10, the default, is a good start)';

function parseCount(text: string | undefined, name: string, fallback: number, min: number, hint: string): number | Problem {
  const value = given(text);
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    return { path: name, message: `expected a whole number ≥ ${min}, got "${value}"${n < min ? hint : ''}` };
  }
  return n;
}

/**
 * A percentage, with or without the sign: `10%` and `10` both mean 10 %, `2.5` means 2.5 %.
 * A bare number is never read as a fraction, so `0.1` is 0.1 %, not 10 %.
 */
export function parseMaxRegression(text: string | undefined, name: string): number | Problem {
  const value = given(text);
  if (value === undefined) return DEFAULT_MAX_REGRESSION;
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*%?$/.exec(value);
  const pct = match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(pct)) {
    return { path: name, message: `expected a percentage ≥ 0 such as 10% (10 and 10% both mean 10 %), got "${value}"` };
  }
  return pct / 100;
}

/** Default: DEFAULT_MAX_ROUNDS_FACTOR × rounds. Fewer than the rounds asked for is refused. */
function parseMaxRounds(text: string | undefined, rounds: number, names: CompareSettingNames): number | Problem {
  const value = given(text);
  if (value === undefined) return DEFAULT_MAX_ROUNDS_FACTOR * rounds;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < rounds) {
    return {
      path: names.maxRounds,
      message: `expected a whole number ≥ ${names.rounds} (${rounds}), got "${value}": the most measured rounds, the planned ones included (equal to ${names.rounds}: never extend)`,
    };
  }
  return n;
}

/** Seconds, optional: a whole number ≥ 1. */
function parseMaxTime(text: string | undefined, name: string): number | undefined | Problem {
  const value = given(text);
  return value === undefined ? undefined : duration(value, name, { whole: true, min: 1 });
}

function parseOnInconclusive(text: string | undefined, name: string): OnInconclusive | Problem {
  const value = given(text);
  if (value === undefined) return 'warn';
  const choice = ON_INCONCLUSIVE.find((c) => c === value.toLowerCase());
  if (choice === undefined) {
    return { path: name, message: `expected warn (a warning; the run passes) or fail (the run fails), got "${value}"` };
  }
  return choice;
}

function parseMetric(text: string | undefined, name: string): CompareMetric | Problem {
  const value = given(text);
  if (value === undefined) return DEFAULT_METRIC;
  const { stream: figure, time } = splitMetric(value.toLowerCase());
  const metric = COMPARE_METRICS.find((m) => m === time);
  const stream = figure === null ? null : STREAM_METRICS.find((m) => m === figure);
  if (metric === undefined || stream === undefined) {
    return {
      path: name,
      message:
        `expected one of the response-time metrics ${COMPARE_METRICS.join(', ')}, or one of the streaming steps' ` +
        `first_event.<metric> or gap.<metric> (first_event.p95), got "${value}"`,
    };
  }
  return stream === null ? metric : `${stream}.${metric}`;
}

/** A stream metric on a test without streaming steps: refused before any request. */
export function metricWithoutSteps(metric: CompareMetric, steps: readonly { stream?: unknown }[], name: string): Problem | undefined {
  const { stream } = metricParts(metric);
  if (stream === null || comparedSteps(steps, metric).length > 0) return undefined;
  return { path: name, message: `${metric} is a figure of streaming steps (docs/streaming.md), and no step of the test has "stream"` };
}

function parseSeed(text: string | undefined, name: string): number | Problem {
  const value = given(text);
  if (value === undefined) return newSeed();
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(Number.isSafeInteger(n) && n <= MAX_SEED)) {
    return { path: name, message: `expected a whole number from 0 to ${MAX_SEED} (the seed a run printed), got "${value}"` };
  }
  return n;
}
