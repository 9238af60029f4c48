// Profiles as a person meets them: a name that names none is exit 2 with what it may have meant,
// on every command; removing the default says so; profiles without a default say how to choose;
// profile add checks the credentials as login does; promo status says what a command would use.
import { describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';

const fx = useSandbox();

/** A config directory with a profile `local` (the default) on the fixture's sandbox. */
async function withLocal() {
  const dir = tempDir();
  const add = await runPromo(
    ['profile', 'add', 'local', '--app-id', APP_ID, '--app-token-stdin', '--api-url', fx.sandbox.url],
    { configDir: dir.path, stdin: APP_TOKEN },
  );
  expect(add.code, add.stderr).toBe(0);
  // The add's own check of the credentials is no part of what a test looks at.
  fx.sandbox.requests.length = 0;
  return dir;
}

const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;

describe('a profile that does not exist', () => {
  it('is exit 2 on every command, with what it may have meant and every profile there is', async () => {
    const dir = await withLocal();
    const runs = [
      await runPromo(['profile', 'use', 'locl'], { configDir: dir.path }),
      await runPromo(['profile', 'show', 'locl'], { configDir: dir.path }),
      await runPromo(['profile', 'remove', 'locl', '--yes'], { configDir: dir.path }),
      await runPromo(['-p', 'locl', 'voucher', 'get', 'X'], { configDir: dir.path }),
      await runPromo(['voucher', 'get', 'X'], { configDir: dir.path, env: { PROMO_PROFILE: 'locl' } }),
    ];
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(errorOf(run.stderr)).toMatchObject({
        message: "profile 'locl' does not exist; did you mean 'local'?",
        hint: 'Profiles: local, sandbox (built in). Create one with `promo login` or `promo profile add`.',
      });
    }
    expect(fx.sandbox.requests).toEqual([]);
    dir.cleanup();
  });
});

describe('the default profile', () => {
  it('removed: promo says so and how to choose another; then commands say there is none', async () => {
    const dir = await withLocal();
    const other = await runPromo(
      ['profile', 'add', 'other', '--app-id', APP_ID, '--app-token-stdin', '--api-url', fx.sandbox.url],
      { configDir: dir.path, stdin: APP_TOKEN },
    );
    expect(other.code).toBe(0);
    const removed = await runPromo(['profile', 'remove', 'local', '--yes', '-o', 'table'], {
      configDir: dir.path,
    });
    expect(removed.code).toBe(0);
    expect(removed.stderr.replace(/\s*\n\s*/g, ' ')).toContain(
      "'local' was the default profile; there is none now. Choose one with: promo profile use NAME (profiles: other, sandbox)",
    );
    const after = await runPromo(['voucher', 'get', 'X'], { configDir: dir.path });
    expect(after.code).toBe(4);
    expect(errorOf(after.stderr)).toMatchObject({
      message: 'no default profile',
      hint: 'Choose one: promo profile use NAME (profiles: other, sandbox), or --profile NAME for one command.',
    });
    dir.cleanup();
  });
});

describe('profile add', () => {
  it('checks the credentials against the service before saving; refused: exit 4, nothing saved', async () => {
    const dir = tempDir();
    const argv = [
      'profile',
      'add',
      'p1',
      '--app-id',
      APP_ID,
      '--app-token-stdin',
      '--api-url',
      fx.sandbox.url,
    ];
    const refused = await runPromo(argv, { configDir: dir.path, stdin: 'not-the-token' });
    expect(refused.code).toBe(4);
    expect(errorOf(refused.stderr).message).toBe(
      'the service refused these credentials (HTTP 401); nothing was saved',
    );
    expect((await runPromo(['profile', 'list'], { configDir: dir.path })).stdout).not.toContain('"p1"');
    const checks = fx.sandbox.requests.filter((r) => r.rawPath === '/v1/templates/campaigns');
    expect(checks).toHaveLength(1);

    const saved = await runPromo(argv, { configDir: dir.path, stdin: APP_TOKEN });
    expect(saved.code, saved.stderr).toBe(0);
    const unchecked = await runPromo([...argv.slice(0, 2), 'p2', ...argv.slice(3), '--no-check'], {
      configDir: dir.path,
      stdin: 'not-the-token',
    });
    expect(unchecked.code).toBe(0);
    expect(fx.sandbox.requests.filter((r) => r.rawPath === '/v1/templates/campaigns')).toHaveLength(2);
    dir.cleanup();
  });
});

describe('promo status', () => {
  it('says which profile and why, where it points, that the credentials work; secrets masked', async () => {
    const dir = await withLocal();
    const { code, stdout } = await runPromo(['status', '--json'], { configDir: dir.path });
    expect(code).toBe(0);
    expect(stdout).not.toContain(APP_TOKEN);
    expect(JSON.parse(stdout)).toMatchObject({
      profile: 'local',
      chosen_by: 'the default profile',
      api_url: fx.sandbox.url,
      app_id: APP_ID,
      app_token: `****${APP_TOKEN.slice(-4)}`,
      credentials_from: 'profile',
      credentials: { ok: true },
      tokens: [],
    });
    const table = await runPromo(['-p', 'local', 'status', '-o', 'table'], { configDir: dir.path });
    expect(table.stdout).toMatch(/Profile +local \(chosen by --profile\)/);
    expect(table.stdout).toMatch(/Credentials +accepted by the service/);
    dir.cleanup();
  });

  it('refused credentials: the card says so, exit 4', async () => {
    const dir = tempDir();
    await runPromo(
      [
        'profile',
        'add',
        'bad',
        '--app-id',
        APP_ID,
        '--app-token-stdin',
        '--api-url',
        fx.sandbox.url,
        '--no-check',
      ],
      { configDir: dir.path, stdin: 'wrong-token-0000' },
    );
    const { code, stdout } = await runPromo(['status', '--json'], { configDir: dir.path });
    expect(code).toBe(4);
    expect(JSON.parse(stdout).credentials).toMatchObject({ ok: false, error: { exit_code: 4 } });
    expect(stdout).not.toContain('wrong-token-0000');
    dir.cleanup();
  });
});

describe('profile list --json', () => {
  it('holds data, not display strings: the sandbox needs no token (null)', async () => {
    const dir = tempDir();
    const { stdout } = await runPromo(['profile', 'list', '--json'], { configDir: dir.path });
    expect(JSON.parse(stdout)).toContainEqual(
      expect.objectContaining({ name: 'sandbox', app_token: null, built_in: true }),
    );
    expect(stdout).not.toContain('(none needed)');
    dir.cleanup();
  });
});
