import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import 'commerce-ops-elements/order-card.js';
import { createClient, type NoteAddedEvent } from 'commerce-ops-elements';

@Component({
  selector: 'app-root',
  // The package's tags are custom elements, not Angular components.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <order-card
      id="card"
      order-id="13359605"
      [client]="client"
      (note-added)="onNoteAdded($event)"
    ></order-card>
    <p id="framework-event">{{ lastNote() }}</p>
  `,
})
export class AppComponent {
  protected readonly client = createClient({ baseUrl: '/api/angular' });
  protected readonly lastNote = signal('');

  // strictTemplates types $event from HTMLElementEventMap: a NoteAddedEvent for note-added.
  protected onNoteAdded(event: NoteAddedEvent): void {
    this.lastNote.set(`${event.type} on ${event.detail.orderId}: ${event.detail.note.text ?? ''}`);
  }
}
