import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptySession, type Session } from '../../session/session';
import { seedSessionData } from '../../queries/sessionData';
import { json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { UploadStep } from './UploadStep';

const uploaded = {
  session_id: 's1',
  filename: 'houses.csv',
  columns: ['city', 'price'],
  data: [['Oslo', 1]],
  shape: [1, 2],
  dtypes: { city: 'object', price: 'int64' },
  missing_values: { city: 0, price: 0 },
  warnings: ['Column names were made unique.'],
  notes: [],
  message: 'File uploaded successfully',
};

function renderStep(session: Session = emptySession()) {
  const props = { onUploaded: vi.fn(), onRemove: vi.fn(), onContinue: vi.fn() };
  renderWithProviders(<UploadStep session={session} {...props} />, (queryClient) =>
    seedSessionData(queryClient, { columns: ['city'], data: [['Oslo']] }),
  );
  return props;
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

const csv = () => new File(['city,price\nOslo,1\n'.repeat(40000)], 'houses.csv', { type: 'text/csv' });

describe('UploadStep', () => {
  it('shows the drop zone texts, the drag state and the accept filter', () => {
    renderStep();
    expect(screen.getByText('Upload your dataset')).toBeVisible();
    expect(screen.getByText('Supports CSV, XLSX files up to 100MB')).toBeVisible();
    expect(fileInput().accept).toBe('.csv,.xlsx,.xls,.parquet');
    expect(fileInput().multiple).toBe(false);

    fireEvent.dragOver(screen.getByText('Upload your dataset'), { dataTransfer: { dropEffect: 'none' } });
    expect(screen.getByText('Drop your file here')).toBeVisible();
  });

  it('uploads a dropped file', async () => {
    stubApi({ 'POST /api/upload/': () => json(uploaded) });
    const props = renderStep();
    const zone = screen.getByText('Upload your dataset');
    fireEvent.dragOver(zone, { dataTransfer: { dropEffect: 'none' } });
    fireEvent.drop(screen.getByText('Drop your file here'), { dataTransfer: { files: [csv()] } });
    await waitFor(() => expect(props.onUploaded).toHaveBeenCalled());
  });

  it('uploads a chosen file and reports the result', async () => {
    const api = stubApi({ 'POST /api/upload/': () => json(uploaded) });
    const props = renderStep();
    const file = csv();
    fireEvent.change(fileInput(), { target: { files: [file] } });

    expect(screen.getByText('houses.csv')).toBeVisible();
    await waitFor(() => expect(props.onUploaded).toHaveBeenCalled());
    expect(props.onUploaded).toHaveBeenCalledWith(uploaded, { name: 'houses.csv', size: file.size });
    expect(api.routes()).toEqual(['POST /api/upload/']);
    expect(await screen.findByText('“houses.csv” uploaded: 1 row, 2 columns.')).toBeVisible();
    expect(await screen.findByText('Column names were made unique.')).toBeVisible();
  });

  it('shows the server error and the drop zone again when the upload fails', async () => {
    stubApi({
      'POST /api/upload/': () => json({ error: 'Unsupported file type.', code: 'unsupported_file' }, 415),
    });
    const props = renderStep();
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(await screen.findByText('Unsupported file type. Upload a CSV, XLSX, XLS or Parquet file.')).toBeVisible();
    expect(screen.getByText('Upload your dataset')).toBeVisible();
    expect(props.onUploaded).not.toHaveBeenCalled();
  });

  it('shows the uploaded file with its size in MB, its preview and a remove button', () => {
    const props = renderStep({
      ...emptySession(),
      uploadedFile: { name: 'houses.csv', size: 1572864 },
      sessionId: 's1',
    });
    expect(screen.getByText('1.50 MB')).toBeVisible();
    expect(screen.getByText('Oslo')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(props.onRemove).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'How the file was read' })).toBeNull();
  });

  it('heads its preview one level below the step title, so no heading level is skipped', () => {
    renderStep({ ...emptySession(), uploadedFile: { name: 'houses.csv', size: 10 }, sessionId: 's1' });
    expect(screen.getByRole('heading', { name: /^Data preview/ }).tagName).toBe('H2');
    expect(document.querySelector('h3')).toBeNull();
  });

  it('keeps what the upload said of how it read the file above the preview', () => {
    const notes = [
      '1 line above the header row was not part of the table and was skipped: "Sales".',
      '1 row repeated the header row and was skipped.',
    ];
    renderStep({
      ...emptySession(),
      uploadedFile: { name: 'houses.csv', size: 10 },
      sessionId: 's1',
      stepResults: { 1: { filename: 'houses.csv', shape: [1, 1], warnings: notes } },
    });
    const region = screen.getByRole('region', { name: 'How the file was read' });
    expect(region).toBeVisible();
    expect([...region.querySelectorAll('li')].map((item) => item.textContent)).toEqual(notes);
  });
});
