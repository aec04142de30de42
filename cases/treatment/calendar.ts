import type { JsonSchema } from '../../engine/types.ts';
import type { RowAction } from '../../server/types.ts';
import { monthDays, saveCalendarMonth } from './month-days.ts';
import { calendarRefusal } from './guards.ts';
import { writerOf } from './rows.ts';
import type { DayEntry } from './types.ts';

/** The body of `POST /api/cases/case/treatment/followup`, without its `caseId`. */
export const followupBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['year', 'month', 'days'],
  properties: {
    year: { type: 'integer', minimum: 1900, maximum: 2200, title: 'adherence.year' },
    month: { type: 'integer', minimum: 1, maximum: 12, title: 'adherence.month' },
    version: { type: 'integer', minimum: 0, maximum: 2147483647, title: 'adherence.version' },
    days: {
      type: 'array',
      maxItems: 31,
      title: 'adherence.days',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['day', 'status'],
        properties: {
          day: { type: 'integer', minimum: 1, maximum: 31, title: 'adherence.day' },
          status: { type: 'string', enum: ['DOTS', 'SELF_ADMIN', 'NOT_TAKEN'], title: 'adherence.status' },
        },
      },
    },
  },
};

interface MonthInput {
  year: number;
  month: number;
  days: DayEntry[];
  version?: number;
}

/**
 * `POST /api/cases/case/treatment/followup {caseId, year, month, days, version?}` (also the case's
 * action `treatmentfollowup`): the month's recorded days replace the stored ones — one row a month
 * (`adherence`, one character a day) written through the table writer, deleted when nothing is
 * left; answers `{result: {version}}`, the month's new version (0: nothing stored). With `version`
 * (the month as the user saw it; 0: not stored yet), a month changed since — saved, cleared or made
 * by someone else — is refused with 409 'Запись уже изменена другим пользователем…' and nothing
 * changes. CASE_INTAKEMED_EDT, the case ONTREATMENT ({@link calendarRefusal}); the table's hooks
 * keep the month and each day in the treatment period and not ahead of today, and refresh the alert.
 * @example POST /api/cases/case/treatment/followup { caseId, year: 2026, month: 3, version: 2, days: [{ day: 2, status: 'DOTS' }] } → {success: true, result: {version: 3}}
 */
export const saveMonth: RowAction<MonthInput & Record<string, unknown>> = {
  table: 'tbcase',
  name: 'treatmentfollowup',
  permission: 'CASE_INTAKEMED_EDT',
  rowUnchanged: true,
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/followup', idField: 'caseId' }],
  input: followupBody,
  guard: calendarRefusal,
  async apply({ em, ctx, session: s, id: caseId, input }) {
    const { year, month, days, version } = input;
    const encoded = monthDays(s.lang, { year, month, days }, 'treatment.dayOutside');
    const writer = writerOf(ctx, s, 'adherence');
    return { result: await saveCalendarMonth(em, s, writer, { table: 'adherence', parent: { column: 'case_id', field: 'caseId', id: caseId }, year, month }, encoded, version) };
  },
};
