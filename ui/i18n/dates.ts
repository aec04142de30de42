/**
 * Dates as the user reads and types them — the browser's one helper (the rule itself is
 * `engine/date-text.ts`, shared with the server): `20.11.2026` in Russian, `11/20/2026` in English;
 * stored and sent as `YYYY-MM-DD`. Lists, cards, read-only forms and pickers all use it.
 *
 * @example dateText('2026-11-20') // '20.11.2026' (ru)
 * @example <DatePicker format={datePatterns()} />
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import i18next from 'i18next';
import { DATE_PATTERNS, dateText as engineDateText } from '../../engine/date-text.ts';
import { todayIn } from '../../engine/dates.ts';

dayjs.extend(localizedFormat);

const lang = (): 'ru' | 'en' => (i18next.language === 'en' ? 'en' : 'ru');

/** A `YYYY-MM-DD` date (or a date-time's day) in the UI language's form; '' for none. */
export const dateText = (iso: string | null | undefined): string => engineDateText(iso, lang());

/** An instant (ISO date-time or epoch ms) as the language's date and time: `22.11.2026 14:05:09` in Russian. */
export const dateTimeText = (value: string | number | null | undefined, seconds = true): string =>
  value === null || value === undefined || value === '' ? '' : dayjs(value).format(seconds ? `${DATE_PATTERNS[lang()][0]} LTS` : `${DATE_PATTERNS[lang()][0]} LT`);

/** The patterns a date picker shows (the first) and understands when typed (all): `DD.MM.YYYY`, `D.M.YYYY`, … */
export const datePatterns = (): string[] => DATE_PATTERNS[lang()];

/** The browser's IANA time zone (sent to the server as `X-Time-Zone`). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Today as `YYYY-MM-DD` in the browser's time zone (what the server takes "today" for, unless the workspace names its zone). */
export const todayHere = (now: Date = new Date()): string => todayIn(browserTimeZone(), now);
