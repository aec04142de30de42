import { useTranslation } from 'react-i18next';
import type { FollowupMonth } from '../model.ts';
import { daysInMonth } from '../../../../engine/day-numbers.ts';
import { monthTitle } from '../format.ts';

/** The mark a day's status prints as (the legend under the grid says what each means). */
export const DAY_MARK = { DOTS: '✓', SELF_ADMIN: 'С', NOT_TAKEN: '✗' } as const;

/**
 * The daily intake grid of the printable treatment card: a row per calendar month of the treatment,
 * a column per day (1–31), each day's mark (see {@link DAY_MARK}); days outside the treatment period
 * or the month dark, days no prescription plans light; the month's adherence at the end.
 * @example <IntakeGrid months={treatment.followup} />
 */
export function IntakeGrid({ months }: { months: FollowupMonth[] }) {
  const { t } = useTranslation();
  const days = Array.from({ length: 31 }, (_, i) => i + 1);
  return (
    <>
      <table className="tb-grid" data-testid="card-grid">
        <thead>
          <tr>
            <th className="tb-month">{t('ui.treatmentCard.month')}</th>
            {days.map((d) => (
              <th key={d}>{d}</th>
            ))}
            <th className="tb-month">%</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => {
            const status = new Map(m.days.map((d) => [d.day, d.status]));
            const planned = new Set(m.planned);
            const length = daysInMonth(m.year, m.month);
            return (
              <tr key={`${m.year}-${m.month}`} data-testid="card-grid-month" data-month={`${m.year}-${String(m.month).padStart(2, '0')}`}>
                <th className="tb-month">{monthTitle(m.year, m.month)}</th>
                {days.map((d) => {
                  const off = d > length || d < m.iniDay || d > m.endDay;
                  const s = status.get(d);
                  return (
                    <td key={d} data-day={d} className={off ? 'tb-off' : planned.has(d) ? undefined : 'tb-rest'}>
                      {!off && s ? DAY_MARK[s] : ''}
                    </td>
                  );
                })}
                <td>{m.adherence ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p data-testid="card-grid-legend">
        {(Object.keys(DAY_MARK) as (keyof typeof DAY_MARK)[]).map((k) => `${DAY_MARK[k]} — ${t(`dayStatus.${k}`)}`).join('; ')}; {t('ui.treatmentCard.notPlanned')}
      </p>
    </>
  );
}
