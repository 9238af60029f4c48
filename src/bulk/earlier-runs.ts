// A bulk run that moves money (a redemption, a rollback, a publication) is never started again on
// the same file by mistake: a second fresh run would send every line again, each a new request the
// journal of the first cannot stop. Before anything is sent, the journals promo knows (its runs
// store, the state directory's runs/, and the journals put elsewhere with --results, which it notes
// there) are searched for a run of the same command line (its steering options aside), the same
// input file (its SHA-256) and the same account that did something. Found, promo asks on a terminal (default no: exit 8), and refuses
// without one (exit 2) unless --again says the repeat is meant.
import { appendFileSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CancelledError, UsageError } from '../base/errors.js';
import { escapeForTerminal } from '../output/escape.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Account } from './binding.js';
import type { JournalHeader } from './journal.js';
import { liveHolder } from './journal-lock.js';
import { MAX_STDIN_LINES, readJournal } from './journal-read.js';

/** Where the paths of journals put elsewhere (--results) are noted, one a line. */
const ELSEWHERE = 'elsewhere.list';
/** A header is one line of a few hundred bytes; more than this is no header of promo's. */
const HEADER_BYTES = 64 * 1024;

export interface ThisInput extends Account {
  command: string;
  /** The command line without its steering options (resume.ts): another campaign is another run. */
  args: string[];
  sha256: string;
}

interface EarlierRun {
  path: string;
  header: JournalHeader;
  done: number;
  unknown: number;
}

/** Notes a journal that lives outside the runs store, so that a later run of the same file finds it. */
export function noteJournal(stateDir: string, journal: string): void {
  const runs = join(stateDir, 'runs');
  const path = resolve(journal);
  if (dirname(path) === resolve(runs)) return;
  try {
    mkdirSync(runs, { recursive: true, mode: 0o700 });
    appendFileSync(join(runs, ELSEWHERE), `${path}\n`, { mode: 0o600 });
  } catch {
    // The guard is a courtesy of the store: a run is not stopped for want of it.
  }
}

/**
 * Refuses (exit 2) or asks (exit 8 when declined) before a second fresh run of the same file
 * against the same account, unless --again.
 */
export async function guardRepeat(rt: Runtime, input: string, again: boolean, run: ThisInput): Promise<void> {
  if (again) return;
  const earlier = await findEarlierRun(join(rt.dirs.state, 'runs'), run);
  if (!earlier) return;
  const what = `${earlier.header.command} on '${input}' (the same file) against this account, started ${earlier.header.started_at}, ${earlier.done} done${earlier.unknown ? `, ${earlier.unknown} unknown` : ''}; its journal: '${earlier.path}'`;
  if (rt.interactive) {
    const ok = await rt.prompts.confirm({
      // Paths are the user's: shown escaped, as every error and notice is.
      message: escapeForTerminal(`This file ran already: ${what}. Run it again, sending every line again?`),
      default: false,
    });
    if (!ok) throw new CancelledError();
    return;
  }
  throw new UsageError(
    `--input: this file ran already: ${what}. A new run would send every line again: refusing without --again`,
    `To finish that run, resume it: the same command with --resume '${earlier.path}'. To run the file again on purpose, add --again.`,
  );
}

/** The newest journal of the same command, file and account that did something, if any. */
async function findEarlierRun(runs: string, run: ThisInput): Promise<EarlierRun | undefined> {
  let found: EarlierRun | undefined;
  for (const path of candidates(runs)) {
    const header = headerOf(path);
    if (
      header?.command !== run.command ||
      !Array.isArray(header.args) ||
      header.args.join('\0') !== run.args.join('\0') ||
      header.sha256 !== run.sha256 ||
      header.api_url !== run.api_url ||
      (header.app_id ?? null) !== run.app_id
    )
      continue;
    if (found && found.header.started_at >= header.started_at) continue;
    try {
      const { states } = await readJournal(path, MAX_STDIN_LINES);
      const { done, unknown } = states.counts;
      // A run at work now counts even before its first line: two started at once would both send.
      if (done + unknown > 0 || liveHolder(path)) found = { path, header, done, unknown };
    } catch {
      // A journal promo cannot read is no proof of a run.
    }
  }
  return found;
}

function candidates(runs: string): string[] {
  const paths = new Set<string>();
  let names: string[] = [];
  try {
    names = readdirSync(runs);
  } catch {
    return [];
  }
  for (const name of names) if (name.endsWith('.ndjson')) paths.add(join(runs, name));
  try {
    for (const line of readFileSync(join(runs, ELSEWHERE), 'utf8').split('\n')) if (line) paths.add(line);
  } catch {
    // None noted.
  }
  return [...paths];
}

/** The first line of a journal, parsed; undefined for anything else. */
function headerOf(path: string): JournalHeader | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, buffer, 0, HEADER_BYTES, 0);
    const text = buffer.subarray(0, read).toString('utf8');
    const end = text.indexOf('\n');
    const header: unknown = JSON.parse(end < 0 ? text : text.slice(0, end));
    return header !== null && typeof header === 'object' ? (header as JournalHeader) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
