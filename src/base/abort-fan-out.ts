// One signal shared by many waits at once (a bulk run's 16 requests in flight, each with its own
// retry pause): each wait listening to it directly would add a listener per request to one
// AbortSignal, past Node's limit of 10 (MaxListenersExceededWarning on stderr, where JSON mode
// promises nothing but promo's own lines). The shared signal gets one listener here instead, and
// each wait a signal of its own, let go of when the wait ends. A wait that needs no AbortSignal of
// its own (a request on the wire) is only told: an AbortController a request cost ~7 µs, a
// twentieth of what a bulk run spends on a line beside Node's own HTTP.

/**
 * What a fan-out watches: whether it was aborted, why, and a way to be told once it is. An
 * AbortSignal is one (fromSignal); a LightAbort is one without Node's event target, whose first
 * listener compiles ~1 ms of Node's own code on Node 24 (half that on Node 20) in a run of one request.
 */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason?: unknown;
  /** `listener` is called once, when it aborts (never if it already has: ask `aborted` first). */
  onAbort(listener: () => void): void;
}

const fromSignal = (signal: AbortSignal): AbortSource => ({
  get aborted() {
    return signal.aborted;
  },
  get reason() {
    return signal.reason;
  },
  onAbort: (listener) => signal.addEventListener('abort', listener, { once: true }),
});

/** An abort that only calls functions: for the run's requests, which need no AbortSignal to stop. */
export class LightAbort implements AbortSource {
  aborted = false;
  reason?: unknown;
  private readonly listeners: Array<() => void> = [];

  onAbort(listener: () => void): void {
    this.listeners.push(listener);
  }

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }
}

export class AbortFanOut {
  private readonly waiting = new Set<AbortController>();
  private readonly told = new Set<() => void>();
  private listening = false;
  private readonly shared?: AbortSource;

  constructor(shared?: AbortSignal | AbortSource) {
    this.shared = shared && 'addEventListener' in shared ? fromSignal(shared) : shared;
  }

  /** `stop` is called once the shared signal aborts (at once if it has); the function returned stops watching. */
  watch(stop: () => void): () => void {
    const { shared } = this;
    if (!shared) return () => undefined;
    if (shared.aborted) {
      stop();
      return () => undefined;
    }
    this.listen(shared);
    this.told.add(stop);
    return () => this.told.delete(stop);
  }

  /** A signal aborted with the shared one (already, if it is); `release` once the wait is over. */
  child(): { signal?: AbortSignal; release(): void } {
    const { shared } = this;
    if (!shared) return { release: () => undefined };
    const controller = new AbortController();
    if (shared.aborted) {
      controller.abort(shared.reason);
      return { signal: controller.signal, release: () => undefined };
    }
    this.listen(shared);
    this.waiting.add(controller);
    return { signal: controller.signal, release: () => this.waiting.delete(controller) };
  }

  private listen(shared: AbortSource): void {
    if (this.listening) return;
    this.listening = true;
    shared.onAbort(() => {
      for (const waiting of this.waiting) waiting.abort(shared.reason);
      this.waiting.clear();
      const told = [...this.told];
      this.told.clear();
      for (const stop of told) stop();
    });
  }
}
