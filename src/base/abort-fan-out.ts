// One signal shared by many waits at once (a bulk run's 16 requests in flight, each with its own
// retry pause): each wait listening to it directly would add a listener per request to one
// AbortSignal, past Node's limit of 10 (MaxListenersExceededWarning on stderr, where JSON mode
// promises nothing but promo's own lines). The shared signal gets one listener here instead, and
// each wait a signal of its own, let go of when the wait ends. A wait that needs no AbortSignal of
// its own (a request on the wire) is only told: an AbortController a request cost ~7 µs, a
// twentieth of what a bulk run spends on a line beside Node's own HTTP.

import type { AbortSource } from './light-abort.js';
import { Slots } from './slots.js';

const fromSignal = (signal: AbortSignal): AbortSource => ({
  get aborted() {
    return signal.aborted;
  },
  get reason() {
    return signal.reason;
  },
  onAbort: (listener) => signal.addEventListener('abort', listener, { once: true }),
});

export class AbortFanOut {
  // Slots, not Sets: see slots.ts.
  private readonly waiting = new Slots<AbortController>();
  private readonly told = new Slots<() => void>();
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
    return this.told.add(stop);
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
    return { signal: controller.signal, release: this.waiting.add(controller) };
  }

  private listen(shared: AbortSource): void {
    if (this.listening) return;
    this.listening = true;
    shared.onAbort(() => {
      for (const waiting of this.waiting.takeAll()) waiting.abort(shared.reason);
      for (const stop of this.told.takeAll()) stop();
    });
  }
}
