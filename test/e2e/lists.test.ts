// The built bin/promo.js in a child process (run `npm run build` first): real stdio, exit codes,
// and JSON that survives a pipe through jq.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';

function hasJq(): boolean {
  try {
    execFileSync('jq', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const jq = (filter: string, input: string) => execFileSync('jq', ['-c', filter], { input, encoding: 'utf8' });

let fx: Fixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

describe('lists and events end to end', () => {
  it.skipIf(!hasJq())('pipes every tier through jq as the service objects', async () => {
    const { code, stdout, stderr } = await spawnPromo(
      ['tiers', 'list', STRUCTURE, '--all', '--limit', '2', '-o', 'json'],
      { env: fx.env },
    );
    expect([code, stderr]).toEqual([0, '']);
    const tiers = fx.sandbox.state.tierStructures[STRUCTURE]!;
    expect(JSON.parse(jq('map(.id) | sort', stdout))).toEqual(tiers.map((t) => t.id).sort());
    expect(JSON.parse(jq('.', stdout))).toEqual(JSON.parse(stdout));
  });

  it.skipIf(!hasJq())('streams filtered templates as NDJSON that jq reads line by line', async () => {
    const { code, stdout } = await spawnPromo(
      ['templates', 'list', '--filter', 'name^=Summer', '--all', '--limit', '2', '-o', 'ndjson'],
      { env: fx.env },
    );
    expect(code).toBe(0);
    const expected = fx.sandbox.state.templates.filter((t) => String(t.name).startsWith('Summer'));
    expect(jq('.id', stdout).trimEnd().split('\n')).toEqual(expected.map((t) => JSON.stringify(t.id)));
  });

  it('sends an event whose body comes from stdin, and exits 2 on a bad one without sending', async () => {
    const sent = await spawnPromo(['event', 'send', 'purchase_completed', '--body', '-', '-m', 'order=7'], {
      env: fx.env,
      stdin: '{"customer":{"source_id":"e2e-1"}}',
    });
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual(fx.sandbox.state.events.at(-1));
    fx.sandbox.requests.length = 0;
    const refused = await spawnPromo(
      ['event', 'send', 'purchase_completed', '--referrer-id', 'r', '--customer-id', 'c'],
      { env: fx.env },
    );
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(JSON.parse(refused.stderr).error).toMatchObject({ key: 'usage_error', exit_code: 2 });
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('lists tiers as a table from the built-in sandbox profile with no set-up', async () => {
    const dir = tempDir();
    try {
      const { code, stdout, stderr } = await spawnPromo(
        ['--profile', 'sandbox', 'tiers', 'list', STRUCTURE, '-o', 'table'],
        {
          env: { PROMO_CONFIG_DIR: dir.path },
        },
      );
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout).toMatch(/^ID\s+Name\s+Points\s+Segment\s+Created\n/);
      expect(stdout).toMatch(/lt_efa0a7b1d92c\s+Diamond\s+50000\+\s+seg_e71f2be7f1ad/);
    } finally {
      dir.cleanup();
    }
  });
});
