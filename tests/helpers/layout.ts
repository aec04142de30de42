// Layout checks of WCAG 2.2 AA in the page under test: target size (2.5.8) and reflow at
// 200 % zoom (1.4.4, 1.4.10). Measured in the page from the elements' boxes.
import type { Page } from 'playwright-core';

/** Whatever a pointer can activate. */
const TARGETS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
  '[data-testid="calendar-day"]',
].join(', ');

/** A target smaller than 24 × 24 CSS px: what it is and its box. */
export interface SmallTarget {
  target: string;
  width: number;
  height: number;
}

/**
 * The visible pointer targets smaller than 24 × 24 CSS px that no exception of WCAG 2.5.8 covers:
 * a link inside a sentence (inline in text) is exempt, and so is a target whose 24 px circle meets
 * no other target (the spacing exception). A checkbox, radio or select counts by the box one clicks
 * (its label or the select's frame), not its hidden input. With a modal dialog open, the dialog's targets.
 * @example expect(await smallTargets(page)).toEqual([])
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((selector) => {
    const MIN = 24;
    const box = (el: Element) => (el.closest('label, .ant-select, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-input-affix-wrapper') ?? el).getBoundingClientRect();
    const visible = (el: Element) => {
      const r = box(el);
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && (el as HTMLElement).offsetParent !== null;
    };
    const inline = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      return !!parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    // a modal dialog open: its targets (the page behind it takes no pointer, and is measured on its own)
    const modal = [...document.querySelectorAll('[aria-modal="true"]')].filter((el) => el.getBoundingClientRect().width > 0).at(-1);
    const all = [...(modal ?? document).querySelectorAll(selector)].filter(visible);
    // one target per clickable box (an input and its label are one)
    const rects = new Map<string, { el: Element; r: DOMRect }>();
    for (const el of all) {
      const r = box(el);
      rects.set(`${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)},${Math.round(r.height)}`, { el, r });
    }
    const items = [...rects.values()];
    const centre = (r: DOMRect) => [r.left + r.width / 2, r.top + r.height / 2];
    const name = (el: Element) => {
      const id = (el as HTMLElement).dataset?.testid ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 20);
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/)[0] : ''} ${id} "${label}"`;
    };
    const small: { target: string; width: number; height: number }[] = [];
    for (const { el, r } of items) {
      if (r.width >= MIN - 0.5 && r.height >= MIN - 0.5) continue;
      if (inline(el)) continue;
      // spacing: a 24 px circle on its centre meets no other target's box or circle
      const [x, y] = centre(r);
      const crowded = items.some(({ r: o }) => {
        if (o === r) return false;
        const dx = Math.max(o.left - x, 0, x - o.right);
        const dy = Math.max(o.top - y, 0, y - o.bottom);
        if (Math.hypot(dx, dy) < MIN / 2) return true;
        if (o.width >= MIN && o.height >= MIN) return false;
        const [ox, oy] = centre(o);
        return Math.hypot(ox - x, oy - y) < MIN;
      });
      if (crowded) small.push({ target: name(el), width: Math.round(r.width), height: Math.round(r.height) });
    }
    return small;
  }, TARGETS);
}

/**
 * What reflow would hide: the page scrolls sideways, or a text or control sticks out past the
 * window's right edge (outside a box that scrolls sideways on its own, as a wide table may, or a
 * tab bar with its '…' menu of the tabs it cuts); an open modal dialog's content counts too.
 * @example expect(await clippedContent(page)).toEqual({ pageScrollsSideways: false, outside: [] })
 */
export async function clippedContent(page: Page): Promise<{ pageScrollsSideways: boolean; outside: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        // antd's tab bar scrolls by swipe and wheel and lists the tabs it cuts under its '…' button
        if (e.matches('.ant-tabs-nav-wrap') && e.closest('.ant-tabs-nav')?.querySelector('.ant-tabs-nav-more')) return true;
        const o = getComputedStyle(e).overflowX;
        if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const el of document.querySelectorAll('main *, header *, nav *, [aria-modal="true"] *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()) || el.matches('button, a[href], input, [role="button"]');
      if (!own) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > width + 1 && !scrolls(el)) outside.push(`${el.tagName.toLowerCase()} ${el.closest('[data-testid]')?.getAttribute('data-testid') ?? ''} "${(el.textContent ?? '').trim().slice(0, 30)}" right ${Math.round(r.right)}`);
    }
    return { pageScrollsSideways: document.documentElement.scrollWidth > width + 1, outside: outside.slice(0, 10) };
  });
}
