// The direction of dependencies (docs/development.md, "Layers, one way") is checked by
// dependency-cruiser (.dependency-cruiser.mjs, in `npm run lint` and `npm test`): no module imports
// a higher layer, only the shells reach github/, no loops, and the shard pod never loads server/.
// What the tool cannot say is checked here: that its layer table names every folder of src/, and
// which module the CLI's command table loads for `loadgate shard` (the pod's entry that the
// tool's rule starts from).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const CONFIG = pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href;

describe('layers', () => {
  it('every folder of src/ has a layer in the dependency rules', async () => {
    const { LAYERS } = (await import(CONFIG)) as { LAYERS: string[][] };
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !LAYERS.flat().includes(folder))).toEqual([]);
    expect(LAYERS.flat().filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it("every folder of src/server/ has a place in server/'s inner order", async () => {
    const { SERVER_LAYERS } = (await import(CONFIG)) as { SERVER_LAYERS: string[] };
    const folders = readdirSync(join(SRC, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...SERVER_LAYERS].sort());
  });

  it('the CLI loads shard/client.ts for `loadgate shard`: the entry the no-server rule starts from', async () => {
    const cli = readFileSync(join(SRC, 'cli', 'cli.ts'), 'utf8');
    const entry = /\bshard: loadedWhenChosen\(\(\) =>\s*import\('\.\.\/([^']+)'\)/.exec(cli)?.[1];
    expect(entry).toBe('shard/client.ts');
    const config = await import(CONFIG);
    const rule = config.default.forbidden.find((r: { name: string }) => r.name === 'shard-pod-loads-no-server');
    expect(rule.from.path).toBe('^src/shard/client\\.ts$');
  });
});
