// `loadgate capacity FILE --slo EXPR …` (docs/capacity.md): the probe search, its lines while it
// runs, the answer on stdout, the results file (the probe at the rate found, with the capacity
// block) and its web report.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCapacitySettings } from '../capacity/settings.ts';
import { argsOf, checkWithFlags, cliLog, type CliIo, outputsOf, stopSignalOf } from './io.ts';
import { parseWorkers } from '../engine/worker-count.ts';
import { InputError, orThrow, valueOrThrow } from '../errors.ts';
import { answered, capacityGateProblems, capacityVerdictGate, measureCapacity, preflightCapacity } from '../pipeline/capacity.ts';
import { conclude } from '../pipeline/conclude.ts';
import type { Gate } from '../pipeline/gate.ts';
import { readProxies, readResultsFile, reportPathFor, resultsText } from '../pipeline/sources.ts';
import { capacityTerminal, formatProbeRate } from '../report/capacity.ts';
import { renderHtmlReport } from '../report/html.ts';
import { wholeNumber } from '../settings/values.ts';
import { parseThresholdLines, THRESHOLD_FLAG, type ThresholdOrigin } from '../thresholds/grammar.ts';
import type { Threshold } from '../types.ts';
import { exitCodeOf } from '../verdict/judge.ts';

export const SLO_FLAG: ThresholdOrigin = { name: '--slo', kind: 'flags' };

export async function capacityCommand(args: string[], io: CliIo): Promise<number> {
  const flags = argsOf('capacity', args, io);
  const file = flags.positionals[0];
  if (!file) throw new InputError([{ path: 'definition', message: 'expected the path of a test definition file' }]);
  // Blank lines are no SLO: `--slo ''` is refused as a missing one, not run without a judgement.
  const slo = valueOrThrow(parseThresholdLines(flags.list('slo'), SLO_FLAG));
  if (slo.length === 0)
    throw new InputError([{ path: '--slo', message: 'expected at least one SLO, such as --slo "p99 < 100ms" (docs/capacity.md)' }]);
  const gates = capacityThresholds(flags.list('thresholds'));
  const baselineFile = flags.text('baseline');
  const baseline = baselineFile ? await readResultsFile(baselineFile, '--baseline') : undefined;
  const settings = valueOrThrow(
    parseCapacitySettings({
      probe: flags.text('probe')!,
      from: flags.text('from')!,
      to: flags.text('to'),
      precision: flags.text('precision')!,
      maxTime: flags.text('max-time')!,
    }),
  );
  const proxies = await readProxies(flags.list('proxies'), flags.text('proxies-file'));
  const concurrencyText = flags.text('max-concurrency');
  const concurrency = concurrencyText === undefined ? undefined : orThrow(wholeNumber(concurrencyText, '--max-concurrency'));
  const workers = orThrow(parseWorkers(flags.text('workers')!, '--workers'));
  const test = await checkWithFlags(file, flags, io);
  const gate: Gate = { thresholds: gates, defaults: false, origin: THRESHOLD_FLAG, ...(baseline && { baseline }) };
  preflightCapacity(test, proxies, slo, SLO_FLAG, gate);
  const resultsPath = resolve(flags.text('results-file')!);
  const reportPath = resolve(flags.text('report') ?? reportPathFor(resultsPath));
  const show = outputsOf(io, flags);
  const search = await measureCapacity(
    test,
    settings,
    slo,
    SLO_FLAG,
    {
      embedded: { concurrency, insecure: flags.flag('insecure-tls'), proxies, signal: io.signal, testUrl: pathToFileURL(reportPath).href },
      workers,
    },
    flags.flag('quiet') ? { info: () => {}, warn: cliLog(io).warn } : cliLog(io),
  );
  const stoppedBy = search.interrupted ? (stopSignalOf(io) ?? 'stopped') : undefined;
  const { judgement, model } = await conclude({ result: search.result }, capacityVerdictGate(gate, slo), {
    ...(stoppedBy && { stoppedBy }),
  });
  await writeFile(resultsPath, resultsText(search.result));
  if (flags.flag('json')) io.out(JSON.stringify(search.result, null, 2));
  await writeFile(reportPath, renderHtmlReport(model));
  show.out(capacityTerminal(search.capacity));
  show.out(`results: ${resultsPath}\nreport:  ${reportPath}`);
  if (stoppedBy) return exitCodeOf(judgement);
  const failed = judgement.thresholds.filter((o) => o.threshold.metric === 'capacity' && !o.passed);
  for (const o of failed) show.out(`✘ ${o.threshold.source}: capacity ${formatProbeRate(search.capacity.max_rate)}`);
  return answered(search.capacity) && failed.length === 0 ? 0 : 1;
}

/** `--thresholds` of a capacity search gate on the rate found; what each probe must hold is an --slo line. */
function capacityThresholds(lines: string[]): Threshold[] {
  const parsed = valueOrThrow(parseThresholdLines(lines, THRESHOLD_FLAG));
  const problems = capacityGateProblems(parsed, THRESHOLD_FLAG, '--slo');
  if (problems.length > 0) throw new InputError(problems);
  return parsed;
}
