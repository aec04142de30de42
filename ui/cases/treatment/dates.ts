import { isoDate } from '../../../engine/day-numbers.ts';

/** Today in the browser's calendar, as an ISO date (the day arithmetic itself: engine/day-numbers.ts). */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
