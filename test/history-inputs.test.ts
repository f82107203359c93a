// What a history (--history, docs/history.md) skips, and says so naming the file and the field:
// entries whose date is no date or in the future, figures that are not finite numbers of at least
// 0, histograms that do not decode; and paths that are neither a regular file nor a folder.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistory } from '../src/pipeline/history.ts';
import type { LoadTestResult } from '../src/types.ts';
import { makeResult } from './helpers/result-fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadgate-history-inputs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function entry(name: string, change: (result: LoadTestResult) => unknown): Promise<string> {
  const result = makeResult({ name: 'checkout', run: { started_at: '2026-11-01T10:00:00.000Z' } });
  change(result);
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(result));
  return file;
}

describe('history entries', () => {
  it('skips a date that is no date or in the future, and a negative or infinite figure, naming the file and the field', async () => {
    const good = await entry('good', () => {});
    const notADate = await entry('not-a-date', (r) => (r.run.started_at = 'not a date'));
    const future = await entry('future', (r) => (r.run.started_at = '9999-01-01T00:00:00.000Z'));
    const negative = await entry('negative', (r) => (r.run.rps = -1e308));
    const history = await readHistory([good, notADate, future, negative], 'checkout', 30);
    expect(history.runs.map((r) => r.id)).toEqual(['good']);
    expect(history.notes).toEqual([
      `history: skipped ${notADate}: not a loadgate results file (run.started_at is "not a date": expected a date and time (ISO 8601))`,
      `history: skipped ${future}: not a loadgate results file (run.started_at is 9999-01-01T00:00:00.000Z: a date in the future)`,
      `history: skipped ${negative}: run.rps is -1e+308: expected a finite number of at least 0`,
    ]);
  });

  it('skips histograms that do not decode with a sentence, not a raw error alone', async () => {
    const garbled = await entry(
      'garbled',
      (r) => (r.histograms = { overall: 'AAAA', steps: {}, locations: {}, step_locations: {} } as never),
    );
    const history = await readHistory([garbled], 'checkout', 30);
    expect(history.runs).toEqual([]);
    expect(history.notes[0]).toMatch(
      new RegExp(
        `^history: skipped ${garbled}: its figures cannot be read: .+ \\(are its histograms, in results.histograms, those loadgate writes\\?\\)$`,
      ),
    );
  });
});

describe('history paths', () => {
  it('names a device, a FIFO and a symbolic link that loops, and says nothing was found only where nothing is', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const loop = join(dir, 'loop');
    await symlink(loop, loop);
    const missing = join(dir, 'missing');
    const history = await readHistory(['/dev/zero', fifo, loop, missing], 'checkout', 30);
    expect(history.notes).toEqual([
      'history: skipped /dev/zero: a character device, not a results file or a folder of them',
      `history: skipped ${fifo}: a FIFO (named pipe), not a results file or a folder of them`,
      `history: skipped ${loop}: a symbolic link that loops (ELOOP), not a results file or a folder of them`,
      `history: nothing found at ${missing}`,
    ]);
  });
});
