// Generated definitions with many problems, for the cost of reporting them (issue 30: 10,000 bad
// steps once took longer than a CI job's patience).

/** Problems each step of `badStepsDefinition` has: its id, method, URL, an unknown key and its capture. */
export const PROBLEMS_PER_BAD_STEP = 5;

/**
 * A definition of `count` steps, each wrong in PROBLEMS_PER_BAD_STEP ways, written as an editor
 * would (indented, one key a line) so that the problems have lines to be located on.
 */
export function badStepsDefinition(count: number): string {
  const steps = Array.from({ length: count }, (_, i) => ({
    id: i + 2,
    name: `step ${i}`,
    url: 'not a url',
    method: 'FETCH',
    timout: 5,
    capture_env: { TOKEN: { from: 'body' } },
  }));
  return JSON.stringify({ name: 'bad', config_data: { steps } }, null, 2);
}
