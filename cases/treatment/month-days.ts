import { daysInMonth } from '../../engine/day-numbers.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { fail } from '../../server/http/errors.ts';
import type { TableWriter } from '../../server/tbl/write.ts';
import type { Session } from '../../server/types.ts';
import { encodeDays } from './days.ts';
import type { DayEntry } from './types.ts';

/**
 * A month of an intake calendar as recorded (the treatment's, a TPT course's): each day within the
 * month (else 400 on `days.<i>.day` with `outside`, the calendar's own message) and named once
 * (`treatment.dayTwice`), encoded as stored (see {@link encodeDays}).
 * @example monthDays('ru', { year: 2026, month: 2, days: [{ day: 3, status: 'DOTS' }] }, 'treatment.dayOutside') // '--D-------…' (28 days)
 */
export function monthDays(lang: Lang, m: { year: number; month: number; days: DayEntry[] }, outside: string): string {
  const length = daysInMonth(m.year, m.month);
  const seen = new Set<number>();
  for (const [i, d] of m.days.entries()) {
    if (d.day > length) throw fail(400, t(lang, outside, { day: d.day }), `days.${i}.day`);
    if (seen.has(d.day)) throw fail(400, t(lang, 'treatment.dayTwice', { day: d.day }), `days.${i}.day`);
    seen.add(d.day);
  }
  return encodeDays(m.days, length);
}

/** The stored month of a calendar: its table (the treatment's `adherence`, a TPT course's `tptadherence`) and whose it is. */
export interface CalendarMonth {
  table: 'adherence' | 'tptadherence';
  parent: { column: 'case_id' | 'tptcourse_id'; field: 'caseId' | 'tptcourseId'; id: string };
  year: number;
  month: number;
}

/**
 * Saves a month's encoded days through the table writer: made when new and not empty, updated, or
 * deleted when emptied; `version` (0: no month stored yet) is compared with the stored one, 409 when
 * stale — a month made or cleared since is stale too. Answers the month's version after (0: none).
 * @example await saveCalendarMonth(em, s, writerOf(ctx, s, 'adherence'), { table: 'adherence', parent: { column: 'case_id', field: 'caseId', id }, year, month }, encoded, version)
 */
export async function saveCalendarMonth(em: Em, s: Session, writer: TableWriter, m: CalendarMonth, encoded: string, version: number | undefined): Promise<{ version: number }> {
  const month0 = () =>
    kysely(em).selectFrom(m.table).select(['id', 'version']).where('workspace_id', '=', s.workspaceId).where(m.parent.column as 'case_id', '=', m.parent.id).where('year', '=', m.year).where('month', '=', m.month);
  const stored = await month0().forUpdate().executeTakeFirst();
  if (version !== undefined && (stored ? version === 0 : version !== 0)) throw fail(409, t(s.lang, 'msg.staleVersion'), 'version');
  const empty = !/[DSN]/.test(encoded);
  if (stored && empty) {
    if (version !== undefined && version !== stored.version) throw fail(409, t(s.lang, 'msg.staleVersion'), 'version');
    await writer.delete(stored.id, { within: em });
    return { version: 0 };
  }
  if (stored) await writer.update(stored.id, { days: encoded, ...(version !== undefined ? { version } : {}) }, { within: em });
  else if (!empty) await writer.create({ [m.parent.field]: m.parent.id, year: m.year, month: m.month, days: encoded }, undefined, em);
  const now = await month0().executeTakeFirst();
  return { version: now?.version ?? 0 };
}
