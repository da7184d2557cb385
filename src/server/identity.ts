/**
 * Who is calling, from the host's own session, and what they may do: `authorize` answers an
 * identity (a user id, a session id…) or `{ id, allow?, limits? }` for a signed-in caller, or null
 * (or `''`) for anyone else, who gets 401 with nothing sent upstream.
 */

/** The operations a role may be allowed (`allow`); each endpoint of the API is one of them. */
export const OPERATIONS = [
  'read',
  'notes',
  'allocate',
  'stock',
  'listings',
  'rates',
  'buy',
  'edit-customers',
  'edit-products',
  'edit-delivery-methods',
  'stores',
  'print',
] as const;

export type Operation = (typeof OPERATIONS)[number];

/** Daily limits of one identity (per UTC day), in the quotes' currency for the amounts. */
export interface SpendLimits {
  /** Labels bought per day. */
  labelsPerDay?: number;
  /** The largest charge of one label. */
  maxLabelCharge?: number;
  /** The total charge of the labels bought in a day. */
  maxDailySpend?: number;
}

/** What `authorize` may answer for a signed-in caller besides a plain identity string. */
export interface CallerIdentity {
  id: string;
  /** The operations the caller may use; absent: every operation. */
  allow?: readonly Operation[];
  limits?: SpendLimits;
}

export type AuthorizeResult = string | CallerIdentity | null | undefined;

export type Authorize = (request: Request) => AuthorizeResult | Promise<AuthorizeResult>;

/** A signed-in caller as the proxy keeps them: every member present. */
export interface Caller {
  id: string;
  allow: ReadonlySet<Operation>;
  /** Whether `authorize` gave an `allow` list (else every endpoint the proxy forwards is open). */
  restricted: boolean;
  limits: SpendLimits;
}

const EVERYTHING: ReadonlySet<Operation> = new Set(OPERATIONS);
const LIMIT_NAMES = ['labelsPerDay', 'maxLabelCharge', 'maxDailySpend'] as const;

/** The identity `authorize` gave, or null when the caller is not signed in. */
export function identityOf(value: unknown): string | null {
  return callerOf(value)?.id ?? null;
}

/**
 * The caller `authorize` gave, or null when not signed in. An `allow` entry the proxy does not
 * know grants nothing; a limit that is not a number from 0 up is left out, as if not set.
 */
export function callerOf(value: unknown): Caller | null {
  if (typeof value === 'string')
    return value === '' ? null : { id: value, allow: EVERYTHING, restricted: false, limits: {} };
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = record['id'];
  if (typeof id !== 'string' || id === '') return null;
  const allowed = record['allow'];
  const allow = Array.isArray(allowed)
    ? new Set(OPERATIONS.filter((operation) => allowed.includes(operation)))
    : EVERYTHING;
  const limits: SpendLimits = {};
  const given = record['limits'];
  if (typeof given === 'object' && given !== null) {
    for (const name of LIMIT_NAMES) {
      const limit = (given as Record<string, unknown>)[name];
      if (typeof limit === 'number' && Number.isFinite(limit) && limit >= 0) limits[name] = limit;
    }
  }
  return { id, allow, restricted: Array.isArray(allowed), limits };
}
