/**
 * How a calendar date is written for people: `dd.MM.yyyy` in Russian, `MM/dd/yyyy` in English —
 * the one rule for the server's texts (history, read-only views) and the browser's (lists, cards,
 * pickers: `ui/i18n/dates.ts`). Stored and sent dates stay `YYYY-MM-DD`.
 */
import type { Lang } from './i18n.ts';

/** The dayjs pattern a language writes dates in (the first is shown; all are understood when typed). */
export const DATE_PATTERNS: Record<Lang, string[]> = {
  ru: ['DD.MM.YYYY', 'D.M.YYYY', 'DDMMYYYY', 'YYYY-MM-DD'],
  en: ['MM/DD/YYYY', 'M/D/YYYY', 'YYYY-MM-DD'],
};

/**
 * A `YYYY-MM-DD` date (or the date of a date-time) as the language writes it; anything else as given.
 * @example dateText('2026-11-20', 'ru') // '20.11.2026'
 * @example dateText('2026-11-20', 'en') // '11/20/2026'
 */
export function dateText(value: string | null | undefined, lang: Lang | string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [, y, mo, d] = m;
  return lang === 'en' ? `${mo}/${d}/${y}` : `${d}.${mo}.${y}`;
}
