/** Report dates in the locale's date-time format (dayjs `L LTS`: 22.11.2026 14:05:09 in ru). */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';

dayjs.extend(localizedFormat);

/** The date pickers' format: the locale's short date. */
export const DATE_FORMAT = 'L';

export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('L LTS') : '';
}

/** A history value as text: booleans and lists made readable, empty as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
