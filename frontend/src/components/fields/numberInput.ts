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
