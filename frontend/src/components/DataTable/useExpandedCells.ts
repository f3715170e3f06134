import { useState } from 'react';

/** Which truncated cells are expanded; all collapse again when the data changes. */
export function useExpandedCells(data: readonly unknown[]) {
  const [expanded, setExpanded] = useState({ data, keys: new Set<string>() });
  const keys = expanded.data === data ? expanded.keys : new Set<string>();

  const toggle = (key: string) => {
    const next = new Set(keys);
    if (!next.delete(key)) next.add(key);
    setExpanded({ data, keys: next });
  };

  return { isExpanded: (key: string) => keys.has(key), toggle };
}
