import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from './NumberField';
import { readNumber } from './numberInput';

describe('readNumber', () => {
  it('reads numbers inside the bounds only', () => {
    expect(readNumber('1.5', { min: 0.1, max: 10 })).toBe(1.5);
    expect(readNumber('0.05', { min: 0.1, max: 10 })).toBeNull();
    expect(readNumber('10.1', { min: 0.1, max: 10 })).toBeNull();
    expect(readNumber('', { min: 0 })).toBeNull();
    expect(readNumber('abc', {})).toBeNull();
    expect(readNumber('2.5', { min: 2, integer: true })).toBeNull();
    expect(readNumber('3', { min: 2, integer: true })).toBe(3);
  });
});

describe('NumberField', () => {
  it('has min, max and step, reports valid numbers and null with a message otherwise', () => {
    const onChange = vi.fn();
    render(<NumberField label="Factor" value={1.5} min={0.1} max={10} step={0.1} onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Factor' });
    expect([input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step')]).toEqual(['0.1', '10', '0.1']);

    fireEvent.change(input, { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(input, { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert').textContent).toBe('Enter a number from 0.1 to 10.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a number of at least the minimum when there is no maximum', () => {
    render(<NumberField label="Max categories" value={10} min={2} step={1} integer onChange={vi.fn()} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Max categories' }), { target: { value: '1' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a number of at least 2.');
  });
});
