import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { AppContext, Session, Doc } from '../../server/types.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { daysInMonth } from './dates.ts';
import { encodeDays } from './days.ts';
import { lockCase, refuse, writerOf } from './rows.ts';
import type { DayEntry } from './types.ts';

/** The body of `POST /api/cases/case/treatment/followup` (spec 001 §7). */
export const followupBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['caseId', 'year', 'month', 'days'],
  properties: {
    caseId: { type: 'string', format: 'uuid', title: 'exam.case' },
    year: { type: 'integer', minimum: 1900, maximum: 2200, title: 'adherence.year' },
    month: { type: 'integer', minimum: 1, maximum: 12, title: 'adherence.month' },
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

/**
 * `POST /api/cases/case/treatment/followup {caseId, year, month, days}`: the month's recorded days
 * replace the stored ones — one upsert of the month's row (`adherence`, one character a day),
 * deleted when nothing is left. The table's hooks refuse it unless the case is ONTREATMENT (400
 * 'Календарь приёма можно изменять, только когда случай на лечении'), the month and each day lie in
 * the treatment period and no day is ahead of today; they refresh the case's alert column.
 * @example await saveMonth(ctx, s, { caseId, year: 2026, month: 3, days: [{ day: 2, status: 'DOTS' }, { day: 3, status: 'NOT_TAKEN' }] })
 */
export async function saveMonth(ctx: AppContext, s: Session, body: Doc): Promise<void> {
  const errors = ctx.validators.validate('treatment#followup', followupBody, body, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  const { year, month } = body;
  const caseId = String(body.caseId).toLowerCase();
  const days = body.days as DayEntry[];
  const length = daysInMonth(year, month);
  const seen = new Set<number>();
  for (const [i, d] of days.entries()) {
    if (d.day > length) throw fail(400, t(s.lang, 'treatment.dayOutside', { day: d.day }), `days.${i}.day`);
    if (seen.has(d.day)) throw fail(400, t(s.lang, 'treatment.dayTwice', { day: d.day }), `days.${i}.day`);
    seen.add(d.day);
  }
  const encoded = encodeDays(days, length);
  await ctx.orm.em.fork().transactional(async (em) => {
    const tbcase = await lockCase(em, ctx, s, caseId);
    if (tbcase.state !== 'ONTREATMENT') throw refuse(s, 'treatment.calendarNotOnTreatment');
    const writer = writerOf(ctx, s, 'adherence');
    const stored = await kysely(em).selectFrom('adherence').select(['id', 'days']).where('workspace_id', '=', s.workspaceId).where('case_id', '=', caseId).where('year', '=', year).where('month', '=', month).executeTakeFirst();
    const empty = !/[DSN]/.test(encoded);
    if (stored && empty) await writer.delete(stored.id, { within: em });
    else if (stored) await writer.update(stored.id, { days: encoded }, { within: em });
    else if (!empty) await writer.create({ caseId, year, month, days: encoded }, undefined, em);
  });
}
