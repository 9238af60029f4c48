// The bin: `GET /v1/trash-bin`, what a delete without force moved there (vouchers by their code,
// campaigns by their name). promo reads it to tell why a code it was given is not found.
import { maybe, object, readListAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';
import { filterParams } from './templates.js';

const BIN_ENTRY = object({ id: text, resource_type: maybe(text), resource_name: maybe(text) });

export function binEntryRequest(resourceType: string, name: string): ApiRequest {
  const params = new URLSearchParams({ limit: '1' });
  const pairs = filterParams([
    { field: 'resource_type', operator: '$is', values: [resourceType] },
    { field: 'resource_name', operator: '$is', values: [name] },
  ]);
  for (const [key, value] of pairs) params.append(key, value);
  return { method: 'GET', path: '/v1/trash-bin', query: params, auth: 'app' };
}

/** Whether a voucher with this code (or a campaign with this name) is in the bin. */
export async function isInBin(client: ApiClient, resourceType: 'voucher' | 'campaign', name: string) {
  const list = readListAnswer(
    await client.call(binEntryRequest(resourceType, name)),
    BIN_ENTRY,
    'data',
    'GET /v1/trash-bin',
  );
  return list.items.some((entry) => entry.resource_name === name);
}
