// Input as a user hands it to promo's bulk and import runs: NDJSON text, files in a directory, and
// the JSON lines promo prints back.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One JSON object a line. */
export const ndjson = (...items: unknown[]) => items.map((item) => JSON.stringify(item)).join('\n');

// biome-ignore lint/suspicious/noExplicitAny: tests read deep into the service's JSON
export const jsonLines = (text: string): any[] =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

/** Writes `text` to `name` in `dir` and returns its path. */
export function writeIn(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A 10% discount voucher body with `code`, as create and import take it. */
export const percentVoucher = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  type: 'DISCOUNT_VOUCHER',
  discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
  ...extra,
});
