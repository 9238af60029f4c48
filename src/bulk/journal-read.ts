// Reading a journal for --resume, strictly: what it says decides which lines are sent again, so a
// record promo did not write (an unknown status, a line number out of range, a header of another
// shape) is refused with its file and line, never guessed at. One imperfection is expected and
// handled: the last record cut short by a crash or a power loss (the file does not end with a line
// break). Its line, when it can be read, is `unknown`: it may have reached the service. A resume
// ends such a file with a line break before it appends, so later reads find the cut record
// followed by the resume's `resumed_at` and take it the same way.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../base/errors.js';
import {
  type EndRecord,
  IN_FLIGHT,
  JOURNAL_FORMAT,
  type JournalHeader,
  LineStates,
  type LineStatus,
} from './journal.js';
import { chunksOf, inputSource, linesOf, lineText } from './lines.js';

const STATUSES = new Set<string>(['created', 'updated', 'deleted', 'sent', 'failed', 'skipped', 'unknown']);
/** The most lines a run reading stdin is taken to have had (a line costs a byte of memory on resume). */
export const MAX_STDIN_LINES = 100_000_000;

export interface ReadJournal {
  header: JournalHeader;
  states: LineStates;
  /** The code of each line created, to tell a later line naming the same code. */
  created: Map<string, number>;
  /** The file does not end with a line break: its last record was cut short. */
  cut: boolean;
  /** How the last run on it ended, when it left lines to do and no run resumed it since. */
  ended?: EndRecord;
}

type Json = Record<string, unknown>;

/**
 * Reads a journal for --resume: its header and the last status of every line. `maxLine`: the
 * highest line number the input can have (a file of N bytes has at most N + 1 lines).
 */
export async function readJournal(path: string, maxLine: number, signal?: AbortSignal): Promise<ReadJournal> {
  const source = inputSource(path, { isTTY: false } as never, '--resume');
  const bad = (line: number, what: string) =>
    new UsageError(
      `--resume: '${path}' line ${line}: ${what}`,
      'A journal is written by promo alone: resume with the file the run named, as it left it.',
    );
  const cut = !endsWithLineBreak(path);
  let header: JournalHeader | undefined;
  const states = new LineStates();
  const created = new Map<string, number>();
  let ended: EndRecord | undefined;
  // A line that is not a record: a cut one if it is the file's last or a resume followed it.
  let pending: { line: number; text: string | undefined } | undefined;
  const takeCut = (text: string | undefined) => {
    const line = Number(/"line":(\d{1,10})[,}]/.exec(text ?? '')?.[1]);
    if (line >= 1 && line <= maxLine) {
      states.set(line, 'unknown');
      states.markSent(line);
    }
  };
  for await (const raw of linesOf(chunksOf(source, signal))) {
    const text = 'bytes' in raw ? lineText(raw) : undefined;
    const record = parseObject(text);
    if (pending) {
      if (!record || typeof record.resumed_at !== 'string') throw bad(pending.line, 'not a JSON record');
      takeCut(pending.text);
      pending = undefined;
    }
    if (!header) {
      if (!record) {
        if (raw.line === 1 && text === '') throw bad(1, 'empty; not a journal of a promo bulk run');
        throw new UsageError(`--resume: '${path}' is not a journal of a promo bulk run (line 1 is not JSON)`);
      }
      header = checkHeader(record, path, (what) => bad(raw.line, what));
      continue;
    }
    if (!record) {
      pending = { line: raw.line, text };
      continue;
    }
    if ('resumed_at' in record) {
      if (typeof record.resumed_at !== 'string') throw bad(raw.line, '"resumed_at" is not a string');
      ended = undefined;
      continue;
    }
    if ('ended_at' in record) {
      if (!isEndRecord(record)) throw bad(raw.line, 'not a record of how a run ended');
      ended = record;
      continue;
    }
    const { line, status } = record;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > maxLine)
      throw bad(raw.line, `"line" is ${JSON.stringify(line) ?? 'missing'}, not a line number of the input`);
    if (typeof status !== 'string' || !STATUSES.has(status))
      throw bad(
        raw.line,
        `"status" is ${JSON.stringify(status) ?? 'missing'}, not one of ${[...STATUSES].join(', ')}`,
      );
    states.set(line, status as LineStatus, record.input_sha256);
    if (status === 'unknown' && (record.error as { key?: unknown } | undefined)?.key === IN_FLIGHT)
      states.markSent(line);
    if (status === 'created' && typeof record.code === 'string') created.set(record.code, line);
  }
  if (pending) {
    if (!cut) throw bad(pending.line, 'not a JSON record');
    takeCut(pending.text);
  }
  if (!header) throw new UsageError(`--resume: '${path}' is empty, not a journal of a promo bulk run`);
  states.tally();
  return { header, states, created, cut, ended };
}

function isEndRecord(record: Json): record is Json & EndRecord {
  return (
    typeof record.ended_at === 'string' &&
    typeof record.interrupted === 'boolean' &&
    typeof record.resume === 'string' &&
    (record.stopped_because === undefined || typeof record.stopped_because === 'string')
  );
}

function parseObject(text: string | undefined): Json | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The header's fields promo relies on, each of its type. */
function checkHeader(record: Json, path: string, bad: (what: string) => UsageError): JournalHeader {
  if (record.journal !== JOURNAL_FORMAT)
    throw new UsageError(`--resume: '${path}' is not a journal of a promo bulk run`);
  const fields: Array<[string, (v: unknown) => boolean, string]> = [
    ['command', (v) => typeof v === 'string', 'a string'],
    ['args', (v) => Array.isArray(v) && v.every((a) => typeof a === 'string'), 'a list of strings'],
    ['input', (v) => typeof v === 'string', 'a string'],
    ['sha256', (v) => v === null || (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v)), 'a SHA-256 or null'],
    ['lines', (v) => v === null || (Number.isInteger(v) && (v as number) >= 0), 'a count or null'],
    ['started_at', (v) => typeof v === 'string', 'a string'],
    ['api_url', (v) => v === undefined || typeof v === 'string', 'a string'],
    ['app_id', (v) => v === undefined || v === null || typeof v === 'string', 'a string or null'],
    ['files', (v) => v === undefined || isFileHashes(v), 'an object of file hashes'],
  ];
  for (const [name, ok, expected] of fields)
    if (!ok(record[name]))
      throw bad(`the header's "${name}" is ${JSON.stringify(record[name]) ?? 'missing'}, not ${expected}`);
  return record as unknown as JournalHeader;
}

function isFileHashes(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v)))
  );
}

/** Whether the file is empty or its last byte is a line break. */
export function endsWithLineBreak(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 10;
  } catch {
    // Unreadable: the read that follows says why.
    return true;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
