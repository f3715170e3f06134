import { fireEvent, render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { BarChart } from './BarChart';

// Plotly cannot draw in jsdom; the lazily loaded module is replaced at its boundary.
vi.mock('./Plot', () => ({
  default: ({ layout }: { layout: { height: number; separators: string; yaxis: { ticktext: string[] } } }) => (
    <div data-testid="plot" data-height={layout.height} data-separators={layout.separators}>
      {layout.yaxis.ticktext.join('|')}
    </div>
  ),
}));

describe('Chart', () => {
  it('holds the place of the lazily loaded chart, then shows it with cut labels', async () => {
    render(
      <BarChart
        label="Scores"
        orientation="h"
        bars={[
          { name: 'a_rather_long_feature_name', value: 0.8 },
          { name: 'short', value: 0.2 },
        ]}
      />,
    );
    const figure = screen.getByRole('img', { name: 'Scores' });
    expect(figure.querySelector('.chart__placeholder')).not.toBeNull();
    const plot = await screen.findByTestId('plot');
    expect(plot.textContent).toBe('a_rather_long_…|short');
    expect(figure.style.height).toBe(`${plot.dataset.height ?? ''}px`);
  });

  it("writes the chart's numbers with the interface language's decimal mark and thousands separator", async () => {
    render(<BarChart label="Scores" orientation="h" bars={[{ name: 'a', value: 0.5 }]} />);
    expect((await screen.findByTestId('plot')).dataset.separators).toBe('.,');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('plot').dataset.separators).toBe(',.');
  });

  it('shows the same numbers as a table on request, in the interface language', () => {
    render(
      <BarChart
        label="Missing values by column"
        orientation="h"
        counts
        bars={[
          { name: 'age', value: 1200 },
          { name: 'city', value: 3 },
        ]}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Missing values by column' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['CategoryValue', 'age1,200', 'city3']);
    fireEvent.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
