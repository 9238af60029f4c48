// A check for the test suite (PROMO_SANDBOX_VERIFY=1): the journal only sees keys of the top-level
// slices, so a route that edits an entry in place would be neither undone nor saved. Here every
// stored entry is frozen, deeply, before and after each transaction: such an edit throws where it
// is made, and the route fails loudly. Cheap: an entry is frozen once, and looking at a frozen one
// costs a flag (the whole-state copy this replaced cost seconds on a state of 10,000 vouchers).

type Bag = Record<string, unknown>;

export function verifyingFromEnvironment(): boolean {
  return process.env.PROMO_SANDBOX_VERIFY === '1';
}

/** Freezes every entry of every slice not frozen yet, and all it holds. */
export function freezeEntries(state: object): void {
  for (const slice of Object.values(state as Bag)) {
    if (typeof slice !== 'object' || slice === null) continue;
    for (const entry of Object.values(slice)) freezeDeep(entry);
  }
}

function freezeDeep(value: unknown): void {
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
