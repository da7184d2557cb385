/**
 * What order-card's editors make of what is typed and of the API's errors, and what a save makes
 * of the stored orders: plain TypeScript with no imports but types, loaded with the editors
 * (order-editors-controller.ts), never with the card.
 */
import type { ClientCore } from '../../api/core.js';
import type { OpsError } from '../../api/errors.js';
import type { Customer, DeliveryMethod, Order } from '../../api/index.js';
import type { CustomerInput, DeliveryMethodInput } from '../../api/inputs.js';
import type { OrderDeliveryMethod } from '../../api/schemas/order.js';
import type { OrderCardEditorsMessages } from './order-editors.messages.js';

/** The card's editors: of the order's customer, and of its delivery method. */
export type EditorName = 'customer' | 'delivery-method';

export const ADDRESS = [
  'first_name',
  'last_name',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'zip',
] as const;
export type AddressField = (typeof ADDRESS)[number];
export const CUSTOMER = ['email', 'phone', 'mobile', 'customer_type', 'notes'] as const;
export type CustomerField = (typeof CUSTOMER)[number] | AddressField;
export type MethodField = 'name' | 'cost';

/** Leading words of the API's messages (`"Email is invalid"`) and the field each is about. */
export const CUSTOMER_WORDS: ReadonlyArray<[string, CustomerField]> = [
  ['email', 'email'],
  ['phone', 'phone'],
  ['mobile', 'mobile'],
  ['customer type', 'customer_type'],
  ['notes', 'notes'],
  ['first name', 'first_name'],
  ['last name', 'last_name'],
  ['company', 'company'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['city', 'city'],
  ['country', 'country'],
  ['zip', 'zip'],
];
export const METHOD_WORDS: ReadonlyArray<[string, MethodField]> = [
  ['name', 'name'],
  ['cost', 'cost'],
];

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * Splits a 400/422 into messages at fields (by the attribute a Rails or JSON:API body names, else
 * by the words a message starts with: "Email is invalid") and the rest, for the banner.
 */
export function placeErrors<F extends string>(
  error: OpsError,
  words: ReadonlyArray<[string, F]>,
  fields: readonly F[],
): { placed: Partial<Record<F, string>>; rest: string[] } {
  const placed: Partial<Record<F, string>> = {};
  const add = (field: F, message: string) => {
    placed[field] = placed[field] ? `${placed[field]} ${message}` : message;
  };
  const done = new Set<string>();
  for (const [attribute, messages] of Object.entries(error.fieldErrors)) {
    const field = fields.find((candidate) => attribute === candidate || attribute.endsWith(`.${candidate}`));
    if (!field) continue;
    for (const message of messages) {
      add(field, message);
      done.add(message);
      done.add(`${attribute} ${message}`);
    }
  }
  const rest: string[] = [];
  for (const message of error.messages) {
    if (done.has(message)) continue;
    const lower = message.toLowerCase().replace(/_/g, ' ');
    const match = words.find(([start]) => lower.startsWith(`${start} `));
    if (match) add(match[1], message);
    else rest.push(message);
  }
  return { placed, rest };
}

/** A cost as typed ("4.50", "4,50"), or undefined when it is no number of 0 or more. */
export function parseCost(typed: string): number | undefined {
  const trimmed = typed.trim().replace(/^(\d*),(\d+)$/, '$1.$2');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  const cost = Number(trimmed);
  return Number.isFinite(cost) && cost >= 0 ? cost : undefined;
}

export type CustomerDraft = Record<CustomerField, string>;
export type MethodDraft = Record<MethodField, string>;

/** What a check of an editor found: errors by field, or what to send (undefined: nothing changed). */
export type Checked<F extends string, I> = { errors: Partial<Record<F, string>> } | { input: I | undefined };

/** The customer editor's fields, filled from the order's customer. */
export function customerDraft(customer: Customer): CustomerDraft {
  const billing = customer.billing_address ?? {};
  return Object.fromEntries([
    ...CUSTOMER.map((field) => [field, textOf(customer[field])]),
    ...ADDRESS.map((field) => [field, textOf(billing[field])]),
  ]) as CustomerDraft;
}

/** The delivery method editor's fields, filled from the order's method. */
export function methodDraft(method: OrderDeliveryMethod): MethodDraft {
  return { name: method.name ?? '', cost: typeof method.cost === 'number' ? method.cost.toFixed(2) : '' };
}

/** The customer as typed: what changed, and the email always (the API requires it). */
export function customerInput(
  draft: CustomerDraft,
  initial: CustomerDraft,
  text: OrderCardEditorsMessages,
): Checked<CustomerField, CustomerInput> {
  const email = draft.email.trim();
  if (!email) return { errors: { email: text.emailRequired } };
  if (!/^\S+@\S+$/.test(email)) return { errors: { email: text.emailInvalid } };
  const input: CustomerInput = { email };
  for (const field of CUSTOMER) {
    if (field !== 'email' && draft[field] !== initial[field]) input[field] = draft[field];
  }
  const billing: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS) if (draft[field] !== initial[field]) billing[field] = draft[field];
  if (Object.keys(billing).length > 0) input.billing_address_attributes = billing;
  const unchanged = Object.keys(input).length === 1 && email === initial.email.trim();
  return { input: unchanged ? undefined : input };
}

/** The delivery method as typed: a name, a cost of 0 or more; only what changed is sent. */
export function methodInput(
  draft: MethodDraft,
  initial: MethodDraft,
  text: OrderCardEditorsMessages,
): Checked<MethodField, DeliveryMethodInput> {
  const name = draft.name.trim();
  const cost = parseCost(draft.cost);
  const errors: Partial<Record<MethodField, string>> = {};
  if (!name) errors.name = text.nameRequired;
  if (cost === undefined) errors.cost = text.costInvalid;
  if (errors.name || errors.cost) return { errors };
  const input: DeliveryMethodInput = {};
  if (name !== initial.name) input.name = name;
  if (cost !== parseCost(initial.cost)) input.cost = cost;
  return { input: Object.keys(input).length > 0 ? input : undefined };
}

// What a save makes of the orders in the client's store, as src/api/order-edits.ts does for other
// changes: a new order, or the same one when the change does not concern it. Here, beside the
// editors, so the card carries none of it before an editor is opened.

/**
 * The order with `customer` as its customer (merged over the one it carries, so fields only the
 * order's copy had stay, the billing address too); the same order when its customer is another.
 */
export function withCustomer(order: Order, customer: Customer): Order {
  const current = order.customer;
  if (String(current?.id) !== String(customer.id)) return order;
  const billing_address = { ...current?.billing_address, ...customer.billing_address };
  return { ...order, customer: { ...current, ...customer, billing_address } };
}

/**
 * The order with the saved delivery method's name and cost in its `delivery_method`; the same
 * order when it uses another method. The order's own `delivery_cost`, what was charged, stays.
 */
export function withDeliveryMethod(order: Order, method: DeliveryMethod): Order {
  const current = order.delivery_method;
  if (current?.id == null || String(current.id) !== String(method.id)) return order;
  const { name = current.name, cost = current.cost } = method as { name?: string; cost?: number | null };
  return { ...order, delivery_method: { ...current, name, cost } };
}

/** What a save sends, with the client and the order it is for. */
export interface CustomerSave {
  api: ClientCore;
  orderId: number;
  customerId: number | string;
  input: CustomerInput;
}
export interface MethodSave {
  api: ClientCore;
  orderId: number;
  methodId: number | string;
  input: DeliveryMethodInput;
}
