// Settings that only make sense together, or not at all together: one check per pair, which the
// CLI and the action both call with their own spelling of the names, so both refuse the same
// combination with the same sentence.
import type { Problem } from '../errors.ts';

/** How one surface spells a setting of the table. */
export type Spelling = (name: string) => string;

export const FLAG_SPELLING: Spelling = (name) => `--${name}`;
export const INPUT_SPELLING: Spelling = (name) => name;

/** A table of the action's input names as the CLI spells them: the flags are the same words. */
export function flagNames<K extends string>(inputs: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(inputs).map(([key, name]) => [key, FLAG_SPELLING(name)])) as Record<K, string>;
}

/** Which of the settings that sharding depends on a run was given. */
export interface ShardingGiven {
  shard: boolean;
  startAt: boolean;
  /** The test runs on a service (CLI --api-url, action mode hosted). */
  hosted: boolean;
}

/** A shard on a hosted service, and a common start without shards. */
export function shardingProblems(given: ShardingGiven, spell: Spelling): Problem[] {
  const problems: Problem[] = [];
  if (given.shard && given.hosted) {
    problems.push({
      path: spell('shard'),
      message: `a hosted service runs the whole test: ${spell('shard')} splits a run over machines that each run their slice here (docs/scaling.md)`,
    });
  }
  if (given.startAt && !given.shard) {
    problems.push({
      path: spell('start-at'),
      message: `${spell('start-at')} is the time every shard of a sharded run starts at: set ${spell('shard')} too (docs/scaling.md)`,
    });
  }
  return problems;
}
