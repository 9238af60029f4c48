import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPromo, tempDir } from '../helpers/promo.js';

const TOKEN = 'app-token-0123456789-abcdef';
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.cleanup());

const add = (name: string, extra: string[] = [], stdin = `${TOKEN}\n`) =>
  runPromo(['profile', 'add', '--no-check', name, '--app-id', 'app-1', '--app-token-stdin', ...extra], {
    configDir: dir.path,
    stdin,
  });

describe('promo profile add', () => {
  it('saves the token from stdin without its trailing newline, in a 0600 file inside a 0700 directory', async () => {
    const { code, stdout } = await add('prod', ['--cluster', 'us1.api']);
    expect(code).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8'));
    expect(saved.profiles.prod).toEqual({ app_id: 'app-1', app_token: TOKEN, cluster: 'us1.api' });
    expect(saved.default_profile).toBe('prod');
    expect(statSync(join(dir.path, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir.path).mode & 0o777).toBe(0o700);
    expect(JSON.parse(stdout)).toMatchObject({ name: 'prod', app_token: '****cdef', cluster: 'us1.api' });
    expect(stdout).not.toContain(TOKEN);
  });

  it('takes the token from PROMO_APP_TOKEN when stdin is not asked for', async () => {
    const { code } = await runPromo(['profile', 'add', '--no-check', 'ci', '--app-id', 'app-2'], {
      configDir: dir.path,
      env: { PROMO_APP_TOKEN: TOKEN },
    });
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8')).profiles.ci.app_token).toBe(TOKEN);
  });

  it('refuses to run without a token source when there is no terminal, naming the ways to give one', async () => {
    const { code, stderr } = await runPromo(
      ['profile', 'add', '--no-check', 'x', '--app-id', 'a', '-o', 'table'],
      {
        configDir: dir.path,
      },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('--app-token-stdin');
    expect(stderr).toContain('PROMO_APP_TOKEN');
  });

  it('asks for the token with a hidden prompt on a terminal', async () => {
    const { code, asked } = await runPromo(['profile', 'add', '--no-check', 'x', '--app-id', 'a'], {
      configDir: dir.path,
      tty: true,
      answers: [TOKEN],
    });
    expect(code).toBe(0);
    expect(asked).toEqual(['App token']);
  });

  it('refuses a token with inner spaces, an empty token, and the reserved name sandbox', async () => {
    expect((await add('x', [], 'two words\n')).code).toBe(2);
    expect((await add('x', [], '\n')).code).toBe(2);
    expect((await add('sandbox')).code).toBe(2);
    expect((await add('bad name!')).code).toBe(2);
    expect((await add('x', [], `${'t'.repeat(2000)}\n`)).code).toBe(2);
  });

  it('refuses plain http to a non-loopback host, and both --cluster and --api-url', async () => {
    const http = await add('x', ['--api-url', 'http://api.example.com']);
    expect(http.code).toBe(2);
    expect(http.stderr).toContain('--api-url');
    expect((await add('x', ['--api-url', 'https://x.example.com', '--cluster', 'api'])).code).toBe(2);
    expect((await add('x', ['--cluster', 'eu9.api'])).code).toBe(2);
  });
});

describe('promo profile list, show, use, remove', () => {
  it('lists profiles with masked tokens and the default marked, including the built-in sandbox', async () => {
    await add('a');
    await add('b', ['--api-url', 'http://127.0.0.1:4010']);
    const { stdout } = await runPromo(['profile', 'list', '-o', 'table'], { configDir: dir.path });
    expect(stdout).not.toContain(TOKEN);
    expect(stdout).toMatch(/\*\s+a\s+app-1\s+\*\*\*\*cdef\s+profile file\s+api/);
    expect(stdout).toMatch(/b\s+app-1\s+\*\*\*\*cdef\s+profile file\s+http:\/\/127\.0\.0\.1:4010/);
    expect(stdout).toContain('sandbox');
    const json = JSON.parse((await runPromo(['profile', 'list', '--json'], { configDir: dir.path })).stdout);
    expect(json.map((p: { name: string }) => p.name)).toEqual(['a', 'b', 'sandbox']);
  });

  it('shows one profile masked, switches the default, and removes with --yes', async () => {
    await add('a');
    await add('b');
    const show = await runPromo(['profile', 'show', 'b', '--json'], { configDir: dir.path });
    expect(JSON.parse(show.stdout)).toMatchObject({ name: 'b', app_token: '****cdef', default: false });
    expect((await runPromo(['profile', 'use', 'b'], { configDir: dir.path })).code).toBe(0);
    expect(
      JSON.parse((await runPromo(['profile', 'show', '--json'], { configDir: dir.path })).stdout).name,
    ).toBe('b');
    const noYes = await runPromo(['profile', 'remove', 'a'], { configDir: dir.path });
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('--yes');
    expect((await runPromo(['profile', 'remove', 'a', '--yes'], { configDir: dir.path })).code).toBe(0);
    expect((await runPromo(['profile', 'show', 'a'], { configDir: dir.path })).code).toBe(2);
  });

  it('asks before removing on a terminal; declining exits 8 and keeps the profile', async () => {
    await add('a');
    const declined = await runPromo(['profile', 'remove', 'a'], {
      configDir: dir.path,
      tty: true,
      answers: [false],
    });
    expect(declined.code).toBe(8);
    expect(JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8')).profiles.a).toBeDefined();
  });

  it('reports a config file that is not JSON, naming it, and leaves it untouched', async () => {
    const file = join(dir.path, 'config.json');
    writeFileSync(file, '{"profiles": {', { mode: 0o600 });
    const { code, stderr } = await runPromo(['profile', 'list', '-o', 'table'], { configDir: dir.path });
    expect(code).toBe(1);
    expect(stderr).toContain(file);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('{"profiles": {');
  });

  it('tightens a config file that others can read, with a warning', async () => {
    await add('a');
    const { chmodSync } = await import('node:fs');
    chmodSync(join(dir.path, 'config.json'), 0o644);
    const { code, stderr } = await runPromo(['profile', 'list', '-o', 'table'], { configDir: dir.path });
    expect(code).toBe(0);
    expect(stderr).toContain('warning:');
    expect(statSync(join(dir.path, 'config.json')).mode & 0o777).toBe(0o600);
  });
});
