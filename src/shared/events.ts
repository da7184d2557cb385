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

/** The class an event extends, named once: `class NoteAddedEvent extends opsEvent<NoteAddedDetail>('note-added') {}`. */
export interface OpsEventClass<T> {
  new (detail: T): OpsEvent<T>;
  /** The event's name, as `addEventListener` takes it. */
  readonly eventName: string;
}

/** The base of one event's class: its name, and the detail it carries. */
export function opsEvent<T>(name: string): OpsEventClass<T> {
  return class extends OpsEvent<T> {
    static readonly eventName = name;
    constructor(detail: T) {
      super(name, detail);
    }
  };
}

export interface RequestErrorDetail {
  error: OpsError;
}

/** Every element emits this when a request fails, whatever it was doing. */
export class RequestErrorEvent extends opsEvent<RequestErrorDetail>('request-error') {}

declare global {
  interface HTMLElementEventMap {
    'request-error': RequestErrorEvent;
  }
}
