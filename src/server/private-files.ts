// The server's files are its owner's alone (docs/security.md, "Files"): the database, its -wal
// and -shm, the data folder and everything in it are created 0600 (folders 0700) whatever the
// umask, since a umask only takes bits away. What exists with looser modes is tightened, with
// one log line naming it.
import { chmodSync, closeSync, existsSync, openSync, readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

function loose(mode: number, wanted: number): boolean {
  return (mode & 0o777 & ~wanted) !== 0;
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/** Tightens `path` to `wanted` when it allows more; returns a line saying so (or why it could not), else undefined. */
function tighten(path: string, wanted: number): string | undefined {
  const mode = statSync(path).mode;
  if (!loose(mode, wanted)) return undefined;
  try {
    chmodSync(path, wanted);
    return `${path} was ${octal(mode)} (open to group or others): made ${octal(wanted)}`;
  } catch (error) {
    return `${path} is ${octal(mode)}, open to group or others, and could not be made ${octal(wanted)} (${(error as Error).message}): restrict it yourself`;
  }
}

/** The folder, created 0700 with any missing parent; an existing one tightened (the line for the log, if any). */
export async function privateFolder(path: string): Promise<string | undefined> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER });
  return tighten(path, PRIVATE_FOLDER);
}

/**
 * The files in `folder` (not below it) tightened to 0600: one line naming those that were open,
 * undefined when none was.
 */
export function tightenFilesIn(folder: string): string | undefined {
  const lines = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => tighten(join(folder, entry.name), PRIVATE_FILE))
    .filter((line) => line !== undefined);
  if (lines.length === 0) return undefined;
  return lines.length === 1 ? lines[0] : `${lines.length} files in ${folder} were open to group or others: made 0600 (${lines[0]}, …)`;
}

/**
 * The SQLite file and its companions: created empty and 0600 when missing, so that SQLite (which
 * gives its -wal and -shm the database's mode) never makes one readable by others; existing ones
 * tightened. Returns the lines for the log.
 */
export function privateDatabaseFiles(dbPath: string): string[] {
  if (!existsSync(dbPath)) closeSync(openSync(dbPath, 'a', PRIVATE_FILE));
  return [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]
    .filter((path) => existsSync(path))
    .map((path) => tighten(path, PRIVATE_FILE))
    .filter((line) => line !== undefined);
}
