// One publication whose answer may be lost. With join_once from a campaign a repeat answers the same
// code, so the transport repeats it itself. Every publication carries a source_id promo made
// (publicationMarker): after a lost answer (a 2xx that cannot be read included) promo lists the
// publications with that source_id and never sends it again (bulk/marked-write.ts): not there yet,
// the outcome is unknown, as the request may still land.
import type { ApiClient } from '../../api/client.js';
import { listPublications, type Publication, type PublicationBody, publish } from '../../api/publications.js';
import { nodeCrypto } from '../../base/crypto.js';
import { shellQuote } from '../../base/shell.js';
import { type MarkedWrite, writeOnce } from '../../bulk/marked-write.js';

/** A source_id for one publication: random, or the same for the same customer and campaign. */
export function publicationMarker(campaign?: string, customer?: string): string {
  if (campaign === undefined || customer === undefined)
    return `promo-${nodeCrypto().randomBytes(8).toString('hex')}`;
  const digest = nodeCrypto().createHash('sha256').update(`${campaign}\u0000${customer}`).digest('hex');
  return `promo-pub-${digest.slice(0, 24)}`;
}

/** The command that lists the publications carrying a source_id. */
export function publicationCheck(sourceId: string): string {
  return `promo publication list --source-id ${shellQuote(sourceId)}`;
}

/** The publications carrying `sourceId`, oldest first. */
export async function publicationsMarked(client: ApiClient, sourceId: string): Promise<Publication[]> {
  const { items } = await listPublications(client, { sourceId, limit: 100 });
  return [...items].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));
}

export async function publishOnce(
  client: ApiClient,
  body: PublicationBody & { source_id: string },
  joinOnce: boolean,
  told: (message: string) => void = () => undefined,
): Promise<Publication> {
  const write: MarkedWrite<Publication> = {
    what: 'the publication',
    check: publicationCheck(body.source_id),
    send: () => publish(client, body, joinOnce),
    lookUp: async () => ({ writes: await publicationsMarked(client, body.source_id) }),
  };
  const { answer, foundByMark } = await writeOnce(write, () => undefined);
  if (foundByMark)
    told(
      `The answer was lost; publication ${answer.id} (source_id ${body.source_id}) is the one there: it happened once.`,
    );
  return answer;
}
