/**
 * The order card's notes: the list, long notes clamped with "Show more", and the form adding one,
 * with its character counter. Stateless: the card's notes (`OrderNotes`, order-notes-controller.ts)
 * hand over what they hold and their handlers.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import type { Order } from '../../api/index.js';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderRefusal } from '../../shared/session.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';

/**
 * Longest note the field takes. The API states no limit; 2,000 characters keep a note a note
 * (docs/elements.md says so too).
 */
export const NOTE_MAX_LENGTH = 2000;
/** The counter speaks up from here on. */
const NOTE_NEAR_LIMIT = NOTE_MAX_LENGTH - 200;
/** Notes longer than this, or of more lines, are shown clamped until "Show more". */
const NOTE_CLAMP_LENGTH = 400;
const NOTE_CLAMP_LINES = 6;

export interface NotesView {
  order: Order;
  locale: ResolvedLocale;
  noteText: string;
  noteStatus: string;
  saving: boolean;
  /** Why notes cannot be added, if the session says so. */
  refused: string | undefined;
  failure: OpsError | undefined;
  /** Why the note cannot be added as typed (it is empty), shown under the field. */
  error: string;
  /** Places in the list of the long notes shown whole. */
  expanded: ReadonlySet<number>;
  onToggle: (index: number) => void;
  onInput: (event: Event) => void;
  /** "Add note", Ctrl/Cmd+Enter in the field, or "Retry" after a failure. */
  onSave: () => void;
}

export function isLongNote(text: string): boolean {
  return text.length > NOTE_CLAMP_LENGTH || text.split('\n').length > NOTE_CLAMP_LINES;
}

export function renderNotes(view: NotesView): TemplateResult {
  const { locale, refused } = view;
  const text = orderCardMessages(locale);
  const notes = view.order.employee_notes ?? [];
  const count = view.noteText.length;
  return html`<section class="notes" part="notes">
    <h3>${text.notes}</h3>
    ${
      notes.length === 0
        ? html`<p class="muted">${text.noNotes}</p>`
        : html`<ul class="note-list">
            ${notes.map((note, index) => {
              const body = note.text ?? '';
              const id = `note-${index}`;
              const long = isLongNote(body);
              const open = view.expanded.has(index);
              return html`<li class="note">
                <p class="note-text ${long && !open ? 'clamped' : ''}" id=${id}>${body}</p>
                ${
                  long
                    ? html`<button
                        type="button"
                        class="button secondary"
                        aria-expanded=${open}
                        aria-controls=${id}
                        @click=${() => view.onToggle(index)}
                      >
                        ${open ? text.showLess : text.showMore}
                      </button>`
                    : nothing
                }
                <p class="note-meta muted">
                  ${text.noteBy(
                    note.created_by?.login ?? note.created_by?.email ?? text.unknownAuthor,
                    formatDateTime(note.created_at, locale),
                  )}
                </p>
              </li>`;
            })}
          </ul>`
    }
    ${renderRefusal(refused, 'note-refusal')}
    <form
      class="note-form"
      part="note-form"
      novalidate
      @submit=${(event: SubmitEvent) => {
        event.preventDefault();
        view.onSave();
      }}
    >
      <div class="field">
        <label for="note-input">${text.noteLabel}</label>
        <textarea
          id="note-input"
          name="note"
          part="note-input"
          rows="2"
          maxlength=${NOTE_MAX_LENGTH}
          ?disabled=${refused !== undefined}
          .value=${view.noteText}
          aria-invalid=${view.error ? 'true' : 'false'}
          aria-describedby=${view.error ? 'note-count note-input-error' : 'note-count'}
          @input=${view.onInput}
          @keydown=${(event: KeyboardEvent) => {
            // Ctrl/Cmd+Enter adds the note; a plain Enter is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              view.onSave();
            }
          }}
        ></textarea>
        <p class="note-count muted" id="note-count" aria-live=${count >= NOTE_NEAR_LIMIT ? 'polite' : 'off'}>
          ${text.noteCount(formatNumber(count, locale), formatNumber(NOTE_MAX_LENGTH, locale))}
        </p>
        ${view.error ? html`<span id="note-input-error" class="field-error">${view.error}</span>` : nothing}
      </div>
      ${
        view.failure
          ? renderErrorBanner({
              error: view.failure,
              locale,
              context: text.noteNotSaved,
              onRetry: view.onSave,
            })
          : nothing
      }
      <div class="form-actions">
        <button
          type="submit"
          class="button"
          part="add-note-button"
          ?disabled=${refused !== undefined}
          aria-disabled=${view.saving ? 'true' : 'false'}
          aria-describedby=${refused ? 'note-refusal' : nothing}
        >
          ${text.addNote}
        </button>
        <span role="status" class="muted">${view.saving ? text.addingNote : view.noteStatus}</span>
      </div>
    </form>
  </section>`;
}
