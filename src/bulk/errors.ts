// Errors of a bulk run: every bad item at once (so one fix-and-retry round is enough), and the
// run that finished with some items failed.
import { type ExitCodeValue, PromoError, UsageError } from '../base/errors.js';

const SHOWN = 10;

/** Throws one UsageError listing the given ones (at most ten), or does nothing if there are none. */
export function collectErrors(errors: UsageError[], heading: string): void {
  if (errors.length === 0) return;
  if (errors.length === 1) throw errors[0]!;
  const lines = errors.slice(0, SHOWN).map((error) => `  ${error.message}`);
  if (errors.length > SHOWN) lines.push(`  … and ${errors.length - SHOWN} more`);
  // A hint every error shares is the list's hint too.
  const hints = new Set(errors.map((error) => error.hint));
  throw new UsageError(
    `${heading} (${errors.length}); nothing was sent:\n${lines.join('\n')}`,
    hints.size === 1 ? [...hints][0] : undefined,
  );
}

/** Runs `prepare` on every item, keeping the good results and prefixing each error with its label. */
export function prepareAll<T, U>(
  items: T[],
  label: (item: T) => string,
  prepare: (item: T) => U,
  heading: string,
): U[] {
  const prepared: U[] = [];
  const errors: UsageError[] = [];
  for (const item of items) {
    try {
      prepared.push(prepare(item));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      errors.push(new UsageError(`${label(item)}: ${error.message}`, error.hint));
    }
  }
  collectErrors(errors, heading);
  return prepared;
}

/** Some items of a bulk run failed; the results say which. */
export class PartialFailure extends PromoError {
  constructor(message: string, exitCode: ExitCodeValue) {
    super(message, exitCode);
  }
}
