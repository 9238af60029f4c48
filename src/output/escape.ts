// Text from the service or the user, shown to a person: control characters would move the cursor,
// retitle the window or hide what came before (CR), and bidi overrides would show text reordered.
// Both are shown escaped (`\x1b`, `\r`, `\u202e`); JSON output is left exact.

// C0 but tab and newline, DEL, C1, and the bidi embeddings, overrides and isolates.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// Within one table cell even tab and newline are escaped: a cell is one line.
const UNSAFE_IN_CELL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/** A line for the terminal: unsafe characters escaped, line breaks and tabs kept. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/** A table cell: like escapeForTerminal, and one line. */
export function escapeCell(text: string): string {
  return text.replace(UNSAFE_IN_CELL, escapeOne);
}
