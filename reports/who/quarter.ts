/**
 * Quarters of the WHO forms: the dates a quarter spans, and the quarter some quarters before
 * another (the outcome cohort: the same quarter a year earlier).
 */

export interface Quarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

/**
 * The quarter `back` quarters before `q`.
 * @example quarterBefore({ year: 2025, quarter: 1 }, 4) // { year: 2024, quarter: 1 }
 * @example quarterBefore({ year: 2025, quarter: 1 }, 1) // { year: 2024, quarter: 4 }
 */
export function quarterBefore(q: Quarter, back: number): Quarter {
  const index = q.year * 4 + (q.quarter - 1) - back;
  return { year: Math.floor(index / 4), quarter: ((index % 4) + 1) as Quarter['quarter'] };
}

/**
 * The first day of the quarter and the first day after it (ISO dates): a case date `d` is in the
 * quarter when `from <= d < to`.
 * @example quarterDates({ year: 2024, quarter: 4 }) // { from: '2024-10-01', to: '2025-01-01' }
 */
export function quarterDates(q: Quarter): { from: string; to: string } {
  const start = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  const m = (q.quarter - 1) * 3 + 1;
  return { from: start(q.year, m), to: q.quarter === 4 ? start(q.year + 1, 1) : start(q.year, m + 3) };
}
