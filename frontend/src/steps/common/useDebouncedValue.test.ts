import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './useDebouncedValue';

describe('useDebouncedValue', () => {
  it('takes the first value at once and a new one only after it stayed for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 350), {
      initialProps: { value: { factor: 1.5 } },
    });
    expect(result.current).toEqual({ factor: 1.5 });

    rerender({ value: { factor: 2 } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: { factor: 3 } });
    act(() => {
      vi.advanceTimersByTime(349);
    });
    expect(result.current).toEqual({ factor: 1.5 });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual({ factor: 3 });
  });

  it('keeps the same object while the content does not change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 350), {
      initialProps: { value: { a: 1 } },
    });
    const first = result.current;
    rerender({ value: { a: 1 } });
    expect(result.current).toBe(first);
  });
});
