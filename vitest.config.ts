import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files run side by side (one worker per core): no test may depend on having the machine to
    // itself (docs/development.md, "Tests"), so a busy 2-core runner is what they are written for.
    fileParallelism: true,
    // The JSON report is what .ci/run reads for its closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
  },
});
