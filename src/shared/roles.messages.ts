/**
 * What a role that lacks an operation is told ("Your role does not allow …"), in the `roles`
 * namespace. Each operation's text is a catalog of its own, so an element carries only the texts
 * of the operations it asks the session about: it hands them to its `SessionController`
 * (src/shared/session.ts), and `refusal` finds them there.
 */
import { defineMessages } from './locale.js';
import type { Messages, ResolvedLocale } from './locale.js';

/** The operations whose refusal is put in words (the proxy's names). */
export interface RoleMessages {
  notes: string;
  allocate: string;
  stock: string;
  listings: string;
  rates: string;
  buy: string;
  'edit-products': string;
  'edit-customers': string;
  'edit-delivery-methods': string;
}

declare module './locale.js' {
  interface Translation {
    roles: RoleMessages;
  }
}

/** The texts of some operations, in the locale asked for. */
export type RoleTexts = (locale: ResolvedLocale) => Partial<RoleMessages>;

const roleTexts = (en: Partial<RoleMessages>): RoleTexts =>
  defineMessages('roles', en as RoleMessages & Messages);

export const notesRefused = /* @__PURE__ */ roleTexts({ notes: 'Your role does not allow adding notes.' });
export const allocateRefused = /* @__PURE__ */ roleTexts({
  allocate: 'Your role does not allow allocating stock.',
});
export const stockRefused = /* @__PURE__ */ roleTexts({
  stock: 'Your role does not allow changing stock.',
});
export const listingsRefused = /* @__PURE__ */ roleTexts({
  listings: 'Your role does not allow linking listings.',
});
export const ratesRefused = /* @__PURE__ */ roleTexts({
  rates: 'Your role does not allow getting shipping rates.',
});
export const buyRefused = /* @__PURE__ */ roleTexts({ buy: 'Your role does not allow buying labels.' });
export const productsRefused = /* @__PURE__ */ roleTexts({
  'edit-products': 'Your role does not allow editing products.',
});
export const customersRefused = /* @__PURE__ */ roleTexts({
  'edit-customers': 'Your role does not allow editing customers.',
});
export const deliveryMethodsRefused = /* @__PURE__ */ roleTexts({
  'edit-delivery-methods': 'Your role does not allow editing delivery methods.',
});
