/** loadgate's version, kept equal to package.json's by test/version.test.ts. */
export const VERSION = '0.1.0';

/** `loadgate --version` and `-v`: answered before any command's module loads (src/cli/entry.ts). */
export function asksVersion(argv: readonly string[]): boolean {
  return argv[0] === '--version' || argv[0] === '-v';
}
