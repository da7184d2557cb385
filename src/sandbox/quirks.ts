/**
 * Shapes some live accounts answer in (DESIGN, "What the real API does beyond the spec"): ids as
 * numeric strings and tracking numbers as `{id, tracking_number}` objects. Off by default; on,
 * every JSON answer of the API is rewritten on its way out, so each route stays plain.
 */
import type { SandboxState } from './state.js';
import type { Json } from './types.js';

export interface SandboxQuirks {
  /** Every `id` and `*_id` number becomes a numeric string (`"id": "3102"`). */
  stringIds: boolean;
  /** Every `tracking_number` string becomes `{ id, tracking_number }` (bookings, order shipments). */
  trackingNumberObjects: boolean;
}

export const NO_QUIRKS: SandboxQuirks = { stringIds: false, trackingNumberObjects: false };

export const QUIRK_NAMES = Object.keys(NO_QUIRKS) as (keyof SandboxQuirks)[];

export function anyQuirk(quirks: SandboxQuirks): boolean {
  return quirks.stringIds || quirks.trackingNumberObjects;
}

/** Reads `{ stringIds?, trackingNumberObjects? }` onto `current`; an error message when invalid. */
export function mergeQuirks(current: SandboxQuirks, value: unknown): SandboxQuirks | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'quirks must be an object such as { "stringIds": true }';
  }
  const merged = { ...current };
  for (const [key, flag] of Object.entries(value)) {
    if (!(QUIRK_NAMES as string[]).includes(key))
      return `Unknown quirk ${key}; use ${QUIRK_NAMES.join(', ')}`;
    if (typeof flag !== 'boolean') return `quirks.${key} must be true or false`;
    merged[key as keyof SandboxQuirks] = flag;
  }
  return merged;
}

function rewrite(value: Json, quirks: SandboxQuirks, state: SandboxState): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, quirks, state));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [key, member] of Object.entries(value)) {
    if (quirks.trackingNumberObjects && key === 'tracking_number' && typeof member === 'string') {
      const id = state.trackingNumberId(member);
      out[key] = { id: quirks.stringIds ? String(id) : id, tracking_number: member };
    } else if (
      quirks.stringIds &&
      (key === 'id' || key.endsWith('_id')) &&
      typeof member === 'number' &&
      Number.isInteger(member)
    ) {
      out[key] = String(member);
    } else {
      out[key] = rewrite(member, quirks, state);
    }
  }
  return out;
}

/** The answer with the quirks applied to its JSON body; anything else passes unchanged. */
export async function withQuirks(
  response: Response,
  quirks: SandboxQuirks,
  state: SandboxState,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!anyQuirk(quirks) || !/\bjson\b|\+json/.test(type)) return response;
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  return new Response(JSON.stringify(rewrite(body, quirks, state)), {
    status: response.status,
    headers: response.headers,
  });
}
