// A server Store in a temporary folder of its own, sealed with a fresh random key: what tests of
// the queue, the shard protocol and the Kubernetes executor run against.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSealer } from '../../src/server/seal.ts';
import { Store } from '../../src/server/store/store.ts';

export interface TempStore {
  /** The folder: the database, and its `data` folder for test data files. */
  dir: string;
  store: Store;
}

/** `name` goes into the folder's name (`loadgate-<name>-…`), to tell leftovers apart. */
export async function openTempStore(name: string): Promise<TempStore> {
  const dir = mkdtempSync(join(tmpdir(), `loadgate-${name}-`));
  const { store } = await Store.open(join(dir, 'db.sqlite'), {
    dataDir: join(dir, 'data'),
    sealer: createSealer(randomBytes(32)),
    keySource: 'a key of this test',
  });
  return { dir, store };
}

/** Closes the store and removes its folder. */
export function removeTempStore({ dir, store }: TempStore): void {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
