/**
 * The order card's header tags and its parties: the customer (with "Edit customer"), the address
 * it goes to, and the delivery method (with "Edit delivery method"). Stateless: the card hands
 * over the order, the locale and what the editors draw.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Order } from '../../api/index.js';
import { EMPTY, formatCountry, formatMoney } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { orderCurrency, personName } from '../../shared/order-view.js';
import { orderCardMessages } from './order-card.messages.js';

/** Text of a member read unchecked: a string, or a number's digits. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A colour the swatch may take: hexadecimal or a CSS colour name, nothing that could be more CSS. */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30})$/i;

/** The order's tags as chips: the name as text, the colour only as a swatch beside it. */
export function renderTags(order: Order, locale: ResolvedLocale): TemplateResult | typeof nothing {
  const tags = (order.tags ?? []).filter((tag) => textOf(tag.name));
  return tags.length
    ? html`<ul class="tags" part="tags" aria-label=${orderCardMessages(locale).tags}>
        ${tags.map(
          (tag) =>
            html`<li class="tag" part="tag">
              <span
                class="swatch"
                aria-hidden="true"
                .style=${typeof tag.colour === 'string' && COLOUR.test(tag.colour) ? `background:${tag.colour}` : ''}
              ></span
              >${textOf(tag.name)}
            </li>`,
        )}
      </ul>`
    : nothing;
}

export interface PartiesView {
  order: Order;
  locale: ResolvedLocale;
  /** "Edit customer" and its editor, "Edit delivery method" and its editor. */
  customerEditor: TemplateResult | typeof nothing;
  deliveryEditor: TemplateResult | typeof nothing;
}

function contactLine(label: string | TemplateResult | undefined): TemplateResult | typeof nothing {
  return label ? html`<br /><span class="muted">${label}</span>` : nothing;
}

/**
 * An e-mail address that breaks only after its `@` and its dots when it does not fit, never inside
 * a word ("casey.morgan@customers.ex / ample"); its whole value is its `title`.
 */
export function breakableEmail(email: string): TemplateResult {
  const parts = email.split(/(?<=[@.])/);
  return html`<span class="email" title=${email}
    >${parts.map((part, index) => (index === 0 ? part : html`<wbr />${part}`))}</span
  >`;
}

export function renderParties({
  order,
  locale,
  customerEditor,
  deliveryEditor,
}: PartiesView): TemplateResult {
  const text = orderCardMessages(locale);
  const customer = order.customer;
  const address = order.deliver_to;
  const method = order.delivery_method;
  const customerName = personName(customer?.billing_address) || personName(address);
  const phone = textOf(customer?.['phone']);
  const mobile = textOf(customer?.['mobile']);
  // Named for its order: a page with several cards has landmarks a screen reader tells apart.
  return html`<section class="parties" aria-label=${text.orderDetails(order.number ?? String(order.id))}>
    <div class="party">
      <h3>${text.customer}</h3>
      <p class="customer-contact">
        ${customerName || EMPTY}${contactLine(customer?.email ? breakableEmail(customer.email) : undefined)}${contactLine(
          phone ? text.phone(phone) : undefined,
        )}${contactLine(mobile ? text.mobile(mobile) : undefined)}
      </p>
      ${customer ? customerEditor : nothing}
    </div>
    <div class="party">
      <h3>${text.deliverTo}</h3>
      ${
        address
          ? html`<address
              .textContent=${[
                personName(address),
                address.company,
                address.address1,
                address.address2,
                [address.zip, address.city].filter(Boolean).join(' '),
                address.state,
                formatCountry(address.country, locale),
              ]
                .filter((line) => typeof line === 'string' && line.trim() !== '')
                .join('\n')}
            ></address>`
          : html`<p class="muted">${text.noAddress}</p>`
      }
    </div>
    <div class="party">
      <h3>${text.deliveryMethod}</h3>
      ${
        method
          ? html`<p class="delivery-method">
                ${method.name || EMPTY}${contactLine(formatMoney(method.cost, orderCurrency(order), locale))}
              </p>
              ${method.id === undefined || method.id === null ? nothing : deliveryEditor}`
          : html`<p class="muted">${text.noDeliveryMethod}</p>`
      }
    </div>
  </section>`;
}
