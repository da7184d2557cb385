import { PickList } from './elements/pick-list/pick-list.js';
import { defineElement } from './shared/define.js';

defineElement('pick-list', PickList);

declare global {
  interface HTMLElementTagNameMap {
    'pick-list': PickList;
  }
}

export { PickList };
export type { PickListCompleteDetail, RowPickedDetail } from './elements/pick-list/pick-list.events.js';
