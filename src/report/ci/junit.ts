// The judgement as JUnit XML (docs/ci.md), for the CI systems that read test reports rather than
// comments: GitLab, Jenkins, Azure DevOps, Buildkite, and GitHub's test-reporter actions. One
// <testsuite> per test, one <testcase> per check of the judgement, a <failure> exactly where the
// verdict failed, the run's figures as <properties>. The shape keeps to the Ant JUnit schema
// (every required attribute and element, a timestamp without zone), the strictest of those the
// readers use. Pure: a function of the concluded run; xmlbuilder2 escapes every value.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Check, CheckKind, Judgement, LoadTestResult } from '../../types.ts';
import { figuresOf, stepStreamFigures } from './figures.ts';

export interface JunitRun {
  result: LoadTestResult;
  judgement: Judgement;
}

/** The XML document for one test or several (a job may run more than one). */
export function renderJunit(runs: readonly JunitRun[]): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites');
  runs.forEach((run, id) => {
    addSuite(root, run, id);
  });
  return root.end({ prettyPrint: true });
}

function addSuite(root: XMLBuilder, { result, judgement }: JunitRun, id: number): void {
  const { run } = result;
  const failures = judgement.checks.filter(fails).length;
  const suite = root.ele('testsuite', {
    name: run.name,
    package: 'loadgate',
    id: String(id),
    // The schema takes no zone; started_at is UTC.
    timestamp: new Date(run.started_at).toISOString().slice(0, 19),
    hostname: 'loadgate',
    tests: String(judgement.checks.length),
    failures: String(failures),
    errors: '0',
    skipped: '0',
    time: seconds(run.duration_s),
  });
  const properties = suite.ele('properties');
  for (const [name, value] of [...figuresOf(result), ...stepStreamFigures(result)]) properties.ele('property', { name, value });
  for (const check of judgement.checks) addCase(suite, run.name, check);
  suite.ele('system-out').txt(systemOut(result, judgement));
  suite.ele('system-err');
}

/** A check that failed the run; one that only warns passes here, as it does in the verdict. */
function fails(check: Check): boolean {
  return !check.passed && !check.warnOnly;
}

function addCase(suite: XMLBuilder, testName: string, check: Check): void {
  const testcase = suite.ele('testcase', { name: check.describe, classname: `loadgate.${testName}.${caseKind(check)}`, time: '0' });
  if (!fails(check)) return;
  const limit = check.limit ? ` (limit ${check.limit})` : '';
  testcase
    .ele('failure', { message: `${check.describe}: actual ${check.actual}${limit}`, type: check.kind })
    .txt(`actual: ${check.actual}\n${check.limit ? `limit: ${check.limit}\n` : ''}`);
}

/** The group a reader lists a check under: the default threshold apart from the user's. */
function caseKind(check: Check): CheckKind | 'default' {
  return check.kind === 'threshold' && check.isDefault ? 'default' : check.kind;
}

function systemOut(result: LoadTestResult, judgement: Judgement): string {
  const warned = judgement.warnings.map((c) => `warning: ${c.describe}: ${c.actual}\n`).join('');
  return `loadgate: ${result.run.name} ${judgement.outcome}\n${warned}${result.test_url ? `report: ${result.test_url}\n` : ''}`;
}

/** Seconds as the schema's decimal: never an exponent. */
function seconds(s: number): string {
  return (Math.round(s * 1000) / 1000).toFixed(3);
}
