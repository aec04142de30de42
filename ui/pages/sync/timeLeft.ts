import type { TFunction } from 'i18next';

/**
 * The time left as a person says it: seconds under two minutes, else whole minutes; an unknown rate says so.
 * @example timeLeftText(t, 95) // 'Осталось около 95 с'
 */
export function timeLeftText(t: TFunction, seconds: number | null | undefined): string {
  if (seconds == null) return t('ui.clientInit.leftUnknown');
  const time = seconds < 120 ? t('ui.clientInit.seconds', { count: seconds }) : t('ui.clientInit.minutes', { count: Math.round(seconds / 60) });
  return t('ui.clientInit.left', { time });
}

/**
 * The percent of a bar: done of total, 0 while the total is unknown.
 * @example percentOf(250, 1000) // 25
 */
export const percentOf = (done: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0);
