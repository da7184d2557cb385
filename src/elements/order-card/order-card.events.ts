import type { Customer, DeliveryMethod, Note } from '../../api/index.js';
import { OpsEvent } from '../../shared/events.js';

export interface NoteAddedDetail {
  note: Note;
  orderId: number;
}

export class NoteAddedEvent extends OpsEvent<NoteAddedDetail> {
  static readonly eventName = 'note-added';
  constructor(detail: NoteAddedDetail) {
    super(NoteAddedEvent.eventName, detail);
  }
}

export interface CustomerUpdatedDetail {
  /** The customer as the API answered `PUT /customers/{id}`. */
  customer: Customer;
  orderId: number;
}

export class CustomerUpdatedEvent extends OpsEvent<CustomerUpdatedDetail> {
  static readonly eventName = 'customer-updated';
  constructor(detail: CustomerUpdatedDetail) {
    super(CustomerUpdatedEvent.eventName, detail);
  }
}

export interface DeliveryMethodUpdatedDetail {
  /** The delivery method as the API answered `PUT /delivery_methods/{id}`. */
  deliveryMethod: DeliveryMethod;
  orderId: number;
}

export class DeliveryMethodUpdatedEvent extends OpsEvent<DeliveryMethodUpdatedDetail> {
  static readonly eventName = 'delivery-method-updated';
  constructor(detail: DeliveryMethodUpdatedDetail) {
    super(DeliveryMethodUpdatedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'note-added': NoteAddedEvent;
    'customer-updated': CustomerUpdatedEvent;
    'delivery-method-updated': DeliveryMethodUpdatedEvent;
  }
}
