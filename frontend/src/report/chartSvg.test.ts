import { describe, expect, it } from 'vitest';
import type { Figure } from '../steps/evaluation/evaluationCharts';
import { reportLayout } from './chartSvg';

const FIGURE = { data: [], layout: { title: { text: 'ROC' } }, height: 320 } as unknown as Figure;

describe('reportLayout', () => {
  it('draws the report charts at a fixed size with the interface language’s separators', () => {
    expect(reportLayout(FIGURE, 'de')).toMatchObject({ width: 880, height: 320, autosize: false, separators: ',.' });
    expect(reportLayout(FIGURE, 'en').separators).toBe('.,');
  });
});
