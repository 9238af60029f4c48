// node:crypto on first use. Loading it costs ~5 ms of CPU (more on Node 24, which builds argon2 with
// it), and the built-in profile starts a sandbox in every promo command: a read (`voucher get`)
// needs no random bytes nor hashes, so it must not pay for them.
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

export function nodeCrypto(): NodeCrypto {
  if (loaded) return loaded;
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (builtin) loaded = builtin.call(process, 'node:crypto') as NodeCrypto;
  else {
    // As an ES module (the package's build, the tests) a `require` is made from its own URL; promo's
    // CommonJS bundle has an empty import.meta and a `require` of its own.
    const url = (import.meta as { url?: string }).url;
    loaded = (typeof url === 'string' ? createRequire(url) : require)('node:crypto') as NodeCrypto;
  }
  return loaded;
}
