// A connection to the sandbox without a socket, for a client in the same process: two streams
// joined end to end, one handed to the HTTP server as a connection, the other to the client (an
// http.request's `createConnection`). No port is opened, so nothing else on the machine can reach
// the sandbox, and a command pays for neither a listening server nor a loopback connection: Node's
// `listen` alone loads its cluster support, child processes, UDP and DNS.
//
// Each end behaves as a socket does where the HTTP client and server look:
// - what one end writes, the other reads, at the reader's pace (a write waits until the other end
//   wants more, so a large answer is never held whole);
// - ending one end's writes ends the other's reads (a half-close);
// - destroying either end closes both, as a reset connection does: a client still waiting for its
//   answer reads "socket hang up", which it takes, as after a real reset, for an answer lost;
// - `setTimeout` counts idle time, both ways, and emits 'timeout'.
import type { Duplex } from 'node:stream';
import { nodeStream } from './node-builtin.js';

/** The class of a connection's end, made on first use: a sandbox reached by dispatch() loads no streams. */
function endClass() {
  return class End extends nodeStream().Duplex {
    peer!: End;
    /** A write of ours that waits for the other end to want more. */
    private waiting?: () => void;
    private idleMs = 0;
    private idleTimer?: NodeJS.Timeout;
    readonly remoteAddress = '127.0.0.1';
    readonly remotePort = 0;
    readonly localAddress = '127.0.0.1';
    readonly localPort = 0;
    readonly remoteFamily = 'IPv4';

    constructor() {
      super({ allowHalfOpen: true });
    }

    override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
      this.touch();
      this.peer.touch();
      if (this.peer.destroyed || this.peer.push(chunk)) done();
      else this.peer.waiting = done;
    }

    override _final(done: (error?: Error | null) => void): void {
      if (!this.peer.destroyed) this.peer.push(null);
      done();
    }

    override _read(): void {
      const go = this.waiting;
      this.waiting = undefined;
      go?.();
    }

    override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
      clearTimeout(this.idleTimer);
      const go = this.waiting;
      this.waiting = undefined;
      go?.();
      // The other end closes too, without an error of its own: what it was told is "the connection closed".
      if (!this.peer.destroyed) this.peer.destroy();
      done(error);
    }

    setTimeout(ms: number, onTimeout?: () => void): this {
      this.idleMs = ms;
      if (onTimeout) this.once('timeout', onTimeout);
      this.touch();
      return this;
    }

    private touch(): void {
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      if (this.idleMs > 0 && !this.destroyed) {
        this.idleTimer = setTimeout(() => this.emit('timeout'), this.idleMs);
        this.idleTimer.unref();
      }
    }

    setNoDelay(): this {
      return this;
    }

    setKeepAlive(): this {
      return this;
    }

    ref(): this {
      return this;
    }

    unref(): this {
      return this;
    }

    address(): { address: string; family: string; port: number } {
      return { address: this.localAddress, family: 'IPv4', port: 0 };
    }
  };
}

let EndClass: ReturnType<typeof endClass> | undefined;

/** Two ends of one connection: `client` for the HTTP client, `server` for the HTTP server. */
export function connectionPair(): { client: Duplex; server: Duplex } {
  EndClass ??= endClass();
  const client = new EndClass();
  const server = new EndClass();
  client.peer = server;
  server.peer = client;
  return { client, server };
}
