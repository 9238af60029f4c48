// Answers promo must not believe: redirects, empty or malformed 2xx bodies, bodies too large to
// hold. Each is an error (exit 1) that says what came back; nothing is printed as a result, nothing
// is cached, and no credential follows a redirect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hostile, json, startHostile, useHostile } from '../helpers/hostile.js';
import { runPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN } from '../helpers/sandbox.js';

const server = useHostile();
let elsewhere: Hostile;
const dir = tempDir();
beforeAll(async () => {
  elsewhere = await startHostile();
});
afterAll(async () => {
  await elsewhere.close();
  dir.cleanup();
});

const env = { PROMO_APP_ID: APP_ID, PROMO_APP_TOKEN: APP_TOKEN };
const promo = (...argv: string[]) =>
  runPromo(['--api-url', server.url, '-o', 'json', ...argv], { configDir: dir.path, env });
const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;

const TOKEN = {
  access_token: 'at-good-0123456789abcdef',
  client_id: 'cl_1',
  expires_at: Math.floor(Date.now() / 1000) + 900,
  expires_in: 900,
  scope: 'api',
  token_type: 'bearer',
};

describe('redirects', () => {
  const commands: Array<[string, string[]]> = [
    ['voucher delete', ['voucher', 'delete', 'ABC', '--yes']],
    ['voucher create', ['voucher', 'create', '--percent-off', '20']],
    ['event send', ['event', 'send', 'signup', '--customer-source-id', 'c1']],
    ['api GET', ['api', 'GET', '/v1/templates/campaigns']],
    ['token issue', ['token', 'issue', '--scope', 'api', '--new']],
  ];
  for (const status of [301, 302, 307, 308]) {
    for (const [name, argv] of commands) {
      it(`${name} behind a ${status} exits 1 naming the status and the target host, and follows nothing`, async () => {
        const target = new URL('/v1/elsewhere', elsewhere.url);
        server.handle = (_, res) => {
          res.writeHead(status, { Location: target.href });
          res.end();
        };
        const { code, stdout, stderr } = await promo(...argv);
        expect(code).toBe(1);
        // voucher delete reports each code on stdout (as a failure); nothing else prints a result.
        expect(stdout).not.toMatch(/"ok":true|undefined/);
        if (name !== 'voucher delete') expect(stdout).toBe('');
        expect(errorOf(stderr)).toMatchObject({
          key: 'redirect_error',
          exit_code: 1,
          message: expect.stringContaining(`answered ${status}, a redirect to ${target.host}`),
        });
        expect(server.requests).toHaveLength(1);
        expect(elsewhere.requests).toHaveLength(0);
      });
    }
  }

  it('a 3xx without a Location is an error too', async () => {
    server.handle = (_, res) => {
      res.writeHead(303);
      res.end();
    };
    const { code, stderr } = await promo('voucher', 'delete', 'ABC', '--yes');
    expect(code).toBe(1);
    expect(errorOf(stderr).message).toContain('answered 303, a redirect with no Location');
  });
});

describe('empty or malformed 2xx bodies', () => {
  const cases: Array<[string, string[], string, string]> = [
    ['voucher create, empty', ['voucher', 'create', '--percent-off', '20'], '', 'the body is empty'],
    [
      'voucher create, not JSON',
      ['voucher', 'create', '--percent-off', '20'],
      '<html>',
      'the body is not JSON',
    ],
    [
      'voucher create, no code',
      ['voucher', 'create', '--percent-off', '20'],
      '{"id":"v_1"}',
      'body.code is missing',
    ],
    ['event send, empty', ['event', 'send', 'signup', '--customer-source-id', 'c1'], '', 'the body is empty'],
    [
      'event send, customer null',
      ['event', 'send', 'signup', '--customer-source-id', 'c1'],
      '{"type":"signup","customer":null}',
      'body.customer is null, not an object',
    ],
    ['templates list, {}', ['templates', 'list'], '{}', 'body.has_more is missing'],
    [
      'templates list, no array',
      ['templates', 'list'],
      '{"object":"list","data_ref":"campaign_templates","has_more":false}',
      'body.campaign_templates is missing',
    ],
    [
      'tiers list, no cursor',
      ['tiers', 'list', 'lts_1'],
      '{"object":"list","data":[]}',
      'body.cursor is missing',
    ],
    [
      'tiers list, bad item',
      ['tiers', 'list', 'lts_1'],
      '{"data":[{"id":1}],"cursor":null}',
      'body.data[0].id is a number, not a string',
    ],
    ['token inspect, []', ['token', 'inspect', 'sometoken1234'], '[]', 'body is an array, not an object'],
    [
      'token issue, expires_in null',
      ['token', 'issue', '--scope', 'api', '--new'],
      '{"expires_in":null}',
      'body.access_token is missing',
    ],
  ];
  for (const [name, argv, body, problem] of cases) {
    it(`${name}: exit 1, "cannot read: ${problem}", nothing on stdout`, async () => {
      server.handle = (req, res) => {
        // The bearer token of tiers list is issued first, by a good answer.
        if (req.url.startsWith('/v1/oauth/token') && argv[0] === 'tiers') return json(200, TOKEN)(req, res);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(body);
      };
      const { code, stdout, stderr } = await promo(...argv);
      expect(stdout).toBe('');
      expect(code).toBe(1);
      expect(errorOf(stderr)).toMatchObject({ key: 'unreadable_answer_error', exit_code: 1 });
      expect(errorOf(stderr).message).toMatch(
        new RegExp(
          `^the service answered 200 with a body promo cannot read: ${problem.replace(/[.[\]]/g, '\\$&')} \\(`,
        ),
      );
      expect(stderr).not.toContain('undefined (');
    });
  }

  it('never writes the token cache from an unreadable answer: the valid cached token survives', async () => {
    server.handle = json(200, TOKEN);
    const first = await promo('token', 'issue', '--scope', 'api', '--new');
    expect(first.code).toBe(0);
    server.handle = (_, res) => res.end('{"access_token": nul');
    const bad = await promo('token', 'issue', '--scope', 'api', '--new');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    server.requests.length = 0;
    const again = await promo('token', 'issue', '--scope', 'api');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).access_token).toBe(TOKEN.access_token);
    expect(server.requests).toHaveLength(0);
  });
});

describe('huge bodies', () => {
  it('refuses an answer that announces more than 64 MiB, before reading it', async () => {
    server.handle = (_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(2 ** 30) });
      res.write('{"a":"');
    };
    const { code, stdout, stderr } = await promo('api', 'GET', '/v1/templates/campaigns');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(errorOf(stderr)).toMatchObject({
      key: 'answer_too_large_error',
      message: expect.stringContaining('larger than 64 MiB'),
    });
  });

  it('stops reading a streamed answer at 64 MiB and says so, with no stack trace', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    server.handle = (_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 80 && res.write(chunk)) sent++;
        if (sent < 80) res.once('drain', more);
        else res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      more();
    };
    const { code, stdout, stderr } = await runPromo(
      ['--api-url', server.url, '-o', 'table', 'templates', 'list'],
      { configDir: dir.path, env },
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error: GET \/v1\/templates\/campaigns: the answer is larger than 64 MiB/);
    // The message, then its hint on a line of its own; no stack trace.
    expect(stderr.trim().split('\n')).toHaveLength(2);
  });
});

describe('every operation of the api layer checks its answer', () => {
  it('each one, bulk actions included: an answer of {} is unreadable, naming the operation', async () => {
    const { ApiClient } = await import('../../src/api/client.js');
    const { Transport } = await import('../../src/http/transport.js');
    const { SecretSet } = await import('../../src/http/redact.js');
    const vouchers = await import('../../src/api/vouchers.js');
    const { listVouchers } = await import('../../src/api/voucher-list.js');
    const { importVouchers } = await import('../../src/api/voucher-import.js');
    const jobs = await import('../../src/api/async-actions.js');
    const { sendEvent } = await import('../../src/api/events.js');
    const oauth = await import('../../src/api/oauth.js');
    const { listTemplates } = await import('../../src/api/templates.js');
    const { listTiers } = await import('../../src/api/tiers.js');
    const bulk = await import('../../src/commands/voucher/bulk-actions.js');
    const active = await import('../../src/commands/voucher/active.js');
    const update = await import('../../src/commands/voucher/update.js');
    const events = await import('../../src/commands/event/send-input.js');
    server.handle = json(200, {});
    const transport = new Transport({ timeoutMs: 2000, retries: 0, secrets: new SecretSet() });
    const bearer = { token: async () => ({ access_token: 'at-1', fromCache: false }) } as never;
    const client = new ApiClient(server.url, { appId: APP_ID, appToken: APP_TOKEN }, transport, bearer);
    const body = {
      code: 'A',
      type: 'DISCOUNT_VOUCHER' as const,
      discount: { type: 'PERCENT' as const, percent_off: 5 },
    };
    const operations: Array<[string, () => Promise<unknown>]> = [
      ['POST /v1/vouchers', () => vouchers.createVoucher(client, body)],
      ['GET /v1/vouchers/{code}', () => vouchers.getVoucher(client, 'A')],
      ['PUT /v1/vouchers/{code}', () => vouchers.updateVoucher(client, 'A', { active: false })],
      ['POST /v1/vouchers/{code}/enable', () => vouchers.setVoucherActive(client, 'A', true)],
      ['GET /v1/vouchers', () => listVouchers(client, {})],
      ['POST /v1/vouchers/import', () => importVouchers(client, [{ code: 'A' }])],
      ['GET /v1/async-actions/{id}', () => jobs.getAsyncAction(client, 'aa_1')],
      ['GET /v1/async-actions', () => jobs.listAsyncActions(client, {})],
      ['POST /v1/events', () => sendEvent(client, { event: 'e', customer: { source_id: 'c' } })],
      ['POST /v1/oauth/token', () => oauth.issueToken(client, ['api'])],
      ['POST /v1/oauth/introspect', () => oauth.introspectToken(client, 'at-1')],
      ['GET /v1/templates/campaigns', () => listTemplates(client, {})],
      ['GET /v2/loyalties/tier-structures/{id}/tiers', () => listTiers(client, 'lts_1', {}, ['api'])],
      // What each bulk run sends a line with:
      ['POST /v1/vouchers', () => bulk.createAction.send(client, body)],
      ['POST /v1/vouchers/{code}/enable', () => active.activeAction(true).send(client, 'A')],
      [
        'PUT /v1/vouchers/{code}',
        () => update.updateAction.send(client, { code: 'A', body: { active: true } }),
      ],
      ['POST /v1/events', () => events.sendAction.send(client, { event: 'e', customer: { source_id: 'c' } })],
    ];
    try {
      for (const [operation, call] of operations) {
        await expect(call(), operation).rejects.toMatchObject({
          name: 'UnreadableAnswerError',
          message: expect.stringContaining(`(${operation})`),
        });
      }
    } finally {
      transport.close();
    }
  });

  it('a bulk create answered 200 {} journals no line created: each is unknown, read back, exit 7', async () => {
    const { writeFileSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const input = join(dir.path, 'empty-answers.ndjson');
    writeFileSync(
      input,
      '{"code":"E1","type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":5}}\n',
    );
    const journal = join(dir.path, 'empty-answers.journal');
    server.handle = json(200, {});
    const run = await promo('voucher', 'create', '--input', input, '--results', journal);
    expect(run.code).toBe(7);
    const records = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l))
      // The run's last record says how it ended (how to resume); the lines' records come before.
      .filter((r) => 'line' in r);
    expect(records.map((r) => r.status)).not.toContain('created');
    expect(records.at(-1)).toMatchObject({
      line: 1,
      status: 'unknown',
      error: { key: 'unreadable_answer_error' },
    });
  });
});
