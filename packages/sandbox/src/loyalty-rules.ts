// A loyalty program's rules for when points it gives expire (`loyalty_card.expiration_rules` of its
// campaign): checked when the program is made, applied when points are added under PROGRAM_RULES.
import { day } from './loyalty-figures.js';
import { notImitated } from './redeem-request.js';
import type { SandboxState } from './types.js';
import { invalid, type Json } from './voucher-check.js';

/**
 * A program's `loyalty_card.expiration_rules`, checked: MONTH (`period_value` months after the
 * points came) and FIXED_DAY_OF_YEAR (the next `fixed_month`/`fixed_day`) are imitated; a rounding
 * is not, and is refused by name rather than half applied.
 */
export function readExpirationRules(card: Json): Json | undefined {
  const rules = card.expiration_rules;
  if (rules === undefined || rules === null) return undefined;
  const bad = (rule: string) => invalid('voucher.loyalty_card.expiration_rules', rule);
  if (typeof rules !== 'object' || Array.isArray(rules)) bad('must be an object');
  const r = rules as Json;
  if (r.rounding_type !== undefined && r.rounding_type !== null)
    throw notImitated('a rounding of loyalty points expiration (expiration_rules.rounding_type)');
  const whole = (key: string, min: number, max: number) => {
    const value = r[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      bad(`${key} must be a whole number from ${min} to ${max}`);
    return value as number;
  };
  if (r.period_type === 'MONTH')
    return { period_type: 'MONTH', period_value: whole('period_value', 1, 1200) };
  if (r.period_type === 'FIXED_DAY_OF_YEAR')
    return {
      period_type: 'FIXED_DAY_OF_YEAR',
      fixed_month: whole('fixed_month', 1, 12),
      fixed_day: whole('fixed_day', 1, 31),
    };
  return bad('period_type must be MONTH or FIXED_DAY_OF_YEAR');
}

/**
 * The expiry date PROGRAM_RULES gives points added now: the program's (the card's campaign's)
 * `loyalty_card.expiration_rules`, or none.
 */
export function programExpiry(state: SandboxState, voucher: Json, nowMs: number): string | null {
  const campaign = state.campaigns.find((c) => c.id === voucher.campaign_id);
  const loyalty = (campaign?.voucher?.loyalty_card ?? voucher.loyalty_card) as Json | undefined;
  const rules = loyalty?.expiration_rules as Json | undefined;
  const at = new Date(nowMs);
  if (rules?.period_type === 'MONTH') {
    at.setUTCMonth(at.getUTCMonth() + Number(rules.period_value));
    return day(at.getTime());
  }
  if (rules?.period_type === 'FIXED_DAY_OF_YEAR') {
    const on = (year: number) => day(Date.UTC(year, Number(rules.fixed_month) - 1, Number(rules.fixed_day)));
    const thisYear = on(at.getUTCFullYear());
    return thisYear >= day(nowMs) ? thisYear : on(at.getUTCFullYear() + 1);
  }
  return null;
}
