// What dist/ holds, as `npm run bundle` writes it (docs/development.md, "What the bundles hold"):
// one undici in each bundle, no server code where `run` and `--version` start, and no file in the
// npm package that nothing loads. The bundled `serve` is started for real, since its code now
// comes from a chunk of its own and pino is left out of the bundle.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** Each bundle is a folder: its entry file and the chunks ncc splits off. */
const BUNDLES = ['dist/action', 'dist/cli', 'dist/engine-worker'];

/**
 * The symbol every undici error class is branded with (lib/core/errors.js, since undici 6): one
 * per copy of undici's code, whichever version, and the minifier keeps the string.
 */
const UNDICI_MARKER = /undici\.error\.UND_ERR["']/g;

/** Fastify's error codes (lib/errors.js) and pino's own symbols (lib/symbols.js). */
const FASTIFY_MARKER = 'FST_ERR_';
const PINO_MARKER = 'pino.setLevel';

/** Packed files nothing imports, each with its reason. */
const NOT_LOADED: Record<string, string> = {
  'package.json': 'the package itself: bin, engines',
  'README.md': 'the package page',
  LICENSE: 'the licence',
  'schema/loadtest.schema.json': "named by a definition's $schema, for editors",
  'dist/cli/licenses.txt': "the bundled libraries' licences",
  'dist/engine-worker/licenses.txt': "the bundled libraries' licences",
  'dist/cli/package.json': 'makes Node read the bundle as an ES module',
  'dist/engine-worker/package.json': 'makes Node read the bundle as an ES module',
};

const read = (path: string) => readFileSync(path, 'utf8');
const jsFiles = (bundle: string) =>
  readdirSync(bundle)
    .filter((name) => name.endsWith('.js'))
    .map((name) => `${bundle}/${name}`);

describe('dist/', () => {
  it.each(BUNDLES)('%s carries one undici', (bundle) => {
    expect(jsFiles(bundle).flatMap((file) => read(file).match(UNDICI_MARKER) ?? [])).toHaveLength(1);
  });

  it("the CLI's entry file holds no server code; no file of dist/cli holds pino", () => {
    const withFastify = jsFiles('dist/cli').filter((file) => read(file).includes(FASTIFY_MARKER));
    expect(withFastify).not.toContain('dist/cli/index.js');
    expect(withFastify.length).toBeGreaterThan(0);
    expect(jsFiles('dist/cli').filter((file) => read(file).includes(PINO_MARKER))).toEqual([]);
  });

  it('every file of the npm package is loaded by the CLI, or has a reason to be there', async () => {
    const packed = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
    const files: string[] = JSON.parse(packed.stdout)[0].files.map((file: { path: string }) => file.path);
    const loaded = loadedFrom(['bin/loadgate.js'], new Set(files));
    expect(files.filter((file) => !loaded.has(file) && !Object.hasOwn(NOT_LOADED, file))).toEqual([]);
    expect(Object.keys(NOT_LOADED).filter((file) => !files.includes(file))).toEqual([]);
  });
});

describe('the bundled loadgate serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loadgate-bundles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from its chunk without pino and answers', async () => {
    const child = spawn(
      process.execPath,
      ['bin/loadgate.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'server.db')],
      {
        env: { ...process.env, LOADGATE_API_KEY: 'bundles-test-key-0123' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    try {
      const [line] = (await Promise.race([
        once(createInterface({ input: child.stdout }), 'line'),
        once(child, 'exit').then(() => ['']),
      ])) as [string];
      const url = /^loadgate serve listening on (http:\/\/\S+)$/.exec(line)?.[1];
      expect(url, stderr).toBeDefined();
      const answer = await fetch(`${url}/nowhere`, { headers: { 'x-api-key': 'bundles-test-key-0123' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});

/**
 * The packed files reached from the entry points: a file is loaded when a loaded file names it by
 * its path relative to that file (`../dist/cli/index.js`, `../engine-worker/index.js`) or, for
 * the bundle's chunks, by the name the chunk loader builds (`416.index.js` from `n.e(416)`).
 */
function loadedFrom(entries: string[], files: Set<string>): Set<string> {
  const loaded = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    const text = read(file);
    for (const other of files) {
      if (loaded.has(other) || !other.endsWith('.js')) continue;
      const relative = posix.relative(dirname(file), other);
      const chunk = /^dist\/cli\/(\d+)\.index\.js$/.exec(other)?.[1];
      const named =
        text.includes(relative.startsWith('.') ? relative : `./${relative}`) ||
        (chunk !== undefined && file.startsWith('dist/cli/') && new RegExp(`\\.e\\((?:/\\* import\\(\\) \\*/ )?${chunk}\\)`).test(text));
      if (named) queue.push(other);
    }
  }
  return loaded;
}
