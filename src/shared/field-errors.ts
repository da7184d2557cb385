import { html, nothing } from 'lit';
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export interface FieldErrorsOptions<F extends string> {
  /** The id of the control that edits `field` (default: the field's name). */
  controlId?: (field: F) => string;
}

/**
 * The errors of a form's fields, whether local validation or a 422's `fieldErrors` put them
 * there, and how they show: the control gets `aria-invalid` and `aria-describedby` pointing at its
 * message, typing in it clears its error, and `focusFirst()` takes the user to the first field in
 * error. One per form; the element renders with `invalid()`, `describedBy()` and `message()`.
 */
export class FieldErrors<F extends string = string> implements ReactiveController {
  readonly #host: Host;
  readonly #controlId: (field: F) => string;
  #errors: Partial<Record<F, string>> = {};

  constructor(host: Host, options: FieldErrorsOptions<F> = {}) {
    this.#host = host;
    this.#controlId = options.controlId ?? ((field) => field);
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('input', this.#onInput);
    this.#host.renderRoot.addEventListener('change', this.#onInput);
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('input', this.#onInput);
    this.#host.renderRoot.removeEventListener('change', this.#onInput);
  }

  /** Every field's error. */
  get all(): Readonly<Partial<Record<F, string>>> {
    return this.#errors;
  }

  /** Whether any field has an error. */
  get any(): boolean {
    return Object.values(this.#errors).some(Boolean);
  }

  get(field: F): string | undefined {
    return this.#errors[field] || undefined;
  }

  /** Replaces every error with `errors`. */
  set(errors: Partial<Record<F, string>>): void {
    this.#errors = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<
      Record<F, string>
    >;
    this.#host.requestUpdate();
  }

  /** Clears one field's error, or all of them. */
  clear(field?: F): void {
    if (field === undefined) {
      if (this.any) this.set({});
      return;
    }
    if (!this.#errors[field]) return;
    const { [field]: _cleared, ...rest } = this.#errors;
    this.#errors = rest as Partial<Record<F, string>>;
    this.#host.requestUpdate();
  }

  /** The id of the message shown under `field`. */
  errorId(field: F): string {
    return `${this.#controlId(field)}-error`;
  }

  /** `aria-invalid` for the field's control: also true when `alsoInvalid` says so (a group error). */
  invalid(field: F, alsoInvalid = false): 'true' | 'false' {
    return this.get(field) || alsoInvalid ? 'true' : 'false';
  }

  /** `aria-describedby` for the field's control: its hints, then its error message when it has one. */
  describedBy(field: F, ...hints: Array<string | false | undefined>): string | typeof nothing {
    const ids = [
      ...hints.filter((id): id is string => Boolean(id)),
      ...(this.get(field) ? [this.errorId(field)] : []),
    ];
    return ids.length > 0 ? ids.join(' ') : nothing;
  }

  /** The field's error message, or nothing. */
  message(field: F): TemplateResult | typeof nothing {
    const error = this.get(field);
    return error ? html`<span id=${this.errorId(field)} class="field-error">${error}</span>` : nothing;
  }

  /** Moves focus to the first control in error, once the errors are on the page. */
  async focusFirst(): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  #onInput = (event: Event): void => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || !target.id) return;
    for (const field of Object.keys(this.#errors) as F[]) {
      if (this.#controlId(field) === target.id) this.clear(field);
    }
  };
}
