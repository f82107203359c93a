// What a saturated load generator does to the verdict (docs/verdict.md): it fails the run, or
// with `warn` only warns. The action's `on-saturated` input and the CLI's `--on-saturated`.
import type { Problem } from '../errors.ts';

export type OnSaturated = 'fail' | 'warn';

/** `fail` (the default) or `warn`; a problem naming `name` otherwise. */
export function parseOnSaturated(text: string, name: string): OnSaturated | Problem {
  const value = text.trim() || 'fail';
  if (value === 'fail' || value === 'warn') return value;
  return { path: name, message: `expected fail or warn, got "${value}"` };
}
