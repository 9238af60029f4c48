// The 400s of create voucher: each names the field path and the rule, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { demoSeed, stateFromSeed } from '../src/seed.js';
import { type RouteContext, SandboxError } from '../src/types.js';
import { createVoucher } from '../src/vouchers.js';
import { routeRequest } from './helpers/sandbox-routes.js';

const rc: RouteContext = {
  now: () => Date.parse('2026-03-02T08:30:00.000Z'),
  newId: (prefix) => `${prefix}0123456789abcdef`,
  appId: 'sandbox',
};

function attempt(body: unknown) {
  const state = stateFromSeed(demoSeed());
  const request = routeRequest({ method: 'POST', path: '/v1/vouchers', body, requestId: 'v-test' });
  try {
    createVoucher.handle(request, state, rc);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    expect(Object.keys(state.vouchers)).toEqual([]);
    return error;
  }
  return undefined;
}

const discount = (fields: Record<string, unknown>) => ({ type: 'DISCOUNT_VOUCHER', discount: fields });
const percent = discount({ type: 'PERCENT', percent_off: 10 });
const hours = (...daily: unknown[]) => ({ ...percent, validity_hours: { daily } });

const refused: Array<[string, unknown, RegExp]> = [
  ['a body that is not an object', [1], /body must be a JSON object/],
  [
    'a missing type with an empty discount (a discount voucher, inferred)',
    { discount: {} },
    /discount\.type is required/,
  ],
  ['an unknown type', { type: 'COUPON' }, /type must be one of/],
  ['a discount voucher without discount', { type: 'DISCOUNT_VOUCHER' }, /discount is required/],
  ['an unknown discount type', discount({ type: 'BOGO' }), /discount\.type must be one of/],
  [
    'a fractional amount_off',
    discount({ type: 'AMOUNT', amount_off: 9.5 }),
    /discount\.amount_off must be an integer/,
  ],
  ['a negative amount_off', discount({ type: 'AMOUNT', amount_off: -1 }), /discount\.amount_off/],
  [
    'an amount effect that is not one',
    discount({ type: 'AMOUNT', amount_off: 1, effect: 'ADD_NEW_ITEMS' }),
    /discount\.effect/,
  ],
  [
    'percent_off over 100',
    discount({ type: 'PERCENT', percent_off: 101 }),
    /percent_off must be a number from 0 to 100/,
  ],
  [
    'a fractional amount_limit',
    discount({ type: 'PERCENT', percent_off: 5, amount_limit: 1.5 }),
    /amount_limit/,
  ],
  [
    'a percent effect of the amount kind',
    discount({ type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }),
    /discount\.effect/,
  ],
  [
    'a unit discount without unit_type',
    discount({ type: 'UNIT', unit_off: 1 }),
    /discount\.unit_type is required/,
  ],
  [
    'a unit discount without unit_off',
    discount({ type: 'UNIT', unit_type: 'prod_1' }),
    /discount\.unit_off is required/,
  ],
  [
    'ADD_MANY_ITEMS without units',
    discount({ type: 'UNIT', unit_off: 1, unit_type: 'p', effect: 'ADD_MANY_ITEMS' }),
    /needs discount\.units/,
  ],
  [
    'units with another effect',
    discount({
      type: 'UNIT',
      effect: 'ADD_NEW_ITEMS',
      units: [{ unit_off: 1, unit_type: 'p', effect: 'ADD_NEW_ITEMS' }],
    }),
    /must be ADD_MANY_ITEMS/,
  ],
  [
    'a unit item without effect',
    discount({ type: 'UNIT', units: [{ unit_off: 1, unit_type: 'p' }] }),
    /discount\.units\[0\]\.effect is required/,
  ],
  ['an empty units list', discount({ type: 'UNIT', units: [] }), /discount\.units must hold at least one/],
  [
    'a fixed discount without fixed_amount',
    discount({ type: 'FIXED' }),
    /discount\.fixed_amount is required/,
  ],
  ['a gift without amount', { type: 'GIFT_VOUCHER', code: 'G', gift: {} }, /gift\.amount is required/],
  [
    'a gift without code or code_config',
    { type: 'GIFT_VOUCHER', gift: { amount: 1 } },
    /code or code_config is required/,
  ],
  [
    'a gift effect of the amount kind',
    { type: 'GIFT_VOUCHER', code: 'G', gift: { amount: 1, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' } },
    /gift\.effect/,
  ],
  [
    'a loyalty card without points',
    { type: 'LOYALTY_CARD', campaign: 'Loyalty Club', loyalty_card: {} },
    /loyalty_card\.points is required/,
  ],
  [
    'a loyalty card without campaign',
    { type: 'LOYALTY_CARD', loyalty_card: { points: 1 } },
    /campaign or campaign_id is required/,
  ],
  ['an empty code', { ...percent, code: '' }, /code must not be empty/],
  ['a code that is not a string', { ...percent, code: 42 }, /code must be a string/],
  ['a zero code length', { ...percent, code_config: { length: 0 } }, /code_config\.length/],
  [
    'a start date that is not ISO 8601',
    { ...percent, start_date: '01/02/2026' },
    /start_date must be an ISO 8601 date-time/,
  ],
  ['a day that does not exist', { ...percent, start_date: '2026-02-30' }, /start_date must be an ISO 8601/],
  [
    'an expiration before the start',
    { ...percent, start_date: '2026-02-01', expiration_date: '2026-01-01' },
    /expiration_date must not be before start_date/,
  ],
  [
    'a timeframe without start_date',
    { ...percent, validity_timeframe: { duration: 'PT1H' } },
    /start_date is required when validity_timeframe/,
  ],
  [
    'a timeframe duration that is not ISO 8601',
    { ...percent, start_date: '2026-01-01', validity_timeframe: { duration: '1h' } },
    /validity_timeframe\.duration must be an ISO 8601 duration/,
  ],
  [
    'a day of week of 7',
    { ...percent, validity_day_of_week: [1, 7] },
    /validity_day_of_week\[1\] must be an integer from 0 to 6/,
  ],
  [
    'a validity hour that is not HH:mm',
    hours({ start_time: '9:00', expiration_time: '10:00', days_of_week: [1] }),
    /validity_hours\.daily\[0\]\.start_time must be a time in HH:mm/,
  ],
  [
    'a validity hour without days',
    hours({ start_time: '09:00', expiration_time: '10:00' }),
    /daily\[0\]\.days_of_week is required/,
  ],
  [
    'overlapping validity hours on a common day',
    hours(
      { start_time: '09:00', expiration_time: '12:00', days_of_week: [1, 2] },
      { start_time: '11:00', expiration_time: '13:00', days_of_week: [2] },
    ),
    /daily\[1\] must not overlap validity_hours\.daily\[0\]/,
  ],
  [
    'a night period running into the next day',
    hours(
      { start_time: '22:00', expiration_time: '02:00', days_of_week: [6] },
      { start_time: '01:00', expiration_time: '03:00', days_of_week: [0] },
    ),
    /must not overlap/,
  ],
  [
    'a redemption quantity of 0',
    { ...percent, redemption: { quantity: 0 } },
    /redemption\.quantity must be an integer greater than or equal to 1/,
  ],
  ['metadata that is an array', { ...percent, metadata: [] }, /metadata must be an object/],
  ['validation rules that are not strings', { ...percent, validation_rules: [5] }, /validation_rules\[0\]/],
  ['active that is not a boolean', { ...percent, active: 'yes' }, /active must be a boolean/],
];

describe('create voucher validation', () => {
  it.each(refused)('refuses %s with 400 invalid_payload', (_name, body, details) => {
    const error = attempt(body);
    expect(error).toMatchObject({ status: 400, key: 'invalid_payload', message: 'Invalid payload' });
    expect(error?.details).toMatch(details);
  });

  const accepted: Array<[string, unknown]> = [
    [
      'every amount effect',
      discount({ type: 'AMOUNT', amount_off: 0, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' }),
    ],
    [
      'a fractional percent_off',
      discount({ type: 'PERCENT', percent_off: 12.5, amount_limit: 600, effect: 'APPLY_TO_ITEMS' }),
    ],
    [
      'a single unit discount',
      discount({ type: 'UNIT', unit_off: 2, unit_type: 'prod_1', effect: 'ADD_SAME_ITEMS' }),
    ],
    [
      'a multiple unit discount',
      discount({
        type: 'UNIT',
        effect: 'ADD_MANY_ITEMS',
        units: [{ unit_off: 1, unit_type: 'p', effect: 'ADD_MISSING_ITEMS' }],
      }),
    ],
    ['a fixed discount', discount({ type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ORDER' })],
    [
      'a gift with code_config',
      { type: 'GIFT_VOUCHER', code_config: { pattern: 'GC-##' }, gift: { amount: 0 } },
    ],
    [
      'validity hours that only touch',
      hours(
        { start_time: '09:00', expiration_time: '12:00', days_of_week: [1] },
        { start_time: '12:00', expiration_time: '13:00', days_of_week: [1] },
      ),
    ],
    [
      'the same hours on different days',
      hours(
        { start_time: '09:00', expiration_time: '12:00', days_of_week: [1] },
        { start_time: '09:00', expiration_time: '12:00', days_of_week: [2] },
      ),
    ],
    [
      'nulls that the service itself returns',
      { ...percent, code: null, start_date: null, metadata: null, redemption: { quantity: null } },
    ],
    ['unknown extra fields', { ...percent, object: 'voucher', holder_id: 'cust_1' }],
  ];

  it.each(accepted)('accepts %s', (_name, body) => {
    expect(attempt(body)).toBeUndefined();
  });
});
