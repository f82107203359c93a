// Runs a definition written in a test through the real pipeline: validation with defaults,
// preparation (templates, data) and the embedded engine.
import { validateDefinition } from '../../src/definition/validate.ts';
import { prepareTest } from '../../src/engine/prepare.ts';
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

export async function runDefinition(raw: unknown, options: Partial<RunOptions> = {}, dir = process.cwd()): Promise<LoadTestResult> {
  const checked = validateDefinition(raw, 'test.json');
  if (!checked.ok) throw new Error(checked.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const test = await prepareTest({ definition: checked.definition, file: 'test.json', dir }, {});
  return runEmbedded(test, { concurrency: 100, insecure: false, proxies: {}, testUrl: 'file://test', ...options });
}
