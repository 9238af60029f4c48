// stderr is for the person at the terminal whenever it is one, even when stdout goes to jq or a
// file: errors, notices and a bulk run's summary are text there, a long error is lines, its hint a
// line of its own. JSON on stderr only when stderr is not a terminal (and the output is JSON), or
// when asked with --log-format json. The built bin under a pseudo-terminal (util-linux `script`).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeIn } from '../helpers/input-files.js';
import { BIN, spawnPromo, tempDir } from '../helpers/promo.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
const dir = tempDir();
afterAll(() => dir.cleanup());
const env = { PROMO_CONFIG_DIR: dir.path, PROMO_PROFILE: 'sandbox' };
const quote = (a: string) => `'${a.replace(/'/g, "'\\''")}'`;

/** Runs `promo ARGS > OUT` under a pty: stderr is the terminal, stdout a file. */
function withStdoutToFile(args: string[]) {
  const out = join(dir.path, `out-${Math.random().toString(36).slice(2)}`);
  const command = `${[process.execPath, BIN, ...args].map(quote).join(' ')} > ${quote(out)}`;
  return new Promise<{ code: number | null; screen: string; stdout: string }>((resolve, reject) => {
    const { CI: _ci, ...inherited } = process.env;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...inherited, NO_COLOR: '1', ...env },
    });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, screen: screen.replace(/\r\n/g, '\n'), stdout: readFileSync(out, 'utf8') }),
    );
  });
}

describe.skipIf(!hasScript)('stderr on a terminal, stdout elsewhere', () => {
  it('an error is text, its hint on its own line, whatever the output format', async () => {
    for (const format of [[], ['-o', 'json'], ['-o', 'ndjson']]) {
      const missing = await withStdoutToFile(['voucher', 'get', 'NO-SUCH-CODE', ...format]);
      expect(missing.code).toBe(3);
      expect(missing.stdout).toBe('');
      expect(missing.screen.trim().split('\n')).toEqual([
        expect.stringMatching(/^error: .*NO-SUCH-CODE \[HTTP 404, request [\w-]+\]$/),
        'Codes are case-sensitive.',
      ]);
      const usage = await withStdoutToFile(['voucher', 'get', 'X', '--bogus', ...format]);
      expect(usage.code).toBe(2);
      expect(usage.screen.trim().split('\n')).toEqual([
        "error: unknown option '--bogus'",
        'Run with --help for usage.',
      ]);
    }
  });

  it('--log-format json (or PROMO_LOG_FORMAT) asks for JSON there all the same', async () => {
    const { code, screen } = await withStdoutToFile([
      'voucher',
      'get',
      'NO-SUCH-CODE',
      '--log-format',
      'json',
    ]);
    expect(code).toBe(3);
    expect(JSON.parse(screen.trim()).error).toMatchObject({ status: 404, exit_code: 3 });
  });

  it('an input with several bad lines is a list of them, in input order, each said once', async () => {
    const csv = writeIn(
      dir.path,
      'bad.csv',
      'code,percent-off\nA1,10\nA2,abc\nA3,10,extra\nA4,200\nA5,"never closed\n',
    );
    const { code, screen } = await withStdoutToFile(['voucher', 'create', '--input', csv]);
    expect(code).toBe(2);
    expect(screen.trim().split('\n')).toEqual([
      'error: --input has 4 bad lines; nothing was sent:',
      "  line 3: column 'percent-off' must be a percentage from 0 to 100 (e.g. 15 or 12.5), not 'abc'",
      '  line 4 is not valid CSV: it has 3 fields, the header 2',
      "  line 5: column 'percent-off' must be a percentage from 0 to 100 (e.g. 15 or 12.5), not '200'",
      '  line 6 is not valid CSV: a quoted field is never closed (a " is missing)',
    ]);
  });

  it('a bulk run with its lines piped to a file prints its summary as text on the terminal', async () => {
    const input = writeIn(
      dir.path,
      'two.ndjson',
      '{"type":"DISCOUNT_VOUCHER","discount":{"type":"PERCENT","percent_off":5}}\n'.repeat(2),
    );
    const { code, screen, stdout } = await withStdoutToFile(['voucher', 'create', '--input', input]);
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['created', 'created']);
    expect(screen).toContain('Done: 2 created in ');
    expect(screen).not.toContain('{"summary"');
  });
});

describe('stderr that is not a terminal', () => {
  it('carries JSON with JSON output, text with a table', async () => {
    const json = await spawnPromo(['voucher', 'get', 'NO-SUCH-CODE', '-o', 'json'], { env });
    expect(JSON.parse(json.stderr.trim()).error).toMatchObject({ status: 404 });
    const table = await spawnPromo(['voucher', 'get', 'NO-SUCH-CODE', '-o', 'table'], { env });
    expect(table.stderr).toMatch(/^error: /);
    const asked = await spawnPromo(['voucher', 'get', 'NO-SUCH-CODE', '-o', 'json'], {
      env: { ...env, PROMO_LOG_FORMAT: 'text' },
    });
    expect(asked.stderr).toMatch(/^error: /);
  });

  it('refuses a log format it does not know: exit 2 naming the flag', async () => {
    const bad = await spawnPromo(['voucher', 'get', 'X', '--log-format', 'yaml'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--log-format must be one of text, json, not 'yaml'");
  });
});
