// What the generator reports of its own event loop (src/engine/monitor.ts): a stall counts in the
// second it delayed, including one that ends where a second closes. The stall is made on the
// engine's clock (a jump the engine's tick sees and Node's loop-delay timer does not), so the test
// does not depend on how busy the machine is.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine/engine.ts';
import { GeneratorMonitor } from '../src/engine/monitor.ts';
import { LoadPlan } from '../src/engine/plan.ts';
import { initHistograms } from '../src/results/histogram.ts';
import { definition, preparedTest } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

describe('the loop delay of a second', () => {
  it("counts how late the engine's tick fired in the second's maximum and the run's, then starts the next second afresh", () => {
    const monitor = new GeneratorMonitor();
    monitor.start();
    monitor.tickRan(0.4);
    monitor.tickRan(250);
    const first = monitor.second();
    monitor.tickRan(0.3);
    const next = monitor.second();
    const run = monitor.stop();
    expect(first.loop_delay_max_ms).toBeGreaterThanOrEqual(250);
    expect(next.loop_delay_max_ms).toBeLessThan(250);
    expect(run.maxMs).toBeGreaterThanOrEqual(250);
  });

  describe('in a run', () => {
    let target: Target;
    beforeAll(async () => {
      target = await startTarget();
    });
    afterAll(async () => {
      await target.close();
    });

    it('a stall that ends past a second’s close shows in that second, not only in the whole run', async () => {
      await initHistograms();
      const test = await preparedTest(definition([{ url: `${target.url}/` }], { iteration_count: 40, duration: 2 }));
      // The engine's clock jumps 1.2 s ahead once 300 ms have passed: to the engine, its loop
      // stalled from inside second 0 to past its close; the next tick closes second 0.
      const origin = performance.now();
      const clock = (): number => {
        const real = performance.now();
        return real - origin > 300 ? real + 1200 : real;
      };
      const engine = new Engine(new LoadPlan(test.definition.config_data), test.steps, {
        concurrency: 10,
        insecure: false,
        proxies: {},
        clock,
      });
      const outcome = await engine.run();
      outcome.recorder.destroy();
      const worst = Math.max(...outcome.recorder.series.map((s) => s.loop_delay_max_ms ?? 0));
      expect(worst).toBeGreaterThanOrEqual(1190);
      expect(outcome.generator.loop_delay_max_ms).toBeGreaterThanOrEqual(1190);
    });
  });
});
