// Browser tests drive a Chromium through playwright-core: the system's, else the one that arrives
// with `npm install` (tests/helpers/chromium.ts); never one downloaded at test time.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { findChromium } from './chromium.ts';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * A headless Chromium (see {@link findChromium} for which one).
 * @example const browser = await launchBrowser(); const page = await browser.newPage();
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const { executablePath, env } = await findChromium();
  return chromium.launch({
    ...options,
    executablePath,
    env: { ...(process.env as Record<string, string>), ...env, ...(options.env as Record<string, string> | undefined) },
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

/** Saves a full-page PNG to docs/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
