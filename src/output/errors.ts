// How an error reads: lines for people, or a JSON object `{"error": {...}}` for programs.
import { ApiError, exitCodeFor, NetworkError, PromoError, RefusedError } from '../base/errors.js';
import { escapeForTerminal } from './escape.js';
import type { Palette } from './palette.js';

export interface ErrorJson {
  status: number | null;
  key: string;
  message: string;
  details?: string;
  request_id?: string;
  resource_id?: string;
  resource_type?: string;
  exit_code: number;
  hint?: string;
}

export function errorJson(error: unknown): ErrorJson {
  const exit_code = exitCodeFor(error);
  if (error instanceof ApiError) {
    const {
      code: _code,
      key,
      message,
      details,
      request_id,
      resource_id,
      resource_type,
      ...rest
    } = error.body;
    return stripUndefined({
      status: error.status,
      key: key ?? `http_${error.status}`,
      message: message ?? `HTTP ${error.status}`,
      details,
      request_id: request_id ?? error.requestId,
      resource_id,
      resource_type,
      ...rest,
      exit_code,
      hint: error.hint,
    });
  }
  if (error instanceof RefusedError) {
    return stripUndefined({
      ...errorJson(error.refusal),
      message: error.message,
      exit_code,
      hint: error.hint,
    });
  }
  if (error instanceof PromoError) {
    return stripUndefined({
      status: null,
      key: errorKey(error),
      message: error.message,
      exit_code,
      hint: error.hint,
      ...(error instanceof NetworkError && error.code ? { code: error.code } : {}),
    });
  }
  return {
    status: null,
    key: 'internal_error',
    message: String((error as Error)?.message ?? error),
    exit_code,
  };
}

function errorKey(error: PromoError): string {
  // An error that stands for one of the service's refusals keeps its key.
  const own = (error as { key?: unknown }).key;
  if (typeof own === 'string') return own;
  const name = error.name.replace(/Error$/, '');
  return `${name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase() || 'promo'}_error`;
}

/**
 * For people: `error: MESSAGE` (with the HTTP status and request id of a service error), the
 * message's further lines under it (a list of bad input lines), then the hint on a line of its own.
 */
export function renderError(error: unknown, asJson: boolean, p: Palette): string {
  if (asJson) return JSON.stringify({ error: errorJson(error) });
  const e = errorJson(error);
  const text = error instanceof PromoError ? error.message : e.message;
  const [first = '', ...rest] = text.trim().split(/\r?\n/);
  const status =
    error instanceof ApiError
      ? ` [HTTP ${error.status}${e.request_id ? `, request ${e.request_id}` : ''}]`
      : '';
  const lines = [
    `${p.red('error:')} ${escapeForTerminal(first.trim())}${escapeForTerminal(status)}`,
    ...rest.filter((line) => line.trim() !== '').map((line) => escapeForTerminal(line.trimEnd())),
  ];
  if (e.hint) lines.push(p.dim(escapeForTerminal(e.hint)));
  return lines.join('\n');
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
