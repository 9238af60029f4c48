// What a bulk run does with one voucher line, and how it tells, after a lost answer, whether the
// service did it: a create that names its code is read back (GET /v1/vouchers/{code}) and compared
// with what was sent; a delete is simply sent again (a 404 then means the first one did it).

import { readAnswer } from '../../api/answer.js';
import {
  type CreateVoucherBody,
  createVoucherRequest,
  deleteVoucherRequest,
  getVoucher,
  VOUCHER_ANSWER,
  type Voucher,
} from '../../api/vouchers.js';
import { ApiError } from '../../base/errors.js';
import type { BulkAction, Check } from '../../bulk/index.js';

export const createAction: BulkAction<CreateVoucherBody> = {
  status: 'created',
  code: (body) => body.code,
  async send(client, body) {
    // Not idempotent, whatever the code: a lost answer must reach settle() as such, not be retried
    // out of its sight (it reads the voucher back, and tells a 409 of its own from another's).
    const answer = await client.call({ ...createVoucherRequest(body), idempotent: false });
    const voucher = readAnswer(answer, VOUCHER_ANSWER, 'POST /v1/vouchers');
    return { code: voucher.code, id: voucher.id };
  },
  request: createVoucherRequest,
  checkable: (body) => body.code !== undefined,
  async check(client, body): Promise<Check> {
    let voucher: Voucher;
    try {
      voucher = await getVoucher(client, body.code!);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return 'absent';
      throw error;
    }
    const differs = differingField(body, voucher);
    if (differs === undefined) return { code: voucher.code, id: voucher.id };
    return { differs: `a voucher with code ${voucher.code} exists and differs in ${differs}` };
  },
  // A 409 to a repeat: that code exists, perhaps by the first attempt; reading it back tells.
  afterLoss: (error) => (error.status === 409 ? 'check' : undefined),
};

/** --skip-existing: a code that exists with the line's fields is skipped, not failed. */
export const createSkippingExisting: BulkAction<CreateVoucherBody> = { ...createAction, skipsExisting: true };

const DATES = new Set(['start_date', 'expiration_date']);
/** The fields a create sets that a voucher shows back as they were sent. */
const COMPARED = [
  'type',
  'category',
  'discount',
  'gift',
  'loyalty_card',
  'active',
  'additional_info',
  'start_date',
  'expiration_date',
  'redemption',
  'metadata',
  'validity_day_of_week',
] as const;

/** The first field the voucher holds differently from the body sent, or undefined when it is the same voucher. */
export function differingField(sent: CreateVoucherBody, got: Voucher): string | undefined {
  for (const field of COMPARED) {
    if (sent[field] === undefined) continue;
    if (DATES.has(field)) {
      if (Date.parse(String(sent[field])) !== Date.parse(String(got[field]))) return field;
    } else if (!contains(got[field], sent[field])) {
      return field;
    }
  }
  return undefined;
}

/** `got` holds everything `sent` says (it may hold more: a gift's balance, a card's balance). */
function contains(got: unknown, sent: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return got === sent || (sent === null && got === undefined);
  if (got === null || typeof got !== 'object') return false;
  if (Array.isArray(sent))
    return Array.isArray(got) && got.length === sent.length && sent.every((v, i) => contains(got[i], v));
  return Object.entries(sent).every(([key, value]) => contains((got as Record<string, unknown>)[key], value));
}

export function deleteAction(force: boolean, ignoreMissing: boolean): BulkAction<string> {
  return {
    status: 'deleted',
    code: (code) => code,
    async send(client, code) {
      // Sent as not idempotent so that a lost answer comes back as such (see createAction).
      await client.call({ ...deleteVoucherRequest(code, force), idempotent: false });
      return { code };
    },
    request: (code) => deleteVoucherRequest(code, force),
    repeatable: true,
    afterLoss: (error) => (error.status === 404 ? 'done' : undefined),
    skips: (error) =>
      ignoreMissing && error instanceof ApiError && error.status === 404
        ? 'not found (--ignore-missing)'
        : undefined,
  };
}
