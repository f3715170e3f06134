import type { PlotData } from 'plotly.js';
import { describe, expect, it } from 'vitest';
import { barFigure, plainText } from './barFigure';

describe('barFigure', () => {
  const bars = [
    { name: 'customer_lifetime_value', value: 12, text: '12.00' },
    { name: 'customer_lifetime_visits', value: 3 },
    { name: 'age', value: 1, label: 'Age' },
  ];

  it('keeps full names as categories and cuts the axis labels at 14 characters', () => {
    const figure = barFigure(bars, { orientation: 'h' });
    const trace = figure.data[0] as Partial<PlotData>;
    expect(trace.y).toEqual(['customer_lifetime_value', 'customer_lifetime_visits', 'age']);
    expect(trace.x).toEqual([12, 3, 1]);
    expect(figure.layout.yaxis?.ticktext).toEqual(['customer_lifet…', 'customer_lifet…', 'Age']);
    expect(figure.layout.yaxis?.type).toBe('category');
    expect(figure.layout.yaxis?.autorange).toBe('reversed');
    expect(trace.customdata).toEqual(['customer_lifetime_value', 'customer_lifetime_visits', 'age']);
  });

  it('ticks a counts axis at whole numbers only', () => {
    const few = barFigure([{ name: 'a', value: 4 }], { orientation: 'h', counts: true });
    expect(few.layout.xaxis).toMatchObject({ tickformat: ',d', dtick: 1 });
    const many = barFigure([{ name: 'a', value: 400 }], { orientation: 'h', counts: true });
    expect(many.layout.xaxis?.tickformat).toBe(',d');
    expect(many.layout.xaxis?.dtick).toBeUndefined();
  });

  it('puts categories along the bottom of a vertical chart and fixes the value range when given', () => {
    const figure = barFigure(bars, { orientation: 'v', valueRange: [0, 1] });
    const trace = figure.data[0] as Partial<PlotData>;
    expect(trace.x).toEqual(['customer_lifetime_value', 'customer_lifetime_visits', 'age']);
    expect(figure.layout.yaxis?.range).toEqual([0, 1]);
    expect(figure.layout.xaxis?.ticktext).toEqual(['customer_lifet…', 'customer_lifet…', 'Age']);
  });

  it('grows a horizontal chart with its bars and draws reference lines', () => {
    const small = barFigure(bars.slice(0, 1), { orientation: 'h' });
    const large = barFigure(
      Array.from({ length: 20 }, (_, i) => ({ name: `c${i}`, value: i })),
      { orientation: 'h', markers: [5, 10] },
    );
    expect(large.height).toBeGreaterThan(small.height);
    expect(large.layout.shapes?.map((shape) => shape.x0)).toEqual([5, 10]);
  });

  it('escapes names Plotly would read as markup', () => {
    expect(plainText('<b>a & b</b>')).toBe('&lt;b&gt;a &amp; b&lt;/b&gt;');
  });
});
