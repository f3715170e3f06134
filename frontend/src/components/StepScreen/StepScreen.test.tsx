import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { seedSessionData } from '../../queries/sessionData';
import { renderWithProviders } from '../../test/render';
import { StepScreen } from './StepScreen';

const TABLE = { columns: ['age', 'city'], data: [[30, 'Oslo']] };

function start() {
  const snapshot = { take: vi.fn(() => Promise.resolve()), reset: vi.fn(), exists: false };
  const { container } = renderWithProviders(
    <StepScreen
      stepId={5}
      title="Encoding"
      description="Turn categories into numbers."
      snapshot={snapshot}
      actions={<button type="button">Continue</button>}
    >
      <section aria-label="Settings">settings card</section>
    </StepScreen>,
    (queryClient) => seedSessionData(queryClient, TABLE),
  );
  return { container, snapshot };
}

describe('StepScreen', () => {
  it('lays out the header, the cards, the preview of the data, then the actions', () => {
    const { container } = start();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Encoding');
    expect(container.querySelector('.step-screen__description')?.textContent).toBe('Turn categories into numbers.');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent.trim()),
    ).toEqual(expect.arrayContaining([expect.stringContaining('age'), expect.stringContaining('city')]));
    const order = [
      screen.getByRole('heading', { level: 1 }),
      screen.getByRole('region', { name: 'Settings' }),
      table,
      screen.getByRole('button', { name: 'Continue' }),
    ];
    for (let index = 1; index < order.length; index += 1) {
      expect(order[index - 1]?.compareDocumentPosition(order[index] as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    }
    expect(screen.getByRole('button', { name: 'Continue' }).parentElement?.className).toBe('step-screen__actions');
  });

  it("drops a column from the preview under the step's id, with the snapshot the screen shares", async () => {
    const api = stubApi({
      'POST /api/drop-columns/': () =>
        json({ columns: ['age'], data: [[30]], shape: [1, 1], dtypes: {}, missing_values: {}, dropped_columns: ['city'], message: 'ok' }),
      'GET /api/get-session-data/': () => json({ columns: ['age'], data: [[30]], shape: [1, 1], dtypes: {}, missing_values: {} }),
    });
    const { snapshot } = start();
    fireEvent.click(screen.getByRole('button', { name: 'Drop column city' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Drop column?' }), { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((header) => header.textContent.trim())).toEqual(['age']));
    expect(snapshot.take).toHaveBeenCalledTimes(1);
    expect(api.calls.find((call) => call.route === 'POST /api/drop-columns/')?.body).toEqual({ columns: ['city'], step_id: 5 });
  });
});
