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
  headerDigest,
  IN_FLIGHT,
  JOURNAL_FORMAT,
  type JournalHeader,
  LineStates,
  type LineStatus,
  OLD_JOURNAL_FORMAT,
  UNSEALED_JOURNAL_FORMAT,
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
  /** Each status the records use, with the first journal line that has it (engine.ts refuses one the command does not write). */
  statuses: Map<LineStatus, number>;
  /** Written by an older promo (its header unsealed, or binding less): resumed only when asked. */
  older: boolean;
  /** How the last run on it ended, when it left lines to do and no run resumed it since. */
  ended?: EndRecord;
  /** A money write's lines left `unknown`: when each was last sent (their records' `sent_at`). */
  sentAt: Map<number, number>;
}

type Json = Record<string, unknown>;

/**
 * Reads a journal for --resume: its header and the last status of every line. `maxLine`: the
 * highest line number the input can have (a file of N bytes has at most N + 1 lines).
 */
export async function readJournal(path: string, maxLine: number, signal?: AbortSignal): Promise<ReadJournal> {
  const source = inputSource(path, { stdin: { isTTY: false } as never }, '--resume');
  const bad = (line: number, what: string) =>
    new UsageError(
      `--resume: '${path}' line ${line}: ${what}`,
      'A journal is written by promo alone: resume with the file the run named, as it left it.',
    );
  const cut = !endsWithLineBreak(path);
  let header: JournalHeader | undefined;
  const states = new LineStates();
  const created = new Map<string, number>();
  const statuses = new Map<LineStatus, number>();
  let ended: EndRecord | undefined;
  const sentAt = new Map<number, number>();
  // A line that is not a record: a cut one if it is the file's last or a resume followed it.
  let pending: { line: number; text: string | undefined } | undefined;
  const takeCut = (text: string | undefined) => {
    const line = Number(/"line":(\d{1,10})[,}]/.exec(text ?? '')?.[1]);
    if (line >= 1 && line <= maxLine) {
      states.set(line, 'unknown');
      states.markLost(line);
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
    if (!statuses.has(status as LineStatus)) statuses.set(status as LineStatus, raw.line);
    states.set(line, status as LineStatus, record.input_sha256);
    if (status === 'unknown' && (record.error as { key?: unknown } | undefined)?.key === IN_FLIGHT)
      states.markInFlight(line);
    else states.markOutcome(line, definite(status, record.error));
    if (status === 'created' && typeof record.code === 'string') created.set(record.code, line);
    const sent = typeof record.sent_at === 'string' ? Date.parse(record.sent_at) : Number.NaN;
    if (Number.isFinite(sent)) sentAt.set(line, sent);
    else if (status !== 'unknown') sentAt.delete(line);
  }
  if (pending) {
    if (!cut) throw bad(pending.line, 'not a JSON record');
    takeCut(pending.text);
  }
  if (!header) throw new UsageError(`--resume: '${path}' is empty, not a journal of a promo bulk run`);
  states.tally();
  return {
    header,
    states,
    created,
    cut,
    statuses,
    older: header.journal !== JOURNAL_FORMAT,
    ended,
    sentAt,
  };
}

/**
 * Whether a record is the service's word on its line, or promo's that it never went out: done,
 * skipped, or failed with an answer below 500 (a 409 included) or none sent (a bad line, an
 * interruption before sending, a connection refused). An unknown outcome or a 5xx (the service
 * may have acted before it failed) does not say what became of the request.
 */
function definite(status: string, error: unknown): boolean {
  if (status === 'unknown') return false;
  const answered = (error as { status?: unknown } | undefined)?.status;
  return status !== 'failed' || !(typeof answered === 'number' && answered >= 500);
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

const SHA256 = /^[0-9a-f]{64}$/;
type FieldCheck = [string, (v: unknown) => boolean, string];

/** The fields of every header, older ones included. */
const COMMON_FIELDS: FieldCheck[] = [
  ['command', (v) => typeof v === 'string', 'a string'],
  ['args', (v) => Array.isArray(v) && v.every((a) => typeof a === 'string'), 'a list of strings'],
  ['input', (v) => typeof v === 'string', 'a string'],
  ['started_at', (v) => typeof v === 'string', 'a string'],
];

/**
 * What a header of this promo has, every field always written: null only where the run had
 * nothing to put (no SHA-256 or count for an input read once, no app id for the built-in sandbox).
 */
const FIELDS: FieldCheck[] = [
  ...COMMON_FIELDS,
  ['line_digests', (v) => typeof v === 'boolean', 'true or false'],
  ['api_url', (v) => typeof v === 'string' && v !== '', 'a URL'],
  ['app_id', (v) => v === null || (typeof v === 'string' && v !== ''), 'an app id (or null for none)'],
  ['files', (v) => isFileHashes(v, false), 'an object of SHA-256 by option'],
];

/** What older promos wrote: these fields may be missing there. */
const OLD_FIELDS: FieldCheck[] = [
  ...COMMON_FIELDS,
  ['sha256', (v) => v === null || (typeof v === 'string' && SHA256.test(v)), 'a SHA-256 or null'],
  ['lines', (v) => v === null || (Number.isInteger(v) && (v as number) >= 0), 'a count or null'],
  ['api_url', (v) => v === undefined || typeof v === 'string', 'a string'],
  ['app_id', (v) => v === undefined || v === null || typeof v === 'string', 'a string or null'],
  ['files', (v) => v === undefined || isFileHashes(v, true), 'an object of file hashes'],
];

/** The header's fields promo relies on, each of its type: a header edited by hand is refused, naming the field. */
function checkHeader(record: Json, path: string, bad: (what: string) => UsageError): JournalHeader {
  const older = record.journal === OLD_JOURNAL_FORMAT;
  if (record.journal !== JOURNAL_FORMAT && record.journal !== UNSEALED_JOURNAL_FORMAT && !older)
    throw new UsageError(`--resume: '${path}' is not a journal of a promo bulk run`);
  // A sealed header whose seal does not match was edited: a field found wrong says so too.
  const edited = record.journal === JOURNAL_FORMAT && record.header_sha256 !== headerDigest(record);
  const wrong = (name: string, expected: string) =>
    bad(
      `the header's "${name}" is ${JSON.stringify(record[name]) ?? 'missing'}, not ${expected}${edited ? ' (the header was edited: its header_sha256 does not match)' : ''}`,
    );
  for (const [name, ok, expected] of older ? OLD_FIELDS : FIELDS)
    if (!ok(record[name])) throw wrong(name, expected);
  if (!older) {
    // A file is hashed and counted before the first request; only an input read once has neither.
    const once = record.line_digests === true;
    const sha = record.sha256;
    if (once ? sha !== null : !(typeof sha === 'string' && SHA256.test(sha)))
      throw wrong('sha256', once ? 'null (the run read its input once)' : "the input file's SHA-256");
    const lines = record.lines;
    if (once ? lines !== null : !(Number.isInteger(lines) && (lines as number) >= 0))
      throw wrong('lines', once ? 'null (the run read its input once)' : "the input file's count of lines");
  }
  if (edited)
    throw new UsageError(
      `--resume: '${path}' was edited: its header (line 1) is not the one promo wrote (its header_sha256 does not match); refusing to resume it`,
      'The header binds the run (its start makes the marks of its requests): resume with the journal as the run left it, or start a new run.',
    );
  return record as unknown as JournalHeader;
}

function isFileHashes(value: unknown, nulls: boolean): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => (nulls && v === null) || (typeof v === 'string' && SHA256.test(v)))
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
