// GitLab's `metrics` report (artifacts:reports:metrics, docs/ci.md): one `name{labels} value`
// line per figure, in the OpenMetrics text format GitLab reads, so that a merge request shows
// how each figure moved against the target branch. The run's figures, then each step's. Pure.
import { failRatePct } from '../../rates.ts';
import { responseCount } from '../format.ts';
import type { LoadTestResult } from '../../types.ts';
import { stepCell } from '../../results/request-counts.ts';
import { errorsOf, figuresOf, round, stepName, streamFiguresOf, timesOf, type Figures } from './figures.ts';

export function renderGitlabMetrics(result: LoadTestResult): string {
  const lines = figuresOf(result).map(([name, value]) => line(name, {}, value));
  for (const step of result.results.steps) {
    const labels = { step: stepName(result, step.id) };
    const failRate = failRatePct(step);
    const figures: Figures = [
      ['iterations', String(step.iteration_count)],
      ...(failRate === undefined ? [] : [['fail_rate_pct', round(failRate)] as [string, string]]),
      ...errorsOf([stepCell(result, step)]),
      ...(responseCount(step.status_code_dist) > 0 ? timesOf(step.response_times) : []),
      ...(step.stream ? streamFiguresOf(step.stream) : []),
    ];
    lines.push(...figures.map(([name, value]) => line(name, labels, value)));
  }
  return `${lines.join('\n')}\n`;
}

function line(name: string, labels: Record<string, string>, value: string): string {
  const pairs = Object.entries(labels).map(([key, text]) => `${key}="${escapeLabel(text)}"`);
  return `loadgate_${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${value}`;
}

/** Label values as the exposition format escapes them: a step name cannot end the label or the line. */
function escapeLabel(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
