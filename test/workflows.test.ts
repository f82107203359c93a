// action.yml and the repository's workflows, checked against GitHub's schemas for both
// (@action-validator/core, which carries them: nothing is downloaded), and action.yml's inputs
// against what getInputs() reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { getInputs } from '../src/action/inputs.ts';

const WORKFLOWS = '.github/workflows';

/**
 * The validator's action schema predates `using: node24` (GitHub has run node24 actions since
 * 2025) and knows node20 as the newest: action.yml is validated with that one line swapped.
 */
function actionYamlForValidator(text: string): string {
  const using = /^ {2}using: node24$/m;
  expect(text).toMatch(using);
  return text.replace(using, '  using: node20');
}

/** The names under `inputs:` in action.yml. */
function declaredInputs(text: string): string[] {
  const block = /^inputs:\n([\s\S]*?)^outputs:/m.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^ {2}([a-z][a-z0-9-]*):$/gm)].map((m) => m[1]!);
}

describe('action.yml', () => {
  const text = readFileSync('action.yml', 'utf8');

  it('is a valid action that runs dist/index.js on node24', () => {
    expect(validateAction(actionYamlForValidator(text)).errors).toEqual([]);
    expect(text).toMatch(/^runs:\n {2}using: node24\n {2}main: dist\/index\.js\n/m);
  });

  it('declares exactly the inputs that getInputs() reads', () => {
    const read = new Set<string>();
    const reader = (values: Record<string, string>) => (name: string) => {
      read.add(name);
      return values[name] ?? '';
    };
    // Every mode's and option's inputs: compare, a latency test, wait-for (hosted shares their names).
    try {
      getInputs(
        reader({
          test: 'a.json',
          mode: 'compare',
          'compare-environment': 'base.json',
          'latency-target': 'http://127.0.0.1/',
          'wait-for': 'http://127.0.0.1/',
        }),
      );
    } catch {
      // Only which names were read matters here.
    }
    expect([...read].sort()).toEqual(declaredInputs(text).sort());
  });
});

describe('the workflows', () => {
  const files = readdirSync(WORKFLOWS)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();

  it('are the three the repository runs', () => {
    expect(files).toEqual(['ci.yml', 'release.yml', 'self-test.yml']);
  });

  it.each(files)('%s is a valid workflow', (name) => {
    expect(validateWorkflow(readFileSync(join(WORKFLOWS, name), 'utf8')).errors).toEqual([]);
  });

  it('self-test runs this action from the checkout, with inputs it declares', () => {
    const selfTest = readFileSync(join(WORKFLOWS, 'self-test.yml'), 'utf8');
    const step = /^ {8}uses: \.\/\n {8}with:\n((?: {10}.*\n)+)/m.exec(selfTest);
    expect(step).not.toBeNull();
    const used = [...step![1]!.matchAll(/^ {10}([a-z][a-z0-9-]*):/gm)].map((m) => m[1]!);
    expect(used).toEqual(['test', 'wait-for', 'wait-for-timeout', 'thresholds']);
    const declared = declaredInputs(readFileSync('action.yml', 'utf8'));
    expect(used.filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('the validator does refuse a broken workflow and a broken action (so the checks above mean something)', () => {
    const broken = validateWorkflow('name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    step:\n      - run: echo\n');
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(validateAction('name: x\ndescription: y\nruns:\n  using: node20\n').errors.length).toBeGreaterThan(0);
  });
});
