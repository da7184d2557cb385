/**
 * Parcel weight units the shipping endpoints accept, and conversion to grams (`POST /shipments`
 * wants `weight_in_grams`; sellables carry `weight_grams`).
 */
export const WEIGHT_UNITS = ['g', 'kg', 'oz', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const DIMENSION_UNITS = ['cm', 'in', 'm', 'ft'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

const GRAMS_PER_UNIT: Record<WeightUnit, number> = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 };

export function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && (WEIGHT_UNITS as readonly string[]).includes(value);
}

export function isDimensionUnit(value: unknown): value is DimensionUnit {
  return typeof value === 'string' && (DIMENSION_UNITS as readonly string[]).includes(value);
}

/** Grams in `value` of `unit` (a unit the API spells in any case); undefined for an unknown unit. */
export function toGrams(value: number, unit: string | null | undefined): number | undefined {
  const normalised = (unit ?? 'g').trim().toLowerCase();
  return isWeightUnit(normalised) ? value * GRAMS_PER_UNIT[normalised] : undefined;
}
