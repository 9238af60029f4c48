// The condition flags of `rule create` and `rule update`, and the service's `rules` object they
// make: one numbered rule per condition, joined with "and". `--body` gives the whole object instead.
// Every value is checked before anything is sent (exit 2 naming the flag).
import type { ApiClient } from '../../api/client.js';
import { getSegment } from '../../api/segments.js';
import type { RuleBody } from '../../api/validation-rules.js';
import { ApiError, UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../input/json-source.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';
import { parseMoney } from '../shared/values.js';

const group = 'Conditions (combined with AND):';

function wholeCount(text: string, flag: string): number {
  const value = text.trim();
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(Number.isSafeInteger(n) && n >= 1))
    throw new UsageError(`${flag} must be a whole number from 1, not '${text}'`);
  return n;
}

function ref(text: string, flag: string): string {
  if (text.trim() === '' || /[\u0000-\u001f\u007f]/.test(text))
    throw new UsageError(`${flag} must be an id or source id, not empty and without control characters`);
  return text.trim();
}

function pair(text: string, flag: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} must be key=value (tier=gold), not '${text}'`);
  return [text.slice(0, at), text.slice(at + 1)];
}

export const ruleFlags = defineOptions({
  name: { type: 'value', value: 'name', help: 'the rule’s name (default: its conditions in words)' },
  minAmount: {
    type: 'value',
    value: 'amount',
    group,
    parse: parseMoney,
    help: 'order total at least this, in currency units (50.00)',
  },
  maxAmount: {
    type: 'value',
    value: 'amount',
    group,
    parse: parseMoney,
    help: 'order total at most this, in currency units',
  },
  product: {
    type: 'list',
    value: 'id',
    group,
    parse: ref,
    help: 'repeatable; the cart holds one of these products (prod_... or a source id)',
  },
  sku: {
    type: 'list',
    value: 'id',
    group,
    parse: ref,
    help: 'repeatable; the cart holds one of these SKUs (sku_... or a source id)',
  },
  minQuantity: {
    type: 'value',
    value: 'n',
    group,
    parse: wholeCount,
    help: 'with --product/--sku: at least N units of one of them',
  },
  perCustomer: {
    type: 'value',
    value: 'n',
    group,
    parse: wholeCount,
    help: 'each customer may use the code at most N times',
  },
  customerMetadata: {
    type: 'list',
    value: 'key=value',
    group,
    parse: pair,
    help: 'repeatable; the customer’s metadata holds this value',
  },
  segment: {
    type: 'value',
    value: 'id',
    group,
    parse: ref,
    help: 'the customer is in this segment (seg_..., looked up first)',
  },
  body: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: "the service's whole rules object from a JSON file, or - for stdin (numbered rules, logic, error.message)",
  },
});

export type RuleFlags = OptionValues<typeof ruleFlags>;

type Entry = Record<string, unknown>;

function itemRef(id: string, object: 'product' | 'sku'): Entry {
  const prefix = object === 'product' ? 'prod_' : 'sku_';
  return id.startsWith(prefix) ? { object, id } : { object, source_id: id };
}

/** The numbered rules the condition flags give (none when none is given). */
export function flagRules(flags: RuleFlags): Entry[] {
  const rules: Entry[] = [];
  const amount = (op: string, value: number) => ({ name: 'order.amount', conditions: { [op]: [value] } });
  if (flags.minAmount !== undefined) rules.push(amount('$more_than_equal', flags.minAmount));
  if (flags.maxAmount !== undefined) rules.push(amount('$less_than_equal', flags.maxAmount));
  if (flags.minAmount !== undefined && flags.maxAmount !== undefined && flags.minAmount > flags.maxAmount)
    throw new UsageError('--min-amount is more than --max-amount: no order could meet both');
  const items = [
    ...(flags.product ?? []).map((id) => itemRef(id, 'product')),
    ...(flags.sku ?? []).map((id) => itemRef(id, 'sku')),
  ];
  if (flags.minQuantity !== undefined && items.length === 0)
    throw new UsageError('--min-quantity counts units of --product or --sku: give one of them');
  if (items.length > 0) {
    const unit = (flags.product ?? []).length > 0 ? 'product.quantity' : 'sku.quantity';
    const quantity =
      flags.minQuantity === undefined
        ? {}
        : { 1: { name: unit, conditions: { $more_than_equal: [flags.minQuantity] } } };
    rules.push({ name: 'order.items.any', conditions: { $is: items }, rules: quantity });
  }
  if (flags.perCustomer !== undefined)
    rules.push({
      name: 'redemption.count.per_customer',
      conditions: { $less_than_equal: [flags.perCustomer] },
    });
  for (const [key, value] of flags.customerMetadata ?? [])
    rules.push({ name: 'customer.metadata', property: key, conditions: { $is: [value] } });
  if (flags.segment !== undefined)
    rules.push({ name: 'customer.segment', conditions: { $is: [flags.segment] } });
  return rules;
}

/** A segment the service does not hold is bad input (exit 2): looked up before the rule is sent. */
async function segmentExists(client: ApiClient, id: string): Promise<void> {
  try {
    await getSegment(client, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      throw new UsageError(`--segment ${id}: the service holds no segment with this id`);
    throw error;
  }
}

/** The `rules` object from the flags or --body; undefined when neither gives one. */
export async function rulesObject(flags: RuleFlags, rt: Runtime): Promise<RuleBody['rules']> {
  const numbered = flagRules(flags);
  if (flags.body !== undefined) {
    if (numbered.length > 0)
      throw new UsageError(
        '--body gives the whole rules object: put every condition in it, not in flags beside it',
      );
    return readJsonObject(flags.body, '--body', rt.ctx);
  }
  if (numbered.length === 0) return undefined;
  if (flags.segment !== undefined) await segmentExists(await rt.client(), flags.segment);
  const rules: Entry = Object.fromEntries(numbered.map((rule, i) => [String(i + 1), rule]));
  rules.logic = numbered.map((_, i) => String(i + 1)).join(' and ');
  return rules;
}
