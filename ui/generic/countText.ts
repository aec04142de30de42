/**
 * How a list's count reads: the number as it is; past the server's cap "10 000+" (`countCapped`);
 * when counting took too long, the planner's estimate as "≈ 12 345" (`countEstimated`).
 * @example countText(10000, { capped: true }) // '10 000+'
 * @example countText(12, {}) // '12'
 */
export function countText(count: number, opts: { capped?: boolean; estimated?: boolean } = {}, locale = 'ru'): string {
  if (!opts.capped && !opts.estimated) return String(count);
  const n = count.toLocaleString(locale).replace(/\s/g, ' ');
  return opts.capped ? `${n}+` : `≈ ${n}`;
}
