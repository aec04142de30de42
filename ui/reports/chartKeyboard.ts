/**
 * Chart segments by keyboard (everything a mouse can do, a keyboard can; WCAG 2.1.1): after
 * apexcharts draws, each bar, slice or point that counts cases becomes a button named 'series,
 * category: value' (the names as the data gives them — an attribute, never markup); one of them is
 * a tab stop (a roving tabindex: Tab enters the chart once), the arrow keys, Home and End move
 * between them, Enter or Space opens the cases behind it, as a click does. A zero draws nothing to
 * open, as its table cell is no button.
 *
 * apexcharts 4.7.0 marks its segments: a slice (`.apexcharts-pie-area`) and a bar
 * (`.apexcharts-bar-area`) carry their point in `j`, a bar's series is its group's
 * `data:realIndex`; a line's or an area's point (`.apexcharts-marker`) carries `j` and `index`.
 */
import type { ChartSeries } from './chartSeries.ts';

const SEGMENTS = '.apexcharts-pie-area, .apexcharts-bar-area, .apexcharts-marker';
/** What a segment made reachable carries: its series and point. */
export const SEGMENT = 'data-segment';

/** The series and point of a drawn segment, or null when apexcharts did not mark it. */
function pointOf(el: Element, pie: boolean): { series: number; point: number } | null {
  const j = el.getAttribute('j');
  const series = pie ? '0' : (el.getAttribute('index') ?? el.closest('.apexcharts-series')?.getAttribute('data:realIndex'));
  if (j === null || series === null || series === undefined) return null;
  return { series: Number(series), point: Number(j) };
}

/**
 * Makes the drawn segments under `root` buttons named by `s`, in series then point order, the first a tab stop.
 * @example labelSegments(wrapper, chartSeries(data, 'column'), false) // each bar: role=button, aria-label 'Мужской, ТБ: 12'
 */
export function labelSegments(root: Element, s: ChartSeries, pie: boolean): void {
  const found = [...root.querySelectorAll(SEGMENTS)].flatMap((el) => {
    const p = pointOf(el, pie);
    const value = p ? s.series[p.series]?.data[p.point] : undefined;
    return p && typeof value === 'number' && value > 0 ? [{ el, ...p, value }] : [];
  });
  found.sort((a, b) => a.series - b.series || a.point - b.point);
  found.forEach(({ el, series, point, value }, i) => {
    const name = `${s.series[series].name}, ${s.categories[point] ?? ''}: ${value}`;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', name);
    el.setAttribute('tabindex', i === 0 ? '0' : '-1');
    el.setAttribute('focusable', 'true');
    el.setAttribute(SEGMENT, `${series}:${point}`);
  });
}

/**
 * The chart's key handler: arrows, Home and End move between its segments; Enter and Space open one.
 * @example <div onKeyDown={(e) => segmentKeys(e, (si, pi) => onCell(s.cell(si, pi)))}>
 */
export function segmentKeys(e: { key: string; target: EventTarget; currentTarget: Element; preventDefault(): void }, open: (series: number, point: number) => void): void {
  const el = e.target as Element;
  const at = el.getAttribute?.(SEGMENT);
  if (!at) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    const [series, point] = at.split(':').map(Number);
    return open(series, point);
  }
  const all = [...e.currentTarget.querySelectorAll(`[${SEGMENT}]`)];
  const i = all.indexOf(el);
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: all.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  const to = all[Math.max(0, Math.min(all.length - 1, next))];
  el.setAttribute('tabindex', '-1');
  to.setAttribute('tabindex', '0');
  (to as SVGElement).focus();
}
