// The asynchronous voucher import: `POST /v1/vouchers/import` takes a JSON array of vouchers (at
// most 10 MB a request) and answers 202 with the id of the async action that will create them.
import { OutcomeUnknownError } from '../http/failures.js';
import { type Checked, object, readAnswer, text } from './answer.js';
import type { ApiClient, ApiRequest } from './client.js';
import type { CreateVoucherBody } from './vouchers.js';

/** The most the service takes in one import request. */
export const MAX_IMPORT_BYTES = 10 * 1000 * 1000;

/** The fields an imported voucher may carry; the service skips any other silently. */
export const IMPORT_FIELDS = [
  'code',
  'type',
  'category',
  'active',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'redemption',
  'additional_info',
  'metadata',
  'gift',
  'discount',
] as const;

export type ImportVoucher = Pick<CreateVoucherBody, (typeof IMPORT_FIELDS)[number]>;

const IMPORT_ANSWER = object({ async_action_id: text });
export type ImportAnswer = Checked<typeof IMPORT_ANSWER>;

/** One chunk of at most MAX_IMPORT_BYTES. Not repeated on a lost answer: the service may have queued the job. */
export function importVouchersRequest(body: ImportVoucher[]): ApiRequest {
  return {
    method: 'POST',
    path: '/v1/vouchers/import',
    json: body,
    auth: 'app',
    maxBodyBytes: MAX_IMPORT_BYTES,
  };
}

export async function importVouchers(client: ApiClient, body: ImportVoucher[]): Promise<ImportAnswer> {
  try {
    return readAnswer(
      await client.call(importVouchersRequest(body)),
      IMPORT_ANSWER,
      'POST /v1/vouchers/import',
    );
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    throw error.withHint(
      'An import job may have been queued: `promo job list` shows the recent ones, `promo job wait ID` follows one.',
    );
  }
}
