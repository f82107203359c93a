// Writes docs/settings.md's tables from the settings table (src/settings/table.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_END, REFERENCE_START, settingsReference } from '../src/settings/reference.ts';

const path = join(import.meta.dirname, '..', 'docs', 'settings.md');
const page = readFileSync(path, 'utf8');
const start = page.indexOf(REFERENCE_START);
const end = page.indexOf(REFERENCE_END);
if (start < 0 || end < start) throw new Error(`${path}: the markers of the generated table are missing`);
writeFileSync(path, page.slice(0, start) + settingsReference() + page.slice(end + REFERENCE_END.length));
