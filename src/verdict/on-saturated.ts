// What a saturated load generator does to the verdict (docs/verdict.md): it fails the run, or
// with `warn` only warns. The action's `on-saturated` input and the CLI's `--on-saturated`.
import type { Problem } from '../errors.ts';

export type OnSaturated = 'fail' | 'warn';

/** `fail` (the default) or `warn`; a problem naming `name` otherwise. */
export function readOnSaturated(text: string, name: string, problems: Problem[]): OnSaturated {
  const value = text.trim() || 'fail';
  if (value === 'fail' || value === 'warn') return value;
  problems.push({ path: name, message: `expected fail or warn, got "${value}"` });
  return 'fail';
}
