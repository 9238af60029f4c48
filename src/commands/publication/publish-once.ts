// One publication whose answer may be lost. With join_once from a campaign a repeat answers the same
// code, so the transport repeats it itself. Otherwise the publication carries a source_id promo made
// (publicationMarker) and, after a lost answer, promo lists the publications with that source_id and
// sends again only when none is there.
import type { ApiClient } from '../../api/client.js';
import { findPublication, type Publication, type PublicationBody, publish } from '../../api/publications.js';
import { nodeCrypto } from '../../base/crypto.js';
import { OutcomeUnknownError } from '../../http/failures.js';

/** Sends after a lost answer only when no publication carries the marker; this many times at most. */
const MAX_SENDS = 3;

/** A source_id for one publication: random, or the same for the same customer and campaign. */
export function publicationMarker(campaign?: string, customer?: string): string {
  if (campaign === undefined || customer === undefined)
    return `promo-${nodeCrypto().randomBytes(8).toString('hex')}`;
  const digest = nodeCrypto().createHash('sha256').update(`${campaign}\u0000${customer}`).digest('hex');
  return `promo-pub-${digest.slice(0, 24)}`;
}

export async function publishOnce(
  client: ApiClient,
  body: PublicationBody & { source_id: string },
  joinOnce: boolean,
  told: (message: string) => void = () => undefined,
): Promise<Publication> {
  for (let sent = 1; ; sent++) {
    try {
      return await publish(client, body, joinOnce);
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError)) throw error;
      const found = await findPublication(client, body.source_id);
      if (found) {
        told(`The answer was lost; publication ${found.id} (source_id ${body.source_id}) shows it happened.`);
        return found;
      }
      if (sent >= MAX_SENDS) {
        throw error.withHint(
          `No publication with source_id ${body.source_id} yet: \`promo publication list --customer ...\` shows whether it arrived before you publish again.`,
        );
      }
      told(`The answer was lost and no publication carries source_id ${body.source_id}: sending it again.`);
    }
  }
}
