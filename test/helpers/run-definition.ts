// Runs a definition written in a test through the real pipeline: validation with defaults,
// preparation (templates, data) and the embedded engine.
import { validateDefinition } from '../../src/definition/validate.ts';
import { prepareTest } from '../../src/engine/prepare.ts';
import type { PreparedTest } from '../../src/engine/prepare.ts';
import { runEmbedded, type RunOptions } from '../../src/engine/run.ts';
import type { LoadTestResult } from '../../src/types.ts';

export type StepInput = Record<string, unknown> & { url: string };

export function definition(steps: StepInput[], config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    name: 'test',
    config_data: {
      steps: steps.map((s, i) => ({ id: i + 1, name: `step${i + 1}`, ...s })),
      iteration_count: 20,
      duration: 1,
      ...config,
    },
    ...extra,
  };
}

export async function preparedTest(raw: unknown, dir = process.cwd()): Promise<PreparedTest> {
  const checked = validateDefinition(raw, 'test.json');
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return prepareTest({ definition: checked.value.definition, file: 'test.json', dir }, {});
}

/** Runs a prepared test (one a test has changed, say) with the settings every engine test starts from. */
export function runPrepared(test: PreparedTest, options: Partial<RunOptions> = {}): Promise<LoadTestResult> {
  return runEmbedded(test, { concurrency: 100, insecure: false, proxies: {}, testUrl: 'file://test', ...options });
}

export async function runDefinition(raw: unknown, options: Partial<RunOptions> = {}, dir = process.cwd()): Promise<LoadTestResult> {
  return runPrepared(await preparedTest(raw, dir), options);
}

/**
 * Runs a definition on a clock the test drives: one millisecond per turn of the timer phase,
 * in step with the engine's own 1 ms tick. However busy the machine, the engine then sees every
 * millisecond of its schedule, so what it starts when can be asserted exactly.
 * `at(ms)` is called once the clock reads ms (to stop the run at a known point, say); when it
 * returns a number, the clock jumps ahead by that many ms at once (an event loop that stalled).
 * Step timeouts stay in real time, and on a busy machine a millisecond of this clock can take ten:
 * a step without a timeout of its own gets STEP_TIMEOUT_ON_TEST_CLOCK_S here, so that only the
 * timeouts a test sets on purpose can fire.
 */
export async function runOnTestClock(
  raw: unknown,
  options: Partial<RunOptions> = {},
  // biome-ignore lint/suspicious/noConfusingVoidType: a step either returns the ms to jump or just acts
  at?: { ms: number; then: () => void | number },
  dir = process.cwd(),
): Promise<LoadTestResult> {
  let now = 0;
  let read = false;
  let done = false;
  // The clock starts when the engine first reads it, at the start of its schedule: what comes
  // before (the hot-path warm-up, connections opened ahead) takes no time on it.
  const clock = (): number => {
    read = true;
    return now;
  };
  const running = runDefinition(withLongTimeouts(raw), { ...options, clock }, dir).finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (!read) continue;
    now += 1;
    if (at && now === at.ms) now += at.then() ?? 0;
  }
  return running;
}

export const STEP_TIMEOUT_ON_TEST_CLOCK_S = 600;

function withLongTimeouts(raw: unknown): unknown {
  const config = (raw as { config_data?: { steps?: unknown } }).config_data;
  if (!config || !Array.isArray(config.steps)) return raw;
  const steps = config.steps.map((step: Record<string, unknown>) => ({ timeout: STEP_TIMEOUT_ON_TEST_CLOCK_S, ...step }));
  return { ...(raw as object), config_data: { ...config, steps } };
}
