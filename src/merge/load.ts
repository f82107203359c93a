// The file side of merging: the FILE|DIR|glob arguments of `loadgate merge` (or the `shards` input)
// expanded into files, each read and parsed. All problems are gathered before any is thrown.
// glob is read from the module when called: a named import of it fails to link on a Node older
// than 22, before the entry's Node check (src/action/node-guard.ts) can say so in one line.
import * as fsPromises from 'node:fs/promises';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseJsonText } from '../definition/json-text.ts';
import { allParsed, failed, InputError, type Parsed, parsed, type Problem, valueOrThrow } from '../errors.ts';
import type { ShardInput } from './results.ts';

/**
 * Each argument is a file, a directory (every *.json below it) or a glob relative to `cwd`.
 * Files are named as the user would name them: relative to `cwd` unless given absolute.
 */
export async function readShardFiles(args: string[], cwd: string, inputName = 'shards'): Promise<ShardInput[]> {
  const problems: Problem[] = [];
  const files: string[] = [];
  for (const arg of args) {
    const { found, isDir } = await expand(arg, cwd);
    if (found.length === 0) problems.push({ path: inputName, message: noFilesMessage(arg, isDir) });
    for (const file of found) if (!files.includes(file)) files.push(file);
  }
  if (args.length === 0) problems.push({ path: inputName, message: 'expected shard results files: name files, directories or globs' });
  if (problems.length > 0) throw new InputError(problems);
  const read = await Promise.all(files.map((file) => readJson(file, cwd)));
  return valueOrThrow(allParsed(read));
}

async function expand(arg: string, cwd: string): Promise<{ found: string[]; isDir: boolean }> {
  const absolute = resolve(cwd, arg);
  const isDir = await isDirectory(absolute);
  if (!isDir && (await isFile(absolute))) return { found: [arg], isDir };
  const pattern = isDir ? join(absolute, '**/*.json') : arg;
  const found: string[] = [];
  for await (const entry of fsPromises.glob(pattern, { cwd, withFileTypes: true })) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push(isAbsolute(arg) ? path : relative(cwd, path));
  }
  return { found: found.sort(), isDir };
}

function noFilesMessage(arg: string, isDir: boolean): string {
  return isDir
    ? `directory "${arg}" holds no .json files: expected the shards' results files in it`
    : `"${arg}" is no file, directory or glob that matches a file: expected the shards' results files`;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function readJson(file: string, cwd: string): Promise<Parsed<ShardInput>> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    return failed([{ file, path: '$', message: `could not read the file: ${(error as Error).message}` }]);
  }
  const json = parseJsonText(text, file);
  return json.ok ? parsed({ file, content: json.value.json }) : failed(json.problems);
}
