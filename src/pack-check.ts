import { PackCheck } from './elements/pack-check/pack-check.js';
import { defineElement } from './shared/define.js';

defineElement('pack-check', PackCheck);

declare global {
  interface HTMLElementTagNameMap {
    'pack-check': PackCheck;
  }
}

export { PackCheck };
export type {
  ItemScannedDetail,
  PackVerifiedDetail,
  ScanRejectedDetail,
} from './elements/pack-check/pack-check.events.js';
