// Compiled with tsc by scripts/framework-check.ts: the package's Vue typings, as templates see them.
import type { GlobalComponents } from 'vue';
import type {} from 'commerce-ops-elements/vue';
import { createClient, type NoteAddedEvent } from 'commerce-ops-elements';

type CardProps = InstanceType<GlobalComponents['order-card']>['$props'];

export const props: CardProps = {
  orderId: 13359605,
  'order-id': '13359605',
  client: createClient({ baseUrl: '/api/vue' }),
  onNoteAdded: (event: NoteAddedEvent) => event.detail.note.text,
};

// @ts-expect-error orderId is a number
export const wrongType: CardProps = { orderId: 'SB-1005' };

// @ts-expect-error note-added hands over a NoteAddedEvent, not a RateSelectedEvent
export const wrongEvent: CardProps = { onNoteAdded: (event: HTMLElementEventMap['rate-selected']) => event };
