import { describe, expect, it } from 'vitest';
import { lastQuarter } from './lastQuarter.ts';

describe('the quarter the WHO forms open on', () => {
  it('is the last whole quarter', () => {
    expect(lastQuarter(new Date(2026, 10, 26))).toEqual({ year: 2026, quarter: 3 });
    expect(lastQuarter(new Date(2026, 3, 1))).toEqual({ year: 2026, quarter: 1 });
    expect(lastQuarter(new Date(2026, 2, 31))).toEqual({ year: 2025, quarter: 4 });
  });
});
