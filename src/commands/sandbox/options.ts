// The options of the command: those of promo-sandbox's own bin (promo-sandbox/options), one table
// for both; the definition (index.ts) and what runs (run.ts) read them.
import { SANDBOX_OPTIONS } from 'promo-sandbox/options';
import { defineOptions, type OptionValues } from '../../toolkit/define.js';

export const options = defineOptions(SANDBOX_OPTIONS);

export type SandboxFlags = OptionValues<typeof options>;
