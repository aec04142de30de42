/** Report dates in the language's date-time form (22.11.2026 14:05:09 in ru: `ui/i18n/dates.ts`). */
import { dateTimeText } from '../../i18n/dates.ts';

export function formatDateTime(value: string | null | undefined): string {
  return dateTimeText(value);
}

/** A history value as text: booleans and lists made readable, empty as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
