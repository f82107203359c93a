// Where a run's inputs come from (src/pipeline/sources.ts): the inline environment and a results
// file read back as the baseline, both read strictly (a key given twice is refused, not guessed at).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { readEnvironmentSpec, readResultsFile } from '../src/pipeline/sources.ts';

async function problemsOf(read: Promise<unknown>) {
  const error = await read.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).problems;
}

describe('readEnvironmentSpec', () => {
  it('refuses a key given twice in the inline JSON (JSON.parse would keep the second), naming both places', async () => {
    expect(await problemsOf(readEnvironmentSpec('{"name": "e", "vars": [], "name": "f"}', 'environment'))).toEqual([
      {
        file: 'environment',
        path: '$.name',
        message:
          'duplicate key "name": first at line 1, column 2, again at line 1, column 27; JSON keeps only one of them, so give it once',
      },
    ]);
  });

  it('reads the inline JSON once it is sound', async () => {
    expect(await readEnvironmentSpec('{"name": "e", "vars": [{"key": "K", "value": "v"}]}', 'environment')).toMatchObject({
      name: 'e',
      vars: [{ key: 'K', value: 'v' }],
    });
  });
});

describe('readResultsFile', () => {
  it('refuses a results file with a key given twice, naming the file and both places', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loadgate-sources-')), 'baseline.json');
    writeFileSync(file, '{"results": {"steps": []},\n "results": {"steps": []}}');
    expect(await problemsOf(readResultsFile(file, 'baseline'))).toEqual([
      {
        file,
        path: '$.results',
        message:
          'duplicate key "results": first at line 1, column 2, again at line 2, column 2; JSON keeps only one of them, so give it once',
        line: 2,
        column: 2,
      },
    ]);
  });
});
