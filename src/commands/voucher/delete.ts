// promo voucher delete <code>... [--force] [--ignore-missing] [--input FILE|-]: to the bin, or
// for good with --force. Asks first on a terminal; without one it needs --yes.
import type { ApiClient } from '../../api/client.js';
import { deleteVoucher } from '../../api/vouchers.js';
import { ApiError, ExitCode, UsageError } from '../../base/errors.js';
import {
  BULK_HELP,
  type BulkFlags,
  type BulkItem,
  parseBulkFlags,
  runBulk,
  runBulkInput,
} from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { defineArgs, defineCommand, defineOptions, type Input } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { confirmOrCancel } from '../confirm.js';
import { deleteAction } from './bulk-actions.js';
import { checkCode } from './code.js';
import { CODE_LIST, codeColumns, codesInputOption, recordCode } from './codes-input.js';
import { withMissingHint } from './missing.js';

export interface DeleteOptions {
  codes: string[];
  inputSource?: string;
  force: boolean;
  ignoreMissing: boolean;
  bulk: BulkFlags;
}

const args = defineArgs({ codes: { help: 'voucher codes', variadic: true } });

const options = defineOptions({
  force: {
    type: 'switch',
    help: 'remove permanently (cannot be undone; the code can then be used again)',
  },
  ignoreMissing: { type: 'switch', help: 'a voucher that does not exist is not an error (exit 0)' },
  input: codesInputOption,
  ...bulkOptions,
});

export interface DeleteResult {
  code: string;
  deleted: boolean;
  permanent?: boolean;
  missing?: boolean;
  /** The first attempt's answer was lost and the retry answered 404: that attempt deleted it. */
  answerLost?: boolean;
}

export function parseDeleteOptions(flags: Input<typeof args, typeof options>): DeleteOptions {
  const { codes } = flags;
  if (codes.length === 0 && flags.input === undefined) {
    throw new UsageError('give the codes to delete, or --input FILE|- with one code a line');
  }
  if (codes.length > 0 && flags.input !== undefined)
    throw new UsageError('give the codes to delete as arguments or with --input, not both');
  return {
    codes: codes.map((code) => checkCode(code, 'CODE')),
    inputSource: flags.input,
    force: flags.force,
    ignoreMissing: flags.ignoreMissing,
    bulk: parseBulkFlags(flags),
  };
}

/** Positional codes: the same code twice would only fail the second time, once is enough. */
function itemsToDelete(codes: string[]): BulkItem<string>[] {
  return [...new Set(codes)].map((code) => ({ label: code, payload: code }));
}

function question(codes: string[], profile: string, force: boolean, total = codes.length): string {
  const shown = total <= 5 ? codes.join(', ') : `${codes.slice(0, 5).join(', ')} and ${total - 5} more`;
  const what = total === 1 ? `voucher ${shown}` : `${total} vouchers (${shown})`;
  return force
    ? `Permanently delete ${what} on profile '${profile}'? This cannot be undone; the codes become free to reuse.`
    : `Move ${what} to the bin on profile '${profile}'? The codes stay taken; --force would delete for good.`;
}

/** --input: one code a line (or a CSV code column, or NDJSON with a code field), as a bulk run. */
function deleteMany(input: string, options: DeleteOptions, rt: Runtime): Promise<number> {
  return runBulkInput(rt, {
    command: 'voucher delete',
    input,
    read: CODE_LIST,
    columns: codeColumns,
    prepare: recordCode,
    action: deleteAction(options.force, options.ignoreMissing),
    flags: options.bulk,
    dryRun: false,
    confirm: async (first, total) => {
      const { profile } = await rt.target();
      const what = `the codes read from ${input === '-' ? 'stdin' : input}`;
      await confirmOrCancel(
        rt,
        total === null
          ? `${options.force ? 'Permanently delete' : 'Move to the bin'} ${what} on profile '${profile}'?`
          : question(first, profile, options.force, total),
      );
    },
  });
}

export async function run(options: DeleteOptions, rt: Runtime): Promise<number> {
  if (options.inputSource !== undefined) return deleteMany(options.inputSource, options, rt);
  const items = itemsToDelete(options.codes);
  const target = await rt.target();
  await confirmOrCancel(
    rt,
    question(
      items.map((i) => i.payload),
      target.profile,
      options.force,
    ),
  );
  const client = await rt.client();
  const send = (code: string) => withMissingHint(client, code, () => deleteOne(client, code, options));
  // One code: its result, as any single-object command prints it; an error is the run's error.
  if (items.length === 1) {
    const result = await send(items[0]!.payload);
    if (rt.out.isJson) await rt.out.json(result);
    else await rt.out.success(`${result.code}: ${describeResult(result)}`);
    return ExitCode.ok;
  }
  const report = await runBulk<string, DeleteResult>(rt, {
    items,
    send,
    describe: describeResult,
    noun: ['voucher', 'vouchers'],
    done: options.force ? 'deleted' : 'moved to the bin',
    nothingDone: { test: (r) => r.missing === true, label: 'not found (ignored)' },
    // Only missing vouchers: not found (3); anything else failed too: partial (7).
    failureExit: (failures) =>
      failures.every((f) => f.error instanceof ApiError && f.error.status === 404)
        ? ExitCode.notFound
        : ExitCode.partial,
  });
  return report.exitCode;
}

async function deleteOne(client: ApiClient, code: string, options: DeleteOptions): Promise<DeleteResult> {
  try {
    await deleteVoucher(client, code, options.force);
    return { code, deleted: true, permanent: options.force };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      // The first attempt reached the service and its answer was lost; the retry finds the
      // voucher gone because that attempt deleted it.
      if (error.afterLostAnswer) return { code, deleted: true, permanent: options.force, answerLost: true };
      if (options.ignoreMissing) return { code, deleted: false, missing: true };
    }
    throw error;
  }
}

function describeResult(r: DeleteResult): string {
  return `${r.missing ? 'not found (ignored)' : r.permanent ? 'deleted permanently' : 'moved to the bin'}${
    r.answerLost ? ' (the first answer was lost; the retry found it gone)' : ''
  }`;
}

export default defineCommand({
  path: ['voucher', 'delete'],
  aliases: ['rm'],
  summary: 'Delete vouchers: to the bin, or permanently with --force (asks first; --yes without a terminal)',
  description: `One code: its result ({"code","deleted","permanent"} with -o json). Several: each code's outcome
(one JSON line per code with -o json). Exit 3 when a voucher was
not found (unless --ignore-missing), 7 when other deletions failed, 8 when you decline. With
--input, a code not found is a failed line (skipped with --ignore-missing), and a delete whose
answer was lost is sent again: its 404 then means the first one deleted it.
${BULK_HELP}`,
  examples: [
    'promo voucher delete SUMMER-2026',
    'promo voucher delete OLD-1 OLD-2 --force --yes',
    'promo voucher delete --input expired-codes.txt --yes --ignore-missing',
    'promo voucher create --type discount --percent-off 5 --json | jq -r .code | promo voucher delete --input - --yes',
    'promo voucher delete --input old-codes.txt --yes --results delete-run.ndjson',
    'promo voucher delete --input old-codes.txt --yes --resume delete-run.ndjson',
  ],
  args,
  options,
  run: (input, rt) => run(parseDeleteOptions(input), rt),
});
