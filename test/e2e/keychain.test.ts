// App tokens in the operating system's keychain, against a real Secret Service (a private D-Bus
// session with gnome-keyring, test/helpers/secret-service.ts): the built promo stores, reads,
// replaces, removes and migrates tokens there, and the profile file holds none of them; without a
// D-Bus session, or with the keyring locked, it falls back to the 0600 file and says so; a token
// in a keychain now out of reach is exit 4 naming the profile and the fix.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keychainGet } from '../../src/config/keychain.js';
import { spawnPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { missingPrograms, type SecretService, startSecretService } from '../helpers/secret-service.js';

const missing = missingPrograms();
if (missing.length && process.env.CI)
  throw new Error(`the keychain tests need ${missing.join(', ')} in CI (.ci/run installs them)`);

const fx = useSandbox();
const configFile = () => join(fx.configDir, 'config.json');
const fileText = () => readFileSync(configFile(), 'utf8');

describe.skipIf(missing.length > 0)(
  missing.length
    ? `keychain (skipped: ${missing.join(', ')} not installed)`
    : 'keychain: a real Secret Service',
  () => {
    let service: SecretService;
    beforeAll(async () => {
      service = await startSecretService();
      // The keyring library talks to the bus of this process's environment: this test reads the
      // keychain promo wrote through the same private session.
      process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
    });
    afterAll(() => {
      delete process.env.DBUS_SESSION_BUS_ADDRESS;
      service?.stop();
    });

    const promo = (argv: string[], stdin?: string, env: Record<string, string> = {}) =>
      spawnPromo(argv, { env: { ...fx.env, ...service.env, PROMO_SECRET_STORE: '', ...env }, stdin });
    const add = (name: string, token: string, extra: string[] = []) =>
      promo(
        [
          'profile',
          'add',
          name,
          '--app-id',
          APP_ID,
          '--app-token-stdin',
          '--api-url',
          fx.sandbox.url,
          ...extra,
        ],
        `${token}\n`,
      );

    it('stores the token in the keychain, the file keeps only the entry, and requests use it', async () => {
      const added = await add('kc', APP_TOKEN);
      expect(added.code, added.stderr).toBe(0);
      const stored = JSON.parse(fileText()).profiles.kc;
      expect(stored).toEqual({
        app_id: APP_ID,
        api_url: fx.sandbox.url,
        app_token_store: 'keychain',
        keychain_account: expect.stringMatching(/^kc@[0-9a-f]{12}$/),
      });
      expect(keychainGet(stored.keychain_account, service.env)).toBe(APP_TOKEN);
      expect((statSync(configFile()).mode & 0o777).toString(8)).toBe('600');

      const status = await promo(['-p', 'kc', 'status', '--json']);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({
        secret_store: 'keychain',
        credentials: { ok: true },
      });
      expect(status.stdout).not.toContain(APP_TOKEN);
      const shown = await promo(['profile', 'show', 'kc', '--json']);
      expect(JSON.parse(shown.stdout)).toMatchObject({
        secret_store: 'keychain',
        app_token: `****${APP_TOKEN.slice(-4)}`,
      });
    });

    it('replaces the token of an existing profile, and removes the entry with the profile', async () => {
      expect((await add('swap', 'first-token-0001', ['--no-check'])).code).toBe(0);
      expect((await add('swap', APP_TOKEN)).code).toBe(0);
      const account = JSON.parse(fileText()).profiles.swap.keychain_account;
      expect(keychainGet(account, service.env)).toBe(APP_TOKEN);
      const removed = await promo(['profile', 'remove', 'swap', '--yes']);
      expect(removed.code, removed.stderr).toBe(0);
      expect(keychainGet(account, service.env)).toBeUndefined();
      expect(JSON.parse(fileText()).profiles.swap).toBeUndefined();
    });

    it('keeps a token in the file with --insecure-storage, and migrate-secrets moves it into the keychain', async () => {
      expect((await add('plain', APP_TOKEN, ['--insecure-storage'])).code).toBe(0);
      expect(JSON.parse(fileText()).profiles.plain.app_token).toBe(APP_TOKEN);
      const moved = await promo(['profile', 'migrate-secrets', '--json']);
      expect(moved.code, moved.stderr).toBe(0);
      expect(JSON.parse(moved.stdout)).toContainEqual({ profile: 'plain', outcome: 'moved' });
      expect(JSON.parse(fileText()).profiles.plain.app_token).toBeUndefined();
      expect((await promo(['-p', 'plain', 'voucher', 'list', '--limit', '1'])).code).toBe(0);
      const again = await promo(['profile', 'migrate-secrets', '--json']);
      expect(JSON.parse(again.stdout)).toContainEqual({ profile: 'plain', outcome: 'kept' });
    });

    it('reads nothing from the keychain on a run that needs no app token (a cached bearer token)', async () => {
      expect((await add('cached', APP_TOKEN)).code).toBe(0);
      expect((await promo(['-p', 'cached', 'token', 'issue', '--scope', 'vouchers'])).code).toBe(0);
      // The keychain out of reach now: the cached token is enough; an app-token request is exit 4.
      const away = { DBUS_SESSION_BUS_ADDRESS: '' };
      const cached = await promo(['-p', 'cached', 'token', 'issue', '--scope', 'vouchers'], undefined, away);
      expect(cached.code, cached.stderr).toBe(0);
      const needsToken = await promo(['-p', 'cached', 'voucher', 'get', 'X'], undefined, away);
      expect(needsToken.code).toBe(4);
      expect(JSON.parse(needsToken.stderr).error.message).toMatch(
        /^the app token of profile 'cached' is in the keychain, which cannot be reached: no D-Bus session/,
      );
      // Complete, so that it runs as printed: against this profile's service, not the public one.
      expect(JSON.parse(needsToken.stderr).error.hint).toContain(
        `promo profile add cached --app-id ${APP_ID} --app-token-stdin --api-url ${fx.sandbox.url} --insecure-storage`,
      );
    });
  },
);

describe.skipIf(missing.length > 0)('keychain out of reach', () => {
  const promo = (argv: string[], stdin: string, env: Record<string, string | undefined>) =>
    spawnPromo(argv, { env: { ...fx.env, PROMO_SECRET_STORE: '', ...env }, stdin });
  const addArgs = (name: string) => [
    'profile',
    'add',
    name,
    '--app-id',
    APP_ID,
    '--app-token-stdin',
    '--api-url',
    fx.sandbox.url,
  ];

  it('falls back to the 0600 file without a D-Bus session, and says so', async () => {
    const { code, stderr } = await promo(addArgs('nobus'), `${APP_TOKEN}\n`, {
      DBUS_SESSION_BUS_ADDRESS: undefined,
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(
      'No keychain here (no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)): the app token is kept in the profile file (mode 0600)',
    );
    expect(JSON.parse(fileText()).profiles.nobus.app_token).toBe(APP_TOKEN);
  });

  it('falls back with a locked keyring; PROMO_SECRET_STORE=keychain refuses instead, saving nothing', async () => {
    const locked = await startSecretService({ unlocked: false });
    try {
      const fell = await promo(addArgs('locked'), `${APP_TOKEN}\n`, locked.env);
      expect(fell.code, fell.stderr).toBe(0);
      expect(fell.stderr).toMatch(/No keychain here \(.+\): the app token is kept in the profile file/);
      expect(JSON.parse(fileText()).profiles.locked.app_token).toBe(APP_TOKEN);
      const refused = await promo(addArgs('strict'), `${APP_TOKEN}\n`, {
        ...locked.env,
        PROMO_SECRET_STORE: 'keychain',
      });
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stderr).error.message).toMatch(
        /^PROMO_SECRET_STORE=keychain, and the keychain cannot be reached: .+; nothing was saved$/,
      );
      expect(JSON.parse(fileText()).profiles.strict).toBeUndefined();
    } finally {
      locked.stop();
    }
  });
});
