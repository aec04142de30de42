// WCAG 2.2 AA checks with axe-core inside the page under test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0–2.2 A and AA rules axe knows. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (at most five) with axe's summary of the first. */
  targets: string[];
  summary: string;
}

/**
 * The critical and serious WCAG A/AA violations on the page as it is now (an open dialog included).
 * @example expect(await seriousViolations(page)).toEqual([])
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<any> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, TAGS);
  return (results.violations as any[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)),
      summary: String(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    }));
}

/**
 * The violations of the named axe rules on the page as it is now, whatever their impact (rules axe
 * rates minor or moderate — an empty table header, a skipped heading level — included).
 * @example expect(await ruleViolations(page, ['empty-table-header', 'heading-order'])).toEqual([])
 */
export async function ruleViolations(page: Page, rules: string[]): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(async (ids) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<any> } }).axe;
    return axe.run(document, { runOnly: { type: 'rule', values: ids }, resultTypes: ['violations'] });
  }, rules);
  return (results.violations as any[]).map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)),
    summary: String(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
  }));
}
