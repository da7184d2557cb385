/** Summary statistics of repeated timings. */

export interface Summary {
  /** Median of the measured runs (warm-up runs excluded), in milliseconds. */
  median: number;
  min: number;
  max: number;
  /** Interquartile range, a measure of how noisy the runs were. */
  iqr: number;
  runs: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower] ?? Number.NaN;
  const b = sorted[upper] ?? Number.NaN;
  return a + (b - a) * (position - lower);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: round(quantile(sorted, 0.5)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    iqr: round(quantile(sorted, 0.75) - quantile(sorted, 0.25)),
    runs: sorted.length,
  };
}

/** Milliseconds to 0.01 ms: finer than the browser's timer resolution anyway. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
