import type { ReactiveControllerHost, TemplateResult } from 'lit';
import type { OpsError } from '../api/errors.js';
import { loadFailure } from '../api/load-on-demand.js';
import { loadElement } from './inner-elements.js';
import type { ResolvedLocale } from './locale.js';
import { renderErrorBanner, renderLoading } from './templates.js';

/**
 * Renders the elements an element is built from once their tags are defined
 * (`loadElement`, src/shared/inner-elements.ts): the first render of a tag that is not starts its
 * load and shows "Loading…"; a failed load shows the error banner with "Retry", which loads it again.
 */
export class InnerElementView {
  readonly #host: ReactiveControllerHost;
  readonly #locale: () => ResolvedLocale;
  readonly #loading = new Set<string>();
  readonly #failures = new Map<string, OpsError>();

  constructor(host: ReactiveControllerHost, locale: () => ResolvedLocale) {
    this.#host = host;
    this.#locale = locale;
  }

  /** `content()` once `tag` is defined; until then its loading state, or why it could not be loaded. */
  render(tag: string, content: () => TemplateResult): TemplateResult {
    if (customElements.get(tag)) return content();
    const error = this.#failures.get(tag);
    if (error) {
      return renderErrorBanner({
        error,
        locale: this.#locale(),
        onRetry: () => {
          this.#load(tag);
          this.#host.requestUpdate();
        },
      });
    }
    this.#load(tag);
    return renderLoading(this.#locale());
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
