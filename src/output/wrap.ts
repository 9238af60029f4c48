// Text for people fitted to the terminal (help, and errors and notices on stderr): every line at
// most `width` columns, broken between words. commander lays out its own lists (options, commands)
// to the width already; the texts promo writes are paragraphs, two-column lists and commands, and
// a block with a line too long for the width is laid out again:
// - a paragraph (lines of one indentation) is reflowed;
// - a list item (`  term    text`, continued on lines indented to the text) keeps its term and
//   wraps its text under itself;
// - a command (`  $ promo …`, or an indented `  promo …` line of a topic) is one of its own, broken
//   only between the shell's words (never inside quotes) with ` \`, so that it still pastes whole
//   and runs as written.
// A word longer than the line (a URL) stays whole, on a line of its own.

import { displayWidth, narrowText } from './width.js';

const ITEM = /^(\s*\S(?:.*?\S)?\s{2,})(\S.*)$/;
const COMMAND = /^\s*\$ |^\s+promo /;
/** A line that starts a statement of its own (`Dates: …`, `--body FILE …`) after one that ended. */
const LEAD = /^(?:[A-Z][\w -]{0,24}:\s|--?\w)/;
const startsStatement = (block: { lines: string[] }, line: string) =>
  LEAD.test(line.trim()) && /[.:]$/.test(block.lines.at(-1)!.trimEnd());

type Block =
  | { kind: 'as-is'; lines: string[] }
  | { kind: 'prose'; indent: string; lines: string[] }
  | { kind: 'item'; head: string; lines: string[] }
  | { kind: 'command'; lines: string[] };

export function wrapHelp(text: string, width: number): string {
  if (!(width > 20)) return text;
  const lines = text.split('\n');
  // Most screens fit as they are (commander's lists are laid out to the width already): then there
  // is nothing to take apart, and `promo --help` saves the work.
  // A screen of one-column characters is measured by its lines' lengths: help stays as quick as
  // it was before widths were measured.
  const measure = narrowText(text) ? (line: string) => line.length : displayWidth;
  const fits = (line: string) => measure(line) <= width;
  if (lines.every(fits)) return text;
  return blocks(lines)
    .flatMap((block) => (block.lines.every(fits) ? block.lines : layOut(block, width)))
    .join('\n');
}

function blocks(lines: string[]): Block[] {
  const out: Block[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const indent = /^\s*/.exec(line)![0];
    if (line.trim() === '') out.push({ kind: 'as-is', lines: [line] });
    else if (last?.kind === 'item' && indent.length === last.head.length) last.lines.push(line);
    else if (COMMAND.test(line)) out.push({ kind: 'command', lines: [line] });
    else if (indent.length > 0 && ITEM.test(line)) {
      out.push({ kind: 'item', head: ITEM.exec(line)![1]!, lines: [line] });
    } else if (last?.kind === 'prose' && last.indent === indent && !startsStatement(last, line))
      last.lines.push(line);
    else out.push({ kind: 'prose', indent, lines: [line] });
  }
  return out;
}

function layOut(block: Block, width: number): string[] {
  const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);
  switch (block.kind) {
    case 'as-is':
      return block.lines;
    case 'prose':
      return fill(words(block.lines), block.indent, block.indent, width);
    case 'item': {
      const text = words([block.lines[0]!.slice(block.head.length), ...block.lines.slice(1)]);
      const hang = ' '.repeat(block.head.length);
      // A term too wide to leave room for its text beside it: the text goes under it.
      if (width - block.head.length < 24) {
        const under = `${/^\s*/.exec(block.head)![0]}    `;
        return [block.head.trimEnd(), ...fill(text, under, under, width)];
      }
      return fill(text, block.head, hang, width);
    }
    case 'command': {
      const line = block.lines[0]!;
      const indent = /^\s*/.exec(line)![0];
      const lines = fill(shellWords(line), indent, `${indent}    `, width - 2);
      return lines.map((l, i) => (i < lines.length - 1 ? `${l} \\` : l));
    }
  }
}

/** A command line's words as the shell splits them: a quoted string is one word, spaces and all. */
export function shellWords(line: string): string[] {
  return line.trim().match(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*"|['"])+/g) ?? [];
}

/** Words into lines of at most `width`: the first line starts with `first`, the others with `rest`. */
function fill(words: string[], first: string, rest: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}
