import { describe, expect, it } from 'vitest';
import { createKnownLinks } from '../../../electron/core/links/known-links';

describe('known links', () => {
  it('opens only https tracking links found in what the app returned', () => {
    const links = createKnownLinks();
    links.rememberTrackingIn({
      items: [
        { id: 'ord_1', tracking: { tracking_url: 'https://track.example.com/1Z1' } },
        { id: 'ord_2', tracking: { tracking_url: 'http://track.example.com/plain' } },
        { id: 'ord_3', tracking: { tracking_url: 'javascript:alert(1)' } },
        { id: 'ord_4', tracking: null },
      ],
    });
    expect(links.isOpenable('https://track.example.com/1Z1')).toBe(true);
    expect(links.isOpenable('http://track.example.com/plain')).toBe(false);
    expect(links.isOpenable('javascript:alert(1)')).toBe(false);
    expect(links.isOpenable('https://track.example.com/other')).toBe(false);
    expect(links.isOpenable('file:///etc/passwd')).toBe(false);
    expect(links.isOpenable('not a url')).toBe(false);
  });

  it('refuses https links with credentials', () => {
    const links = createKnownLinks();
    links.remember('https://user:pass@track.example.com/1');
    expect(links.isOpenable('https://user:pass@track.example.com/1')).toBe(false);
  });
});
