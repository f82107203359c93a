// The one "did you mean": the closest of the known names, when one is close enough to be a typo.
import leven from 'leven';

/** `--treshold` → `--thresholds`, `"stpes"` → `"steps"`; undefined when nothing is close. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const bare = (name: string): string => name.replace(/^-+/, '').toLowerCase();
  const ranked = candidates.map((c) => ({ c, d: leven(bare(word), bare(c)) })).sort((a, b) => a.d - b.d)[0];
  const tolerance = Math.max(1, Math.min(3, Math.floor(bare(word).length / 3)));
  return ranked && ranked.d <= tolerance ? ranked.c : undefined;
}
