import { useEffect, useMemo, useState } from 'react';

/**
 * The value as it was when it last stayed unchanged for `delayMs` (compared as JSON, so a
 * new object with the same content is no change). The first value is taken at once.
 */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const key = JSON.stringify(value);
  const [settledKey, setSettledKey] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettledKey(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return useMemo(() => JSON.parse(settledKey) as Value, [settledKey]);
}
