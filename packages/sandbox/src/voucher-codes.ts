// Voucher codes: the `code_config` rules that generate one, and the uniqueness rule that a code
// stays taken while its voucher is live or in the bin (only a permanent delete frees it).

import { DEFAULT_CODE_LENGTH, resolveCharset } from './facts/code-space.js';
import { nodeCrypto } from './node-builtin.js';
import { takenIn } from './state-query.js';
import { SandboxError, type SandboxState } from './types.js';
import { invalid, type Json, optionalNumber, optionalRecord, optionalString } from './voucher-check.js';

export interface CodeConfig {
  length: number | null;
  charset: string | null;
  prefix: string | null;
  postfix: string | null;
  pattern: string | null;
}

const ATTEMPTS = 50;

export function validateCodeConfig(body: Json): CodeConfig | null {
  const config = optionalRecord(body, 'code_config');
  if (config === null) return null;
  const parsed: CodeConfig = {
    length: optionalNumber(config, 'length', 'code_config', { integer: true, min: 1 }),
    charset: optionalString(config, 'charset', 'code_config'),
    prefix: optionalString(config, 'prefix', 'code_config'),
    postfix: optionalString(config, 'postfix', 'code_config'),
    pattern: optionalString(config, 'pattern', 'code_config'),
  };
  optionalNumber(config, 'initial_count', 'code_config', { integer: true });
  if (parsed.charset === '') invalid('code_config.charset', 'must not be empty');
  if (parsed.pattern === '') invalid('code_config.pattern', 'must not be empty');
  return parsed;
}

/** One candidate code: the pattern's `#`s (or `length` characters) drawn from the charset. */
export function generateCode(config: CodeConfig | null): string {
  const charset = resolveCharset(config?.charset ?? null);
  const draw = () => charset[nodeCrypto().randomInt(charset.length)] as string;
  const body =
    config?.pattern != null
      ? config.pattern.replace(/#/g, draw)
      : Array.from({ length: config?.length ?? DEFAULT_CODE_LENGTH }, draw).join('');
  return `${config?.prefix ?? ''}${body}${config?.postfix ?? ''}`;
}

export function isCodeTaken(state: SandboxState, code: string): boolean {
  return takenIn([state.vouchers, state.bin], code);
}

export function duplicateCode(code: string): SandboxError {
  return new SandboxError(
    409,
    'duplicate_found',
    'Duplicated resource found',
    `A voucher with code ${code} already exists.`,
    {
      resource_id: code,
      resource_type: 'voucher',
    },
  );
}

/**
 * The code a new voucher gets: the given one (which must be free), else a generated one. A config
 * whose space is used up (say a pattern without `#`) ends as a duplicate, like a given code would.
 */
export function pickCode(state: SandboxState, code: string | null, config: CodeConfig | null): string {
  if (code !== null) {
    if (isCodeTaken(state, code)) throw duplicateCode(code);
    return code;
  }
  let candidate = generateCode(config);
  for (let attempt = 1; attempt < ATTEMPTS && isCodeTaken(state, candidate); attempt++) {
    candidate = generateCode(config);
  }
  if (isCodeTaken(state, candidate)) throw duplicateCode(candidate);
  return candidate;
}
