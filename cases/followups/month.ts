import { t, type Lang } from '../../engine/i18n.ts';

/**
 * The month of treatment of an exam, the one rule every screen uses:
 * - no treatment start (`iniTreatmentDate` unset), or an exam dated before it: `0`, the diagnosis
 *   period ('Диагностика');
 * - otherwise `1 +` the whole calendar months from the treatment start to the exam date: the start
 *   day up to the day before the same day of the next month is month 1 ('Месяц 1'), and so on (a
 *   start on 31 January makes 28 February still month 1, 1 March month 2).
 *
 * Dates are ISO `YYYY-MM-DD` strings, as stored; no time zone is involved.
 *
 * @example monthOfTreatment('2024-03-05', '2024-02-06') // 1
 * @example monthOfTreatment('2024-03-06', '2024-02-06') // 2
 * @example monthOfTreatment('2024-01-20', '2024-02-06') // 0 (diagnosis)
 * @example monthOfTreatment('2024-01-20', null)         // 0 (diagnosis)
 */
export function monthOfTreatment(examDate: string, iniTreatmentDate?: string | null): number {
  if (!iniTreatmentDate || examDate < iniTreatmentDate) return 0;
  const [y1, m1, d1] = iniTreatmentDate.split('-').map(Number);
  const [y2, m2, d2] = examDate.split('-').map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return months + 1;
}

/**
 * The words for a month of treatment: 'Диагностика' for 0, else 'Месяц N'.
 * @example monthLabel(0, 'ru') // 'Диагностика'
 * @example monthLabel(3, 'en') // 'Month 3'
 */
export const monthLabel = (month: number, lang: Lang): string => (month === 0 ? t(lang, 'followup.diagnosis') : t(lang, 'followup.month', { month }));
