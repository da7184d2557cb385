// Compiled with tsc by scripts/framework-check.ts, never bundled: what the Preact typings refuse.
import type {} from 'commerce-ops-elements/jsx-preact';

export const wrongType = (
  // @ts-expect-error orderId is a number
  <order-card orderId="SB-1005" />
);

export const wrongEvent = (
  // @ts-expect-error a note-added handler gets a NoteAddedEvent
  <order-card onnote-added={(event: HTMLElementEventMap['rate-selected']) => event} />
);
