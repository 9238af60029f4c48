// Help puts first what the command is for: a noun's commands, a command's own options; the global
// options, the same for every command, close it in a short block that points to where each is
// described (promo --help, promo help environment), as gh's help does.
import { describe, expect, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';

const sections = (help: string) => help.split('\n').filter((line) => /^\S.*:$/.test(line));

describe('help layout', () => {
  it('promo voucher --help: the commands first, the global options last in a few lines', async () => {
    const { code, stdout } = await runPromo(['voucher', '--help']);
    expect(code).toBe(0);
    const heads = sections(stdout);
    expect(heads[0]).toBe('Commands:');
    expect(heads.at(-1)).toBe('Global options:');
    const block = stdout.slice(stdout.indexOf('\nGlobal options:\n'));
    expect(block.trim().split('\n').length).toBeLessThanOrEqual(6);
    expect(block).toContain('--profile');
    expect(block).toContain('promo --help');
    expect(block).toContain('promo help environment');
    // Each global option is described once, in the root's help: not here.
    expect(stdout).not.toContain('profile to use');
  });

  it('campaign create --help: its own options first, the global ones in a short block, far fewer lines', async () => {
    const { code, stdout } = await runPromo(['campaign', 'create', '--help']);
    expect(code).toBe(0);
    const heads = sections(stdout);
    expect(heads.slice(0, 2)).toEqual(['Arguments:', 'Options:']);
    expect(heads.at(-1)).toBe('Global options:');
    expect(stdout.indexOf('--wait')).toBeLessThan(stdout.indexOf('--percent-off'));
    expect(stdout.indexOf('Examples:')).toBeLessThan(stdout.indexOf('Global options:'));
    expect(stdout.split('\n').length).toBeLessThan(125);
  });

  it('promo --help still describes every global option in full', async () => {
    const { stdout } = await runPromo(['--help']);
    expect(stdout).toContain('profile to use');
    expect(stdout).toContain('--no-input');
  });
});
