// What `voucher update` may send. The service changes only the fields its update lists and skips
// any other without a word, so promo refuses those up front and says which command changes them
// instead: a user who asked for a change must not be told it succeeded when nothing changed.
import { type CreateVoucherBody, UPDATE_FIELDS, type UpdateVoucherBody } from '../../../api/vouchers.js';
import { UsageError } from '../../../base/errors.js';
import { bad, given, isObject, object, oneOf, string } from './body-checks.js';
import { checkDiscount } from './create-validate.js';
import { refusedByUpdate } from './fields.js';
import { checkDates, checkValidityHours } from './validity-checks.js';

/** The body of an update, checked: only fields the service changes, each with a valid value. */
export function updateBody(body: CreateVoucherBody): UpdateVoucherBody {
  for (const field of Object.keys(body)) {
    const why = refusedByUpdate(field);
    if (why) throw new UsageError(`${field} cannot be changed by voucher update: ${why}`);
    if (!(UPDATE_FIELDS as readonly string[]).includes(field)) {
      throw new UsageError(
        `${field} is not a field voucher update changes (it changes ${UPDATE_FIELDS.filter((f) => f !== 'loyalty_card').join(', ')})`,
      );
    }
  }
  if (Object.keys(body).length === 0) {
    throw new UsageError('nothing to update: give the fields to change as options, or --body FILE|-');
  }
  const gift = object(body.gift, 'gift');
  if (gift) {
    const other = Object.keys(gift).find((key) => key !== 'effect');
    const why = other && refusedByUpdate(`gift.${other}`);
    if (why) throw new UsageError(`gift.${other} cannot be changed by voucher update: ${why}`);
    if (other) bad(`gift.${other}`, 'is not a field voucher update changes (gift takes effect)');
    oneOf(gift.effect, 'gift.effect', ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS']);
  }
  oneOf(body.type, 'type', ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD']);
  if (given(body.discount)) checkDiscount(object(body.discount, 'discount')!);
  for (const field of ['category', 'category_id'] as const) string(body[field], field);
  string(body.additional_info, 'additional_info', false);
  // The voucher may have a start date already: a timeframe alone is not refused for lacking one.
  checkDates(
    isObject(body.validity_timeframe) && !given(body.start_date)
      ? { ...body, start_date: '1970-01-01T00:00:00Z' }
      : body,
  );
  checkValidityHours(body.validity_hours);
  if (given(body.active) && typeof body.active !== 'boolean') bad('active', 'must be true or false');
  object(body.metadata, 'metadata');
  return body as UpdateVoucherBody;
}
