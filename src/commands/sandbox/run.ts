// promo sandbox: its options checked (promo-sandbox/options, which its own bin reads too), then the
// sandbox served until Ctrl-C (see index.ts).
import {
  DEFAULT_CREDENTIAL,
  isLoopback,
  SandboxOptionError,
  type ServeSettings,
  serveSettings,
  startFailure,
} from 'promo-sandbox/options';
import { UsageError } from '../../base/errors.js';
import { shellCommand, shellQuote } from '../../base/shell.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { SandboxFlags } from './options.js';

/** The flags read, a bad one refused as a usage error (exit 2) before anything starts. */
export function parseSandboxOptions(flags: SandboxFlags): ServeSettings {
  try {
    return serveSettings(flags);
  } catch (error) {
    if (error instanceof SandboxOptionError) throw new UsageError(error.message);
    throw error;
  }
}

export async function run(settings: ServeSettings, rt: Runtime): Promise<void> {
  const { startSandbox } = await rt.ctx.sandbox();
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({
      ...settings.start,
      log: settings.log ? (line) => rt.out.notice(line) : undefined,
      notice: (line) => rt.out.notice(line),
      // The request it failed under answered 500 with the same words; the one serving is told too.
      onStorageError: (error) => void rt.out.warn(error.message),
    });
  } catch (error) {
    throw new UsageError(startFailure(error, settings));
  }
  const { appId, appToken, host, state } = settings;
  if (!isLoopback(host)) {
    await rt.out.warn(
      `listening on ${host}, beyond this machine: whoever reaches it can use the sandbox's credentials`,
    );
  }
  // The default credentials are public by design (they open nothing but this sandbox), and they
  // are what `promo login` asks for. A token given with --app-token is printed only in the command
  // line that works with it, and only on loopback: the person typed it on their own command line,
  // it opens nothing but this sandbox, and a suggestion without it answers 401.
  const isDefault = appId === DEFAULT_CREDENTIAL && appToken === DEFAULT_CREDENTIAL;
  const publicToken = appToken === DEFAULT_CREDENTIAL ? DEFAULT_CREDENTIAL : undefined;
  if (rt.out.isJson)
    await rt.out.json({
      url: sandbox.url,
      app_id: appId,
      ...(publicToken ? { app_token: publicToken } : {}),
      state: state ?? null,
    });
  else rt.out.text(sandbox.url);
  const token = publicToken ? `app token '${publicToken}'` : 'the app token given with --app-token';
  const tryIt = isDefault
    ? shellCommand(['promo', '--profile', 'sandbox', '--api-url', sandbox.url, 'voucher', 'list'])
    : `PROMO_APP_ID=${shellQuote(appId)} PROMO_APP_TOKEN=${isLoopback(host) ? shellQuote(appToken) : 'TOKEN'} ${shellCommand(['promo', '--api-url', sandbox.url, 'voucher', 'list'])}`;
  rt.out.notice(
    `Sandbox listening on ${sandbox.url}: app id '${appId}', ${token} (what promo login asks for, with API URL ${sandbox.url}). Try: ${tryIt}  Stop with Ctrl-C.`,
  );
  await new Promise<void>((resolve) => {
    if (rt.ctx.signal?.aborted) return resolve();
    rt.ctx.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  rt.out.notice('Sandbox stopped.');
}
