// The two pure rules of a case's follow-up exams: the month of treatment every screen shows, and
// culture conversion / reversion (cases/followups/month.ts, conversion.ts).
import { describe, expect, it } from 'vitest';
import { cultureConversion } from '../../cases/followups/conversion.ts';
import { monthLabel, monthOfTreatment } from '../../cases/followups/month.ts';

describe('monthOfTreatment', () => {
  it('is 0 (diagnosis) without a treatment start or before it', () => {
    expect(monthOfTreatment('2024-01-20', null)).toBe(0);
    expect(monthOfTreatment('2024-01-20', undefined)).toBe(0);
    expect(monthOfTreatment('2024-02-05', '2024-02-06')).toBe(0);
    expect(monthOfTreatment('2023-12-01', '2024-02-06')).toBe(0); // months before the start: still diagnosis
  });

  it('counts whole calendar months from the start, the start day being month 1', () => {
    expect(monthOfTreatment('2024-02-06', '2024-02-06')).toBe(1);
    expect(monthOfTreatment('2024-03-05', '2024-02-06')).toBe(1);
    expect(monthOfTreatment('2024-03-06', '2024-02-06')).toBe(2);
    expect(monthOfTreatment('2025-02-06', '2024-02-06')).toBe(13);
    expect(monthOfTreatment('2025-01-31', '2024-12-31')).toBe(2);
  });

  it('keeps the short month in the month that started on a later day', () => {
    expect(monthOfTreatment('2024-02-29', '2024-01-31')).toBe(1);
    expect(monthOfTreatment('2024-03-01', '2024-01-31')).toBe(2);
  });

  it('is said in the reader’s language', () => {
    expect(monthLabel(0, 'ru')).toBe('Диагностика');
    expect(monthLabel(2, 'ru')).toBe('Месяц 2');
    expect(monthLabel(0, 'en')).toBe('Diagnosis');
    expect(monthLabel(7, 'en')).toBe('Month 7');
  });
});

const c = (date: string, result: string) => ({ date, result });

describe('cultureConversion', () => {
  it('converts at the first of two negatives at least 30 days apart after a positive (both definitions)', () => {
    expect(cultureConversion([c('2024-01-10', 'PLUS2'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });

  it('does not convert on negatives closer than the gap (2013: 30 days, 2021: 7), but the later one may start the pair', () => {
    expect(cultureConversion([c('2024-01-10', 'POSITIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-03-30', 'NEGATIVE')], 'WHO2013'))
      .toEqual({ conversionDate: null, reversionDate: null });
    expect(cultureConversion([c('2024-01-10', 'POSITIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-03-10', 'NEGATIVE'), c('2024-04-09', 'NEGATIVE')], 'WHO2013'))
      .toEqual({ conversionDate: '2024-03-10', reversionDate: null });
    expect(cultureConversion([c('2024-01-10', 'POSITIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-03-07', 'NEGATIVE')]))
      .toEqual({ conversionDate: null, reversionDate: null });
    expect(cultureConversion([c('2024-01-10', 'POSITIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-03-05', 'NEGATIVE'), c('2024-03-12', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-03-05', reversionDate: null });
  });

  it('needs a positive before: negatives alone never convert', () => {
    expect(cultureConversion([c('2024-01-01', 'NEGATIVE'), c('2024-03-01', 'NEGATIVE')])).toEqual({ conversionDate: null, reversionDate: null });
    expect(cultureConversion([])).toEqual({ conversionDate: null, reversionDate: null });
  });

  it('a positive between two negatives breaks the pair', () => {
    expect(cultureConversion([c('2024-01-10', 'PLUS'), c('2024-02-01', 'NEGATIVE'), c('2024-02-20', 'PLUS'), c('2024-03-15', 'NEGATIVE')]))
      .toEqual({ conversionDate: null, reversionDate: null });
  });

  it('skips contaminated and not-done cultures (they neither break nor make a pair)', () => {
    expect(cultureConversion([c('2024-01-10', 'PLUS3'), c('2024-02-01', 'NEGATIVE'), c('2024-02-15', 'CONTAMINATED'), c('2024-03-05', 'NEGATIVE'), c('2024-03-20', 'NOTDONE')]))
      .toEqual({ conversionDate: '2024-02-01', reversionDate: null });
  });

  it('reverts when a positive follows the conversion; a new conversion replaces both', () => {
    const converted = [c('2024-01-10', 'POSITIVE'), c('2024-02-01', 'NEGATIVE'), c('2024-03-05', 'NEGATIVE')];
    const reverted = [...converted, c('2024-05-01', 'PLUS'), c('2024-06-01', 'PLUS2')];
    expect(cultureConversion(reverted)).toEqual({ conversionDate: '2024-02-01', reversionDate: '2024-05-01' });
    expect(cultureConversion([...reverted, c('2024-07-01', 'NEGATIVE'), c('2024-08-15', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-07-01', reversionDate: null });
  });

  it('reads the results in date order, whatever order they come in', () => {
    expect(cultureConversion([c('2024-03-31', 'NEGATIVE'), c('2024-01-10', 'PLUS2'), c('2024-03-01', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });
});
