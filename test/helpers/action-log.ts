// The action's log is this process's stdout (@actions/core writes workflow commands there):
// tests collect it instead of letting `::debug::` and `::add-mask::` lines reach the test output.
import { afterEach, beforeEach } from 'vitest';

export async function captureStdout<T>(fn: () => Promise<T>): Promise<{ result: T; out: string }> {
  const original = process.stdout.write;
  let out = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    out += chunk.toString();
    return true;
  }) as typeof process.stdout.write;
  try {
    return { result: await fn(), out };
  } finally {
    process.stdout.write = original;
  }
}

/** For a whole test file: every test's stdout is collected; `log()` is what the current test wrote. */
export function collectActionLog(): { log: () => string } {
  const original = process.stdout.write;
  let out = '';
  beforeEach(() => {
    out = '';
    process.stdout.write = ((chunk: string | Uint8Array) => {
      out += chunk.toString();
      return true;
    }) as typeof process.stdout.write;
  });
  afterEach(() => {
    process.stdout.write = original;
  });
  return { log: () => out };
}
