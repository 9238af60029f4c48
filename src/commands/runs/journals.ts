// The journals of bulk runs that promo keeps itself (the state directory's runs/; a journal named
// with --results lives where it was put), read for `promo runs list` and `prune`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { liveHolder } from '../../bulk/journal-lock.js';
import { MAX_STDIN_LINES, readJournal } from '../../bulk/journal-read.js';
import type { Runtime } from '../../runtime/runtime.js';

export interface RunView {
  journal: string;
  command: string | null;
  args: string[] | null;
  started_at: string | null;
  /** Lines in the input, when the run knew them (a file). */
  lines: number | null;
  done: number;
  failed: number;
  unknown: number;
  /**
   * running (a live run holds it), done (every line done), interrupted (stopped by a signal, lines
   * left), incomplete (lines left, failed or unknown), unreadable.
   */
  status: 'running' | 'done' | 'interrupted' | 'incomplete' | 'unreadable';
  /** The command that resumes it, as the run that left lines to do wrote it. */
  resume?: string;
  problem?: string;
  modified_at: string;
}

export function runsDirectory(rt: Runtime): string {
  return join(rt.dirs.state, 'runs');
}

/** Every journal of the directory, newest first. */
export function journalFiles(dir: string): Array<{ path: string; modifiedMs: number }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.ndjson'))
    .map((name) => {
      const path = join(dir, name);
      return { path, modifiedMs: statSync(path).mtimeMs };
    })
    .sort((a, b) => b.modifiedMs - a.modifiedMs);
}

export async function readRun(path: string, modifiedMs: number): Promise<RunView> {
  const base = { journal: path, modified_at: new Date(modifiedMs).toISOString() };
  const running = liveHolder(path) !== undefined;
  try {
    const { header, states, ended } = await readJournal(path, MAX_STDIN_LINES);
    const { done, failed, unknown } = states.counts;
    const complete = header.lines !== null && done === header.lines && failed === 0 && unknown === 0;
    return {
      ...base,
      command: header.command,
      args: header.args,
      started_at: header.started_at,
      lines: header.lines,
      done,
      failed,
      unknown,
      status: running ? 'running' : complete ? 'done' : ended?.interrupted ? 'interrupted' : 'incomplete',
      ...(ended && !running && !complete ? { resume: ended.resume } : {}),
    };
  } catch (error) {
    return {
      ...base,
      command: null,
      args: null,
      started_at: null,
      lines: null,
      done: 0,
      failed: 0,
      unknown: 0,
      status: running ? 'running' : 'unreadable',
      problem: (error as Error).message,
    };
  }
}
