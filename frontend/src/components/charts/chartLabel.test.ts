import { describe, expect, it } from 'vitest';
import { CHART_LABEL_MAX_LENGTH, cutLabel } from './chartLabel';

describe('cutLabel', () => {
  it('keeps names of up to 14 characters as they are', () => {
    expect(CHART_LABEL_MAX_LENGTH).toBe(14);
    expect(cutLabel('')).toBe('');
    expect(cutLabel('age')).toBe('age');
    expect(cutLabel('exactly_14_chr')).toBe('exactly_14_chr');
  });

  it('cuts longer names to 14 characters and marks the cut', () => {
    expect(cutLabel('exactly_15_char')).toBe('exactly_15_cha…');
    expect(cutLabel('customer_lifetime_value')).toBe('customer_lifet…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cutLabel('😀'.repeat(14))).toBe('😀'.repeat(14));
    expect(cutLabel(`${'ş'.repeat(13)}😀x`)).toBe(`${'ş'.repeat(13)}😀…`);
  });
});
