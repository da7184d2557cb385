/** One budget as the report shows it: what was allowed, what was measured, and whether it held. */
export interface Budget {
  name: string;
  limit: string;
  actual: string;
  pass: boolean;
}
