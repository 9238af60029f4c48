// The command that saves a profile's app token again, complete: the profile's endpoint and scopes
// go with it, so that the new token is checked against the same service (not the public one) and
// the profile keeps what it had. Printed in hints; it runs as printed.
import { shellCommand } from '../base/shell.js';
import type { Profile } from './profiles.js';

export function saveAgainCommand(name: string, profile: Profile, extra: readonly string[] = []): string {
  const endpoint = profile.api_url
    ? ['--api-url', profile.api_url]
    : profile.cluster
      ? ['--cluster', profile.cluster]
      : [];
  // Scopes of another type (typed by hand in config.json) are no scopes: the default, left out.
  const scopes =
    Array.isArray(profile.scopes) &&
    profile.scopes.length &&
    profile.scopes.every((s) => typeof s === 'string')
      ? ['--scope', profile.scopes.join(' ')]
      : [];
  return shellCommand([
    'promo',
    'profile',
    'add',
    name,
    '--app-id',
    profile.app_id,
    '--app-token-stdin',
    ...endpoint,
    ...scopes,
    ...extra,
  ]);
}
