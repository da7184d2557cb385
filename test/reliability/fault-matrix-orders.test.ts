/** The fault matrix (fault-matrix.ts) of order-card and allocation-form: each load and write against every fault. */
import {
  describeFaultMatrix,
  orderCardLoad,
  orderCardNote,
  allocationLoad,
  allocationCreate,
  allocationRemove,
} from './fault-matrix.js';

describeFaultMatrix('fault matrix: order-card and allocation-form', [
  orderCardLoad,
  orderCardNote,
  allocationLoad,
  allocationCreate,
  allocationRemove,
]);
