// The output of a run that has none of its own yet: errors raised before the runtime exists (bad
// flags, usage errors), and the interruption of such a run.
import type { Context } from '../base/context.js';
import { Output } from './output.js';
import { guessPrinting } from './printing.js';

/** An output for errors raised before the run's own exists (bad flags): guesses the formats from argv. */
export function fallbackOutput(argv: string[], ctx: Context): Output {
  return new Output(guessPrinting(argv, ctx), ctx);
}
