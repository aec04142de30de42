import type { Period } from './api.ts';

/**
 * The last whole quarter before `today`: what the WHO forms open on.
 * @example lastQuarter(new Date(2026, 10, 26)) // { year: 2026, quarter: 3 }
 */
export function lastQuarter(today = new Date()): Period {
  const q = Math.floor(today.getMonth() / 3); // 0-based quarter of today
  return q === 0 ? { year: today.getFullYear() - 1, quarter: 4 } : { year: today.getFullYear(), quarter: q };
}
