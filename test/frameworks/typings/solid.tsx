// Compiled with tsc by scripts/framework-check.ts: the package's Solid typings against solid-js.
import type {} from 'commerce-ops-elements/jsx-solid';
import { createClient, type NoteAddedEvent } from 'commerce-ops-elements';

const client = createClient({ baseUrl: '/api/solid' });

export const card = (
  <order-card
    order-id={13359605}
    client={client}
    on:note-added={(event: NoteAddedEvent) => event.detail.note.text}
    onnote-added={(event) => event.detail.orderId}
  />
);

export const wrongType = (
  // @ts-expect-error orderId is a number
  <order-card orderId="SB-1005" />
);
