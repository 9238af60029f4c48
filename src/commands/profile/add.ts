// promo profile add <name> --app-id ID [--app-token-stdin] [--cluster C | --api-url URL] [--default]
// The app token never comes as a plain argument: stdin, PROMO_APP_TOKEN, or a hidden prompt.
import { ALLOWED_SCOPES } from '../../api/names.js';
import { parseScopes } from '../../auth/scopes.js';
import { checkProfileName, type Profile, SANDBOX_PROFILE } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { checkApiUrl, checkCluster, type Globals } from '../../globals.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../registry/define.js';
import type { Runtime } from '../../runtime.js';
import { readStdin } from '../../stdin.js';
import { profileColumns, profileView } from './view.js';

export interface AddOptions {
  name: string;
  appId: string;
  tokenFromStdin: boolean;
  cluster?: string;
  apiUrl?: string;
  scopes?: string[];
  makeDefault: boolean;
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
  };
}

export async function run(options: AddOptions, rt: Runtime): Promise<void> {
  const appToken = await obtainAppToken(options, rt);
  rt.secrets.add(appToken);
  const profile: Profile = {
    app_id: options.appId,
    app_token: appToken,
    ...(options.apiUrl ? { api_url: options.apiUrl } : { cluster: options.cluster ?? 'api' }),
    ...(options.scopes ? { scopes: options.scopes } : {}),
  };
  const store = await rt.store();
  const existed = store.get(options.name) !== undefined;
  await store.save(options.name, profile, options.makeDefault);
  const isDefault = store.defaultName() === options.name;
  await rt.out.record(profileView(options.name, profile, isDefault), profileColumns.slice(1));
  await rt.out.success(
    `${existed ? 'Updated' : 'Saved'} profile '${options.name}'${isDefault ? ' (default)' : ''}.`,
  );
}

async function obtainAppToken(options: AddOptions, rt: Runtime): Promise<string> {
  let token: string | undefined;
  let source: string;
  if (options.tokenFromStdin) {
    token = await readStdin(rt.ctx.stdin);
    source = 'stdin';
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
