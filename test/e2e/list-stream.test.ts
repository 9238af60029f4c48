// `-o ndjson` with --all streams, on every list command: each page is printed as it arrives (a page
// is on stdout while the next one is still awaited), a reader that stops (`| head`) stops the walk,
// and the lines are the items of the json array. `-o json` with --all (no --jq, no colour) writes its
// one array page by page as well, byte for byte the array printed whole. The built promo against the
// sandbox over HTTP.
import { spawn } from 'node:child_process';
import { demoSeed } from 'promo-sandbox';
import { describe, expect, it } from 'vitest';
import { BIN, spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';
// At 100 a page a generated voucher's line is over 1 KB: one page is more than a pipe holds (64 KiB).
const VOUCHERS = 250;
const fixture = useSandbox({ seed: { ...demoSeed(), generatedVouchers: { count: VOUCHERS } } });

const LISTS = [
  {
    name: 'voucher list',
    argv: ['voucher', 'list', '--all', '--limit', '10'],
    path: '/v1/vouchers',
    page: 10,
  },
  {
    name: 'templates list',
    argv: ['templates', 'list', '--all', '--limit', '10'],
    path: '/v1/templates/campaigns',
    page: 10,
  },
  {
    name: 'tiers list',
    argv: ['tiers', 'list', STRUCTURE, '--all', '--limit', '2'],
    path: `/v2/loyalties/tier-structures/${STRUCTURE}/tiers`,
    page: 2,
  },
];

const pageRequests = (path: string) =>
  fixture.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === path);
const parseLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('--all -o ndjson streams page by page', () => {
  it.each(LISTS)('$name: the first page is on stdout while the second is still awaited', async (list) => {
    // The second page request never gets its answer: what is on stdout was printed before it.
    fixture.sandbox.faults.push(
      { match: { method: 'GET', path: list.path }, action: { delayMs: 0 } },
      { match: { method: 'GET', path: list.path }, action: { hang: true } },
    );
    const run = startPromo([...list.argv, '-o', 'ndjson'], { env: fixture.env });
    let stdout = '';
    run.child.stdout!.on('data', (d) => (stdout += d));
    await until(() => parseLines(stdout).length === list.page && pageRequests(list.path).length === 2);
    run.child.kill('SIGINT');
    const done = await run.done;

    expect(done.code).toBe(130);
    expect(pageRequests(list.path)).toHaveLength(2);
    const full = await spawnPromo([...list.argv, '-o', 'json'], { env: fixture.env });
    expect(parseLines(done.stdout)).toEqual(JSON.parse(full.stdout).slice(0, list.page));
  });

  it.each(LISTS)('$name: the lines are the items of the json array', async (list) => {
    const streamed = await spawnPromo([...list.argv, '-o', 'ndjson'], { env: fixture.env });
    const whole = await spawnPromo([...list.argv, '-o', 'json'], { env: fixture.env });
    expect([streamed.code, streamed.stderr, whole.code]).toEqual([0, '', 0]);
    const items = JSON.parse(whole.stdout) as unknown[];
    expect(items.length).toBeGreaterThan(2 * list.page);
    expect(parseLines(streamed.stdout)).toEqual(items);
    expect(streamed.stdout).toBe(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
  });

  it('voucher list | a reader of 3 lines: promo stops asking for pages once the reader is gone', async () => {
    // head may read the whole pipe (64 KiB) at once before it leaves, and the rest of page 1 then
    // fits: whether promo asks for page 2 before it sees the pipe closed would be a race. The
    // shell's read takes a line byte by byte, so exactly 3 lines leave the pipe.
    const reader = `{ IFS= read -r a; IFS= read -r b; IFS= read -r c; printf '%s\\n%s\\n%s\\n' "$a" "$b" "$c"; }`;
    const pipeline = `"${process.execPath}" "${BIN}" voucher list --all -o ndjson | ${reader}`;
    const shell = spawn('sh', ['-c', pipeline], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...fixture.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d) => (stdout += d));
    shell.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => shell.on('close', resolve));

    expect([code, stderr]).toEqual([0, '']);
    expect(parseLines(stdout).map((v) => v.code)).toEqual(['GEN-000001', 'GEN-000002', 'GEN-000003']);
    // Page 1 (100 vouchers) does not fit in the pipe: promo is still writing it when head leaves,
    // and asks for no page after it (the walk takes 3).
    expect(pageRequests('/v1/vouchers')).toHaveLength(1);
  });
});

describe('--all -o json writes its one array page by page', () => {
  it.each(LISTS)('$name: the first page is on stdout while the second is still awaited', async (list) => {
    fixture.sandbox.faults.push(
      { match: { method: 'GET', path: list.path }, action: { delayMs: 0 } },
      { match: { method: 'GET', path: list.path }, action: { hang: true } },
    );
    const run = startPromo([...list.argv, '-o', 'json'], { env: fixture.env });
    let stdout = '';
    run.child.stdout!.on('data', (d) => (stdout += d));
    const opened = () => {
      try {
        return (JSON.parse(`${stdout}\n]`) as unknown[]).length;
      } catch {
        return 0;
      }
    };
    await until(() => opened() === list.page && pageRequests(list.path).length === 2);
    run.child.kill('SIGINT');
    const done = await run.done;

    // Stopped, the array is left open and the exit says the list is not whole.
    expect(done.code).toBe(130);
    const whole = await spawnPromo([...list.argv, '-o', 'json'], { env: fixture.env });
    expect(JSON.parse(`${done.stdout}\n]`)).toEqual(JSON.parse(whole.stdout).slice(0, list.page));
  });

  it.each(LISTS)('$name: byte for byte the array printed whole, with --fields too', async (list) => {
    for (const extra of list.name === 'voucher list' ? [[], ['--fields', 'code,active']] : [[]]) {
      const run = await spawnPromo([...list.argv, '-o', 'json', ...extra], { env: fixture.env });
      expect([run.code, run.stderr]).toEqual([0, '']);
      const items = JSON.parse(run.stdout) as unknown[];
      expect(items.length).toBeGreaterThan(2 * list.page);
      expect(run.stdout).toBe(`${JSON.stringify(items, null, 2)}\n`);
    }
  });

  it('a list of nothing is [] and a newline', async () => {
    const run = await spawnPromo(['order', 'list', '--all', '-o', 'json'], { env: fixture.env });
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '[]\n', '']);
  });
});
