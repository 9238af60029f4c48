import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const STRUCTURE = 'lts_0a1b2c3d4e5f';
const TIERS_PATH = `/v2/loyalties/tier-structures/${STRUCTURE}/tiers`;

type Tier = Record<string, unknown> & { id: string; name: string; created_at: string };

const fx = useSandbox();

const promo = (...argv: string[]) => runPromo(argv, { configDir: fx.configDir });
const tierRequests = () => fx.sandbox.requests.filter((r) => r.rawPath === TIERS_PATH);
const tokenRequests = () => fx.sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token');

/** The demo tiers as the sandbox holds them, in the given order. */
function stateTiers(order: string): Tier[] {
  const tiers = [...(fx.sandbox.state.tierStructures[STRUCTURE] as Tier[])];
  const field = order.replace('-', '') as 'name' | 'created_at';
  tiers.sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
  return order.startsWith('-') ? tiers.reverse() : tiers;
}

/** A second profile for the fixture's sandbox, with a token cache of its own. */
async function addProfile(name: string, ...flags: string[]): Promise<void> {
  const added = await runPromo(
    ['profile', 'add', name, '--app-id', APP_ID, '--app-token-stdin', '--api-url', fx.sandbox.url, ...flags],
    { configDir: fx.configDir, stdin: `${APP_TOKEN}\n` },
  );
  expect(added.code).toBe(0);
  fx.sandbox.requests.length = 0;
}

/** Pages by hand with --raw and --cursor, the way a script would. */
async function pagesByHand(order: string, limit: number): Promise<Tier[][]> {
  const pages: Tier[][] = [];
  let cursor: string | undefined;
  do {
    const args = ['tiers', 'list', STRUCTURE, '--order', order, '--limit', String(limit), '--raw'];
    if (cursor) args.push('--cursor', cursor);
    const { code, stdout, stderr } = await promo(...args);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const list = JSON.parse(stdout);
    expect(list.object).toBe('list');
    pages.push(list.data);
    cursor = list.cursor?.next;
  } while (cursor && pages.length < 10);
  return pages;
}

describe('promo tiers list', () => {
  it('prints exactly the service tier objects as a JSON array, newest first by default', async () => {
    const { code, stdout, stderr } = await promo('tiers', 'list', STRUCTURE);
    expect([code, stderr]).toEqual([0, '']);
    expect(JSON.parse(stdout)).toEqual(stateTiers('-created_at'));
    expect(tierRequests()[0]!.query).toBe('');
  });

  it.each(['name', '-name', 'created_at'])(
    'pages across page boundaries in order %s and --all equals the pages joined',
    async (order) => {
      const pages = await pagesByHand(order, 2);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      const all = await promo('tiers', 'list', STRUCTURE, '--order', order, '--limit', '2', '--all');
      expect(all.code).toBe(0);
      expect(JSON.parse(all.stdout)).toEqual(pages.flat());
      expect(pages.flat()).toEqual(stateTiers(order));
    },
  );

  it('sends limit, order and cursor as the service names them', async () => {
    const first = JSON.parse(
      (await promo('tiers', 'list', STRUCTURE, '-l', '3', '--order', 'name', '--raw')).stdout,
    );
    await promo('tiers', 'list', STRUCTURE, '-l', '3', '--order', 'name', '--cursor', first.cursor.next);
    const queries = tierRequests().map((r) => new URLSearchParams(r.query));
    expect(Object.fromEntries(queries[0]!)).toEqual({ limit: '3', order: 'name' });
    expect(Object.fromEntries(queries[1]!)).toEqual({ limit: '3', order: 'name', cursor: first.cursor.next });
  });

  it('streams NDJSON page by page with --all, one tier a line', async () => {
    const { code, stdout } = await promo('tiers', 'list', STRUCTURE, '--limit', '2', '--all', '-o', 'ndjson');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(stateTiers('-created_at'));
    expect(tierRequests()).toHaveLength(3);
  });

  it('shows a table with the qualification range and segment, and a hint on stderr when more pages exist', async () => {
    const { code, stdout, stderr } = await promo(
      '-o',
      'table',
      'tiers',
      'list',
      STRUCTURE,
      '--order',
      'name',
      '--limit',
      '3',
    );
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Points\s+Segment\s+Created$/);
    expect(lines[1]).toMatch(/^lt_47bae76edebd\s+Bronze\s+0-999\s+-\s+2026-01-05 09:00 UTC$/);
    expect(lines[2]).toMatch(/Diamond\s+50000\+\s+seg_e71f2be7f1ad/);
    expect(lines).toHaveLength(4);
    expect(stderr).toMatch(
      /^More tiers: add --cursor lcrst_[a-f0-9]+ \(valid until .+\) for the next page, or --all/,
    );
  });

  it('fills one table with --all and gives no hint', async () => {
    const { code, stdout, stderr } = await promo(
      '-o',
      'table',
      'tiers',
      'list',
      STRUCTURE,
      '--limit',
      '2',
      '--all',
    );
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(stderr).toBe('');
  });

  it('issues one bearer token for two listings in a row and sends it, not the app keys', async () => {
    await addProfile('fresh');
    const first = await promo('--profile', 'fresh', 'tiers', 'list', STRUCTURE);
    const second = await promo('--profile', 'fresh', 'tiers', 'list', STRUCTURE);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(tokenRequests()).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests()[0]!.body).get('scope')).toBe('api');
    const [a, b] = tierRequests();
    expect(a!.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(b!.headers.authorization).toBe(a!.headers.authorization);
    expect(a!.headers['x-app-token']).toBeUndefined();
  });

  it('issues one fresh token and retries once when the service refuses the cached one with 401', async () => {
    await promo('tiers', 'list', STRUCTURE);
    fx.sandbox.requests.length = 0;
    fx.sandbox.faults.push({ match: { method: 'GET', path: TIERS_PATH }, action: { status: 401 } });
    const { code, stdout } = await promo('tiers', 'list', STRUCTURE);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(5);
    expect(tokenRequests()).toHaveLength(1);
    const [refused, retried] = tierRequests();
    expect(tierRequests()).toHaveLength(2);
    expect(retried!.headers.authorization).not.toBe(refused!.headers.authorization);
    // The fresh token replaced the refused one in the cache: the next run issues none.
    fx.sandbox.requests.length = 0;
    expect((await promo('tiers', 'list', STRUCTURE)).code).toBe(0);
    expect(tokenRequests()).toHaveLength(0);
  });

  it('gives up with exit 4 when a fresh token is refused too, after one retry', async () => {
    await promo('tiers', 'list', STRUCTURE);
    fx.sandbox.requests.length = 0;
    fx.sandbox.faults.push({ match: { method: 'GET', path: TIERS_PATH }, times: 2, action: { status: 401 } });
    const { code, stderr } = await promo('tiers', 'list', STRUCTURE);
    expect(code).toBe(4);
    expect(JSON.parse(stderr).error.status).toBe(401);
    expect(tierRequests()).toHaveLength(2);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('asks for a token with the scopes of the profile', async () => {
    await addProfile('scoped', '--scope', 'loyalties');
    const { code } = await promo('--profile', 'scoped', 'tiers', 'list', STRUCTURE);
    expect(code).toBe(0);
    expect(new URLSearchParams(tokenRequests()[0]!.body).get('scope')).toBe('loyalties');
  });

  it('exits 3 with the service error when the tier structure does not exist', async () => {
    const { code, stdout, stderr } = await promo('tiers', 'list', 'lts_ffffffffffff');
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error).toMatchObject({
      status: 404,
      key: 'not_found',
      resource_type: 'tier_structure',
    });
  });

  it('percent-encodes the tier structure id into one path segment', async () => {
    await promo('tiers', 'list', 'lts_a/b?c');
    expect(fx.sandbox.requests.at(-1)!.rawPath).toBe('/v2/loyalties/tier-structures/lts_a%2Fb%3Fc/tiers');
  });

  it.each([
    [['--limit', '0'], '--limit'],
    [['--limit', '101'], '--limit'],
    [['--limit', '5x'], '--limit'],
    [['--order', 'updated_at'], '--order'],
    [['--cursor', 'page2'], '--cursor'],
    [['--all', '--raw'], '--raw'],
  ])('refuses %j with exit 2 naming %s, sending nothing', async (flags, named) => {
    const { code, stdout, stderr } = await promo('tiers', 'list', STRUCTURE, ...flags);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr).error.message).toContain(named);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('refuses a tier structure id with spaces, sending nothing', async () => {
    const { code } = await promo('tiers', 'list', 'lts 1');
    expect(code).toBe(2);
    expect(fx.sandbox.requests).toHaveLength(0);
  });

  it('marks the command as beta in its help', async () => {
    const { code, stdout } = await promo('tiers', 'list', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('[beta]');
    expect(stdout).toMatch(/Beta: the service's endpoint is in beta/);
  });
});
