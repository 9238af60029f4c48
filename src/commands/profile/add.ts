// promo profile add <name> --app-id ID [--app-token-stdin] [--cluster C | --api-url URL] [--default]
// The app token never comes as a plain argument: stdin, PROMO_APP_TOKEN, or a hidden prompt.

import { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';
import { parseScopes } from '../../auth/scopes.js';
import { AuthError, type ExitCodeValue, exitCodeFor, PromoError, UsageError } from '../../base/errors.js';
import { readStdin } from '../../base/stdin.js';
import { checkProfileName, type Profile, SANDBOX_PROFILE } from '../../config/profiles.js';
import { savedNotice, saveProfile, secretChoice } from '../../config/secrets.js';
import { checkApiUrl, checkCluster, type Globals } from '../../runtime/globals.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { checkAppTokenLength, checkCredentials } from '../credentials.js';
import { profileColumns, profileView } from './view.js';

export interface AddOptions {
  name: string;
  appId: string;
  tokenFromStdin: boolean;
  cluster?: string;
  apiUrl?: string;
  scopes?: string[];
  makeDefault: boolean;
  /** Check the credentials against the service before saving (as login does). */
  check: boolean;
  /** --insecure-storage: the token in the profile file even where a keychain answers. */
  insecureStorage: boolean;
}

const args = defineArgs({ name: { help: 'profile name', required: true } });

const options = defineOptions({
  appId: { type: 'value', value: 'id', help: 'application id (X-App-Id)' },
  appTokenStdin: { type: 'switch', help: 'read the app token from stdin' },
  // Not variadic, so that the profile's name may follow: --scope api --scope vouchers, or 'api vouchers'.
  scope: {
    type: 'list',
    value: 'scope',
    complete: ALLOWED_SCOPES,
    help: "scopes of the bearer tokens promo asks for by itself, repeatable or 'api vouchers' (default: api)",
  },
  default: { type: 'switch', help: 'make it the default profile' },
  check: {
    type: 'switch',
    negatable: true,
    help: 'save without checking the credentials against the service (one read that creates nothing)',
  },
  insecureStorage: {
    type: 'switch',
    help: "keep the app token in the profile file (0600), not the system's keychain (also PROMO_SECRET_STORE=file)",
  },
});

/** `endpoint` is the run's, from the global options: only one given by flag is the profile's. */
export function parseAddOptions(
  flags: Input<typeof args, typeof options>,
  endpoint: Globals['endpoint'],
): AddOptions {
  const { name } = flags;
  const globals: { cluster?: string; apiUrl?: string } = endpoint?.source.startsWith('--') ? endpoint : {};
  checkProfileName(name);
  if (name === SANDBOX_PROFILE)
    throw new UsageError(`'${SANDBOX_PROFILE}' is the built-in sandbox profile; choose another name`);
  const appId = flags.appId?.trim();
  if (!appId) throw new UsageError('--app-id is required');
  if (/[\s\x00-\x1f]/.test(appId))
    throw new UsageError('--app-id must not contain spaces or control characters');
  if (globals.cluster !== undefined && globals.apiUrl !== undefined) {
    throw new UsageError('--cluster and --api-url cannot be used together: give one');
  }
  return {
    name,
    appId,
    tokenFromStdin: flags.appTokenStdin,
    cluster: globals.cluster === undefined ? undefined : checkCluster(globals.cluster, '--cluster'),
    apiUrl: globals.apiUrl === undefined ? undefined : checkApiUrl(globals.apiUrl, '--api-url'),
    scopes: flags.scope ? parseScopes(flags.scope) : undefined,
    makeDefault: flags.default,
    check: flags.check,
    insecureStorage: flags.insecureStorage,
  };
}

export async function run(options: AddOptions, rt: Runtime): Promise<void> {
  const choice = secretChoice(rt.ctx.env, options.insecureStorage);
  const appToken = await obtainAppToken(options, rt);
  rt.secrets.add(appToken);
  const profile: Profile = {
    app_id: options.appId,
    app_token: appToken,
    ...(options.apiUrl ? { api_url: options.apiUrl } : { cluster: options.cluster ?? 'api' }),
    ...(options.scopes ? { scopes: options.scopes } : {}),
  };
  if (options.check) {
    try {
      await checkCredentials(profile, rt);
    } catch (error) {
      if (error instanceof AuthError) throw new AuthError(`${error.message}; nothing was saved`, error.hint);
      throw new PromoError(
        `could not check the credentials (${(error as Error).message}); nothing was saved`,
        exitCodeFor(error) as ExitCodeValue,
        'Check the API URL and the network, or save without checking: --no-check.',
      );
    }
  }
  const store = await rt.store();
  const existed = store.get(options.name) !== undefined;
  const saved = await saveProfile(store, options.name, profile, options.makeDefault, choice, rt.ctx.env);
  const isDefault = store.defaultName() === options.name;
  await rt.out.record(
    profileView(options.name, store.get(options.name)!, isDefault, rt.ctx.env),
    profileColumns.slice(1),
  );
  const notice = savedNotice(saved);
  if (notice) rt.out.notice(notice);
  await rt.out.success(
    `${existed ? 'Updated' : 'Saved'} profile '${options.name}'${isDefault ? ' (default)' : ''}; its app token is in the ${saved.place === 'keychain' ? "system's keychain" : 'profile file'}.`,
  );
}

async function obtainAppToken(options: AddOptions, rt: Runtime): Promise<string> {
  let token: string | undefined;
  let source: string;
  if (options.tokenFromStdin) {
    token = await readStdin(rt.ctx.stdin);
    source = 'stdin (--app-token-stdin)';
  } else if (rt.ctx.env.PROMO_APP_TOKEN) {
    token = rt.ctx.env.PROMO_APP_TOKEN;
    source = 'PROMO_APP_TOKEN';
  } else if (rt.interactive) {
    token = await rt.prompts.password({
      message: 'App token',
      validate: (v) => (v.trim() ? true : 'Required'),
    });
    source = 'the prompt';
  } else {
    throw new UsageError(
      `no app token given, and ${rt.noPromptsBecause}: pass it on stdin with --app-token-stdin, or set PROMO_APP_TOKEN`,
      'The token is never taken as a plain argument, where it would land in the shell history.',
    );
  }
  // A trailing newline from `echo` or a file is not part of the token.
  const trimmed = token.replace(/^\s+|\s+$/g, '');
  if (!trimmed) throw new UsageError(`the app token from ${source} is empty`);
  // Real tokens are UUID-sized; a megabyte on stdin is the wrong file, not a token.
  if (trimmed.length > 1024)
    throw new UsageError(`the app token from ${source} is longer than 1024 characters`);
  if (/[\s\x00-\x1f\x7f]/.test(trimmed)) {
    throw new UsageError(`the app token from ${source} contains spaces, line breaks or control characters`);
  }
  checkAppTokenLength(trimmed, source, { api_url: options.apiUrl });
  return trimmed;
}

export default defineCommand({
  path: ['profile', 'add'],
  summary:
    'Save a profile non-interactively (for scripts); the app token comes from stdin, PROMO_APP_TOKEN or a hidden prompt',
  description:
    'The endpoint is the global --cluster or --api-url given with this command (default: cluster api).',
  examples: [
    'printf %s "$TOKEN" | promo profile add prod --app-id 8f1c… --app-token-stdin --default',
    'PROMO_APP_TOKEN=… promo profile add eu --app-id 8f1c… --cluster api',
    'promo profile add local --app-id sandbox --api-url http://127.0.0.1:4010 < token.txt --app-token-stdin',
  ],
  args,
  options,
  run: (input, rt) => run(parseAddOptions(input, rt.globals.endpoint), rt),
});
