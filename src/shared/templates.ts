/**
 * Small render helpers every element uses for the same states, so loading and failure look and
 * sound the same everywhere.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { OpsError } from '../api/errors.js';
import { isReadableMessage } from '../api/error-body.js';
import { humanizeCode } from './format.js';
import type { ResolvedLocale } from './locale.js';
import { commonMessages } from './messages.js';

/**
 * `sentence` with the first `word` in it kept whole on its line (an order number's hyphen is no
 * place to break), as a template of text: nothing of either is read as markup.
 */
export function keepWhole(sentence: string, word: string): TemplateResult {
  const at = word ? sentence.indexOf(word) : -1;
  if (at < 0) return html`${sentence}`;
  return html`${sentence.slice(0, at)}<span class="whole">${word}</span>${sentence.slice(at + word.length)}`;
}

export function renderLoading(locale: ResolvedLocale, label?: string): TemplateResult {
  return html`<div class="loading" role="status" part="loading">
    <span class="spinner" aria-hidden="true"></span>
    <span>${label ?? commonMessages(locale).loading}</span>
  </div>`;
}

export interface ErrorBannerOptions {
  error: OpsError;
  locale: ResolvedLocale;
  onRetry?: () => void;
  /** Text above the explanation, e.g. "The note was not saved." */
  context?: string;
}

/**
 * `role="alert"` banner: what failed, why in plain words for the error's code, the API's own
 * messages when it gave any, and a "Retry" button when retrying makes sense.
 */
export function renderErrorBanner({ error, locale, onRetry, context }: ErrorBannerOptions): TemplateResult {
  const text = commonMessages(locale);
  const apiMessages = error.fromApi ? error.messages.filter(isReadableMessage) : [];
  return html`<div class="error-banner" role="alert" part="error">
    <div class="error-text">
      ${context ? html`<strong>${context}</strong>` : nothing}
      <span>${text.errorTitle(error.code) || error.message}</span>
      ${
        apiMessages.length
          ? html`<ul class="error-messages">
              ${apiMessages.map((message) => html`<li>${message}</li>`)}
            </ul>`
          : nothing
      }
    </div>
    ${
      onRetry
        ? html`<button type="button" class="button secondary" part="retry-button" @click=${onRetry}>
            ${text.retry}
          </button>`
        : nothing
    }
  </div>`;
}

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** Tones of the live service's order statuses; a refund is settled, so neutral. */
const STATUS_TONES: Record<string, Tone> = {
  awaiting_payment: 'warning',
  awaiting_stock: 'warning',
  awaiting_fulfillment: 'info',
  shipped: 'success',
  on_hold: 'danger',
  cancelled: 'danger',
};

export function renderBadge(label: string, tone: Tone = 'neutral'): TemplateResult {
  return html`<span class="badge ${tone}" part="badge">${label}</span>`;
}

/**
 * A state code from the API as a coloured badge, named in the reader's language; codes the
 * catalog does not know are shown in words, neutral.
 */
export function renderStatusBadge(
  status: string | null | undefined,
  locale: ResolvedLocale,
  label?: string,
): TemplateResult {
  const name = label ?? (status ? commonMessages(locale).status(status) : humanizeCode(status));
  const tone = status && Object.hasOwn(STATUS_TONES, status) ? STATUS_TONES[status] : undefined;
  return renderBadge(name, tone ?? 'neutral');
}
