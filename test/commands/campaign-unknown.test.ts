// A campaign name that matches nothing is never an empty success: every list that names a campaign
// is exit 3 with what the name may have meant, nothing on stdout (no `[]`, no CSV header), while a
// campaign that exists and holds no vouchers is an empty list. promo in-process against the sandbox.
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();
let id = '';

beforeAll(async () => {
  const made = await fx.run(['campaign', 'create', 'Launch 2026', '--percent-off', '15', '-o', 'json']);
  expect(made.code, made.stderr).toBe(0);
  id = JSON.parse(made.stdout).id;
});

describe('a campaign that does not exist', () => {
  it.each([
    ['campaign vouchers', ['campaign', 'vouchers', 'Launch 2025']],
    ['campaign vouchers --all -o csv', ['campaign', 'vouchers', 'Launch 2025', '--all', '-o', 'csv']],
    ['campaign vouchers --all -o ndjson', ['campaign', 'vouchers', 'Launch 2025', '--all', '-o', 'ndjson']],
    ['voucher list --campaign', ['voucher', 'list', '--campaign', 'Launch 2025']],
    ['voucher list --campaign-id', ['voucher', 'list', '--campaign-id', 'camp_NoSuchCampaign0000']],
    ['campaign vouchers by id', ['campaign', 'vouchers', 'camp_NoSuchCampaign0000', '--all']],
  ])('%s is exit 3 naming it, nothing on stdout', async (_, argv) => {
    const run = await fx.run(argv);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stdout).toBe('');
    const error = JSON.parse(run.stderr).error;
    expect(error.message).toMatch(/^no campaign '(Launch 2025|camp_NoSuchCampaign0000)'/);
  });

  it('says what the name may have meant, the hint on a line of its own', async () => {
    const run = await fx.run(['campaign', 'vouchers', 'Launch 2025'], { tty: true });
    expect(run.code).toBe(3);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe("error: no campaign 'Launch 2025'");
    expect(lines[1]).toContain("Did you mean 'Launch 2026'?");
  });
});

describe('every other command that names a campaign', () => {
  it.each([
    [['campaign', 'get', 'Launch 2025']],
    [['campaign', 'enable', 'Launch 2025']],
    [['campaign', 'disable', 'Launch 2025']],
    [['campaign', 'update', 'Launch 2025', '--description', 'x']],
    [['campaign', 'delete', 'Launch 2025', '--yes']],
    [['campaign', 'add-vouchers', 'Launch 2025', '--count', '1']],
  ])('%j is exit 3 with the names close to it', async (argv) => {
    const run = await fx.run(argv);
    expect(run.code, run.stderr).toBe(3);
    expect(JSON.parse(run.stderr).error.hint).toBe("Did you mean 'Launch 2026'?");
  });
});

describe('a campaign that exists and holds no vouchers', () => {
  it('is an empty list: [] in JSON, a header in CSV, exit 0', async () => {
    const json = await fx.run(['campaign', 'vouchers', 'Launch 2026']);
    expect(json).toMatchObject({ code: 0, stdout: '[]\n' });
    const csv = await fx.run(['campaign', 'vouchers', id, '--all', '-o', 'csv', '--fields', 'code']);
    expect(csv).toMatchObject({ code: 0, stdout: 'code\n' });
  });
});
