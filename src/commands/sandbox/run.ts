// promo sandbox: its options checked, then the sandbox served until Ctrl-C (see index.ts).
import { errnoCode, UsageError } from '../../base/errors.js';
import { checkTimeZone } from '../../facts/time-zone.js';
import type { Runtime } from '../../runtime/runtime.js';
import { type LostAnswerFlags, parseLostAnswers } from './lost-answers.js';
import type { SandboxFlags } from './options.js';

/** The app id and token the sandbox accepts unless told otherwise: public, they open only it. */
const DEFAULT_CREDENTIAL = 'sandbox';

export interface SandboxCommandOptions {
  host: string;
  port: number;
  statePath?: string;
  seedPath?: string;
  appId: string;
  appToken: string;
  rateLimit?: string;
  bulkRateLimit?: string;
  importSpeed?: number;
  failImports: boolean;
  vouchers?: number;
  timeZone?: string;
  latencyMs?: number;
  errorRate?: number;
  resetRate?: number;
  hang: boolean;
  lostAnswers?: LostAnswerFlags;
  log: boolean;
}

export function parseSandboxOptions(flags: SandboxFlags): SandboxCommandOptions {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not '${flags.port}'`);
  }
  if ((flags.appId === undefined) !== (flags.appToken === undefined)) {
    throw new UsageError('--app-id and --app-token go together: give both, or neither');
  }
  return {
    host: flags.host,
    port,
    statePath: flags.state,
    seedPath: flags.seed,
    appId: flags.appId ?? DEFAULT_CREDENTIAL,
    appToken: flags.appToken ?? DEFAULT_CREDENTIAL,
    rateLimit: flags.rateLimit,
    bulkRateLimit: flags.bulkRateLimit,
    importSpeed: flags.importSpeed === undefined ? undefined : speed(flags.importSpeed),
    failImports: flags.failImports,
    vouchers: flags.vouchers === undefined ? undefined : count(flags.vouchers),
    timeZone: flags.timeZone === undefined ? undefined : zone(flags.timeZone),
    latencyMs: flags.latency === undefined ? undefined : nonNegative(flags.latency, '--latency'),
    errorRate: flags.errorRate === undefined ? undefined : rate(flags.errorRate, '--error-rate'),
    resetRate: flags.resetRate === undefined ? undefined : rate(flags.resetRate, '--reset-rate'),
    hang: flags.hang,
    lostAnswers: parseLostAnswers(flags),
    log: flags.log,
  };
}

function nonNegative(value: string, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 600_000)
    throw new UsageError(`${flag} must be milliseconds from 0 to 600000, not '${value}'`);
  return n;
}

function speed(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n <= 0 || n > 1_000_000)
    throw new UsageError(`--import-speed must be records a second above 0 (at most 1000000), not '${value}'`);
  return n;
}

function count(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 1_000_000)
    throw new UsageError(`--vouchers must be a whole number from 0 to 1000000, not '${value}'`);
  return n;
}

function zone(value: string): string {
  try {
    return checkTimeZone(value);
  } catch (error) {
    throw new UsageError(`--time-zone: ${(error as Error).message}`);
  }
}

function rate(value: string, flag: string): number {
  const n = Number(value);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(value))
    throw new UsageError(`${flag} must be a probability from 0 to 1, not '${value}'`);
  return n;
}

export async function run(options: SandboxCommandOptions, rt: Runtime): Promise<void> {
  const { startSandbox, parseRateLimit } = await rt.ctx.sandbox();
  const limitOf = (text: string | undefined, flag: string) => {
    if (text === undefined) return undefined;
    try {
      return parseRateLimit(text);
    } catch (error) {
      throw new UsageError(`${flag}: ${(error as Error).message}`);
    }
  };
  const rateLimit = limitOf(options.rateLimit, '--rate-limit');
  const bulkRateLimit = limitOf(options.bulkRateLimit, '--bulk-rate-limit');
  const imports =
    options.importSpeed === undefined && !options.failImports
      ? undefined
      : {
          ...(options.importSpeed === undefined ? {} : { records_per_second: options.importSpeed }),
          ...(options.failImports ? { fail: true } : {}),
        };
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      appId: options.appId,
      appToken: options.appToken,
      statePath: options.statePath,
      seed: options.seedPath,
      generatedVouchers: options.vouchers,
      timeZone: options.timeZone,
      imports,
      faults: {
        rateLimit,
        bulkRateLimit,
        latencyMs: options.latencyMs,
        errorRate: options.errorRate,
        resetRate: options.resetRate,
        hang: options.hang,
        lostAnswers: options.lostAnswers,
      },
      log: options.log ? (line) => rt.out.notice(line) : undefined,
      notice: (line) => rt.out.notice(line),
      // The request it failed under answered 500 with the same words; the one serving is told too.
      onStorageError: (error) => void rt.out.warn(error.message),
    });
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EADDRINUSE')
      throw new UsageError(`--port ${options.port} is already in use on ${options.host}`);
    if (code === 'EADDRNOTAVAIL')
      throw new UsageError(`--host ${options.host} is not an address of this machine`);
    throw new UsageError((error as Error).message);
  }
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(options.host)) {
    await rt.out.warn(
      `listening on ${options.host}, beyond this machine: whoever reaches it can use the sandbox's credentials`,
    );
  }
  // The default credentials are public by design (they open nothing but this sandbox), and they
  // are what `promo login` asks for; a token given with --app-token is the user's, never echoed.
  const publicToken = options.appToken === DEFAULT_CREDENTIAL ? DEFAULT_CREDENTIAL : undefined;
  if (rt.out.isJson)
    await rt.out.json({
      url: sandbox.url,
      app_id: options.appId,
      ...(publicToken ? { app_token: publicToken } : {}),
      state: options.statePath ?? null,
    });
  else rt.out.text(sandbox.url);
  const token = publicToken ? `app token '${publicToken}'` : 'the app token given with --app-token';
  rt.out.notice(
    `Sandbox listening on ${sandbox.url}: app id '${options.appId}', ${token} (what promo login asks for, with API URL ${sandbox.url}). Or: promo --api-url ${sandbox.url} --profile sandbox …  Stop with Ctrl-C.`,
  );
  await new Promise<void>((resolve) => {
    if (rt.ctx.signal?.aborted) return resolve();
    rt.ctx.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  rt.out.notice('Sandbox stopped.');
}
