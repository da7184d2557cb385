import type { Note } from '../../api/index.js';
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

declare global {
  interface HTMLElementEventMap {
    'note-added': NoteAddedEvent;
  }
}
