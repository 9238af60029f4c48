// Every example in promo's help (each command's examples, and the root's) runs as written: each
// line by bash, in order, in a folder that holds the files they name, against a sandbox that holds
// the codes, campaigns and customers they name. `promo` there is promo in-process (helpers/
// promo-client.cjs) for speed; the README's own blocks are run by readme.test.ts. A line that
// cannot run here says why in NOT_HERE; one that needs a terminal is checked to ask for one.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNoun, loadRegistry, PROGRAM } from '../../src/registry/index.js';
import { furnishProgram } from '../helpers/loyalty-rewards.js';
import { runPromo, tempDir } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const dir = tempDir('promo-examples-');
const CLIENT = new URL('../helpers/promo-client.cjs', import.meta.url).pathname;

/** Lines that cannot run in a test, and why. */
const NOT_HERE: Record<string, string> = {
  'promo login': 'a person at a terminal',
  'promo --api-url http://127.0.0.1:4010 login': 'a person at a terminal',
  'promo status || promo login': 'a person at a terminal',
  'promo --profile prod status --json': "a person's own account",
  'printf %s "$TOKEN" | promo profile add prod --app-id 8f1c… --app-token-stdin --default':
    "a person's own account",
  'PROMO_APP_TOKEN=… promo profile add eu --app-id 8f1c… --cluster api': "a person's own account",
  'promo profile show prod --json': "a person's own account",
  'promo profile use prod': "a person's own account",
  'promo profile migrate-secrets': "the system's keychain",
  'promo profile migrate-secrets --json': "the system's keychain",
  'promo sandbox --port 4010 --state ./sandbox.db': 'a server that runs until stopped',
  'promo sandbox --rate-limit 5/min --error-rate 0.2': 'a server that runs until stopped',
  "promo sandbox --lose-answers 0.1 --lose-answers-as reset,504 --lose-answers-on 'POST /v1/vouchers'":
    'a server that runs until stopped',
  'promo sandbox --vouchers 12000 --import-speed 50 --bulk-rate-limit 10/hour':
    'a server that runs until stopped',
  'promo sandbox --state ./sandbox.db --time-zone Europe/Warsaw': 'a server that runs until stopped',
  'promo --profile sandbox --api-url http://127.0.0.1:4010 templates list':
    'a promo sandbox started on port 4010',
  'promo profile add local --app-id sandbox --api-url http://127.0.0.1:4010 < token.txt --app-token-stdin':
    'a promo sandbox started on port 4010',
};

/** The examples that name an id of the reader's own account (ids the service makes up): not here. */
const ACCOUNT_ID = /\b(?:v|r|aa|cust|exp|camp|val|asgm|prod|sku|ord)_[0-9A-Za-z]{6,}\b|\baa_[12]\b/;

/** Examples that show the question promo asks on a terminal: without one, exit 2 (they need --yes). */
const ASKS = new Set([
  'promo voucher delete SUMMER-2026',
  'promo voucher delete SUMMER-2026 --force',
  "promo campaign delete 'Summer Sale'",
  'promo customer delete user-42',
  'promo profile remove staging',
]);

const FILES: Record<string, string> = {
  'voucher.json': '{"type": "DISCOUNT_VOUCHER", "discount": {"type": "PERCENT", "percent_off": 10}}',
  'new-summer.csv': 'code\nSUMMER-X1\nSUMMER-X2\n',
  'changes.json': '{"metadata": {"channel": "web"}}',
  'new-dates.csv': 'code,expiration-date\nSUMMER20,2026-12-31\n',
  'codes.txt': 'SUMMER20\nWINTER10\n',
  'black-friday.csv': 'code,amount-off,effect\nBF-0001,5,apply-to-order\nBF-0002,5,apply-to-order\n',
  'codes.ndjson':
    '{"code": "IMP-1", "type": "DISCOUNT_VOUCHER", "discount": {"type": "PERCENT", "percent_off": 5, "effect": "APPLY_TO_ORDER"}}\n',
  'expired-codes.txt': 'EXPIRED-1\n',
  'old-codes.txt': 'OLD-3\nOLD-4\n',
  'order.json': '{"amount": 5000}',
  'offline-orders.ndjson': '{"code": "SUMMER20", "order": {"amount": 2000}}\n',
  'top-ups.csv': 'code,add,reason\nGIFT-7Q2,5,goodwill\n',
  'codes.csv': 'code,type,percent-off,effect\nCSV-1,discount,10,apply-to-order\n',
  'more-codes.ndjson':
    '{"code": "IMP-2", "type": "DISCOUNT_VOUCHER", "discount": {"type": "PERCENT", "percent_off": 5, "effect": "APPLY_TO_ORDER"}}\n',
  'new-codes.csv': 'code\nSUMMER-I1\n',

  'orders.csv': 'customer-source-id\nc-1\n',
  'customer.json': '{"source_id": "user-43", "email": "lee@example.com"}',
  'churned.txt': 'user-41\n',
  'rule-codes.txt': 'RULE-1\nRULE-2\n',
  'rules.json':
    '{"1": {"name": "order.amount", "conditions": {"$more_than": [10000]}}, "2": {"name": "order.items.any", "conditions": {"$is": [{"id": "shoe-1", "object": "product"}]}}, "logic": "1 or 2"}',
  'missed-points.csv': 'code,add,reason,source_id\nLOYAL-1,120,missed order 1043,ticket-77\n',
  'catalogue.csv': 'source_id,name,price,attributes\nhat-1,Hat,19.90,size|colour\n',
};

/** The codes, campaigns and profiles the examples name, made before they run. */
async function makeWorld(): Promise<void> {
  // The project's own example files (examples/, which the README's recipes read), and these.
  cpSync(new URL('../../examples', import.meta.url).pathname, dir.path, { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir.path, name), text);
  for (const sub of ['.local/share/bash-completion/completions', '.zfunc', '.config/fish/completions'])
    mkdirSync(join(dir.path, sub), { recursive: true });
  const ok = async (line: string, stdin?: string) => {
    const run = await runPromo(
      line.match(/'[^']*'|\S+/g)!.map((w) => w.replace(/^'|'$/g, '')),
      {
        configDir: fx.configDir,
        stdin,
      },
    );
    expect(run.code, `${line}: ${run.stderr}`).toBe(0);
    return run.stdout;
  };
  for (const code of [
    'SUMMER20',
    'WINTER10',
    'SUMMER-2026',
    'OLD-1',
    'OLD-2',
    'OLD-3',
    'OLD-4',
    'SUMMER10',
    'VIP-7Q2',
    'RULE-1',
    'RULE-2',
  ])
    await ok(`voucher create --code ${code} --percent-off 10`);
  await ok('voucher create --code GIFT-7Q2 --type gift --gift-amount 100');
  const campaigns = JSON.parse(await ok('campaign list --all -o json')).map((c: { name: string }) => c.name);
  for (const name of ['Summer Sale', 'Welcome', 'Old Promo'].filter((n) => !campaigns.includes(n)))
    await ok(`campaign create '${name}' --percent-off 10 --vouchers-count 10 --wait`);
  if (!campaigns.includes('Loyalty Club'))
    await ok("campaign create 'Loyalty Club' --type loyalty --points 1000 --vouchers-count 1 --wait");
  await ok("voucher create --campaign 'Loyalty Club' --code LOYAL-1");
  await ok('publication create --voucher LOYAL-1 --customer anna');
  await ok('voucher balance LOYAL-1 --add 500');
  await ok("voucher create --campaign 'Loyalty Club' --code LOYAL-2");
  await ok('publication create --voucher LOYAL-2 --customer bob');
  await ok('voucher balance LOYAL-2 --add 500');
  await furnishProgram(fx, 'Loyalty Club', 'LOYAL-1');
  const redeemed = [1, 2].map(() => ok('voucher redeem WINTER10 --amount 30 -o json'));
  const ids = (await Promise.all(redeemed)).map((out) => JSON.parse(out).redemptions[0].id);
  writeFileSync(join(dir.path, 'refunds.txt'), `${ids.join('\n')}\n`);
  await ok(
    'profile add staging --app-id x --app-token-stdin --no-check',
    '00000000-0000-0000-0000-000000000000\n',
  );
}

let server: Server;
let runner: string;
// promo in-process reads and writes the files the lines name where bash runs them.
const home = process.cwd();
beforeAll(async () => {
  process.chdir(dir.path);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const { argv, stdin } = JSON.parse(body);
      // The test's profile even after an example makes another the default (profile use sandbox).
      const run = await runPromo(argv, { configDir: fx.configDir, stdin, env: { PROMO_PROFILE: 'test' } });
      res.end(JSON.stringify({ code: run.code, stdout: run.stdout, stderr: run.stderr }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  runner = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => {
  process.chdir(home);
  server?.close();
  dir.cleanup();
});

async function examples(): Promise<string[]> {
  const out: string[] = [...PROGRAM.examples];
  for (const entry of await loadRegistry()) {
    if (isNoun(entry)) {
      out.push(...(entry.examples ?? []));
      for (const command of entry.commands) out.push(...command.examples);
    } else out.push(...entry.examples);
  }
  return out;
}

/** Runs lines in order in one bash, each in a subshell; their exit codes, and what each said on stderr. */
async function runLines(
  lines: string[],
  tag: string,
): Promise<{ line: string; code: number; stderr: string }[]> {
  const codes = join(dir.path, `codes-${tag}`);
  const err = (i: number) => join(dir.path, `err-${tag}-${i}`);
  const script = [
    `promo() { node ${CLIENT} "$@"; }`,
    ...lines.map((line, i) => `( ${line}\n) >/dev/null 2>${err(i)} </dev/null; echo "$?" >> ${codes}`),
  ].join('\n');
  await promisify(execFile)('bash', ['--norc', '-o', 'pipefail', '-c', script], {
    cwd: dir.path,
    env: { PATH: process.env.PATH, HOME: dir.path, PROMO_RUNNER: runner, TOKEN: 'unused', NO_COLOR: '1' },
    timeout: 120_000,
  });
  const code = readFileSync(codes, 'utf8').trim().split('\n').map(Number);
  return lines.map((line, i) => ({ line, code: code[i]!, stderr: readFileSync(err(i), 'utf8') }));
}

describe('the examples of every command', () => {
  it('run as written against a sandbox that holds what they name', async () => {
    const all = await examples();
    const lines = all.filter((line) => !(line in NOT_HERE) && !ACCOUNT_ID.test(line));
    expect(Object.keys(NOT_HERE).filter((line) => !all.includes(line))).toEqual([]);
    expect([...ASKS].filter((line) => !all.includes(line))).toEqual([]);
    await makeWorld();
    // One after another: examples of different nouns share files (codes.txt, orders.csv) and codes.
    const results = await runLines(lines, 'all');
    const wrong = results
      .filter((r) => r.code !== (ASKS.has(r.line) ? 2 : 0))
      .map((r) => `${r.code} ${r.line}\n   ${r.stderr.trim().split('\n').at(-1)}`);
    expect(wrong).toEqual([]);
    for (const r of results.filter((x) => ASKS.has(x.line))) expect(r.stderr).toContain('--yes');
  }, 240_000);
});
