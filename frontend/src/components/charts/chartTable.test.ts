import { describe, expect, it } from 'vitest';
import { barFigure } from './barFigure';
import { chartTable } from './chartTable';

const fallbacks = { category: 'Category', value: 'Value', series: 'Series' };

describe('chartTable', () => {
  it('lists horizontal bars as category then value, with the axis title', () => {
    const figure = barFigure(
      [
        { name: 'a_rather_long_feature_name', value: 0.8 },
        { name: 'b & c', value: 0.2 },
      ],
      { orientation: 'h', valueTitle: 'VIF' },
    );
    expect(chartTable(figure.data, figure.layout, fallbacks)).toEqual({
      columns: ['Category', 'VIF'],
      rows: [
        ['a_rather_long_feature_name', 0.8],
        ['b & c', 0.2],
      ],
    });
  });

  it('names the series of several curves and leaves reference lines out', () => {
    const table = chartTable(
      [
        { type: 'scatter', name: 'yes', x: [0, 1], y: [0.5, 1] },
        { type: 'scatter', name: 'no', x: [0], y: [0.25] },
        { type: 'scatter', hoverinfo: 'skip', x: [0, 1], y: [0, 1] },
      ],
      { xaxis: { title: { text: 'False positive rate' } }, yaxis: { title: { text: 'True positive rate' } } },
      fallbacks,
    );
    expect(table).toEqual({
      columns: ['Series', 'False positive rate', 'True positive rate'],
      rows: [
        ['yes', 0, 0.5],
        ['yes', 1, 1],
        ['no', 0, 0.25],
      ],
    });
  });
});
