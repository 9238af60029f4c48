// Proxies from the environment, read as curl and gh read them: https_proxy/HTTPS_PROXY for https
// URLs (a CONNECT tunnel), http_proxy/HTTP_PROXY for http URLs (absolute-form requests), then
// all_proxy/ALL_PROXY; no_proxy/NO_PROXY lists hosts to reach directly. Loaded only when one of
// them is set (see Transport): its own bundle, so it imports no class of the core.
import {
  type Agent as HttpAgent,
  request as httpRequest,
  Agent as PlainAgent,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import type { Route } from './types.js';
import { basicCredentials } from './wire.js';

type Env = Record<string, string | undefined>;

export interface ProxyHooks {
  /** Told every secret of the proxy URLs (password, Basic credentials), to be scrubbed from all output. */
  secret(value: string): void;
  /** Builds the error for a proxy variable promo cannot use (a usage error in the core). */
  problem(message: string, hint: string): Error;
}

function pick(env: Env, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return [name, value];
  }
  return undefined;
}

/** The proxy for each scheme: lower-case names first, as curl reads them. */
function proxySettings(env: Env): Record<'http:' | 'https:', [string, string] | undefined> {
  const all = ['all_proxy', 'ALL_PROXY'];
  return {
    'https:': pick(env, ['https_proxy', 'HTTPS_PROXY', ...all]),
    'http:': pick(env, ['http_proxy', 'HTTP_PROXY', ...all]),
  };
}

function parseProxy(name: string, value: string, hooks: ProxyHooks): URL {
  let url: URL;
  try {
    // A bare host:port means http://host:port, as curl takes it.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw hooks.problem(
      `${name} is not a proxy URL`,
      'Write it as http://HOST:PORT (user:password@ before the host if it needs them).',
    );
  }
  if (url.protocol !== 'http:') {
    throw hooks.problem(
      `${name}: promo talks to proxies over http:// only, not ${url.protocol.replace(':', '')}://`,
      'Write it as http://HOST:PORT; the tunnel to an https API is still encrypted end to end.',
    );
  }
  // The user and password are decoded for Proxy-Authorization: one that does not decode (`%ZZ`)
  // is the user's to mend, never an internal error.
  for (const part of [url.username, url.password]) {
    try {
      decodeURIComponent(part);
    } catch {
      throw hooks.problem(
        `${name}: the user or password of the proxy URL is not valid percent-encoding`,
        'Write a % in them as %25 (and @ as %40, : as %3A).',
      );
    }
  }
  if (url.password) hooks.secret(decodeURIComponent(url.password));
  return url;
}

/** `Basic …` from the proxy URL's user and password, if it has them. */
function proxyAuthorization(proxy: URL, hooks: ProxyHooks): string | undefined {
  const credentials = basicCredentials(proxy);
  if (credentials === undefined) return undefined;
  hooks.secret(credentials);
  return `Basic ${credentials}`;
}

/** The proxy as messages show it: scheme, host and port, never its credentials. */
export function describeProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** One NO_PROXY entry as host and optional port: `host`, `host:port`, `[::1]:port`, a bare IPv6 or a CIDR. */
function splitEntry(entry: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1]!, bracketed[2]];
  const colons = entry.split(':').length - 1;
  if (colons === 1) {
    const [host = '', port] = entry.split(':');
    return [host, port];
  }
  return [entry, undefined];
}

/**
 * Whether NO_PROXY sends `url` direct: `*` matches every host; a name matches itself and its
 * subdomains (a leading `.` or `*.` changes nothing); an address matches itself, a CIDR its range;
 * `:port` narrows an entry to that port. Loopback gets no special case: like curl, promo proxies it
 * unless NO_PROXY names it.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = bare(url.hostname);
  const port = defaultPort(url);
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const [pattern, entryPort] = splitEntry(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (pattern.includes('/')) {
      if (inRange(host, pattern)) return true;
      continue;
    }
    const name = bare(pattern.replace(/^\*?\./, ''));
    if (name && (host === name || (!isIP(host) && host.endsWith(`.${name}`)))) return true;
  }
  return false;
}

function inRange(host: string, cidr: string): boolean {
  const [address = '', bits] = cidr.split('/');
  const family = isIP(address);
  if (!family || family !== isIP(host)) return false;
  const list = new BlockList();
  try {
    list.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
  return list.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** A CONNECT failure, with a code the transport knows (a 407 is final: the same credentials fail again). */
function tunnelError(
  proxy: URL,
  target: string,
  status: number | undefined,
  text: string | undefined,
): Error {
  const error: NodeJS.ErrnoException = new Error(
    `the proxy ${describeProxy(proxy)} refused the tunnel to ${target} (${status} ${text ?? ''})`.trim(),
  );
  error.code = status === 407 ? 'EPROXYAUTH' : 'EPROXY';
  return error;
}

/** An https Agent whose connections are TLS inside a CONNECT tunnel through the proxy. */
class TunnelAgent extends HttpsAgent {
  constructor(
    private readonly proxy: URL,
    private readonly authorization: string | undefined,
  ) {
    super({ keepAlive: true });
  }

  // Node's Agent takes a connection through this callback when it is made asynchronously.
  override createConnection(
    options: RequestOptions,
    done?: (error: Error | null, stream: Duplex) => void,
  ): undefined {
    const host = String(options.host ?? 'localhost');
    const target = `${host.includes(':') ? `[${host}]` : host}:${options.port ?? 443}`;
    const connect = httpRequest({
      host: bare(this.proxy.hostname),
      port: this.proxy.port || 80,
      method: 'CONNECT',
      path: target,
      headers: { Host: target, ...(this.authorization ? { 'Proxy-Authorization': this.authorization } : {}) },
      agent: false,
    });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        done?.(tunnelError(this.proxy, target, res.statusCode, res.statusMessage), socket);
        return;
      }
      done?.(null, tlsConnect({ ...(options as ConnectionOptions), socket }));
    });
    connect.once('error', (error) => done?.(error, connect.socket as Socket));
    connect.end();
    return undefined;
  }
}

/** Routes through the proxies the environment names; `route` answers undefined for a direct URL. */
export class ProxyRoutes {
  private readonly proxies: Partial<
    Record<'http:' | 'https:', { url: URL; auth?: string; agent?: HttpAgent }>
  > = {};
  private readonly noProxy: string | undefined;

  constructor(env: Env, hooks: ProxyHooks) {
    for (const [scheme, setting] of Object.entries(proxySettings(env)) as Array<
      ['http:' | 'https:', [string, string] | undefined]
    >) {
      if (!setting) continue;
      const url = parseProxy(setting[0], setting[1], hooks);
      this.proxies[scheme] = { url, auth: proxyAuthorization(url, hooks) };
    }
    this.noProxy = pick(env, ['no_proxy', 'NO_PROXY'])?.[1];
  }

  route(url: URL): Route | undefined {
    const scheme = url.protocol === 'https:' ? 'https:' : 'http:';
    const proxy = this.proxies[scheme];
    if (!proxy || bypassesProxy(url, this.noProxy)) return undefined;
    const via = describeProxy(proxy.url);
    if (scheme === 'https:') {
      proxy.agent ??= new TunnelAgent(proxy.url, proxy.auth);
      const agent = proxy.agent;
      return {
        dropIdle: () => dropIdle(agent),
        via,
        request: (target, options) => httpsRequest(target, { ...options, agent }),
      };
    }
    proxy.agent ??= new PlainAgent({ keepAlive: true });
    const agent = proxy.agent;
    return {
      dropIdle: () => dropIdle(agent),
      via,
      // Absolute-form: the proxy reads the target from the request line.
      request: (target, { method, headers }) =>
        httpRequest({
          host: bare(proxy.url.hostname),
          port: proxy.url.port || 80,
          method,
          path: target.href,
          headers: {
            ...headers,
            Host: target.host,
            ...(proxy.auth ? { 'Proxy-Authorization': proxy.auth } : {}),
          },
          agent,
        }),
    };
  }

  close(): void {
    for (const proxy of Object.values(this.proxies)) proxy.agent?.destroy();
  }
}

/** Closes an agent's connections that wait for a request. */
function dropIdle(agent: HttpAgent): void {
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}
