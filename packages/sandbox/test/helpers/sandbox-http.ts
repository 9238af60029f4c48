// The sandbox spoken to directly over real HTTP with its built-in app credentials, the way promo
// speaks to it: one sandbox for a test file (or a describe block), and a call() that reads the answer.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SandboxOptions } from '../../src/index.js';
import { answersConformAfterEach, type CheckedSandbox, startCheckedSandbox } from './checked.js';

/** The credentials a sandbox accepts when none are given. */
export const APP_HEADERS = { 'X-App-Id': 'sandbox', 'X-App-Token': 'sandbox' };
export const JSON_HEADERS = { ...APP_HEADERS, 'Content-Type': 'application/json' };

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the service's JSON answers
export type Json = Record<string, any>;

export interface Answer {
  status: number;
  /** The parsed JSON answer; undefined when the body is empty (204). */
  body: Json;
}

export interface AnswerWithHeaders extends Answer {
  headers: Headers;
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of `body`. */
  raw?: string;
  headers?: Record<string, string>;
}

/** One request to a sandbox at `baseUrl`, with the app credentials unless `headers` says otherwise. */
export async function callSandbox(
  baseUrl: string,
  method: string,
  path: string,
  { body, raw, headers = JSON_HEADERS }: CallOptions = {},
): Promise<AnswerWithHeaders> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
}

/**
 * Something a test file starts once and shares: started before its first test, closed after its
 * last, `reset` before each test. `current()` reads it inside tests only.
 */
export function fileScoped<T>(
  start: () => Promise<T>,
  close: (value: T) => Promise<void>,
  reset: (value: T) => void,
): () => T {
  let value: T | undefined;
  const current = () => {
    if (value === undefined) throw new Error('the fixture is only there inside tests');
    return value;
  };
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await close(value);
  });
  beforeEach(() => reset(current()));
  return current;
}

export interface ServedSandbox {
  readonly sandbox: CheckedSandbox;
  readonly url: string;
  /** A request with the app credentials (a JSON body, or `raw` as it is): its status and body. */
  call(method: string, path: string, body?: unknown, raw?: string): Promise<Answer>;
}

/** A sandbox for the enclosing file or describe block, its faults cleared and request log emptied before each test. */
export function useServedSandbox(options: SandboxOptions = {}): ServedSandbox {
  const current = fileScoped(
    () => startCheckedSandbox({ recordAnswers: true, ...options }),
    (sandbox) => sandbox.close(),
    (sandbox) => {
      sandbox.faults.set({});
      sandbox.requests.length = 0;
    },
  );
  answersConformAfterEach(current);
  return {
    get sandbox() {
      return current();
    },
    get url() {
      return current().url;
    },
    call: async (method, path, body, raw) => {
      const { status, body: answer } = await callSandbox(current().url, method, path, { body, raw });
      return { status, body: answer };
    },
  };
}
