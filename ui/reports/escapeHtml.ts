/**
 * Text from data (units, areas, tags, regimens, anything a user typed) made safe for HTML:
 * apexcharts 4.7.0 writes legend text and tooltips with `innerHTML` from the names it is given,
 * so every name reaches a chart escaped, and is decoded again only where the chart writes plain
 * SVG text (the axis labels, through a text node).
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const DECODE: Record<string, string> = Object.fromEntries(Object.entries(ENTITIES).map(([c, e]) => [e, c]));

/**
 * The text with `& < > " '` as entities.
 * @example escapeHtml('<b>Рассвет & Co</b>') // '&lt;b&gt;Рассвет &amp; Co&lt;/b&gt;'
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * The inverse of {@link escapeHtml} (only its five entities), for a text node.
 * @example unescapeHtml('&lt;b&gt; &amp;amp;') // '<b> &amp;'
 */
export const unescapeHtml = (text: string): string => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => DECODE[e]);

/**
 * Escaped once whether or not `text` was escaped already by {@link escapeHtml}: what a chart callback
 * hands back to `innerHTML`.
 * @example htmlOnce('&lt;i&gt;') // '&lt;i&gt;'; htmlOnce('<i>') // '&lt;i&gt;'
 */
export const htmlOnce = (text: unknown): string => escapeHtml(unescapeHtml(String(text ?? '')));
