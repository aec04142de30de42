import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { AppContext, Row, Session } from '../../server/types.ts';
import type { Tbcase } from '../../engine/generated/index.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { systemUpdate, type SystemWriteContext } from '../../server/tbl/system-write.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { refreshCaseTags } from '../auto-tags/refresh.ts';
import { adherenceAlert, type StoredMonth } from './alert.ts';

/**
 * The treatment's rows as the treatment calls read and write them: the case locked in the writer's
 * view, the treatment row, the calendar months, the writers of the treatment tables (validation,
 * hooks, change log and history: `server/tbl/write.ts`), and the alert column they maintain.
 */

/** The treatment row of a case (dates as ISO text). */
export interface TreatmentRow {
  id: string;
  caseId: string;
  regimenId: string | null;
  movedToIndividualized: boolean;
  iniDate: string;
  endDate: string;
}

/** The generic writer of a treatment table for this session. */
export const writerOf = (ctx: AppContext, s: Session, table: string) => new TableWriter(ctx, ctx.registry.table(table), s);

/**
 * The case in the session's write view, locked for the transaction (the treatment calls of one case
 * wait for each other); 404 outside the view.
 * @example const tbcase = await lockCase(em, ctx, s, caseId) // { state: 'ONTREATMENT', … }
 */
export async function lockCase(em: Em, ctx: AppContext, s: Session, caseId: string): Promise<Row<Tbcase>> {
  const row = await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, 'write').read<Tbcase>(caseId, { lock: true });
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
  return row;
}

/** The case's treatment row, if treatment started. */
export async function treatmentOf(em: Em, workspaceId: string, caseId: string): Promise<TreatmentRow | undefined> {
  const r = await kysely(em)
    .selectFrom('treatment')
    .select(['id', 'case_id', 'regimen_id', 'moved_to_individualized', sql<string>`ini_date::text`.as('ini'), sql<string>`end_date::text`.as('end')])
    .where('workspace_id', '=', workspaceId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return r && { id: r.id, caseId: r.case_id, regimenId: r.regimen_id, movedToIndividualized: r.moved_to_individualized, iniDate: r.ini, endDate: r.end };
}

/** The case's stored calendar months. */
export async function monthsOf(em: Em, workspaceId: string, caseId: string): Promise<(StoredMonth & { id: string })[]> {
  return (await kysely(em).selectFrom('adherence').select(['id', 'year', 'month', 'days']).where('workspace_id', '=', workspaceId).where('case_id', '=', caseId).execute()) as (StoredMonth & { id: string })[];
}

/** 400 with one message and no field: the case's state refuses the call. */
export const refuse = (s: Session, key: string, status: 400 | 404 | 409 = 400) => new ApiError(status, [{ field: null, msg: t(s.lang, key) }]);

/**
 * The case on treatment whose treatment the call changes: locked, ONTREATMENT, with its treatment row.
 * @example const { tbcase, treatment } = await treatedCase(em, ctx, s, caseId)
 */
export async function treatedCase(em: Em, ctx: AppContext, s: Session, caseId: string, refusal = 'treatment.notOnTreatment'): Promise<{ tbcase: Row<Tbcase>; treatment: TreatmentRow }> {
  const tbcase = await lockCase(em, ctx, s, caseId);
  const treatment = await treatmentOf(em, s.workspaceId, caseId);
  if (!treatment) throw refuse(s, 'treatment.notStarted');
  if (tbcase.state !== 'ONTREATMENT') throw refuse(s, refusal);
  return { tbcase, treatment };
}

/**
 * Recomputes `tbcase.adherence_alert_from` (alert.ts) from the treatment and its calendar, and the
 * case's copy of the treatment's period (`treatment_ini_date`, `treatment_end_date`, which the unit
 * worklist reads),
 * in the caller's transaction; `replace` stands for a month being written (`days: null`: being deleted).
 * One read (treatment, current values, months) and a write only when a value changes — through the
 * writer's system door (cause `derived`: the case's version bumped and the change fed, no history
 * entry) — then the case's automatic tags are recomputed, as for any case column written so.
 * @example await refreshAlert({ em, ctx, session }, caseId, { year: 2026, month: 3, days: 'DDD-…' })
 */
export async function refreshAlert(x: SystemWriteContext, caseId: string, replace?: { year: number; month: number; days: string | null }): Promise<void> {
  const workspaceId = x.session.workspaceId;
  const r = await sql<{ ini: string | null; end: string | null; current: string | null; currentIni: string | null; currentEnd: string | null; months: StoredMonth[] }>`
    select tr.ini_date::text as ini, tr.end_date::text as "end", c.adherence_alert_from::text as current,
           c.treatment_ini_date::text as "currentIni", c.treatment_end_date::text as "currentEnd",
           (select coalesce(json_agg(json_build_object('year', a.year, 'month', a.month, 'days', a.days)), '[]'::json)
              from adherence a where a.workspace_id = c.workspace_id and a.case_id = c.id) as months
      from tbcase c left join treatment tr on tr.case_id = c.id and tr.workspace_id = c.workspace_id
     where c.id = ${caseId} and c.workspace_id = ${workspaceId}`.execute(kysely(x.em));
  const row = r.rows[0];
  if (!row) return;
  let from: string | null = null;
  if (row.ini && row.end) {
    let months = row.months;
    if (replace) {
      months = months.filter((m) => m.year !== replace.year || m.month !== replace.month);
      if (replace.days !== null) months.push({ year: replace.year, month: replace.month, days: replace.days });
    }
    from = adherenceAlert({ ini: row.ini, end: row.end, months, today: row.ini }).alertFrom;
  }
  if (from === row.current && row.ini === row.currentIni && row.end === row.currentEnd) return;
  await systemUpdate(x, 'tbcase', caseId, { adherenceAlertFrom: from, treatmentIniDate: row.ini, treatmentEndDate: row.end }, 'derived');
  await refreshCaseTags(x.em, x.ctx, workspaceId, [caseId]); // a tag's condition may read the column
}

/** Adds a prefix to the fields of a refusal (a row of the start table: `prescriptions.2.productId`). */
export async function withFieldPrefix<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    throw new ApiError(e.status, e.errors.map((x) => ({ ...x, field: x.field ? `${prefix}.${x.field}` : prefix })), e.result);
  }
}

/** Names `field` in a refusal of `work` (a refused unit row is the form's `unitId`). */
export async function asField<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    throw new ApiError(e.status, e.errors.map((x) => ({ ...x, field })), e.result);
  }
}
