/**
 * Dates of the treatment tab in the language's form (`ui/i18n/dates.ts`: 05.03.2026 in ru), and a
 * calendar month's title ('март 2026').
 *
 * @example
 *   dateText('2026-03-05') // '05.03.2026'
 *   monthTitle(2026, 3)    // 'март 2026'
 */
import dayjs from 'dayjs';
import { dateText } from '../../i18n/dates.ts';
import { isoDate } from '../../../engine/day-numbers.ts';

export { dateText };

/** A period as 'from — to' (an open end shows only the start). */
export function periodText(ini: string, end: string | null | undefined): string {
  return end ? `${dateText(ini)} — ${dateText(end)}` : `${dateText(ini)} —`;
}

export function monthTitle(year: number, month: number): string {
  return dayjs(isoDate(year, month, 1)).format('MMMM YYYY');
}
