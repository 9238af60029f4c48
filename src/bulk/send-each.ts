// The whole `--input` flow of a command that sends one request per record: read the input, turn
// every record into a payload (all checked before anything is sent), then print the requests
// (--dry-run) or send them through runBulk. Voucher create and event send differ only in the
// functions they hand over.
import type { ApiClient, ApiRequest } from '../api/client.js';
import { printDryRun } from '../output/dry-run.js';
import type { Runtime } from '../runtime.js';
import { prepareAll } from './errors.js';
import { type InputRecord, readInput } from './read.js';
import { runBulk } from './runner.js';

export interface SendEachOptions<Payload, Result, Roles> {
  source: string;
  skip: number;
  dryRun: boolean;
  /** Checks a CSV header once (an unknown column is a UsageError) and says what each column sets. */
  columns(names: string[]): Roles;
  /** One record's payload, validated; throw UsageError for a bad record. */
  prepare(record: InputRecord, roles: Roles | undefined): Payload;
  request(payload: Payload): ApiRequest;
  send(client: ApiClient, payload: Payload): Promise<Result>;
  describe(result: Result): string;
  noun: [string, string];
  done: string;
}

/** Returns the exit code and what succeeded, for the caller's table. */
export async function sendEach<Payload, Result, Roles>(
  rt: Runtime,
  o: SendEachOptions<Payload, Result, Roles>,
): Promise<{ exitCode: number; succeeded: Array<{ line?: number; result: Result }> }> {
  const input = await readInput(o.source, '--input', rt.ctx.stdin, { formats: ['ndjson', 'csv'] });
  const roles = input.columns ? o.columns(input.columns) : undefined;
  const records = input.records.slice(o.skip);
  const payloads = prepareAll(
    records,
    (r: InputRecord) => `line ${r.line}`,
    (r) => o.prepare(r, roles),
    `--input has invalid ${o.noun[1]}`,
  );
  const items = records.map((r, i) => ({ label: `line ${r.line}`, line: r.line, payload: payloads[i]! }));
  if (items.length === 0) {
    rt.out.notice(o.skip ? `Nothing left after --skip ${o.skip}.` : `--input holds no ${o.noun[1]}.`);
    return { exitCode: 0, succeeded: [] };
  }
  const client = await rt.client();
  if (o.dryRun) {
    for (const [i, item] of items.entries()) {
      const request = await client.dryRun(o.request(item.payload));
      if (rt.out.isJson)
        rt.out.text(JSON.stringify({ item: o.skip + i + 1, line: item.line, dry_run: true, request }));
      else await printDryRun(rt.out, request);
    }
    return { exitCode: 0, succeeded: [] };
  }
  const report = await runBulk<Payload, Result>(rt, {
    items,
    skipped: o.skip,
    send: (payload) => o.send(client, payload),
    describe: o.describe,
    noun: o.noun,
    done: o.done,
  });
  const succeeded = report.outcomes.flatMap((r) => (r.ok ? [{ line: r.item.line, result: r.result }] : []));
  return { exitCode: report.exitCode, succeeded };
}
