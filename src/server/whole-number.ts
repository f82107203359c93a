// serve's whole-number flags (`--port`, timeouts, the Kubernetes executor's counts): one parser,
// one message, so every such flag is refused the same way.
import type { Problem } from '../errors.ts';

export function wholeNumberFlag(text: string, flag: string, min: number, max: number): number | Problem {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max) {
    return { path: flag, message: `expected a whole number from ${min} to ${max}, got "${text}"` };
  }
  return n;
}
