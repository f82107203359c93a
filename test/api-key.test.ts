// Where the CLI finds the service's API key, and the one error when there is none.
import { describe, expect, it } from 'vitest';
import { resolveApiKey } from '../src/hosted/api-key.ts';
import { InputError } from '../src/errors.ts';

const files: Record<string, string> = { 'key.txt': '# the CI key\n\n  k-from-file  \nsecond\n', 'empty.txt': '# nothing\n\n' };
const readText = async (path: string) => {
  if (path in files) return files[path]!;
  throw new Error(`ENOENT: no such file or directory, open '${path}'`);
};

async function problemOf(promise: Promise<unknown>): Promise<{ path: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).problems[0]!;
}

describe('resolveApiKey', () => {
  it('reads the environment variable by default', async () => {
    expect(await resolveApiKey({ variable: 'LOADGATE_API_KEY' }, { LOADGATE_API_KEY: ' k-env ' }, readText)).toBe('k-env');
  });

  it('reads the first key line of --api-key-file, ahead of the environment', async () => {
    expect(await resolveApiKey({ file: 'key.txt', variable: 'LOADGATE_API_KEY' }, { LOADGATE_API_KEY: 'k-env' }, readText)).toBe(
      'k-from-file',
    );
  });

  it('takes --api-key as given', async () => {
    expect(await resolveApiKey({ key: 'k-flag', variable: 'LOADGATE_API_KEY' }, {}, readText)).toBe('k-flag');
  });

  it('says, when no key is found, every way to give one', async () => {
    const problem = await problemOf(resolveApiKey({ variable: 'MY_KEY' }, {}, readText));
    expect(problem.message).toMatch(/MY_KEY is not set/);
    expect(problem.message).toMatch(/--api-key-file FILE/);
    expect(problem.message).toMatch(/--api-key KEY .*shell history/);
  });

  it('names the file that cannot be read or holds no key, and refuses two sources at once', async () => {
    expect((await problemOf(resolveApiKey({ file: 'missing.txt', variable: 'K' }, {}, readText))).message).toMatch(
      /cannot read the API key file: ENOENT/,
    );
    expect((await problemOf(resolveApiKey({ file: 'empty.txt', variable: 'K' }, {}, readText))).message).toMatch(/holds no key/);
    expect((await problemOf(resolveApiKey({ file: 'key.txt', key: 'k', variable: 'K' }, {}, readText))).message).toMatch(/not both/);
  });
});
