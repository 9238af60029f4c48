// How a profile is shown: secrets by their last four characters, nothing more.
import { type Profile, SANDBOX_PROFILE } from '../../config/profiles.js';
import { mask } from '../../output/mask.js';
import type { Column } from '../../output/output.js';

export interface ProfileView {
  name: string;
  app_id: string;
  app_token: string;
  cluster?: string;
  api_url?: string;
  scopes?: string[];
  default: boolean;
  built_in: boolean;
}

export function profileView(name: string, profile: Profile, isDefault: boolean): ProfileView {
  return {
    name,
    app_id: profile.app_id,
    app_token: mask(profile.app_token),
    ...(profile.api_url ? { api_url: profile.api_url } : { cluster: profile.cluster ?? 'api' }),
    ...(profile.scopes?.length ? { scopes: profile.scopes } : {}),
    default: isDefault,
    built_in: false,
  };
}

export function sandboxView(isDefault: boolean): ProfileView {
  return {
    name: SANDBOX_PROFILE,
    app_id: 'sandbox',
    app_token: '(none needed)',
    api_url: '(built-in, local)',
    default: isDefault,
    built_in: true,
  };
}

export const profileColumns: Column<ProfileView>[] = [
  { header: '', value: (p) => (p.default ? '*' : '') },
  { header: 'Name', value: (p) => p.name },
  { header: 'App id', value: (p) => p.app_id },
  { header: 'App token', value: (p) => p.app_token },
  { header: 'Endpoint', value: (p) => p.api_url ?? p.cluster },
];
