// `rule assign <rule> --input FILE|-`: the rule assigned to each code a line names (one a line, a
// CSV code column, or NDJSON {"code"}), through the bulk journal. A line is never assigned twice:
// its request looks the rule's assignments up first, the service refuses a second assignment of a
// rule to the same code, and a line whose answer was lost is read back the same way.
import type { ApiClient } from '../../api/client.js';
import { assignRequest, assignRule } from '../../api/validation-rules.js';
import { getVoucher } from '../../api/vouchers.js';
import { UsageError } from '../../base/errors.js';
import {
  BULK_HELP,
  type BulkAction,
  type BulkFlags,
  type InputRecord,
  runBulkInput,
} from '../../bulk/index.js';
import type { Runtime } from '../../runtime/runtime.js';
import { ruleId } from './ref.js';
import { findAssignment } from './target.js';

export const ASSIGN_INPUT_HELP = `
--input FILE|- assigns the rule to each code the file names: one a line, a CSV code column, or NDJSON
{"code": ...}. A code it is already assigned to counts as done; a line whose answer was lost is read
back (the rule's assignments) before anything is sent again.
${BULK_HELP}`;

function checked(code: string): string {
  const text = code.trim();
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text))
    throw new UsageError('the code must not be empty or hold control characters');
  return text;
}

function recordCode(record: InputRecord): string {
  if (record.format === 'lines') return checked(record.value);
  if (record.format === 'csv') return checked(Object.values(record.value)[0] ?? '');
  const code = record.value.code;
  if (typeof code !== 'string') throw new UsageError('needs a "code" field holding a string');
  return checked(code);
}

function codeColumn(columns: string[]): void {
  const unknown = columns.find((column) => column.toLowerCase() !== 'code');
  if (unknown) throw new UsageError(`--input: unknown CSV column '${unknown}' (the only column is code)`);
}

async function voucherId(client: ApiClient, code: string): Promise<string> {
  return String((await getVoucher(client, code)).id);
}

/** The action for one rule, named by id or name: a name is looked up once, with the run's client. */
function assignAction(ref: string): BulkAction<string> {
  let resolved: Promise<string> | undefined;
  const idOf = (client: ApiClient) => {
    resolved ??= ruleId(client, ref);
    return resolved;
  };
  return {
    status: 'created',
    code: (code) => code,
    async send(client, code) {
      const rule = await idOf(client);
      const id = await voucherId(client, code);
      const found = await findAssignment(client, rule, id);
      if (found) return { code, id: found.id };
      return { code, id: (await assignRule(client, rule, 'voucher', id)).id };
    },
    // --dry-run is not offered: the voucher's id is only known by asking the service.
    request: (code) => assignRequest(ref, 'voucher', code),
    async check(client, code) {
      const found = await findAssignment(client, await idOf(client), await voucherId(client, code));
      return found ? { code, id: found.id } : 'absent';
    },
    // The service refuses a second assignment of the rule to the same code: sending again is safe.
    repeatable: true,
    afterLoss: (error) => (error.body.key === 'duplicate_found' ? 'check' : undefined),
  };
}

export function assignMany(rule: string, input: string, bulk: BulkFlags, rt: Runtime): Promise<number> {
  return runBulkInput(rt, {
    command: `rule assign ${rule}`,
    input,
    read: { formats: ['ndjson', 'lines', 'csv'], headerNames: ['code'] },
    columns: codeColumn,
    prepare: recordCode,
    action: assignAction(rule),
    flags: bulk,
    dryRun: false,
  });
}
