/**
 * The spend limits of the API proxy's session, for the elements that buy labels: the other
 * elements ask the session about their role only (`refusal` in src/shared/session.ts).
 */
import type { Session } from '../api/schemas/session.js';
import { formatMoney, formatNumber } from '../shared/format.js';
import type { ResolvedLocale } from '../shared/locale.js';
import { limitMessages } from '../shared/limits.messages.js';
import { refusal } from '../shared/session.js';

/** What an action is about to spend, for the limits a session carries. */
export interface Spending {
  /** Labels the action buys. */
  labels: number;
  /** The charge of each label, in its quote's currency. */
  charges: ReadonlyArray<{ value: number | null; currency: string | null }>;
}

/** What was spent today in each currency: `amounts` as the proxy reports it, else `amount` in `currency`. */
function spentByCurrency(spent: Session['spentToday']): Record<string, number> {
  const amounts: Record<string, number> = {};
  const reported: unknown = spent?.amounts;
  if (reported && typeof reported === 'object') {
    for (const [code, value] of Object.entries(reported)) {
      if (typeof value === 'number' && Number.isFinite(value)) amounts[code] = value;
    }
  } else if (spent?.currency && typeof spent.amount === 'number') {
    amounts[spent.currency] = spent.amount;
  }
  return amounts;
}

/**
 * Why `session` does not let its caller buy labels now (spending `spending`): the role, then the
 * day's label count, the day's spend in each currency and the price of one label, as the proxy
 * counts them. Undefined when it does.
 */
export function buyRefusal(
  session: Session | null,
  locale: ResolvedLocale,
  spending?: Spending,
): string | undefined {
  const forbidden = refusal(session, 'buy', locale);
  if (forbidden || !session) return forbidden;
  const text = limitMessages(locale);
  const { limits, spentToday: spent } = session;
  const labelsToday = spent?.labels ?? 0;
  if (limits?.labelsPerDay != null && labelsToday + Math.max(1, spending?.labels ?? 1) > limits.labelsPerDay)
    return text.labelsPerDay(formatNumber(limits.labelsPerDay, locale), formatNumber(labelsToday, locale));
  const money = (value: number, code: string | null) => formatMoney(value, code, locale);
  if (limits?.maxDailySpend != null) {
    // The proxy counts each currency on its own, against the same limit.
    const spentIn = spentByCurrency(spent);
    const planned = new Map<string, number>();
    for (const { value, currency } of spending?.charges ?? []) {
      const code = currency ?? spent?.currency ?? '';
      planned.set(code, (planned.get(code) ?? 0) + (value ?? 0));
    }
    for (const [code, amount] of planned) {
      const before = spentIn[code] ?? 0;
      if (amount > 0 && before + amount > limits.maxDailySpend)
        return text.dailySpend(money(limits.maxDailySpend, code || null), money(before, code || null));
    }
  }
  const over = spending?.charges.find(
    (charge) => limits?.maxLabelCharge != null && (charge.value ?? 0) > limits.maxLabelCharge,
  );
  if (over && limits?.maxLabelCharge != null)
    return text.labelCharge(money(limits.maxLabelCharge, over.currency));
  return undefined;
}
