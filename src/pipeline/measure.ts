// The run stage of the pipeline, the same for the action, the CLI and `serve`: a prepared test run
// here (embedded, on the engine's threads) or on the service (hosted), shard files merged, or head
// and base compared in rounds. Each gives a complete result with its run block (engine/run-info.ts).
import type { LoadedDefinition } from '../definition/load.ts';
import type { CheckedTest } from '../engine/prepare.ts';
import type { RunOptions } from '../engine/run.ts';
import { runEmbeddedInWorkers } from '../engine/workers.ts';
import { workersFor, type WorkersSetting } from '../engine/worker-count.ts';
import { InputError } from '../errors.ts';
import { runHostedDefinition, type HostedSettings } from '../hosted/run-definition.ts';
import { initHistograms } from '../results/histogram.ts';
import { readShardFiles } from '../merge/load.ts';
import { mergeShards } from '../merge/results.ts';
import {
  comparisonResultFile,
  plannedRunSeconds,
  prepareSides,
  runComparison,
  type CompareSides,
  type ComparisonOptions,
} from '../compare/run.ts';
import type { Comparison } from '../results/comparison.ts';
import type { CompareSettingNames, CompareSettings } from '../compare/settings.ts';
import { comparisonExtensionLine, comparisonPlanLine, comparisonProgressLine, comparisonStopLine } from '../report/progress.ts';
import type { Environment, LoadTestResult, Threshold } from '../types.ts';
import { watchAbortLines } from './abort-monitor.ts';
import { preflightComparison, type Gate } from './gate.ts';

/** What a run measured: the results file's content, and the comparison it holds in mode compare. */
export interface Measured {
  result: LoadTestResult;
  comparison?: Comparison;
}

/** Where the run stage's lines go: progress and notes, and warnings. */
export interface RunLog {
  info: (line: string) => void;
  warn: (line: string) => void;
}

export interface DefinitionRun {
  /** Run on the service instead of here. */
  hosted?: HostedSettings;
  embedded: RunOptions;
  workers: WorkersSetting;
  /** The thresholds: those ending in `abort` are watched while the run goes (embedded runs). */
  abortOn?: readonly Threshold[];
}

/** A checked test, run here on the engine's threads (each prepares it) or on the service. */
export async function measureDefinition(test: CheckedTest, run: DefinitionRun, log: RunLog): Promise<Measured> {
  if (run.embedded.insecure) log.warn('TLS certificates are not verified');
  const abortLines = (run.abortOn ?? []).filter((t) => t.abort);
  if (run.hosted) {
    if (abortLines.length > 0) log.warn('abort lines are watched in embedded runs only: the service runs the whole test');
    if (run.embedded.warmUpS || test.definition.warm_up)
      log.warn('the warm-up period is not applied to hosted runs (the service interface has no such field)');
    return { result: await runHostedDefinition(test, run.hosted) };
  }
  const threads = workersFor(run.workers, test.definition, run.embedded.shard);
  const watch = watchAbortLines(run.abortOn ?? [], test.definition, run.embedded);
  if (!watch) return { result: await runEmbeddedInWorkers(test, run.embedded, threads) };
  const result = watch.settle(await runEmbeddedInWorkers(test, watch.options, threads));
  if (result.run.aborted) log.warn(`stopped early after ${result.run.aborted.at_s} s: ${result.run.aborted.reason}`);
  return { result };
}

/** Shard results files (files, folders or globs) merged into one result, linking `testUrl`: the merged run's own report, never a shard's. */
export async function measureMerge(args: string[], cwd: string, inputName: string, testUrl: string): Promise<Measured> {
  const files = await readShardFiles(args, cwd, inputName);
  await initHistograms();
  const merged = mergeShards(files);
  if (!merged.ok) throw new InputError(merged.problems);
  return { result: { ...merged.value.result, test_url: testUrl } };
}

export interface ComparisonRun {
  loaded: LoadedDefinition;
  head: Environment | undefined;
  base: Environment;
  /** How the user named the base environment, for its problems. */
  baseName: string;
  settings: CompareSettings;
  /** The comparison's settings as the user spells them (inputs or flags), for a refusal. */
  settingNames: CompareSettingNames;
  options: Omit<ComparisonOptions, 'workers' | 'onProgress' | 'onExtend'> & { workers: WorkersSetting };
}

/**
 * Head against base in interleaved rounds (docs/comparison.md): both sides prepared and the gate
 * checked before any request, then the rounds, with a line for the plan, each round and the stop.
 * `prepared` sees both sides first (the action masks their secret values).
 */
export async function measureComparison(
  run: ComparisonRun,
  gate: Gate,
  log: RunLog,
  prepared?: (sides: CompareSides) => void,
): Promise<Measured> {
  const sides = await prepareSides(run.loaded, run.head, run.base, run.baseName);
  prepared?.(sides);
  const { settings, options } = run;
  preflightComparison(gate, sides.head.definition, options.proxies, settings, run.settingNames);
  log.info(comparisonPlanLine(plannedRunSeconds(sides.head.definition), settings));
  const compared = comparisonResultFile(
    await runComparison(sides, settings, {
      ...options,
      workers: workersFor(options.workers, sides.head.definition),
      onProgress: (progress) => log.info(comparisonProgressLine(progress)),
      onExtend: (extension) => log.info(comparisonExtensionLine(extension)),
    }),
  );
  log.info(comparisonStopLine(compared.comparison));
  return { result: compared, comparison: compared.comparison };
}
