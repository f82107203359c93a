// The definition the action's GitHub tests run (github-baseline, github-checks, github-publish):
// test "checkout", a fast step and a 20 ms one against a local target, 10 iterations in 1 s.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `checkout.json` into `dir` against the target at `targetUrl`; returns its path. */
export function writeCheckoutDefinition(dir: string, targetUrl: string): string {
  const path = join(dir, 'checkout.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'checkout',
      config_data: {
        steps: [
          { id: 1, name: 'home', url: `${targetUrl}/ok` },
          { id: 2, name: 'slow', url: `${targetUrl}/delay/20` },
        ],
        iteration_count: 10,
        duration: 1,
      },
    }),
  );
  return path;
}
