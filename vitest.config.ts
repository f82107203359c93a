import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Load tests measure time: keep files from competing for the 2 cores.
    fileParallelism: false,
  },
});
