/**
 * A date `n` months later, as PostgreSQL counts it (`date + make_interval(months => n)`): the same
 * day of the month, or the month's last day when it has fewer (31 January + 1 month = 28 or 29 February).
 *
 * @example addMonths('2024-01-31', 1) // '2024-02-29'
 * @example addMonths('2024-03-15', 6) // '2024-09-15'
 */
export function addMonths(isoDate: string, n: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12), month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
