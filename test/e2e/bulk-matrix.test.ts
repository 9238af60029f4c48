// The fault × interrupt matrix of bulk runs, end to end: the built bin runs against a sandbox behind
// a proxy that loses answers after the sandbox acted (reset, 504) and refuses before it acts (503,
// reset), is interrupted by real SIGINT, SIGKILL and SIGHUP at random points, and is resumed each
// time as it advises (after SIGHUP, with stderr gone, as its journal advises; after SIGKILL, by two
// resumes started at the same instant, of which one at most may be at work). Then the sandbox's
// state is compared with the input and the journal line by line: nothing is done twice unless the
// journal says its outcome is unknown.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import { startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { seeded, strikingFirst, testSeed } from '../helpers/seeded.js';
import { until } from '../helpers/until.js';

// biome-ignore lint/suspicious/noExplicitAny: the sandbox's objects, read loosely
type Json = Record<string, any>;

const fx = useSandbox();
let proxy: FaultProxy;
const seed = testSeed();
const random = seeded(seed);

beforeAll(async () => {
  proxy = await startFaultProxy(
    fx.sandbox.url,
    { resetAfter: 0.05, status504After: 0.05, status503Before: 0.05, resetBefore: 0.05 },
    strikingFirst(random),
  );
});
afterAll(() => proxy.close());

// A money write (the publications here) that a kill or a lost answer left unknown and that is not
// found yet is sent again by a resume only after its landing window: half a second here.
const env = () => ({ ...fx.env, PROMO_API_URL: proxy.url, PROMO_LANDING_WINDOW: '0.5' });
const mutations = () => fx.sandbox.requests.filter((r) => r.method !== 'GET').length;

/** The last record of each line in a journal. */
function finalStates(path: string): Map<number, Json> {
  const states = new Map<number, Json>();
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    // A record cut short by the SIGKILL stays in the file (the next run writes on a new line), and
    // its line counts as unknown, as promo's own reader takes it.
    let record: Json;
    try {
      record = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof record.line === 'number') states.set(record.line, record);
  }
  return states;
}

/** The journal's last record, when it says how the run that wrote it ended. */
function endRecord(path: string): Json | undefined {
  const last = JSON.parse(readFileSync(path, 'utf8').trim().split('\n').at(-1)!);
  return 'ended_at' in last ? last : undefined;
}

/**
 * Runs `argv` until it ends with nothing left to do (exit 0, or 7 with only lines that cannot be
 * settled), interrupting the first runs; each next run is the command the previous one advised.
 */
async function runToTheEnd(argv: string[], settled: (states: Map<number, Json>) => boolean) {
  let command = argv;
  let journal: string | undefined;
  const codes: number[] = [];
  for (let round = 0; round < 30; round++) {
    const signal = (['SIGINT', 'SIGKILL', 'SIGHUP'] as const)[round];
    // After the SIGKILL, two resumes start at once on the killed run's journal: one takes it, the
    // other is refused naming it (or, should the first be done already, finds nothing left).
    if (round === 2 && command.includes('--resume')) await concurrentResumes(command);
    const before = mutations();
    const run = startPromo(command, { env: env(), timeoutMs: 30_000 });
    if (signal) {
      const after = 5 + Math.floor(random() * 40);
      while (mutations() - before < after && run.child.exitCode === null)
        await new Promise((r) => setTimeout(r, 2));
      // A terminal that closes takes stderr with it: the journal alone says how to go on.
      if (signal === 'SIGHUP') run.child.stderr!.destroy();
      run.child.kill(signal);
    }
    const done = await run.done;
    codes.push(done.code);
    // The summary of a run that did not finish says how to resume it (a run killed says nothing).
    journal = /Journal: (\S+)/.exec(done.stderr)?.[1] ?? journal;
    const advice =
      signal === 'SIGHUP' && journal
        ? endRecord(journal)?.resume
        : /"resume":"([^"]*)"/.exec(done.stderr)?.[1];
    // Interrupted with stderr gone: the journal's last record holds the command that resumes it.
    if (signal === 'SIGHUP' && done.code === 130) expect(advice, `round ${round}`).toMatch(/ --resume /);
    // A SIGINT or SIGHUP that comes as the run ends finds nothing left to stop: 0 or 7 then.
    if (signal === 'SIGINT' || signal === 'SIGHUP')
      expect([0, 7, 130], `round ${round} (ended by ${done.signal ?? 'exit'}): ${done.stderr}`).toContain(
        done.code,
      );
    if (done.code === 0 || (done.code === 7 && journal && settled(finalStates(journal)))) break;
    if (!signal) expect(done.code, `round ${round}: ${done.stderr}`).toBe(7);
    // Lines left unknown are sent again only once their landing window has passed: wait it out.
    if (done.code === 7) await new Promise((r) => setTimeout(r, 600));
    // Killed before it said anything: it sent nothing either, and the last advice still holds.
    if (advice) command = advice.split(' ').slice(1);
  }
  expect(journal).toBeDefined();
  return { states: finalStates(journal!), codes };
}

/**
 * Two resumes of one journal at the same instant: never both at work. Each ends as a finished run
 * (0, 7) or refused because the other holds the journal (2); at most one is refused.
 */
async function concurrentResumes(command: string[]): Promise<void> {
  const runs = [0, 1].map(() => startPromo(command, { env: env(), timeoutMs: 30_000 }));
  const ends = await Promise.all(runs.map((run) => run.done));
  for (const end of ends) expect([0, 2, 7], end.stderr).toContain(end.code);
  const refused = ends.filter((end) => end.code === 2);
  expect(refused.length, ends.map((end) => end.stderr).join('\n')).toBeLessThanOrEqual(1);
  for (const end of refused) expect(end.stderr).toMatch(/is held by .*one journal, one run at a time/);
}

describe(`bulk runs under lost answers and interruptions (seed ${seed})`, () => {
  // Sized for npm test; the bench may run it bigger.
  const explicit = 100;
  const generated = 30;
  const stamp = Date.now().toString(36);
  const codeOf = (line: number) => `MX-${stamp}-${line}`;

  it('creates each explicit-code line exactly once, each generated one at most once or reports it unknown', async () => {
    const lines: string[] = [];
    for (let line = 1; line <= explicit + generated; line++) {
      const body: Json = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } };
      if (line <= explicit) body.code = codeOf(line);
      body.metadata = { run: stamp, line };
      lines.push(JSON.stringify(body));
    }
    const input = join(fx.configDir, 'matrix.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const { states } = await runToTheEnd(
      ['voucher', 'create', '--input', input, '--concurrency', '4', '-o', 'json'],
      (s) => [...s.values()].every((r) => r.status === 'created' || (r.status === 'unknown' && !r.code)),
    );

    const held = (Object.values(fx.sandbox.state.vouchers) as Json[]).filter(
      (v) => v.metadata?.run === stamp,
    );
    const byLine = new Map<number, Json[]>();
    for (const voucher of held)
      byLine.set(voucher.metadata.line, [...(byLine.get(voucher.metadata.line) ?? []), voucher]);
    for (let line = 1; line <= explicit + generated; line++) {
      const record = states.get(line);
      const vouchers = byLine.get(line) ?? [];
      if (line <= explicit) {
        expect(
          vouchers.map((v) => v.code),
          `line ${line}`,
        ).toEqual([codeOf(line)]);
        expect(record, `line ${line}`).toMatchObject({
          status: 'created',
          code: codeOf(line),
          id: vouchers[0]!.id,
        });
      } else if (record?.status === 'created') {
        expect(
          vouchers.map((v) => v.code),
          `line ${line}`,
        ).toEqual([record.code]);
      } else {
        expect(record?.status, `line ${line}`).toBe('unknown');
        expect(vouchers.length, `line ${line}`).toBeLessThanOrEqual(1);
      }
    }
    expect(proxy.struck['reset-after'] ?? 0, JSON.stringify(proxy.struck)).toBeGreaterThan(0);
  });

  it('deletes each code exactly once, a lost delete counted by its 404 on the retry', async () => {
    const input = join(fx.configDir, 'matrix-codes.txt');
    writeFileSync(input, `${Array.from({ length: explicit }, (_, i) => codeOf(i + 1)).join('\n')}\n`);
    const { states } = await runToTheEnd(
      ['voucher', 'delete', '--input', input, '--force', '--yes', '--concurrency', '4', '-o', 'json'],
      () => false,
    );
    for (let line = 1; line <= explicit; line++) {
      expect(fx.sandbox.state.vouchers[codeOf(line)], `line ${line}`).toBeUndefined();
      expect(states.get(line), `line ${line}`).toMatchObject({ status: 'deleted', code: codeOf(line) });
    }
  });

  it('sends no event twice unless the journal reports it unknown', async () => {
    const count = 50;
    const lines = Array.from({ length: count }, (_, i) =>
      JSON.stringify({ customer: { source_id: `mx-${i + 1}` }, metadata: { run: stamp, line: i + 1 } }),
    );
    const input = join(fx.configDir, 'matrix-events.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const { states } = await runToTheEnd(
      ['event', 'send', 'purchase_completed', '--input', input, '--concurrency', '4', '-o', 'json'],
      (s) => [...s.values()].every((r) => r.status === 'sent' || r.status === 'unknown'),
    );
    const stored = fx.sandbox.state.events.filter((e) => (e.metadata as Json | undefined)?.run === stamp);
    for (let line = 1; line <= count; line++) {
      const times = stored.filter((e) => (e.metadata as Json).line === line).length;
      const status = states.get(line)?.status;
      if (status === 'sent') expect(times, `line ${line}`).toBe(1);
      else {
        expect(status, `line ${line}`).toBe('unknown');
        expect(times, `line ${line}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('publishes exactly one code to each customer, whatever was lost or interrupted', async () => {
    const count = 50;
    const made = await fx.run([
      'campaign',
      'create',
      `MX-PUB-${stamp}`,
      '--percent-off',
      '5',
      '--vouchers-count',
      '60',
      '--wait',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const input = join(fx.configDir, 'matrix-customers.csv');
    const rows = Array.from({ length: count }, (_, i) => `mx-pub-${stamp}-${i + 1}`);
    writeFileSync(input, `source_id\n${rows.join('\n')}\n`);
    const { states } = await runToTheEnd(
      [
        'publication',
        'create',
        '--campaign',
        `MX-PUB-${stamp}`,
        '--input',
        input,
        '--concurrency',
        '4',
        '-o',
        'json',
      ],
      (s) => [...s.values()].every((r) => r.status === 'created'),
    );
    const codes = (Object.values(fx.sandbox.state.vouchers) as Json[]).filter(
      (v) => v.campaign === `MX-PUB-${stamp}`,
    );
    for (let i = 1; i <= count; i++) {
      const customer = (Object.values(fx.sandbox.state.customers) as Json[]).find(
        (c) => c.source_id === `mx-pub-${stamp}-${i}`,
      );
      const held = codes.filter((v) => v.holder_id === customer?.id).map((v) => v.code);
      expect(held, `customer ${i}`).toHaveLength(1);
      expect(states.get(i + 1), `line ${i + 1}`).toMatchObject({ status: 'created', code: held[0] });
    }
  });
});

/**
 * The slow-service round: every money write, single and bulk, behind a proxy that holds each one
 * 1.5 s before the sandbox sees it, with --timeout 1: each lands after promo gave up on it. Single
 * commands exit 6; bulk runs are resumed at once (within the landing window, 10 s here: lines not
 * found yet stay unknown, none is sent again), then once what was held landed, until they end.
 * Then the sandbox holds each write once. (A resend past the window that meets a late first one is
 * slow-service.test.ts's.)
 */
describe('a service slower than --timeout, every money write', () => {
  const moneyWrite = (method: string, path: string) =>
    method === 'POST' &&
    /^\/v1\/(redemptions($|\?|\/[^/]+\/rollbacks?)|publications|vouchers\/[^/]+\/balance)/.test(path);
  let slow: FaultProxy;
  beforeAll(async () => {
    slow = await startFaultProxy(fx.sandbox.url, { hold: { ms: 1500, match: moneyWrite } });
  });
  afterAll(() => slow.close());
  const stamp = Date.now().toString(36);
  const slowEnv = () => ({ ...fx.env, PROMO_API_URL: slow.url, PROMO_LANDING_WINDOW: '10' });
  const landed = () => until(() => slow.held === 0);
  const slowRun = (argv: string[]) =>
    startPromo(['--timeout', '1', ...argv], { env: slowEnv(), timeoutMs: 30_000 }).done;
  const redemptionsOf = (code: string) =>
    (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
      (r) => r.object === 'redemption' && r.voucher?.code === code && r.result === 'SUCCESS',
    );
  const live = (code: string) => redemptionsOf(code).filter((r) => r.status !== 'ROLLED_BACK');
  const rollbacksOf = (id: string) =>
    (Object.values(fx.sandbox.state.redemptions) as Json[]).filter(
      (r) => r.object === 'redemption_rollback' && r.redemption === id && r.result === 'SUCCESS',
    );
  const made = async (argv: string[]) => {
    const run = await fx.run(argv);
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };
  const discount = (code: string) => made(['voucher', 'create', '--code', code, '--amount-off', '1']);
  const redeemed = async (code: string) =>
    JSON.parse(await made(['voucher', 'redeem', code, '--amount', '10', '-o', 'json'])).redemptions[0].id;

  /** A bulk run, resumed at once, then each time once what was held landed, until it ends 0. */
  async function toTheEnd(argv: string[], name: string): Promise<Map<number, Json>> {
    const journal = join(fx.configDir, `slow-${name}.ndjson`);
    let command = [...argv, '--results', journal];
    for (let round = 0; round < 8; round++) {
      const done = await slowRun(command);
      if (done.code === 0) return finalStates(journal);
      expect(done.code, `${name} round ${round}: ${done.stderr}`).toBe(7);
      if (round >= 1) await landed();
      command = [...argv, '--resume', journal];
    }
    throw new Error(`${name}: the run did not end`);
  }

  it('single commands: exit 6 with the command that checks, and each write lands once', async () => {
    await discount(`MXS-R-${stamp}`);
    await made(['voucher', 'create', '--type', 'gift', '--gift-amount', '100', '--code', `MXS-G-${stamp}`]);
    await discount(`MXS-P-${stamp}`);
    await discount(`MXS-B-${stamp}`);
    const toRollBack = await redeemed(`MXS-B-${stamp}`);
    const runs = [
      ['voucher', 'redeem', `MXS-R-${stamp}`, '--amount', '10'],
      ['voucher', 'balance', `MXS-G-${stamp}`, '--add', '10'],
      ['publication', 'create', '--voucher', `MXS-P-${stamp}`, '--customer', `mxs-${stamp}`],
      ['redemption', 'rollback', toRollBack, '--yes'],
    ];
    const ends = await Promise.all(runs.map(slowRun));
    for (const [i, done] of ends.entries()) {
      expect(done.code, `${runs[i]!.join(' ')}: ${done.stderr}`).toBe(6);
      expect(done.stderr).toContain('Check with: promo ');
      expect(done.stderr).not.toContain('happened once');
    }
    await landed();
    expect(redemptionsOf(`MXS-R-${stamp}`)).toHaveLength(1);
    expect((fx.sandbox.state.vouchers[`MXS-G-${stamp}`] as Json).gift.balance).toBe(11_000);
    const trail = JSON.parse(await made(['voucher', 'transactions', `MXS-G-${stamp}`, '-o', 'json']));
    expect(trail).toHaveLength(1);
    const published = JSON.parse(
      await made(['publication', 'list', '--voucher', `MXS-P-${stamp}`, '-o', 'json']),
    );
    expect(published).toHaveLength(1);
    expect(fx.sandbox.state.redemptions[toRollBack]?.status).toBe('ROLLED_BACK');
    expect(rollbacksOf(toRollBack)).toHaveLength(1);
    // The operator runs the rollback again once the late one landed: read as done, nothing sent,
    // exit 1 with the service's key for a repeat; the service still holds one rollback.
    const again = await slowRun(['redemption', 'rollback', toRollBack, '--yes', '-o', 'json']);
    expect(again.code, again.stderr).toBe(1);
    expect(JSON.parse(again.stderr).error).toMatchObject({
      key: 'already_rolled_back',
      message: `${toRollBack} is rolled back already (status ROLLED_BACK): nothing sent`,
    });
    await landed();
    expect(rollbacksOf(toRollBack)).toHaveLength(1);
  });

  it('bulk redeem, rollback and publication: each line once', async () => {
    const lines = 4;
    const codes = Array.from({ length: lines }, (_, i) => `MXS-BR-${stamp}-${i + 1}`);
    for (const code of codes) await discount(code);
    const orders = join(fx.configDir, 'slow-orders.ndjson');
    writeFileSync(orders, codes.map((code) => `{"code":"${code}","order":{"amount":1000}}\n`).join(''));
    const redeemStates = await toTheEnd(['voucher', 'redeem', '--input', orders, '-o', 'json'], 'redeem');
    for (const [i, code] of codes.entries()) {
      expect(live(code), code).toHaveLength(1);
      expect(redeemStates.get(i + 1), code).toMatchObject({ status: 'created', id: live(code)[0]!.id });
    }

    const ids = codes.map((code) => live(code)[0]!.id as string);
    const refunds = join(fx.configDir, 'slow-refunds.txt');
    writeFileSync(refunds, `${ids.join('\n')}\n`);
    await toTheEnd(['redemption', 'rollback', '--input', refunds, '--yes', '-o', 'json'], 'rollback');
    for (const id of ids) {
      expect(fx.sandbox.state.redemptions[id]?.status).toBe('ROLLED_BACK');
      expect(rollbacksOf(id)).toHaveLength(1);
    }

    expect(
      (
        await fx.run([
          'campaign',
          'create',
          `MXS-C-${stamp}`,
          '--percent-off',
          '5',
          '--vouchers-count',
          '8',
          '--wait',
        ])
      ).code,
    ).toBe(0);
    const customers = join(fx.configDir, 'slow-customers.csv');
    const who = Array.from({ length: lines }, (_, i) => `mxs-c-${stamp}-${i + 1}`);
    writeFileSync(customers, `source_id\n${who.join('\n')}\n`);
    await toTheEnd(
      ['publication', 'create', '--campaign', `MXS-C-${stamp}`, '--input', customers, '-o', 'json'],
      'publish',
    );
    const campaignCodes = (Object.values(fx.sandbox.state.vouchers) as Json[]).filter(
      (v) => v.campaign === `MXS-C-${stamp}`,
    );
    for (const source of who) {
      const customer = (Object.values(fx.sandbox.state.customers) as Json[]).find(
        (c) => c.source_id === source,
      );
      expect(
        campaignCodes.filter((v) => v.holder_id === customer?.id),
        source,
      ).toHaveLength(1);
    }
    expect(slow.struck.held ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
