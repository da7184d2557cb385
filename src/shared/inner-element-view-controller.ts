import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { OpsError } from '../api/errors.js';
import { loadFailure } from '../api/load-on-demand.js';
import { loadElement } from './inner-elements.js';
import type { ResolvedLocale } from './locale.js';
import { renderErrorBanner, renderLoading } from './templates.js';

/** What the view asks of the element it renders inside: its locale, for "Loading…" and the error. */
export interface InnerElementHost extends ReactiveControllerHost {
  readonly locale: ResolvedLocale;
}

/**
 * Renders the elements an element is built from once their tags are defined
 * (`loadElement`, src/shared/inner-elements.ts): the first render of a tag that is not starts its
 * load and shows "Loading…"; a failed load shows the error banner with "Retry", which loads it again.
 * A host that comes back to the page tries the tags that failed again.
 */
export class InnerElementView implements ReactiveController {
  readonly #host: InnerElementHost;
  readonly #loading = new Set<string>();
  readonly #failures = new Map<string, OpsError>();
  /** Each failed tag's "Retry", made once per tag. */
  readonly #retries = new Map<string, () => void>();

  constructor(host: InnerElementHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    // Back on the page: what failed to load is tried again, as "Retry" would.
    if (this.#failures.size === 0) return;
    this.#failures.clear();
    this.#host.requestUpdate();
  }

  /** `content()` once `tag` is defined; until then its loading state, or why it could not be loaded. */
  render(tag: string, content: () => TemplateResult): TemplateResult {
    if (customElements.get(tag)) return content();
    const error = this.#failures.get(tag);
    if (error) {
      return renderErrorBanner({ error, locale: this.#host.locale, onRetry: this.#retryOf(tag) });
    }
    this.#load(tag);
    return renderLoading(this.#host.locale);
  }

  #retryOf(tag: string): () => void {
    let retry = this.#retries.get(tag);
    if (!retry) {
      retry = () => {
        this.#load(tag);
        this.#host.requestUpdate();
      };
      this.#retries.set(tag, retry);
    }
    return retry;
  }

  /** Starts loading `tag` unless it is under way; the host renders again once it settles. */
  #load(tag: string): void {
    if (this.#loading.has(tag)) return;
    this.#loading.add(tag);
    this.#failures.delete(tag);
    loadElement(tag)
      .catch((cause: unknown) => void this.#failures.set(tag, loadFailure(cause)))
      .finally(() => {
        this.#loading.delete(tag);
        this.#host.requestUpdate();
      });
  }
}
