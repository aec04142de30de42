import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { RowAction } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { fail } from '../../server/http/errors.ts';
import { monthDays } from './month-days.ts';
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
    const stored = await kysely(em)
      .selectFrom('adherence')
      .select(['id', 'version'])
      .where('workspace_id', '=', s.workspaceId)
      .where('case_id', '=', caseId)
      .where('year', '=', year)
      .where('month', '=', month)
      .forUpdate()
      .executeTakeFirst();
    // the writer compares a stored month's version; a month made or cleared since is stale too
    if (version !== undefined && (stored ? version === 0 : version !== 0)) throw fail(409, t(s.lang, 'msg.staleVersion'), 'version');
    const empty = !/[DSN]/.test(encoded);
    if (stored && empty) {
      if (version !== undefined && version !== stored.version) throw fail(409, t(s.lang, 'msg.staleVersion'), 'version');
      await writer.delete(stored.id, { within: em });
      return { result: { version: 0 } };
    }
    if (stored) {
      await writer.update(stored.id, { days: encoded, ...(version !== undefined ? { version } : {}) }, { within: em });
    } else if (!empty) {
      await writer.create({ caseId, year, month, days: encoded }, undefined, em);
    }
    const now = await kysely(em).selectFrom('adherence').select('version').where('workspace_id', '=', s.workspaceId).where('case_id', '=', caseId).where('year', '=', year).where('month', '=', month).executeTakeFirst();
    return { result: { version: now?.version ?? 0 } };
  },
};
