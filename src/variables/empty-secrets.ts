// A secret variable with no value (docs/variables.md, "Secret variables"): what an import leaves
// for the user to give at run time (`"value": "", "secret": true`), or a CI secret that is not
// set (a pull request from a fork gets none). Sent as it is, `Authorization: Bearer {{TOKEN}}`
// goes out as `Bearer ` and the test measures the target's refusals; so a request that uses one
// is refused before the run. A non-secret variable may be empty on purpose (an optional suffix).
import type { Problem } from '../errors.ts';
import type { LoadTestDefinition, Step } from '../types.ts';
import { renderEnvValue } from './environment.ts';
import { templateReferences } from './template.ts';

/**
 * One problem per secret variable that is empty (or only spaces) and used by a request (url,
 * header names and values, payload), at its first use; `definition.environment` is the run's
 * (merged) environment. The message ends where a surface names its own way to set a variable.
 */
export function emptySecretProblems(definition: LoadTestDefinition, file: string): Problem[] {
  const empty = new Set(
    (definition.environment?.vars ?? []).filter((v) => v.secret && renderEnvValue(v.value).trim() === '').map((v) => v.key),
  );
  if (empty.size === 0) return [];
  const uses = new Map<string, { path: string; steps: Step[] }>();
  definition.config_data.steps.forEach((step, i) => {
    for (const [suffix, text] of requestTexts(step)) {
      for (const name of templateReferences(text).filter((ref) => empty.has(ref))) {
        const use = uses.get(name) ?? { path: `$.config_data.steps[${i}]${suffix}`, steps: [] };
        if (!use.steps.includes(step)) use.steps.push(step);
        uses.set(name, use);
      }
    }
  });
  return [...uses].map(([name, { path, steps }]) => ({
    file,
    path,
    message: `${emptySecretMessage(name)}, so ${stepsText(steps)} would send it empty: give it a value for the run`,
  }));
}

function emptySecretMessage(name: string): string {
  return `the secret variable "${name}" has no value`;
}

/** The variable a problem of emptySecretProblems names, or undefined: for a surface to add how to set it (src/cli/cli.ts). */
export function emptySecretName(message: string): string | undefined {
  return /^the secret variable "([^"]+)" has no value/.exec(message)?.[1];
}

/** The texts of a step that go into its request, each with its JSON path below the step. */
function requestTexts(step: Step): [string, string][] {
  const headers = Object.entries(step.headers).flatMap(([name, value]): [string, string][] => {
    const at = `.headers[${JSON.stringify(name)}]`;
    return [
      [at, name],
      [at, value],
    ];
  });
  return [['.url', step.url], ...headers, ...(step.payload === undefined ? [] : [['.payload', step.payload] as [string, string]])];
}

function stepsText(steps: Step[]): string {
  const named = steps.map((s) => `${s.id} ${JSON.stringify(s.name)}`);
  return `${steps.length === 1 ? 'step' : 'steps'} ${named.join(', ')}`;
}
