/**
 * The API proxy's session answer (`GET <baseUrl>/session`) read by hand, as leniently as
 * `SessionSchema` reads it, so no schema code comes with the session controller
 * (src/shared/session.ts) that every element carries.
 */
import { isRecord } from '../api/error-body.js';
import type { Session } from '../api/schemas/session.js';

/** A number, or a numeric string as the API's members sometimes are; else undefined. */
function numberIn(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

/** The session answer; a member that does not fit is left out. No `id`, no session. */
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
