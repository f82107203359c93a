// The direction of dependencies (docs/development.md): shells → pipeline → run stage (engine,
// hosted, merge, compare, latency, definition, variables) → verdict → report → base modules.
// A module may import its own layer or a lower one, never a higher one; nothing below the shells
// imports github/ (the edge to GitHub). Type-only imports are erased and do not count.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const RANK: Record<string, number> = {
  // The settings table and its parsers: read by every surface, importing only base modules.
  settings: 0,
  // What a result holds and how it is written: histogram encoding, request counts, credentials hidden.
  results: 0,
  report: 1,
  // The threshold grammar and its latency dialect.
  thresholds: 1,
  verdict: 2,
  // Earlier results → figures and a median baseline: reads a run's figures as the verdict does.
  history: 2,
  definition: 3,
  variables: 3,
  engine: 3,
  hosted: 3,
  merge: 3,
  compare: 3,
  // The capacity search's pure decisions, beside the comparison's rounds: the pipeline runs its probes.
  capacity: 3,
  latency: 3,
  pipeline: 4,
  // The shard pod's side and the protocol's wire types: above the pipeline the pod runs, below
  // server/, which imports the protocol (and which the pod must never load).
  shard: 4.5,
  github: 5,
  server: 5,
  // `loadgate import` is a command beside the shells: it uses the CLI's load flags (cli/overrides.ts).
  import: 6,
  // The action's shell: its entries, main.ts, the run stage (action/run.ts), the capacity mode and the inputs.
  action: 6,
  // The CLI's shell: its entry, the command table, help, the load flags and the capacity command.
  cli: 6,
};
const SHELL_RANK = 6;

/** A file's layer: a folder's, or 0 for the base modules at the top of src/. */
function layerOf(file: string): { name: string; rank: number } {
  const [first, ...rest] = file.split('/');
  if (rest.length === 0) return { name: 'base', rank: 0 };
  return { name: first!, rank: RANK[first!] ?? -1 };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The src/ files a file imports at run time (`import type` and `export type` left out). */
function valueImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => m[1]!);
  return specs.map((spec) => relative(SRC, normalize(join(dirname(path), spec))));
}

/** The src/ files a file may load later, by `import('./…')`. */
function dynamicImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const specs = [...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1]!);
  return specs.map((spec) => relative(SRC, normalize(join(dirname(path), spec))));
}

/** Every src/ file that loading `entry` may load at run time, `entry` included. */
function reachableFrom(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || file.startsWith('..')) continue;
    seen.add(file);
    const path = join(SRC, file);
    pending.push(...valueImports(path), ...dynamicImports(path));
  }
  return [...seen].sort();
}

describe('layers', () => {
  const files = sourceFiles(SRC).map((path) => ({ path, file: relative(SRC, path) }));

  it('every folder of src/ has a layer', () => {
    expect(files.map((f) => f.file).filter((f) => layerOf(f).rank < 0)).toEqual([]);
  });

  it('no module imports a higher layer, and only the shells reach github/', () => {
    const upward = files.flatMap(({ path, file }) => {
      const from = layerOf(file);
      return valueImports(path)
        .filter((target) => !target.startsWith('..'))
        .filter((target) => {
          const to = layerOf(target);
          if (to.name === 'github') return from.rank < SHELL_RANK && from.name !== 'github';
          return to.rank > from.rank;
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(upward).toEqual([]);
  });

  it("the shard pod's entry (`loadgate shard`, which cli/cli.ts loads when chosen) loads nothing under server/", () => {
    const cli = readFileSync(join(SRC, 'cli', 'cli.ts'), 'utf8');
    const entry = /\bshard: loadedWhenChosen\(\(\) =>\s*import\('\.\.\/([^']+)'\)/.exec(cli)?.[1];
    expect(entry).toBe('shard/client.ts');
    const loaded = reachableFrom(entry!);
    // The walk follows the pod's imports: its latency probe and the engine it runs are in it.
    expect(loaded).toEqual(expect.arrayContaining(['shard/probe-client.ts', 'shard/protocol.ts', 'pipeline/measure.ts', 'engine/run.ts']));
    expect(loaded.filter((file) => file.startsWith('server/'))).toEqual([]);
  });
});
