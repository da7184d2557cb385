/**
 * The events the elements emit: one small class each, bubbling and composed so a host page can
 * listen on any ancestor, and declared in `HTMLElementEventMap` so `addEventListener` is typed.
 */
import type { OpsError } from '../api/errors.js';

export class OpsEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T) {
    super(type, { detail, bubbles: true, composed: true });
  }
}

export interface RequestErrorDetail {
  error: OpsError;
}

/** Every element emits this when a request fails, whatever it was doing. */
export class RequestErrorEvent extends OpsEvent<RequestErrorDetail> {
  static readonly eventName = 'request-error';
  constructor(detail: RequestErrorDetail) {
    super(RequestErrorEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'request-error': RequestErrorEvent;
  }
}
