/**
 * How an order proposal's quantity was reached, written out for the order form: the
 * months of stock to hold × the need a month − on hand − on order, and the whole units proposed when
 * that differs from the result (rounded up, or nothing when the stock already covers the months) —
 * the rule of `stock/forecast.ts` `proposedQuantity`, shown with one decimal.
 *
 * @example reckoning({ monthly: 30, onHand: 100, onOrder: 20, proposed: 60 }, 6, 'ru') // '6 × 30 − 100 − 20 = 60'
 * @example reckoning({ monthly: 10.1, onHand: 0, onOrder: 0, proposed: 61 }, 6, 'ru') // '6 × 10,1 − 0 − 0 = 60,6 → 61'
 * @example reckoning({ monthly: 10, onHand: 100, onOrder: 0, proposed: 0 }, 6, 'en') // '6 × 10 − 100 − 0 = −40 → 0'
 */
export interface ReckoningFigures {
  /** The need a month on the basis chosen: the AMC, or the current patients' forecast a month. */
  monthly: number;
  onHand: number;
  onOrder: number;
  /** The quantity the server proposed on that basis. */
  proposed: number;
}

/** A number with at most one decimal in the language's way, a negative one with a minus sign (−). */
export function figure(n: number, lang: string): string {
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, useGrouping: false }).format(Math.abs(n));
  return n < 0 && text !== '0' ? `−${text}` : text;
}

export function reckoning(f: ReckoningFigures, maxMonths: number, lang: string): string {
  const raw = maxMonths * f.monthly - f.onHand - f.onOrder;
  const shown = figure(raw, lang);
  const sum = `${maxMonths} × ${figure(f.monthly, lang)} − ${figure(f.onHand, lang)} − ${figure(f.onOrder, lang)} = ${shown}`;
  return shown === figure(f.proposed, lang) ? sum : `${sum} → ${figure(f.proposed, lang)}`;
}
