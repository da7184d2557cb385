import { AllocationForm } from './elements/allocation-form/allocation-form.js';
import { defineElement } from './shared/define.js';

defineElement('allocation-form', AllocationForm);

declare global {
  interface HTMLElementTagNameMap {
    'allocation-form': AllocationForm;
  }
}

export { AllocationForm };
