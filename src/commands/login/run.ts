// promo login: the questions, the check and the save (the options are in index.ts).

import { AuthError, CancelledError, UsageError } from '../../base/errors.js';
import { checkProfileName, type Profile, SANDBOX_PROFILE } from '../../config/profiles.js';
import { savedNotice, saveProfile, secretChoice } from '../../config/secrets.js';
import { mask } from '../../output/mask.js';
import { baseUrlFor, CLUSTERS, checkApiUrl } from '../../runtime/globals.js';
import type { Runtime } from '../../runtime/runtime.js';
import { checkAppTokenLength, checkCredentials } from '../credentials.js';
import { profileColumns, profileView } from '../profile/view.js';

export interface LoginOptions {
  check: boolean;
  makeDefault: boolean;
  /** --insecure-storage: the token in the profile file even where a keychain answers. */
  insecureStorage: boolean;
}

const CUSTOM = '(custom API URL)';

function validName(value: string): true | string {
  try {
    checkProfileName(value.trim());
  } catch (error) {
    return (error as Error).message;
  }
  return value.trim() === SANDBOX_PROFILE ? `'${SANDBOX_PROFILE}' is built in; choose another name` : true;
}

function validUrl(value: string): true | string {
  try {
    checkApiUrl(value.trim(), 'the API URL');
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

export async function run(options: LoginOptions, rt: Runtime): Promise<void> {
  const choice = secretChoice(rt.ctx.env, options.insecureStorage);
  if (!rt.interactive) {
    throw new UsageError(
      `promo login asks questions, and ${rt.noPromptsBecause}`,
      'Without prompts use `promo profile add NAME --app-id ID --app-token-stdin`.',
    );
  }
  const { prompts } = rt;
  const store = await rt.store();
  const name = (
    await prompts.input({
      message: 'Profile name',
      default: store.defaultName() ?? 'default',
      validate: validName,
    })
  ).trim();
  if (
    store.get(name) &&
    !(await prompts.confirm({ message: `Profile '${name}' exists. Replace it?`, default: false }))
  ) {
    throw new CancelledError();
  }
  const appId = (
    await prompts.input({ message: 'App id (X-App-Id)', validate: (v) => (v.trim() ? true : 'Required') })
  ).trim();
  const appToken = (
    await prompts.password({
      message: 'App token (X-App-Token, hidden)',
      validate: (v) => (v.trim() ? true : 'Required'),
    })
  ).trim();
  rt.secrets.add(appToken);
  const endpoint = rt.globals.endpoint ?? (await askEndpoint(rt));
  let profile: Profile = { app_id: appId, app_token: appToken, ...endpointFields(endpoint) };
  checkAppTokenLength(appToken, 'the prompt', profile);

  if (options.check) profile = await verifyOrEdit(profile, rt);
  const makeDefault =
    options.makeDefault ||
    !store.defaultName() ||
    store.defaultName() === name ||
    (await prompts.confirm({ message: `Make '${name}' the default profile?`, default: true }));
  const saved = await saveProfile(store, name, profile, makeDefault, choice, rt.ctx.env);
  await rt.out.record(
    profileView(name, store.get(name)!, store.defaultName() === name, rt.ctx.env),
    profileColumns.slice(1),
  );
  const notice = savedNotice(saved);
  if (notice) rt.out.notice(notice);
  await rt.out.success(
    `Saved profile '${name}'${options.check ? ' (credentials checked)' : ''}; its app token is in the ${saved.place === 'keychain' ? "system's keychain" : 'profile file'}.`,
  );
}

async function askEndpoint(rt: Runtime): Promise<{ cluster?: string; apiUrl?: string }> {
  const choice = await rt.prompts.select<string>({
    message: 'Cluster',
    choices: [
      ...CLUSTERS.map((c) => ({ name: `${c}  (https://${c}.voucherify.io)`, value: c })),
      { name: 'Custom API URL…', value: CUSTOM },
    ],
  });
  if (choice !== CUSTOM) return { cluster: choice };
  return { apiUrl: (await rt.prompts.input({ message: 'API URL', validate: validUrl })).trim() };
}

function endpointFields(endpoint: {
  cluster?: string;
  apiUrl?: string;
}): Pick<Profile, 'cluster' | 'api_url'> {
  return endpoint.apiUrl ? { api_url: endpoint.apiUrl } : { cluster: endpoint.cluster ?? 'api' };
}

/**
 * Checks the credentials; when the service refuses them, what was typed is kept: edit the app id
 * and token (Enter keeps each) or the endpoint, and check again, or give up with nothing saved.
 */
async function verifyOrEdit(typed: Profile, rt: Runtime): Promise<Profile> {
  let profile = typed;
  for (;;) {
    try {
      await verify(profile, rt);
      return profile;
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      await rt.out.warn(error.message.replace(/; nothing was saved$/, ''));
      const next = await rt.prompts.select<string>({
        message: 'What now?',
        choices: [
          { name: 'Edit the app id and token (Enter keeps each), and check again', value: 'credentials' },
          ...(rt.globals.endpoint
            ? []
            : [{ name: 'Choose another cluster or API URL, and check again', value: 'endpoint' }]),
          { name: 'Give up: nothing is saved', value: 'cancel' },
        ],
      });
      if (next === 'cancel') throw error;
      if (next === 'endpoint') {
        const { cluster: _c, api_url: _u, ...credentials } = profile;
        profile = { ...credentials, ...endpointFields(await askEndpoint(rt)) };
      } else profile = await editCredentials(profile, rt);
    }
  }
}

async function editCredentials(profile: Profile, rt: Runtime): Promise<Profile> {
  const appId =
    (await rt.prompts.input({ message: 'App id (X-App-Id)', default: profile.app_id })).trim() ||
    profile.app_id;
  const appToken =
    (
      await rt.prompts.password({
        message: `App token (hidden; Enter keeps ${mask(profile.app_token ?? '')})`,
      })
    ).trim() || profile.app_token;
  rt.secrets.add(appToken);
  return { ...profile, app_id: appId, app_token: appToken };
}

/** One cheap read that creates nothing; a refusal means nothing is saved. */
async function verify(profile: Profile, rt: Runtime): Promise<void> {
  // An edited token, or another endpoint chosen, is held to the same rule as the first.
  checkAppTokenLength(profile.app_token ?? '', 'the prompt', profile);
  rt.out.notice(
    `Checking the credentials against ${baseUrlFor({ apiUrl: profile.api_url, cluster: profile.cluster })}…`,
  );
  try {
    await checkCredentials(profile, rt);
  } catch (error) {
    if (error instanceof AuthError) throw new AuthError(`${error.message}; nothing was saved`, error.hint);
    throw error;
  }
}
