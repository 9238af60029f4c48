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
