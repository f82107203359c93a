// What dist/ is built from, as one SHA-256: every file under src/ (path and content, in path
// order), package-lock.json (the libraries and the ncc that bundle them) and package.json's bundle
// script. `npm run bundle` ends with `--write`, which stamps dist/.source-hash; the tests that run
// the bundles compare it with the sources beside them (test/helpers/dist.ts), so a change to src/
// without a bundle fails those tests instead of testing the old code.
// `node scripts/source-hash.ts` prints the hash; `--write` stamps dist/.
import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const STAMP = join('dist', '.source-hash');

export function sourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(join(root, 'src'))) add(hash, posixPath(relative(root, file)), readFileSync(file));
  add(hash, 'package-lock.json', readFileSync(join(root, 'package-lock.json')));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: { bundle?: string } };
  add(hash, 'package.json scripts.bundle', manifest.scripts?.bundle ?? '');
  return hash.digest('hex');
}

/** Name and length first, so no two different sets of files feed the hash the same bytes. */
function add(hash: Hash, name: string, content: Buffer | string): void {
  hash.update(`${name}\0${Buffer.byteLength(content)}\0`);
  hash.update(content);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => (posixPath(a) < posixPath(b) ? -1 : 1));
}

function posixPath(path: string): string {
  return path.split(sep).join('/');
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const hash = sourceHash(root);
  if (process.argv.includes('--write')) {
    writeFileSync(join(root, STAMP), `${hash}\n`);
    console.log(`wrote ${STAMP}: ${hash}`);
  } else {
    console.log(hash);
  }
}
