// Every value from the service or the user that reaches a terminal goes through the one escape
// (src/output/escape.ts): a code the service echoes in a refusal of validate or redeem, an answer
// in the --debug trace, a file name with a line break or an escape sequence in a bulk run's
// "Journal:" and "To resume:" lines. OSC 52 would write the clipboard, ESC[2J clear the screen, a
// line break forge a line. Commands printed to be pasted run as printed: a word with control
// characters is quoted $'…' with them escaped.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHostile } from '../helpers/hostile.js';
import { runPromo } from '../helpers/promo.js';
import { APP_ID, APP_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { callSandbox } from '../helpers/sandbox-http.js';

const fx = useSandbox();
const hostile = useHostile();

/** Control characters and bidi overrides, as the escape names them; promo's own progress redraw aside. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const ownRedraw = (text: string) => text.replaceAll('\r\x1b[2K', '');
const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4=\x07';
const CLEAR = '\x1b[2J';
const EVIL = `EVIL${CLIPBOARD}${CLEAR}\u202eX`;

async function disabledVoucher(code: string): Promise<void> {
  const headers = { 'X-App-Id': APP_ID, 'X-App-Token': APP_TOKEN, 'Content-Type': 'application/json' };
  const made = await callSandbox(fx.sandbox.url, 'POST', '/v1/vouchers', {
    body: { type: 'DISCOUNT_VOUCHER', code, active: false, discount: { type: 'PERCENT', percent_off: 5 } },
    headers,
  });
  expect(made.status).toBe(200);
}

/** Every code (`id`) and key in an answer replaced by the hostile ones. */
function poisoned(answer: unknown): unknown {
  return JSON.parse(
    JSON.stringify(answer)
      .replaceAll('"OFF-CODE"', JSON.stringify(EVIL))
      .replaceAll('"voucher_disabled"', JSON.stringify(`voucher_disabled${CLEAR}`)),
  );
}

describe('a code the service echoes in a refusal, on a terminal', () => {
  it('voucher validate: escaped', async () => {
    await disabledVoucher('OFF-CODE');
    const real = await fx.run(['voucher', 'validate', 'OFF-CODE', '--amount', '10', '-o', 'json']);
    expect(real.code).toBe(9);
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/validations' },
      action: { status: 200, body: poisoned(JSON.parse(real.stdout)) },
    });
    const run = await fx.run(['voucher', 'validate', 'OFF-CODE', '--amount', '10'], { tty: true });
    expect(run.code).toBe(9);
    expect(run.stdout).toContain('EVIL\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\u202eX');
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stderr).not.toMatch(RAW);
  });

  it('voucher redeem: escaped', async () => {
    await disabledVoucher('OFF-CODE-2');
    const real = await fx.run(['voucher', 'redeem', 'OFF-CODE-2', '--amount', '10', '-o', 'json']);
    expect(real.code).toBe(9);
    const body = poisoned(JSON.parse(real.stdout.replaceAll('OFF-CODE-2', 'OFF-CODE')));
    fx.sandbox.faults.push({
      match: { method: 'POST', path: '/v1/redemptions' },
      action: { status: 400, body },
    });
    const run = await fx.run(['voucher', 'redeem', 'OFF-CODE-2', '--amount', '10'], { tty: true });
    expect(run.code).toBe(9);
    expect(run.stdout).toContain('EVIL\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\u202eX');
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stderr).not.toMatch(RAW);
  });
});

describe('the --debug trace', () => {
  it('an answer that is not JSON, with escape sequences: escaped', async () => {
    hostile.handle = (_, res) => {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end(`no such thing ${CLIPBOARD}${CLEAR}`);
    };
    const run = await runPromo(['--debug', '--api-url', hostile.url, '-o', 'table', 'templates', 'list'], {
      configDir: fx.configDir,
      tty: true,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J');
    expect(run.stderr).not.toMatch(RAW);
  });
});

describe('a file name with a line break and escape sequences in a bulk run', () => {
  it('"Journal:" and "To resume:" show it escaped, and the resume command runs as printed', async () => {
    const folder = join(fx.configDir, 'names');
    mkdirSync(folder, { recursive: true });
    const input = join(folder, `in\nFAKE: done${CLEAR}.ndjson`);
    const results = join(folder, `j${CLIPBOARD}\n.ndjson`);
    writeFileSync(input, `${JSON.stringify({ code: 'TAKEN-1' })}\n`);
    await fx.run(['voucher', 'create', '--code', 'TAKEN-1', '--percent-off', '5']);
    const run = await fx.run(
      ['voucher', 'create', '--percent-off', '5', '--input', input, '--results', results],
      {
        tty: true,
      },
    );
    expect(run.code, run.stderr).toBe(7);
    const stderr = ownRedraw(run.stderr);
    expect(stderr).not.toMatch(RAW);
    expect(stderr.split('\n').filter((line) => line.startsWith('FAKE'))).toEqual([]);
    const resume = /^To resume: (.*)$/m.exec(stderr)?.[1];
    expect(resume).toBeDefined();
    // bash reads the printed command back into the very words promo meant.
    const words = execFileSync('bash', ['-c', `for w in ${resume}; do printf '%s\\0' "$w"; done`], {
      encoding: 'utf8',
    }).split('\0');
    expect(words).toContain(input);
    expect(words).toContain(results);
    expect(/^Journal: (.*)$/m.exec(stderr)?.[1]).toBeDefined();
  });
});

describe('the door', () => {
  it('no module writes to stderr but the output layer, save promo’s own redraws, JSON and help', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = new URL('../../src/', import.meta.url);
    // Each writes text of promo's own, or JSON (which escapes control characters itself).
    const allowed: Record<string, number> = {
      'bulk/progress.ts': 3, // the progress bar, its clearing, and lines the reporter passed through the door
      'bulk/report.ts': 1, // the summary as JSON
      'registry/program.ts': 1, // commander's help
    };
    const found: Record<string, number> = {};
    for (const name of readdirSync(root, { recursive: true }) as string[]) {
      if (!name.endsWith('.ts') || name.startsWith('output/') || name.startsWith('sandbox/')) continue;
      const writes = readFileSync(new URL(name, root), 'utf8').match(/stderr\.write\(/g)?.length ?? 0;
      if (writes > 0) found[name] = writes;
    }
    expect(found).toEqual(allowed);
  });
});
