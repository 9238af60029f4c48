// "Did you mean": the known names close to a word that names none (a command, a profile, a topic).

/**
 * The names within a typo or two of `word`: an edit distance of at most a third of the name, where
 * two letters swapped (`lcoal`) count as one typo, as a person makes them.
 */
export function closeTo(word: string, known: readonly string[]): string[] {
  return known.filter((name) => editDistance(name, word) <= Math.max(1, Math.floor(name.length / 3)));
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
