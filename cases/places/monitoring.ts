/**
 * WHO's schedule of bacteriological monitoring during treatment, which the unit worklist turns into
 * "exams due" (`worklist.ts`). The reference page (`/work/shared/reference/who-tb-reporting.md`)
 * defines conversion and outcomes but no schedule; this follows WHO's guidance:
 * - drug-resistant TB (RR/MDR): sputum smear microscopy and culture every month of treatment
 *   (WHO, "Companion handbook to the WHO guidelines for the programmatic management of
 *   drug-resistant tuberculosis", 2014, ch. 5; kept in the 2022 consolidated handbook, module 4);
 * - drug-susceptible TB: sputum smear at the end of month 2, month 5 and month 6, the end of a
 *   six-month regimen (WHO, "Treatment of tuberculosis: guidelines", 4th ed., 2010, table 7.1).
 * NTM cases have no WHO schedule. A month is a treatment month: month 1 starts on the treatment's
 * first day, month n on the same day n − 1 months later; an exam "at the end of month n" is one
 * dated within month n.
 *
 * @example MONITORING.DRTB // [{ exam: 'EXAM_MICROSCOPY', months: 'every' }, { exam: 'EXAM_CULTURE', months: 'every' }]
 */
export interface MonitoringRule {
  /** The follow-up type of the exam (`x-table.followup` of its table). */
  exam: 'EXAM_MICROSCOPY' | 'EXAM_CULTURE';
  /** The treatment months (1-based) the exam is due in, or every month. */
  months: number[] | 'every';
}

export const MONITORING: Record<'TB' | 'DRTB', MonitoringRule[]> = {
  DRTB: [
    { exam: 'EXAM_MICROSCOPY', months: 'every' },
    { exam: 'EXAM_CULTURE', months: 'every' },
  ],
  TB: [{ exam: 'EXAM_MICROSCOPY', months: [2, 5, 6] }],
};
