// node:crypto on first use. Loading it costs about 5 ms of CPU (its many internal modules), as
// much as the rest of a request's own work, and a module that imports it at its top makes every
// command of its noun pay, hashing or not (a bundle runs a noun's modules together).
import type * as Crypto from 'node:crypto';

export const nodeCrypto = (): typeof Crypto => process.getBuiltinModule('node:crypto');
