// promo loyalty earning-rules <program> [--enable ID | --disable ID]: what earns a program's members
// how many points, and whether each rule is on; switching one on or off sets a state (sent again
// after a lost answer, it does no harm).
import { type EarningRule, listEarningRules, switchEarningRule } from '../../api/earning-rules.js';
import { UsageError } from '../../base/errors.js';
import { type Column, formatMoney } from '../../output/table.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineCommand, defineOptions } from '../../toolkit/define.js';
import { programId } from './program-ref.js';
import { PROGRAM_ARG } from './refs.js';

const points = (n: number | undefined) => `${n} point${n === 1 ? '' : 's'}`;

/** What a rule gives, in words: a fixed number of points, or points per amount of the order. */
export function earns(rule: EarningRule): string {
  const loyalty = rule.loyalty as {
    type?: string;
    points?: number;
    order?: { amount?: Record<string, number> };
  };
  if (loyalty.type === 'FIXED') return points(loyalty.points);
  const amount = loyalty.order?.amount;
  if (amount?.every !== undefined)
    return `${points(amount.points)} per ${formatMoney(amount.every)} of the order`;
  return String(loyalty.type ?? '');
}

const columns: Column<EarningRule>[] = [
  { header: 'ID', value: (r) => r.id, id: true, whole: true },
  { header: 'Event', value: (r) => r.event },
  { header: 'Earns', value: earns, text: true },
  { header: 'Active', value: (r) => (r.active ? 'yes' : 'no') },
  { header: 'Banner', value: (r) => r.source?.banner, text: true, drop: 1 },
];

const options = defineOptions({
  enable: { type: 'value', value: 'rule', help: 'switch this earning rule on (its id, ern_...)' },
  disable: { type: 'value', value: 'rule', help: 'switch this earning rule off (its id, ern_...)' },
});

export default defineCommand({
  path: ['loyalty', 'earning-rules'],
  summary: "A program's earning rules: what earns how many points, on or off",
  description: `Each rule: the event that earns (order.paid, or a custom event's name), how many points,
and whether it is on. --enable or --disable switches one rule and prints it.`,
  examples: [
    "promo loyalty earning-rules 'Loyalty Club'",
    "promo loyalty earning-rules 'Loyalty Club' -o json | jq -r '.[] | select(.active) | .id'",
  ],
  args: PROGRAM_ARG,
  options,
  run: async ({ program, enable, disable }, rt: Runtime) => {
    if (enable !== undefined && disable !== undefined)
      throw new UsageError('--enable and --disable switch one rule each: give one');
    const client = await rt.client();
    const id = await programId(client, program);
    const ruleId = enable ?? disable;
    if (ruleId !== undefined) {
      const rule = await switchEarningRule(client, id, ruleId, enable !== undefined);
      await rt.out.record(rule, columns);
      return;
    }
    await rt.out.list(await listEarningRules(client, id), columns, 'The program has no earning rules.');
  },
});
