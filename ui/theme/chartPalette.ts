/**
 * The one palette of every chart: the Okabe–Ito categorical colours, which stay apart
 * for readers with any common colour-vision deficiency, in an order that keeps neighbours apart, and
 * a neutral grey kept for 'unknown / not stated' (a key with no value — 'Не указано' —, or one
 * declared as unknown: 'Неизвестно', 'UNKNOWN…'), never given to a known value. A label on a
 * coloured segment takes black or white, whichever reads better on it.
 * @example seriesColors([false, true, false]) // ['#0072b2', '#8c8c8c', '#e69f00']
 */
import type { Key } from '../../reports/indicator/shape.ts';

/** Okabe & Ito (2008), 'Color Universal Design': blue, orange, bluish green, reddish purple, sky blue, vermillion, yellow, black. */
export const CHART_PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'] as const;

/** 'Не указано', 'Неизвестно': a grey no colour of the palette resembles (3.4 : 1 on white). */
export const UNKNOWN_COLOR = '#8c8c8c';

/**
 * Whether a key says nothing is known: no value, or an enum value declared as unknown.
 * @example isUnknownKey(null) // true
 * @example isUnknownKey('UNKNOWN_PREVIOUS_TB_TREAT') // true
 */
export const isUnknownKey = (k: Key): boolean => k === null || (typeof k === 'string' && /^UNKNOWN/.test(k));

/**
 * A colour for each of a chart's categories or series, in order: the palette over the known ones
 * (an unknown one takes no colour of theirs, so the others keep theirs), the grey for the unknown.
 * @example seriesColors([false, false]) // ['#0072b2', '#e69f00']
 */
export function seriesColors(unknown: boolean[]): string[] {
  let i = 0;
  return unknown.map((u) => (u ? UNKNOWN_COLOR : CHART_PALETTE[i++ % CHART_PALETTE.length]));
}

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour for a label drawn on `hex`: black or white, whichever contrasts more (each of the
 * palette's colours reaches 4.5 : 1 with one of them).
 * @example labelColor('#000000') // '#ffffff'
 * @example labelColor('#f0e442') // '#000000'
 */
export function labelColor(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The contrast ratio of two #rrggbb colours (WCAG 2.2). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
