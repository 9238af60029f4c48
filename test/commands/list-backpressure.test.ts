// A slow reader holds a streamed list back: while stdout has not taken a page, promo asks for no
// other, so `--all -o ndjson` holds at most a page in memory however long the list is.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { OutputStream } from '../../src/base/context.js';
import { main } from '../../src/main.js';
import { jsonLines } from '../helpers/input-files.js';
import { testContext } from '../helpers/promo.js';
import { useSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';
const fx = useSandbox({ generatedVouchers: { count: 25 } });

/** A stdout whose reader takes nothing until let go: from the first line on, writes queue up. */
class HeldReader extends Writable {
  text = '';
  private held: Array<() => void> = [];
  private letGo = false;
  constructor() {
    super({ highWaterMark: 1 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    if (this.letGo) done();
    else this.held.push(done);
  }
  release() {
    this.letGo = true;
    for (const done of this.held.splice(0)) done();
  }
}

const LISTS = [
  { name: 'voucher list', argv: ['voucher', 'list', '--all', '--limit', '10'], path: '/v1/vouchers' },
  {
    name: 'templates list',
    argv: ['templates', 'list', '--all', '--limit', '10'],
    path: '/v1/templates/campaigns',
  },
  {
    name: 'tiers list',
    argv: ['tiers', 'list', STRUCTURE, '--all', '--limit', '2'],
    path: `/v2/loyalties/tier-structures/${STRUCTURE}/tiers`,
  },
];

describe('--all -o ndjson and a slow reader', () => {
  it.each(LISTS)('$name waits for stdout to take a page before asking for the next', async (list) => {
    const pages = () => fx.sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === list.path);
    const { ctx } = testContext({ configDir: fx.configDir });
    const reader = new HeldReader();
    ctx.stdout = reader as unknown as OutputStream;
    const running = main([...list.argv, '-o', 'ndjson'], ctx);

    // promo waits on the reader (listening for 'drain') with the first page written.
    await until(() => reader.listenerCount('drain') > 0);
    expect(pages()).toHaveLength(1);
    reader.release();

    expect(await running).toBe(0);
    expect(pages().length).toBeGreaterThan(2);
    const whole = await fx.run([...list.argv, '-o', 'json']);
    expect(jsonLines(reader.text)).toEqual(JSON.parse(whole.stdout));
  });
});

describe('a bulk --dry-run and a slow reader', () => {
  it('writes its JSON lines a few kilobytes at a time, each once stdout took the one before, and every line arrives', async () => {
    // 600 lines of ~250 bytes: ~150 KB, some tens of batches.
    const lines = Array.from({ length: 600 }, (_, i) =>
      JSON.stringify({
        code: `DRY-HELD-${i + 1}`,
        type: 'DISCOUNT_VOUCHER',
        discount: { type: 'PERCENT', percent_off: 5 },
      }),
    );
    const { ctx, stderr } = testContext({ configDir: fx.configDir, stdin: `${lines.join('\n')}\n` });
    const reader = new HeldReader();
    ctx.stdout = reader as unknown as OutputStream;
    const running = main(['voucher', 'create', '--input', '-', '--dry-run', '-o', 'json'], ctx);

    // Held at its first batch: a few kilobytes taken, not the whole run queued up in memory.
    await until(() => reader.listenerCount('drain') > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reader.text.length).toBeGreaterThan(0);
    expect(reader.text.length).toBeLessThan(8192);
    reader.release();

    expect(await running, stderr.text).toBe(0);
    const shown = jsonLines(reader.text) as Array<{
      line: number;
      dry_run: boolean;
      request: { body: { code: string } };
    }>;
    expect(shown.map((l) => l.line)).toEqual(lines.map((_, i) => i + 1));
    expect(shown.map((l) => l.request.body.code)).toEqual(lines.map((_, i) => `DRY-HELD-${i + 1}`));
    expect(fx.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
