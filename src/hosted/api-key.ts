// Where the CLI finds the service's API key: --api-key-file FILE, the environment variable named
// by --api-key-env (LOADGATE_API_KEY), or --api-key KEY. The first two keep the key out of the
// command line, so out of shell history and the process list; --api-key is there for the one-off
// run where that trade-off is acceptable (docs/interface.md 10).
import { InputError } from '../errors.ts';

export interface KeySources {
  /** --api-key */
  key?: string;
  /** --api-key-file */
  file?: string;
  /** --api-key-env: the name of the environment variable. */
  variable: string;
}

export const MISSING_KEY_HELP =
  'set the environment variable LOADGATE_API_KEY (or the one --api-key-env names), or give --api-key-file FILE ' +
  '(--api-key KEY works too, but shell history and the process list keep it)';

/** The key, from the one source given; `readText` reads a file (injected so this stays testable). */
export async function resolveApiKey(
  sources: KeySources,
  env: Record<string, string | undefined>,
  readText: (path: string) => Promise<string>,
): Promise<string> {
  if (sources.key !== undefined && sources.file !== undefined) {
    throw new InputError([{ path: '--api-key', message: 'give --api-key or --api-key-file, not both' }]);
  }
  if (sources.key !== undefined) {
    if (sources.key.trim() === '') throw new InputError([{ path: '--api-key', message: `the key is empty: ${MISSING_KEY_HELP}` }]);
    return sources.key.trim();
  }
  if (sources.file !== undefined) return keyFromFile(sources.file, readText);
  const fromEnv = env[sources.variable]?.trim() ?? '';
  if (fromEnv === '') {
    throw new InputError([
      {
        path: '--api-url',
        message: `no API key for the service: the environment variable ${sources.variable} is not set; ${MISSING_KEY_HELP}`,
      },
    ]);
  }
  return fromEnv;
}

/** The first line that is not blank or a `#` comment, trimmed: the same format `serve --api-key-file` reads. */
async function keyFromFile(file: string, readText: (path: string) => Promise<string>): Promise<string> {
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    throw new InputError([{ file, path: '--api-key-file', message: `cannot read the API key file: ${(error as Error).message}` }]);
  }
  const key = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (key === undefined)
    throw new InputError([
      { file, path: '--api-key-file', message: 'the file holds no key (one line with the key; blank lines and # comments are skipped)' },
    ]);
  return key;
}
