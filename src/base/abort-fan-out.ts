// One signal shared by many waits at once (a bulk run's 16 requests in flight, each with its own
// retry pause): each wait listening to it directly would add a listener per request to one
// AbortSignal, past Node's limit of 10 (MaxListenersExceededWarning on stderr, where JSON mode
// promises nothing but promo's own lines). The shared signal gets one listener here instead, and
// each wait a signal of its own, let go of when the wait ends.

export class AbortFanOut {
  private readonly waiting = new Set<AbortController>();
  private listening = false;

  constructor(private readonly shared?: AbortSignal) {}

  /** A signal aborted with the shared one (already, if it is); `release` once the wait is over. */
  child(): { signal?: AbortSignal; release(): void } {
    const { shared } = this;
    if (!shared) return { release: () => undefined };
    const controller = new AbortController();
    if (shared.aborted) {
      controller.abort(shared.reason);
      return { signal: controller.signal, release: () => undefined };
    }
    if (!this.listening) {
      this.listening = true;
      shared.addEventListener(
        'abort',
        () => {
          for (const waiting of this.waiting) waiting.abort(shared.reason);
          this.waiting.clear();
        },
        { once: true },
      );
    }
    this.waiting.add(controller);
    return { signal: controller.signal, release: () => this.waiting.delete(controller) };
  }
}
