// "Today" is the day of a time zone, not the server's UTC day.
import { describe, expect, it } from 'vitest';
import { isTimeZone, todayIn } from './dates.ts';
import { pickerLimits } from './date-bounds.ts';

describe('today in a zone', () => {
  it('a doctor in UTC+5 at 02:00 has their day, while UTC still has the day before', () => {
    const twoAmInTashkent = new Date('2026-11-25T21:00:00Z');
    expect(todayIn('Asia/Tashkent', twoAmInTashkent)).toBe('2026-11-26');
    expect(todayIn('UTC', twoAmInTashkent)).toBe('2026-11-25');
    // the last minute before midnight there is still the 25th
    expect(todayIn('Asia/Tashkent', new Date('2026-11-25T18:59:59Z'))).toBe('2026-11-25');
    expect(todayIn('America/Bogota', new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
  });

  it('asked again and again across midnight there (its answer kept a minute), the day turns at midnight to the millisecond', () => {
    const at = (iso: string) => todayIn('Asia/Tashkent', new Date(iso));
    expect([at('2026-11-25T18:59:00.000Z'), at('2026-11-25T18:59:30.000Z'), at('2026-11-25T18:59:59.999Z')]).toEqual(['2026-11-25', '2026-11-25', '2026-11-25']);
    expect([at('2026-11-25T19:00:00.000Z'), at('2026-11-25T19:00:59.999Z')]).toEqual(['2026-11-26', '2026-11-26']);
    // and back: an earlier instant asked after a later one
    expect([at('2026-11-25T18:59:59.999Z'), todayIn('UTC', new Date('2026-11-25T19:00:00.000Z'))]).toEqual(['2026-11-25', '2026-11-25']);
  });

  it('an unknown or missing zone is UTC', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Asia/Bishkek')).toBe(true);
    expect(todayIn('Mars/Olympus', new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-25');
    expect(todayIn(undefined, new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-25');
  });

  it('a picker offers no day after today, nor before the date its field may not precede', () => {
    const schema = { type: 'object', properties: {
      birthDate: { type: 'string', format: 'date' },
      seen: { type: 'string', format: 'date', 'x-notAfter': 'today', 'x-notBefore': 'birthDate' },
    } };
    expect(pickerLimits(schema, ['seen'], { birthDate: '2020-03-15' }, '2026-11-26')).toEqual({ min: '2020-03-15', max: '2026-11-26' });
    expect(pickerLimits(schema, ['seen'], {}, '2026-11-26')).toEqual({ max: '2026-11-26' });
  });
});
