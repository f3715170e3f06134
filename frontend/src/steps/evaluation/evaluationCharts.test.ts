import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import {
  comparisonFigure,
  curveFigure,
  matrixMax,
  predictedFigure,
  residualFigure,
  topImportances,
  TOP_FEATURES,
} from './evaluationCharts';

describe('evaluation charts', () => {
  it('compare the models with values above the bars and the best in green', () => {
    const figure = comparisonFigure(
      [
        { model: 'A', value: 0.5, text: '0.5000', best: false },
        { model: 'B', value: 0.8, text: '0.8000', best: true },
      ],
      'Accuracy',
    );
    const trace = figure.data[0] as { marker: { color: string[] }; textposition: string; text: string[] };
    expect(trace.marker.color).toEqual([CHART_COLORS.accent, CHART_COLORS.good]);
    expect(trace.textposition).toBe('outside');
    expect(trace.text).toEqual(['0.5000', '0.8000']);
    expect(figure.layout.yaxis?.range).toEqual([0, 0.8 * 1.15]);
  });

  it('draw cross-validated scores with one standard deviation as error bars, and none for one split', () => {
    const figure = comparisonFigure(
      [
        { model: 'A', value: 0.5, text: '0.5000', best: false, spread: 0.1 },
        { model: 'B', value: 0.8, text: '0.8000', best: true, spread: 0.05 },
      ],
      'Accuracy',
    );
    const trace = figure.data[0] as { error_y: { type: string; array: number[]; visible: boolean } };
    expect(trace.error_y).toMatchObject({ type: 'data', array: [0.1, 0.05], visible: true });
    // the axis makes room for the top of the tallest error bar
    const [low, high] = figure.layout.yaxis?.range as [number, number];
    expect(low).toBe(0);
    expect(high).toBeCloseTo(0.85 * 1.15);
    const split = comparisonFigure([{ model: 'A', value: 0.5, text: '0.5000', best: true }], 'Accuracy');
    expect(split.data[0]).not.toHaveProperty('error_y');
  });

  it('draw one line per class and the chance diagonal for ROC', () => {
    const figure = curveFigure([{ label: true, x: [0, 1], y: [0, 1] }], { x: 'FPR', y: 'TPR' }, 'diagonal');
    expect(figure.data).toHaveLength(2);
    expect(figure.layout.showlegend).toBe(false);
    expect(
      curveFigure(
        [
          { label: 'a', x: [0], y: [1] },
          { label: 'b', x: [0], y: [1] },
        ],
        { x: 'R', y: 'P' },
        null,
      ).layout.showlegend,
    ).toBe(true);
  });

  it('leave out sample points that are not numbers', () => {
    const sample = { actual: [1, null, 3], predicted: [1.5, 2, null], residual: [-0.5, null, null] };
    expect((predictedFigure(sample, { x: 'a', y: 'p' }).data[0] as { x: number[] }).x).toEqual([1]);
    expect((residualFigure(sample, { x: 'p', y: 'r' }).data[0] as { y: number[] }).y).toEqual([-0.5]);
  });

  it('keep the largest importances first, and shade matrices by their largest count', () => {
    const features = Array.from({ length: 20 }, (_, index) => ({ feature: `f${index}`, importance: index % 2 ? -index : index }));
    const top = topImportances({
      confusion_matrix: null,
      roc_curves: [],
      pr_curves: [],
      prediction_sample: null,
      feature_importances: { method: 'permutation', features },
      cluster_sizes: [],
    });
    expect(top).toHaveLength(TOP_FEATURES);
    expect(top[0]).toEqual({ feature: 'f19', importance: -19 });
    expect(
      matrixMax([
        [16, 0],
        [3, 5],
      ]),
    ).toBe(16);
  });
});
