// --resume: which command line a journal belongs to, and the command that continues a run.
// The options that only steer a run (pace, journal, output) may differ between the run and its
// resumption; everything else must be the same, or the resumed run would do something else.
import { UsageError } from '../base/errors.js';
import { shellQuote } from '../base/shell.js';
import type { JournalHeader } from './journal.js';

/**
 * Options with a value that do not change what a run does, and those without one. Where a run
 * sends (profile, cluster, API URL) is no part of its command line: the journal binds the account
 * those resolve to (binding.ts), however it was chosen.
 */
const STEERING_WITH_VALUE = new Set([
  '-p',
  '--profile',
  '--cluster',
  '--api-url',
  '--resume',
  '--results',
  '--concurrency',
  '--rate',
  '--timeout',
  '--retries',
  '--skip',
  '--max-failures',
  '--fields',
  '--jq',
  '--log-format',
  '-o',
  '--output',
]);
const STEERING_SWITCHES = new Set([
  '--again',
  '--resend-unknown',
  '--take-over',
  '--accept-old-journal',
  '--debug',
  '--no-color',
  '--json',
  '-y',
  '--yes',
  '--no-input',
  '-q',
  '--quiet',
  '--csv-crlf',
]);

/** The command line without the steering options (and their values). */
export function essentialArgs(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.split('=')[0]!;
    if (STEERING_SWITCHES.has(arg)) continue;
    if (STEERING_WITH_VALUE.has(name)) {
      if (!arg.includes('=')) i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}

/**
 * Refuses a journal of another command line or another input: a file's SHA-256 and count of lines
 * must be the header's; an input read once is checked line by line instead (same-input.ts).
 */
export function checkResumable(
  header: JournalHeader,
  path: string,
  command: string,
  args: string[],
  file: { sha256: string; total: number } | null,
  older = false,
): void {
  const was = `promo ${header.args.map(shellQuote).join(' ')}`;
  if (header.command !== command || header.args.join('\0') !== args.join('\0')) {
    throw new UsageError(
      `--resume: '${path}' is the journal of another command line: ${was}`,
      'Resume a run with the command line it was started with; --resume FILE adds to it.',
    );
  }
  // An older promo wrote no hash for some inputs; such a journal is taken as it is when asked.
  if (older && (header.sha256 === null || file === null)) return;
  const hint =
    'Give the same --input as the run, unchanged; for a new input start a new run without --resume.';
  if (file === null && header.sha256 !== null)
    throw new UsageError(
      `--resume: the run in '${path}' read a file (its header's "sha256" is set); this one reads its input once: refusing to mix two inputs`,
      hint,
    );
  if (file !== null && header.sha256 !== file.sha256)
    throw new UsageError(
      header.sha256 === null
        ? `--resume: the header of '${path}' has no "sha256" of its input, but this run's --input is a file: refusing to mix two inputs`
        : `--resume: the input is not the one the run in '${path}' read (its SHA-256 differs): refusing to mix two inputs`,
      hint,
    );
  if (file !== null && header.lines !== null && header.lines !== file.total)
    throw new UsageError(
      `--resume: the header of '${path}' says its input had ${header.lines} lines; this one has ${file.total}: refusing to mix two inputs`,
      hint,
    );
}

/**
 * The command that resumes a run: the same line, --resume JOURNAL in place of the journal's
 * options, and never --take-over (taking over is asked for each time) nor --again.
 */
export function resumeCommand(argv: readonly string[], journalPath: string): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!.split('=')[0]!;
    // Asked for each time, and --again starts a run: a resume continues one.
    if (argv[i] === '--take-over' || argv[i] === '--again') continue;
    if (name === '--resume' || name === '--results' || name === '--skip') {
      if (!argv[i]!.includes('=')) i++;
      continue;
    }
    kept.push(argv[i]!);
  }
  return ['promo', ...kept, '--resume', journalPath].map(shellQuote).join(' ');
}
