// The products' asynchronous CSV import: `POST /v1/products/importCSV` takes the CSV as the file
// of a multipart form (field `file`, at most 10 MB) and answers the id of the async action that
// imports it; `GET /v1/async-actions/{id}` (async-actions.ts) follows it.
import { OutcomeUnknownError } from '../http/failures.js';
import { object, readAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';
import { MAX_IMPORT_BYTES } from './voucher-import.js';

const IMPORT_ANSWER = object({ async_action_id: text });

/** Not repeated on a lost answer: the service may have queued the job (rows without a source id would be made twice). */
export function importProductsCsvRequest(csv: string, filename: string): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/products/importCSV',
    file: { field: 'file', filename, type: 'text/csv', content: csv },
    auth: 'app',
    mutates: true,
    maxBodyBytes: MAX_IMPORT_BYTES,
  };
}

export async function importProductsCsv(client: ApiClient, csv: string, filename: string): Promise<string> {
  try {
    const answer = await client.call(importProductsCsvRequest(csv, filename));
    return readAnswer(answer, IMPORT_ANSWER, 'POST /v1/products/importCSV').async_action_id;
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    throw error.withHint(
      'An import job may have been queued: `promo job list` shows the recent ones, `promo job wait ID` follows one.',
    );
  }
}
