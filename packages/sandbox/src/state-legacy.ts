// The JSON state files of older promo versions, read once to move them into SQLite (state-open.ts):
// either one JSON object (`version: 1`), or a header line, a snapshot line and one line of changes
// per transaction (`[slice, key, value]` sets, `[slice, key]` deletes, a null key the whole slice).
// A last line without its newline was cut short by a crash before it committed: it is left out.
import { readFileSync } from 'node:fs';
import { stateFromSeed } from './seed.js';
import type { SandboxState } from './types.js';

type Bag = Record<string, unknown>;

const SQLITE_HEADER = 'SQLite format 3\0';

function isPlainObject(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a file is an SQLite database by its first bytes (an empty file becomes one). */
export function looksLikeSqlite(bytes: Buffer): boolean {
  return bytes.length === 0 || bytes.subarray(0, 16).toString('latin1') === SQLITE_HEADER;
}

function putKey(target: Bag, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function apply(state: Bag, change: unknown): void {
  if (!Array.isArray(change) || typeof change[0] !== 'string')
    throw new Error('a change is not [slice, key, value]');
  const [name, key] = change as [string, string | null];
  if (key === null) {
    if (change.length < 3) delete state[name];
    else putKey(state, name, change[2]);
    return;
  }
  if (!isPlainObject(state[name]) && !Array.isArray(state[name])) putKey(state, name, {});
  const slice = state[name] as Bag;
  if (change.length < 3) delete slice[key];
  else if (Array.isArray(slice)) slice[key] = change[2];
  else putKey(slice, key, change[2]);
}

const LOG_FORM = '\0log form';

/** The snapshot with the changes applied, or undefined when the text is not in that form. */
function readLogForm(text: string): Bag | undefined {
  const lines = text.split('\n');
  // The last line has no newline: a write cut short by a crash, never committed.
  const complete = lines.slice(0, -1);
  try {
    const header = JSON.parse(complete[0] ?? '') as unknown;
    if (!isPlainObject(header) || typeof header.promo_sandbox_state !== 'number') return undefined;
    const saved = JSON.parse(complete[1] ?? '') as unknown;
    if (!isPlainObject(saved)) return undefined;
    for (const line of complete.slice(2)) {
      const changes = JSON.parse(line) as unknown;
      if (!Array.isArray(changes)) return undefined;
      for (const change of changes) apply(saved, change);
    }
    return { ...saved, [LOG_FORM]: true };
  } catch {
    return undefined;
  }
}

/**
 * The state an older promo wrote to `path`, or undefined when the file is not such JSON. Slices
 * added since start empty.
 */
export function readLegacyState(path: string): SandboxState | undefined {
  const text = readFileSync(path, 'utf8');
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    saved = readLogForm(text);
  }
  if (!isPlainObject(saved) || (saved.version !== 1 && !Object.hasOwn(saved, LOG_FORM))) return undefined;
  delete saved[LOG_FORM];
  return { ...stateFromSeed({}), ...(saved as Bag), version: 1 } as SandboxState;
}
