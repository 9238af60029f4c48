// The state file: a header line naming the file's generation, a snapshot of the whole state on one
// line, then one line per committed transaction (its changes, see state-journal.ts). A change costs
// one appended line; compaction rewrites the file (new generation, fresh snapshot, empty log) once
// the log outgrows the snapshot, so the cost per change stays flat on average. A process sharing the
// file remembers the generation and how far it read, and replays only what others appended since.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { stateFromSeed } from './seed.js';
import { applyChanges, type Change } from './state-journal.js';
import type { SandboxState } from './types.js';

const HEADER_START = '{"promo_sandbox_state":2,"generation":"';
const HEADER_END = '"}\n';
const GENERATION_LENGTH = 16;
const HEADER_BYTES = HEADER_START.length + GENERATION_LENGTH + HEADER_END.length;
const NEWLINE = 0x0a;

/** The log may grow to the snapshot's size, and never needs compacting below this. */
export const DEFAULT_COMPACT_AFTER_BYTES = 4 * 1024 * 1024;

/** Where a reader stands in one state file. */
export interface FilePosition {
  generation: string;
  /** Bytes read so far: everything before this is applied. */
  end: number;
  snapshotBytes: number;
  logBytes: number;
}

export interface LoadedState extends FilePosition {
  state: SandboxState;
  /** Written by an older promo (one JSON object, version 1): rewrite it in the current form. */
  legacy: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notState(path: string): Error {
  return new Error(
    `Sandbox state file ${path} does not hold sandbox state (it was not written by promo sandbox)`,
  );
}

function corrupt(path: string, detail: string): Error {
  return new Error(`Sandbox state file ${path} is not valid JSON (${detail}); fix or remove it`);
}

/** Slices added to the state after the file was written start empty. */
function withDefaults(saved: Record<string, unknown>): SandboxState {
  return { ...stateFromSeed({}), ...saved, version: 1 } as SandboxState;
}

function parseLine(path: string, bytes: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', start, end));
  } catch (error) {
    throw corrupt(path, `${(error as Error).message} at byte ${start}`);
  }
}

/**
 * Applies the complete log lines of `bytes` (which starts at file offset `base`) to `state`;
 * returns the file offset after the last complete line. A last line without its newline is a
 * write cut short by a crash: it was never committed, so it is left out.
 */
export function replayLog(path: string, state: SandboxState, bytes: Buffer, base: number, from = 0): number {
  let start = from;
  for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
    const changes = parseLine(path, bytes, start, end);
    if (!Array.isArray(changes)) throw corrupt(path, `line at byte ${base + start} is not a list of changes`);
    applyChanges(state as unknown as Record<string, unknown>, changes as Change[]);
    start = end + 1;
  }
  return base + start;
}

/** Reads the whole file; undefined when there is none. */
export function loadStateFile(path: string): LoadedState | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read sandbox state file ${path}: ${(error as Error).message}`);
  }
  const generation = generationIn(bytes);
  if (generation === undefined) return loadLegacy(path, bytes);
  const snapshotEnd = bytes.indexOf(NEWLINE, HEADER_BYTES);
  if (snapshotEnd === -1) throw corrupt(path, 'the snapshot line is cut short');
  const saved = parseLine(path, bytes, HEADER_BYTES, snapshotEnd);
  if (!isPlainObject(saved)) throw notState(path);
  const state = withDefaults(saved);
  const end = replayLog(path, state, bytes, 0, snapshotEnd + 1);
  const snapshotBytes = snapshotEnd + 1;
  return { state, generation, end, snapshotBytes, logBytes: end - snapshotBytes, legacy: false };
}

function loadLegacy(path: string, bytes: Buffer): LoadedState {
  const saved = parseLine(path, bytes, 0, bytes.length);
  if (!isPlainObject(saved) || saved.version !== 1) throw notState(path);
  return { state: withDefaults(saved), generation: '', end: 0, snapshotBytes: 0, logBytes: 0, legacy: true };
}

function generationIn(bytes: Buffer): string | undefined {
  if (bytes.length < HEADER_BYTES) return undefined;
  const header = bytes.toString('latin1', 0, HEADER_BYTES);
  if (!header.startsWith(HEADER_START) || !header.endsWith(HEADER_END)) return undefined;
  return header.slice(HEADER_START.length, HEADER_START.length + GENERATION_LENGTH);
}

/** The generation of an open file, read from its header alone. */
export function readGeneration(fd: number): string | undefined {
  const header = Buffer.alloc(HEADER_BYTES);
  const read = readSync(fd, header, 0, HEADER_BYTES, 0);
  return generationIn(header.subarray(0, read));
}

/** Reads bytes `from`..`to` of an open file. */
export function readRange(fd: number, from: number, to: number): Buffer {
  const bytes = Buffer.alloc(to - from);
  let done = 0;
  while (done < bytes.length) {
    const read = readSync(fd, bytes, done, bytes.length - done, from + done);
    if (read === 0) break;
    done += read;
  }
  return bytes.subarray(0, done);
}

/** Writes a fresh file (new generation, snapshot of `state`, empty log) in place of the old one, atomically. */
export function writeSnapshot(path: string, state: SandboxState): FilePosition {
  const generation = randomBytes(GENERATION_LENGTH / 2).toString('hex');
  const text = `${HEADER_START}${generation}${HEADER_END}${JSON.stringify(state)}\n`;
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeAll(fd, Buffer.from(text), 0);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`Cannot save sandbox state file ${path}: ${(error as Error).message}`);
  }
  const end = Buffer.byteLength(text);
  return { generation, end, snapshotBytes: end, logBytes: 0 };
}

/** One line for the changes of one transaction. */
export function logLine(changes: Change[]): Buffer {
  return Buffer.from(`${JSON.stringify(changes)}\n`);
}

/**
 * Writes `line` at `position`, the end of what was read (a file longer than that ends in a line a
 * crash cut short: it goes); on failure, cuts the file back so that no half line stays behind.
 */
export function appendAt(path: string, fd: number, line: Buffer, position: number, size: number): void {
  try {
    if (size > position) ftruncateSync(fd, position);
    writeAll(fd, line, position);
  } catch (error) {
    try {
      ftruncateSync(fd, position);
    } catch {
      // The write already failed; that is the error worth reporting.
    }
    throw new Error(`Cannot save sandbox state file ${path}: ${(error as Error).message}`);
  }
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Whether the log has grown enough that rewriting the file costs less than keeping it. */
export function dueForCompaction(position: FilePosition, compactAfterBytes?: number): boolean {
  const limit = compactAfterBytes ?? Math.max(DEFAULT_COMPACT_AFTER_BYTES, position.snapshotBytes);
  return position.logBytes > limit;
}
