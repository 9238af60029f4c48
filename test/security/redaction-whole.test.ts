// Redaction blanks a secret where it stands whole, never a piece of a longer word: with the app
// token `x`, the key `exit_code` stays `exit_code`. And an app token too short to be real (real
// ones are UUIDs, 36 characters) is refused when a profile is saved, naming where it came from.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED, SecretSet } from '../../src/http/redact.js';
import { runPromo, tempDir } from '../helpers/promo.js';
import { APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

describe('a secret is redacted whole', () => {
  const secrets = new SecretSet();
  secrets.add('x');
  secrets.add('s3cr3t7');

  it('not inside a longer word', () => {
    expect(secrets.scrub('{"exit_code":4,"max":1,"xx":"x1"}')).toBe('{"exit_code":4,"max":1,"xx":"x1"}');
    expect(secrets.scrub('token s3cr3t7s and as3cr3t7')).toBe('token s3cr3t7s and as3cr3t7');
  });

  it('wherever it stands alone: a word, a JSON string, a header, a query, a URL-encoded form', () => {
    expect(secrets.scrub('seen x')).toBe(`seen ${REDACTED}`);
    expect(secrets.scrub('{"token":"s3cr3t7","x":1}')).toBe(`{"token":"${REDACTED}","${REDACTED}":1}`);
    expect(secrets.scrub('X-App-Token: s3cr3t7\n')).toBe(`X-App-Token: ${REDACTED}\n`);
    expect(secrets.scrub('/v1/a?t=s3cr3t7&b=1')).toBe(`/v1/a?t=${REDACTED}&b=1`);
  });

  it('letters and digits of any script continue a word; other characters bound it', () => {
    const short = new SecretSet();
    short.add('sandbox');
    // Letters and digits beyond ASCII (é, ß, Cyrillic д, Arabic-Indic ٣): part of a longer word.
    for (const word of ['ésandbox', 'sandboxß', 'дsandbox', 'sandbox٣', 'Zsandbox', 'sandbox9', '_sandbox-'])
      expect(short.scrub(`a ${word} b`)).toBe(`a ${word} b`);
    // Punctuation, symbols and spaces of any script: the secret stands whole.
    for (const [left, right] of [
      ['.', '.'],
      ['«', '»'],
      ['→', '\u00a0'],
      ['@', '~'],
      ['[', ']'],
      ['`', '{'],
      ['/', ':'],
    ])
      expect(short.scrub(`${left}sandbox${right}`)).toBe(`${left}${REDACTED}${right}`);
    expect(short.scrub('https://assets.sandbox.invalid/x')).toBe(`https://assets.${REDACTED}.invalid/x`);
  });

  it('a secret as long as a real one wherever it stands, inside hyphens and underscores too', () => {
    const long = new SecretSet();
    long.add('6c1f0a2e-9d4b-4c2a-8f3e-0b7d5a1c9e44');
    long.add('x');
    long.add('sandbox');
    const token = '6c1f0a2e-9d4b-4c2a-8f3e-0b7d5a1c9e44';
    for (const [shown, blanked] of [
      [`prefix-${token}-suffix`, `prefix-${REDACTED}-suffix`],
      [`key_${token}_2`, `key_${REDACTED}_2`],
      [`ab${token}cd`, `ab${REDACTED}cd`],
      [`-${token}`, `-${REDACTED}`],
    ])
      expect(long.scrub(shown!)).toBe(blanked);
    // A short one (a local sandbox's) only where it stands whole: unrelated words stay.
    expect(long.scrub('promo-sandbox x-ray max_x sandbox x')).toBe(
      `promo-sandbox x-ray max_x ${REDACTED} ${REDACTED}`,
    );
  });

  it('the app token echoed by the service as prefix-TOKEN-suffix is blanked on stderr', async () => {
    for (const output of ['json', 'table']) {
      fx.sandbox.faults.push({
        action: {
          status: 400,
          body: { key: 'echo', message: `no such key-${APP_TOKEN}-here (and_${APP_TOKEN})` },
        },
      });
      const { code, stderr } = await fx.run(['-o', output, 'templates', 'list']);
      expect(code).toBe(1);
      expect(stderr).not.toContain(APP_TOKEN);
      expect(stderr).toContain(`no such key-${REDACTED}-here (and_${REDACTED})`);
    }
  });

  it('with PROMO_APP_TOKEN=x, the JSON error on stderr keeps its keys (exit_code)', async () => {
    const { code, stderr } = await runPromo(
      ['--api-url', fx.sandbox.url, '-o', 'json', 'templates', 'list'],
      {
        configDir: fx.configDir,
        env: { PROMO_APP_ID: 'app-x', PROMO_APP_TOKEN: 'x' },
      },
    );
    expect(code).toBe(4);
    const error = JSON.parse(stderr.trim().split('\n').at(-1)!).error;
    expect(error.exit_code).toBe(4);
    expect(stderr).not.toContain(`e${REDACTED}it`);
  });
});

describe('an app token too short to be real', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.cleanup());
  const config = () => join(dir.path, 'config.json');

  it('is refused by profile add (exit 2, naming --app-token-stdin), nothing saved or sent', async () => {
    const { code, stderr } = await runPromo(
      ['profile', 'add', 'prod', '--app-id', 'app-1', '--app-token-stdin', '-o', 'table'],
      { configDir: dir.path, stdin: 'abc1234\n' },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('--app-token-stdin');
    expect(stderr).toContain('7 characters');
    expect(stderr).not.toContain('abc1234');
    expect(existsSync(config())).toBe(false);
  });

  it('from PROMO_APP_TOKEN too, named as such', async () => {
    const { code, stderr } = await runPromo(['profile', 'add', 'ci', '--app-id', 'app-1', '-o', 'table'], {
      configDir: dir.path,
      env: { PROMO_APP_TOKEN: 'short' },
    });
    expect(code).toBe(2);
    expect(stderr).toContain('PROMO_APP_TOKEN');
    expect(existsSync(config())).toBe(false);
  });

  it('is refused by login before anything is checked or saved', async () => {
    fx.sandbox.requests.length = 0;
    const { code, stderr } = await runPromo(['login', '--cluster', 'api', '-o', 'table'], {
      configDir: dir.path,
      tty: true,
      answers: ['work', 'app-1', 'tiny'],
    });
    expect(code).toBe(2);
    expect(stderr).toContain('app token');
    expect(existsSync(config())).toBe(false);
  });

  it("is taken for a local sandbox (a loopback API URL): its public default token is 'sandbox'", async () => {
    const { code } = await runPromo(
      [
        '--api-url',
        fx.sandbox.url,
        'profile',
        'add',
        'local',
        '--app-id',
        'sandbox',
        '--app-token-stdin',
        '--no-check',
      ],
      { configDir: dir.path, stdin: 'sandbox\n' },
    );
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(config(), 'utf8')).profiles.local.app_token).toBe('sandbox');
  });
});
