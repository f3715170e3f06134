import { useState } from 'react';

/** SPEC §9 table limits. */
export const INITIAL_ROWS = 10;
export const ROWS_PER_GROWTH = 50;
export const MAX_ROWS = 500;
/** How close to the bottom (px) a scroll must come to show more rows. */
export const NEAR_BOTTOM_PX = 48;

function isNearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
}

/**
 * How many rows the table shows: 10 first, 50 more each time the user scrolls near the
 * bottom, at most 500; back to 10 whenever the data changes.
 */
export function useVisibleRows(data: readonly unknown[]) {
  const [grown, setGrown] = useState({ data, count: INITIAL_ROWS });
  const count = grown.data === data ? grown.count : INITIAL_ROWS;
  const visibleCount = Math.min(count, data.length, MAX_ROWS);
  const hasMore = visibleCount < Math.min(data.length, MAX_ROWS);

  const showMore = () => {
    if (hasMore) setGrown({ data, count: Math.min(count + ROWS_PER_GROWTH, MAX_ROWS) });
  };

  /** For scroll events, and for wheel events on a table too short to scroll. */
  const showMoreNearBottom = (element: HTMLElement) => {
    if (isNearBottom(element)) showMore();
  };

  return { visibleCount, hasMore, showMore, showMoreNearBottom };
}
