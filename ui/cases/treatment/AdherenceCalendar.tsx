/**
 * The monthly adherence calendar section: the status picker (DOTS /
 * SELF_ADMIN / NOT_TAKEN), the overall adherence, and one {@link MonthCalendar} per month of the
 * treatment period. Editable only when the server says so (the case is ONTREATMENT); each month
 * is saved on its own ({@link useMonthSaves}), a refused save shows the server's error. A contact's
 * TPT course draws its intake on the same calendar, with its own `save`.
 *
 * @example
 *   <AdherenceCalendar caseId={id} treatment={tr} editable={tr.editable} onTreatment reload={load} onError={show} />
 */
import { useCallback, useState } from 'react';
import { Alert, Card, Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAY_STATUSES, percentOf, type DayStatus } from './calendar.ts';
import type { TreatmentStarted } from './model.ts';
import { adherenceText, MonthCalendar, STATUS_COLORS } from './MonthCalendar.tsx';
import { useMonthSaves, type SaveMonth } from './useMonthSaves.ts';
import { treatmentApi } from './api.ts';

export interface AdherenceCalendarProps {
  /** The case whose treatment months are saved; or `save`, how a month is saved (a TPT course's). */
  caseId?: string;
  save?: SaveMonth;
  /** The months and the adherence so far (a treatment's, or a TPT course's in the same shape). */
  treatment: Pick<TreatmentStarted, 'followup' | 'adherence'>;
  /** The card's title and its test id, when not the treatment's. */
  title?: string;
  testId?: string;
  /** Why it is read-only when the user may not record intake (default: the treatment's wording). */
  readOnlyText?: string;
  editable: boolean;
  /** The case is ONTREATMENT: a calendar not editable then says the user lacks the right. */
  onTreatment: boolean;
  /** Reloads the treatment after a month was saved. */
  reload: () => Promise<unknown>;
  onError: (err: unknown) => void;
}

export function AdherenceCalendar({ caseId, save, treatment, title, testId, readOnlyText, editable, onTreatment, reload, onError }: AdherenceCalendarProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<DayStatus>('DOTS');
  const saveMonth = useCallback<SaveMonth>((m) => (save ? save(m) : treatmentApi.saveMonth({ caseId: caseId!, ...m })), [save, caseId]);
  const saves = useMonthSaves(saveMonth, reload, onError);

  // the overall count follows unsaved edits too
  const taken = treatment.followup.reduce(
    (sum, m) => sum + (saves.edited(m) ? saves.daysOf(m).filter((d) => d.status !== 'NOT_TAKEN').length : m.takenDays),
    0,
  );
  const edited = treatment.followup.some((m) => saves.edited(m));
  const overall = edited
    ? { takenDays: taken, plannedDays: treatment.adherence.plannedDays, percent: percentOf(taken, treatment.adherence.plannedDays) }
    : treatment.adherence;

  return (
    <Card data-testid={testId ?? 'treatment-calendar'} size="small" title={title ?? t('ui.treatment.calendar')}>
      <Flex wrap gap={16} align="center" style={{ marginBottom: 12 }}>
        {editable ? (
          <Radio.Group data-testid="calendar-status" value={chosen} onChange={(e) => setChosen(e.target.value as DayStatus)} optionType="button">
            {DAY_STATUSES.map((s) => (
              <Radio.Button key={s} value={s}>
                <span data-testid={`calendar-status-${s}`} data-checked={s === chosen}>
                  <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: STATUS_COLORS[s], marginInlineEnd: 6 }} />
                  {t(`dayStatus.${s}`)}
                </span>
              </Radio.Button>
            ))}
          </Radio.Group>
        ) : (
          <Alert
            data-testid="calendar-readonly"
            type="info"
            showIcon
            title={readOnlyText ?? (onTreatment ? t('ui.treatment.calendarNoRight', { name: t('perm.CASE_INTAKEMED') }) : t('ui.treatment.calendarReadOnly'))}
          />
        )}
        <Typography.Text strong data-testid="treatment-adherence" data-percent={overall.percent ?? ''}>
          {t('ui.treatment.adherenceOverall')}: {adherenceText(t, overall)}
        </Typography.Text>
      </Flex>
      <Flex wrap gap={12}>
        {treatment.followup.map((m) => (
          <MonthCalendar
            key={`${m.year}-${m.month}`}
            month={m}
            days={saves.daysOf(m)}
            edited={saves.edited(m)}
            chosen={chosen}
            editable={editable}
            state={saves.stateOf(m)}
            onChange={(days) => saves.edit(m, days)}
          />
        ))}
      </Flex>
    </Card>
  );
}
