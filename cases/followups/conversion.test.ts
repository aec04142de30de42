// Culture conversion and reversion (conversion.ts) for every culture result the exam form offers
// (schemas/tables/examcul.json), and the gap between the two negatives at and around its boundary, by the
// definitions a workspace follows (who-tb-reporting.md): two consecutive negative cultures at least
// 7 days apart after a positive one (WHO 2021 update), 30 days (WHO 2013 revision, RR/MDR-TB);
// reversion, a positive after conversion. The rest is written with 30 days, which both accept.
import { describe, expect, it } from 'vitest';
import { CONVERSION_GAP_DAYS, cultureConversion } from './conversion.ts';

const c = (date: string, result: string) => ({ date, result });
const none = { conversionDate: null, reversionDate: null };

/** Every positive grade of the culture form, from "positive" to "4+". */
const POSITIVE_GRADES = ['POSITIVE', 'PLUS', 'PLUS2', 'PLUS3', 'PLUS4'];
/** The results that are no result: neither positive nor negative. */
const INCONCLUSIVE = ['CONTAMINATED', 'NOTDONE'];

describe('each positive grade starts a conversion and makes a reversion', () => {
  it.each(POSITIVE_GRADES)('%s, then two negatives 30 days apart: converted at the first negative', (grade) => {
    expect(cultureConversion([c('2024-01-10', grade), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });

  it.each(POSITIVE_GRADES)('%s after a conversion: reverted on its date', (grade) => {
    const converted = [c('2024-01-10', 'POSITIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE')];
    expect(cultureConversion([...converted, c('2024-05-02', grade)])).toEqual({ conversionDate: '2024-03-01', reversionDate: '2024-05-02' });
  });

  it.each(POSITIVE_GRADES)('%s between two negatives breaks the pair', (grade) => {
    expect(cultureConversion([c('2024-01-10', 'POSITIVE'), c('2024-02-01', 'NEGATIVE'), c('2024-02-20', grade), c('2024-03-15', 'NEGATIVE')])).toEqual(none);
  });
});

describe('an inconclusive culture neither starts, breaks nor reverts', () => {
  it.each(INCONCLUSIVE)('%s alone before two negatives: nothing to convert from', (result) => {
    expect(cultureConversion([c('2024-01-10', result), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE')])).toEqual(none);
  });

  it.each(INCONCLUSIVE)('%s between the two negatives: still converted', (result) => {
    expect(cultureConversion([c('2024-01-10', 'PLUS4'), c('2024-03-01', 'NEGATIVE'), c('2024-03-15', result), c('2024-03-31', 'NEGATIVE')]))
      .toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });

  it.each(INCONCLUSIVE)('%s after a conversion: no reversion', (result) => {
    expect(cultureConversion([c('2024-01-10', 'PLUS'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE'), c('2024-05-01', result)]))
      .toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });
});

describe('the days between the two negatives', () => {
  it('are 7 by the 2021 update, 30 by the 2013 revision', () => expect(CONVERSION_GAP_DAYS).toEqual({ WHO2021: 7, WHO2013: 30 }));

  it.each([
    // first negative 1 March 2024 (a leap year: 29 February is before it)
    ['2024-03-07', 6, null, null],
    ['2024-03-08', 7, '2024-03-01', null],
    ['2024-03-09', 8, '2024-03-01', null],
    ['2024-03-30', 29, '2024-03-01', null],
    ['2024-03-31', 30, '2024-03-01', '2024-03-01'],
    ['2024-04-01', 31, '2024-03-01', '2024-03-01'],
  ])('second negative on %s (%i days later): converted %s by 2021, %s by 2013', (second, _days, by2021, by2013) => {
    const results = [c('2024-01-10', 'PLUS3'), c('2024-03-01', 'NEGATIVE'), c(second, 'NEGATIVE')];
    expect(cultureConversion(results)).toEqual({ conversionDate: by2021, reversionDate: null });
    expect(cultureConversion(results, 'WHO2021')).toEqual({ conversionDate: by2021, reversionDate: null });
    expect(cultureConversion(results, 'WHO2013')).toEqual({ conversionDate: by2013, reversionDate: null });
  });

  it('counts whole days across a month and a year end', () => {
    const across = (second: string) => [c('2024-11-01', 'PLUS2'), c('2024-12-28', 'NEGATIVE'), c(second, 'NEGATIVE')];
    expect(cultureConversion(across('2025-01-04')).conversionDate).toBe('2024-12-28');
    expect(cultureConversion(across('2025-01-03')).conversionDate).toBe(null);
    expect(cultureConversion(across('2025-01-27'), 'WHO2013').conversionDate).toBe('2024-12-28');
    expect(cultureConversion(across('2025-01-26'), 'WHO2013').conversionDate).toBe(null);
  });
});

describe('the order the results come in', () => {
  it('reads them by date: a conversion and a reversion listed last-first', () => {
    const r = cultureConversion([c('2024-05-01', 'PLUS'), c('2024-03-31', 'NEGATIVE'), c('2024-03-01', 'NEGATIVE'), c('2024-01-10', 'PLUS4')]);
    expect(r).toEqual({ conversionDate: '2024-03-01', reversionDate: '2024-05-01' });
  });
});

describe('reversion and conversion again', () => {
  it('only the first positive after a conversion is the reversion', () => {
    const r = cultureConversion([c('2024-01-10', 'PLUS'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE'), c('2024-05-01', 'PLUS2'), c('2024-06-01', 'PLUS4')]);
    expect(r).toEqual({ conversionDate: '2024-03-01', reversionDate: '2024-05-01' });
  });

  it('a third negative after a conversion changes nothing', () => {
    const r = cultureConversion([c('2024-01-10', 'PLUS'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE'), c('2024-05-01', 'NEGATIVE'), c('2024-06-01', 'NEGATIVE')]);
    expect(r).toEqual({ conversionDate: '2024-03-01', reversionDate: null });
  });

  it('a conversion after the reversion replaces both', () => {
    const r = cultureConversion([
      c('2024-01-10', 'PLUS'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE'),
      c('2024-05-01', 'PLUS4'), c('2024-06-01', 'NEGATIVE'), c('2024-07-01', 'NEGATIVE'),
    ]);
    expect(r).toEqual({ conversionDate: '2024-06-01', reversionDate: null });
  });

  it('a reversion with only one negative after it keeps the reversion', () => {
    const r = cultureConversion([c('2024-01-10', 'PLUS'), c('2024-03-01', 'NEGATIVE'), c('2024-03-31', 'NEGATIVE'), c('2024-05-01', 'PLUS'), c('2024-06-01', 'NEGATIVE')]);
    expect(r).toEqual({ conversionDate: '2024-03-01', reversionDate: '2024-05-01' });
  });
});
