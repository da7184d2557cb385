/**
 * Whether a quote delivers by the order's due date. Both are compared as calendar dates, not
 * instants: the due date is the date it names (`2026-12-01`, or the date part of a date-time as
 * the API wrote it), and the quote's estimated delivery is its date in UTC (the client keeps it as
 * an ISO instant). A quote delivering on the due date is on time; a day later is late. Without a
 * due date or an estimate there is no promise to keep.
 */

/** `on-time` or `late`; null when the order has no due date or the quote no delivery estimate. */
export type DeliveryPromise = 'on-time' | 'late' | null;

/** The `YYYY-MM-DD` a date or date-time begins with, if it is a real date. */
function calendarDate(value: string | null | undefined): string | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // 2026-02-30 is no date.
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === Number(month) - 1
    ? `${year}-${month}-${day}`
    : null;
}

/** Whether a quote estimated to deliver at `estimate` keeps an order due on `dueDate`. */
export function deliveryPromise(
  dueDate: string | null | undefined,
  estimate: string | null | undefined,
): DeliveryPromise {
  const due = calendarDate(dueDate);
  const delivered = calendarDate(estimate);
  if (!due || !delivered) return null;
  // Same-length ISO dates compare as text.
  return delivered <= due ? 'on-time' : 'late';
}
