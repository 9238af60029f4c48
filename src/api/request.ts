// The shapes of a request through the API layer, of its answer and dry run, and of the bearer
// tokens it authenticates with (the token source in src/auth/ hands them out).
import type { HttpResponse } from '../http/transport.js';

export type AuthMode = 'app' | 'bearer' | 'none';
export type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

export interface Credentials {
  appId: string;
  appToken: string;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Already encoded; build it with `encodePath`. */
  path: string;
  query?: Query | URLSearchParams;
  json?: unknown;
  form?: Record<string, string>;
  /** One file sent as a multipart/form-data body (the service's CSV imports). */
  file?: FormFile;
  auth: AuthMode;
  /** Scopes of the bearer token, for auth 'bearer'. */
  scopes?: string[];
  /** Defaults to true for every method but POST and PATCH. See HttpRequest.idempotent. */
  idempotent?: boolean;
  /** It acts on the service: a lost answer is an unknown outcome. See HttpRequest.mutates. */
  mutates?: boolean;
  headers?: Record<string, string>;
  /** The largest body this operation takes (default 1 MiB); the voucher import takes 10 MB. */
  maxBodyBytes?: number;
}

/** A file in a multipart/form-data body: the form field it goes in, its name and type, its text. */
export interface FormFile {
  field: string;
  filename: string;
  type: string;
  content: string;
}

export interface DryRun {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** An answer as it came: its body is `unknown` until a check (answer.ts) says what it is. */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers: HttpResponse['headers'];
}

/** A bearer token as promo keeps it (in the token cache) and uses it. */
export interface BearerToken {
  access_token: string;
  client_id: string;
  scope: string;
  /** Unix seconds. */
  expires_at: number;
  token_type: string;
}

/** `fresh`: issue a new token whatever the cache holds; `rejected`: the token the service just refused. */
export interface TokenWanted {
  fresh?: boolean;
  rejected?: string;
}

/** A token as a BearerSource hands it out: from the cache or not, saved there or not. */
export type SourcedToken = BearerToken & { fromCache: boolean; saved: boolean };

/** Hands out bearer tokens. */
export interface BearerSource {
  token(scopes: string[], want?: TokenWanted): Promise<SourcedToken>;
}
