import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepBar, type StepItem } from './StepBar';

const steps: StepItem[] = [
  { id: 1, name: 'Upload', status: 'completed', clickable: true },
  { id: 2, name: 'Analyze', status: 'active', clickable: true },
  { id: 3, name: 'Missing values', status: 'pending', clickable: false },
];

describe('StepBar', () => {
  it('numbers the steps, marks their state and only lets clickable steps be chosen', () => {
    const onSelect = vi.fn();
    render(<StepBar steps={steps} onSelect={onSelect} />);

    const upload = screen.getByRole('button', { name: '1 Upload (completed)' });
    const analyze = screen.getByRole('button', { name: '2 Analyze (current step)' });
    const missing = screen.getByRole('button', { name: '3 Missing values (not started)' });
    expect(analyze.getAttribute('aria-current')).toBe('step');
    expect(missing.textContent).toContain('3');
    expect(missing).toHaveProperty('disabled', true);

    fireEvent.click(missing);
    fireEvent.click(upload);
    expect(onSelect.mock.calls).toEqual([[1]]);
  });
});
