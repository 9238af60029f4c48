// Small helpers shared by the sandbox core tests: credentials headers and form posts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_HEADERS } from './helpers/sandbox-http.js';

export { APP_HEADERS };

/** A fixed clock that a test moves by hand. */
export function fixedClock(startMs = Date.UTC(2025, 0, 15, 12, 0, 0)) {
  let current = startMs;
  return {
    now: () => current,
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = APP_HEADERS,
) {
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function issueToken(baseUrl: string, scope = 'api'): Promise<string> {
  const res = await postForm(`${baseUrl}/v1/oauth/token`, { grant_type: 'client_credentials', scope });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

const created: string[] = [];

export function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'promo-sandbox-'));
  created.push(directory);
  return directory;
}

export function removeTemporaryDirectories(): void {
  for (const directory of created.splice(0)) rmSync(directory, { recursive: true, force: true });
}

/** The parsed JSON of an answer, typed loosely enough for assertions. */
export async function readJson<T = Record<string, string>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
