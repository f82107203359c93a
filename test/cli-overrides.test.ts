// The CLI's load flags on a loaded definition (src/cli/overrides.ts): pure, no run needed.
import { describe, expect, it } from 'vitest';
import { applyLoadFlags as applyOrProblems, type LoadFlags } from '../src/cli/overrides.ts';
import { validateDefinition } from '../src/definition/validate.ts';
import type { LoadedDefinition } from '../src/definition/load.ts';
import { valueOrThrow } from '../src/errors.ts';

function loaded(config: Record<string, unknown>): LoadedDefinition {
  const checked = validateDefinition(
    { name: 'smoke', config_data: { steps: [{ id: 1, name: 'home', url: 'http://127.0.0.1:1/' }], ...config } },
    'smoke.json',
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { definition: checked.value.definition, file: 'smoke.json', dir: process.cwd() } as LoadedDefinition;
}

/** The flags applied, or the test fails with their problems. */
const applyLoadFlags = (l: LoadedDefinition, flags: LoadFlags) => valueOrThrow(applyOrProblems(l, flags));

const load = (l: LoadedDefinition) => ({
  iterations: l.definition.config_data.iteration_count,
  duration: l.definition.config_data.duration,
});

describe('--duration, --iterations, --rate', () => {
  it("--duration alone keeps the definition's rate: 100 iterations over 5 s become 40 over 2 s, and a note says so", () => {
    const { loaded: shorter, notes } = applyLoadFlags(loaded({ iteration_count: 100, duration: 5 }), { duration: '2' });
    expect(load(shorter)).toEqual({ iterations: 40, duration: 2 });
    expect(notes).toEqual([
      "--duration 2: 40 iterations planned over 2 s (the definition's 100 over 5 s), keeping its 20 it/s (--iterations N sets them instead)",
    ]);
    const longer = applyLoadFlags(loaded({ iteration_count: 100, duration: 5 }), { duration: '60' });
    expect(load(longer.loaded)).toEqual({ iterations: 1200, duration: 60 });
    // Longer than the definition: the count planned comes first, never "200 of 40 iterations".
    const tenfold = applyLoadFlags(loaded({ iteration_count: 40, duration: 2 }), { duration: '10' });
    expect(load(tenfold.loaded)).toEqual({ iterations: 200, duration: 10 });
    expect(tenfold.notes).toEqual([
      "--duration 10: 200 iterations planned over 10 s (the definition's 40 over 2 s), keeping its 20 it/s (--iterations N sets them instead)",
    ]);
  });

  it('keeps at least one iteration, rounded to the nearest', () => {
    expect(load(applyLoadFlags(loaded({ iteration_count: 3, duration: 10 }), { duration: '1' }).loaded).iterations).toBe(1);
    expect(load(applyLoadFlags(loaded({ iteration_count: 7, duration: 2 }), { duration: '1' }).loaded).iterations).toBe(4);
  });

  it('--iterations beside --duration wins, and nothing is scaled or noted', () => {
    const { loaded: exact, notes } = applyLoadFlags(loaded({ iteration_count: 100, duration: 5 }), { duration: '2', iterations: '100' });
    expect(load(exact)).toEqual({ iterations: 100, duration: 2 });
    expect(notes).toEqual([]);
  });

  it('--rate beside --duration sets rate × duration', () => {
    const { loaded: rated, notes } = applyLoadFlags(loaded({ iteration_count: 5000, duration: 60 }), { duration: '2', rate: '50' });
    expect(load(rated)).toEqual({ iterations: 100, duration: 2 });
    expect(notes).toEqual([]);
  });

  it('a scaled count past the limit is bad input naming --duration', () => {
    expect(applyOrProblems(loaded({ iteration_count: 10_000_000, duration: 1 }), { duration: '86400' })).toEqual({
      ok: false,
      problems: [
        { path: '--duration', message: "at most 1000000000 iterations (the definition's rate × duration) are allowed, got 864000000000" },
      ],
    });
  });
});
