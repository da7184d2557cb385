import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { live } from 'lit/directives/live.js';
import type { Order } from '../../api/index.js';
import { focusAfter } from '../../shared/focus.js';
import { formatNumber } from '../../shared/format.js';
import { OpsElement } from '../../shared/ops-element.js';
import { OrderController } from '../../shared/order-controller.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { baseStyles } from '../../shared/styles.js';
import { tabStorage } from '../../shared/tab-storage.js';
import { ItemScannedEvent, PackVerifiedEvent, ScanRejectedEvent } from './pack-check.events.js';
import { packCheckMessages } from './pack-check.messages.js';
import {
  clearProgress,
  countedOf,
  countOne,
  isVerified,
  normaliseCode,
  packLines,
  readProgress,
  scan,
  totalOf,
  writeProgress,
} from './pack-check.model.js';
import type { PackCounts, PackLine, ScanOutcome } from './pack-check.model.js';
import { packCheckStyles } from './pack-check.styles.js';
import { PageScannerController } from './page-scanner-controller.js';
import { ScanDecoder, scanCharacter } from './scan-decoder.model.js';

/** A refusal on screen: it stays until the next good scan or "Dismiss". */
interface Refusal {
  text: string;
  /** Counts refusals, so the same words twice are announced twice. */
  serial: number;
}

/** The audio context of every pack-check: made on the first beep, shared after. */
let audio: AudioContext | undefined;

/**
 * A short beep with Web Audio: high for a good scan, low for a refusal, so a packer hears the
 * outcome without looking. One audio context, made on the first beep (a scan is a key press, the
 * user gesture browsers ask for); nothing happens where Web Audio is missing or refused.
 */
function beep(kind: 'good' | 'refused'): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = kind === 'good' ? 1320 : 220;
    oscillator.type = kind === 'good' ? 'sine' : 'square';
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    const now = audio.currentTime;
    oscillator.start(now);
    oscillator.stop(now + (kind === 'good' ? 0.08 : 0.25));
  } catch {
    // No sound: the words on screen say the same.
  }
}
/**
 * Verifies a parcel before its label: each line item of the order with how many are counted of
 * how many the order holds, counted by scanning a barcode (the sellable's `upc_code`, or its SKU)
 * or by hand for items without one. A wrong item, an unknown code and an item scanned once too
 * often are refused, in words that stay until the next good scan or "Dismiss". Progress is kept
 * in the tab's `sessionStorage` until the parcel is verified or "Start again" is pressed, so a
 * reload keeps the scans.
 *
 * With `listen="page"` a scanner is heard anywhere on the page: a burst of keys a few
 * milliseconds apart ending in Enter or Tab. Keys typed into another field go to that field, a
 * scan never presses a focused button, and focus never moves. Digits are read from the key's
 * position, so AZERTY and other layouts read the same code.
 *
 * @summary Counts an order's items as they are scanned into the parcel.
 *
 * @fires item-scanned - An item was counted. `detail`: `{ orderId, sellableId, code, count, expected }` (`code` null when counted by hand).
 * @fires scan-rejected - A scan did not count. `detail`: `{ orderId, code, reason }` (`unknown` or `complete`).
 * @fires pack-verified - Every item is counted, once. `detail`: `{ orderId, items: [{ sellableId, quantity }] }`.
 * @fires request-error - Loading the order failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart progress - The "k of n items scanned" line.
 * @csspart lines - The list of items.
 * @csspart line - One item: title, SKU, barcode, its count and its Count button.
 * @csspart count - "n of m" of one item.
 * @csspart count-button - The "Count …" button of one item.
 * @csspart scan-input - The "Scan or type a barcode" field.
 * @csspart status - The last good scan, in words (`role="status"`).
 * @csspart refusal - A refused scan, in words, with "Dismiss" (`role="alert"`).
 * @csspart dismiss-button - The "Dismiss" button.
 * @csspart start-again-button - The "Start again" button.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-success - Colour of a complete item and of the verified notice.
 * @cssprop --ops-color-danger - Colour of a refused scan.
 * @cssprop --ops-color-border - Borders.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-space - Spacing unit.
 */
export class PackCheck extends OpsElement {
  static override styles = [baseStyles, noticeStyles, packCheckStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    order: { attribute: false },
    listen: { type: String, reflect: true },
    sound: { type: Boolean, reflect: true },
    counts: { state: true },
    status: { state: true },
    refusal: { state: true },
    code: { state: true },
  };

  /** The order to pack. */
  declare orderId: number | undefined;
  /** The order itself, when the page has it already; else it is read with `order-id`. */
  declare order: Order | undefined;
  /** `field` (the default): scans are typed into the element's field; `page`: a scanner is heard anywhere on the page. */
  declare listen: 'field' | 'page';
  /** A short beep for each outcome: high for a good scan, low for a refusal. */
  declare sound: boolean;

  declare protected counts: PackCounts;
  declare protected status: string;
  declare protected refusal: Refusal | undefined;
  declare protected code: string;

  /** The order whose lines and counts are shown, once it is known. */
  #shownOrderId: number | undefined;
  #lines: PackLine[] = [];
  /** The order `pack-verified` was emitted for, so it is emitted once. */
  #verifiedFor: number | undefined;
  #refusals = 0;
  /** The order the store delivered for `order-id`. */
  #stored: Order | undefined;
  readonly #fieldDecoder = new ScanDecoder();

  #orders = new OrderController(this, {
    onChange: (order) => {
      this.#stored = order;
      this.requestUpdate();
    },
  });

  constructor() {
    super();
    this.listen = 'field';
    this.sound = false;
    this.counts = {};
    this.status = '';
    this.code = '';
    new PageScannerController(this);
  }

  /**
   * Whether a scanner is heard anywhere on the page now: `listen="page"`, with lines to count.
   * @internal
   */
  get hearsPage(): boolean {
    return this.listen === 'page' && this.#lines.length > 0;
  }

  /**
   * The element's own field, whose keys it handles itself.
   * @internal
   */
  get scanField(): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>('#scan-input');
  }

  /**
   * A scan heard on the page: counts its item, or says why it does not.
   * @internal
   */
  takeScan(code: string): void {
    this.#take(code);
  }

  /** The order shown: the one set as a property, else the one read for `order-id`. */
  get #shownOrder(): Order | undefined {
    return this.order ?? this.#stored ?? this.#orders.loaded;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#orders.follow(this.order ? undefined : this.orderId);
    const order = this.#shownOrder;
    const id = order ? Number(order.id) : undefined;
    const wanted = this.order ? Number(this.order.id) : this.orderId;
    if (wanted !== this.#shownOrderId) {
      // Another order: nothing of the previous one stays on screen while it loads.
      this.#shownOrderId = wanted;
      this.#lines = [];
      this.counts = {};
      this.status = '';
      this.refusal = undefined;
      this.code = '';
      this.#fieldDecoder.reset();
    }
    if (order && id === wanted && id !== undefined) {
      const hadLines = this.#lines.length > 0;
      this.#lines = packLines(order);
      if (!hadLines) {
        this.counts = readProgress(tabStorage(), id, this.#lines);
        // Progress kept complete (the tab closed as the last item was counted): verified now.
        if (isVerified(this.#lines, this.counts)) void this.updateComplete.then(() => this.#checkVerified());
      }
    }
  }

  /** Once every line is complete: says so, forgets the kept progress and emits `pack-verified`, once. */
  #checkVerified(): void {
    const id = this.#shownOrderId;
    if (id === undefined || this.#verifiedFor === id || !isVerified(this.#lines, this.counts)) return;
    this.#verifiedFor = id;
    clearProgress(tabStorage(), id);
    this.status = packCheckMessages(this.locale).verified(formatNumber(totalOf(this.#lines), this.locale));
    const items = this.#lines.map((line) => ({ sellableId: line.sellableId, quantity: line.expected }));
    this.dispatchEvent(new PackVerifiedEvent({ orderId: id, items }));
  }

  /** A scan or a typed code: counts its item, or says why it does not. */
  #take(raw: string): void {
    const code = normaliseCode(raw);
    if (code === '' || this.#lines.length === 0) return;
    this.#apply(scan(this.#lines, this.counts, code, this.#shownOrder?.number), code);
  }

  #countByHand(line: PackLine): void {
    this.#apply(countOne(line, this.counts), null);
  }

  #apply(outcome: ScanOutcome, code: string | null): void {
    const orderId = this.#shownOrderId;
    if (orderId === undefined) return;
    const text = packCheckMessages(this.locale);
    const number = (value: number) => formatNumber(value, this.locale);
    if (outcome.kind === 'counted') {
      const { line, count } = outcome;
      this.counts = outcome.counts;
      writeProgress(tabStorage(), orderId, this.counts);
      this.refusal = undefined;
      const words = code === null ? text.counted : text.scanned;
      this.status = words(this.#itemName(line), number(count), number(line.expected));
      if (this.sound) beep('good');
      this.dispatchEvent(
        new ItemScannedEvent({ orderId, sellableId: line.sellableId, code, count, expected: line.expected }),
      );
      this.#checkVerified();
      return;
    }
    if (outcome.kind === 'slip') {
      this.refusal = undefined;
      this.status = text.slipOfThisOrder(outcome.orderNumber);
      if (this.sound) beep('good');
      return;
    }
    const refused =
      outcome.kind === 'complete'
        ? text.alreadyComplete(number(outcome.line.expected), this.#itemName(outcome.line))
        : text.unknownCode(outcome.code);
    this.refusal = { text: refused, serial: ++this.#refusals };
    if (this.sound) beep('refused');
    if (code !== null) {
      this.dispatchEvent(
        new ScanRejectedEvent({
          orderId,
          code,
          reason: outcome.kind === 'complete' ? 'complete' : 'unknown',
        }),
      );
    }
  }

  #itemName(line: PackLine): string {
    return line.title || line.sku;
  }

  #startAgain(): void {
    const id = this.#shownOrderId;
    if (id !== undefined) clearProgress(tabStorage(), id);
    this.counts = {};
    this.refusal = undefined;
    this.#verifiedFor = undefined;
    this.status = packCheckMessages(this.locale).startedAgain;
  }

  #dismiss(): void {
    this.refusal = undefined;
    // The Dismiss button goes: the work goes on at the field.
    void focusAfter(this, '#scan-input');
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const input = this.scanField;
    const value = input?.value ?? this.code;
    this.code = '';
    if (input) input.value = '';
    this.#take(value);
  }

  /**
   * Keys typed into the field: digits by their key's position (an AZERTY scanner types `&` for 1
   * without Shift), and a scanner's ending Tab submits instead of leaving the field.
   */
  #onFieldKeyDown(event: KeyboardEvent): void {
    const input = event.currentTarget as HTMLInputElement;
    const command = event.ctrlKey || event.altKey || event.metaKey;
    const verdict = this.#fieldDecoder.take({
      key: event.key,
      code: event.code,
      time: event.timeStamp,
      withCommand: command,
    });
    if (event.key === 'Tab' && verdict.kind === 'scan') {
      event.preventDefault();
      this.#onSubmit(new SubmitEvent('submit'));
      return;
    }
    const digit = scanCharacter(event.key, event.code);
    if (!command && digit !== null && /^\d$/.test(digit) && event.key !== digit) {
      event.preventDefault();
      input.setRangeText(
        digit,
        input.selectionStart ?? input.value.length,
        input.selectionEnd ?? input.value.length,
        'end',
      );
      this.code = input.value;
    }
  }

  protected override render(): TemplateResult {
    const order = this.#shownOrder;
    const text = packCheckMessages(this.locale);
    if (!order || Number(order.id) !== this.#shownOrderId) {
      if (this.#shownOrderId === undefined) return html``;
      return this.#orders.renderPlaceholder(this.locale, text.loadingOrder);
    }
    const lines = this.#lines;
    const number = (value: number) => formatNumber(value, this.locale);
    const counted = countedOf(lines, this.counts);
    const total = totalOf(lines);
    const verified = isVerified(lines, this.counts);
    const orderNumber = order.number ?? String(order.id);
    return html`<section class="card" part="card" aria-labelledby="pack-title">
      <div class="head">
        <h2 id="pack-title">${text.region(orderNumber)}</h2>
        <span class="progress" part="progress">${text.progress(number(counted), number(total))}</span>
      </div>
      <progress max=${Math.max(total, 1)} .value=${counted} aria-hidden="true"></progress>
      ${
        lines.length === 0
          ? html`<p class="muted">${text.noItems}</p>`
          : html`<ul class="lines" part="lines">
              ${lines.map((line) => this.#renderLine(line))}
            </ul>`
      }
      <form class="scan" @submit=${this.#onSubmit}>
        <div class="field">
          <label for="scan-input">${text.scanField}</label>
          <input
            id="scan-input"
            part="scan-input"
            type="text"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="done"
            aria-describedby="scan-hint"
            .value=${live(this.code)}
            ?disabled=${lines.length === 0}
            @input=${(event: InputEvent) => (this.code = (event.target as HTMLInputElement).value)}
            @keydown=${this.#onFieldKeyDown}
          />
        </div>
        <button class="button secondary" type="button" part="start-again-button" @click=${this.#startAgain}>
          ${text.startAgain}
        </button>
      </form>
      <p id="scan-hint" class="muted hint">${this.listen === 'page' ? text.scanHintPage : text.scanHint}</p>
      <p class="outcome ${verified ? 'notice success' : ''}" role="status" part="status">${this.status}</p>
      ${
        this.refusal
          ? keyed(
              this.refusal.serial,
              html`<div class="refusal" role="alert" part="refusal">
                <span>${this.refusal.text}</span>
                <button class="button danger" type="button" part="dismiss-button" @click=${this.#dismiss}>
                  ${text.dismiss}
                </button>
              </div>`,
            )
          : nothing
      }
    </section>`;
  }

  #renderLine(line: PackLine): TemplateResult {
    const text = packCheckMessages(this.locale);
    const count = Math.min(this.counts[line.key] ?? 0, line.expected);
    const complete = count >= line.expected;
    const name = this.#itemName(line);
    return html`<li class="line ${complete ? 'complete' : ''}" part="line">
      <div class="item">
        <span class="title">${line.title}</span>
        <span class="codes">
          ${line.sku ? html`<span>${text.sku} ${line.sku}</span>` : nothing}
          <span>${line.barcode ? html`${text.barcode} ${line.barcode}` : text.noBarcode}</span>
        </span>
      </div>
      <span class="count" part="count"
        >${text.countOf(formatNumber(count, this.locale), formatNumber(line.expected, this.locale))}</span
      >
      <button
        class="button secondary"
        type="button"
        part="count-button"
        aria-label=${text.countItem(name)}
        aria-disabled=${complete ? 'true' : 'false'}
        @click=${() => this.#countByHand(line)}
      >
        ${text.count}
      </button>
    </li>`;
  }
}
