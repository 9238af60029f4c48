// The options every command with --input shares, as one set: spread it into a command's options
// and hand what `run` receives to parseBulkFlags (src/bulk/flags.ts).
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../bulk/index.js';
import { defineOptions } from '../toolkit/define.js';

const group = 'Bulk runs (with --input):';

export const bulkOptions = defineOptions({
  concurrency: {
    type: 'value',
    value: 'n',
    group,
    help: `requests in flight at once (default ${DEFAULT_CONCURRENCY}, at most ${MAX_CONCURRENCY})`,
  },
  rate: { type: 'value', value: 'n/min', group, help: 'at most this many requests a minute (600/min, 10/s)' },
  results: {
    type: 'value',
    value: 'file',
    group,
    help: 'the journal of the run: a new file (default: one under the state directory, runs/)',
  },
  resume: {
    type: 'value',
    value: 'journal',
    group,
    help: 'continue the run of that journal: lines done are not sent again',
  },
  resendUnknown: {
    type: 'switch',
    group,
    help: 'with --resume: send again the lines whose answer was lost and cannot be checked (a money write: only past its landing window)',
  },
  takeOver: {
    type: 'switch',
    group,
    help: 'with --resume: take the journal from a run that holds it but may be alive (paused, on another host)',
  },
  acceptOldJournal: {
    type: 'switch',
    group,
    help: 'with --resume: take a journal of an older promo, which did not bind every file the run read',
  },
  skip: { type: 'value', value: 'n', group, help: 'record the first N lines as skipped (prefer --resume)' },
  maxFailures: {
    type: 'value',
    value: 'n',
    group,
    help: 'stop after N failed lines, as Ctrl-C stops (those in flight finish); exit 7',
  },
});

/** For the commands whose lines move money (redemptions, rollbacks, publications): src/bulk/earlier-runs.ts. */
export const againOption = defineOptions({
  again: {
    type: 'switch',
    group,
    help: 'run a file again that already ran against this account: every line is sent again (asked on a terminal, refused without one)',
  },
});
