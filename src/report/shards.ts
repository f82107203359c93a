// The shards of a merged run, for the report: when each began and which were late (docs/scaling.md).
import { escapeMarkdown, type ReportSection } from './markdown.ts';
import { formatCount, formatTimestamp } from './format.ts';
import type { LoadTestResult } from '../types.ts';

export function shardsSection(result: LoadTestResult): ReportSection | undefined {
  const shards = result.run.shards;
  if (!shards || shards.length === 0) return undefined;
  const late = shards.filter((s) => s.late);
  const headline = late.length === 0
    ? `${shards.length} shards merged; all started together.`
    : `⚠️ ${late.length} of ${shards.length} shards started late (shard ${late.map((s) => s.index).join(', ')}): the load was lower than planned while they were missing.`;
  const rows = shards.map((s) => `| ${s.index} | ${escapeMarkdown(s.file)} | ${formatTimestamp(s.started_at)} | ${formatCount(s.start_lag_ms)} ms | ${formatCount(s.iterations)} | ${s.late ? '⚠️ late' : 'on time'} |`);
  return {
    title: 'Shards',
    markdown: [headline, '', '| Shard | File | Started | Start lag | Iterations | |', '| ---: | --- | --- | ---: | ---: | --- |', ...rows].join('\n'),
  };
}
