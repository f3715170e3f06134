import { describe, expect, it } from 'vitest';
import { formatImprovement, formatParamValue, formatScore, relativeImprovement } from './scoreDisplay';

describe('formatScore', () => {
  it('shows accuracy and silhouette_score as percentages to 2 decimals', () => {
    expect(formatScore('accuracy', 0.9123)).toBe('91.23%');
    expect(formatScore('accuracy', 1)).toBe('100.00%');
    expect(formatScore('silhouette_score', 0.41)).toBe('41.00%');
    expect(formatScore('silhouette_score', -0.0512)).toBe('-5.12%');
  });

  it('shows other metrics to 4 decimals', () => {
    expect(formatScore('r2', 0.91234)).toBe('0.9123');
    expect(formatScore('r2', -1.5)).toBe('-1.5000');
    expect(formatScore('f1', 0.5)).toBe('0.5000');
  });

  it('shows a dash for no score', () => {
    expect(formatScore('accuracy', null)).toBe('—');
    expect(formatScore('r2', Number.NaN)).toBe('—');
  });
});

describe('relativeImprovement', () => {
  it('is (best - baseline) / |baseline|', () => {
    expect(relativeImprovement(0.9, 0.8)).toBeCloseTo(0.125);
    expect(relativeImprovement(0.76, 0.8)).toBeCloseTo(-0.05);
    // a negative baseline (an r2 below 0) that rises is an improvement
    expect(relativeImprovement(0.1, -0.5)).toBeCloseTo(1.2);
  });

  it('is null without a baseline or with a baseline of 0', () => {
    expect(relativeImprovement(0.9, null)).toBeNull();
    expect(relativeImprovement(0.9, 0)).toBeNull();
  });
});

describe('formatImprovement', () => {
  it('writes a signed percentage to 2 decimals', () => {
    expect(formatImprovement(0.125)).toBe('+12.50%');
    expect(formatImprovement(-0.05)).toBe('-5.00%');
    expect(formatImprovement(0)).toBe('0.00%');
    expect(formatImprovement(0.00001)).toBe('0.00%');
  });

  it('shows a dash when there is no baseline', () => {
    expect(formatImprovement(relativeImprovement(0.9, null))).toBe('—');
  });
});

describe('formatParamValue', () => {
  it('writes values as Python does, numbers to 4 significant digits', () => {
    expect(formatParamValue(null)).toBe('None');
    expect(formatParamValue(true)).toBe('True');
    expect(formatParamValue(200)).toBe('200');
    expect(formatParamValue(0.0123456)).toBe('0.01235');
    expect(formatParamValue('sqrt')).toBe('sqrt');
    expect(formatParamValue([1, 2])).toBe('[1,2]');
  });
});
