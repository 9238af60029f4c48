// promo customer through the built bin (node scripts/build.mjs first), as a cron job runs it: the
// commands end to end, and a bulk create killed (kill -9) and resumed, or losing answers, that
// leaves each source id at exactly one customer (the service's create is an upsert by source_id).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeIn } from '../helpers/input-files.js';
import { spawnPromo, startPromo } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
const promo = (argv: string[], stdin?: string) => spawnPromo(argv, { env: fx.env, stdin, timeoutMs: 30_000 });
const creates = () =>
  fx.sandbox.requests.filter((r) => r.method === 'POST' && r.rawPath === '/v1/customers').length;

/** Every customer the sandbox holds, by source id, read with `customer list --all`. */
async function sourceIds(): Promise<string[]> {
  const listed = await promo(['customer', 'list', '--all', '-o', 'ndjson']);
  expect(listed.code, listed.stderr).toBe(0);
  return listed.stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).source_id);
}

describe('promo customer (the built bin)', () => {
  it('creates, gets, updates, lists and deletes; an unknown customer is exit 3', async () => {
    const made = await promo([
      'customer',
      'create',
      '--source-id',
      'bin-1',
      '--email',
      'b@x.co',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const id = JSON.parse(made.stdout).id;
    const got = await promo(['customer', 'get', id]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('bin-1');
    expect((await promo(['customer', 'update', 'bin-1', '--name', 'Bin'])).code).toBe(0);
    const csv = await promo(['customer', 'list', '-o', 'csv', '--name', 'Bin']);
    expect(csv.stdout).toMatch(/^id,source_id,name,email,phone,created_at\ncust_\w+,bin-1,Bin,b@x.co,,/);
    const missing = await promo(['customer', 'get', 'bin-nobody']);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
    expect((await promo(['customer', 'delete', 'bin-1', '--yes'])).code).toBe(0);
    expect((await promo(['customer', 'get', 'bin-1'])).code).toBe(3);
  });

  it('a bulk create killed with kill -9 and resumed leaves each source id at one customer', async () => {
    const count = 120;
    const csv = `source_id,email\n${Array.from({ length: count }, (_, i) => `kill-${i},k${i}@x.co`).join('\n')}\n`;
    const input = writeIn(fx.configDir, 'signups.csv', csv);
    const journal = join(fx.configDir, 'signups.journal');
    fx.sandbox.faults.set({ latencyMs: 10 });
    const started = startPromo(['customer', 'create', '--input', input, '--results', journal], {
      env: fx.env,
      timeoutMs: 30_000,
    });
    while (creates() < 15 && started.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    started.child.kill('SIGKILL');
    expect((await started.done).signal).toBe('SIGKILL');
    fx.sandbox.faults.set({});
    const sentBefore = creates();
    expect(sentBefore).toBeLessThan(count);
    const resumed = await promo(['customer', 'create', '--input', input, '--resume', journal]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const ids = (await sourceIds()).filter((s) => s.startsWith('kill-'));
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    // Resumed again: every line is done, nothing is sent.
    const before = creates();
    expect((await promo(['customer', 'create', '--input', input, '--resume', journal])).code).toBe(0);
    expect(creates()).toBe(before);
  });

  it('sends a create whose answer was lost again, and the upsert keeps one customer', async () => {
    // The first three creates act and lose their answer: to a reset, a 502, a 504.
    const match = { method: 'POST', path: '/v1/customers' };
    fx.sandbox.faults.set({
      script: [
        { match, action: { reset: 'after-handling' } },
        { match, action: { replyAfterHandling: 502 } },
        { match, action: { replyAfterHandling: 504 } },
      ],
    });
    const lines = Array.from({ length: 10 }, (_, i) => JSON.stringify({ source_id: `lost-${i}` })).join('\n');
    const before = creates();
    const done = await promo(['customer', 'create', '--input', '-', '--concurrency', '1'], `${lines}\n`);
    expect(creates() - before).toBe(13);
    fx.sandbox.faults.set({});
    expect(done.code, done.stderr).toBe(0);
    const ids = (await sourceIds()).filter((s) => s.startsWith('lost-'));
    expect(ids.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `lost-${i}`).sort());
  });
});
