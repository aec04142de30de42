/**
 * Laboratory results for the demo register, so the follow-up tab, the case header's latest results
 * and the culture conversion have something to show: a diagnostic smear (and an Xpert for DRTB) for
 * each confirmed case, and for each case on treatment cultures at the start and about one and two
 * months later — mostly converting to negative. Set-based SQL like `cases/generate.ts`; the cases'
 * derived columns are then recomputed as a write would (`refreshDemoDerived`).
 */
import { sql } from 'kysely';
import type { AppContext } from '../server/types.ts';
import { systemSession } from '../server/auth/system-session.ts';
import { kysely } from '../server/db/kysely.ts';
import { refreshDerived } from './followups/derived.ts';

/**
 * Adds the demo exams to the workspace's confirmed cases, done by its first laboratory.
 * @example await generateDemoExams(ctx, workspaceId)
 */
export async function generateDemoExams(ctx: AppContext, workspaceId: string): Promise<void> {
  const em = ctx.orm.em.fork();
  const db = kysely(em);
  const lab = await db.selectFrom('unit').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'LAB').orderBy('name').executeTakeFirst();
  if (!lab) return;
  const pick = (values: string[], salt: string) => sql`(array[${sql.join(values.map((v) => sql.lit(v)))}])[1 + (hashtext(t.id::text || ${salt}) & 2147483647) % ${values.length}]`;
  const confirmed = sql`from tbcase t where t.workspace_id = ${workspaceId} and t.diagnosis_type = 'CONFIRMED' and t.diagnosis_date is not null`;
  await sql`insert into exammic (id, workspace_id, case_id, date, sample_type, laboratory_id, result)
    select gen_random_uuid(), t.workspace_id, t.id, t.diagnosis_date, 'SPUTUM', ${lab.id}, ${pick(['POSITIVE', 'PLUS', 'PLUS2', 'PLUS3', 'NEGATIVE'], 'mic')} ${confirmed}`.execute(db);
  await sql`insert into examxpert (id, workspace_id, case_id, date, laboratory_id, result)
    select gen_random_uuid(), t.workspace_id, t.id, t.diagnosis_date, ${lab.id},
           case when t.classification = 'DRTB' then 'TB_DETECTED_RIF_DETECTED' else 'TB_DETECTED_RIF_NOT_DETECTED' end
      ${confirmed} and t.classification <> 'NTM'`.execute(db);
  // cultures at the start of treatment, ~1 and ~2 months on (those not in the future)
  await sql`insert into examcul (id, workspace_id, case_id, date, laboratory_id, method, result)
    select gen_random_uuid(), t.workspace_id, t.id, t.ini_treatment_date + m.days, ${lab.id}, 'LJ',
           case when m.days = 0 then 'POSITIVE' when m.days = 35 then ${pick(['NEGATIVE', 'NEGATIVE', 'NEGATIVE', 'POSITIVE'], 'c1')} else 'NEGATIVE' end
      from tbcase t cross join (values (0), (35), (70)) as m(days)
     where t.workspace_id = ${workspaceId} and t.diagnosis_type = 'CONFIRMED' and t.ini_treatment_date is not null
       and t.ini_treatment_date + m.days <= current_date`.execute(db);
}

/**
 * Recomputes the confirmed cases' derived columns from their exams (latest results, culture
 * conversion), through the writer's system door, as an exam's write would.
 * @example await refreshDemoDerived(ctx, workspaceId) // after generateDemoExams and feedGenerated
 */
export async function refreshDemoDerived(ctx: AppContext, workspaceId: string): Promise<void> {
  const em = ctx.orm.em.fork();
  const ids = (await kysely(em).selectFrom('tbcase').select('id').where('workspace_id', '=', workspaceId).where('diagnosis_type', '=', 'CONFIRMED').execute()).map((r) => r.id as string);
  const session = systemSession(workspaceId, '');
  for (const table of ['exammic', 'examxpert', 'examcul']) await refreshDerived({ em, ctx, session }, table, ids);
}
