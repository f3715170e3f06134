import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from './NumberField';
import { clampedNumber, readNumber } from './numberInput';

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

describe('clampedNumber', () => {
  it('moves numbers into the bounds and rounds whole numbers', () => {
    expect(clampedNumber('1', { min: 2, max: 10, integer: true })).toBe(2);
    expect(clampedNumber('11', { min: 2, max: 10, integer: true })).toBe(10);
    expect(clampedNumber('4.6', { min: 2, max: 10, integer: true })).toBe(5);
    expect(clampedNumber('-3', { min: 2 })).toBe(2);
    expect(clampedNumber('', { min: 2 })).toBeNull();
    expect(clampedNumber('abc', { min: 2 })).toBeNull();
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

  it('with clamp, reports the nearest bound and shows it once the field is left', () => {
    const onChange = vi.fn();
    render(<NumberField label="CV folds" value={5} min={2} max={10} step={1} integer clamp onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'CV folds' });
    fireEvent.change(input, { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a number.');
  });
});
