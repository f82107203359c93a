import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Load tests measure time: keep files from competing for the 2 cores.
    fileParallelism: false,
    // The JSON report is what .ci/run reads for its closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
  },
});
