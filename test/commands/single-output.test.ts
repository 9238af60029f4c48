// Output details of single commands: validity hours echoed as typed (mon-fri), --dry-run on the
// built-in sandbox naming a URL that stays true, token inspect choosing among cached tokens.
import { afterAll, describe, expect, it } from 'vitest';
import { formatDays } from '../../src/commands/shared/values.js';
import { runPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir('promo-single-');
afterAll(() => dir.cleanup());
const promo = (...argv: string[]) => runPromo(['--profile', 'sandbox', ...argv], { configDir: dir.path });

describe('validity hours as a person types them', () => {
  it.each([
    [[1, 2, 3, 4, 5], 'mon-fri'],
    [[0, 6], 'sun,sat'],
    [[0, 1, 2, 3, 4, 5, 6], 'daily'],
    [[1, 2, 4, 5, 6], 'mon,tue,thu-sat'],
    [[3], 'wed'],
  ])('%j → %s', (days, text) => {
    expect(formatDays(days)).toBe(text);
  });

  it('voucher create echoes them so in its table', async () => {
    const { code, stdout } = await promo(
      'voucher',
      'create',
      '--percent-off',
      '5',
      '--validity-hours',
      'mon-fri@09:00-17:00',
      '--validity-hours',
      'sat,sun@10:00-12:00',
      '-o',
      'table',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Valid +mon-fri@09:00-17:00 sun,sat@10:00-12:00$/m);
  });
});

describe('--dry-run on the built-in sandbox', () => {
  it('shows sandbox://built-in, not a port that is gone once promo exits', async () => {
    const { code, stdout } = await promo('voucher', 'create', '--percent-off', '5', '--dry-run', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).request.url).toBe('sandbox://built-in/v1/vouchers');
  });
});

describe('token inspect with several cached tokens', () => {
  it('inspects the latest and says which, or the one --scope names', async () => {
    expect((await promo('token', 'issue', '--scope', 'api')).code).toBe(0);
    expect((await promo('token', 'issue', '--scope', 'vouchers', 'api')).code).toBe(0);

    const latest = await promo('token', 'inspect', '-o', 'table');
    expect(latest.code).toBe(0);
    expect(latest.stderr).toMatch(
      /2 cached tokens \('(api|api vouchers)', '(api|api vouchers)'\): inspecting the latest/,
    );

    const chosen = await promo('token', 'inspect', '--scope', 'vouchers', '--scope', 'api', '--json');
    expect(chosen.code).toBe(0);
    expect(chosen.stderr).toBe('');
    expect(JSON.parse(chosen.stdout).scope.split(' ').sort()).toEqual(['api', 'vouchers']);

    const none = await promo('token', 'inspect', '--scope', 'customers', '-o', 'table');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("no cached token for profile 'sandbox' with scopes 'customers'");
    expect(none.stderr).toContain('choose one with --scope');
  });

  it('refuses --scope with a TOKEN: exit 2', async () => {
    expect((await promo('token', 'inspect', 'abc', '--scope', 'api')).code).toBe(2);
  });
});
