// The scopes are written twice on purpose: the CLI's list (api/names.ts: option help, completion,
// checks before sending) and the sandbox's (sandbox/oauth.ts: what it grants), since the sandbox
// imports nothing of the CLI. This keeps the two the same list.
import { describe, expect, it } from 'vitest';
import { ALLOWED_SCOPES as CLI_SCOPES } from '../../src/api/names.js';
import { ALLOWED_SCOPES as SANDBOX_SCOPES } from '../../src/sandbox/oauth.js';

describe('the scope list', () => {
  it('is the same in the CLI and in the sandbox', () => {
    expect([...SANDBOX_SCOPES].sort()).toEqual([...CLI_SCOPES].sort());
    expect(CLI_SCOPES.length).toBeGreaterThan(30);
  });
});
