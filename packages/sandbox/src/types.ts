// The seams of the sandbox: the server core (server.ts) dispatches to routes that each resource
// module exports, and every route works on the state, a view over its SQLite tables (state-view.ts).
import type { IncomingHttpHeaders } from 'node:http';
import type { CampaignType } from './facts/vouchers.js';
import type { ExportRecord, ImportJob, ImportSettings } from './job-types.js';
import type { LedgerCard } from './loyalty-ledger.js';

/** Which credentials an operation accepts, as the service assigns them per operation. */
export type AuthKind = 'app' | 'bearer' | 'app-or-bearer';

/** Who the request authenticated as, after the core checked it. */
export interface AuthInfo {
  kind: 'app' | 'bearer';
  /** Scopes of the bearer token (space-split); empty for application credentials. */
  scopes: string[];
}

export interface SandboxRequest {
  method: string;
  /** Decoded path without the query string, e.g. `/v1/vouchers/A%2FB` arrives as params.code = 'A/B'. */
  path: string;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The raw query string (without `?`), for deepObject parameters. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** Parsed body: JSON for application/json, an object of fields for x-www-form-urlencoded. */
  body: unknown;
  auth: AuthInfo;
  requestId: string;
}

export interface SandboxReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * A body sent as it is made (an export's CSV), instead of `body`: its chunks are written with the
   * socket's back-pressure after the transaction. It must read only what it captured inside it.
   */
  stream?: Iterable<string>;
}

export interface RouteContext {
  /** Milliseconds since the epoch; tests fix it. */
  now(): number;
  /** A new identifier with the service's shape: `${prefix}${hex}`. */
  newId(prefix: string, hexLength?: number): string;
  /** The app id the sandbox accepts (used as the OAuth client id's source). */
  appId: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Express-like pattern: `/v1/vouchers/:code`. */
  pattern: string;
  auth: AuthKind | 'none';
  /** Scopes a bearer token must hold (any one of them is enough; `api` always is). */
  scopes?: string[];
  handle(req: SandboxRequest, state: SandboxState, rc: RouteContext): SandboxReply;
  /**
   * The operation changes nothing: it runs in a read transaction (a snapshot, never waiting for a
   * writer), and a change it made anyway would be dropped.
   */
  readOnly?: boolean;
}

/**
 * How a resource's module declares its routes: each takes the app keys or a bearer token holding
 * one of `scopes` (given per pattern where a resource's sub-routes need more).
 */
export function appOrBearerRoute(scopes: string[] | ((pattern: string) => string[])) {
  return (method: Route['method'], pattern: string, handle: Route['handle'], readOnly = false): Route => ({
    method,
    pattern,
    auth: 'app-or-bearer',
    scopes: typeof scopes === 'function' ? scopes(pattern) : scopes,
    handle,
    ...(readOnly ? { readOnly } : {}),
  });
}

/** Thrown by a route; the core turns it into the service's error object. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly details?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface TokenRecord {
  access_token: string;
  client_id: string;
  scope: string;
  /** Unix seconds. */
  expires_at: number;
  token_type: 'Bearer';
}

export type { CampaignType };

/**
 * A campaign as the sandbox keeps it: the fields its answer is built from (campaign-store.ts).
 * Demo campaigns hold only the first four; the others default.
 */
export interface CampaignRecord {
  id: string;
  name: string;
  type: 'AUTO_UPDATE' | 'STATIC' | 'STANDALONE';
  campaign_type: CampaignType;
  description?: string | null;
  /** What each voucher is made of: type, discount/gift/loyalty_card, redemption, code_config. */
  voucher?: Record<string, unknown>;
  /** The codes asked for at creation and added since, while a generation is under way. */
  vouchers_count?: number;
  start_date?: string | null;
  expiration_date?: string | null;
  validity_timeframe?: unknown;
  validity_day_of_week?: unknown;
  validity_hours?: unknown;
  join_once?: boolean;
  auto_join?: boolean;
  active?: boolean;
  metadata?: Record<string, unknown>;
  category?: string | null;
  category_id?: string | null;
  created_at?: string;
  updated_at?: string | null;
  /** The job generating its codes, while one runs. */
  generation_job?: string | null;
}

/** Everything the sandbox holds. Each slice belongs to one resource module. */
export interface SandboxState {
  version: 1;
  tokens: Record<string, TokenRecord>;
  /** Live vouchers (active or inactive) by code: the service's voucher object as returned. */
  vouchers: Record<string, Record<string, unknown>>;
  /** Vouchers moved to the bin by a delete without force, by code. */
  bin: Record<string, Record<string, unknown>>;
  campaigns: CampaignRecord[];
  categories: Array<{ id: string; name: string; hierarchy: number; created_at: string }>;
  templates: Array<Record<string, unknown>>;
  /** Tier structures by id, each holding its tiers as the service returns them. */
  tierStructures: Record<string, Array<Record<string, unknown>>>;
  /** Issued list cursors: id -> where the next page starts and when the cursor expires. */
  cursors: Record<
    string,
    { structureId: string; order: string; offset: number; limit: number; expires_at: string }
  >;
  /** Names of the custom events defined in the event schema. */
  eventSchemas: string[];
  /** Events received, in order (the service's answer for each). */
  events: Array<Record<string, unknown>>;
  /** Background jobs (voucher imports) by id, finished ones included. */
  asyncActions: Record<string, ImportJob>;
  /** The records of jobs not finished yet, by job id, in the order the jobs were queued. */
  importQueue: Record<string, unknown[]>;
  /** How jobs are processed; in the state so that every process sharing it processes them alike. */
  importSettings: ImportSettings;
  /** CSV exports by id (exports.ts); their status follows from the clock. */
  exports: Record<string, ExportRecord>;
  /** Settings of the project itself (its time zone), kept in the state for every process sharing it. */
  project: ProjectSettings;
  /** Redemptions and their rollbacks (`r_...`, `rr_...`) by id, in the order they happened. */
  redemptions: Record<string, Record<string, unknown>>;
  /** Customers by id (customers.ts): those a redemption named by a source_id not seen before. */
  customers: Record<string, Record<string, unknown>>;
  /** Balance changes of gift and loyalty cards (`vtx_...`) by id, in the order they happened. */
  transactions: Record<string, Record<string, unknown>>;
  /** Loyalty cards' point buckets and pending points, by card code (loyalty-ledger.ts). */
  loyaltyLedger: Record<string, LedgerCard>;
  /** Publications (`pub_...`) by id, in the order they happened (publications.ts). */
  publications: Record<string, Record<string, unknown>>;
  /** Validation rules (`val_...`) by id, as stored (validation-rules.ts). */
  validationRules: Record<string, Record<string, unknown>>;
  /** Their assignments to vouchers and campaigns (`asgm_...`) by id, in the order made (rule-assignments.ts). */
  ruleAssignments: Record<string, Record<string, unknown>>;
  /** Products (`prod_...`) by id, without their SKUs (products.ts). */
  products: Record<string, Record<string, unknown>>;
  /** SKUs (`sku_...`) by id, each naming its product by `product_id` (products.ts). */
  skus: Record<string, Record<string, unknown>>;
  /** Orders (`ord_...`) by id: those created through /v1/orders and those redemptions made (orders.ts). */
  orders: Record<string, Record<string, unknown>>;
  /** The rewards catalogue (`rew_...`) by id (rewards.ts). */
  rewards: Record<string, Record<string, unknown>>;
  /** Rewards offered by loyalty programs (`rewa_...`) by id, each with its points price (reward-assignments.ts). */
  rewardAssignments: Record<string, Record<string, unknown>>;
  /** Loyalty programs' tiers by points (`ltr_...`) by id (loyalty-tiers.ts). */
  loyaltyTiers: Record<string, Record<string, unknown>>;
  /** Loyalty programs' earning rules (`ern_...`) by id (earning-rules.ts). */
  earningRules: Record<string, Record<string, unknown>>;
  /** Static customer segments (`seg_...`) by id, each with the ids of its customers (segments.ts). */
  segments: Record<string, Record<string, unknown>>;
}

export interface ProjectSettings {
  /** An IANA zone: where recurring validity windows (days of the week, hours) are read. */
  time_zone: string;
}
