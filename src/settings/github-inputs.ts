// The words and values of the action's inputs that steer its GitHub side (the comment policy,
// the job's matrix entry): read by the inputs module and used by github/, so they live below
// both (issue 56: the inputs import nothing from github/).

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
