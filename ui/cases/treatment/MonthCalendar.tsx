/**
 * One month of the adherence calendar: the days in weeks (Monday first), each coloured by its
 * status, the planned days and the month's adherence. A day of the allowed range (`calendar.ts`
 * `allowedRange`) is a button when `editable`; 'select all' fills that range with the chosen status.
 * By keyboard: Tab enters the month on one day, the arrow keys move a day or a week,
 * Home/End go to the first/last day of the range, Space or Enter marks the day with the chosen status.
 *
 * @example
 *   <MonthCalendar month={m} days={m.days} edited={false} chosen="DOTS" editable state="idle" onChange={save} />
 */
import { useState, type KeyboardEvent } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dayOfYmd, daysInMonth, isoDate, weekday } from '../../../engine/day-numbers.ts';
import { todayIso } from './dates.ts';
import { allowedRange, monthAdherence, clickDay, inRange, selectAll, type DayEntry, type DayStatus } from './calendar.ts';
import type { FollowupMonth } from './model.ts';
import { monthTitle } from './format.ts';
import { COLORS } from '../../theme/colors.ts';

export const STATUS_COLORS: Record<DayStatus, string> = { DOTS: COLORS.green, SELF_ADMIN: COLORS.blue, NOT_TAKEN: COLORS.red };

/** Where the month's save is: nothing to save, waiting to be sent, being sent, refused. */
export type SaveState = 'idle' | 'pending' | 'saving' | 'error';

export interface MonthCalendarProps {
  month: FollowupMonth;
  /** The days as shown: the month's own, or the user's unsaved edit. */
  days: DayEntry[];
  /** True while `days` differ from the month's own (adherence is then counted here). */
  edited: boolean;
  chosen: DayStatus;
  editable: boolean;
  state: SaveState;
  onChange: (days: DayEntry[]) => void;
}

/** '85% (17 из 20 дн.)', or a dash when nothing is planned. */
export function adherenceText(t: TFunction, a: { percent: number | null; takenDays: number; plannedDays: number }): string {
  return a.percent === null ? '—' : t('ui.treatment.adherenceOf', { percent: a.percent, taken: a.takenDays, planned: a.plannedDays });
}

/** The day an arrow key leads to from `day`: ±1 across, ±7 up and down; Home/End the range's ends. */
export function dayAfterKey(key: string, day: number, range: { from: number; to: number }): number | null {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (key === 'Home') return range.from;
  if (key === 'End') return range.to;
  const step = steps[key];
  if (step === undefined) return null;
  return Math.min(range.to, Math.max(range.from, day + step));
}

export function MonthCalendar({ month, days, edited, chosen, editable, state, onChange }: MonthCalendarProps) {
  const { t } = useTranslation();
  const today = todayIso();
  const range = editable ? allowedRange(month, today) : null;
  const adherence = edited ? monthAdherence({ ...month, days }, today) : { plannedDays: month.plannedSoFar, takenDays: month.takenDays, percent: month.adherence };
  const statusOf = new Map(days.map((d) => [d.day, d.status]));
  const planned = new Set(month.planned);
  const count = daysInMonth(month.year, month.month);
  const lead = weekday(dayOfYmd(month.year, month.month, 1)) - 1;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: count }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weekdays = t('ui.treatment.weekdays').split(',');
  // roving focus: one day of the month is in the tab order, the arrows move it
  const [focusDay, setFocusDay] = useState<number | null>(null);
  const tabDay = range ? Math.min(range.to, Math.max(range.from, focusDay ?? range.from)) : null;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((e.target as HTMLElement).dataset.day);
    if (!range || !from) return;
    const next = dayAfterKey(e.key, from, range);
    if (next === null) return;
    e.preventDefault();
    setFocusDay(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus();
  };

  return (
    <Card
      size="small"
      data-testid="calendar-month"
      data-month={`${month.year}-${String(month.month).padStart(2, '0')}`}
      data-state={state}
      style={{ width: 272 }}
      title={<span style={{ textTransform: 'capitalize' }}>{monthTitle(month.year, month.month)}</span>}
      extra={
        range ? (
          <Button data-testid="calendar-select-all" size="small" type="link" onClick={() => onChange(selectAll(days, range, chosen))}>
            {t('ui.treatment.selectAll')}
          </Button>
        ) : null
      }
    >
      <div
        role="group"
        aria-label={monthTitle(month.year, month.month)}
        onKeyDown={onKeyDown}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 32px)', gap: 4 }}
      >
        {weekdays.map((w) => (
          <div key={w} aria-hidden style={{ textAlign: 'center', fontSize: 11, color: COLORS.textSecondary }}>
            {w}
          </div>
        ))}
        {cells.map((day, i) => {
          if (day === null) return <div key={`e${i}`} />;
          const status = statusOf.get(day);
          const treated = day >= month.iniDay && day <= month.endDay;
          const isPlanned = planned.has(day);
          // days to come are drawn faded: nothing is recorded ahead
          const ahead = isoDate(month.year, month.month, day) > today;
          const active = inRange(range, day);
          return (
            <button
              key={day}
              type="button"
              data-testid="calendar-day"
              data-day={day}
              data-status={status ?? ''}
              data-planned={isPlanned}
              aria-label={status ? `${day}: ${t(`dayStatus.${status}`)}` : String(day)}
              disabled={!active}
              tabIndex={active && day !== tabDay ? -1 : undefined}
              onFocus={() => setFocusDay(day)}
              onClick={() => onChange(clickDay(days, day, chosen))}
              style={{
                width: 32,
                height: 28,
                padding: 0,
                fontSize: 12,
                borderRadius: 4,
                border: `1px ${ahead ? 'dashed' : 'solid'} ${isPlanned ? COLORS.green : treated ? '#d9d9d9' : 'transparent'}`,
                fontWeight: isPlanned ? 600 : 400,
                background: status ? STATUS_COLORS[status] : treated ? '#fff' : '#fafafa',
                // days ahead are told by their dashed frame and muted (still AA) text, not by fading
                color: status ? '#fff' : treated && !ahead ? '#262626' : COLORS.textMuted,
                cursor: active ? 'pointer' : 'default',
              }}
            >
              {day}
            </button>
          );
        })}
      </div>
      <Flex vertical style={{ marginTop: 8, fontSize: 12 }}>
        <Typography.Text type="secondary" data-testid="calendar-planned">
          {t('ui.treatment.plannedDays', { count: month.plannedDays })}
        </Typography.Text>
        <Typography.Text data-testid="calendar-adherence" data-percent={adherence.percent ?? ''}>
          {t('ui.treatment.adherence')}: {adherenceText(t, adherence)}
        </Typography.Text>
        {/* a status region present from the start: 'saving…' is announced as it appears */}
        <span role="status">
          {state === 'saving' || state === 'pending' ? (
            <Typography.Text type="secondary" data-testid="calendar-saving">
              {t('ui.treatment.saving')}
            </Typography.Text>
          ) : null}
        </span>
      </Flex>
    </Card>
  );
}
