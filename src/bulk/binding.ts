// What binds a journal to its run besides the command line (resume.ts): the account it sent to
// (the API base URL and app id, however they were chosen: flag, environment or profile) and the
// bytes of every file the command's options read (--body FILE or -, --customer @FILE, any @FILE),
// as json-source.ts recorded them when they were read: stdin too, by the hash of what came. A
// resume that would send elsewhere, or build its requests from an edited file or another stdin,
// is refused before anything is sent.
import { UsageError } from '../base/errors.js';
import { type InputRead, inputsRead } from '../input/json-source.js';
import { BUILT_IN_SANDBOX_URL, type Runtime } from '../runtime/runtime.js';
import type { JournalHeader } from './journal.js';

export interface Account {
  api_url: string;
  app_id: string | null;
}

/** The account this run sends to; never a secret. */
export async function runAccount(rt: Runtime): Promise<Account> {
  const target = await rt.target();
  return { api_url: target.baseUrl ?? BUILT_IN_SANDBOX_URL, app_id: target.credentials?.appId ?? null };
}

/** The key of a read in the header's `files`: the option, then its value (`--customer @c.json`). */
function keyOf(read: InputRead): string {
  return `${read.flag} ${read.source}`;
}

/** The SHA-256 of everything the run's options read, by option and value; stdin (`-`) included. */
export function fileHashes(rt: Runtime): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const read of inputsRead(rt.ctx)) hashes[keyOf(read)] = read.sha256;
  return hashes;
}

/** Refuses a resume bound elsewhere (exit 2, nothing sent). */
export function checkBinding(
  header: JournalHeader,
  path: string,
  account: Account,
  files: Record<string, string>,
): void {
  if (header.api_url !== account.api_url || header.app_id !== account.app_id) {
    throw new UsageError(
      `--resume: the run in '${path}' sent to ${describe(header.api_url, header.app_id)}; this one would send to ${describe(account.api_url, account.app_id)}: refusing to go on elsewhere`,
      'Resume with the profile, API URL (--api-url, PROMO_API_URL) and app id (PROMO_APP_ID) the run had.',
    );
  }
  const recorded: Record<string, string | null> = header.files ?? {};
  for (const key of new Set([...Object.keys(recorded), ...Object.keys(files)])) {
    const was = recorded[key];
    const now = files[key];
    if (was === now) continue;
    const shown = named(key);
    const what =
      was === undefined
        ? `the run did not read ${shown}, this one did`
        : now === undefined
          ? `the run read ${shown}, this one did not`
          : `${shown} is not what the run read (its SHA-256 differs)`;
    throw new UsageError(
      `--resume: ${what}: the lines left would not be sent as the run sent the others`,
      `Give ${shown} unchanged, as the run had it (the journal '${path}' keeps its SHA-256).`,
    );
  }
}

/** `--body -` as people read it: `--body - (stdin)`; a file: `--customer 'c.json'` (its @ dropped). */
function named(key: string): string {
  const space = key.indexOf(' ');
  const flag = space < 0 ? key : key.slice(0, space);
  const source = space < 0 ? '' : key.slice(space + 1);
  if (source === '-' || source === '@-') return `${flag} ${source} (stdin)`;
  return `${flag} '${source.replace(/^@/, '')}'`;
}

function describe(url: string | undefined, appId: string | null | undefined): string {
  return appId ? `${url} (app id ${appId})` : `${url}`;
}
