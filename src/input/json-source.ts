// JSON given on the command line: `--body FILE|-`, `--data JSON|@FILE`, `--customer JSON`.
// Every failure names the flag and the problem, and nothing is sent.

import { readFileSync } from 'node:fs';
import type { StdinOf } from '../base/context.js';
import { nodeCrypto } from '../base/crypto.js';
import { errnoCode, UsageError } from '../base/errors.js';
import { readStdinBytes } from '../base/stdin.js';
import { inexactNumber, inexactNumberError } from './exact-numbers.js';

const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** A file (or stdin) an option read, and the SHA-256 of the bytes read. */
export interface InputRead {
  flag: string;
  /** The option's value as typed: a path, `-` for stdin, or `@PATH` and `@-`. */
  source: string;
  sha256: string;
}

// Every read goes through readTextSource, so what it records is everything a command read for its
// options (--body, --customer @FILE, --data @-), found without a list of flags to keep up to date.
// Kept by the run's context (one a run: per process, or per test): a bulk run binds these to its
// journal (bulk/binding.ts).
const readsOfRun = new WeakMap<StdinOf, InputRead[]>();

/** What the options of this run have read so far, in order. */
export function inputsRead(run: StdinOf): readonly InputRead[] {
  return readsOfRun.get(run) ?? [];
}

function recordRead(run: StdinOf, flag: string, source: string, bytes: Buffer): void {
  const reads = readsOfRun.get(run) ?? [];
  reads.push({ flag, source, sha256: nodeCrypto().createHash('sha256').update(bytes).digest('hex') });
  readsOfRun.set(run, reads);
}

/**
 * Reads a file path, or the run's stdin for `-`, as UTF-8 text; invalid UTF-8 is refused, not
 * mangled. `given`: the option's value as typed (`@c.json`), for the record of what was read.
 */
export async function readTextSource(
  source: string,
  flag: string,
  run: StdinOf,
  given = source,
): Promise<string> {
  let bytes: Buffer;
  if (source === '-') {
    bytes = await readStdinBytes(run.stdin, MAX_FILE_BYTES);
  } else {
    try {
      // Sync on purpose: one file, nothing else to do meanwhile, and node:fs/promises costs start-up.
      bytes = readFileSync(source);
    } catch (error) {
      const code = errnoCode(error);
      const why =
        code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
      throw new UsageError(`${flag}: cannot read '${source}': ${why}`);
    }
    if (bytes.length > MAX_FILE_BYTES) throw new UsageError(`${flag}: '${source}' is larger than 16 MiB`);
  }
  recordRead(run, flag, given, bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new UsageError(`${flag}: ${source === '-' ? 'stdin' : `'${source}'`} is not valid UTF-8`);
  }
}

export function parseJsonText(text: string, flag: string, where: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag}: ${where} is not valid JSON (${(error as Error).message})`);
  }
  const inexact = inexactNumber(text);
  if (inexact !== undefined) throw inexactNumberError(inexact, `${flag}: ${where}`);
  return value;
}

/** A JSON object from a file or stdin (`--body FILE|-`). */
export async function readJsonObject(
  source: string,
  flag: string,
  run: StdinOf,
): Promise<Record<string, unknown>> {
  const where = source === '-' ? 'stdin' : `'${source}'`;
  const value = parseJsonText(await readTextSource(source, flag, run), flag, where);
  return expectObject(value, flag, where);
}

/** `--data '{"a":1}'` inline, or `--data @file.json` / `--data @-`. */
export async function readInlineOrFileJson(value: string, flag: string, run: StdinOf): Promise<unknown> {
  if (value.startsWith('@')) {
    const source = value.slice(1);
    return parseJsonText(
      await readTextSource(source, flag, run, value),
      flag,
      source === '-' ? 'stdin' : `'${source}'`,
    );
  }
  return parseJsonText(value, flag, 'the value');
}

export function expectObject(value: unknown, flag: string, where: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${flag}: ${where} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}
