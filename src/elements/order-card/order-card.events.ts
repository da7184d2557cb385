import type { Customer, DeliveryMethod, Note } from '../../api/index.js';
import { opsEvent } from '../../shared/events.js';

export interface NoteAddedDetail {
  note: Note;
  orderId: number;
}

export class NoteAddedEvent extends opsEvent<NoteAddedDetail>('note-added') {}

export interface CustomerUpdatedDetail {
  /** The customer as the API answered `PUT /customers/{id}`. */
  customer: Customer;
  orderId: number;
}

export class CustomerUpdatedEvent extends opsEvent<CustomerUpdatedDetail>('customer-updated') {}

export interface DeliveryMethodUpdatedDetail {
  /** The delivery method as the API answered `PUT /delivery_methods/{id}`. */
  deliveryMethod: DeliveryMethod;
  orderId: number;
}

export class DeliveryMethodUpdatedEvent extends opsEvent<DeliveryMethodUpdatedDetail>(
  'delivery-method-updated',
) {}

declare global {
  interface HTMLElementEventMap {
    'note-added': NoteAddedEvent;
    'customer-updated': CustomerUpdatedEvent;
    'delivery-method-updated': DeliveryMethodUpdatedEvent;
  }
}
