// `voucher import <FILE|-> [--wait] [--dry-run] [--results FILE]`: check every line, cut the file
// into requests of at most 10 MB, queue them, and either say how to follow the jobs or follow
// them to their end and write one result line per voucher.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AsyncAction, failuresOf } from '../../api/async-actions.js';
import { importToCampaignRequest } from '../../api/campaigns.js';
import { importVouchersRequest } from '../../api/voucher-import.js';
import { ExitCode } from '../../base/errors.js';
import { readInput } from '../../bulk/index.js';
import { ensurePrivateDir } from '../../config/paths.js';
import type { Column } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { followJobs, jobOutcome } from '../shared/job-follow.js';
import { campaignImportItem, importChunks, importItem, importLines } from './import-items.js';
import { type QueuedJob, queueImport } from './import-send.js';

export interface ImportOptions {
  source: string;
  wait: boolean;
  dryRun: boolean;
  results?: string;
  /** Into this campaign (by name or id), through its own import; else the standalone import. */
  campaign?: string;
}

interface ResultLine {
  line: number;
  status: 'created' | 'failed' | 'unknown';
  code: string;
  job: string;
  error?: { reason: string };
}

const span = (job: { lines: Array<{ line: number }> }) => `${job.lines[0]!.line}-${job.lines.at(-1)!.line}`;

export async function runImport(options: ImportOptions, rt: Runtime): Promise<number> {
  const input = await readInput(options.source, 'FILE', rt.ctx, { formats: ['ndjson', 'csv'] });
  const { campaign } = options;
  const item = campaign === undefined ? importItem : campaignImportItem;
  const chunks = importChunks(importLines(input.records, input.columns, item));
  const client = await rt.client();
  if (options.dryRun) {
    for (const chunk of chunks) {
      const vouchers = chunk.map((l) => l.voucher);
      const request = await client.dryRun(
        campaign === undefined
          ? importVouchersRequest(vouchers)
          : importToCampaignRequest(campaign, vouchers),
      );
      if (rt.out.isJson)
        rt.out.text(JSON.stringify({ dry_run: true, lines: span({ lines: chunk }), request }));
      else
        rt.out.text(
          `${request.method} ${request.url}: ${chunk.length} vouchers (lines ${span({ lines: chunk })})`,
        );
    }
    rt.out.notice(
      `Dry run: ${chunks.length} import request${chunks.length === 1 ? '' : 's'} checked; nothing was sent.`,
    );
    return ExitCode.ok;
  }
  const jobs = await queueImport(client, chunks, rt, campaign);
  const ids = jobs.map((job) => job.id);
  const vouchers = jobs.reduce((n, job) => n + job.lines.length, 0);
  if (!options.wait) {
    await rt.out.list(
      jobs.map((job) => ({ async_action_id: job.id })),
      queuedColumns(jobs),
    );
    rt.out.notice(
      `Queued ${vouchers} vouchers in ${jobs.length} import job${jobs.length === 1 ? '' : 's'}. Follow: promo job wait ${ids.join(' ')}`,
    );
    return ExitCode.ok;
  }
  const finals = await followJobs(ids, rt);
  const results = resultLines(jobs, finals);
  const path = options.results ?? defaultResultsPath(rt, campaign !== undefined);
  writeFileSync(path, results.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
  const failed = results.filter((r) => r.status !== 'created');
  if (rt.out.isJson) await rt.out.json(finals);
  else await rt.out.list(failed, failureColumns, 'No voucher failed.');
  for (const action of finals) rt.out.notice(jobOutcome(action));
  const imported = results.length - failed.length;
  rt.out.notice(
    `Imported ${imported} of ${results.length} vouchers${failed.length ? `; ${failed.length} not imported` : ''}. Results: ${path}`,
  );
  return failed.length === 0 ? ExitCode.ok : ExitCode.partial;
}

/** One line per voucher: created unless the job names it failed; a failed job leaves the rest unknown. */
function resultLines(jobs: QueuedJob[], finals: AsyncAction[]): ResultLine[] {
  return jobs.flatMap((job, i) => {
    const action = finals[i]!;
    const reasons = new Map(failuresOf(action).map((f) => [String(f.code), String(f.reason ?? 'failed')]));
    return job.lines.map(({ line, voucher }): ResultLine => {
      const code = String(voucher.code);
      const reason = reasons.get(code);
      if (reason !== undefined) return { line, status: 'failed', code, job: job.id, error: { reason } };
      if (action.status === 'FAILED') {
        return {
          line,
          status: 'unknown',
          code,
          job: job.id,
          error: { reason: action.result?.message ?? 'the job failed' },
        };
      }
      return { line, status: 'created', code, job: job.id };
    });
  });
}

function defaultResultsPath(rt: Runtime, intoCampaign: boolean): string {
  const dir = join(rt.dirs.state, 'results');
  ensurePrivateDir(dir);
  const stamp = new Date(rt.ctx.now()).toISOString().replace(/[:.]/g, '-');
  return join(dir, `${intoCampaign ? 'campaign' : 'voucher'}-import-${stamp}.jsonl`);
}

function queuedColumns(jobs: QueuedJob[]): Column<{ async_action_id: string }>[] {
  const of = (id: string) => jobs.find((job) => job.id === id)!;
  return [
    { header: 'Job', value: (a) => a.async_action_id, id: true },
    { header: 'Vouchers', value: (a) => of(a.async_action_id).lines.length },
    { header: 'Lines', value: (a) => span(of(a.async_action_id)) },
  ];
}

const failureColumns: Column<ResultLine>[] = [
  { header: 'Line', value: (r) => r.line },
  { header: 'Code', value: (r) => r.code, id: true },
  { header: 'Status', value: (r) => r.status },
  { header: 'Reason', value: (r) => r.error?.reason, text: true },
];
