// Typing into the generic forms as a Russian user does (dates dd.MM.yyyy).
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import { UI_TIMEOUT } from '../browser/support.ts';

/**
 * An ISO date as a Russian user types and reads it.
 * @example ruDate('2026-08-03') // '03.08.2026'
 */
export const ruDate = (isoDate: string): string => isoDate.split('-').reverse().join('.');

/** Types a date the Russian way into the form's date picker `#id`; leaving the field (Tab) commits it — Enter would submit the form. */
export async function typeDate(scope: Locator, id: string, isoDate: string): Promise<void> {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.fill(ruDate(isoDate));
  await input.press('Tab');
  await expect.poll(() => input.inputValue(), { timeout: UI_TIMEOUT }).toBe(ruDate(isoDate));
}
