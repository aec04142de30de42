/**
 * The prescription timeline's geometry: the treatment period drawn on a 100-unit
 * scale; a prescription period is a bar from its first to its last day (both included), clipped
 * to the treatment period; months are ticks at their first day.
 *
 * @example
 *   const scale = timelineScale('2026-01-01', '2026-04-10'); // 100 days
 *   scale.span('2026-01-01', '2026-01-10') // { left: 0, width: 10 }
 *   scale.at('2026-02-20')                  // 50: where that day starts
 */
import { dayOf, isoDate } from '../../../engine/day-numbers.ts';

/** A bar's place on the 0–100 scale. */
export interface Span {
  left: number;
  width: number;
}

export interface TimelineScale {
  /** Days of the period, first and last included (at least 1). */
  days: number;
  /** Position (0–100) of the start of a day. */
  at: (iso: string) => number;
  /** The bar of the days `ini`…`end`, clipped to the period; width 0 when outside it. */
  span: (ini: string, end: string) => Span;
}

const round = (v: number) => Math.round(v * 1000) / 1000;
const clamp = (v: number) => Math.min(100, Math.max(0, v));

/** The scale of the treatment period `ini`…`end` (an end before the start counts as one day). */
export function timelineScale(ini: string, end: string): TimelineScale {
  const first = dayOf(ini);
  const days = Math.max(1, dayOf(end) - first + 1);
  const at = (iso: string) => clamp(round(((dayOf(iso) - first) / days) * 100));
  return {
    days,
    at,
    span(from, to) {
      const left = at(from);
      const right = clamp(round(((dayOf(to) - first + 1) / days) * 100));
      return { left, width: Math.max(0, round(right - left)) };
    },
  };
}

/** A month boundary inside the period: its first day's position and year/month. */
export interface MonthTick {
  year: number;
  month: number;
  pos: number;
}

/** The months the period touches, each at the position of its first day (the first at 0). */
export function monthTicks(ini: string, end: string): MonthTick[] {
  const scale = timelineScale(ini, end);
  let [year, month] = ini.split('-').map(Number);
  const [endYear, endMonth] = end.split('-').map(Number);
  const ticks: MonthTick[] = [];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    const first = isoDate(year, month, 1);
    ticks.push({ year, month, pos: first < ini ? 0 : scale.at(first) });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return ticks;
}

/** A bar's label: the dose in units and the frequency as n/7 ('2 — 3/7'). */
export function doseLabel(doseUnit: number, frequency: number): string {
  return `${doseUnit} — ${frequency}/7`;
}
