// Bad input is reported as values a user can act on: where (file, JSON path or input name)
// and what was expected. All problems of one input are gathered before anything runs.

export interface Problem {
  /** The file the problem is in, as the user named it (absent for action inputs). */
  file?: string;
  /** A JSON path such as `$.config_data.steps[1].method`, or an input name. */
  path: string;
  /** What is wrong and what was expected. */
  message: string;
  /** Where in the file, when known (1-based): for annotations that point at the line. */
  line?: number;
  column?: number;
}

/** For parsers that return a value or the Problem with it. */
export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'path' in value && 'message' in value;
}

export function formatProblem(p: Problem): string {
  const where = p.file ? `${p.file}: ${p.path}` : p.path;
  return `${where}: ${p.message}`;
}

/**
 * The most problems listed to a reader (terminal, log, annotations, summary, an API answer): a
 * generated file can have tens of thousands, and the first ones say what is wrong. The rest are
 * counted, never dropped from `InputError.problems`.
 */
export const MAX_PROBLEMS_SHOWN = 50;

/** The problems a reader is shown, and how many more there are. */
export function shownProblems<T>(problems: readonly T[]): { shown: T[]; more: number } {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
  return { shown, more: problems.length - shown.length };
}

/** The problems as lines (`line` formats one), the first MAX_PROBLEMS_SHOWN, then a count of the rest. */
export function problemLines(problems: readonly Problem[], line: (p: Problem) => string = formatProblem): string[] {
  const { shown, more } = shownProblems(problems);
  const lines = shown.map(line);
  if (more > 0) lines.push(`… and ${more} more problem${more === 1 ? '' : 's'}`);
  return lines;
}

/** Thrown at the edges (loading files, reading inputs); callers exit 2 with its message. */
export class InputError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problemLines(problems).join('\n'));
    this.name = 'InputError';
    this.problems = problems;
  }
}
