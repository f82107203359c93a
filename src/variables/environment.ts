// Environment variables (docs/variables.md): how each value type becomes text, and how two environments
// combine. The rules are documented in docs/variables.md; keep the two in step.

import type { EnvValue, Environment } from '../types.ts';

/**
 * The text a value stands for in a `{{KEY}}`: strings as is, booleans `true`/`false`, integers
 * in plain decimal (never `1e+21`), other numbers as JavaScript writes them, arrays as JSON.
 */
export function renderEnvValue(v: EnvValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return renderNumber(v);
  return `[${v.map(renderNumber).join(',')}]`;
}

function renderNumber(n: number): string {
  // String() switches to exponent notation at 1e21; an integer written in a file is meant as digits.
  if (Number.isInteger(n) && Math.abs(n) >= 1e21) return BigInt(n).toString();
  return String(n);
}

/**
 * The environment that results from `override` applied on top of `base`: a key present in both
 * takes the override's value (at the base's position); keys only in the override come last.
 * The name is the override's when there is one. Neither given: an empty, unnamed environment.
 */
export function mergeEnvironments(base?: Environment, override?: Environment): Environment {
  const values = new Map<string, EnvValue>();
  for (const { key, value } of base?.vars ?? []) values.set(key, value);
  for (const { key, value } of override?.vars ?? []) values.set(key, value);
  return {
    name: override?.name ?? base?.name ?? '',
    vars: [...values].map(([key, value]) => ({ key, value })),
  };
}

/** Every variable of an environment, rendered: the `env` of a TemplateScope. A repeated key: the last wins. */
export function envVariables(env?: Environment): Map<string, string> {
  const rendered = new Map<string, string>();
  for (const { key, value } of env?.vars ?? []) rendered.set(key, renderEnvValue(value));
  return rendered;
}
