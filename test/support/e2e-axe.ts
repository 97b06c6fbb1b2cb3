import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core in the page as it is now and returns the violations (all impacts). axe is
 * evaluated rather than added as a script tag: the app's Content-Security-Policy rightly refuses
 * inline scripts, and evaluation through the debugging protocol is not subject to it.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  });
}

export function blockingViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => violation.impact !== null && BLOCKING.has(violation.impact));
}

/** One readable block per violation: rule, impact, what to do, and the first few elements. */
export function formatViolations(screen: string, violations: readonly AxeViolation[]): string {
  const blocks = violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 5).map((node) => {
      const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
    });
    const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}${more}`;
  });
  return `axe-core found ${violations.length} serious or critical violation(s) on the ${screen} screen:\n${blocks.join('\n')}`;
}
