// Who holds a journal, and when that holder is provably dead: the only case in which its lock is
// taken without being asked (--take-over). A holder is provably dead when it ran on this machine
// (the lock's host is this host's name: the same name is taken to mean the same machine and the
// same processes) and either
// - no process has its pid (kill(pid, 0) answers ESRCH), or
// - the process with its pid is another one: it started at another time than the lock records
//   (Linux, /proc/PID/stat), or it is a zombie, which never runs again.
// Anything else is alive, or may be: a process that exists (stopped with kill -STOP or in a
// debugger included; another user's too, EPERM), a lock that names no run promo can read, and any
// run on another host (asleep, paused, cut off: promo cannot tell). Where /proc cannot be read
// (macOS), only a pid that no process has is proof.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { errnoCode } from '../base/errors.js';

export interface Holder {
  pid: number;
  host: string;
  started_at: string;
  command: string;
  /** Unique to the run: the lock is this run's while it holds this token (older promo: none). */
  token?: string;
  /** When its process started, in clock ticks since boot (Linux): tells it from a later process with its pid. */
  pid_start?: number;
}

/** The lock's text as a holder, or undefined when it is not one. */
export function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value?.pid === 'number' && typeof value?.host === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** What this process writes in a lock (its token given). */
export function thisProcess(command: string, startedMs: number, token: string): Holder {
  const start = processStart(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    started_at: new Date(startedMs).toISOString(),
    command,
    token,
    ...(start?.ticks !== undefined ? { pid_start: start.ticks } : {}),
  };
}

export function onThisHost(holder: Holder): boolean {
  return holder.host === hostname();
}

/** See the top of this file. */
export function provablyDead(holder: Holder | undefined): boolean {
  if (!holder || !onThisHost(holder) || !Number.isSafeInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return errnoCode(error) === 'ESRCH';
  }
  const now = processStart(holder.pid);
  if (!now) return false;
  return now.state === 'Z' || (holder.pid_start !== undefined && now.ticks !== holder.pid_start);
}

/**
 * Provably running: on this host, alive and not stopped (Linux). --take-over never takes a lock
 * from such a run: Ctrl-C stops it cleanly; and of many runs taking over at once, the first wins.
 */
export function runningHere(holder: Holder | undefined): boolean {
  if (!holder || !onThisHost(holder) || provablyDead(holder)) return false;
  if (holder.pid === process.pid) return true;
  const now = processStart(holder.pid);
  return now !== undefined && now.state !== 'T' && now.state !== 't';
}

/** Linux: when the process started, and its state (Z zombie, T stopped, …); undefined elsewhere or when it cannot be read. */
function processStart(pid: number): { ticks: number; state: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields are counted from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isSafeInteger(ticks) ? { ticks, state: fields[0] ?? '' } : undefined;
}

/** `promo voucher create (pid 42 on host, since 2026-…)`, or what an unreadable lock is. */
export function describeHolder(holder: Holder | undefined): string {
  return holder
    ? `promo ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.started_at})`
    : 'a run promo cannot name (its lock is unreadable)';
}
