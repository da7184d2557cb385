import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import type { ReactiveController, TemplateResult } from 'lit';
import { addOrderNote } from '../../api/endpoints/orders.js';
import type { OpsError } from '../../api/errors.js';
import type { Order } from '../../api/index.js';
import { focusAfter } from '../../shared/focus.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { SentFor } from '../../shared/sent-for.js';
import { refusal } from '../../shared/session.js';
import type { SessionController } from '../../shared/session.js';
import { NoteAddedEvent } from './order-card.events.js';
import { orderCardMessages } from './order-card.messages.js';
import { renderNotes } from './order-notes.templates.js';

/** What the notes ask of the card. */
export interface OrderNotesHost extends OpsHost {
  /** Id of the order shown. */
  readonly orderId: number | undefined;
}

/**
 * The order card's notes: the note being written, what its last save did, which long notes are
 * shown whole, and "Add note" (`POST /orders/{id}/notes`), whose failure keeps the typed text and
 * offers Retry. A note being written belongs to the order it was written for: another order shown
 * starts with an empty form.
 */
export class OrderNotes implements ReactiveController {
  readonly #host: OrderNotesHost;
  /** Whether the session lets the user add notes. */
  readonly #session: SessionController;
  /** The order the notes are for. */
  #orderId: number | undefined;
  #text = '';
  #status = '';
  /**
   * Why the note cannot be added as typed: its one check, made here before anything loads. The
   * API's refusals of a note show in the banner above "Add note", not at the field, so the form
   * needs no `FieldErrors` (whose module then stays out of the card's first load).
   */
  #error = '';
  #expanded: ReadonlySet<number> = new Set();
  /** The order the last note save was for: its failure speaks for that order alone. */
  readonly #savedFor = new SentFor<number>();

  readonly #save: Task<readonly [number, string], NoteAddedEvent>;

  constructor(host: OrderNotesHost, session: SessionController) {
    this.#host = host;
    this.#session = session;
    this.#orderId = host.orderId;
    this.#save = requestTask(host, {
      autoRun: false,
      task: async ([orderId, noteText]: readonly [number, string], signal) =>
        new NoteAddedEvent({ note: await addOrderNote(host.api, orderId, noteText, { signal }), orderId }),
      onComplete: (added: NoteAddedEvent) => {
        // A note saved for the order shown before this one no longer speaks here.
        if (added.detail.orderId === host.orderId) {
          this.#text = '';
          this.#status = orderCardMessages(host.locale).noteAdded;
          host.requestUpdate();
        }
        host.dispatchEvent(added);
      },
    });
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.orderId === this.#orderId) return;
    this.#orderId = this.#host.orderId;
    this.#text = '';
    this.#error = '';
    this.#status = '';
    this.#expanded = new Set();
  }

  /** The list of `order`'s notes and the form adding one. */
  render(order: Order): TemplateResult {
    const error = this.#save.status === TaskStatus.ERROR ? (this.#save.error as OpsError) : undefined;
    return renderNotes({
      order,
      locale: this.#host.locale,
      noteText: this.#text,
      noteStatus: this.#status,
      saving: this.#save.status === TaskStatus.PENDING,
      refused: this.#refused(),
      // A failure speaks only for the order it was for, and an abort is no failure.
      failure:
        error && error.code !== 'aborted' && this.#savedFor.isFor(this.#host.orderId) ? error : undefined,
      error: this.#error,
      expanded: this.#expanded,
      onToggle: this.#toggle,
      onInput: this.#input,
      onSave: this.#add,
    });
  }

  #refused(): string | undefined {
    return refusal(this.#session.session, 'notes', this.#host.locale);
  }

  /** "Show more" / "Show less" of the long note at `index`. */
  readonly #toggle = (index: number): void => {
    const expanded = new Set(this.#expanded);
    if (!expanded.delete(index)) expanded.add(index);
    this.#expanded = expanded;
    this.#host.requestUpdate();
  };

  readonly #input = (event: Event): void => {
    this.#text = (event.target as HTMLTextAreaElement).value;
    this.#status = '';
    this.#error = '';
    this.#host.requestUpdate();
  };

  /** "Add note", Ctrl/Cmd+Enter in the field, or "Retry" after a failure. */
  readonly #add = (): void => {
    const orderId = this.#host.orderId;
    const noteText = this.#text.trim();
    if (this.#save.status === TaskStatus.PENDING || orderId === undefined || this.#refused()) return;
    if (!noteText) {
      this.#error = orderCardMessages(this.#host.locale).noteRequired;
      this.#host.requestUpdate();
      // Focus goes to the field once it says what is wrong.
      void focusAfter(this.#host, '#note-input');
      return;
    }
    this.#status = '';
    this.#host.requestUpdate();
    void this.#save.run([this.#savedFor.send(orderId), noteText]);
  };
}
