/**
 * The types of a request body, checked against what the spec (`api-spec.md`) gives each field:
 * a number is a JSON number (never a numeric string such as `"2"`, which the sandbox would take
 * too), a string is a string, an array an array. Members the shape does not name are not checked.
 */
import { expect } from '@open-wc/testing';
import type { LoggedRequest } from './sandbox.js';

/**
 * What a field must be: `'number'`, `'string'`, `'boolean'`; `[shape]` for an array (never
 * empty) whose every item is `shape`; an object of member shapes, where a name that starts with
 * `?` is optional (checked only when present).
 */
export type BodyShape =
  'number' | 'string' | 'boolean' | readonly [BodyShape] | { readonly [member: string]: BodyShape };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : String(value);
  return typeof value;
}

/** Where `value` does not have the types of `shape`, one line each (`body.shipments.0.rate_id: number, not string`). */
export function bodyTypeProblems(value: unknown, shape: BodyShape, where = 'body'): string[] {
  if (typeof shape === 'string') {
    const kind = kindOf(value);
    return kind === shape ? [] : [`${where}: ${kind} ${JSON.stringify(value)}, not ${shape}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${where}: ${kindOf(value)}, not an array`];
    if (value.length === 0) return [`${where}: an empty array`];
    const [item] = shape as readonly [BodyShape];
    return value.flatMap((member, index) => bodyTypeProblems(member, item, `${where}.${index}`));
  }
  if (kindOf(value) !== 'object') return [`${where}: ${kindOf(value)}, not an object`];
  const record = value as Record<string, unknown>;
  return Object.entries(shape as { readonly [member: string]: BodyShape }).flatMap(([name, member]) => {
    const optional = name.startsWith('?');
    const key = optional ? name.slice(1) : name;
    if (!(key in record)) return optional ? [] : [`${where}.${key}: missing`];
    return bodyTypeProblems(record[key], member, `${where}.${key}`);
  });
}

/** Fails, naming every field that is off, unless `body` has the types of `shape`. */
export function expectBodyTypes(body: unknown, shape: BodyShape, what = 'the request body'): void {
  expect(bodyTypeProblems(body, shape).join('; '), `${what} has the spec's types`).to.equal('');
}

/** Every logged request of `method` to `path` (from the sandbox's request log) has the types of `shape`; there is one at least. */
export function expectSentTypes(
  log: readonly LoggedRequest[],
  method: string,
  path: string | RegExp,
  shape: BodyShape,
): LoggedRequest[] {
  const sent = log.filter(
    (entry) =>
      entry.method === method && (typeof path === 'string' ? entry.path === path : path.test(entry.path)),
  );
  expect(sent.length, `a ${method} ${String(path)} was sent`).to.be.greaterThan(0);
  for (const entry of sent) expectBodyTypes(entry.body, shape, `${method} ${entry.path}`);
  return sent;
}

/** `POST /orders/{id}/allocations` (spec: `warehouse_id` number, `line_items_attributes` of `{sellable_id, quantity}` numbers). */
export const ALLOCATION_BODY: BodyShape = {
  allocation: {
    warehouse_id: 'number',
    line_items_attributes: [{ sellable_id: 'number', quantity: 'number' }],
  },
};

/** An allocation as it was sent. */
export interface SentAllocation {
  allocation: {
    warehouse_id: unknown;
    line_items_attributes: { sellable_id: unknown; quantity: unknown }[];
  };
}

/** The first allocation of the order in the sandbox's log, checked to have the spec's types. */
export function sentAllocation(log: readonly LoggedRequest[], orderId: number): SentAllocation {
  const [post] = expectSentTypes(log, 'POST', `/orders/${orderId}/allocations`, ALLOCATION_BODY);
  return post!.body as SentAllocation;
}

/** `PUT /sellables/{sid}/warehouses/{wid}/stock_entry` (spec: `physical_stock_level` number, `infinite` boolean, `location` string). */
export const STOCK_ENTRY_BODY: BodyShape = {
  stock_entry: { physical_stock_level: 'number', infinite: 'boolean', '?location': 'string' },
};

/**
 * `POST /shipping/api/v1/shipments` (spec: `label_format` string, `shipments` always an array,
 * each with `rate_id` and `remote_shipment_id` strings, `custom_messages` strings,
 * `liability_amount` number).
 */
export const BOOKING_BODY: BodyShape = {
  '?label_format': 'string',
  shipments: [
    {
      rate_id: 'string',
      remote_shipment_id: 'string',
      '?label_format': 'string',
      '?custom_messages': ['string'],
      '?liability_amount': 'number',
    },
  ],
};
