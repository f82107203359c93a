// Where a definition's files (test data, an environment file) may be: inside the repository the
// definition is in, and never under a `.git` folder. A definition arrives with a pull request, and
// a file outside the checkout (`../../../../etc/shadow`, or a symlink pointing there) would be
// read and its rows sent to whatever target the definition names; `.git/config` holds the job's
// token where actions/checkout persists credentials (its default).
import { lstat, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * The folder that holds every data file of a definition in `definitionDir` (docs/variables.md):
 * the workspace (GITHUB_WORKSPACE) when the definition is inside it, else the top of the git
 * checkout holding the definition, else the definition's own folder. Symlinks resolved.
 */
export async function dataRoot(definitionDir: string, workspace: string | undefined): Promise<string> {
  const dir = await realpath(definitionDir);
  const root = workspace ? await realpath(workspace).catch(() => undefined) : undefined;
  if (root !== undefined && isInside(dir, root)) return root;
  return (await gitTopLevel(dir)) ?? dir;
}

/** The nearest folder from `dir` upwards that holds `.git` (a folder, or a file in a worktree). */
async function gitTopLevel(dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = dirname(at)) {
    if (
      await lstat(join(at, '.git')).then(
        () => true,
        () => false,
      )
    )
      return at;
    if (dirname(at) === at) return undefined;
  }
}

/** Whether `path` is `root` or below it (both absolute, symlinks resolved). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Why the file at `absolute` may not be read as test data or environment, or undefined: it is
 * under `.git`, or outside `inside.root` when given (`inside.rule` then ends the reason, saying
 * what must hold). The path is checked as written and after symlinks (a link may point into
 * `.git` or out of the root).
 */
export async function confinementProblem(absolute: string, inside?: { root: string; rule: string }): Promise<string | undefined> {
  const real = await realpath(absolute).catch(() => undefined);
  const via = real === undefined || real === absolute ? '' : ` (a symbolic link to ${real})`;
  if (underGit(absolute) || (real !== undefined && underGit(real))) {
    return `is under a .git folder${via}: nothing under .git is read as test data or environment, as it holds the checkout's credentials`;
  }
  if (inside && real !== undefined && !isInside(real, inside.root)) return `is outside ${inside.root}${via}: ${inside.rule}`;
  return undefined;
}

/** Whether a segment of `path` is `.git` (in any case: case-insensitive file systems read `.GIT` as `.git`). */
function underGit(path: string): boolean {
  return path.split(/[\\/]/).some((segment) => segment.toLowerCase() === '.git');
}
