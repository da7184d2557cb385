import { opsEvent } from '../../shared/events.js';

export interface RowPickedDetail {
  /** The sellable of the row: for a kit's component, the component's. */
  sellableId: number | string;
  warehouseId: number | string;
  /** Whether the row is ticked now. */
  picked: boolean;
  /** The kit the row is a component of; null for a sellable picked as it is. */
  kitId: number | string | null;
}

/** A row's "Picked …" checkbox was ticked or cleared. */
export class RowPickedEvent extends opsEvent<RowPickedDetail>('row-picked') {}

export interface PickListCompleteDetail {
  /** The orders of the list. */
  orderIds: number[];
}

/** Every row of the list is ticked. Emitted once, until "Start again". */
export class PickListCompleteEvent extends opsEvent<PickListCompleteDetail>('pick-list-complete') {}

declare global {
  interface HTMLElementEventMap {
    'row-picked': RowPickedEvent;
    'pick-list-complete': PickListCompleteEvent;
  }
}
