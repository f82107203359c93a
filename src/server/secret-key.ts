// The key that seals secret values at rest (seal.ts; docs/server.md, "Secrets at rest"): from
// LOADGATE_SECRET_KEY or --secret-key-file (32 random bytes in base64, as `openssl rand -base64
// 32` writes them), or else a key file in the data folder, made on the first start.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../errors.ts';
import { PRIVATE_FILE } from './private-files.ts';
import { SECRET_KEY_BYTES } from './seal.ts';

export const SECRET_KEY_ENV = 'LOADGATE_SECRET_KEY';
/** The key file the server makes in its data folder when no key is given. */
export const DATA_DIR_KEY_FILE = 'secret.key';

export interface SecretKey {
  key: Buffer;
  /** Where it came from, as a refusal names it (never the key). */
  source: string;
  /** For a key made now: writes its file (0600), once the database has taken it; returns the line for the log. */
  persist?: () => Promise<string>;
}

/** 32 bytes in base64; the problem names `source` and never quotes the text. */
export function parseSecretKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && key.length === SECRET_KEY_BYTES) return key;
  throw new InputError([
    {
      path: source,
      message: `expected ${SECRET_KEY_BYTES} random bytes in base64 (openssl rand -base64 ${SECRET_KEY_BYTES}), got ${trimmed.length} characters that are not that`,
    },
  ]);
}

async function readKeyFile(file: string, flag: string): Promise<Buffer> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError([
      { file, path: flag, message: `cannot read the secret key file: ${(error as NodeJS.ErrnoException).code ?? 'error'}` },
    ]);
  }
  return parseSecretKey(text, `${flag} ${file}`);
}

/**
 * The key from `env` (LOADGATE_SECRET_KEY's value) or `file` (--secret-key-file), one of them at
 * most; else the data folder's key file, read when it exists and made (after the database took
 * the key: `persist`) when it does not.
 */
export async function secretKey(options: { env?: string; file?: string; dataDir: string }): Promise<SecretKey> {
  if (options.env !== undefined && options.file !== undefined) {
    throw new InputError([
      { path: '--secret-key-file', message: `give the secret key by ${SECRET_KEY_ENV} or by --secret-key-file, not both` },
    ]);
  }
  if (options.env !== undefined) return { key: parseSecretKey(options.env, SECRET_KEY_ENV), source: SECRET_KEY_ENV };
  if (options.file !== undefined)
    return { key: await readKeyFile(options.file, '--secret-key-file'), source: `--secret-key-file ${options.file}` };
  const path = join(options.dataDir, DATA_DIR_KEY_FILE);
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new InputError([{ file: path, path: 'secret key', message: `cannot read the secret key file: ${error.code ?? 'error'}` }]);
  });
  if (existing !== undefined) return { key: parseSecretKey(existing, path), source: `the key file ${path}` };
  const key = randomBytes(SECRET_KEY_BYTES);
  return {
    key,
    source: `a new key, since neither ${SECRET_KEY_ENV} nor --secret-key-file is given and ${path} does not exist`,
    persist: async () => {
      await writeFile(path, `${key.toString('base64')}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
      return `made the secret key file ${path}, which seals the secret values in the database: for production, move it out of the data folder and give it with --secret-key-file or ${SECRET_KEY_ENV} (docs/server.md, "Secrets at rest"), so that a copy of the data does not carry its key`;
    },
  };
}
