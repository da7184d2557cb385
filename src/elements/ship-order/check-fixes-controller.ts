import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { Order } from '../../api/index.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { formatList } from '../../shared/format.js';
import type { InnerElementView } from '../../shared/inner-element-view-controller.js';
import { loadElement } from '../../shared/inner-elements.js';
import type { OpsHost } from '../../shared/request-task.js';
import { orderChecks } from '../../shipping/order-checks.js';
import type { OrderCheck } from '../../shipping/order-checks.js';
import { checkKey } from './ship-flow.model.js';
import { shipOrderMessages } from './ship-order.messages.js';
import { renderUnallocated } from './ship-order.templates.js';

/** The embedded order card, with the customer editor it offers where it has one. */
type CardWithEditor = HTMLElement & { editCustomer?: (field?: 'phone') => Promise<void> };
/** A `product-editor` as this uses it: the field a fix is for gets focus. */
type EditorWithFocus = HTMLElement & { focusField?: (field: string) => void };

/** What the checks ask of `<ship-order>`. */
export interface CheckFixesHost extends OpsHost {
  readonly orderId: number | undefined;
  /** The order as the client's store holds it now. */
  readonly shownOrder: Order | undefined;
  /** Says something in the host's status region. */
  announce(text: string): void;
}

/**
 * "Before shipping" of `<ship-order>`: each check with its fix in place ("Add weight for …" and
 * "Add customs details for …" open a product editor, "Add phone" the order card's customer
 * editor), which fix is open, and where focus goes once a fix saves or closes. While a fix is
 * open the checks stay as listed when it opened, so it stays in place; a save runs them again.
 * Another order closes any fix that is open.
 */
export class CheckFixes implements ReactiveController {
  readonly #host: CheckFixesHost;
  /** The host's inner elements: the product editor a fix opens is one, loaded the first time. */
  readonly #inner: InnerElementView;
  /** The order the checks were last listed for. */
  #orderId: number | undefined;
  /** The key of the check whose fix is open. */
  #editing: string | undefined;
  /** The checks as listed when a fix opened. */
  #listed: OrderCheck[] | undefined;

  constructor(host: CheckFixesHost, inner: InnerElementView) {
    this.#host = host;
    this.#inner = inner;
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.orderId === this.#orderId) return;
    // Another order: no fix stays open. During the host's update, so no update of its own.
    this.#orderId = this.#host.orderId;
    this.#editing = undefined;
    this.#listed = undefined;
  }

  /** The checks to list: as listed when the open fix opened, else `fresh`. */
  shown(fresh: OrderCheck[]): OrderCheck[] {
    return this.#editing !== undefined && this.#listed ? this.#listed : fresh;
  }

  #closeEditor(): void {
    this.#editing = undefined;
    this.#listed = undefined;
    this.#host.requestUpdate();
  }

  /** One check of "Before shipping", with its fix. */
  renderCheck(check: OrderCheck): TemplateResult {
    const locale = this.#host.locale;
    const text = shipOrderMessages(locale);
    const key = checkKey(check);
    switch (check.kind) {
      case 'address':
        return html`<li class="check" part="check">
          <span>${text.addressIncomplete(formatList(check.missing.map(text.addressPart), locale))}</span>
          <span class="muted">${text.addressHint}</span>
        </li>`;
      case 'weight':
      case 'customs': {
        const open = this.#editing === key;
        const editorId = `fix-${key.replace(':', '-')}`;
        return html`<li class="check" part="check">
          <span>${check.kind === 'weight' ? text.noWeight(check.item) : text.noCustoms(check.item)}</span>
          <button
            type="button"
            class="button secondary"
            part="fix-button"
            data-check=${key}
            aria-expanded=${open ? 'true' : 'false'}
            aria-controls=${open ? editorId : nothing}
            @click=${() => this.#toggle(key, check.kind === 'weight' ? 'weight' : (check.missing[0] ?? 'origin'))}
          >
            ${check.kind === 'weight' ? text.addWeight(check.item) : text.addCustoms(check.item)}
          </button>
          ${
            open
              ? html`<div
                  class="editor"
                  part="editor"
                  id=${editorId}
                  data-fix=${key}
                  @product-updated=${(event: HTMLElementEventMap['product-updated']) =>
                    this.afterFix(key, event.detail.complete)}
                >
                  ${this.#renderEditor(check.sellableId)}
                  <button
                    type="button"
                    class="button secondary"
                    part="close-button"
                    @click=${() => this.#close(key)}
                  >
                    ${text.close}
                  </button>
                </div>`
              : nothing
          }
        </li>`;
      }
      case 'phone':
        return html`<li class="check" part="check">
          <span>${text.noPhone}</span>
          <button
            type="button"
            class="button secondary"
            part="fix-button"
            data-check=${key}
            @click=${this.#addPhone}
          >
            ${text.addPhone}
          </button>
        </li>`;
      case 'allocation':
        return html`<li class="check" part="check">
          <span>${text.notAllocated}</span>
          ${renderUnallocated(check.items, locale)}
        </li>`;
    }
  }

  /** The product editor of a sellable's fix, in the host's order. */
  #renderEditor(sellableId: string): TemplateResult {
    const orderId = this.#host.orderId;
    return this.#inner.render(
      'product-editor',
      () => html`<product-editor order-id=${orderId ?? nothing} sellable-id=${sellableId}></product-editor>`,
    );
  }

  /** Opens the fix of `key`, with focus in the field it is for (`field` of the product editor). */
  #toggle(key: string, field: string): void {
    if (this.#editing === key) {
      this.#close(key);
      return;
    }
    const order = this.#host.shownOrder;
    this.#listed = order ? orderChecks(order) : undefined;
    this.#editing = key;
    this.#host.requestUpdate();
    // Once the editor's code is here (it loads on the first fix) and the editor is in the page.
    void loadElement('product-editor')
      .then(() => this.#host.updateComplete)
      .then(() => {
        const editor = this.#host.renderRoot.querySelector<EditorWithFocus>(
          `[data-fix="${key}"] product-editor`,
        );
        editor?.focusField?.(field);
      })
      .catch(() => undefined);
  }

  #close(key: string): void {
    const order = this.#host.shownOrder;
    if (order && !orderChecks(order).some((check) => checkKey(check) === key)) {
      // Fixed by a save that failed in part: on to the next check, as after any fix.
      this.afterFix(key);
      return;
    }
    this.#closeEditor();
    void focusAfter(this.#host, `[data-check="${key}"]`);
  }

  /**
   * A fix saved: the store's order has it, so the checks are run again; the editor closes and
   * focus goes to the next check's fix, else to "Ready to ship" or the region's heading. A product
   * editor whose save failed in part stays open, saying what failed.
   */
  afterFix(key: string | undefined, complete = true): void {
    const order = this.#host.shownOrder;
    const checks = order ? orderChecks(order) : [];
    const before = key === undefined ? -1 : checks.map(checkKey).indexOf(key);
    // Saved in part: the editor stays open (and the checks as listed), saying what failed, with
    // what was typed for it; closing it runs the checks again.
    if (!complete) return;
    const had = focusIsWith(this.#host);
    this.#closeEditor();
    this.#host.announce(shipOrderMessages(this.#host.locale).announceFixed);
    // The checks as they stand once the host has drawn them.
    void this.#host.updateComplete.then(() => {
      const current = this.#host.shownOrder;
      const now = current ? orderChecks(current).map(checkKey) : [];
      const fix = (check: string) => `[part="fix-button"][data-check="${check}"]`;
      // The fixed check where it still stands, else the first check with a fix after its place,
      // else the first fix; with none, "Ready to ship" or the region's heading.
      return focusAfter(
        this.#host,
        [
          ...(key === undefined ? [] : [fix(key)]),
          ...now.slice(before >= 0 ? before : 0).map(fix),
          '[part="fix-button"]',
          '[part="ready"], #checks-heading',
        ],
        { had },
      );
    });
  }

  /** The order card said its customer was saved: the phone check may be fixed. */
  readonly onCustomerUpdated = (): void => {
    this.afterFix('phone');
  };

  /** "Add phone": the card's customer editor where it has one, else its customer section. */
  readonly #addPhone = (): void => {
    const card = this.#host.renderRoot.querySelector<CardWithEditor>('order-card');
    if (!card) return;
    if (typeof card.editCustomer === 'function') {
      // Focus goes to what the fix is for: the phone.
      void card.editCustomer('phone');
      return;
    }
    const section = card.shadowRoot?.querySelector<HTMLElement>('.parties') ?? card;
    if (section.tabIndex < 0 && !section.hasAttribute('tabindex')) section.tabIndex = -1;
    section.scrollIntoView({ block: 'nearest' });
    section.focus();
  };
}
