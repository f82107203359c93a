// Where a definition's data files may be: inside the repository the definition is in. A
// definition arrives with a pull request, and a data file outside the checkout
// (`../../../../etc/shadow`, or a symlink pointing there) would be read and its rows sent to
// whatever target the definition names.
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
