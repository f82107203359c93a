// The action's inputs by the table: an input renamed for one spelling across surfaces is still
// read under its older name (action.yml keeps it, marked deprecated), with a notice naming the new one.
import { SETTINGS } from './table.ts';

export type InputReader = (name: string) => string;

/** `read`, with each older input name standing in for its new one when only the older is set. */
export function withInputAliases(read: InputReader, notice: (line: string) => void): InputReader {
  const aliases = new Map(SETTINGS.flatMap((s) => (s.input ? (s.inputAliases ?? []).map((a): [string, string] => [s.name, a]) : [])));
  const noticed = new Set<string>();
  return (name) => {
    const alias = aliases.get(name);
    const old = alias === undefined ? '' : read(alias);
    if (alias === undefined || old.trim() === '') return read(name);
    if (!noticed.has(alias)) notice(`the input ${alias} is now ${name}; the old name still works, but rename it in the workflow`);
    noticed.add(alias);
    return old;
  };
}
