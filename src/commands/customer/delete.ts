// promo customer delete <id|source_id>... [--permanently] [--input FILE|-]: deletes customers, or
// with --permanently deletes them for good (POST .../permanent-deletion) and prints the service's
// receipt. Asks first on a terminal; without one it needs --yes.
import { readAnswer } from '../../api/answer.js';
import type { ApiClient } from '../../api/client.js';
import {
  DELETION_RECEIPT,
  type DeletionReceipt,
  deleteCustomer,
  deleteCustomerRequest,
  deletePermanently,
  permanentDeletionRequest,
} from '../../api/customers.js';
import { ApiError, ExitCode, UsageError } from '../../base/errors.js';
import {
  BULK_HELP,
  type BulkAction,
  type InputRecord,
  parseBulkFlags,
  runBulk,
  runBulkInput,
} from '../../bulk/index.js';
import { defineArgs, defineCommand, defineOptions } from '../../toolkit/define.js';
import { bulkOptions } from '../bulk-options.js';
import { confirmOrCancel } from '../confirm.js';
import { checkCustomerRef } from './fields.js';
import { receiptCard } from './view.js';

const args = defineArgs({ customers: { help: 'customer ids (cust_...) or source ids', variadic: true } });

const options = defineOptions({
  permanently: {
    type: 'switch',
    help: 'delete for good with all the customer’s data, and print the service’s receipt',
  },
  input: {
    type: 'value',
    value: 'file',
    complete: 'files',
    help: 'customers from a file, or - for stdin: one a line, a CSV id or source_id column, or NDJSON',
  },
  ignoreMissing: {
    type: 'switch',
    help: 'a customer already gone (or never there) is not an error (exit 0)',
  },
  ...bulkOptions,
});

type Result = { customer: string; deleted: boolean; missing?: true; receipt?: DeletionReceipt };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function question(refs: string[], profile: string, permanently: boolean, total = refs.length): string {
  const shown = total <= 5 ? refs.join(', ') : `${refs.slice(0, 5).join(', ')} and ${total - 5} more`;
  const what = total === 1 ? `customer ${shown}` : `${total} customers (${shown})`;
  return permanently
    ? `Permanently delete ${what} and all their data on profile '${profile}'? This cannot be undone.`
    : `Delete ${what} on profile '${profile}'?`;
}

async function deleteOne(
  client: ApiClient,
  ref: string,
  permanently: boolean,
  ignoreMissing: boolean,
): Promise<Result> {
  try {
    if (permanently) return { customer: ref, deleted: true, receipt: await deletePermanently(client, ref) };
    await deleteCustomer(client, ref);
  } catch (error) {
    // The first attempt reached the service and its answer was lost; the retry finds the customer
    // gone because that attempt deleted it.
    if (isNotFound(error) && (error as ApiError).afterLostAnswer && !permanently)
      return { customer: ref, deleted: true };
    if (isNotFound(error) && ignoreMissing) return { customer: ref, deleted: false, missing: true };
    throw error;
  }
  return { customer: ref, deleted: true };
}

/** A delete sent twice does no harm: after a lost answer it is sent again, and a 404 then means the first did it. */
function deleteAction(permanently: boolean, ignoreMissing: boolean): BulkAction<string> {
  const request = (ref: string) => (permanently ? permanentDeletionRequest(ref) : deleteCustomerRequest(ref));
  return {
    status: 'deleted',
    code: (ref) => ref,
    async send(client, ref) {
      const answer = await client.call({ ...request(ref), idempotent: false });
      if (!permanently) return { code: ref };
      // The receipt's id stays in the journal and the results: the service keeps the receipt.
      const receipt = readAnswer(
        answer,
        DELETION_RECEIPT,
        'POST /v1/customers/{customerId}/permanent-deletion',
      );
      return { code: ref, id: receipt.id };
    },
    request,
    repeatable: true,
    afterLoss: (error) => (error.status === 404 ? 'done' : undefined),
    skips: (error) => (ignoreMissing && isNotFound(error) ? 'not found (--ignore-missing)' : undefined),
  };
}

function recordRef(record: InputRecord): string {
  if (record.format === 'lines') return checkCustomerRef(record.value.trim(), 'customer');
  const value = record.value as Record<string, unknown>;
  const ref = value.id ?? value.source_id ?? (record.format === 'csv' ? Object.values(value)[0] : undefined);
  if (typeof ref !== 'string') throw new UsageError('needs an "id" or "source_id" field holding a string');
  return checkCustomerRef(ref.trim(), 'customer');
}

function customerColumns(columns: string[]): void {
  const unknown = columns.find((c) => !['id', 'source_id', 'source-id'].includes(c.toLowerCase()));
  if (unknown || columns.length !== 1) {
    throw new UsageError(
      `--input: the CSV has one column, id or source_id${unknown ? `, not '${unknown}'` : ''}`,
    );
  }
}

export default defineCommand({
  path: ['customer', 'delete'],
  aliases: ['rm'],
  summary: 'Delete customers, or for good with --permanently (asks first; --yes without a terminal)',
  description: `One customer: the result ({"customer","deleted"}), or with --permanently the service's receipt
({id, status, related_object_id, data_json} with what was deleted: keep it, -o json > receipt.json).
Several: each one's outcome (one JSON line each with -o json). A customer deleted for good is gone:
get then exits 3. Exit 3 when a customer was not found (0 with --ignore-missing, which makes a
script's delete safe to repeat), 7 when other deletions failed, 8 when you decline. With --input, a delete whose answer was lost is sent again: its 404 then means the first
one deleted it (the receipt of a permanent deletion is then the service's to show, not promo's).
${BULK_HELP}`,
  examples: [
    'promo customer delete user-42',
    'promo customer delete user-42 --permanently --yes -o json > deletion-receipt.json',
    'promo customer delete user-42 --yes --ignore-missing',
    'promo customer delete --input churned.txt --yes --results churn-run.ndjson',
  ],
  args,
  options,
  run: async (flags, rt) => {
    const refs = [...new Set(flags.customers.map((ref) => checkCustomerRef(ref)))];
    if (refs.length === 0 && flags.input === undefined) {
      throw new UsageError('give the customers to delete, or --input FILE|- with one a line');
    }
    if (refs.length > 0 && flags.input !== undefined) {
      throw new UsageError('give the customers to delete as arguments or with --input, not both');
    }
    const bulk = parseBulkFlags(flags);
    const { permanently } = flags;
    if (flags.input !== undefined) {
      const input = flags.input;
      return runBulkInput(rt, {
        command: permanently ? 'customer delete --permanently' : 'customer delete',
        input,
        read: { formats: ['ndjson', 'lines', 'csv'], headerNames: ['id', 'source_id'] },
        columns: customerColumns,
        prepare: recordRef,
        action: deleteAction(permanently, flags.ignoreMissing),
        flags: bulk,
        dryRun: false,
        confirm: async (first, total) => {
          const { profile } = await rt.target();
          await confirmOrCancel(
            rt,
            total === null
              ? `${permanently ? 'Permanently delete' : 'Delete'} the customers read from ${input === '-' ? 'stdin' : input} on profile '${profile}'?`
              : question(first, profile, permanently, total),
          );
        },
      });
    }
    await confirmOrCancel(rt, question(refs, (await rt.target()).profile, permanently));
    const client = await rt.client();
    if (refs.length === 1) {
      const result = await deleteOne(client, refs[0]!, permanently, flags.ignoreMissing);
      if (result.receipt) await rt.out.record(result.receipt, receiptCard);
      else if (rt.out.isJson) await rt.out.json(result);
      else await rt.out.success(`${result.customer}: ${result.missing ? 'not found (ignored)' : 'deleted'}`);
      return ExitCode.ok;
    }
    const report = await runBulk<string, Result>(rt, {
      items: refs.map((ref) => ({ label: ref, payload: ref })),
      send: (ref) => deleteOne(client, ref, permanently, flags.ignoreMissing),
      describe: (r) =>
        r.missing
          ? 'not found (ignored)'
          : r.receipt
            ? `deleted for good (receipt ${r.receipt.id})`
            : 'deleted',
      noun: ['customer', 'customers'],
      done: permanently ? 'deleted for good' : 'deleted',
      failureExit: (failures) =>
        failures.every((f) => f.error instanceof ApiError && f.error.status === 404)
          ? ExitCode.notFound
          : ExitCode.partial,
    });
    return report.exitCode;
  },
});
