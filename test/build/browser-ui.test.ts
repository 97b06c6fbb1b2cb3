import { describe, expect, it } from 'vitest';
import { isBrowserUiRenderer } from '../../bench/browser-ui';

// Command lines as Chromium 156 (Debian) starts its renderers, shortened.
const OMNIBOX_POPUP = ['/usr/lib/chromium/chromium', '--type=renderer', '--top-chrome-webui', '--crashpad-handler-pid=0', '--no-sandbox', '--renderer-client-id=5'].join('\0');
const PAGE = ['/usr/lib/chromium/chromium', '--type=renderer', '--crashpad-handler-pid=0', '--no-sandbox', '--renderer-client-id=7'].join('\0');

describe("isBrowserUiRenderer (bench:ui leaves the browser's own UI out of the page's renderer CPU)", () => {
  it("finds the omnibox popup's renderer that headless Chromium starts with every new window", () => {
    expect(isBrowserUiRenderer(OMNIBOX_POPUP)).toBe(true);
    expect(isBrowserUiRenderer(OMNIBOX_POPUP.split('\0').join(' '))).toBe(true);
  });

  it("leaves a page's renderer, and a switch that only starts alike, as pages", () => {
    expect(isBrowserUiRenderer(PAGE)).toBe(false);
    expect(isBrowserUiRenderer(`${PAGE}\0--top-chrome-webui-extra`)).toBe(false);
    expect(isBrowserUiRenderer('')).toBe(false);
  });
});
