import { describe, expect, it } from 'vitest';
import { createProductImageAddresses, productIdFromImagePath, productImagePath } from '../../../electron/core/images/product-image-urls';

const product = (id: string, image_url: string | null) => ({ id, name: 'Wine', image_url });

describe('product image addresses', () => {
  it('gives each image a local address that changes when the remote image does', () => {
    const first = productImagePath('prod_a1', 'https://cdn.example.com/a1.png');
    expect(first).toMatch(/^\/product-images\/prod_a1\?v=[\w-]{10}$/);
    expect(productImagePath('prod_a1', 'https://cdn.example.com/a1.png')).toBe(first);
    expect(productImagePath('prod_a1', 'https://cdn.example.com/a1-new.png')).not.toBe(first);
    expect(productIdFromImagePath(new URL(first, 'http://127.0.0.1').pathname)).toBe('prod_a1');
  });

  it('refuses paths that are not a product image', () => {
    for (const path of ['/product-images/', '/product-images/../secret', '/product-images/prod_a/b', '/assets/prod_a1', '/product-images/sup_1']) {
      expect(productIdFromImagePath(path), path).toBeNull();
    }
  });

  it('remembers the remote image of products handed to the page, the least recently handed forgotten first', () => {
    const addresses = createProductImageAddresses(2);
    expect(addresses.localize(product('prod_a', null))).toEqual(product('prod_a', null));
    expect(addresses.remoteUrlOf('prod_a')).toBeNull();
    const localized = addresses.localize(product('prod_b', 'https://cdn.example.com/b.png'));
    expect(localized.image_url).toBe(productImagePath('prod_b', 'https://cdn.example.com/b.png'));
    expect(localized.name).toBe('Wine');
    addresses.localize(product('prod_c', 'https://cdn.example.com/c.png'));
    expect(addresses.remoteUrlOf('prod_b')).toBe('https://cdn.example.com/b.png');
    addresses.localize(product('prod_d', 'https://cdn.example.com/d.png'));
    expect(addresses.remoteUrlOf('prod_c')).toBeNull();
    expect(addresses.remoteUrlOf('prod_b')).toBe('https://cdn.example.com/b.png');
    expect(addresses.remoteUrlOf('prod_d')).toBe('https://cdn.example.com/d.png');
  });
});
