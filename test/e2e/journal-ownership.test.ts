// A journal belongs to one run at a time and to the account and files of its run: a second run on
// it, a --results over an existing journal, the input or a link, a resume against another service
// or with an edited --body, and a journal that promo did not write are all refused (exit 2,
// nothing sent); a journal cut short by a crash is read, its last line taken as unknown.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from 'promo-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, ndjson, percentVoucher, writeIn } from '../helpers/input-files.js';
import { startPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, startCheckedSandbox, useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const fx = useSandbox();
let serial = 0;
const name = (stem: string) => `${stem}-${++serial}-${Date.now().toString(36)}`;
const posts = (sandbox: Sandbox = fx.sandbox) => sandbox.requests.filter((r) => r.method === 'POST');
const errorOf = (stderr: string) => jsonLines(stderr).find((l) => l.error)?.error;

/** An input of `count` vouchers, codeless unless `coded`. */
function input(count: number, coded = false) {
  const stem = name('OWN');
  const lines = Array.from({ length: count }, (_, i) =>
    coded
      ? percentVoucher(`${stem}-${i + 1}`)
      : { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 20 }, metadata: { run: stem } },
  );
  return { stem, file: writeIn(fx.configDir, `${stem}.ndjson`, ndjson(...lines)) };
}

/** A journal left by a run stopped with SIGINT after some lines. */
async function interrupted(argv: string[], journal: string) {
  fx.sandbox.faults.set({ latencyMs: 20 });
  const run = startPromo(['voucher', 'create', ...argv, '--results', journal], { env: fx.env });
  await until(() => posts().length >= 8);
  run.child.kill('SIGINT');
  const done = await run.done;
  fx.sandbox.faults.set({});
  expect(done.code, done.stderr).toBe(130);
}

const create = (argv: string[], env: Record<string, string> = {}) =>
  fx.run(['voucher', 'create', '-o', 'json', ...argv], { env });

describe('one journal, one run at a time', () => {
  it('a second resume of a journal in use exits 2 naming the holder; each line is created once', async () => {
    const { stem, file } = input(120);
    const journal = join(fx.configDir, `${stem}.journal`);
    await interrupted(['--input', file], journal);
    const before = posts().length;

    fx.sandbox.faults.set({ latencyMs: 20 });
    const first = startPromo(['voucher', 'create', '--input', file, '--resume', journal], { env: fx.env });
    await until(() => existsSync(`${journal}.lock`) && posts().length > before);
    const second = startPromo(['voucher', 'create', '--input', file, '--resume', journal], { env: fx.env });
    const [one, two] = await Promise.all([first.done, second.done]);
    fx.sandbox.faults.set({});

    expect(one.code, one.stderr).toBe(0);
    expect(two.code).toBe(2);
    expect(errorOf(two.stderr).message).toMatch(
      new RegExp(
        `^--resume: '${journal}' is held by promo voucher create \\(pid ${first.child.pid} on .+, since .+\\): one journal, one run at a time$`,
      ),
    );
    const created = Object.values(fx.sandbox.state.vouchers).filter(
      (v) => (v as { metadata?: { run?: string } }).metadata?.run === stem,
    );
    expect(created).toHaveLength(120);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('a lock left by kill -9 is taken over by the next resume', async () => {
    const { stem, file } = input(60, true);
    const journal = join(fx.configDir, `${stem}.journal`);
    fx.sandbox.faults.set({ latencyMs: 20 });
    const run = startPromo(['voucher', 'create', '--input', file, '--results', journal], { env: fx.env });
    await until(() => posts().length >= 5);
    run.child.kill('SIGKILL');
    await run.done;
    fx.sandbox.faults.set({});
    expect(existsSync(`${journal}.lock`)).toBe(true);

    const resumed = await create(['--input', file, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});

describe('--results never replaces a journal', () => {
  it('refuses an existing non-empty file: exit 2, nothing sent, the journal unchanged', async () => {
    const { stem, file } = input(40, true);
    const journal = join(fx.configDir, `${stem}.journal`);
    await interrupted(['--input', file], journal);
    const kept = readFileSync(journal, 'utf8');
    fx.sandbox.requests.length = 0;

    const again = await create(['--input', file, '--results', journal]);
    expect(again.code).toBe(2);
    expect(errorOf(again.stderr)).toMatchObject({
      message: `--results: '${journal}' exists and is not empty: it may be the journal of an earlier run`,
      hint: `To go on with that run use --resume ${journal}; to start a new one, remove it or name another file.`,
    });
    expect(fx.sandbox.requests).toEqual([]);
    expect(readFileSync(journal, 'utf8')).toBe(kept);
  });

  it('refuses the input file itself and a symbolic link, sending nothing', async () => {
    const { file } = input(3, true);
    const asInput = await create(['--input', file, '--results', file]);
    expect([asInput.code, errorOf(asInput.stderr).message]).toEqual([
      2,
      `--results: '${file}' is the input file; the journal needs a file of its own`,
    ]);
    expect(readFileSync(file, 'utf8')).not.toBe('');
    const victim = writeIn(fx.configDir, name('victim'), 'keep\n');
    for (const target of [join(fx.configDir, name('absent')), victim]) {
      const link = join(fx.configDir, name('link'));
      symlinkSync(target, link);
      const linked = await create(['--input', file, '--results', link]);
      expect([linked.code, errorOf(linked.stderr).message]).toEqual([
        2,
        `--results: '${link}' is a symbolic link; promo writes a journal only to a file of its own`,
      ]);
    }
    expect(readFileSync(victim, 'utf8')).toBe('keep\n');
    expect(posts()).toEqual([]);
  });
});

describe('a resume is bound to the account and the files of its run', () => {
  let other: Sandbox;
  beforeAll(async () => {
    other = await startCheckedSandbox({ appId: APP_ID, appToken: APP_TOKEN });
  });
  afterAll(() => other.close());

  it('refuses another API URL, from the environment or a flag: exit 2, nothing sent to either', async () => {
    const { stem, file } = input(40);
    const journal = join(fx.configDir, `${stem}.journal`);
    await interrupted(['--input', file], journal);
    fx.sandbox.requests.length = 0;
    for (const [argv, env] of [
      [[], { PROMO_API_URL: other.url }],
      [['--api-url', other.url], {}],
    ] as const) {
      const moved = await create(['--input', file, '--resume', journal, ...argv], env);
      expect(moved.code).toBe(2);
      expect(errorOf(moved.stderr).message).toBe(
        `--resume: the run in '${journal}' sent to ${fx.sandbox.url} (app id ${APP_ID}); this one would send to ${other.url} (app id ${APP_ID}): refusing to go on elsewhere`,
      );
    }
    expect([fx.sandbox.requests, other.requests]).toEqual([[], []]);
    const header = jsonLines(readFileSync(journal, 'utf8'))[0];
    expect(header).toMatchObject({ api_url: fx.sandbox.url, app_id: APP_ID, files: {} });
    expect(JSON.stringify(header)).not.toContain(APP_TOKEN);
  });

  it('refuses an edited --body, and a --body the run did not read', async () => {
    const body = writeIn(
      fx.configDir,
      `${name('body')}.json`,
      JSON.stringify({ discount: { type: 'PERCENT', percent_off: 20 } }),
    );
    const codes = Array.from({ length: 40 }, (_, i) => name(`BODY${i}`));
    const list = writeIn(fx.configDir, `${name('codes')}.csv`, `code\n${codes.join('\n')}\n`);
    const journal = join(fx.configDir, `${name('body')}.journal`);
    await interrupted(['--input', list, '--body', body], journal);
    fx.sandbox.requests.length = 0;

    writeFileSync(body, JSON.stringify({ discount: { type: 'PERCENT', percent_off: 90 } }));
    const edited = await create(['--input', list, '--body', body, '--resume', journal]);
    expect([edited.code, errorOf(edited.stderr).message]).toEqual([
      2,
      `--resume: --body '${body}' is not what the run read (its SHA-256 differs): the lines left would not be sent as the run sent the others`,
    ]);
    expect(fx.sandbox.requests).toEqual([]);

    writeFileSync(body, JSON.stringify({ discount: { type: 'PERCENT', percent_off: 20 } }));
    const same = await create(['--input', list, '--body', body, '--resume', journal]);
    expect(same.code, same.stderr).toBe(0);
    const percents = new Set(
      Object.values(fx.sandbox.state.vouchers)
        .filter((v) => codes.includes((v as { code: string }).code))
        .map((v) => (v as { discount: { percent_off: number } }).discount.percent_off),
    );
    expect(percents).toEqual(new Set([20]));
  });
});

describe('a journal is read strictly', () => {
  /** A journal of a 3-line input with one record replaced by `bad`. */
  async function resumeWith(bad: string) {
    const { file } = input(3, true);
    const journal = join(fx.configDir, `${name('strict')}.journal`);
    const done = await create(['--input', file, '--results', journal]);
    expect(done.code, done.stderr).toBe(0);
    const lines = readFileSync(journal, 'utf8').split('\n');
    lines[2] = bad;
    writeFileSync(journal, lines.join('\n'));
    fx.sandbox.requests.length = 0;
    const resumed = await create(['--input', file, '--resume', journal]);
    return { ...resumed, journal };
  }

  it.each([
    [
      'an unknown status',
      '{"line":2,"status":"bogus"}',
      '"status" is "bogus", not one of created, updated, deleted, sent, failed, skipped, unknown',
    ],
    [
      'a status of another case',
      '{"line":2,"status":"Created"}',
      '"status" is "Created", not one of created, updated, deleted, sent, failed, skipped, unknown',
    ],
    [
      'a line number out of range',
      '{"line":1e15,"status":"created"}',
      '"line" is 1000000000000000, not a line number of the input',
    ],
    [
      'a line that is no number',
      '{"line":"2","status":"created"}',
      '"line" is "2", not a line number of the input',
    ],
    ['a record that is not JSON', 'created line 2', 'not a JSON record'],
  ])('%s: exit 2 naming the file and the line, nothing sent', async (_, bad, what) => {
    const { code, stderr, journal } = await resumeWith(bad);
    expect(code).toBe(2);
    expect(errorOf(stderr).message).toBe(`--resume: '${journal}' line 3: ${what}`);
    expect(fx.sandbox.requests).toEqual([]);
  });

  it('a header of another shape, or a file that is not a journal: exit 2', async () => {
    const { file } = input(2, true);
    const cases: Array<[string, string]> = [
      [
        '{"journal":"promo-bulk-journal/1","command":"voucher create","args":null}\n',
        `line 1: the header's "args" is null, not a list of strings`,
      ],
      ['not json at all\n', 'is not a journal of a promo bulk run (line 1 is not JSON)'],
      ['{"some":"json"}\n', 'is not a journal of a promo bulk run'],
    ];
    for (const [text, what] of cases) {
      const journal = writeIn(fx.configDir, `${name('shape')}.journal`, text);
      const resumed = await create(['--input', file, '--resume', journal]);
      expect(resumed.code).toBe(2);
      expect(errorOf(resumed.stderr).message).toBe(
        what.startsWith('line') ? `--resume: '${journal}' ${what}` : `--resume: '${journal}' ${what}`,
      );
    }
    expect(posts()).toEqual([]);
  });

  it('a last record cut short (power loss) is taken as unknown; the resume appends on a new line', async () => {
    const { file, stem } = input(3, true);
    const journal = join(fx.configDir, `${stem}.journal`);
    expect((await create(['--input', file, '--results', journal])).code).toBe(0);
    const whole = readFileSync(journal, 'utf8').trimEnd().split('\n');
    // The outcome of line 3 never reached the disk whole.
    const cut = `${whole.slice(0, -1).join('\n')}\n${whole.at(-1)!.slice(0, 20)}`;
    writeFileSync(journal, cut);
    fx.sandbox.requests.length = 0;

    const resumed = await create(['--input', file, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    // Line 3 was unknown: its voucher is read back, not created again.
    expect(posts()).toEqual([]);
    const text = readFileSync(journal, 'utf8');
    expect(text.startsWith(`${cut}\n{"resumed_at":`)).toBe(true);
    expect(jsonLines(text.slice(cut.length)).at(-1)).toMatchObject({
      line: 3,
      status: 'created',
      code: `${stem}-3`,
    });

    // And the journal, cut record and all, still reads.
    const again = await create(['--input', file, '--resume', journal]);
    expect(again.code, again.stderr).toBe(0);
  });
});
