/**
 * What "Edit customer", "Edit delivery method" and "Edit product …" load on the first press: the
 * requests the editors save with, the shared helpers they run with (an `OrderEditorsKit`, with the
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
import { updateCustomer, updateDeliveryMethod } from '../../api/endpoints/customers.js';
import { onDemand } from '../../api/load-on-demand.js';
import { ordersOf } from '../../api/order-store.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { defineMessages } from '../../shared/locale.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { CustomerUpdatedEvent, DeliveryMethodUpdatedEvent } from './order-card.events.js';
import { orderCardMessages } from './order-card.messages.js';
import { focusAfterUpdate, productButton } from './product-focus.js';
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
  cardText: orderCardMessages,
  focusAfterUpdate,
  productButton,
};

/** The editors' forms, loaded once; a failed load is tried again on the next press. */
export const loadEditors = onDemand('order-editor-forms', () => import('./order-editor-forms.js'));
