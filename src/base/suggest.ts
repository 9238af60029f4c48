// "Did you mean": the known names close to a word that names none (a command, a profile, a topic).

/** The names within a typo or two of `word`: an edit distance of at most a third of the name. */
export function closeTo(word: string, known: readonly string[]): string[] {
  return known.filter((name) => editDistance(name, word) <= Math.max(1, Math.floor(name.length / 3)));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
