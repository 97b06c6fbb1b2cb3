/**
 * The browser's own UI renderers: headless Chromium starts the omnibox popup's page
 * (`chrome://omnibox-popup.top-chrome`) in a renderer of its own for every new window, marked
 * `--top-chrome-webui` on its command line. It is no part of a page, nor of the app's start.
 */
export const BROWSER_UI_RENDERER_SWITCH = '--top-chrome-webui';

/** Whether a renderer process's command line (`/proc/<pid>/cmdline`, NUL- or space-separated) is one of the browser's own UI. */
export function isBrowserUiRenderer(commandLine: string): boolean {
  return commandLine.split(/[\0 ]/).includes(BROWSER_UI_RENDERER_SWITCH);
}
