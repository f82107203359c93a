// Dynamic values (`{{_randomInt}}`, `{{_timestamp}}`, …): new on every render. Names and
// arguments are checked once, when a template is compiled; rendering only calls a closure.

import { randomUUID } from 'node:crypto';
import type { IterationVars } from './iteration.ts';

export type RenderPart = (vars: IterationVars) => string;

interface DynamicValue {
  name: string;
  /** The argument list as documented, when the value takes one. */
  args?: string;
  /** Compiles the value; `args` is the text between the parentheses, undefined without them. */
  compile(args: string | undefined): RenderPart | string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MAX_STRING_LENGTH = 1024;

/** Every dynamic value, in the order docs/variables.md lists them. */
export const DYNAMIC_VALUES: readonly DynamicValue[] = [
  {
    name: '_randomInt',
    args: 'min,max',
    compile: (args) => {
      const range = args === undefined ? [0, 1000] : integerArgs(args, 2);
      if (typeof range === 'string') return range;
      const [min, max] = range as [number, number];
      if (min > max) return `_randomInt(min,max) needs min <= max, got ${min} > ${max}`;
      const span = max - min + 1;
      return (v) => String(min + Math.floor(v.random() * span));
    },
  },
  {
    name: '_randomFloat',
    compile: (args) => noArgs('_randomFloat', args) ?? ((v) => (Math.floor(v.random() * 1e6) / 1e6).toFixed(6)),
  },
  {
    name: '_randomString',
    args: 'length',
    compile: (args) => {
      const length = args === undefined ? [16] : integerArgs(args, 1);
      if (typeof length === 'string') return length;
      const n = length[0]!;
      if (n < 1 || n > MAX_STRING_LENGTH) return `_randomString(length) needs 1 <= length <= ${MAX_STRING_LENGTH}, got ${n}`;
      return (v) => randomString(n, v.random);
    },
  },
  {
    name: '_randomBoolean',
    compile: (args) => noArgs('_randomBoolean', args) ?? ((v) => (v.random() < 0.5 ? 'true' : 'false')),
  },
  { name: '_randomUUID', compile: (args) => noArgs('_randomUUID', args) ?? (() => randomUUID()) },
  { name: '_timestamp', compile: (args) => noArgs('_timestamp', args) ?? (() => String(Math.floor(Date.now() / 1000))) },
  { name: '_timestampMs', compile: (args) => noArgs('_timestampMs', args) ?? (() => String(Date.now())) },
  { name: '_isoTimestamp', compile: (args) => noArgs('_isoTimestamp', args) ?? (() => new Date().toISOString()) },
];

const BY_NAME = new Map(DYNAMIC_VALUES.map((d) => [d.name, d]));

export function isDynamicName(name: string): boolean {
  return BY_NAME.has(name);
}

/** A render part for `{{name}}` or `{{name(args)}}`, or a message saying what is wrong. */
export function compileDynamic(name: string, args: string | undefined): RenderPart | string {
  const value = BY_NAME.get(name);
  if (value === undefined) return `unknown dynamic value "${name}"; known: ${dynamicNamesList()}`;
  return value.compile(args);
}

export function dynamicNamesList(): string {
  return DYNAMIC_VALUES.map((d) => (d.args === undefined ? d.name : `${d.name}, ${d.name}(${d.args})`)).join(', ');
}

function randomString(length: number, random: () => number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return s;
}

function noArgs(name: string, args: string | undefined): string | undefined {
  return args === undefined ? undefined : `${name} takes no arguments; write {{${name}}}`;
}

function integerArgs(args: string, count: number): number[] | string {
  const parts = args.split(',').map((a) => a.trim());
  const numbers = parts.map(Number);
  const ok = parts.length === count && parts.every((p) => /^-?[0-9]+$/.test(p)) && numbers.every(Number.isSafeInteger);
  return ok ? numbers : `expected ${count} whole number${count === 1 ? '' : 's'} between the parentheses, got (${args})`;
}
