// A latency test as the action and the CLI run it: planned and checked before any request (the
// target, the location patterns against the configured locations, the samples), then run from
// this machine or on a service of the interface, and judged by its `latency…` thresholds.
import { failed, InputError, isProblem, type Parsed, parsed, type Problem } from '../errors.ts';
import { createClient } from '../hosted/client.ts';
import type { ThresholdOrigin } from '../thresholds/grammar.ts';
import type { ExtraCheck } from '../types.ts';
import { parseLocationConfig, selectLocations, splitPatterns } from './locations.ts';
import { parseSamples, runHostedLatency, runLatency } from './run.ts';
import type { LatencyThreshold } from '../thresholds/latency.ts';
import { evaluateLatencyThresholds, formatLatencyActual, type LatencyThresholdOutcome } from '../verdict/latency.ts';
import type { LatencyLocation, LatencyResult } from '../types.ts';

export interface LatencyPlan {
  target: string;
  /** The patterns as given (a service resolves them itself). */
  patterns: string[];
  /** The configured locations the patterns select (embedded runs). */
  locations: LatencyLocation[];
  samples: number;
  /** The user named a sample count (a hosted run then asks the service for it). */
  samplesGiven: boolean;
}

export interface LatencyPlanInput {
  target: string;
  patterns: string[];
  samples: string;
  config: string[];
}

/** Input and flag names, so problems point where the user wrote the value. */
export interface LatencyInputNames {
  target: string;
  patterns: string;
  samples: string;
  config: string;
}

export function planLatency(input: LatencyPlanInput, names: LatencyInputNames, hosted: boolean): Parsed<LatencyPlan> {
  const problems: Problem[] = [];
  if (!/^https?:\/\/[^/]+/.test(input.target)) {
    problems.push({ path: names.target, message: `expected an http:// or https:// URL, got "${input.target}"` });
  }
  const samples = parseSamples(input.samples, names.samples);
  if (isProblem(samples)) problems.push(samples);
  const patterns = splitPatterns(input.patterns.length > 0 ? input.patterns : ['*']);
  let locations: LatencyLocation[] = [];
  const configured = parseLocationConfig(input.config, names.config);
  if (!configured.ok) problems.push(...configured.problems);
  else if (!hosted) {
    const selected = selectLocations(configured.value, patterns, names.patterns);
    if (selected.ok) locations = selected.value;
    else problems.push(...selected.problems);
  }
  if (problems.length > 0 || isProblem(samples)) return failed(problems);
  return parsed({ target: input.target, patterns, locations, samples, samplesGiven: input.samples.trim() !== '' });
}

export interface LatencyRunSettings {
  insecure: boolean;
  signal?: AbortSignal;
  /** Run on a service of the interface instead of from this machine. */
  hosted?: { apiUrl: string; apiKey: string; log: (message: string) => void; warn?: (message: string) => void };
}

export async function runLatencyPlan(plan: LatencyPlan, settings: LatencyRunSettings): Promise<LatencyResult> {
  if (!settings.hosted) {
    return runLatency(plan.target, plan.locations, { samples: plan.samples, insecure: settings.insecure, signal: settings.signal });
  }
  const { apiUrl, apiKey, log, warn = log } = settings.hosted;
  // The interface's request has no sample count: ask for one only when the user named it.
  const asked = plan.samplesGiven ? plan.samples : undefined;
  const result = await runHostedLatency(createClient({ baseUrl: apiUrl, apiKey, log }), plan.target, plan.patterns, asked);
  if (asked !== undefined && result.samples !== asked) {
    warn(
      `loadgate: the service took ${result.samples} samples per location, not the ${asked} asked for (a sample count is not part of the service interface, so a service may ignore it)`,
    );
  }
  return result;
}

/** The thresholds' outcomes, and the same as checks for the report's verdict. */
export function judgeLatency(
  result: LatencyResult,
  thresholds: readonly LatencyThreshold[],
  origin: ThresholdOrigin,
): { outcomes: LatencyThresholdOutcome[]; checks: ExtraCheck[] } {
  const evaluated = evaluateLatencyThresholds(result, thresholds, origin);
  if (!evaluated.ok) throw new InputError(evaluated.problems);
  return {
    outcomes: evaluated.value,
    checks: evaluated.value.map((o) => ({ describe: o.describe, actual: formatLatencyActual(o), passed: o.passed })),
  };
}
