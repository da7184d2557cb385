import { OpsEvent } from '../../shared/events.js';
import type { RateSelectedDetail } from '../rate-picker/rate-picker.events.js';

export interface LabelPurchasedDetail {
  /** Null when the service is not tracked. */
  trackingNumber: string | null;
  format: 'PDF' | 'ZPL';
  /** What the label cost, as the API reported it (null members when it did not say). */
  charges: { value: number | null; unit: string | null };
  carrier: string | null;
  service: string | null;
  remoteShipmentId: string | null;
}

export class LabelPurchasedEvent extends OpsEvent<LabelPurchasedDetail> {
  static readonly eventName = 'label-purchased';
  constructor(detail: LabelPurchasedDetail) {
    super(LabelPurchasedEvent.eventName, detail);
  }
}

export interface RatesRequestedDetail {
  /** The selection whose quote expired. */
  selection: RateSelectedDetail;
}

/**
 * The quote expired and the user asked for new rates. A followed `rate-picker` refreshes by
 * itself; a host that passes `.selection` gets new rates and sets the new selection.
 */
export class RatesRequestedEvent extends OpsEvent<RatesRequestedDetail> {
  static readonly eventName = 'rates-requested';
  constructor(detail: RatesRequestedDetail) {
    super(RatesRequestedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'label-purchased': LabelPurchasedEvent;
    'rates-requested': RatesRequestedEvent;
  }
}
