// How dates are written and typed in each language (engine/date-text.ts): dd.MM.yyyy in Russian,
// MM/dd/yyyy in English, read back with the patterns a picker understands (antd parses with dayjs).
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { describe, expect, it } from 'vitest';
import { DATE_PATTERNS, dateText } from './date-text.ts';

dayjs.extend(customParseFormat);

/** What a picker of the language makes of a typed text: `YYYY-MM-DD`, or undefined when it reads no date. */
const typed = (text: string, lang: 'ru' | 'en') => {
  const d = dayjs(text, DATE_PATTERNS[lang], true);
  return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
};

describe('dates for people', () => {
  it.each([
    ['2026-11-20', 'ru', '20.11.2026'],
    ['2026-11-20', 'en', '11/20/2026'],
    ['2026-03-02T14:05:09Z', 'ru', '02.03.2026'],
    ['2026-03-02T14:05:09Z', 'en', '03/02/2026'],
    ['', 'ru', ''],
    ['не дата', 'en', 'не дата'],
  ])('%s in %s reads %s', (iso, lang, text) => expect(dateText(iso, lang)).toBe(text));

  it.each([
    ['20.11.2026', 'ru', '2026-11-20'],
    ['2.3.2026', 'ru', '2026-03-02'],
    ['20112026', 'ru', '2026-11-20'],
    ['2026-11-20', 'ru', '2026-11-20'],
    ['11/20/2026', 'en', '2026-11-20'],
    ['3/2/2026', 'en', '2026-03-02'],
    ['2026-11-20', 'en', '2026-11-20'],
    // the other language's way is no date: 20 is no month, and a day is never taken for a month
    ['11/20/2026', 'ru', undefined],
    ['20.11.2026', 'en', undefined],
    ['31.02.2026', 'ru', undefined],
  ])('%s typed in %s is %s', (text, lang, iso) => expect(typed(text, lang as 'ru' | 'en')).toBe(iso));
});
