// The page behind a test's `test_url`: name, status and the result JSON. Deliberately small;
// the full web report replaces this one function.
import type { LoadTestResult } from '../types.ts';
import type { TestRecord } from './store.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderReportPage(test: TestRecord, result: LoadTestResult | undefined): string {
  const reason = test.failure_reason ? `<p>Reason: ${escapeHtml(test.failure_reason)}</p>` : '';
  const body = result
    ? `<pre>${escapeHtml(JSON.stringify(result, null, 2))}</pre>`
    : '<p>No result yet.</p>';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(test.name)} — loadgate</title></head>
<body>
<h1>${escapeHtml(test.name)}</h1>
<p>Status: ${escapeHtml(test.status)}</p>
${reason}
${body}
</body>
</html>
`;
}
