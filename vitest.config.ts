import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files run four at a time, whatever the cores: the suite mostly waits (child processes
    // starting, schedules running their seconds), and vitest's default of cores - 1 would run one
    // file at a time on a 2-core runner (5 min 15 s there, against 1 min 42 s with four). No test
    // may depend on having the machine to itself (docs/development.md, "Tests").
    fileParallelism: true,
    maxWorkers: 4,
    // The JSON report is what .ci/run reads for its closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
  },
});
