// Commands promo prints for a person to paste (a resume, a fix): each word quoted for the shell
// only when it needs it, so that what is printed runs as printed.

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
