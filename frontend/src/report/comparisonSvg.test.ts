import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../components/charts/chartTheme';
import { COMPARISON_PLOT, comparisonBarCenter, comparisonScale, comparisonSvg, type ComparisonBar } from './comparisonSvg';

const WORDS = { title: 'Accuracy by model', valueTitle: 'Accuracy', tick: (value: number) => value.toFixed(2) };

const CROSS_VALIDATED: ComparisonBar[] = [
  { model: 'LogisticRegression', value: 0.5, text: '0.5000', best: false, spread: 0.1, spoken: '0.5000 ± 0.1000' },
  { model: 'RandomForestClassifier', value: 0.8, text: '0.8000', best: true, spread: 0.05, spoken: '0.8000 ± 0.0500' },
];

function drawn(svg: string): Element {
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  expect(root.tagName).toBe('svg');
  return root;
}

function numbers(element: Element | null | undefined, ...names: string[]): number[] {
  return names.map((name) => Number(element?.getAttribute(name)));
}

describe('comparisonSvg', () => {
  it('draws ± one standard deviation as an error bar with caps at the scale of the bars', () => {
    const svg = drawn(comparisonSvg(CROSS_VALIDATED, { ...WORDS, spreadNote: 'Error bars: ± one standard deviation over 5 folds.' }));
    // the axis runs from zero to 15 % above the tallest error bar's top
    const { y } = comparisonScale(CROSS_VALIDATED);
    const plotBottom = COMPARISON_PLOT.height - COMPARISON_PLOT.bottom;
    expect(y(0)).toBeCloseTo(plotBottom);
    expect(y(0.85 * 1.15)).toBeCloseTo(COMPARISON_PLOT.top);
    const at = (value: number) => COMPARISON_PLOT.top + ((0.85 * 1.15 - value) / (0.85 * 1.15)) * (plotBottom - COMPARISON_PLOT.top);

    const bars = [...svg.querySelectorAll('g.error-bar')];
    expect(bars).toHaveLength(2);
    CROSS_VALIDATED.forEach((bar, index) => {
      const group = bars[index];
      const center = comparisonBarCenter(index, 2);
      const spread = bar.spread ?? 0;
      expect(numbers(group?.querySelector('.error-bar-stem'), 'x1', 'x2')).toEqual([center, center]);
      const [top, bottom] = numbers(group?.querySelector('.error-bar-stem'), 'y1', 'y2');
      expect(top).toBeCloseTo(at(bar.value + spread));
      expect(bottom).toBeCloseTo(at(bar.value - spread));
      const caps = [...(group?.querySelectorAll('.error-bar-cap') ?? [])].map((cap) => numbers(cap, 'x1', 'y1', 'x2', 'y2'));
      expect(caps).toHaveLength(2);
      for (const [[x1, y1, x2, y2], value] of caps.map((cap, end) => [cap, end === 0 ? bar.value + spread : bar.value - spread] as const)) {
        expect([x1, x2]).toEqual([center - COMPARISON_PLOT.capHalfWidth, center + COMPARISON_PLOT.capHalfWidth]);
        expect(y1).toBeCloseTo(at(value));
        expect(y2).toBeCloseTo(at(value));
      }
    });
    // the bar itself reaches from zero to the mean, the best one green
    const rects = [...svg.querySelectorAll('rect.bar')];
    expect(Number(rects[1]?.getAttribute('y'))).toBeCloseTo(at(0.8));
    expect(Number(rects[1]?.getAttribute('height'))).toBeCloseTo(plotBottom - at(0.8));
    expect(rects.map((rect) => rect.getAttribute('fill'))).toEqual([CHART_COLORS.accent, CHART_COLORS.good]);
  });

  it('says the scores and their spread in its title and description', () => {
    const svg = drawn(comparisonSvg(CROSS_VALIDATED, { ...WORDS, spreadNote: 'Error bars: ± one standard deviation over 5 folds.' }));
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-labelledby')).toBe('comparison-title comparison-description');
    expect(svg.querySelector('title')?.textContent).toBe('Accuracy by model');
    expect(svg.querySelector('desc')?.textContent).toBe(
      'LogisticRegression: 0.5000 ± 0.1000; RandomForestClassifier: 0.8000 ± 0.0500. Error bars: ± one standard deviation over 5 folds.',
    );
  });

  it('draws no error bar for a holdout score, and escapes the names', () => {
    const holdout: ComparisonBar[] = [{ model: '<b>A</b>', value: 0.5, text: '0.5000', best: true, spoken: '0.5000' }];
    const markup = comparisonSvg(holdout, { ...WORDS, spreadNote: null });
    expect(markup).not.toContain('<b>');
    const svg = drawn(markup);
    expect(svg.querySelectorAll('.error-bar, .error-bar-cap')).toHaveLength(0);
    expect(svg.querySelector('desc')?.textContent).toBe('<b>A</b>: 0.5000');
    expect(comparisonScale(holdout).high).toBeCloseTo(0.5 * 1.15);
  });
});
