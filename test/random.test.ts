// The seeded PRNG against its published reference implementation.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/compare/random.ts';

describe('mulberry32', () => {
  it('is mulberry32 as published (reference implementation by Tommy Ettinger)', () => {
    function reference(a: number): () => number {
      return () => {
        a |= 0;
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }
    for (const seed of [0, 1, 42, 2 ** 31, 2 ** 32 - 1]) {
      const ours = mulberry32(seed);
      const theirs = reference(seed);
      for (let i = 0; i < 20; i++) expect(ours()).toBe(theirs());
    }
  });
});
