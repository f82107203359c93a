import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A test's timeout only says how long a hung test takes to fail. The end-to-end tests start
    // child processes (Node with type stripping) and servers: a few seconds alone, but on a 2-core
    // runner shared with a second suite or other work each takes several times that, so 30 s
    // failed tests that were only slow. The waits for an event inside tests (helpers/process.ts,
    // EVENT_WAIT_MS) give up before this, with a message naming what never came.
    testTimeout: 120_000,
    // Node's compile cache for the child processes (helpers/process.ts, compileCache): each of the
    // hundreds of processes the suite starts (the CLI, serve, shard pods) loads the same sources,
    // and compiling them was most of a start's CPU (docs/development.md, "Tests").
    env: { NODE_COMPILE_CACHE: join(tmpdir(), 'loadgate-test-compile-cache') },
    hookTimeout: 120_000,
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
