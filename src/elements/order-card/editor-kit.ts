/**
 * What "Edit customer", "Edit delivery method" and "Edit product …" load on the first press (and
 * "Add note", on the first input in the note field or its first press): the requests they send, the shared helpers they run with (an `OrderEditorsKit`, with the
 * load of `<product-editor>`), and the editors themselves, which come from order-editor-forms.js
 * (beside the single file) once asked for.
 *
 * Like product-panel.ts, it imports the card's own define module, which has run by then: with the
 * card's code reachable from here too, an app's bundler keeps it in the chunk this module shares
 * with the card rather than in a file of its own.
 */
import '../../order-card.js';
import { TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { updateCustomer, updateDeliveryMethod } from '../../api/endpoints/customers.js';
import { addOrderNote } from '../../api/endpoints/orders.js';
import { onDemand } from '../../api/load-on-demand.js';
import { ordersOf } from '../../api/order-store.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { defineMessages } from '../../shared/locale.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { CustomerUpdatedEvent, DeliveryMethodUpdatedEvent, NoteAddedEvent } from './order-card.events.js';
import type { OrderEditorsKit } from './order-editor-forms.js';

export const kit: OrderEditorsKit = {
  html,
  nothing,
  TaskStatus,
  FieldErrors,
  renderErrorBanner,
  defineMessages,
  updateCustomer,
  updateDeliveryMethod,
  ordersOf,
  CustomerUpdatedEvent,
  DeliveryMethodUpdatedEvent,
  // `<product-editor>`'s define module (product-panel.ts), asked for on the first "Edit product …".
  loadProductEditor: onDemand('product-panel', () => import('./product-panel.js')),
};

/** The editors' forms, loaded once; a failed load is tried again on the next press. */
export const loadEditors = onDemand('order-editor-forms', () => import('./order-editor-forms.js'));

/**
 * Adds a note to `orderId` (`POST /orders/{id}/notes`), answering with the `note-added` event the
 * card fires: "Add note" runs it, loading this module first if the note field did not already.
 */
export async function addNote(
  api: ClientCore,
  orderId: number,
  text: string,
  options: { signal: AbortSignal },
): Promise<NoteAddedEvent> {
  return new NoteAddedEvent({ note: await addOrderNote(api, orderId, text, options), orderId });
}
