import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical WCAG 2.x A/AA findings of axe-core on the page as it stands, in the light
 * theme and then the dark one (the themes differ only by the class on the root element).
 */
export async function accessibilityFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  // Colours switch at once with the theme, rather than mid-transition when axe reads them.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const found: string[] = [];
  for (const dark of [false, true]) {
    const violations = await page.evaluate(async (dark) => {
      document.documentElement.classList.toggle('dark', dark);
      type Result = {
        violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
      };
      type Axe = { run: (context: Document, options: object) => Promise<Result> };
      const axe = (window as unknown as { axe: Axe }).axe;
      // WCAG 2.x A and AA rules, reporting violations only: what the check is for, and quicker.
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.help}) at ${violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join(' | ')}`,
        );
    }, dark);
    found.push(...violations.map((violation) => `${dark ? 'dark' : 'light'}: ${violation}`));
  }
  return found;
}
