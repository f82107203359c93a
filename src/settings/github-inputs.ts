// The words and values of the action's inputs that steer its GitHub side (the comment policy,
// the job's matrix entry): read by the inputs module and used by github/, so they live below
// both (issue 56: the inputs import nothing from github/).
import type { Threshold } from '../types.ts';

/** When the sticky comment is written (input comment; true and false are always and never). */
export const COMMENT_WHEN = ['always', 'on-failure', 'on-change', 'never'] as const;
export type CommentWhen = (typeof COMMENT_WHEN)[number];

/**
 * The job's matrix entry as GitHub shows it in the job's name (`load (eu, 20)`): its values in
 * order, from input matrix, whose default `${{ toJSON(matrix) }}` the runner fills in (`null`
 * outside a matrix). The runner puts no matrix in the environment, hence the input. Text that
 * is not a JSON object is taken as the entry's label itself.
 */
export function matrixEntryOf(input: string): string {
  const text = input.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (parsed === null || parsed === '') return '';
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return text;
  return Object.values(parsed)
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join(', ');
}

/** The action's inputs that github/ reads (action/inputs.ts's ActionInputs holds them and the rest). */
export interface GitHubInputs {
  test: string;
  thresholds: Threshold[];
  /** The web report's artifact name; empty: loadgate-report-<test>-<job>, made unique in the run. */
  reportName: string;
  /** A sticky PR comment at all (comment is not never/false). */
  comment: boolean;
  /** When it is written (docs/ci.md); true and false read as always and never. */
  commentWhen: CommentWhen;
  githubToken: string;
  /** Earlier results for the trend (docs/history.md): paths, or [`auto`] for the base branch's artifacts. */
  history: string[];
  historySize: number;
  /** The status check (docs/ci.md): on, and its name (empty: `loadgate: <test name>`, plus the matrix entry). */
  check: boolean;
  checkName: string;
  /** The job's matrix entry (input matrix, which the runner fills in), e.g. `eu, 20`; empty outside a matrix. */
  matrixEntry: string;
}
