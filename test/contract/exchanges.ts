// promo's tests check exchanges with the one checker of promo-sandbox/contract that the package's
// test helpers hold (packages/sandbox/test/helpers/vendor.ts): what this module exports is that
// checker's, under the names the contract tests use.
import type { RecordedRequest } from 'promo-sandbox';
import type { CheckOptions } from 'promo-sandbox/contract';
import { checker } from '../../packages/sandbox/test/helpers/vendor.js';

export { answersConformAfterEach } from '../../packages/sandbox/test/helpers/checked.js';
export type { CheckOptions };

export const vendorFilesAvailable = checker.available;

/** The sandbox routes whose exchanges were checked, as `METHOD pattern`. */
export const coveredRoutes = checker.coveredRoutes;

/** The problems of every exchange, each line naming the request; an empty list when all conform. */
export const exchangeProblems = (recorded: RecordedRequest[], options: CheckOptions = {}): string[] =>
  checker.problems(recorded, options);
