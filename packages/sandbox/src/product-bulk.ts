// The products' bulk updates, each answered 202 with the id of a job that import-jobs.ts runs a
// product at a time: `POST /v1/products/bulk/async` (an array of products, each upserted by its
// source id) and `POST /v1/products/metadata/async` ({source_ids, metadata}: the metadata merged
// into each, a product not found upserted). As the vendor's SDK tests find the service doing, a
// call with no body, or with no source ids, queues a job of nothing rather than failing.
import type { ImportFailure, JobType } from './job-types.js';
import { blankItem, findProductBySource, readCatalogueBody } from './products.js';
import { type RouteContext, SandboxError, type SandboxState } from './types.js';
import { isRecord, type Json } from './voucher-check.js';

export const PRODUCTS_BULK_PATH = '/v1/products/bulk/async';
export const PRODUCTS_METADATA_PATH = '/v1/products/metadata/async';

const invalid = (details: string) => new SandboxError(400, 'invalid_payload', 'Invalid payload', details);

/** The records of a bulk update: products as sent (checked one by one when the job reaches them). */
export function readBulkProducts(body: unknown): unknown[] {
  if (body === undefined || body === null) return [];
  if (!Array.isArray(body)) throw invalid('The request body must be a JSON array of products.');
  return body;
}

/** The records of a metadata update: one per source id, each with the metadata to merge. */
export function readMetadataUpdate(body: unknown): unknown[] {
  if (body === undefined || body === null) return [];
  if (!isRecord(body)) throw invalid('The request body must be a JSON object.');
  const { source_ids: sourceIds = [], metadata = {} } = body;
  if (!Array.isArray(sourceIds) || sourceIds.some((id) => typeof id !== 'string')) {
    throw invalid('Property source_ids must be an array of strings');
  }
  if (!isRecord(metadata)) throw invalid('Property metadata must be an object');
  return sourceIds.map((source_id) => ({ source_id, metadata }));
}

/** Applies one record when the job reaches it; throws a SandboxError that names why not. */
export function bulkProductRecord(state: SandboxState, type: JobType, item: unknown, rc: RouteContext): void {
  const metadataOnly = type === 'PRODUCTS.METADATA_UPDATE';
  const fields = metadataOnly ? (item as Json) : readCatalogueBody('product', item, true);
  const sourceId = fields.source_id;
  if (typeof sourceId !== 'string' || sourceId === '') throw invalid('source_id: property is required');
  const known = findProductBySource(state, sourceId);
  const base = known ?? blankItem('product', rc);
  const metadata = metadataOnly
    ? { ...(base.metadata as Json), ...(fields.metadata as Json) }
    : fields.metadata;
  const next: Json = {
    ...base,
    ...fields,
    ...(metadata === undefined ? {} : { metadata }),
    ...(known ? { updated_at: new Date(rc.now()).toISOString() } : {}),
  };
  state.products[next.id as string] = next;
}

export function bulkProductFailure(item: unknown, reason: string): ImportFailure {
  const sourceId = isRecord(item) && typeof item.source_id === 'string' ? item.source_id : null;
  return { source_id: sourceId, reason };
}

/** The result of a bulk update as the service reports one: counts and an error per product that failed. */
export function bulkResult(done: number, failed: ImportFailure[]): Json {
  return {
    done_count: done,
    failed_count: failed.length,
    errors: failed.map((f) => ({
      message: 'Invalid payload',
      details: f.reason,
      key: 'invalid_payload',
      source_id: f.source_id ?? '',
    })),
  };
}
