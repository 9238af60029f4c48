// Columns a text takes on a terminal: the one measure for tables (output/table.ts) and for text
// fitted to the terminal (output/wrap.ts). It counts as string-width does, the measure cli-table3
// pads its cells by, so that the widths promo fits a table to are the widths the table is drawn
// with: terminal sequences (colour) take nothing, control characters and combining marks nothing,
// East Asian wide characters two, an emoji (a flag, a keycap, a skin tone, a ZWJ family) two.
// string-width itself is not used: loading it costs ~5 ms and its emoji list ~1 ms more, and
// this runs on the `--help` path. Two cases where string-width 4 is behind the terminal and this
// follows the terminal (test/output/width.test.ts pins both): emoji newer than its Unicode 12
// list count 2 (it says 1), and an emoji's presentation selector after one already shown as an
// emoji counts nothing (it says 1).

/** Colour codes and other terminal sequences (CSI and OSC). */
const SEQUENCE = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|[\x1b\x9b]\[?[0-?]*[ -/]*[@-~]/g;
/**
 * Nothing wide, nothing zero-width, no emoji: one column a character. Beside Latin, the
 * punctuation, arrows, operators and box drawing promo's own texts use (’ … — → ≤ █), so that
 * help never builds the emoji pattern. Newlines are allowed: a whole help screen is tested at once.
 */
const NARROW = /^[\n\x20-\x7e\u00a0-\u02ff\u2010-\u203b\u2190-\u2193\u2200-\u22ff\u2500-\u25a9]*$/;

/**
 * A terminal's width: what it says it is, else $COLUMNS, else unknown. A pseudo-terminal made
 * without a size (`script` with no terminal above it, some CI runners, `docker exec -t`) says 0:
 * that is not a width of nothing, and output sized to it would be cut to a few characters.
 */
export function columnsOf(
  stream: { columns?: number },
  env: Readonly<Record<string, string | undefined>> = {},
): number | undefined {
  if (typeof stream.columns === 'number' && stream.columns > 0) return stream.columns;
  const set = Number(env.COLUMNS);
  return Number.isInteger(set) && set > 0 ? set : undefined;
}

/** Every line of `text` is as wide as it is long (help mostly is): no need to measure it. */
export const narrowText = (text: string): boolean => NARROW.test(text);

const EMOJI_ONE = String.raw`(?:\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|\p{EBase}\p{EMod}|\p{Emoji_Presentation}\uFE0F?|\p{Emoji}\uFE0F|\p{EBase})`;
let emojiOrChar: RegExp | undefined;
/** An emoji sequence (joined by ZWJ), or else one code point. Built on first use: ~0.5 ms. */
const units = () => {
  emojiOrChar ??= new RegExp(`(${EMOJI_ONE}(?:\\u200D${EMOJI_ONE})*)|[^]`, 'gu');
  emojiOrChar.lastIndex = 0;
  return emojiOrChar;
};

export function displayWidth(text: string): number {
  const plain = stripSequences(text);
  if (!plain.includes('\n') && NARROW.test(plain)) return plain.length;
  let n = 0;
  for (const [unit, emoji] of plain.matchAll(units())) n += emoji ? 2 : charWidth(unit.codePointAt(0)!);
  return n;
}

export function stripSequences(text: string): string {
  return text.includes('\x1b') || text.includes('\x9b') ? text.replace(SEQUENCE, '') : text;
}

/**
 * The pieces a text is cut between, each with its width: an emoji sequence is one piece (cutting
 * a family or a flag in two would leave other glyphs), any other code point is one.
 */
export function widthUnits(text: string): Unit[] {
  return Array.from(text.matchAll(units()), ([unit, emoji]) => ({
    text: unit,
    width: emoji ? 2 : charWidth(unit.codePointAt(0)!),
  }));
}

/** `text` cut to `max` columns, the last one "…" when anything was cut. */
export function shorten(text: unknown, max: number): string {
  if (typeof text !== 'string') return '';
  if (displayWidth(text) <= max) return text;
  return `${joinUnits(takeColumns(widthUnits(text), Math.max(0, max - 1)))}…`;
}

export type Unit = { text: string; width: number };
export const joinUnits = (units: Unit[]) => units.map((u) => u.text).join('');

/** The longest start of `units` that is at most `columns` wide. */
export function takeColumns(units: Unit[], columns: number): Unit[] {
  const out: Unit[] = [];
  let used = 0;
  for (const unit of units) {
    if (used + unit.width > columns) break;
    out.push(unit);
    used += unit.width;
  }
  return out;
}

function charWidth(code: number): number {
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f)) return 0;
  return wide(code) ? 2 : 1;
}

/** East Asian wide and fullwidth, as string-width's is-fullwidth-code-point lists them. */
function wide(c: number): boolean {
  return (
    c >= 0x1100 &&
    (c <= 0x115f ||
      c === 0x2329 ||
      c === 0x232a ||
      (c >= 0x2e80 && c <= 0x3247 && c !== 0x303f) ||
      (c >= 0x3250 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0xa4c6) ||
      (c >= 0xa960 && c <= 0xa97c) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe10 && c <= 0xfe19) ||
      (c >= 0xfe30 && c <= 0xfe6b) ||
      (c >= 0xff01 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x1b000 && c <= 0x1b001) ||
      (c >= 0x1f200 && c <= 0x1f251) ||
      (c >= 0x20000 && c <= 0x3fffd))
  );
}
