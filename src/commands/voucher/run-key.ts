// The key of a bulk run that marks its money writes (redeem --input, balance --input): made from when
// the run first started and its input's hash, so that a resume of the run makes the same marks.
import { nodeCrypto } from '../../base/crypto.js';

export function runKey({
  startedAt,
  inputSha256,
}: {
  startedAt: string;
  inputSha256: string | null;
}): string {
  return nodeCrypto()
    .createHash('sha256')
    .update(`${startedAt} ${inputSha256 ?? '-'}`)
    .digest('hex')
    .slice(0, 20);
}
