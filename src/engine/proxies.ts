// Where each load location sends from (docs/engine.md): `--proxy` flags, the action's `proxies`
// input and `loadgate serve --proxy` all name a proxy per country code in one syntax, read here.
import { hideCredentials } from '../results/credentials.ts';
import { type Parsed, parsedUnless, type Problem } from '../errors.ts';

/** `US=http://proxy:3128` entries (lines, commas or repeated flags) → country → proxy URL; problems name `inputName`. */
export function parseProxies(entries: string[], inputName: string): Parsed<Record<string, string>> {
  const proxies: Record<string, string> = {};
  const problems: Problem[] = [];
  for (const entry of entries
    .flatMap((e) => e.split(/[\n,]/))
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Z]{2})=(.+)$/.exec(entry);
    const url = match ? URL.parse(match[2]!) : null;
    if (!match || !url || !/^https?:$/.test(url.protocol)) {
      problems.push({
        path: inputName,
        message: `expected CC=http://host:port (a two-letter country code and a proxy URL), got "${hideCredentials(entry)}"`,
      });
      continue;
    }
    proxies[match[1]!] = url.href.replace(/\/$/, '');
  }
  return parsedUnless(problems, proxies);
}
