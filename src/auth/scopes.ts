// OAuth scopes as a person types them, checked against the service's list before anything is sent.

import { ALLOWED_SCOPES } from 'promo-sandbox/facts/scopes';
import { UsageError } from '../base/errors.js';

/**
 * Scopes as a person types them: repeated (`--scope api --scope vouchers`), space-separated in one
 * argument, or several arguments. Commas are refused, as the service refuses them.
 */
export function parseScopes(values: string[], flag = '--scope'): string[] {
  const scopes: string[] = [];
  for (const value of values) {
    if (value.includes(',')) {
      throw new UsageError(
        `${flag}: scopes are separated by spaces, not commas: '${value}'`,
        `Write them as separate words: ${flag} ${value.split(',').filter(Boolean).join(' ')}`,
      );
    }
    for (const scope of value.split(/\s+/).filter(Boolean)) {
      if (!(ALLOWED_SCOPES as readonly string[]).includes(scope)) {
        const near = ALLOWED_SCOPES.filter((s) => s.startsWith(scope.slice(0, 3))).slice(0, 4);
        throw new UsageError(
          `${flag}: unknown scope '${scope}'`,
          near.length
            ? `Did you mean ${near.join(', ')}? `
            : 'See `promo token issue --help` for the allowed scopes.',
        );
      }
      if (!scopes.includes(scope)) scopes.push(scope);
    }
  }
  if (scopes.length === 0) throw new UsageError(`${flag} needs at least one scope, e.g. ${flag} api`);
  return scopes;
}
