// Job ids go into URL paths: printable, and never a dot segment (the client refuses those too).
import { UsageError } from '../../base/errors.js';

export function checkJobId(id: string, name: string): string {
  if (!/^[\x21-\x7e]+$/.test(id)) throw new UsageError(`${name}: '${id}' is not a job id (aa_...)`);
  return id;
}
