import { RatePicker } from './elements/rate-picker/rate-picker.js';
import { defineElement } from './shared/define.js';

defineElement('rate-picker', RatePicker);

declare global {
  interface HTMLElementTagNameMap {
    'rate-picker': RatePicker;
  }
}

export { RatePicker };
export type { RateClearedDetail, RateSelectedDetail } from './elements/rate-picker/rate-picker.events.js';
