import { describe, expect, it } from 'vitest';
import { placeTooltip } from './placeTooltip';

const viewport = { width: 1000, height: 800 };
const tip = { width: 200, height: 60 };

describe('placeTooltip', () => {
  it('centres the tooltip 10 px below its anchor', () => {
    expect(placeTooltip({ left: 400, top: 100, width: 20, height: 20 }, tip, viewport)).toEqual({ left: 310, top: 130 });
  });

  it('goes above the anchor when there is no room below', () => {
    expect(placeTooltip({ left: 400, top: 760, width: 20, height: 20 }, tip, viewport)).toEqual({ left: 310, top: 690 });
  });

  it('keeps an 8 px margin from the viewport edges', () => {
    expect(placeTooltip({ left: 0, top: 100, width: 20, height: 20 }, tip, viewport).left).toBe(8);
    expect(placeTooltip({ left: 990, top: 100, width: 20, height: 20 }, tip, viewport).left).toBe(792);
  });
});
