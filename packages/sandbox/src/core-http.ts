// The HTTP plumbing of the sandbox core: reading bodies, shaping the service's error object and
// writing answers with the headers every answer of the service carries.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorNameForStatus } from './faults.js';
import { parseMultipart } from './multipart.js';
import { SandboxError } from './types.js';

export interface ReadBody {
  bytes: Buffer;
  tooLarge: boolean;
}

/**
 * The service's request ids look like `v-0a885062c80375740f`. Only told apart, never guessed at: no
 * need of node:crypto (node-builtin.ts), which every answer would then load.
 */
export function newRequestId(): string {
  const part = () =>
    Math.floor(Math.random() * 2 ** 36)
      .toString(16)
      .padStart(9, '0');
  return `v-${part()}${part()}`;
}

/** Reads the body, keeping at most `limit` bytes; `tooLarge` says some was left unread. */
export function readBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ bytes: Buffer.alloc(0), tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ bytes: Buffer.concat(chunks), tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ bytes: Buffer.concat(chunks), tooLarge: false }));
    req.on('error', reject);
    // A client that goes away mid-body must not have half a request handled.
    req.on('close', () => {
      if (!req.complete && size <= limit) reject(new Error('request aborted before its body ended'));
    });
  });
}

/** JSON for application/json, a plain object of fields for a form (multipart too); undefined for anything else. */
export function parseBody(contentType: string | undefined, bytes: Buffer): unknown {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return parseMultipart(contentType ?? '', bytes);
  const text = bytes.toString('utf8');
  if (mediaType === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SandboxError(400, 'invalid_json', 'Invalid JSON', (error as Error).message);
    }
  }
  return undefined;
}

/** The service's Error object. */
export function errorObject(error: SandboxError, requestId: string): Record<string, unknown> {
  return {
    code: error.status,
    key: error.key,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    request_id: requestId,
    ...error.extra,
  };
}

/** The Error object for a status chosen by a fault rather than by a route. */
export function errorObjectForStatus(
  status: number,
  requestId: string,
  details?: string,
): Record<string, unknown> {
  const { key, message } = errorNameForStatus(status);
  return errorObject(new SandboxError(status, key, message, details), requestId);
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Already serialised, so later changes to the state cannot leak into an answer. */
  text?: string;
  /** A body written as it is made (see SandboxReply.stream); its Content-Type is in `headers`. */
  stream?: Iterable<string>;
}

/** Serialises a body for the wire: 204 and absent bodies have none. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  if (status === 204 || body === undefined) return { status, headers };
  return { status, headers, text: JSON.stringify(body) };
}

export async function send(
  res: ServerResponse,
  reply: Answer,
  common: Record<string, string>,
): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  const headers = wireHeaders(reply, common);
  if (reply.stream) return sendStream(res, reply.status, headers, reply.stream);
  res.writeHead(reply.status, headers);
  res.end(reply.text);
}

/** An answer's headers as sent: the ones every answer carries, its own, and its body's type and length when it is made whole. */
export function wireHeaders(reply: Answer, common: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...common, ...reply.headers };
  if (!reply.stream && reply.text !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(reply.text));
  }
  return headers;
}

/** Writes each chunk as the socket takes it; a client that leaves ends the writing. */
async function sendStream(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  chunks: Iterable<string>,
): Promise<void> {
  res.writeHead(status, headers);
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!res.destroyed) res.end();
}
