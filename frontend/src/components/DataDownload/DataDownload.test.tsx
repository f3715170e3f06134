import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App, createQueryClient } from '../../app/App';
import { SESSION_STORAGE_KEY, VIEW_STORAGE_KEY } from '../../app/savedState';
import { completeStep, emptySession } from '../../session/session';
import { chooseLanguage } from '../../i18n/i18n';
import { analysisFixture } from '../../test/analysis';
import { json, stubApi } from '../../test/api';
import { StepHeader } from '../StepScreen/StepScreen';
import { DataDownloadContext, dataDownloadUrl } from './dataDownload';

function header(downloadable: boolean) {
  return render(
    <DataDownloadContext.Provider value={downloadable}>
      <StepHeader title="Encoding" description="Turn categories into numbers." />
    </DataDownloadContext.Provider>,
  );
}

describe('Download data', () => {
  it('links to the current frame as CSV and as Parquet, named and reachable by keyboard', () => {
    header(true);
    const group = screen.getByRole('group', { name: 'Download data' });
    expect(group).toBeVisible();
    const csv = within(group).getByRole('link', { name: 'Download data as CSV' });
    const parquet = within(group).getByRole('link', { name: 'Download data as Parquet' });
    expect([csv.textContent, parquet.textContent]).toEqual(['CSV', 'Parquet']);
    for (const [link, format] of [
      [csv, 'csv'],
      [parquet, 'parquet'],
    ] as const) {
      const address = new URL(link.getAttribute('href') ?? '', 'http://page.test');
      expect([address.pathname, address.search]).toEqual(['/api/download-data/', `?format=${format}`]);
      expect(link.getAttribute('href')).toBe(dataDownloadUrl(format));
    }
    // a download link: the browser saves the streamed file and the page stays where it is
    expect(csv.hasAttribute('download')).toBe(true);
    expect(parquet.hasAttribute('download')).toBe(true);
    csv.focus();
    expect(document.activeElement).toBe(csv);
    expect(csv.tabIndex).toBe(0);
  });

  it('is absent from a header outside a step with data', () => {
    header(false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Encoding');
    expect(screen.queryByRole('group', { name: 'Download data' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('addresses the configured API server', () => {
    expect(dataDownloadUrl('parquet', 'https://api.example.org')).toBe('https://api.example.org/api/download-data/?format=parquet');
  });

  it('names the links in the interface language', async () => {
    await chooseLanguage('de');
    header(true);
    expect(screen.getByRole('group', { name: 'Daten herunterladen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Daten als Parquet herunterladen' }).textContent).toBe('Parquet');
  });

  it('shows once in the pipeline on every step after the upload, not on the upload', async () => {
    const analysis = analysisFixture({ columns: ['city', 'price'], data: [['Oslo', 12.5]] });
    stubApi({ 'GET /api/analyze/': () => json(analysis) });
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        ...completeStep(emptySession(), 1),
        columns: ['city', 'price'],
        currentData: [['Oslo', 12.5]],
        uploadedFile: { name: 'houses.csv', size: 1024 },
        sessionId: 'session-1',
      }),
    );
    render(<App queryClient={createQueryClient()} />);
    await screen.findByRole('heading', { name: 'Dataset Overview' }, { timeout: 10_000 });
    expect(screen.getAllByRole('group', { name: 'Download data' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Missing Values' }));
    expect(screen.getByRole('heading', { name: 'Missing values', level: 1 })).toBeVisible();
    expect(screen.getAllByRole('group', { name: 'Download data' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '1 Upload (completed)' }));
    expect(screen.getByText('houses.csv')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Download data' })).toBeNull();
  });
});
