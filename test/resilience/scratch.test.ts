import { afterAll, beforeAll, it } from 'vitest';
import { runPromo } from '../helpers/promo.js';
import { type Fixture, sandboxFixture } from '../helpers/sandbox.js';
let fx: Fixture;
beforeAll(async () => { fx = await sandboxFixture(); });
afterAll(() => fx.close());
it('scratch', async () => {
  fx.sandbox.faults.push({ match: { method: 'GET', path: '/v1/templates' }, times: 2, action: { status: 429, retryAfter: 1 } });
  const t = Date.now();
  const r = await runPromo(['--debug', 'api', 'GET', '/v1/templates/campaigns', '-q', 'limit=1'], { configDir: fx.configDir });
  console.log(Date.now() - t, r.code, r.stderr.slice(0, 3000));
}, 90_000);
