// The CI snippets of docs/ci.md (and the README's workflows), as far as they can be checked without GitLab, Jenkins or Azure
// DevOps: each YAML snippet parses; every loadgate/loadgate step uses only inputs action.yml
// declares; and each other CI's loadgate command runs for real, through a real shell (so its
// quoting counts), against a local target, after which the files that system's report step reads
// (JUnit, GitLab metrics, the artifacts) are exactly the ones the command wrote.
import { globSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { parse, parseDocument } from 'yaml';
import { runNode } from './helpers/process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const DOC = readFileSync('docs/ci.md', 'utf8');
const XSD = readFileSync(new URL('./fixtures/junit/JUnit.xsd', import.meta.url), 'utf8');
const CLI = resolve('src/cli/entry.ts');

interface Snippet {
  lang: string;
  code: string;
}

/** The fenced blocks of the section headed `## <heading>`. */
function snippetsOf(heading: string): Snippet[] {
  const section = DOC.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/ci.md has no section "## ${heading}"`);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

/** YAML as the CI systems read it: any error fails, with its line. */
function yamlOf(code: string): unknown {
  const document = parseDocument(code, { prettyErrors: true });
  expect(document.errors.map((e) => e.message)).toEqual([]);
  return document.toJS();
}

/** The value of `--flag VALUE` in a command line (flags here take no `=`). */
function flagValue(command: string, flag: string): string | undefined {
  return new RegExp(`${flag} (\\S+)`).exec(command)?.[1];
}

/**
 * Runs a snippet's command in `dir` through sh, `npx loadgate` being loadgate from these sources
 * (shell functions: on the CI it is the package npx installs).
 */
function runCommand(command: string, dir: string) {
  const shim = `npx() { "$@"; }\nloadgate() { "${process.execPath}" "${CLI}" "$@"; }\n`;
  return runNode(['-c', `${shim}${command}`], { node: 'sh', cwd: dir });
}

async function schemaErrors(xml: string): Promise<string[]> {
  const checked = await validateXML({ xml: { fileName: 'junit.xml', contents: xml }, schema: { fileName: 'JUnit.xsd', contents: XSD } });
  return checked.errors.map((e) => e.rawMessage);
}

/** A line of GitLab's metrics report: `name value` or `name{label="v"} value`. */
const METRICS_LINE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"]*")*\})? -?\d+(\.\d+)?$/;

describe('the GitHub snippets of docs/ci.md and the README', () => {
  const declared = Object.keys((parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, unknown> }).inputs);

  it('every YAML block parses, and every loadgate step uses only inputs that action.yml declares', () => {
    const blocks = [DOC, readFileSync('README.md', 'utf8')].flatMap((text) =>
      [...text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!),
    );
    expect(blocks.length).toBeGreaterThan(8);
    const steps: Record<string, unknown>[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        const record = node as Record<string, unknown>;
        if (typeof record.uses === 'string' && record.uses.startsWith('loadgate/loadgate@')) steps.push(record);
        Object.values(record).forEach(collect);
      }
    };
    for (const block of blocks) collect(yamlOf(block));
    expect(steps.length).toBeGreaterThan(3);
    for (const step of steps) expect(Object.keys(step.with as object).filter((name) => !declared.includes(name))).toEqual([]);
  });
});

// Each command runs a 1 s test from the sources: a minute on a busy 2-core machine.
describe('docs/ci.md: the GitLab, Jenkins and Azure commands, run', { timeout: 180_000 }, () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(async () => {
    await target.close();
  });

  /** A folder as the CI's checkout: loadtests/checkout.json, aimed at the local target. */
  function checkout(): string {
    const dir = mkdtempSync(join(tmpdir(), 'loadgate-snippet-'));
    mkdirSync(join(dir, 'loadtests'));
    const config_data = { steps: [{ id: 1, name: 'home', url: `${target.url}/ok` }], iteration_count: 5, duration: 1 };
    writeFileSync(join(dir, 'loadtests', 'checkout.json'), JSON.stringify({ name: 'checkout', config_data }));
    return dir;
  }

  /** The command ran to a verdict (not bad input: every flag and path was understood) and its JUnit file validates. */
  async function expectRun(command: string, dir: string, junit: string): Promise<void> {
    const run = await runCommand(command, dir);
    // 0 or 1: a busy machine may fail the generator's own check; 2 would be a flag or file not understood.
    expect([0, 1], run.out).toContain(run.code);
    const xml = readFileSync(resolve(dir, junit), 'utf8');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toMatch(/<testcase name="p95 &lt; 500 ms"[^>]*\/>/);
  }

  it('GitLab CI: the job parses; its reports and artifacts are the files the script writes', async () => {
    const [metricsExample, job] = snippetsOf('GitLab CI');
    for (const line of metricsExample!.code.trim().split('\n')) expect(line).toMatch(METRICS_LINE);
    const config = yamlOf(job!.code) as {
      'load-test': { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string; metrics: string } } };
    };
    const { script, artifacts } = config['load-test'];
    expect(script).toHaveLength(1);
    const command = script[0]!;
    expect(artifacts.when).toBe('always');
    expect(artifacts.reports.junit).toBe(flagValue(command, '--junit-file'));
    expect(artifacts.reports.metrics).toBe(flagValue(command, '--gitlab-metrics-file'));
    const dir = checkout();
    await expectRun(command, dir, artifacts.reports.junit);
    const metrics = readFileSync(join(dir, artifacts.reports.metrics), 'utf8').trim().split('\n');
    for (const line of metrics) expect(line).toMatch(METRICS_LINE);
    expect(metrics).toContainEqual(expect.stringMatching(/^loadgate_p95_ms\{step="home"\} /));
    for (const path of artifacts.paths) expect(globSync(path, { cwd: dir }), path).toEqual([path]);
  });

  it("Jenkins: the sh step's command writes what the junit step and archiveArtifacts read", async () => {
    const [stage] = snippetsOf('Jenkins');
    expect(stage!.lang).toBe('groovy');
    const command = /sh '([^']*)'/.exec(stage!.code)?.[1];
    const junit = /junit '([^']*)'/.exec(stage!.code)?.[1];
    const archived = /archiveArtifacts artifacts: '([^']*)'/.exec(stage!.code)?.[1];
    expect([command, junit, archived]).not.toContain(undefined);
    expect(/post \{\s*always \{/.test(stage!.code)).toBe(true);
    expect(junit).toBe(flagValue(command!, '--junit-file'));
    const dir = checkout();
    await expectRun(command!, dir, junit!);
    expect(globSync(archived!, { cwd: dir }).sort()).toEqual(['loadgate-results.html', 'loadgate-results.json']);
  });

  it('Azure Pipelines: the script step writes the file that PublishTestResults reads, on always()', async () => {
    const [steps] = snippetsOf('Azure Pipelines');
    const [script, publish] = yamlOf(steps!.code) as [
      { script: string },
      { task: string; condition: string; inputs: { testResultsFormat: string; testResultsFiles: string } },
    ];
    expect(publish).toMatchObject({ task: 'PublishTestResults@2', condition: 'always()', inputs: { testResultsFormat: 'JUnit' } });
    expect(publish.inputs.testResultsFiles).toBe(flagValue(script.script, '--junit-file'));
    // Azure expands $(…) macros before the shell sees the line.
    const dir = checkout();
    const staging = join(dir, 'staging');
    mkdirSync(staging);
    const expand = (text: string) => text.replaceAll('$(Build.ArtifactStagingDirectory)', staging);
    await expectRun(expand(script.script), dir, expand(publish.inputs.testResultsFiles));
  });
});
