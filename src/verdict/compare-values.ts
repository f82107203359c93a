// What a threshold's operator means: the one comparison every judgement of a measured value
// against a limit makes (load, window, latency and capacity thresholds alike). Pure.
import type { ThresholdOp } from '../types.ts';

/** Whether `actual op limit` holds, e.g. `compareValues(180, '<', 200)` is true. */
export function compareValues(actual: number, op: ThresholdOp, limit: number): boolean {
  switch (op) {
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '==':
      return actual === limit;
    case '!=':
      return actual !== limit;
  }
}
