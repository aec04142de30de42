import { describe, expect, it } from 'vitest';
import { doseLabel, monthTicks, timelineScale } from './timeline.ts';

describe('the prescription timeline on a 100-unit scale', () => {
  // 100 days: 2026-01-01 … 2026-04-10
  const scale = timelineScale('2026-01-01', '2026-04-10');

  it('the whole period is 100 units, first and last day included', () => {
    expect(scale.days).toBe(100);
    expect(scale.span('2026-01-01', '2026-04-10')).toEqual({ left: 0, width: 100 });
  });

  it('a period is a bar from its first day to the end of its last', () => {
    expect(scale.span('2026-01-01', '2026-01-10')).toEqual({ left: 0, width: 10 });
    expect(scale.span('2026-02-20', '2026-04-10')).toEqual({ left: 50, width: 50 });
    expect(scale.at('2026-02-20')).toBe(50);
  });

  it('bars are clipped to the period; one outside it has no width', () => {
    expect(scale.span('2025-12-22', '2026-01-10')).toEqual({ left: 0, width: 10 });
    expect(scale.span('2026-04-01', '2026-06-30')).toEqual({ left: 90, width: 10 });
    expect(scale.span('2026-05-01', '2026-05-30').width).toBe(0);
  });

  it('a one-day period still has a scale', () => {
    const one = timelineScale('2026-03-05', '2026-03-05');
    expect(one.days).toBe(1);
    expect(one.span('2026-03-05', '2026-03-05')).toEqual({ left: 0, width: 100 });
  });

  it('month ticks sit at each first day, the first month at 0', () => {
    const ticks = monthTicks('2026-01-15', '2026-03-20');
    expect(ticks.map((t) => [t.year, t.month])).toEqual([
      [2026, 1],
      [2026, 2],
      [2026, 3],
    ]);
    expect(ticks[0].pos).toBe(0);
    expect(ticks[1].pos).toBeCloseTo((17 / 65) * 100, 2);
  });

  it('months run over the year end', () => {
    expect(monthTicks('2025-11-03', '2026-02-01').map((t) => `${t.year}-${t.month}`)).toEqual(['2025-11', '2025-12', '2026-1', '2026-2']);
  });

  it('a bar shows the dose and the frequency as n/7', () => {
    expect(doseLabel(4, 7)).toBe('4 — 7/7');
    expect(doseLabel(2, 3)).toBe('2 — 3/7');
  });
});
