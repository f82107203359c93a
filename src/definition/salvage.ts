// What can still be checked of a definition its schema or rules refused, so that one report holds
// every problem (docs/interface.md 2.1): the refused parts pruned — a member deleted (its default
// takes its place), a broken step replaced by a stand-in that keeps its name and captures — until what is
// left is valid. Variables, test data and thresholds are then checked on that; their problems
// inside a stand-in are not the user's. A prune that would change what variables exist (the
// environment, test data, a capture) salvages nothing: a later check would then report names
// missing that the user did define.
import { isRecord } from '../json.ts';
import { MAX_PROBLEMS_SHOWN, type Problem } from '../errors.ts';
import { jsonPathSegments } from './json-text.ts';
import { type ValidDefinition, validateDefinition } from './validate.ts';

export interface Salvaged extends ValidDefinition {
  /** The JSON paths of the steps replaced by a stand-in. */
  replaced: string[];
}

/** Prune, validate again; each round climbs one level where a prune was not enough. */
const ROUNDS = 6;

type Segments = (string | number)[];

export function salvageDefinition(raw: unknown, problems: Problem[]): Salvaged | null {
  // Later problems would follow these, past what a reader is shown: a generated file with
  // thousands of problems is not validated again and again for them.
  if (problems.length >= MAX_PROBLEMS_SHOWN) return null;
  const copy = structuredClone(raw);
  const replaced = new Set<number>();
  let current = problems;
  for (let round = 0; round < ROUNDS; round++) {
    const pruned = new Set<string>();
    for (const problem of current) if (!prune(copy, problem.path, { replaced, pruned })) return null;
    const validation = validateDefinition(copy, '');
    if (validation.ok) return { ...validation.value, replaced: [...replaced].map((i) => `$.config_data.steps[${i}]`) };
    current = validation.problems;
  }
  return null;
}

/**
 * A definition's schema and rule problems, and what can still be checked of it: the whole
 * definition when it is valid, what is left once the refused parts are pruned, or null when
 * nothing is (the problems are then all there is to report).
 */
export function validatedOrSalvaged(raw: unknown, file: string): { problems: Problem[]; salvaged: Salvaged | null } {
  const validation = validateDefinition(raw, file);
  if (validation.ok) return { problems: [], salvaged: { ...validation.value, replaced: [] } };
  return { problems: validation.problems, salvaged: salvageDefinition(raw, validation.problems) };
}

/**
 * Of the problems later checks (variables, data, thresholds) found on what a salvage left, the
 * user's: none inside a stand-in step, none at a path `earlier` problems already name.
 */
export function laterProblems(later: Problem[], earlier: Problem[], replaced: string[]): Problem[] {
  return later.filter((p) => !insideStandIn(p, replaced) && !earlier.some((e) => e.path === p.path));
}

function insideStandIn(problem: Problem, replaced: string[]): boolean {
  return replaced.some((step) => problem.path === step || problem.path.startsWith(`${step}.`) || problem.path.startsWith(`${step}[`));
}

const SCOPE = new Set(['environment', 'test_data', 'capture_env']);

function prune(root: unknown, path: string, done: { replaced: Set<number>; pruned: Set<string> }): boolean {
  const written = jsonPathSegments(path);
  if (!written || written.some((s) => SCOPE.has(String(s)))) return false;
  for (let segments = written; segments.length > 0; segments = segments.slice(0, -1)) {
    const key = JSON.stringify(segments);
    // Pruned in this round already (two problems of one part), or inside a part pruned.
    if (segments.some((_, i) => done.pruned.has(JSON.stringify(segments.slice(0, i + 1))))) return true;
    const parent = valueAt(root, segments.slice(0, -1));
    const last = segments.at(-1)!;
    if (isStep(segments) && Array.isArray(parent) && typeof last === 'number') {
      if (done.replaced.has(last)) return false;
      parent[last] = standIn(parent[last], last);
      done.replaced.add(last);
      done.pruned.add(key);
      return true;
    }
    if (isRecord(parent) && typeof last === 'string' && Object.hasOwn(parent, last)) {
      delete parent[last];
      done.pruned.add(key);
      return true;
    }
    // An element of another list, or a member missing: the part around it goes.
  }
  return false;
}

function isStep(segments: Segments): boolean {
  return segments.length === 3 && segments[0] === 'config_data' && segments[1] === 'steps';
}

function standIn(step: unknown, index: number): Record<string, unknown> {
  const kept = isRecord(step) ? { name: step.name, capture_env: step.capture_env } : {};
  return { id: index + 1, url: 'http://stand-in.invalid/', ...kept };
}

function valueAt(root: unknown, segments: Segments): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isRecord(node) && typeof segment === 'string' && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}
