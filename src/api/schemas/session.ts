import type * as z from 'zod/mini';
import { anything, looseObject, nullish, optArray, optNum, optText, text } from './primitives.js';

/**
 * `GET <baseUrl>/session`, as the API proxy of `commerce-ops-elements/server` answers it: who the
 * signed-in caller is, the operations their role allows, their spend limits and what they spent
 * today (UTC). Read leniently: a member that is missing or null is left so.
 */
export const SessionSchema = /* @__PURE__ */ looseObject({
  id: text,
  allow: /* @__PURE__ */ optArray(text),
  limits: /* @__PURE__ */ nullish(
    /* @__PURE__ */ looseObject({ labelsPerDay: optNum, maxLabelCharge: optNum, maxDailySpend: optNum }),
  ),
  spentToday: /* @__PURE__ */ nullish(
    /* @__PURE__ */ looseObject({
      labels: optNum,
      amount: optNum,
      currency: optText,
      amounts: /* @__PURE__ */ nullish(anything),
    }),
  ),
});
export type Session = z.output<typeof SessionSchema>;
