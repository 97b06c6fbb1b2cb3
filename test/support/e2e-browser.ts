import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const VIEWPORT = { width: 1280, height: 800 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/**
 * Debian's Chromium, headless. A missing browser is a failure with the way to fix it, never a skip:
 * the journeys are the proof that the UI works.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it (sudo apt-get install -y chromium) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary. The end-to-end tests need a real browser.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export async function newLightContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC' });
}

export interface PageProblems {
  /** Console errors, uncaught page errors and failed or 5xx requests, in order. */
  readonly list: string[];
  /** Starts over, e.g. after a step that is expected to produce errors (the service stopped). */
  clear(): void;
  /** Stops counting problems that match, for the rest of the page's life. */
  allow(pattern: RegExp): void;
  /** Throws with every problem seen since the last clear. */
  assertNone(context: string): void;
}

/** Collects what would tell a user something broke: console errors, page errors, failed requests. */
export function watchPageProblems(page: Page): PageProblems {
  const list: string[] = [];
  // Chromium asks every site for /favicon.ico on its own; the app does not, and has none.
  const allowed: RegExp[] = [/\/favicon\.ico\b/];
  const record = (problem: string) => {
    if (!allowed.some((pattern) => pattern.test(problem))) list.push(problem);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(`console error: ${message.text()} (${message.location().url || 'page'})`);
  });
  page.on('pageerror', (error) => record(`uncaught error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    // A closed event stream or a navigation that replaces a pending request is not a fault.
    if (reason === 'net::ERR_ABORTED') return;
    record(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) record(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return {
    list,
    clear: () => void list.splice(0, list.length),
    allow: (pattern) => void allowed.push(pattern),
    assertNone(context) {
      if (list.length > 0) throw new Error(`Unexpected problems in the page during ${context}:\n  ${list.join('\n  ')}`);
    },
  };
}
