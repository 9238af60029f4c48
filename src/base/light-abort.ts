// An abort told by plain functions, for what needs no AbortSignal: the CLI's first Ctrl-C
// (Context.onInterrupt) and the run's requests (the runtime, the transport's fan-out). Node
// compiles its event target's code on a process's first addEventListener: ~1 ms of a run of one
// request on Node 24, half that on Node 20.

/**
 * Whether it was aborted, why, and a way to be told once it is: a LightAbort, or an AbortSignal as
 * the fan-out (abort-fan-out.ts) reads one.
 */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason?: unknown;
  /** `listener` is called once, when it aborts (never if it already has: ask `aborted` first). */
  onAbort(listener: () => void): void;
}

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
