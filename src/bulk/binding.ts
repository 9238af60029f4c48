// What binds a journal to its run besides the command line (resume.ts): the account it sent to
// (the API base URL and app id, however they were chosen: flag, environment or profile) and the
// bytes of every file the command line reads. A resume that would send elsewhere, or build its
// requests from an edited --body, is refused before anything is sent.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from '../base/errors.js';
import { BUILT_IN_SANDBOX_URL, type Runtime } from '../runtime/runtime.js';
import type { JournalHeader } from './journal.js';

/** Options whose value is a file the run reads besides --input (which the header hashes already). */
const FILE_OPTIONS = ['--body'];

export interface Account {
  api_url: string;
  app_id: string | null;
}

/** The account this run sends to; never a secret. */
export async function runAccount(rt: Runtime): Promise<Account> {
  const target = await rt.target();
  return { api_url: target.baseUrl ?? BUILT_IN_SANDBOX_URL, app_id: target.credentials?.appId ?? null };
}

/** The SHA-256 of each file option's file, by option (null for stdin, which cannot be read again). */
export function fileHashes(argv: readonly string[]): Record<string, string | null> {
  const hashes: Record<string, string | null> = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split(/=(.*)/s);
    if (!FILE_OPTIONS.includes(name!)) continue;
    const path = inline ?? argv[++i];
    if (path === undefined) continue;
    hashes[name!] = path === '-' ? null : hashFile(path, name!);
  }
  return hashes;
}

function hashFile(path: string, flag: string): string {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch (error) {
    throw new UsageError(`${flag}: cannot read '${path}': ${(error as Error).message}`);
  }
}

/**
 * Refuses a resume bound elsewhere (exit 2); returns a warning for a journal of an older promo,
 * which kept neither the account nor the files.
 */
export function checkBinding(
  header: JournalHeader,
  path: string,
  account: Account,
  files: Record<string, string | null>,
): string | undefined {
  if (header.api_url === undefined) {
    return `--resume: '${path}' was written by an older promo that kept neither the account nor the files it read: make sure this run sends to the same account with the same --body.`;
  }
  if (header.api_url !== account.api_url || (header.app_id ?? null) !== account.app_id) {
    throw new UsageError(
      `--resume: the run in '${path}' sent to ${describe(header.api_url, header.app_id ?? null)}; this one would send to ${describe(account.api_url, account.app_id)}: refusing to go on elsewhere`,
      'Resume with the profile, API URL (--api-url, PROMO_API_URL) and app id (PROMO_APP_ID) the run had.',
    );
  }
  const recorded = header.files ?? {};
  for (const flag of new Set([...Object.keys(recorded), ...Object.keys(files)])) {
    const was = recorded[flag];
    const now = files[flag];
    if (was === now) continue;
    const what =
      was === undefined
        ? `the run read no ${flag}, this one would`
        : now === undefined
          ? `the run read ${flag}, this one would not`
          : `${flag} is not the file the run read (its SHA-256 differs)`;
    throw new UsageError(
      `--resume: ${what}: the lines left would not be sent as the run sent the others`,
      `Give the same ${flag} as the run, unchanged (the journal '${path}' keeps its SHA-256).`,
    );
  }
  return undefined;
}

function describe(url: string, appId: string | null): string {
  return appId ? `${url} (app id ${appId})` : url;
}
