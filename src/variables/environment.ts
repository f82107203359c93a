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
  // Once secret, always secret: an override that gives a new value without the flag keeps it hidden.
  const secret = new Set<string>();
  for (const { key, value, secret: s } of [...(base?.vars ?? []), ...(override?.vars ?? [])]) {
    values.set(key, value);
    if (s) secret.add(key);
  }
  return {
    name: override?.name ?? base?.name ?? '',
    vars: [...values].map(([key, value]) => (secret.has(key) ? { key, value, secret: true } : { key, value })),
  };
}

/** The names of the environment's secret variables. */
export function secretNames(env?: Environment): Set<string> {
  return new Set((env?.vars ?? []).filter((v) => v.secret).map((v) => v.key));
}

/** The text of every secret value, longest first (so a value inside another is replaced after it). */
export function secretValues(env?: Environment): string[] {
  const values = (env?.vars ?? [])
    .filter((v) => v.secret)
    .map((v) => renderEnvValue(v.value))
    .filter((v) => v !== '');
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** `text` with every secret value replaced by `***`: for messages that quote resolved text. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('***'), text);
}

/** Every variable of an environment, rendered: the `env` of a TemplateScope. A repeated key: the last wins. */
export function envVariables(env?: Environment): Map<string, string> {
  const rendered = new Map<string, string>();
  for (const { key, value } of env?.vars ?? []) rendered.set(key, renderEnvValue(value));
  return rendered;
}
