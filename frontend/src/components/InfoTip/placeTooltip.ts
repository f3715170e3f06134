/** SPEC §9 tooltip sizes. */
export const TOOLTIP_MAX_WIDTH_PX = 420;
export const TOOLTIP_HIDE_DELAY_MS = 120;
export const TOOLTIP_OFFSET_PX = 10;
export const TOOLTIP_VIEWPORT_MARGIN_PX = 8;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

/**
 * Where a tooltip goes: centred below its anchor, or above it when there is no room below,
 * and kept inside the viewport with a margin.
 */
export function placeTooltip(anchor: Box, tip: Size, viewport: Size): { left: number; top: number } {
  const margin = TOOLTIP_VIEWPORT_MARGIN_PX;
  const below = anchor.top + anchor.height + TOOLTIP_OFFSET_PX;
  const above = anchor.top - TOOLTIP_OFFSET_PX - tip.height;
  const fitsBelow = below + tip.height <= viewport.height - margin;
  const top = fitsBelow || above < margin ? below : above;
  const left = anchor.left + anchor.width / 2 - tip.width / 2;
  return {
    left: clamp(left, margin, viewport.width - margin - tip.width),
    top: clamp(top, margin, viewport.height - margin - tip.height),
  };
}
