import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { PrintState } from './print-controller.js';
import { printingMessages } from './printing.messages.js';
import type { ResolvedLocale } from './locale.js';

/**
 * What a print to the server's printer came to: "Sending to …" and "Sent to <printer name>" in a
 * status line; a failure as an alert with its reason, "Print again" and "Print in the browser".
 */
export function printOutcome(
  state: PrintState,
  locale: ResolvedLocale,
  handlers: { again: () => void; inBrowser: () => void },
): TemplateResult | typeof nothing {
  const text = printingMessages(locale);
  switch (state.status) {
    case 'idle':
      return nothing;
    case 'sending':
      return html`<p class="muted" role="status" part="print-status">${text.sending(state.printer)}</p>`;
    case 'done':
      return html`<p class="muted" role="status" part="print-status">
        ${state.job.state === 'printed' ? text.printed(state.printer) : text.sent(state.printer)}
      </p>`;
    case 'failed':
      return html`<div class="error" role="alert" part="print-failure">
        <p>${text.failed(state.printer, state.reason)}</p>
        <div class="actions">
          <button type="button" class="button secondary" part="print-again-button" @click=${handlers.again}>
            ${text.printAgain}
          </button>
          <button
            type="button"
            class="button secondary"
            part="print-in-browser-button"
            @click=${handlers.inBrowser}
          >
            ${text.printInBrowser}
          </button>
        </div>
      </div>`;
  }
}
