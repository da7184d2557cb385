import { createContext } from '@lit/context';
import type { ClientCore } from '../api/core.js';

/**
 * The client a composite element (ship-order) hands down to the elements inside it, so none of
 * them needs `.client` set by hand. An element's own `client` property still wins.
 */
export const clientContext = createContext<ClientCore | undefined>(
  Symbol.for('commerce-ops-elements:client'),
);
