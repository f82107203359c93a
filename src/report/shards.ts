// The shards of a merged run, for the report: when each began and which were late (docs/scaling.md).
import { escapeMarkdown, type ReportSection } from './markdown.ts';
import { formatCount, formatTimestamp } from './format.ts';
import type { LoadTestResult } from '../types.ts';

type ShardEntry = NonNullable<LoadTestResult['run']['shards']>[number];

function headlineOf(shards: readonly ShardEntry[]): string {
  const late = shards.filter((s) => s.late);
  return late.length === 0
    ? `${shards.length} shards merged; all started together.`
    : `⚠️ ${late.length} of ${shards.length} shards started late (shard ${late.map((s) => s.index).join(', ')}): the load was lower than planned while they were missing.`;
}

/** The same for the terminal: the headline, then a line per shard. */
export function shardsLines(result: LoadTestResult): string[] {
  const shards = result.run.shards ?? [];
  if (shards.length === 0) return [];
  return [
    headlineOf(shards),
    ...shards.map((s) => `  shard ${s.index}  ${s.file}  started ${formatTimestamp(s.started_at)}, lag ${formatCount(s.start_lag_ms)} ms, ${formatCount(s.iterations)} iterations${s.late ? ', late' : ''}`),
  ];
}

export function shardsSection(result: LoadTestResult): ReportSection | undefined {
  const shards = result.run.shards;
  if (!shards || shards.length === 0) return undefined;
  const headline = headlineOf(shards);
  const rows = shards.map((s) => `| ${s.index} | ${escapeMarkdown(s.file)} | ${formatTimestamp(s.started_at)} | ${formatCount(s.start_lag_ms)} ms | ${formatCount(s.iterations)} | ${s.late ? '⚠️ late' : 'on time'} |`);
  return {
    title: 'Shards',
    markdown: [headline, '', '| Shard | File | Started | Start lag | Iterations | |', '| ---: | --- | --- | ---: | ---: | --- |', ...rows].join('\n'),
  };
}
