// The page behind a test's `test_url`: the web report once there is a result (the user's
// thresholds belong to the client that started the test: the page judges with the defaults
// only), else the test's status.
import { renderHtmlReport } from '../report/html.ts';
import { buildReport } from '../report/model.ts';
import { escapeXml } from '../report/svg.ts';
import { judge } from '../verdict/judge.ts';
import type { LoadTestResult } from '../types.ts';
import type { Progress } from './progress.ts';
import type { TestRecord } from './store/store.ts';

export function renderReportPage(test: TestRecord, result: LoadTestResult | undefined, progress?: Progress): string {
  if (result) return renderHtmlReport(buildReport({ result, judgement: judge({ result, thresholds: [], defaults: true }) }));
  const sofar = progress
    ? `<p>So far: ${progress.seconds} s of the schedule, ${progress.started} iterations started, ${progress.responses} responses, ${progress.failures} failed${progress.streams === undefined ? '' : `, ${progress.streams} streams, ${progress.events} events`}.</p>`
    : '';
  const reason = test.failure_reason ? `<p>Reason: ${escapeXml(test.failure_reason)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(test.name)} — loadgate</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>${escapeXml(test.name)}</h1>
<p>Status: ${escapeXml(test.status)}. The report appears here when the test has finished.</p>
${sofar}${reason}
</body>
</html>
`;
}
