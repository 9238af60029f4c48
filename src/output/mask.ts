// How a secret is shown when it must be identified but not revealed (profiles, token inspect).

/** Last four characters, for showing which secret is configured without showing it. */
export function mask(secret: string | undefined): string {
  if (!secret) return '';
  return secret.length <= 8 ? '****' : `****${secret.slice(-4)}`;
}
