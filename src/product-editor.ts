import { ProductEditor } from './elements/product-editor/product-editor.js';
import { defineElement } from './shared/define.js';

defineElement('product-editor', ProductEditor);

declare global {
  interface HTMLElementTagNameMap {
    'product-editor': ProductEditor;
  }
}

export { ProductEditor };
export type {
  ProductUpdatedDetail,
  ProductUpdatedEvent,
} from './elements/product-editor/product-editor.events.js';
