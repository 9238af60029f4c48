// promo voucher enable|disable <code>... [--input FILE|-]: switch vouchers on or off. Each sets a
// state, whatever it was, so a run can be repeated safely.
import { setVoucherActive, setVoucherActiveRequest, type Voucher } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import { BULK_HELP, type BulkAction, parseBulkFlags, runBulk, runBulkInput } from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { checkCode } from './code.js';
import { CODE_LIST, codeColumns, codeItems, codesInputOption, recordCode } from './codes-input.js';
import { withMissingHint } from './missing.js';

const args = defineArgs({ codes: { help: 'voucher codes', variadic: true, parse: checkCode } });

const options = defineOptions({
  input: codesInputOption,
  ...bulkOptions,
});

/** Setting a state twice does no harm: a line whose answer was lost is simply sent again. */
export function activeAction(active: boolean): BulkAction<string> {
  return {
    status: 'updated',
    code: (code) => code,
    async send(client, code) {
      const voucher = await setVoucherActive(client, code, active);
      return { code: voucher.code, id: voucher.id };
    },
    request: (code) => setVoucherActiveRequest(code, active),
    repeatable: true,
  };
}

async function run(active: boolean, input: Input<typeof args, typeof options>, rt: Runtime): Promise<number> {
  if (input.codes.length === 0 && input.input === undefined) {
    throw new UsageError(
      `give the codes to ${active ? 'enable' : 'disable'}, or --input FILE|- with one code a line`,
    );
  }
  const bulk = parseBulkFlags(input);
  if (input.input !== undefined) {
    if (input.codes.length > 0) throw new UsageError('give the codes as arguments or with --input, not both');
    return runBulkInput(rt, {
      command: `voucher ${active ? 'enable' : 'disable'}`,
      input: input.input,
      read: CODE_LIST,
      columns: codeColumns,
      prepare: recordCode,
      action: activeAction(active),
      flags: bulk,
      dryRun: false,
    });
  }
  const items = await codeItems(input.codes, undefined, rt);
  const client = await rt.client();
  // One code or many, the same shape: a result line per code (the voucher under `result`).
  const report = await runBulk<string, Voucher>(rt, {
    items,
    send: (code) => withMissingHint(client, code, () => setVoucherActive(client, code, active)),
    describe: () => (active ? 'enabled' : 'disabled'),
    noun: ['voucher', 'vouchers'],
    done: active ? 'enabled' : 'disabled',
  });
  return report.exitCode;
}

const help = (
  verb: string,
) => `One code or several: one result line per code, the same shape whatever their number
(-o json: {"item", "ok", "result": the voucher} or {"item", "ok": false, "error"}); exit 7 when
some of several failed, the failure's own code (3: not found) when the one did.
${verb === 'enable' ? 'Enabling' : 'Disabling'} a voucher that already is ${verb}d changes nothing and succeeds.
${BULK_HELP}`;

export const enable = defineCommand({
  path: ['voucher', 'enable'],
  summary: 'Switch vouchers on (active), by code or from --input',
  description: help('enable'),
  examples: ['promo voucher enable SUMMER20', 'promo voucher enable --input codes.txt -o json'],
  args,
  options,
  run: (input, rt) => run(true, input, rt),
});

export const disable = defineCommand({
  path: ['voucher', 'disable'],
  summary: 'Switch vouchers off (inactive), by code or from --input',
  description: help('disable'),
  examples: [
    'promo voucher disable OLD-1 OLD-2',
    'promo voucher list --campaign "Summer Sale" --all -o ndjson | promo voucher disable --input -',
  ],
  args,
  options,
  run: (input, rt) => run(false, input, rt),
});
