// "Did you mean": the known names close to a word that names none (a command, a profile, a topic).

/**
 * The names within a typo or two of `word`: an edit distance of at most a third of the name, where
 * two letters swapped (`lcoal`) count as one typo, as a person makes them.
 */
export function closeTo(word: string, known: readonly string[]): string[] {
  return known.filter((name) => editDistance(name, word) <= Math.max(1, Math.floor(name.length / 3)));
}

/**
 * The known names nearest to `word` (all those at the least distance), when that distance is a
 * typo's: two edits (a swap of two letters is one), or a third of a longer name. One best answer
 * reads better than every name within reach when the list is long (a list's filter fields).
 */
export function closest(word: string, known: readonly string[]): string[] {
  const scored = known.map((name) => ({ name, distance: editDistance(name, word) }));
  const best = Math.min(...scored.map((s) => s.distance));
  if (!(best <= Math.max(2, Math.floor(word.length / 3)))) return [];
  return scored.filter((s) => s.distance === best).map((s) => s.name);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j]!, before[j - 2]! + 1);
      }
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
