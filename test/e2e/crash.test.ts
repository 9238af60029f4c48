// Anything that escapes main() (a bug) ends in one line on stderr and exit 1, never a raw stack
// trace, unless --debug asks for it. The bug is planted with a --require hook in the built bin.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnPromo, tempDir } from '../helpers/promo.js';

const dir = tempDir('promo-crash-');
afterAll(() => dir.cleanup());
const hook = join(dir.path, 'throw.cjs');
// Thrown outside main() once the bin has put its handlers in place, while the command runs. (A timer
// would not do: a command against the built-in sandbox, in-process, may end before the first timer
// fires, having waited on no I/O.)
writeFileSync(
  hook,
  `const on = process.on;
process.on = function (event, listener) {
  const added = on.call(this, event, listener);
  if (event === 'uncaughtException') {
    process.on = on;
    process.nextTick(() => { throw new TypeError('planted bug'); });
  }
  return added;
};\n`,
);
const env = { PROMO_CONFIG_DIR: dir.path, NODE_OPTIONS: `--require ${hook}` };

it('an uncaught exception: one line naming it, exit 1, no stack', async () => {
  const run = await spawnPromo(['--profile', 'sandbox', 'templates', 'list'], { env });
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('error: internal error (TypeError); run again with --debug for details.\n');
});

it('with --debug, the stack', async () => {
  const run = await spawnPromo(['--debug', '--profile', 'sandbox', 'templates', 'list'], { env });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/TypeError: planted bug\n\s+at /);
});
