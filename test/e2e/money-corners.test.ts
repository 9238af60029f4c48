// The corners of the bulk runs that move money, each counted in what the sandbox holds: a file
// naming one multi-use code on several lines redeems it once per line (the service says whether the
// code allows it); an edited journal header is refused; a fresh run of a file that ran already
// (redeem, rollback, publication) is named before anything is sent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, ndjson } from '../helpers/input-files.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS, type Json } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const stamp = Date.now().toString(36);
let serial = 0;
const fresh = (stem: string) => `${stem}-${stamp}-${++serial}`;

async function voucher(code: string, quantity: number | null): Promise<void> {
  const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: {
      code,
      type: 'DISCOUNT_VOUCHER',
      discount: { type: 'AMOUNT', amount_off: 100 },
      redemption: { quantity },
    },
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
}

const redeemedOf = (code: string) =>
  (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
    (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
  ).length;
const redeemPosts = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath.startsWith('/v1/redemptions')).length;
const errorOf = (stderr: string) => jsonLines(stderr).find((l) => l.error)?.error;

describe('a redemption file naming one code on several lines', () => {
  it('redeems a multi-use code once per line; a single-use one is refused by the service, not by promo', async () => {
    const multi = fresh('MULTI');
    const single = fresh('SINGLE');
    await voucher(multi, 3);
    await voucher(single, 1);
    const input = join(fx.configDir, `${multi}.ndjson`);
    writeFileSync(
      input,
      ndjson(...[multi, multi, single, single].map((code, i) => ({ code, order: { amount: 1000 + i } }))),
    );
    const run = await fx.run(['voucher', 'redeem', '--input', input, '--concurrency', '1', '-o', 'json']);
    expect(run.code, run.stderr).toBe(7);
    const records = jsonLines(run.stdout);
    expect(records.map((r) => r.status)).toEqual(['created', 'created', 'created', 'failed']);
    expect(records[3].error.key).not.toBe('duplicate_in_input');
    expect(redeemPosts()).toBe(4);
    expect([redeemedOf(multi), redeemedOf(single)]).toEqual([2, 1]);
  });
});

/** A redemption whose answer is lost and whose look-up fails: the line is left unknown (exit 7). */
async function leftUnknown(code: string, journal: string): Promise<string> {
  await voucher(code, null);
  const input = join(fx.configDir, `${code}.ndjson`);
  writeFileSync(input, `${JSON.stringify({ code, order: { amount: 1500 } })}\n`);
  fx.sandbox.faults.push(
    { match: { method: 'POST', path: '/v1/redemptions' }, action: { reset: 'after-handling' } },
    { match: { method: 'GET', path: '/v1/redemptions' }, times: 10, action: { status: 500 } },
  );
  const run = await fx.run(['voucher', 'redeem', '--input', input, '--results', journal, '-o', 'json']);
  expect(run.code, run.stderr).toBe(7);
  expect(jsonLines(readFileSync(journal, 'utf8')).at(-2)).toMatchObject({ line: 1, status: 'unknown' });
  expect(redeemedOf(code)).toBe(1);
  fx.sandbox.faults.set({});
  return input;
}

/** The journal with its header replaced by `edit(header)`. */
function editHeader(journal: string, edit: (header: Json) => Json): void {
  const [first, ...rest] = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, [JSON.stringify(edit(JSON.parse(first!))), ...rest].join('\n'));
}

describe('a journal header edited by hand', () => {
  it('is refused whole (exit 2, naming the journal, nothing sent): its start makes the marks the resume looks up', async () => {
    const code = fresh('EDIT');
    const journal = join(fx.configDir, `${code}.journal`);
    const input = await leftUnknown(code, journal);
    editHeader(journal, (h) => ({
      ...h,
      started_at: new Date(Date.parse(h.started_at) - 60_000).toISOString(),
    }));
    const before = fx.sandbox.requests.length;
    const resumed = await fx.run(['voucher', 'redeem', '--input', input, '--resume', journal, '-o', 'json']);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(errorOf(resumed.stderr).message).toBe(
      `--resume: '${journal}' was edited: its header (line 1) is not the one promo wrote (its header_sha256 does not match); refusing to resume it`,
    );
    expect(fx.sandbox.requests.length).toBe(before);
    expect(redeemedOf(code)).toBe(1);
  });

  it('a journal of the previous format (no seal) is resumed only with --accept-old-journal, and then finds the redemption', async () => {
    const code = fresh('UNSEALED');
    const journal = join(fx.configDir, `${code}.journal`);
    const input = await leftUnknown(code, journal);
    editHeader(journal, ({ header_sha256: _seal, ...h }) => ({ ...h, journal: 'promo-bulk-journal/2' }));
    const resume = ['voucher', 'redeem', '--input', input, '--resume', journal, '-o', 'json'];
    const refused = await fx.run(resume);
    expect(refused.code, refused.stderr).toBe(2);
    expect(errorOf(refused.stderr).message).toMatch(
      /was written by an older promo, whose journal header was not sealed .*--accept-old-journal$/,
    );
    const resumed = await fx.run([...resume, '--accept-old-journal']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('whose header was not sealed');
    expect(jsonLines(resumed.stdout)).toMatchObject([{ line: 1, status: 'created', code }]);
    expect(redeemedOf(code)).toBe(1);
  });
});

describe('the same money-moving file run again as a fresh run', () => {
  it('is named before anything is sent: refused without a terminal, asked on one (no: exit 8), sent with --again', async () => {
    const code = fresh('AGAIN');
    await voucher(code, null);
    const input = join(fx.configDir, `${code}.ndjson`);
    writeFileSync(input, ndjson({ code, order: { amount: 1000 } }, { code, order: { amount: 2000 } }));
    const redeem = ['voucher', 'redeem', '--input', input, '-o', 'json'];
    const first = await fx.run(redeem);
    expect(first.code, first.stderr).toBe(0);
    const journalOf = (stderr: string) =>
      /^Journal: (.+) \(after/.exec(
        jsonLines(stderr).find((l) => l.notice?.startsWith('Journal:'))?.notice,
      )?.[1];
    const firstJournal = journalOf(first.stderr);
    expect(firstJournal).toContain(join(fx.configDir, 'runs'));
    expect(redeemedOf(code)).toBe(2);
    const posts = redeemPosts();

    const refused = await fx.run(redeem);
    expect(refused.code, refused.stderr).toBe(2);
    const error = errorOf(refused.stderr);
    expect(error.message).toMatch(
      new RegExp(
        `^--input: this file ran already: voucher redeem on '${input}' \\(the same file\\) against this account, started \\S+, 2 done; its journal: '${firstJournal}'\\. A new run would send every line again: refusing without --again$`,
      ),
    );
    expect(error.hint).toContain(`--resume '${firstJournal}'`);
    const declined = await fx.run(redeem, { tty: true, answers: [false] });
    expect(declined.code, declined.stderr).toBe(8);
    expect([redeemPosts(), redeemedOf(code)]).toEqual([posts, 2]);

    const elsewhere = join(fx.configDir, `${code}.again.journal`);
    const again = await fx.run([...redeem, '--again', '--results', elsewhere]);
    expect(again.code, again.stderr).toBe(0);
    expect(redeemedOf(code)).toBe(4);
    // --again starts a run; its resume (which leaves --again out) continues it, sending nothing done.
    const resumed = await fx.run([...redeem, '--resume', elsewhere]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(redeemedOf(code)).toBe(4);
    // The same file under another command line (another order for every line) is another run.
    const other = await fx.run([
      ...redeem,
      '--metadata',
      'till=T2',
      '--results',
      join(fx.configDir, `${code}.t2`),
    ]);
    expect(other.code, other.stderr).toBe(0);
    expect(redeemedOf(code)).toBe(6);
    // The newest earlier run is named, though its journal lives outside the runs store.
    const third = await fx.run(redeem);
    expect(third.code).toBe(2);
    expect(errorOf(third.stderr).message).toContain(`its journal: '${elsewhere}'`);
    expect(redeemedOf(code)).toBe(6);

    // A refund batch the same.
    const ids = (Object.values(fx.sandbox.state.redemptions) as Json[])
      .filter((r) => r.object === 'redemption' && r.voucher?.code === code)
      .map((r) => r.id);
    const refunds = join(fx.configDir, `${code}.ids`);
    writeFileSync(refunds, `${ids.join('\n')}\n`);
    const rollback = ['redemption', 'rollback', '--input', refunds, '--yes', '-o', 'json'];
    expect((await fx.run(rollback)).code).toBe(0);
    const rollbacks = () => fx.sandbox.requests.filter((r) => r.rawPath.includes('/rollback')).length;
    const sent = rollbacks();
    const twice = await fx.run(rollback);
    expect(twice.code, twice.stderr).toBe(2);
    expect(errorOf(twice.stderr).message).toMatch(/^--input: this file ran already: redemption rollback on /);
    expect(rollbacks()).toBe(sent);
  });
});

describe('a publication file run again as a fresh run', () => {
  it('is refused without --again, nothing sent', async () => {
    const campaign = fresh('PUB');
    const made = await fx.run([
      'campaign',
      'create',
      campaign,
      '--percent-off',
      '5',
      '--vouchers-count',
      '4',
      '--wait',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const input = join(fx.configDir, `${campaign}.csv`);
    writeFileSync(input, `source_id\n${campaign}-a\n${campaign}-b\n`);
    const publish = ['publication', 'create', '--campaign', campaign, '--input', input, '-o', 'json'];
    const first = await fx.run(publish);
    expect(first.code, first.stderr).toBe(0);
    const publications = () =>
      fx.sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/publications')).length;
    const sent = publications();
    const twice = await fx.run(publish);
    expect(twice.code, twice.stderr).toBe(2);
    expect(errorOf(twice.stderr).message).toMatch(/^--input: this file ran already: publication create on /);
    expect(publications()).toBe(sent);
  });
});
