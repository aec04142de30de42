/**
 * A reporting period as DHIS2 and ADX write it: DHIS2's ISO-like period ids (`2025Q2`, a
 * quarter; `2025`, a year) and ADX's ISO 8601 start and duration (`2025-04-01/P3M`, `2025-01-01/P1Y`).
 */
export interface Period {
  year: number;
  /** 1–4; absent: the whole year. */
  quarter?: number;
}

/**
 * DHIS2's period id.
 * @example dhis2Period({ year: 2025, quarter: 2 }) // '2025Q2'
 * @example dhis2Period({ year: 2025 }) // '2025'
 */
export const dhis2Period = (p: Period): string => (p.quarter ? `${p.year}Q${p.quarter}` : String(p.year));

/** The period's first day, `YYYY-MM-DD`. */
const firstDay = (p: Period) => `${String(p.year).padStart(4, '0')}-${String(p.quarter ? (p.quarter - 1) * 3 + 1 : 1).padStart(2, '0')}-01`;

/**
 * ADX's period: the first day and the duration (ISO 8601).
 * @example adxPeriod({ year: 2025, quarter: 2 }) // '2025-04-01/P3M'
 * @example adxPeriod({ year: 2025 }) // '2025-01-01/P1Y'
 */
export const adxPeriod = (p: Period): string => `${firstDay(p)}/${p.quarter ? 'P3M' : 'P1Y'}`;
