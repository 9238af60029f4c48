// Waiting without a deadline of its own: the helper of promo-sandbox's tests, shared.
export { until } from '../../packages/sandbox/test/helpers/until.js';
