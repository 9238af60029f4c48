// How a points change reaches a member: `POST /v1/loyalties/members/{code}/balance`, with the expiry
// of added points (a day, never, or the program's rules), for `loyalty points` alone and for each
// line of `loyalty points --input` (voucher/balance-input.ts, with the cards it takes).

import { BALANCE_KEYS } from 'promo-sandbox/facts/balances';
import { changePoints, type PointsChange, pointsRequest } from '../../api/loyalties.js';
import { UsageError } from '../../base/errors.js';
import type { BalanceInput } from '../voucher/balance-input.js';
import type { ChangeRoute, SentChange } from '../voucher/balance-once.js';

function pointsChange({ amount, source_id, reason, expires }: SentChange): PointsChange {
  return {
    points: amount,
    source_id,
    ...(reason === undefined ? {} : { reason }),
    // The vendor describes the date as a date-time: the day's start, in UTC.
    ...(expires === undefined
      ? {}
      : expires === 'never'
        ? { expiration_type: 'NON_EXPIRING' as const }
        : { expiration_type: 'CUSTOM_DATE' as const, expiration_date: `${expires}T00:00:00.000Z` }),
  };
}

export const POINTS_ROUTE: ChangeRoute = {
  request: (code, change) => pointsRequest(code, pointsChange(change)),
  send: (client, code, change) => changePoints(client, code, pointsChange(change)),
  trail: 'promo loyalty history',
  words: { [BALANCE_KEYS.notACard]: 'points go on loyalty cards, and this code is not one' },
};

export const POINTS_INPUT: BalanceInput = {
  command: 'loyalty points',
  route: POINTS_ROUTE,
  accepts(type, p) {
    if (type !== undefined && type !== 'LOYALTY_CARD')
      throw new UsageError(`"code": ${p.code} is not a loyalty card: points go on loyalty cards`);
  },
};
