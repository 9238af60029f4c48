// Waiting for something another process or the event loop brings about, without a deadline of its
// own (the test's timeout is the bound): no assertion here depends on how fast the machine is.

/** Resolves once `ready()` holds, looked at now and every 10 ms. */
export function until(ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      if (!ready()) return;
      clearInterval(timer);
      resolve();
    };
    const timer = setInterval(look, 10);
    look();
  });
}
