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

/*
 * Every parser and validator of user input answers in one of two shapes, and never pushes into a
 * caller's array or throws. `InputError` is thrown only by the edges (the shells, the file
 * loaders, the checks of a whole test before a run: checkTest, preflight), or becomes an API answer:
 * - `Parsed<T>`, for input that can hold more than one problem (a definition, threshold lines,
 *   shard files, a group of settings): the value, or every problem found.
 * - `T | Problem`, for one value that can hold one problem at most (a whole number, a duration,
 *   a flag's word). It reads as the value it is, needs no unwrapping where a default stands
 *   beside it, and a table of such values gathers their problems into one `Parsed`.
 */

/**
 * The value parsed from input that can hold several problems, or every problem found in it. A
 * parser may add a fact its callers act on (json-text.ts: whether the text is JSON at all).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function parsed<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function failed<T = never>(problems: Problem[]): Parsed<T> {
  return { ok: false, problems };
}

/** The value when nothing was found wrong with it, else the problems. */
export function parsedUnless<T>(problems: Problem[], value: T): Parsed<T> {
  return problems.length > 0 ? failed(problems) : parsed(value);
}

/** For parsers of one value that return it or the Problem with it. */
export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'path' in value && 'message' in value;
}

/** Values read one by one, each the value or its Problem: all the values, or every problem. */
export function eachParsed<T>(read: readonly (T | Problem)[]): Parsed<T[]> {
  return parsedUnless(
    read.filter(isProblem),
    read.filter((r): r is T => !isProblem(r)),
  );
}

/** Inputs parsed one by one: all their values, or the problems of every one that failed. */
export function allParsed<T>(results: readonly Parsed<T>[]): Parsed<T[]> {
  return parsedUnless(
    results.flatMap((r) => (r.ok ? [] : r.problems)),
    results.flatMap((r) => (r.ok ? [r.value] : [])),
  );
}

export function formatProblem(p: Problem): string {
  const where = p.file ? `${clipped(p.file)}: ${clipped(p.path)}` : clipped(p.path);
  return `${where}: ${p.message}`;
}

/** The most characters of a name the user gave (a file's path, a JSON path) that a message quotes. */
export const MAX_QUOTED_CHARS = 200;

/**
 * User text as a message quotes it: whole up to `max` characters, else its start and how much was
 * left out (`/tmp/aaaa…(99,800 more characters)`), so that a path of 100,000 characters is not
 * printed whole.
 */
export function clipped(text: string, max = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  // Cut before a surrogate pair's second half, never inside the pair.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}…(${(text.length - end).toLocaleString('en-US')} more characters)`;
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

/** What `work` gives, or the problems of the InputError it threw (other errors go on). */
export async function inputProblems<T>(work: () => Promise<T>): Promise<{ value?: T; problems: Problem[] }> {
  try {
    return { value: await work(), problems: [] };
  } catch (error) {
    if (error instanceof InputError) return { problems: error.problems };
    throw error;
  }
}

/** At an edge: the value parsed, or every problem thrown as one InputError. */
export function valueOrThrow<T>(result: Parsed<T>): T {
  if (!result.ok) throw new InputError(result.problems);
  return result.value;
}

/** At an edge: the one value parsed, or its problem thrown as an InputError. */
export function orThrow<T>(value: T | Problem): T {
  if (isProblem(value)) throw new InputError([value]);
  return value;
}
