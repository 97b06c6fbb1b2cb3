import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_IMAGE_DELAY_MS, ProductImage } from '../../../renderer/components/ProductImage';

describe('ProductImage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
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

  it('shows a large photo at once, and a placeholder when there is none or it fails', () => {
    render(<ProductImage url="/product-images/prod_c?v=1" name="Estate Merlot" size="large" />);
    const image = screen.getByRole('img', { name: 'Estate Merlot' });
    expect(image.tagName).toBe('IMG');
    act(() => image.dispatchEvent(new Event('error')));
    expect(screen.getByRole('img', { name: 'No photo of Estate Merlot' }).tagName).toBe('DIV');
    render(<ProductImage url={null} name="Dry Rosé" />);
    expect(screen.getByRole('img', { name: 'No photo of Dry Rosé' })).toBeTruthy();
  });
});
