// One run of a command: its resolved global options, its output, and the lazily opened profile
// store, transport and API client. Everything a command's `run` needs, nothing it must build.

import { join } from 'node:path';
import { ApiClient } from '../api/client.js';
import { issueToken } from '../api/oauth.js';
import { CachedTokenSource } from '../auth/token-source.js';
import type { Context, Prompts } from '../base/context.js';
import { type Dirs, promoDirs } from '../base/dirs.js';
import { UsageError } from '../base/errors.js';
import { LightAbort } from '../base/light-abort.js';
import { ProfileStore } from '../config/profiles.js';
import { KeychainCredentials } from '../config/secrets.js';
import { TokenCache } from '../config/token-cache.js';
import { SecretSet } from '../http/redact.js';
import { Transport } from '../http/transport.js';
import { Output } from '../output/output.js';
import type { Globals } from './globals.js';
import { resolveTarget, SANDBOX_CREDENTIALS, type Target } from './target.js';

/** How --dry-run names the built-in sandbox, whose loopback port changes on every run. */
export const BUILT_IN_SANDBOX_URL = 'sandbox://built-in';

export class Runtime {
  readonly out: Output;
  /**
   * The built-in sandbox's state file failed under a request (a full disk): the request answered
   * 500, and the run ends with this instead (exit 2, naming the file), whatever the command made of it.
   */
  storageFailure: UsageError | undefined;
  readonly secrets = new SecretSet();
  private storePromise?: Promise<ProfileStore>;
  private transportInstance?: Transport;
  private tokenCacheInstance?: TokenCache;
  private clientPromise?: Promise<ApiClient>;
  private targetPromise?: Promise<Target>;
  private readonly closers: Array<() => Promise<void> | void> = [];
  /**
   * What aborts requests in flight: Ctrl-C, unless a bulk run lets them finish (see
   * holdRequestsOnInterrupt). Bound late, so that a command may read before its bulk run holds them.
   */
  private readonly requests = new LightAbort();
  private requestsHeld = false;

  constructor(
    readonly ctx: Context,
    readonly globals: Globals,
  ) {
    // How to print was resolved once, below (output/printing.ts); the run adds its secrets and shaping.
    this.out = new Output(globals, ctx, {
      scrub: (t) => this.secrets.scrub(t),
      hasSecrets: () => this.secrets.size > 0,
      fields: globals.fields,
      jq: globals.jq,
      csvCrlf: globals.csvCrlf,
      signal: () => ctx.signal,
    });
    this.closers.push(() => this.out.close());
    const interrupt = () => {
      if (!this.requestsHeld) this.requests.abort(ctx.signal?.reason);
    };
    if (ctx.onInterrupt) ctx.onInterrupt(interrupt);
    else if (ctx.signal?.aborted) interrupt();
    else ctx.signal?.addEventListener('abort', interrupt, { once: true });
  }

  /** Profiles in `config`, cached tokens in `cache`, the built-in sandbox's data in `state`. */
  get dirs(): Dirs {
    return promoDirs(this.ctx.env, () => this.ctx.platformDirs);
  }

  /** Prompts are allowed for this run. */
  get interactive(): boolean {
    return this.globals.interactive;
  }

  /** Why this run may not prompt (undefined when it may), to end a sentence with. */
  get noPromptsBecause(): string | undefined {
    return this.globals.noPromptsBecause;
  }

  /** The context's prompts, drawn in colour only when this run's stderr has colour (--no-color). */
  get prompts(): Prompts {
    const prompts = this.ctx.prompts;
    const color = this.globals.colorStderr();
    return {
      input: (o) => prompts.input({ ...o, color }),
      password: (o) => prompts.password({ ...o, color }),
      confirm: (o) => prompts.confirm({ ...o, color }),
      select: (o) => prompts.select({ ...o, color }),
    };
  }

  store(): Promise<ProfileStore> {
    this.storePromise ??= ProfileStore.open(this.dirs.config).then(async (store) => {
      for (const warning of store.warnings) await this.out.warn(warning);
      return store;
    });
    return this.storePromise;
  }

  tokenCache(): TokenCache {
    const { timeoutMs, retries } = this.globals;
    const ctx = this.ctx;
    this.tokenCacheInstance ??= new TokenCache(this.dirs.cache, {
      warn: (warning) => void this.out.warn(warning),
      // A process issuing a token holds the lock for as long as its request may take, attempts
      // and back-off included; waiting less would issue a second token beside it.
      lockWaitMs: timeoutMs * (retries + 1) + 30_000,
      // Asked for only when the lock is waited for: the CLI makes its AbortController on first ask.
      get signal() {
        return ctx.signal;
      },
      trace: this.globals.debug ? (line) => this.out.stderrText(line) : undefined,
    });
    return this.tokenCacheInstance;
  }

  transport(): Transport {
    if (!this.transportInstance) {
      const transport = new Transport({
        timeoutMs: this.globals.timeoutMs,
        retries: this.globals.retries,
        secrets: this.secrets,
        now: () => this.ctx.now(),
        sleep: (ms, signal) => this.ctx.sleep(ms, signal),
        signal: this.requests,
        trace: this.globals.debug ? (line) => this.out.stderrText(line) : undefined,
        onWait: (ms, reason, kind) => {
          if (ms < 1000) return;
          const seconds = (ms / 1000).toFixed(1);
          this.out.notice(
            kind === 'retry' ? `${reason} in ${seconds} s…` : `pausing ${seconds} s ${reason}…`,
          );
        },
        env: this.ctx.env,
        usageError: (message, hint) => new UsageError(message, hint),
      });
      this.closers.push(() => {
        if (!this.ctx.exitsAfterRun) transport.close();
      });
      this.transportInstance = transport;
    }
    return this.transportInstance;
  }

  /**
   * A bulk run lets its requests in flight finish after the first Ctrl-C: they are aborted by
   * `signal` instead (a command's reads before the run were Ctrl-C's to abort).
   */
  holdRequestsOnInterrupt(signal: AbortSignal): void {
    this.requestsHeld = true;
    const giveUp = () => this.requests.abort(signal.reason);
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
  }

  target(): Promise<Target> {
    this.targetPromise ??= this.store().then((store) => {
      const target = resolveTarget(this.globals, this.ctx.env, store);
      // The built-in sandbox's well-known credentials are no secret (and would blank every 'sandbox').
      // A token in the keychain is blanked once read (reading it here would load the keychain for
      // runs that never need it).
      if (target.credentials instanceof KeychainCredentials)
        target.credentials.onRead = (token) => this.secrets.add(token);
      else if (target.credentials !== SANDBOX_CREDENTIALS) this.secrets.add(target.credentials?.appToken);
      return target;
    });
    return this.targetPromise;
  }

  /** The API client of the target; the built-in sandbox is started in this process on first use. */
  client(): Promise<ApiClient> {
    this.clientPromise ??= this.buildClient();
    return this.clientPromise;
  }

  private async buildClient(): Promise<ApiClient> {
    // A --jq expression jq cannot compile is a usage error: found before anything is sent. jq's
    // worker starts (~0.1 s: a thread, jq's module, a run on no input) while the profile is read
    // and the client made, the built-in sandbox started; the client is handed out once jq is
    // checked. A profile that cannot be used is said first, as when there is no --jq.
    const jqChecked = this.out.checkJq();
    jqChecked.catch(() => undefined);
    const client = this.target().then((target) => this.clientOf(target));
    client.catch(() => undefined);
    await this.target();
    // Refused: what was started meanwhile (the built-in sandbox) is let finish, so that the
    // runtime's close ends it too.
    await jqChecked.catch(async (error: unknown) => {
      await client.catch(() => undefined);
      throw error;
    });
    return client;
  }

  private async clientOf(target: Target): Promise<ApiClient> {
    const baseUrl = target.baseUrl ?? (await this.startEmbeddedSandbox());
    const { credentials } = target;
    if (!credentials) {
      const client = new ApiClient(baseUrl, undefined, this.transport());
      if (!target.baseUrl) client.shownBaseUrl = BUILT_IN_SANDBOX_URL;
      return client;
    }
    // The profile's cached access tokens are its secrets too, used by this run or not: an answer
    // that echoes one must not print it (entries are read with fs: no lock, no conf).
    if (target.baseUrl) {
      for (const { token } of await this.tokenCache().live(target.profile, this.ctx.now()))
        this.secrets.add(token.access_token);
    }
    // Tokens are issued with the app credentials alone, by a client that needs no bearer itself.
    const issuer = new ApiClient(baseUrl, credentials, this.transport());
    const bearer = new CachedTokenSource({
      issue: (scopes) => issueToken(issuer, scopes),
      cache: this.tokenCache(),
      profile: target.profile,
      endpoint: target.baseUrl ?? 'built-in-sandbox',
      appId: credentials.appId,
      now: () => this.ctx.now(),
      secrets: this.secrets,
    });
    const client = new ApiClient(baseUrl, credentials, this.transport(), bearer);
    issuer.refusedHint = client.refusedHint = target.refusedHint;
    if (!target.baseUrl) client.shownBaseUrl = BUILT_IN_SANDBOX_URL;
    return client;
  }

  private async startEmbeddedSandbox(): Promise<string> {
    const { startSandbox } = await this.ctx.sandbox();
    // A state file promo cannot use (not a database, written by a newer promo, a full disk, a
    // directory it may not write) is the user's to mend: exit 2, its message naming the file.
    const unusable = (error: unknown) =>
      error instanceof Error && error.name === 'SandboxStateError' ? new UsageError(error.message) : error;
    const sandbox = await startSandbox({
      // Reached through connect(), never a port: nothing else on the machine can reach it, and no
      // listening server nor loopback connection is paid for (~8 ms of CPU, measured alone).
      listen: false,
      statePath: join(this.dirs.state, 'sandbox.db'),
      // Where promo kept it before SQLite: moved in once, the JSON kept as sandbox-state.json.bak.
      legacyStatePath: join(this.dirs.state, 'sandbox-state.json'),
      shared: true,
      notice: (line) => this.out.notice(line),
      onStorageError: (error) => {
        this.storageFailure ??= unusable(error) as UsageError;
      },
    }).catch((error: unknown) => {
      throw unusable(error);
    });
    this.closers.push(() => sandbox.close());
    // promo's own in-process server: no proxy, no network stands between them.
    this.transport().dispatchInProcess(new URL(sandbox.url).origin, (request) => sandbox.dispatch(request));
    if (this.globals.debug)
      this.out.stderrText(
        `* built-in sandbox in this process, no port open: requests to ${sandbox.url} go to it`,
      );
    return sandbox.url;
  }

  async close(): Promise<void> {
    for (const close of this.closers.reverse()) await close();
  }
}
