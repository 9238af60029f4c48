// promo customer on a terminal and over many pages: the delete asks first, a list is a table that
// fits the terminal, and --all reads past the service's 99-page cap, each customer once.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox, JSON_HEADERS } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const create = (body: Record<string, unknown>) =>
  callSandbox(fx.sandbox.url, 'POST', '/v1/customers', {
    body,
    headers: { ...JSON_HEADERS, 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN },
  });

describe('promo customer on a terminal', () => {
  it('asks before deleting for good, and a no keeps the customer (exit 8)', async () => {
    await create({ source_id: 'tty-1' });
    const declined = await fx.run(['customer', 'delete', 'tty-1', '--permanently'], {
      tty: true,
      answers: [false],
    });
    expect(declined.code).toBe(8);
    expect((await fx.run(['customer', 'get', 'tty-1'])).code).toBe(0);
    const agreed = await fx.run(['customer', 'delete', 'tty-1', '--permanently'], {
      tty: true,
      answers: [true],
    });
    expect(agreed.code, agreed.stderr).toBe(0);
    // The receipt as a card: its id and what was deleted.
    expect(agreed.stdout).toMatch(/del_\w+/);
    expect(agreed.stdout).toMatch(/Deleted +customer 1\n/);
    expect((await fx.run(['customer', 'get', 'tty-1'])).code).toBe(3);
  });

  it('lists as a table no wider than the terminal, with a hint when more pages exist', async () => {
    for (let i = 0; i < 3; i++) {
      await create({
        source_id: `tty-wide-${i}-${'x'.repeat(40)}`,
        name: 'N'.repeat(60),
        email: `${i}@example.com`,
      });
    }
    const run = await fx.run(['customer', 'list', '--limit', '2'], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toContain('ID');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    expect(run.stderr).toContain('--page 2');
  });

  it('--all reads past page 99 in created_at windows, each customer once', async () => {
    const made = new Set<string>();
    for (let i = 0; i < 104; i++) made.add((await create({ source_id: `win-${i}`, name: 'Window' })).body.id);
    const run = await fx.run([
      'customer',
      'list',
      '--all',
      '--name',
      'Window',
      '--limit',
      '1',
      '-o',
      'ndjson',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const ids = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids).toHaveLength(104);
    expect(new Set(ids)).toEqual(made);
    // The 99th page was full: the walk went on in a window after a created_at.
    const windows = fx.sandbox.requests.filter(
      (r) => r.rawPath === '/v1/customers' && r.query.includes('created_at%5Bafter%5D'),
    );
    expect(windows.length).toBeGreaterThan(0);
    expect((await fx.run(['customer', 'list', '--all', '--order', '-source_id'])).code).toBe(2);
  });
});
