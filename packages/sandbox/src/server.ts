// The sandbox core: an HTTP server on loopback (or requests handed over in this process, by a
// connection or by dispatch()) that records every request, lets the fault layer decide first, then
// routes, authenticates and runs the operation inside a state transaction.
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { bodyLimit, describeBytes } from './bulk-calls.js';
import { CONTROL_PREFIX, handleControl } from './core-control.js';
import {
  type Answer,
  answer,
  errorObject,
  errorObjectForStatus,
  newRequestId,
  type ReadBody,
  readBody,
  send,
} from './core-http.js';
import { answerOperation } from './core-operation.js';
import { type DispatchAnswer, type DispatchRequest, dispatched } from './dispatch.js';
import { type FaultController, FaultEngine, type FaultOptions } from './faults.js';
import type { ImportSettings } from './import-jobs.js';
import { applyImportSettings, checkImportSettings } from './import-settings.js';
import { connectionPair } from './in-process.js';
import { nodeHttp } from './node-builtin.js';
import { checkTimeZone, setTimeZone } from './project-settings.js';
import { demoSeed, type SeedData } from './seed.js';
import { loadSeedFile, openStateStore } from './state.js';
import { type Route, SandboxError, type SandboxState } from './types.js';

export interface SandboxOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** The app credentials accepted; default 'sandbox' / 'sandbox'. */
  appId?: string;
  appToken?: string;
  /**
   * The SQLite file the state lives in (created from the seed when missing); none keeps it in memory.
   * Several processes may use one file at once (each request is a transaction on it). A JSON state
   * of an older promo found there is moved into SQLite first, the JSON kept beside as `<file>.bak`.
   */
  state?: string;
  /** The older name of `state`. */
  statePath?: string;
  /** Kept for callers: every state file is shared safely. */
  shared?: boolean;
  /** An older promo's JSON state to move into statePath when that file does not exist yet. */
  legacyStatePath?: string;
  /** Where to say that such a JSON state was moved (promo: stderr). */
  notice?: (line: string) => void;
  /**
   * Told when the state file fails under a request (a full disk, a file made read-only): that
   * request answers 500 with the error's message, which names the file, and nothing of it is saved.
   */
  onStorageError?: (error: Error) => void;
  /** Demo data by default; a string is a JSON file whose content replaces the demo data. */
  seed?: SeedData | string;
  /** Vouchers to make up at start on top of the seed (a count or a spec), e.g. to page past 9,900. */
  generatedVouchers?: SeedData['generatedVouchers'];
  /** How import jobs are processed: `records_per_second` (default 1000) and `fail` (stop them half-way; exports end in ERROR). */
  imports?: Partial<ImportSettings>;
  /**
   * The project's time zone (IANA name), in which recurring validity windows are read; UTC for a new
   * state, and a state file keeps the zone it was given last.
   */
  timeZone?: string;
  /** Millisecond clock, default Date.now; tests fix it. */
  now?: () => number;
  faults?: FaultOptions;
  /**
   * Freeze every entry a route reads, so that an edit in place throws (default PROMO_SANDBOX_VERIFY=1,
   * as the tests set it).
   */
  verify?: boolean;
  /**
   * false: open no port; the sandbox is reached only from this process, through `connect()` or
   * `dispatch()` (its `url` then names no host that resolves). Default true: it listens on `host` and `port`.
   */
  listen?: boolean;
  /** Access log, one line per request; off by default. */
  log?: (line: string) => void;
  /** Keep each answer beside its request in `requests` (the contract tests check both); off by default. */
  recordAnswers?: boolean;
  /**
   * Called once each exchange is over (control requests excepted), with the request and, when one
   * was sent, its answer (implies recordAnswers): e.g. to check every exchange of a test suite
   * (promo-sandbox/contract) even after `requests` was emptied.
   */
  onExchange?: (exchange: RecordedRequest) => void;
}

export interface RecordedRequest {
  method: string;
  /** As received: still percent-encoded, without the query. */
  rawPath: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
  /**
   * The answer sent, when the sandbox was started with recordAnswers (none for a dropped connection);
   * `byFault` when a fault chose it instead of the route (a scripted reply, a lost answer).
   */
  answer?: { status: number; body: string; byFault: boolean };
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  /** The app credentials it accepts. */
  appId: string;
  appToken: string;
  /** Every request received, in order (control requests excepted). */
  requests: RecordedRequest[];
  /** The state as the database holds it now (each read asks it; each write is a transaction). */
  readonly state: SandboxState;
  faults: FaultController;
  /**
   * A connection to it without a socket, for an HTTP client in this same process: give it as
   * http.request's `createConnection` (in-process.ts). With dispatch(), the only ways in when
   * started with `listen: false`.
   */
  connect(): Duplex;
  /**
   * One request handled without HTTP on the wire, for a client in this same process: what a
   * connection would have carried, as values (dispatch.ts). Recorded, faulted and answered as any
   * other; a fault that drops the connection rejects it with an error whose code is ECONNRESET.
   */
  dispatch(request: DispatchRequest): Promise<DispatchAnswer>;
  /** Stops listening and ends every open connection, hanging requests included. */
  close(): Promise<void>;
}

/** The `url` of a sandbox that opens no port: `.invalid` never resolves, so nothing but connect() reaches it. */
export const IN_PROCESS_URL = 'http://sandbox.invalid';

/** One request as the core handles it, whatever carried it (a connection, or dispatch()). */
export interface Exchange {
  method: string;
  /** Its path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Its body, at most `limit` bytes. */
  readBody(limit: number): Promise<ReadBody>;
  /** Ends the exchange without an answer, as a connection reset does. */
  drop(): void;
  send(reply: Answer, common: Record<string, string>): Promise<void>;
}

/** Waits `ms`, or less if the sandbox closes meanwhile; without `ms`, until it closes. */
function pause(signal: AbortSignal, ms?: number): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = ms === undefined ? undefined : setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function splitUrl(url: string): { rawPath: string; rawQuery: string } {
  const mark = url.indexOf('?');
  return mark === -1
    ? { rawPath: url, rawQuery: '' }
    : { rawPath: url.slice(0, mark), rawQuery: url.slice(mark + 1) };
}

/** The settings actually given: a key present with the value undefined leaves the default alone. */
function definedOnly<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Starts a sandbox serving `routes`; startSandbox in index.ts passes the service's own route table. */
export async function startSandboxWithRoutes(
  routes: Route[],
  options: SandboxOptions = {},
): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const credentials = { appId: options.appId ?? 'sandbox', appToken: options.appToken ?? 'sandbox' };
  const given = typeof options.seed === 'string' ? loadSeedFile(options.seed) : (options.seed ?? demoSeed());
  const seed = {
    ...given,
    ...(options.generatedVouchers === undefined ? {} : { generatedVouchers: options.generatedVouchers }),
    // In the seed too, so that a reset through the control API keeps the zone the sandbox was given.
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    ...(options.imports === undefined
      ? {}
      : { importSettings: { ...given.importSettings, ...definedOnly(options.imports) } }),
  };
  if (options.imports) {
    try {
      checkImportSettings(options.imports);
    } catch (error) {
      throw new Error(`Invalid import settings: ${(error as SandboxError).details}`);
    }
  }
  if (options.timeZone !== undefined) checkTimeZone(options.timeZone);
  const { statePath, shared, verify, notice } = options;
  const store = await openStateStore({
    seed,
    statePath,
    shared,
    legacyPath: options.legacyStatePath,
    verify,
    notice,
  });
  // A state file that already exists keeps its own settings unless the options say otherwise.
  if (options.imports) await store.transact((state) => applyImportSettings(state, options.imports ?? {}));
  const { timeZone } = options;
  if (timeZone !== undefined) await store.transact((state) => setTimeZone(state, timeZone));
  const faults = new FaultEngine(options.faults, now);
  const requests: RecordedRequest[] = [];
  const closing = new AbortController();
  const operations = {
    routes,
    store,
    credentials,
    now,
    log: options.log,
    onStorageError: options.onStorageError,
  };

  async function handle(req: Exchange): Promise<void> {
    const started = Date.now();
    const method = req.method;
    const { rawPath, rawQuery } = splitUrl(req.url);
    const requestId = newRequestId();
    const logLine = (outcome: string) =>
      options.log?.(`${method} ${req.url} ${outcome} ${Date.now() - started}ms ${requestId}`);
    const limit = bodyLimit(method, rawPath);
    const { bytes, tooLarge } = await req.readBody(limit);

    if (rawPath.startsWith(CONTROL_PREFIX)) {
      const context = { credentials, requests, faults, store, now };
      const reply = await handleControl(
        { method, rawPath, headers: req.headers, body: bytes, requestId },
        context,
      );
      await req.send(reply, {});
      logLine(String(reply.status));
      return;
    }
    const recorded: RecordedRequest = {
      method,
      rawPath,
      query: rawQuery,
      headers: req.headers,
      body: bytes.toString('utf8'),
    };
    requests.push(recorded);

    const decision = faults.decide(method, rawPath);
    const dropConnection = (outcome: string) => {
      req.drop();
      logLine(outcome);
      options.onExchange?.(recorded);
    };
    if (decision.kind === 'reset') return dropConnection('reset');
    if (decision.kind === 'hang') {
      await pause(closing.signal);
      return dropConnection('hung until close');
    }
    await pause(closing.signal, decision.delayMs);
    if (closing.signal.aborted) return dropConnection('closed');

    let reply: Answer;
    let byFault = decision.kind === 'reply';
    if (decision.kind === 'reply') {
      const body =
        decision.body ??
        (decision.status >= 400 ? errorObjectForStatus(decision.status, requestId) : undefined);
      reply = answer(decision.status, body, decision.headers);
    } else if (tooLarge) {
      const details = `The body exceeds ${describeBytes(limit)}`;
      const error = new SandboxError(413, 'request_too_large', 'Request too large', details);
      // The rest of the body was never read, so the connection cannot carry another request.
      reply = answer(413, errorObject(error, requestId), { Connection: 'close' });
    } else {
      const outcome = await answerOperation(operations, {
        method,
        rawPath,
        rawQuery,
        headers: req.headers,
        bytes,
        requestId,
      });
      reply = outcome.answer;
      const lost =
        decision.afterHandling ?? (outcome.changed ? faults.loseAnswer(method, rawPath) : undefined);
      if (lost === 'reset') return dropConnection(`reset after handling (${reply.status})`);
      if (lost !== undefined) {
        options.log?.(`${method} ${req.url} answered ${reply.status}, replaced by ${lost} ${requestId}`);
        reply = answer(lost, errorObjectForStatus(lost, requestId));
        byFault = true;
      }
    }
    await req.send(reply, faults.rateLimitHeadersFor(method, rawPath));
    if (options.recordAnswers || options.onExchange)
      recorded.answer = { status: reply.status, body: reply.text ?? '', byFault };
    logLine(String(reply.status));
    options.onExchange?.(recorded);
  }

  /** An exchange over node:http: a listening server's, or a connection made by connect(). */
  function overHttp(req: IncomingMessage, res: ServerResponse): void {
    const exchange: Exchange = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      readBody: (limit) => readBody(req, limit),
      drop: () => req.socket.destroy(),
      send: (reply, common) => send(res, reply, common),
    };
    handle(exchange).catch((error: unknown) => {
      // Only a failure to read the request lands here; there is no one left to answer.
      options.log?.(`sandbox: ${(error as Error).message}`);
      req.socket.destroy();
    });
  }

  /** node:http's server, made once: at start when listening, else on the first connect() (dispatch needs none). */
  let server: Server | undefined;
  const httpServer = () => {
    server ??= nodeHttp().createServer(overHttp);
    return server;
  };
  const listening = options.listen !== false;
  let url = IN_PROCESS_URL;
  if (listening) {
    const listener = httpServer();
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
    const address = listener.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    url = `http://${host}:${address.port}`;
  }
  /** The connections connect() made, ended by close() as the server's own are. */
  const inProcess = new Set<Duplex>();

  return {
    url,
    ...credentials,
    requests,
    get state() {
      return store.current;
    },
    faults,
    connect() {
      if (closing.signal.aborted) throw new Error('the sandbox is closed');
      const { client, server: end } = connectionPair();
      inProcess.add(end);
      end.once('close', () => inProcess.delete(end));
      httpServer().emit('connection', end);
      return client;
    },
    dispatch(request) {
      if (closing.signal.aborted) return Promise.reject(new Error('the sandbox is closed'));
      return dispatched(request, handle);
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      for (const end of inProcess) end.destroy();
      const open = server;
      if (open)
        await new Promise<void>((resolve) => {
          open.close(() => resolve());
          open.closeAllConnections();
        });
      store.close();
    },
  };
}
