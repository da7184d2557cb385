/** The fault matrix (fault-matrix.ts) of listing-linker: each load and write against every fault. */
import { describeFaultMatrix, storesLoad, listingsLoad, listingLink } from './fault-matrix.js';

describeFaultMatrix('fault matrix: listing-linker', [storesLoad, listingsLoad, listingLink]);
