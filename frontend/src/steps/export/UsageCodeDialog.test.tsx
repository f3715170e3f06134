import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { ExportAndPredict } from './ExportAndPredict';

const CODE = 'import joblib\nmodel = joblib.load("LogisticRegression.joblib")\n';

function openUsageCode() {
  const api = stubApi({ 'GET /api/usage-code/': () => json({ file_name: 'LogisticRegression.joblib', code: CODE }) });
  renderWithProviders(
    <ExportAndPredict
      variants={[{ model: 'LogisticRegression', optimized: false }]}
      initial={{ model: 'LogisticRegression', optimized: false }}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Usage code' }));
  return { api, dialog: screen.getByRole('dialog', { name: 'Usage code' }) };
}

function setClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
}

afterEach(() => setClipboard(undefined));

describe('UsageCodeDialog', () => {
  it('shows the code for the file the export names', async () => {
    const { api, dialog } = openUsageCode();
    const code = await within(dialog).findByText(/model = joblib.load/);
    expect(code.tagName).toBe('CODE');
    expect(code.parentElement?.tagName).toBe('PRE');
    expect(code.textContent).toBe(CODE);
    expect(within(dialog).getByText('For LogisticRegression.joblib')).toBeVisible();
    const url = new URL(api.calls[0]?.request.url ?? '');
    expect([url.searchParams.get('model_name'), url.searchParams.get('format')]).toEqual(['LogisticRegression', 'joblib']);
  });

  it('lets a keyboard reach and scroll the code, a named region (WCAG 2.1.1)', async () => {
    const { dialog } = openUsageCode();
    const code = await within(dialog).findByRole('region', { name: 'Python code' });
    expect(code.tagName).toBe('PRE');
    expect(code.tabIndex).toBe(0);
  });

  it('copies the code to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    const { dialog } = openUsageCode();
    await within(dialog).findByText(/model = joblib.load/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Code copied.')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(CODE);
  });

  it('selects the code for copying by hand when there is no clipboard', async () => {
    const { dialog } = openUsageCode();
    await within(dialog).findByText(/model = joblib.load/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Copying is not available here; the code is selected, copy it with Ctrl+C.')).toBeVisible();
    expect(window.getSelection()?.toString()).toBe(CODE);
  });
});
