import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, stubApi } from '../../test/api';
import { captureDownloads } from '../../test/downloads';
import { renderWithProviders } from '../../test/render';
import { ExportAndPredict } from './ExportAndPredict';
import type { ModelVariant } from './modelVariants';

const VARIANTS: ModelVariant[] = [
  { model: 'RandomForestClassifier', optimized: true },
  { model: 'RandomForestClassifier', optimized: false },
  { model: 'LogisticRegression', optimized: false },
];

const file = (name?: string) =>
  new Response('model bytes', { headers: name === undefined ? {} : { 'Content-Disposition': `attachment; filename="${name}"` } });

function openExport(initial?: ModelVariant) {
  renderWithProviders(<ExportAndPredict variants={VARIANTS} initial={initial} />);
  const opener = screen.getByRole('button', { name: 'Export model' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Export model' }) };
}

const exportButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Export' });

describe('ExportDialog', () => {
  it('takes focus, closes with Escape and gives focus back to its opener', () => {
    const { opener, dialog } = openExport();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("says 'Select a model please.' and calls nothing without a model", () => {
    const api = stubApi({});
    const { dialog } = openExport();
    fireEvent.click(exportButton(dialog));
    expect(within(dialog).getByRole('alert').textContent).toBe('Select a model please.');
    expect(api.calls).toHaveLength(0);
  });

  it("exports the chosen model under its name, saves the file the server names and says 'Model downloaded.'", async () => {
    const api = stubApi({ 'POST /api/export-model/': () => file('RandomForestClassifier_optimized.pkl') });
    const downloads = captureDownloads();
    const { dialog } = openExport(VARIANTS[0]);
    expect(within(dialog).getByRole('textbox', { name: 'Model name' })).toHaveProperty('value', 'RandomForestClassifier_optimized');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'pkl' } });
    fireEvent.click(exportButton(dialog));
    expect(await screen.findByText('Model downloaded.')).toBeVisible();
    expect(api.calls[0]?.body).toEqual({
      selected_model: 'RandomForestClassifier',
      model_name: 'RandomForestClassifier_optimized',
      format: 'pkl',
      optimized: true,
    });
    expect(downloads.map((saved) => saved.name)).toEqual(['RandomForestClassifier_optimized.pkl']);
    expect(await downloads[0]?.blob?.text()).toBe('model bytes');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the file model_export when the server gives no name, and sends a typed name', async () => {
    const api = stubApi({ 'POST /api/export-model/': () => file() });
    const downloads = captureDownloads();
    const { dialog } = openExport();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Model' }), { target: { value: 'LogisticRegression' } });
    expect(within(dialog).getByRole('textbox', { name: 'Model name' })).toHaveProperty('value', 'LogisticRegression');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Model name' }), { target: { value: 'churn' } });
    fireEvent.click(exportButton(dialog));
    await waitFor(() => expect(downloads.map((saved) => saved.name)).toEqual(['model_export']));
    expect(api.calls[0]?.body).toMatchObject({ selected_model: 'LogisticRegression', model_name: 'churn', optimized: false });
  });

  it('shows the ONNX caveat for the onnx format', () => {
    const { dialog } = openExport();
    expect(within(dialog).queryByText(/ONNX export may fail/)).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Format' }), { target: { value: 'onnx' } });
    expect(within(dialog).getByText('ONNX export may fail for some models; joblib or pkl is suggested.')).toBeVisible();
  });

  it.each([
    [
      'the body error',
      () => json({ error: 'Lasso cannot be exported as ONNX.', code: 'brand_new_code' }, 400),
      'Lasso cannot be exported as ONNX.',
    ],
    ['the body message', () => json({ message: 'Busy, try later' }, 503), 'Busy, try later'],
    ['the status', () => new Response('Bad gateway', { status: 502 }), 'Export failed (502)'],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Export failed'],
    ['an empty file', () => new Response(new Uint8Array(0)), 'Export failed: empty response.'],
  ])('shows the failure of %s', async (_, response, message) => {
    stubApi({ 'POST /api/export-model/': response });
    const { dialog } = openExport(VARIANTS[2]);
    fireEvent.click(exportButton(dialog));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it("says 'Export failed.' when the file cannot be saved", async () => {
    stubApi({ 'POST /api/export-model/': () => file('a.joblib') });
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: () => {
        throw new Error('no object URLs here');
      },
    });
    const { dialog } = openExport(VARIANTS[2]);
    fireEvent.click(exportButton(dialog));
    expect(await screen.findByText('Export failed.')).toBeVisible();
  });

  it("reads 'Exporting' while the file is on its way", async () => {
    const answer = deferred<Response>();
    stubApi({ 'POST /api/export-model/': () => answer.promise });
    captureDownloads();
    const { dialog } = openExport(VARIANTS[2]);
    fireEvent.click(exportButton(dialog));
    const busy = await within(dialog).findByRole('button', { name: 'Exporting' });
    expect(busy).toHaveProperty('disabled', true);
    answer.resolve(file('a.joblib'));
    expect(await screen.findByText('Model downloaded.')).toBeVisible();
  });
});
