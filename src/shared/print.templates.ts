import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { PrintState } from './print-controller.js';
import { printingMessages } from './printing.messages.js';
import type { ResolvedLocale } from './locale.js';

export interface PrintOutcomeOptions {
  /** "Print again". */
  again: () => void;
  /** "Print in the browser"; none where the browser cannot print the file (a ZPL label). */
  inBrowser?: (() => void) | undefined;
  /** What was printed, where an element prints more than one kind of file: "Label", "Packing slip". */
  what?: string | undefined;
}

/**
 * What a print to the server's printer came to (in the element's notice styles, `noticeStyles`): "Sending to …" and "Sent to <printer name>" in a
 * status line; a failure as an alert with its reason, "Print again" and "Print in the browser".
 */
export function printOutcome(
  state: PrintState,
  locale: ResolvedLocale,
  { again, inBrowser, what }: PrintOutcomeOptions,
): TemplateResult | typeof nothing {
  const text = printingMessages(locale);
  const say = (outcome: string) => (what ? text.about(what, outcome) : outcome);
  switch (state.status) {
    case 'idle':
      return nothing;
    case 'sending':
      return html`<p class="notice" role="status" part="print-status">
        ${say(text.sending(state.printer))}
      </p>`;
    case 'done':
      return html`<p class="notice success" role="status" part="print-status">
        ${say(state.job.state === 'printed' ? text.printed(state.printer) : text.sent(state.printer))}
      </p>`;
    case 'failed':
      return renderPrintFailure({
        message: say(text.failed(state.printer, state.reason)),
        again: { label: text.printAgain, part: 'print-again-button', onClick: again },
        inBrowser: inBrowser && { label: text.printInBrowser, onClick: inBrowser },
      });
  }
}

/**
 * A print that failed, as an alert (`print-failure`): what happened, the button that tries again
 * ("Print again", or label-batch's "Print the rest"), and "Print in the browser" where the browser
 * can print the file.
 */
export function renderPrintFailure({
  message,
  again,
  inBrowser,
}: {
  message: string;
  again: { label: string; part: string; onClick: () => void };
  inBrowser?: { label: string; onClick: () => void } | undefined;
}): TemplateResult {
  return html`<div class="notice warning" role="alert" part="print-failure">
    <p>${message}</p>
    <div class="actions">
      <button type="button" class="button secondary" part=${again.part} @click=${again.onClick}>
        ${again.label}
      </button>
      ${
        inBrowser
          ? html`<button
              type="button"
              class="button secondary"
              part="print-in-browser-button"
              @click=${inBrowser.onClick}
            >
              ${inBrowser.label}
            </button>`
          : nothing
      }
    </div>
  </div>`;
}
