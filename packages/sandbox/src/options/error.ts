/** A flag given a value it cannot take: the message names the flag (promo turns it into exit 2). */
export class SandboxOptionError extends Error {
  override name = 'SandboxOptionError';
}
