// WCAG 2.2 AA layout on a clinic tablet (issue 26): every pointer target of the main screens is at
// least 24 × 24 CSS px on a 768 px wide tablet (the adherence calendar's days included), and at 200 %
// zoom of a 1280 × 860 window (a 640 × 430 CSS px viewport) no page scrolls sideways and no text or
// control is cut off past the right edge. One page per size, screens opened in place, side by side.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unitNamed } from '../helpers/cases.ts';
import { clippedContent, smallTargets } from '../helpers/layout.ts';
import { mainScreens, showScreen, type Screen, type ScreenIds } from '../helpers/screens.ts';
import { stockTreatedCase } from '../helpers/stock.ts';
import { signIn, tid, useEnv } from './support.ts';

const ctx = useEnv();
const ids = {} as ScreenIds;

beforeAll(async () => {
  const admin = await ctx.env.server.login();
  ids.unitId = await unitNamed(admin, 'Бишкекский');
  // on treatment since 3 August 2026: the treatment tab draws the adherence calendar
  ids.caseId = await stockTreatedCase(admin, ids.unitId, 'Садыкова', [3, 4, 5]);
});

const screens: Screen[] = [...mainScreens, ['workspace: the area tree', () => '/sys/workspace/cases', 'places-tree']];

/** A page of `width` × `height` CSS px signed in as the administrator. */
function sizedPage(width: number, height: number) {
  const holder = {} as { page: Page };
  beforeAll(async () => {
    holder.page = await ctx.env.newPage();
    await holder.page.setViewportSize({ width, height });
    await signIn(holder.page, 'ADMIN', 'Admin123');
  });
  return holder;
}

describe('a 768 px wide tablet', { concurrent: true }, () => {
  const at = sizedPage(768, 1024);
  it.for(screens)('%s: every target at least 24 × 24 px', { concurrent: false }, async ([, path, ready]) => {
    await showScreen(at.page, path(ids), ready);
    if (ready === 'treatment-tab') expect(await at.page.locator(tid('calendar-day')).count()).toBeGreaterThan(27);
    expect(await smallTargets(at.page)).toEqual([]);
  });
});

describe('200 % zoom', { concurrent: true }, () => {
  const at = sizedPage(640, 430);
  it.for(screens)('%s: nothing cut off, no sideways scroll', { concurrent: false }, async ([, path, ready]) => {
    await showScreen(at.page, path(ids), ready);
    expect(await clippedContent(at.page)).toEqual({ pageScrollsSideways: false, outside: [] });
  });
});
