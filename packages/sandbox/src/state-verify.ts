// A check for the test suite (PROMO_SANDBOX_VERIFY=1): the store sees which entries a route set and
// deleted, not what it did to an object it read, so an edit in place would be neither undone nor
// saved. Here every entry the state view hands out is frozen, deeply: such an edit throws where it
// is made, and the route fails loudly.

export function verifyingFromEnvironment(): boolean {
  return process.env.PROMO_SANDBOX_VERIFY === '1';
}

export function freezeDeep(value: unknown): void {
  // A frozen value was frozen here, with all it holds.
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeep(inner);
}

const FROZEN_EDIT = /^Cannot (assign to read only property|add property|delete property|define property)/;

/** The error of a route that edited a stored entry in place, or undefined for any other error. */
export function inPlaceEdit(error: unknown): Error | undefined {
  if (!(error instanceof TypeError) || !FROZEN_EDIT.test(error.message)) return undefined;
  return new Error(
    `sandbox state: a route edited a stored entry in place (${error.message}), which its transaction would neither undo nor save; a route must replace an entry (state.slice[key] = next) instead of editing the object it read`,
    { cause: error },
  );
}
