import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, stubApi } from '../../test/api';
import { captureDownloads } from '../../test/downloads';
import { renderWithProviders } from '../../test/render';
import { PredictPanel } from './PredictPanel';

const VARIANTS = [
  { model: 'KMeans', optimized: true },
  { model: 'KMeans', optimized: false },
];

function start(answer: () => Response | Promise<Response>, progress: unknown = { task: null, done: 0, total: 0, message: '' }) {
  const api = stubApi({ 'POST /api/predict/': answer, 'GET /api/progress/': () => json(progress) });
  const downloads = captureDownloads();
  renderWithProviders(<PredictPanel variants={VARIANTS} initial={VARIANTS[0]} />);
  const run = screen.getByRole('button', { name: 'Predict and download' });
  expect(run).toHaveProperty('disabled', true);
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File(['a,b\n1,2\n'], 'new.csv', { type: 'text/csv' })] } });
  return { api, downloads, run };
}

describe('PredictPanel', () => {
  it('takes the file through the same drop zone as Upload, dropped or chosen, and names it', () => {
    stubApi({});
    renderWithProviders(<PredictPanel variants={VARIANTS} initial={VARIANTS[0]} />);
    expect(screen.getByText('Choose the file to predict')).toBeVisible();
    expect(screen.getByText('Drag a file here or click to browse')).toBeVisible();
    const zone = screen.getByText('Choose the file to predict').closest('label');
    if (zone === null) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a\n1\n'], 'dropped.csv')] } });
    expect(screen.getByText('Chosen: dropped.csv')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Predict and download' })).toHaveProperty('disabled', false);
  });

  it('sends the file, the model and whether it is optimized, and saves the predictions', async () => {
    const csv = 'a,b,prediction\n1,2,0\n';
    const { api, downloads, run } = start(
      () => new Response(csv, { headers: { 'Content-Disposition': 'attachment; filename="new_predictions.csv"' } }),
    );
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveProperty('value', 'KMeans:optimized');
    fireEvent.click(run);
    expect(await screen.findByText('Predictions downloaded.')).toBeVisible();
    const form = await api.calls[0]?.request.formData();
    expect([form?.get('selected_model'), form?.get('optimized')]).toEqual(['KMeans', 'true']);
    expect(await (form?.get('file') as File).text()).toBe('a,b\n1,2\n');
    expect(downloads.map((saved) => saved.name)).toEqual(['new_predictions.csv']);
    expect(await downloads[0]?.blob?.text()).toBe(csv);

    fireEvent.change(screen.getByRole('combobox', { name: 'Model' }), { target: { value: 'KMeans' } });
    fireEvent.click(run);
    await screen.findAllByText('Predictions downloaded.');
    expect((await api.calls[1]?.request.formData())?.get('optimized')).toBe('false');
  });

  it('sends explain=true when each prediction is to be explained, and false otherwise', async () => {
    const csv = 'a,b,prediction,top_1_column\n1,2,0,a\n';
    const { api, downloads, run } = start(
      () => new Response(csv, { headers: { 'Content-Disposition': 'attachment; filename="new_predictions.csv"' } }),
    );
    const explain = screen.getByRole('checkbox', { name: 'Explain each prediction' });
    expect(explain).toHaveProperty('checked', false);
    expect(
      screen.getByRole('checkbox', { name: 'Explain each prediction', description: /three columns that contributed most.*up to 60 s/ }),
    ).toBe(explain);
    fireEvent.click(run);
    await screen.findByText('Predictions downloaded.');
    expect((await api.calls[0]?.request.formData())?.get('explain')).toBe('false');

    fireEvent.click(explain);
    fireEvent.click(run);
    await waitFor(() => expect(downloads).toHaveLength(2));
    const form = await api.calls[1]?.request.formData();
    expect([form?.get('explain'), form?.get('selected_model'), form?.get('optimized')]).toEqual(['true', 'KMeans', 'true']);
  });

  it("shows the translated reason when the file's columns do not match", async () => {
    const { run } = start(() =>
      json({ error: 'The file lacks columns the model was trained on: age', code: 'missing_columns', params: { columns: 'age' } }, 400),
    );
    fireEvent.click(run);
    expect(await screen.findByText('Prediction failed')).toBeVisible();
    expect(screen.getByText('The file lacks columns the model was trained on: age')).toBeVisible();
  });

  it('shows the progress of the prediction while the request runs', async () => {
    const answer = deferred<Response>();
    const { run } = start(() => answer.promise, { task: 'prediction', done: 5000, total: 20000, message: 'Predicting rows' });
    expect(screen.queryByRole('progressbar', { name: 'Predicting' })).toBeNull();
    fireEvent.click(run);
    const bar = await screen.findByRole('progressbar', { name: 'Predicting' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    answer.resolve(new Response('a,b,prediction\n1,2,0\n'));
    expect(await screen.findByText('Predictions downloaded.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Predicting' })).toBeNull());
  });
});
