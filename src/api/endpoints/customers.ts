import type { CallOptions, ClientCore } from '../core.js';
import type { CustomerInput, DeliveryMethodInput } from '../inputs.js';
import { CustomerSchema, DeliveryMethodSchema } from '../schemas/common.js';
import type { Customer, DeliveryMethod } from '../schemas/common.js';
import { bodyOf, segment } from './common.js';

/** `PUT /customers/{id}` with `{ customer }`. */
export async function updateCustomer(
  client: ClientCore,
  customerId: number | string,
  customer: CustomerInput,
  options: CallOptions = {},
): Promise<Customer> {
  return bodyOf(client, CustomerSchema, {
    method: 'PUT',
    path: `/customers/${segment(customerId)}`,
    body: { customer },
    signal: options.signal,
  });
}

/** `PUT /delivery_methods/{id}` with `{ name, cost }` (cost as text). */
export async function updateDeliveryMethod(
  client: ClientCore,
  deliveryMethodId: number | string,
  input: DeliveryMethodInput,
  options: CallOptions = {},
): Promise<DeliveryMethod> {
  const body: Record<string, string> = {};
  if (input.name !== undefined) body['name'] = input.name;
  if (input.cost !== undefined) body['cost'] = String(input.cost);
  return bodyOf(client, DeliveryMethodSchema, {
    method: 'PUT',
    path: `/delivery_methods/${segment(deliveryMethodId)}`,
    body,
    signal: options.signal,
  });
}
