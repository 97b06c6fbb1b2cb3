import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from '../../../renderer/components/QuantityStepper';
import { checkQuantity } from '../../../renderer/lib/quantityRules';

function Harness({ initial, minimum, stock }: { initial: string; minimum: number; stock: number }) {
  const [value, setValue] = useState(initial);
  return <QuantityStepper label="Cases" value={value} onChange={setValue} limits={{ minimum, stock }} />;
}

describe('quantity rules', () => {
  it.each([
    ['', 'Enter how many cases you want.'],
    ['abc', 'Enter a whole number of cases (no decimals or letters).'],
    ['1.5', 'Enter a whole number of cases (no decimals or letters).'],
    ['0', 'Enter at least 3 cases.'],
    ['-3', 'Enter at least 3 cases.'],
    ['2', 'The minimum order is 3 cases.'],
    ['11', 'Only 10 cases available.'],
  ])('refuses %j with a plain message', (raw, message) => {
    expect(checkQuantity(raw, { minimum: 3, stock: 10 })).toEqual({ ok: false, message });
  });

  it('asks for at least the product’s minimum, in the right number', () => {
    expect(checkQuantity('0', { minimum: 2, stock: 10 })).toEqual({ ok: false, message: 'Enter at least 2 cases.' });
    expect(checkQuantity('0', { minimum: 1, stock: 10 })).toEqual({ ok: false, message: 'Enter at least 1 case.' });
  });

  it('accepts whole numbers between minimum and stock', () => {
    expect(checkQuantity('3', { minimum: 3, stock: 10 })).toEqual({ ok: true, value: 3 });
    expect(checkQuantity(10, { minimum: 3, stock: 10 })).toEqual({ ok: true, value: 10 });
  });
});

describe('quantity stepper', () => {
  it('shows the problem next to the field, marks it invalid, and clears it when fixed', () => {
    render(<Harness initial="3" minimum={3} stock={10} />);
    const input = screen.getByRole('textbox', { name: 'Cases' });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(input, { target: { value: '2' } });
    expect(screen.getByRole('alert').textContent).toBe('The minimum order is 3 cases.');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'twelve' } });
    expect(screen.getByRole('alert').textContent).toMatch(/whole number/);

    fireEvent.change(input, { target: { value: '4' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('steps within minimum and stock and disables the buttons at the ends', () => {
    render(<Harness initial="3" minimum={3} stock={4} />);
    const input = screen.getByRole('textbox', { name: 'Cases' }) as HTMLInputElement;
    const fewer = screen.getByRole('button', { name: 'Decrease Cases' }) as HTMLButtonElement;
    const more = screen.getByRole('button', { name: 'Increase Cases' }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(true);
    fireEvent.click(more);
    expect(input.value).toBe('4');
    expect(more.disabled).toBe(true);
    fireEvent.click(fewer);
    expect(input.value).toBe('3');
  });
});
