// promo help <topic>: every topic, written from the tables the code runs on; the root help's
// brief of exit codes and variables; unknown words answered with a suggestion; options that take a
// list never swallow the positional arguments after them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODE_MEANINGS, ExitCode } from '../../src/base/errors.js';
import { wrapHelp } from '../../src/output/wrap.js';
import { rootHelpAfter, TOPICS } from '../../src/registry/topics.js';
import { runPromo, tempDir } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every PROMO_* variable the code reads (the sandbox's own checks and the build's aside). */
function variablesRead(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!path.includes('/sandbox/'))
        for (const [name] of readFileSync(path, 'utf8').matchAll(/PROMO_[A-Z_]+[A-Z]/g)) names.add(name);
    }
  };
  walk(SRC);
  names.delete('PROMO_VERSION'); // the build's constant, __PROMO_VERSION__
  return [...names].sort();
}

describe('promo help <topic>', () => {
  it.each(Object.keys(TOPICS))(
    'promo help %s: exit 0, the topic on stdout, nothing on stderr',
    async (topic) => {
      const { code, stdout, stderr } = await runPromo(['help', topic]);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      // Piped: fitted to 80 columns, broken between words.
      expect(stdout).toBe(wrapHelp(await TOPICS[topic]!.text(), 80));
      expect(stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
    },
  );

  it('exit-codes is the code table, each code with its meaning', async () => {
    // A meaning wrapped under itself is read as one line.
    const stdout = (await runPromo(['help', 'exit-codes'])).stdout.replace(/\n {6,}/g, ' ');
    for (const code of Object.values(ExitCode))
      expect(stdout).toMatch(
        new RegExp(`\\n  ${code} +${EXIT_CODE_MEANINGS[code].replace(/[()]/g, '\\$&')}\\n`),
      );
  });

  it('environment names every PROMO_ variable the code reads, and the proxies', async () => {
    const { stdout } = await runPromo(['help', 'environment']);
    expect(variablesRead().length).toBeGreaterThan(6);
    for (const name of [...variablesRead(), 'HTTPS_PROXY', 'NO_PROXY', 'NO_COLOR', 'CI'])
      expect(stdout).toContain(name);
  });

  it('the root help is written within 80 columns as it is made: at 80 and wider nothing is laid out again', async () => {
    // What `promo --help` costs at start-up depends on it (wrapHelp returns such a text untouched).
    const { stdout } = await runPromo(['--help']);
    expect(stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
    const after = rootHelpAfter();
    expect(after.split('\n').filter((line) => line.length > 80)).toEqual([]);
    expect(wrapHelp(after, 80)).toBe(after);
  });

  it('the root help lists the topics, the exit codes and the variables in brief', async () => {
    const { stdout } = await runPromo(['--help']);
    expect(stdout).toContain('promo help exit-codes');
    expect(stdout).toMatch(/\nExit codes:\n {2}0 +success\n[\s\S]*\n {2}130 +interrupted\n/);
    for (const name of ['PROMO_APP_ID', 'PROMO_APP_TOKEN', 'PROMO_CONFIG_DIR', 'HTTPS_PROXY', 'NO_PROXY'])
      expect(stdout).toContain(name);
  });

  it.each([
    ['exit-code', 'exit-codes'],
    ['enviroment', 'environment'],
    ['vouchr', 'voucher'],
  ])('promo help %s: exit 2, "Did you mean %s?", nothing on stdout', async (word, meant) => {
    const { code, stdout, stderr } = await runPromo(['help', word, '-o', 'table']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`unknown help topic or command '${word}'`);
    expect(stderr).toContain(`Did you mean ${meant}?`);
  });
});

describe('list options before positional arguments', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await sandboxFixture();
  });
  afterAll(() => fx.close());

  it('promo api GET -q limit=1 PATH: the path is not taken as a query', async () => {
    fx.sandbox.requests.length = 0;
    const { code, stdout } = await runPromo(
      ['api', 'GET', '--query', 'limit=1', '--query', 'order=-id', '/v1/templates/campaigns'],
      {
        configDir: fx.configDir,
      },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).campaign_templates).toHaveLength(1);
    expect(fx.sandbox.requests[0]).toMatchObject({
      method: 'GET',
      query: 'limit=1&order=-id',
    });
  });

  it('promo profile add --scope api --scope vouchers NAME: the name is not taken as a scope', async () => {
    const dir = tempDir();
    try {
      const add = await runPromo(
        [
          'profile',
          'add',
          '--no-check',
          '--app-id',
          'a',
          '--scope',
          'api',
          '--scope',
          'vouchers',
          'ci',
          '--app-token-stdin',
        ],
        { configDir: dir.path, stdin: 'tok-1234-5678-90ab\n' },
      );
      expect(add.code).toBe(0);
      const saved = JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8'));
      expect(saved.profiles.ci.scopes).toEqual(['api', 'vouchers']);
    } finally {
      dir.cleanup();
    }
  });
});
