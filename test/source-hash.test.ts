// The stamp that ties dist/ to its sources: the same sources hash the same wherever they are, and
// any change npm run bundle would build differently from changes the hash.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceHash } from '../scripts/source-hash.ts';
import { isBundle } from './helpers/dist.ts';

const ROOT = join(import.meta.dirname, '..');

/** A copy of what the hash reads: src/, package.json and package-lock.json. */
function copyOfSources(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loadgate-hash-'));
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(dir, file));
  return dir;
}

describe('sourceHash', () => {
  it('is the same for the same sources in another directory', () => {
    expect(sourceHash(copyOfSources())).toBe(sourceHash(ROOT));
  });

  it('changes with a source file, a new file, the lock file or the bundle script, not with the rest of package.json', () => {
    const dir = copyOfSources();
    const before = sourceHash(dir);
    const edit = (file: string, change: (text: string) => string): string => {
      writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
      return sourceHash(dir);
    };
    const seen = [before];
    seen.push(edit('src/version.ts', (t) => `${t}\n`));
    mkdirSync(join(dir, 'src', 'extra'));
    writeFileSync(join(dir, 'src', 'extra', 'new.ts'), 'export {};\n');
    seen.push(sourceHash(dir));
    seen.push(edit('package-lock.json', (t) => t.replace('"lockfileVersion"', '"lockfileVersion" ')));
    seen.push(edit('package.json', (t) => t.replace('--minify', '--minify --source-map')));
    expect(new Set(seen).size).toBe(seen.length);
    expect(edit('package.json', (t) => t.replace('"version": "0.1.0"', '"version": "0.1.1"'))).toBe(seen.at(-1));
  });

  it("does not mistake one file's end for the next one's start", () => {
    const dir = copyOfSources();
    mkdirSync(join(dir, 'src', 'z'));
    writeFileSync(join(dir, 'src', 'z', 'a.ts'), 'ab');
    writeFileSync(join(dir, 'src', 'z', 'b.ts'), 'c');
    const split = sourceHash(dir);
    writeFileSync(join(dir, 'src', 'z', 'a.ts'), 'a');
    writeFileSync(join(dir, 'src', 'z', 'b.ts'), 'bc');
    expect(sourceHash(dir)).not.toBe(split);
  });
});

describe('isBundle', () => {
  it('names the committed bundles and bin/, not the sources', () => {
    expect(isBundle('dist/index.js')).toBe(true);
    expect(isBundle(join(ROOT, 'dist', 'cli', 'index.js'), tmpdir())).toBe(true);
    expect(isBundle('bin/loadgate.js')).toBe(true);
    expect(isBundle('src/cli/entry.ts')).toBe(false);
    expect(isBundle('../dist/index.js', join(ROOT, 'src'))).toBe(true);
  });
});
