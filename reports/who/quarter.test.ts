import { describe, expect, it } from 'vitest';
import { quarterBefore, quarterDates } from './quarter.ts';

describe('quarters of the WHO forms', () => {
  it('span three months, the last ending at the new year', () => {
    expect(quarterDates({ year: 2025, quarter: 1 })).toEqual({ from: '2025-01-01', to: '2025-04-01' });
    expect(quarterDates({ year: 2025, quarter: 3 })).toEqual({ from: '2025-07-01', to: '2025-10-01' });
    expect(quarterDates({ year: 2024, quarter: 4 })).toEqual({ from: '2024-10-01', to: '2025-01-01' });
  });
  it('count back across years', () => {
    expect(quarterBefore({ year: 2025, quarter: 2 }, 0)).toEqual({ year: 2025, quarter: 2 });
    expect(quarterBefore({ year: 2025, quarter: 2 }, 4)).toEqual({ year: 2024, quarter: 2 });
    expect(quarterBefore({ year: 2025, quarter: 1 }, 1)).toEqual({ year: 2024, quarter: 4 });
    expect(quarterBefore({ year: 2025, quarter: 3 }, 8)).toEqual({ year: 2023, quarter: 3 });
  });
});
