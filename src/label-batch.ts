import { LabelBatch } from './elements/label-batch/label-batch.js';
import { defineElement } from './shared/define.js';

defineElement('label-batch', LabelBatch);

declare global {
  interface HTMLElementTagNameMap {
    'label-batch': LabelBatch;
  }
}

export { LabelBatch };
