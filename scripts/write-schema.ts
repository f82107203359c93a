// Writes schema/loadtest.schema.json from the TypeBox schema (the single source of truth).
// `--check` writes nothing and exits 1 when the file differs from what it would write (CI).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { schemaFileText } from '../src/definition/schema.ts';

const target = join(import.meta.dirname, '..', 'schema', 'loadtest.schema.json');
const expected = schemaFileText();

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== expected) {
    console.error(`${target} is stale: run \`npm run schema\` and commit the result.`);
    process.exitCode = 1;
  }
} else {
  await writeFile(target, expected);
  console.log(`wrote ${target}`);
}
