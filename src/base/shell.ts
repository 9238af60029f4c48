// Commands promo prints for a person to paste (a resume, a fix): each word quoted for the shell
// only when it needs it, so that what is printed runs as printed. A word with control characters
// (a file name with a line break or an escape sequence) is quoted $'…' with them written as
// escapes, as bash, zsh and ksh read them: pasted, it is the same word, and shown, it moves no
// cursor and forges no line.

// C0, DEL, C1, and the bidi embeddings, overrides and isolates (those output/escape.ts escapes).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function ansiC(char: string): string {
  const code = char.charCodeAt(0);
  // \xHH is a byte; above ASCII the character is written \uHHHH, which the shell encodes.
  return (
    NAMED[char] ??
    (code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (CONTROL.test(word)) return `$'${word.replace(/[\\']/g, '\\$&').replace(CONTROLS, ansiC)}'`;
  return `'${word.replace(/'/g, "'\\''")}'`;
}

export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
