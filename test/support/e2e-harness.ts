import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EMBEDDED_SERVICE_FOLDER, type CoreOptions } from '../../electron/app/app-core';
import { startBrowserShell, type BrowserShell } from '../../electron/web/browser-shell';
import { ensureRendererBuilt, REPO_ROOT, RENDERER_DIST } from './e2e-build';
import { launchChromium, newLightContext, watchPageProblems, type PageProblems } from './e2e-browser';
import { createServiceApi, type ServiceApi, type ServiceCredentials } from './e2e-service-api';
import { copyServiceTemplate, seededServiceTemplate } from './e2e-service-template';

/** The README's pictures are replaced only on request, so a test run leaves the tracked files alone. */
export const SCREENSHOTS_DIR = process.env.CASEWORKS_UPDATE_SCREENSHOTS === '1'
  ? path.join(REPO_ROOT, 'docs', 'screenshots')
  : path.join(REPO_ROOT, 'test-results', 'screenshots');
/** Where a failed test leaves a picture of every page it still had open. */
export const FAILURE_SCREENSHOTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

export interface E2eAppOptions {
  /** Products in the demo catalog; small keeps the first sync quick. */
  catalogSize?: number;
  /** The fulfilment simulator's delays, short so a test can follow an order to delivery. */
  shipAfterSeconds?: number;
  deliverAfterSeconds?: number;
  /**
   * Tuning of the core, e.g. how often it re-syncs while online (the app's own two minutes by
   * default; a test that follows an order to delivery looks more often).
   */
  core?: CoreOptions;
  /**
   * Tracking links as `npm run web` opens them: the page opens a new tab. By default the harness
   * takes them instead and records them in `openedLinks`, as the desktop app would hand them on.
   */
  linksOpenInPage?: boolean;
}

export interface E2ePage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  /** Every call the page sent over its bridge socket, in order. */
  bridgeCalls: { method: string; input: unknown }[];
  /** Saves `docs/screenshots/<name>.png` of the viewport (light theme, 1280×800), toasts dismissed. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface E2eApp {
  browser: Browser;
  shell: BrowserShell;
  /** The embedded demo service's own API, as the first demo buyer. */
  service: ServiceApi;
  /** The same API as another demo buyer (0 is the first), with that buyer's own key. */
  serviceAs(buyer: number): ServiceApi;
  /** The embedded demo service's address and a demo buyer's key, as a buyer would type them. */
  credentialsOf(buyer: number): ServiceCredentials;
  /** Every URL the app asked the system browser to open (tracking links), in order. */
  openedLinks: string[];
  catalogSize: number;
  /** A fresh browser context (own storage, so its own cart) on the shell's URL. */
  openPage(): Promise<E2ePage>;
  /**
   * After each test: closes the pages it left open (a failed test never reached its own close),
   * photographing them first when it failed, into test-results/e2e/.
   */
  afterTest(test: { name: string; failed: boolean }): Promise<void>;
  /** Stops the embedded demo service, as when the network goes away. */
  stopService(): Promise<void>;
  /** Starts it again on the same data. */
  startService(): Promise<void>;
  close(): Promise<void>;
}

function readCredentials(serviceDir: string, buyer = 0): ServiceCredentials {
  const file = JSON.parse(readFileSync(path.join(serviceDir, 'demo-credentials.json'), 'utf8')) as {
    base_url: string;
    buyers: { api_key: string }[];
  };
  const apiKey = file.buyers[buyer]?.api_key;
  if (!apiKey) throw new Error('The demo service has no demo buyer');
  return { baseUrl: file.base_url, apiKey };
}

/**
 * The whole app as a user meets it: the browser shell on 127.0.0.1 with a fresh data folder and
 * the embedded demo service (seeded from a template copy), and Debian's Chromium to drive it.
 * `close()` stops the browser, the shell and the service, and removes the data folder.
 */
export async function startE2eApp(options: E2eAppOptions = {}): Promise<E2eApp> {
  const catalogSize = options.catalogSize ?? 300;
  // The browser first: without it nothing else is worth starting, and the failure says why.
  const browser = await launchChromium();
  const cleanups: (() => Promise<void> | void)[] = [() => browser.close()];
  const close = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  };

  const openedLinks: string[] = [];
  const coreLog: string[] = [];
  try {
    ensureRendererBuilt();
    const template = await seededServiceTemplate(catalogSize);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caseworks-e2e-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const serviceDir = path.join(dataDir, EMBEDDED_SERVICE_FOLDER);
    copyServiceTemplate(template, serviceDir);

    const shell = await startBrowserShell({
      port: 0,
      dataDir,
      rendererDir: RENDERER_DIST,
      embeddedService: {
        shipDelayMs: (options.shipAfterSeconds ?? 3) * 1000,
        deliverDelayMs: (options.deliverAfterSeconds ?? 3) * 1000,
      },
      core: options.core ?? {},
      ...(options.linksOpenInPage
        ? {}
        : {
            openExternal: async (url: string) => {
              openedLinks.push(url);
              return true;
            },
          }),
      log: (message) => void coreLog.push(`${new Date().toISOString()} ${message}`),
    });
    cleanups.push(() => shell.close());

    const openPages = new Set<E2ePage>();
    const openPage = async (): Promise<E2ePage> => {
      const context = await newLightContext(browser);
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      const bridgeCalls: E2ePage['bridgeCalls'] = [];
      page.on('websocket', (socket) => {
        socket.on('framesent', ({ payload }) => {
          const call = JSON.parse(String(payload)) as { method: string; input?: unknown };
          bridgeCalls.push({ method: call.method, input: call.input });
        });
      });
      await page.goto(shell.url);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const view: E2ePage = {
        page,
        context,
        problems,
        bridgeCalls,
        async screenshot(name) {
          // Toasts of earlier steps would cover the screen; a picture for the README shows the screen.
          const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
          for (let tries = 0; tries < 10 && (await dismiss.count()) > 0; tries += 1) {
            await dismiss.first().click({ timeout: 2_000 }).catch(() => undefined);
          }
          await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
        },
        async close() {
          openPages.delete(view);
          await context.close();
        },
      };
      openPages.add(view);
      return view;
    };

    const afterTest = async (test: { name: string; failed: boolean }) => {
      let index = 0;
      for (const view of [...openPages]) {
        if (test.failed) {
          index += 1;
          const file = path.join(FAILURE_SCREENSHOTS_DIR, `${test.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${index}.png`);
          await view.page.screenshot({ path: file, fullPage: true }).then(
            () => console.log(`[e2e] the page at the failure: ${file}`),
            () => undefined,
          );
          if (view.problems.list.length > 0) console.log(`[e2e] page problems seen:\n  ${view.problems.list.join('\n  ')}`);
        }
        await view.close();
      }
      if (test.failed && coreLog.length > 0) console.log(`[e2e] the core's log, last lines:\n  ${coreLog.slice(-30).join('\n  ')}`);
    };

    return {
      browser,
      shell,
      service: createServiceApi(async () => readCredentials(serviceDir)),
      serviceAs: (buyer) => createServiceApi(async () => readCredentials(serviceDir, buyer)),
      credentialsOf: (buyer) => readCredentials(serviceDir, buyer),
      openedLinks,
      afterTest,
      catalogSize,
      openPage,
      async stopService() {
        await shell.stopEmbeddedService();
        // The core probes the service every minute while online; a test need not wait for that.
        await shell.core.checkConnectivity();
      },
      startService: () => shell.startEmbeddedService(),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
