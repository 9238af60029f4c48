// The flags of a served sandbox read into what startSandbox takes, each bad value refused with a
// message naming its flag: one reading for `promo sandbox` and the promo-sandbox bin. Light on
// purpose (the facts and types only): promo's core holds it, and the sandbox loads when it starts.
import { checkTimeZone } from '../facts/time-zone.js';
import type { SandboxOptions } from '../server.js';
import { SandboxOptionError } from './error.js';
import type { SandboxFlags } from './flags.js';
import { parseLostAnswers } from './lost-answers.js';
import { parseRateLimit } from './rate-limit.js';

/** The app id and token the sandbox accepts unless told otherwise: public, they open only it. */
export const DEFAULT_CREDENTIAL = 'sandbox';

export interface ServeSettings {
  host: string;
  port: number;
  appId: string;
  appToken: string;
  /** The --state file, if any. */
  state?: string;
  /** Whether --log was given: the caller writes each line where its notices go. */
  log: boolean;
  /** For startSandbox, all but `log`. */
  start: SandboxOptions;
}

export function serveSettings(flags: SandboxFlags): ServeSettings {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SandboxOptionError(`--port must be a whole number from 0 to 65535, not '${flags.port}'`);
  }
  if ((flags.appId === undefined) !== (flags.appToken === undefined)) {
    throw new SandboxOptionError('--app-id and --app-token go together: give both, or neither');
  }
  const appId = flags.appId ?? DEFAULT_CREDENTIAL;
  const appToken = flags.appToken ?? DEFAULT_CREDENTIAL;
  const importSpeed = flags.importSpeed === undefined ? undefined : speed(flags.importSpeed);
  const imports =
    importSpeed === undefined && !flags.failImports
      ? undefined
      : {
          ...(importSpeed === undefined ? {} : { records_per_second: importSpeed }),
          ...(flags.failImports ? { fail: true } : {}),
        };
  return {
    host: flags.host,
    port,
    appId,
    appToken,
    state: flags.state,
    log: flags.log,
    start: {
      host: flags.host,
      port,
      appId,
      appToken,
      state: flags.state,
      seed: flags.seed,
      generatedVouchers: flags.vouchers === undefined ? undefined : count(flags.vouchers),
      timeZone: flags.timeZone === undefined ? undefined : zone(flags.timeZone),
      imports,
      faults: {
        rateLimit: limitOf(flags.rateLimit, '--rate-limit'),
        bulkRateLimit: limitOf(flags.bulkRateLimit, '--bulk-rate-limit'),
        latencyMs: flags.latency === undefined ? undefined : nonNegative(flags.latency, '--latency'),
        errorRate: flags.errorRate === undefined ? undefined : rate(flags.errorRate, '--error-rate'),
        resetRate: flags.resetRate === undefined ? undefined : rate(flags.resetRate, '--reset-rate'),
        hang: flags.hang,
        lostAnswers: parseLostAnswers(flags),
      },
    },
  };
}

/** What to say when startSandbox failed with these settings: the flag to change, when one is to blame. */
export function startFailure(error: unknown, settings: Pick<ServeSettings, 'host' | 'port'>): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return `--port ${settings.port} is already in use on ${settings.host}`;
  if (code === 'EADDRNOTAVAIL') return `--host ${settings.host} is not an address of this machine`;
  return (error as Error).message;
}

/** Whether the host is this machine alone: anything else lets others use the sandbox's credentials. */
export const isLoopback = (host: string): boolean => /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host);

function limitOf(text: string | undefined, flag: string) {
  if (text === undefined) return undefined;
  try {
    return parseRateLimit(text);
  } catch (error) {
    throw new SandboxOptionError(`${flag}: ${(error as Error).message}`);
  }
}

function nonNegative(value: string, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 600_000)
    throw new SandboxOptionError(`${flag} must be milliseconds from 0 to 600000, not '${value}'`);
  return n;
}

function speed(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n <= 0 || n > 1_000_000)
    throw new SandboxOptionError(
      `--import-speed must be records a second above 0 (at most 1000000), not '${value}'`,
    );
  return n;
}

function count(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 1_000_000)
    throw new SandboxOptionError(`--vouchers must be a whole number from 0 to 1000000, not '${value}'`);
  return n;
}

function zone(value: string): string {
  try {
    return checkTimeZone(value);
  } catch (error) {
    throw new SandboxOptionError(`--time-zone: ${(error as Error).message}`);
  }
}

function rate(value: string, flag: string): number {
  const n = Number(value);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(value))
    throw new SandboxOptionError(`${flag} must be a probability from 0 to 1, not '${value}'`);
  return n;
}
