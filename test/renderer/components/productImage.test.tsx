import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_PAUSE_MS, noteSearchKeystroke, useTypingStore } from '../../../renderer/app/typingStore';
import { LIST_IMAGE_DELAY_MS, ProductImage } from '../../../renderer/components/ProductImage';

const KEYSTROKE_INTERVAL_MS = 150;

function typeFor(ms: number) {
  for (let typed = 0; typed < ms; typed += KEYSTROKE_INTERVAL_MS) {
    act(() => noteSearchKeystroke());
    act(() => vi.advanceTimersByTime(KEYSTROKE_INTERVAL_MS));
  }
}

describe('ProductImage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    useTypingStore.setState({ typing: false });
    vi.useRealTimers();
  });

  it('in a list, asks for the photo only once the product has stayed on screen a moment', () => {
    render(<ProductImage url="/product-images/prod_a?v=1" name="Coast Pinot Noir" />);
    expect(screen.getByRole('img', { name: 'Photo of Coast Pinot Noir' }).tagName).toBe('DIV');
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS - 1));
    expect(document.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Coast Pinot Noir' }).getAttribute('src')).toBe('/product-images/prod_a?v=1');
  });

  it('never asks for the photo of a product replaced before the moment passed', () => {
    const { unmount } = render(<ProductImage url="/product-images/prod_b?v=1" name="Ridge Zinfandel" />);
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS / 2));
    unmount();
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS));
    expect(document.querySelector('img')).toBeNull();
  });

  it('while the buyer types a search, waits for a pause however long the product stays on screen', () => {
    render(<ProductImage url="/product-images/prod_d?v=1" name="Barossa Shiraz" />);
    typeFor(LIST_IMAGE_DELAY_MS * 3);
    expect(document.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - KEYSTROKE_INTERVAL_MS - 1));
    expect(document.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(useTypingStore.getState().typing).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('img', { name: 'Barossa Shiraz' }).getAttribute('src')).toBe('/product-images/prod_d?v=1');
  });

  it('after the pause, a product that only just appeared still waits its full moment', () => {
    const shownBeforePauseMs = 100;
    act(() => noteSearchKeystroke());
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - shownBeforePauseMs));
    render(<ProductImage url="/product-images/prod_e?v=1" name="Mosel Riesling" />);
    act(() => vi.advanceTimersByTime(shownBeforePauseMs));
    expect(useTypingStore.getState().typing).toBe(false);
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS - shownBeforePauseMs - 1));
    expect(document.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Mosel Riesling' }).tagName).toBe('IMG');
  });

  it('keeps a photo it already shows when the buyer starts typing again', () => {
    render(<ProductImage url="/product-images/prod_f?v=1" name="Sonoma Chardonnay" />);
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS));
    typeFor(LIST_IMAGE_DELAY_MS);
    expect(screen.getByRole('img', { name: 'Sonoma Chardonnay' }).tagName).toBe('IMG');
  });

  it('shows a large photo at once, and a placeholder when there is none or it fails', () => {
    render(<ProductImage url="/product-images/prod_c?v=1" name="Estate Merlot" size="large" />);
    const image = screen.getByRole('img', { name: 'Estate Merlot' });
    expect(image.tagName).toBe('IMG');
    act(() => image.dispatchEvent(new Event('error')));
    expect(screen.getByRole('img', { name: 'No photo of Estate Merlot' }).tagName).toBe('DIV');
    render(<ProductImage url={null} name="Dry Rosé" />);
    expect(screen.getByRole('img', { name: 'No photo of Dry Rosé' })).toBeTruthy();
  });

  it("given another product's photo, starts over in the same element: the new photo waits its moment, an earlier failure forgotten", () => {
    const { rerender } = render(<ProductImage url="/product-images/prod_g?v=1" name="Napa Cabernet" />);
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS));
    act(() => screen.getByRole('img', { name: 'Napa Cabernet' }).dispatchEvent(new Event('error')));
    expect(screen.getByRole('img', { name: 'No photo of Napa Cabernet' }).tagName).toBe('DIV');

    rerender(<ProductImage url="/product-images/prod_h?v=1" name="Rioja Tempranillo" />);
    const placeholder = screen.getByRole('img', { name: 'Photo of Rioja Tempranillo' });
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS - 1));
    expect(document.querySelector('img')).toBeNull();
    rerender(<ProductImage url="/product-images/prod_i?v=1" name="Willamette Pinot Gris" />);
    expect(screen.getByRole('img', { name: 'Photo of Willamette Pinot Gris' }), 'the same placeholder element').toBe(placeholder);
    act(() => vi.advanceTimersByTime(LIST_IMAGE_DELAY_MS - 1));
    expect(document.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Willamette Pinot Gris' }).getAttribute('src')).toBe('/product-images/prod_i?v=1');
  });
});
