// Sharded runs (docs/scaling.md): the `i/N` and `start-at` settings, the definition's fingerprint that
// merge uses to refuse mixed sets, and the wait for the common start.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Problem } from '../errors.ts';
import type { Shard } from './plan.ts';
import type { LoadTestDefinition } from '../types.ts';

/** `2/4` → {index: 2, count: 4}; index 1..count, count up to 256 (the Actions matrix limit). */
export function parseShard(text: string, inputName: string): Shard | Problem {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || count < 1 || index > count || count > 256) {
    return { path: inputName, message: `expected i/N with 1 <= i <= N <= 256 (e.g. 2/4), got "${text}"` };
  }
  return { index, count };
}

/** RFC 3339 (`2026-11-22T19:00:00Z`) or epoch milliseconds → epoch ms. */
export function parseStartAt(text: string, inputName: string): number | Problem {
  const trimmed = text.trim();
  const ms = /^\d{10,}$/.test(trimmed) ? Number(trimmed) : /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? Date.parse(trimmed) : NaN;
  if (!Number.isFinite(ms)) {
    return { path: inputName, message: `expected an RFC 3339 time (2026-11-22T19:00:00Z) or epoch milliseconds, got "${text}"` };
  }
  return ms;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of the definition as run (environment applied). Data files count by their content, not
 * their path: matrix jobs may check the repository out in different folders.
 */
export async function definitionSha256(definition: LoadTestDefinition): Promise<string> {
  const testData = await Promise.all(
    definition.test_data.map(async (set) => ({
      name: set.name,
      type: set.type,
      file_config: set.file_config,
      sha256: createHash('sha256')
        .update(await readFile(set.file))
        .digest('hex'),
    })),
  );
  const fingerprint = {
    name: definition.name,
    config_data: definition.config_data,
    environment: definition.environment,
    test_data: testData,
  };
  return createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}

/** Waits until `startAtMs` (epoch ms) or the signal; returns how late we are then (ms, ≥ 0). */
export async function waitForStart(startAtMs: number, signal?: AbortSignal, now: () => number = Date.now): Promise<number> {
  const wait = startAtMs - now();
  if (wait > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
  return Math.max(0, now() - startAtMs);
}

/**
 * Thread `thread` (1-based) of `threads` within a shard (or the whole run): the shard's iterations
 * split again k mod threads. Shard i of M runs k ≡ i − 1 (mod M); its thread w of N runs
 * k ≡ i − 1 + M·(w − 1) (mod M·N), and the N threads together run exactly the shard's k, so
 * sequential data rows and every second's count come out as with one thread (docs/engine.md).
 * A location filter and a resume second stay: the threads split the same ranks.
 */
export function threadShard(shard: Shard | undefined, thread: number, threads: number): Shard {
  const { index, count } = shard ?? { index: 1, count: 1 };
  return { ...shard, index: index + count * (thread - 1), count: count * threads };
}
