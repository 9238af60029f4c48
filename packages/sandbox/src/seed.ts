// What a new sandbox holds: the demo project, or what a `--seed FILE` gives instead.
import { demoCampaigns, demoCategories } from './campaigns.js';
import { demoEventSchemas, demoTemplates, demoTierStructures } from './demo-data.js';
import { DEFAULT_IMPORT_SETTINGS, type ImportSettings } from './import-jobs.js';
import type { SandboxState } from './types.js';
import { type GeneratedVouchers, generateVouchers } from './voucher-generate.js';

/** The parts of the state a seed may give; a seed file replaces the demo data, and what it leaves out is empty. */
export type SeedData = Partial<
  Pick<
    SandboxState,
    | 'campaigns'
    | 'categories'
    | 'templates'
    | 'tierStructures'
    | 'eventSchemas'
    | 'vouchers'
    // Rules and their assignments, so that a seed's vouchers may carry rules (the qualification bench).
    | 'validationRules'
    | 'ruleAssignments'
    // Static segments and the customers they name, so that a seed's rules may name a segment.
    | 'segments'
    | 'customers'
  >
> & {
  /** Vouchers made up at start (a count or a spec), added to `vouchers`. */
  generatedVouchers?: GeneratedVouchers | number;
  /** How import jobs are processed (records per second, fail). */
  importSettings?: Partial<ImportSettings>;
  /** The project's time zone (IANA name); UTC when absent. */
  timeZone?: string;
};

export function demoSeed(): SeedData {
  return {
    campaigns: demoCampaigns(),
    categories: demoCategories(),
    templates: demoTemplates(),
    tierStructures: demoTierStructures(),
    eventSchemas: demoEventSchemas(),
    vouchers: {},
  };
}

export function stateFromSeed(seed: SeedData): SandboxState {
  return {
    version: 1,
    tokens: {},
    vouchers: { ...generateVouchers(seed.generatedVouchers), ...structuredClone(seed.vouchers ?? {}) },
    bin: {},
    campaigns: structuredClone(seed.campaigns ?? []),
    categories: structuredClone(seed.categories ?? []),
    templates: structuredClone(seed.templates ?? []),
    tierStructures: structuredClone(seed.tierStructures ?? {}),
    cursors: {},
    eventSchemas: structuredClone(seed.eventSchemas ?? []),
    events: [],
    asyncActions: {},
    importQueue: {},
    importSettings: { ...DEFAULT_IMPORT_SETTINGS, ...seed.importSettings },
    exports: {},
    project: { time_zone: seed.timeZone ?? 'UTC' },
    redemptions: {},
    customers: structuredClone(seed.customers ?? {}),
    transactions: {},
    loyaltyLedger: {},
    publications: {},
    validationRules: structuredClone(seed.validationRules ?? {}),
    ruleAssignments: structuredClone(seed.ruleAssignments ?? {}),
    products: {},
    skus: {},
    orders: {},
    rewards: {},
    rewardAssignments: {},
    loyaltyTiers: {},
    earningRules: {},
    segments: structuredClone(seed.segments ?? {}),
  };
}
