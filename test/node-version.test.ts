// The entry points refuse an older Node in one line before loading the bundles, checked with the
// machine's real Node 20 (/usr/bin/node here; CI's workflow points LOADGATE_TEST_OLD_NODE at one).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, nodeVersionRefusal } from '../src/action/node-version.ts';
import { OLD_NODE, runNode } from './helpers/process.ts';
import { VERSION } from '../src/version.ts';

/** tsx's CLI (a dependency of @github/local-action), which runs TypeScript on a Node that cannot strip types. */
const TSX = 'node_modules/tsx/dist/cli.mjs';

function oldNodeVersion(): string {
  const version = execFileSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).trim();
  expect(Number(/^v(\d+)\./.exec(version)?.[1]), `${OLD_NODE} should be older than Node ${MIN_NODE_MAJOR}`).toBeLessThan(MIN_NODE_MAJOR);
  return version;
}

describe('nodeVersionRefusal', () => {
  it('accepts Node 24 and later and refuses older ones with the version it saw', () => {
    expect(nodeVersionRefusal('v24.0.0')).toBeUndefined();
    expect(nodeVersionRefusal('v24.21.0')).toBeUndefined();
    expect(nodeVersionRefusal('v100.1.2')).toBeUndefined();
    expect(nodeVersionRefusal('v23.11.1')).toBe('loadgate needs Node 24 or later; this is v23.11.1');
    expect(nodeVersionRefusal('v20.20.2')).toBe('loadgate needs Node 24 or later; this is v20.20.2');
    expect(nodeVersionRefusal('v8.17.0')).toBe('loadgate needs Node 24 or later; this is v8.17.0');
  });

  it("says what package.json's engines and bin/loadgate.js say", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
    expect(readFileSync('bin/loadgate.js', 'utf8')).toContain(`const MIN_NODE_MAJOR = ${MIN_NODE_MAJOR};`);
  });
});

describe('on an older Node', () => {
  it('the CLI (bin/loadgate.js) prints one line and exits 2', async () => {
    const version = oldNodeVersion();
    const run = await runNode(['bin/loadgate.js', '--version'], { node: OLD_NODE });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`loadgate needs Node 24 or later; this is ${version}\n`);
    expect(run.code).toBe(2);
  });

  it('the action (dist/index.js, what action.yml runs) prints one line and exits 2', async () => {
    const version = oldNodeVersion();
    const run = await runNode(['dist/index.js'], { node: OLD_NODE, env: { PATH: process.env.PATH ?? '', INPUT_TEST: 'x.json' } });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`loadgate needs Node 24 or later; this is ${version}\n`);
    expect(run.code).toBe(2);
  });

  // From source, through tsx as GitHub's local-action runs an action's main module: without the
  // guard first, Node 20 failed to link the graph (no glob in node:fs/promises) or crashed in undici.
  it.each([
    ['the action from source (src/action/main.ts)', ['-e', "import('./src/action/main.ts')"]],
    ['the CLI from source (src/cli/entry.ts)', ['src/cli/entry.ts', 'validate', 'x.json']],
  ])('%s prints one line and exits 2 before anything else loads', async (_, args) => {
    const version = oldNodeVersion();
    const run = await runNode([TSX, ...args], { node: OLD_NODE, env: { PATH: process.env.PATH ?? '', INPUT_TEST: 'x.json' } });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`loadgate needs Node 24 or later; this is ${version}\n`);
    expect(run.code).toBe(2);
  });
});

describe('on Node 24', () => {
  it('the CLI goes on to the bundle', async () => {
    const run = await runNode(['bin/loadgate.js', '--version']);
    expect(run.stdout).toBe(`${VERSION}\n`);
    expect(run.code).toBe(0);
  });

  it('the action goes on to its bundle (dist/action/), which reads the inputs', async () => {
    const run = await runNode(['dist/index.js'], { env: { PATH: process.env.PATH ?? '' } });
    expect(run.stdout).toContain('::error title=loadgate%3A bad input::test: expected the path of the test definition file');
    expect(run.code).toBe(1);
  });
});
