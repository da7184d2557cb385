import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ScanDecoder } from './scan-decoder.model.js';

/** What the page's scanner asks of its element. */
export interface PageScannerHost extends ReactiveControllerHost, HTMLElement {
  /** Whether scans are taken from anywhere on the page now (`listen="page"`, lines to count). */
  readonly hearsPage: boolean;
  /** The element's own field, whose keys it handles itself. */
  readonly scanField: Element | null;
  /** Takes a scan heard on the page. */
  takeScan(code: string): void;
}

/** Input types where a key types text; other inputs (buttons, checkboxes, …) type nothing. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

function isEditable(target: EventTarget): boolean {
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * Scans from a scanner anywhere on the page, while the host `hearsPage`: one capture-phase `keydown`
 * listener on the document while the host is connected. Keys typed into a field (input,
 * textarea, select, contenteditable) other than the host's own go to that field untouched. Once
 * a burst is recognised as a scan, its keys and its ending Enter or Tab are kept from the page, so
 * the Enter never presses a focused button, and focus never moves.
 */
export class PageScannerController implements ReactiveController {
  readonly #host: PageScannerHost;
  readonly #decoder = new ScanDecoder();

  constructor(host: PageScannerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.ownerDocument.addEventListener('keydown', this.#onKeyDown, true);
  }

  hostDisconnected(): void {
    this.#host.ownerDocument.removeEventListener('keydown', this.#onKeyDown, true);
    this.#decoder.reset();
  }

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (!this.#host.hearsPage || event.isComposing) return;
    const path = event.composedPath();
    const own = this.#host.scanField;
    if ((own && path.includes(own)) || path.some(isEditable)) {
      this.#decoder.reset();
      return;
    }
    const verdict = this.#decoder.take({
      key: event.key,
      code: event.code,
      time: event.timeStamp,
      withCommand: event.ctrlKey || event.altKey || event.metaKey,
    });
    if (verdict.kind === 'pass') return;
    event.preventDefault();
    event.stopPropagation();
    if (verdict.kind === 'scan') this.#host.takeScan(verdict.code);
  };
}
