// The one seeded PRNG: the comparison gate's round order (compare/stats.ts) and reproducible
// random values in tests are drawn from it.

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state PRNG, uniform in [0, 1).
 * Small and fast; good enough to randomise round order and to drive test simulations,
 * not for anything that needs cryptographic strength.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
