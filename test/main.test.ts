// The action's entry reads as its flow (docs/development.md, "The action's entry is its table of
// contents"): src/action/main.ts stays a screen long, and the event's payload is read once per run, by
// main.ts, which hands it to the check, the PR's block, the comment and the base-branch search.
// What the action answers is checked end to end by the action's own tests (action.test.ts…).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Each file of src/ whose code does `pattern`, with how many times. */
function occurrences(pattern: RegExp): Record<string, number> {
  const found: Record<string, number> = {};
  for (const path of sourceFiles(SRC)) {
    const count = [...readFileSync(path, 'utf8').matchAll(pattern)].length;
    if (count > 0) found[relative(SRC, path)] = count;
  }
  return found;
}

describe('the action entry (src/action/main.ts)', () => {
  it('is a screen long: at most 150 lines', () => {
    const lines = readFileSync(join(SRC, 'action', 'main.ts'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  it('reads the event payload once: one call of eventPayload, in main.ts, and no other reader of GITHUB_EVENT_PATH', () => {
    expect(occurrences(/\beventPayload\((?!env:)/g)).toEqual({ 'action/main.ts': 1 });
    expect(occurrences(/\.GITHUB_EVENT_PATH\b/g)).toEqual({ 'github/context.ts': 2 });
  });
});
