/**
 * What a role that lacks an operation is told (`roles` namespace), beside the API proxy's session
 * (src/shared/session.ts); an operation that is not here is refused in `common.roleForbids`.
 */
import { defineMessages } from './locale.js';

/** The operations whose refusal is put in words, by the proxy's names. */
const en = {
  notes: 'Your role does not allow adding notes.',
  allocate: 'Your role does not allow allocating stock.',
  stock: 'Your role does not allow changing stock.',
  listings: 'Your role does not allow linking listings.',
  rates: 'Your role does not allow getting shipping rates.',
  buy: 'Your role does not allow buying labels.',
  'edit-products': 'Your role does not allow editing products.',
  'edit-customers': 'Your role does not allow editing customers.',
  'edit-delivery-methods': 'Your role does not allow editing delivery methods.',
  print: 'Your role does not allow printing.',
};

export type RoleMessages = typeof en;

declare module './locale.js' {
  interface Translation {
    roles: RoleMessages;
  }
}

export const roleMessages = defineMessages('roles', en);
