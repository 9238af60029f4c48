// Randomized end-to-end tests (faults struck at random, kills at random moments) draw from a seeded
// generator, so that a failure names the seed that plays it again: PROMO_TEST_SEED=N.

/** PROMO_TEST_SEED, else one taken from the clock. */
export function testSeed(): number {
  return Number(process.env.PROMO_TEST_SEED) || Date.now() % 100_000;
}

/**
 * Draws in [0, 1) from `seed`: a 32-bit linear congruential generator (Numerical Recipes'
 * constants), its arithmetic kept exact by Math.imul. The one these tests had before multiplied in
 * doubles past 2^53: its states lost their low bits, and a seed could go thirty draws without one
 * under 0.21 (seed 49257: no fault struck in a whole run).
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `random`'s draws after a first one of 0: a fault proxy handed it strikes the first request it
 * picks with the first fault it lists, whatever the seed, so that a run never passes untested.
 */
export function strikingFirst(random: () => number): () => number {
  let first = true;
  return () => {
    if (!first) return random();
    first = false;
    return 0;
  };
}
