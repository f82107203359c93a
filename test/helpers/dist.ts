// The bundles (dist/, and bin/ that loads them) are what `npm run bundle` made, committed. A test
// that runs them checks first that they were made from the sources beside them: otherwise, after a
// change to src/ without a bundle, it would pass or fail on the old code.
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { sourceHash, STAMP } from '../../scripts/source-hash.ts';

const ROOT = join(import.meta.dirname, '..', '..');

let problem: string | null | undefined;

/** Why dist/ cannot be trusted to be the sources' build, or null. Computed once per test file. */
export function distProblem(): string | null {
  if (problem !== undefined) return problem;
  let stamped: string;
  try {
    stamped = readFileSync(join(ROOT, STAMP), 'utf8').trim();
  } catch {
    return (problem = `${STAMP} is missing, so dist/ may be built from other sources: run npm run bundle`);
  }
  const current = sourceHash(ROOT);
  problem =
    stamped === current
      ? null
      : `dist/ was built from other sources (${STAMP} ${stamped.slice(0, 12)}…, the sources ${current.slice(0, 12)}…): run npm run bundle`;
  return problem;
}

/** Throws distProblem()'s message when a test is about to run a bundle. */
export function assertDistCurrent(): void {
  const found = distProblem();
  if (found) throw new Error(found);
}

/** Whether a script (relative to cwd) is one of the committed bundles or the bin/ that loads them. */
export function isBundle(script: string, cwd = process.cwd()): boolean {
  const inRoot = relative(ROOT, resolve(cwd, script));
  return inRoot.startsWith(`dist${sep}`) || inRoot.startsWith(`bin${sep}`);
}
