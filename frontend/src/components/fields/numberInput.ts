export interface NumberLimits {
  min?: number;
  max?: number;
  /** Only whole numbers are accepted. */
  integer?: boolean;
}

/** The number a field's text stands for, or null when it is empty, not a number or out of bounds. */
export function readNumber(text: string, { min, max, integer = false }: NumberLimits): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  if (integer && !Number.isInteger(value)) return null;
  if (min !== undefined && value < min) return null;
  if (max !== undefined && value > max) return null;
  return value;
}

/**
 * The number a field's text stands for, moved into the bounds (a value below `min` is raised
 * to it, one above `max` lowered) and rounded when only whole numbers are accepted; null when
 * the text is empty or not a number.
 */
export function clampedNumber(text: string, { min, max, integer = false }: NumberLimits): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  if (integer) value = Math.round(value);
  if (min !== undefined) value = Math.max(min, value);
  if (max !== undefined) value = Math.min(max, value);
  return value;
}
