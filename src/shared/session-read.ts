/**
 * What reads the API proxy's session (`GET <baseUrl>/session`) and puts a role's refusals in words,
 * loaded with `import()` beside that request (src/shared/session.ts). A client without a session,
 * the default, never loads it: an element carries only the controller that asks.
 *
 * It runs with what its caller hands it (`defineMessages`), so it imports types only.
 */
import type { Session } from '../api/schemas/session.js';
import type { defineMessages, Messages, ResolvedLocale } from './locale.js';

/** The operations whose refusal is put in words (the proxy's names), in the `roles` namespace. */
export interface RoleMessages {
  notes: string;
  allocate: string;
  stock: string;
  listings: string;
  rates: string;
  buy: string;
  'edit-products': string;
  'edit-customers': string;
  'edit-delivery-methods': string;
}

declare module './locale.js' {
  interface Translation {
    roles: RoleMessages;
  }
}

/** What a role that lacks an operation is told (one that is not here: `common.roleForbids`). */
export const en: RoleMessages = {
  notes: 'Your role does not allow adding notes.',
  allocate: 'Your role does not allow allocating stock.',
  stock: 'Your role does not allow changing stock.',
  listings: 'Your role does not allow linking listings.',
  rates: 'Your role does not allow getting shipping rates.',
  buy: 'Your role does not allow buying labels.',
  'edit-products': 'Your role does not allow editing products.',
  'edit-customers': 'Your role does not allow editing customers.',
  'edit-delivery-methods': 'Your role does not allow editing delivery methods.',
};

/** The refusals in the locale asked for, with the translations registered for it. */
export function roleMessages(define: typeof defineMessages): (locale: ResolvedLocale) => RoleMessages {
  return define('roles', en as RoleMessages & Messages);
}

/** A JSON object (not an array, not null): `isRecord` of error-body.ts, which a kit may not import. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number, or a numeric string as the API's members sometimes are; else undefined. */
function numberIn(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The session answer, read leniently as `SessionSchema` reads it (a member that does not fit is
 * left out), by hand: no schema code comes with it. No `id`, no session.
 */
export function sessionFrom(body: unknown): Session | null {
  if (!isRecord(body) || typeof body['id'] !== 'string') return null;
  const allow = body['allow'];
  const limits = isRecord(body['limits']) ? body['limits'] : undefined;
  const spent = isRecord(body['spentToday']) ? body['spentToday'] : undefined;
  return {
    id: body['id'],
    allow: Array.isArray(allow)
      ? allow.filter((entry): entry is string => typeof entry === 'string')
      : undefined,
    limits: limits && {
      labelsPerDay: numberIn(limits['labelsPerDay']),
      maxLabelCharge: numberIn(limits['maxLabelCharge']),
      maxDailySpend: numberIn(limits['maxDailySpend']),
    },
    spentToday: spent && {
      labels: numberIn(spent['labels']),
      amount: numberIn(spent['amount']),
      currency: typeof spent['currency'] === 'string' ? spent['currency'] : undefined,
      amounts: spent['amounts'],
    },
  };
}
