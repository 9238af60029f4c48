// Opaque list cursors of the v2 (beta) endpoints: an id that names a stored position, so that a page
// continues exactly where the previous one stopped, plus an expiry like the service's.
import { type RouteContext, SandboxError, type SandboxState } from './types.js';

type CursorRecord = SandboxState['cursors'][string];

const CURSOR_PATTERN = /^lcrst_[a-f0-9]+$/;
export const CURSOR_LIFETIME_MS = 30 * 60 * 1000;
// Expired cursors are kept a day so that they still answer `cursor_expired`, then dropped so that a
// long-lived state file does not grow without bound.
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

function invalidCursor(details: string): SandboxError {
  return new SandboxError(400, 'invalid_cursor', 'Invalid cursor', details);
}

export interface CursorPosition {
  order: string;
  offset: number;
  limit: number;
}

/**
 * The position a cursor names, after checking that it exists, belongs to this list, has not expired
 * and is used with the order it was issued for (an order the request leaves out is taken from it).
 */
export function readCursor(
  state: SandboxState,
  cursorId: string,
  structureId: string,
  requestedOrder: string | undefined,
  now: number,
): CursorPosition {
  if (!CURSOR_PATTERN.test(cursorId)) {
    throw invalidCursor(
      `Cursor '${cursorId}' is malformed; pass cursor.next from a previous page unchanged.`,
    );
  }
  const record = state.cursors[cursorId];
  if (!record || record.structureId !== structureId) {
    throw invalidCursor(`Cursor '${cursorId}' was not issued for tier structure '${structureId}'.`);
  }
  if (now >= Date.parse(record.expires_at)) {
    throw new SandboxError(
      400,
      'cursor_expired',
      'Cursor expired',
      `Cursor '${cursorId}' expired at ${record.expires_at}; list again from the first page.`,
    );
  }
  if (requestedOrder !== undefined && requestedOrder !== record.order) {
    throw invalidCursor(
      `Cursor '${cursorId}' was issued for order '${record.order}' and cannot be used with '${requestedOrder}'.`,
    );
  }
  return { order: record.order, offset: record.offset, limit: record.limit };
}

/** Stores a new cursor for the page that starts at `offset` and answers it as the service does. */
export function issueCursor(
  state: SandboxState,
  rc: RouteContext,
  structureId: string,
  position: CursorPosition,
): { next: string; expires_at: string } {
  const now = rc.now();
  dropStaleCursors(state, now);
  const next = rc.newId('lcrst_');
  const expires_at = new Date(now + CURSOR_LIFETIME_MS).toISOString();
  const record: CursorRecord = { structureId, ...position, expires_at };
  state.cursors[next] = record;
  return { next, expires_at };
}

function dropStaleCursors(state: SandboxState, now: number): void {
  for (const [id, record] of Object.entries(state.cursors)) {
    if (Date.parse(record.expires_at) + KEEP_EXPIRED_MS < now) delete state.cursors[id];
  }
}
