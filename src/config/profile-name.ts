// What a profile may be called: apart from the store, so that parsing --profile does not load it.
import { UsageError } from '../base/errors.js';

/** The profile that needs no credentials: a local imitation of the service. */
export const SANDBOX_PROFILE = 'sandbox';

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(
      `invalid profile name '${name}': use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  return name;
}
