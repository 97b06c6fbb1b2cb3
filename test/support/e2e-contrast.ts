import type { Locator, Page } from 'playwright-core';
import type { ProbeElement, ProbeWindow } from './e2e-dom';

export interface ButtonContrast {
  button: string;
  state: 'rest' | 'hover' | 'focus';
  ratio: number;
  color: string;
  background: string;
}

/** WCAG's minimum for normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * The contrast of a button's text against what is behind it, from the computed colours as they are
 * now (hovered, focused or at rest): its own background, or the first ancestor's that is not
 * transparent. Runs in the page.
 */
function measure(target: unknown): { ratio: number; color: string; background: string } {
  const win = globalThis as unknown as ProbeWindow;
  const element = target as ProbeElement;
  const parse = (value: string) => {
    const numbers = (value.match(/[0-9.]+/g) ?? []).map(Number);
    return { r: numbers[0] ?? 0, g: numbers[1] ?? 0, b: numbers[2] ?? 0, a: numbers.length > 3 ? numbers[3]! : 1 };
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  let background = 'rgb(255, 255, 255)';
  for (let node: ProbeElement | null = element; node; node = node.parentElement) {
    const value = win.getComputedStyle(node).backgroundColor;
    if (parse(value).a > 0) {
      background = value;
      break;
    }
  }
  const color = win.getComputedStyle(element).color;
  const front = parse(color);
  const back = parse(background);
  // Text drawn with some transparency shows part of the background.
  const blended = { r: front.r * front.a + back.r * (1 - front.a), g: front.g * front.a + back.g * (1 - front.a), b: front.b * front.a + back.b * (1 - front.a) };
  const [light, dark] = [luminance(blended), luminance(back)].sort((a, b) => b - a) as [number, number];
  return { ratio: (light + 0.05) / (dark + 0.05), color, background };
}

/** Hovers and focuses each enabled, visible button of `scope` and measures its contrast in each state. */
export async function buttonContrasts(page: Page, scope: Locator, limit = 20): Promise<ButtonContrast[]> {
  const results: ButtonContrast[] = [];
  const buttons = scope.locator('button:visible:enabled');
  const count = Math.min(await buttons.count(), limit);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    const name = `${((await button.textContent()) ?? '').trim() || (await button.getAttribute('aria-label')) || 'button'} (${(await button.getAttribute('class')) ?? 'plain'})`;
    await page.mouse.move(0, 0);
    await page.evaluate(() => (globalThis as unknown as ProbeWindow).document.activeElement?.blur());
    results.push({ button: name, state: 'rest', ...(await button.evaluate(measure)) });
    await button.hover();
    results.push({ button: name, state: 'hover', ...(await button.evaluate(measure)) });
    await page.mouse.move(0, 0);
    await button.focus();
    results.push({ button: name, state: 'focus', ...(await button.evaluate(measure)) });
    await button.blur();
  }
  return results;
}
