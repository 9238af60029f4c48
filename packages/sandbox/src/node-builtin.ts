// Node's modules that only some requests need, loaded on first use. node:crypto costs ~5 ms of CPU
// (more on Node 24, which builds argon2 with it); node:http's server, and node:stream (~8M
// instructions to load) for the in-process connection, are for a sandbox that listens or is reached
// by connect(): the built-in profile starts a sandbox in every promo command and reaches it by
// dispatch(), and a read (`voucher get`) needs none of them.
import { createRequire } from 'node:module';

const loaded = new Map<string, unknown>();

function builtin<T>(id: string): T {
  let module = loaded.get(id);
  if (module) return module as T;
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (getBuiltin) module = getBuiltin.call(process, id);
  else {
    // As an ES module (the package's build, the tests) a `require` is made from its own URL; promo's
    // CommonJS bundle has an empty import.meta and a `require` of its own.
    const url = (import.meta as { url?: string }).url;
    module = (typeof url === 'string' ? createRequire(url) : require)(id);
  }
  loaded.set(id, module);
  return module as T;
}

export const nodeCrypto = () => builtin<typeof import('node:crypto')>('node:crypto');
export const nodeHttp = () => builtin<typeof import('node:http')>('node:http');
export const nodeStream = () => builtin<typeof import('node:stream')>('node:stream');
