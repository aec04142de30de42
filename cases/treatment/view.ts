import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { scopeCondition } from '../../server/scope/rows.ts';
import { treatmentStartRefusal } from '../workflow/rules.ts';
import { validationModeOf } from '../workflow/validation-mode.ts';
import { monthAdherence, percentOf } from './adherence.ts';
import { adherenceAlert, type StoredMonth } from './alert.ts';
import { dayOf, dayOfYmd, daysInMonth, isoOf } from '../../engine/day-numbers.ts';
import { decodeDays } from './days.ts';
import { monthsOf, plannedCount, plannedInMonth, type PlanPrescription } from './plan.ts';
import type { FollowupMonth, ProductPrescriptions, TreatmentView } from './types.ts';
import { TableStore } from '../../server/tbl/store.ts';

interface PrescriptionJson {
  id: string;
  productId: string;
  name: string;
  shortName: string;
  ini: string;
  end: string;
  doseUnit: number;
  frequency: number;
  comments: string | null;
}

/** The case, its treatment and the treatment's lists in one statement (the case in the reader's view). */
async function load(em: Em, ctx: AppContext, s: Session, caseId: string, calendar: boolean) {
  const db = kysely(em);
  const months = calendar
    ? sql`(select coalesce(json_agg(json_build_object('year', a.year, 'month', a.month, 'days', a.days, 'version', a.version)), '[]'::json) from adherence a where a.workspace_id = c.workspace_id and a.case_id = c.id)`
    : sql`'[]'::json`;
  let q = db
    .selectFrom('tbcase as c')
    .leftJoin('treatment as tr', (j) => j.onRef('tr.case_id', '=', 'c.id').onRef('tr.workspace_id', '=', 'c.workspace_id'))
    .leftJoin('regimen as r', 'r.id', 'tr.regimen_id')
    .select([
      'c.state',
      'c.diagnosis_type as diagnosisType',
      'c.classification',
      'c.validated',
      sql<string | null>`c.ini_treatment_date::text`.as('iniTreatmentDate'),
      sql<string | null>`c.outcome_date::text`.as('outcome'),
      'tr.id as trId',
      'tr.regimen_id as regimenId',
      'r.name as regimenName',
      'tr.moved_to_individualized as moved',
      sql<string>`tr.ini_date::text`.as('ini'),
      sql<string>`tr.end_date::text`.as('end'),
      sql<PrescriptionJson[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'productId', p.product_id, 'name', pr.name, 'shortName', pr.short_name,
          'ini', p.ini_date, 'end', p.end_date, 'doseUnit', p.dose_unit, 'frequency', p.frequency, 'comments', p.comments) order by p.ini_date, p.id), '[]'::json)
        from prescription p join product pr on pr.id = p.product_id where p.workspace_id = c.workspace_id and p.case_id = c.id)`.as('prescriptions'),
      sql<{ ini: string; end: string; id: string; name: string }[]>`(select coalesce(json_agg(json_build_object('ini', u.ini_date, 'end', u.end_date, 'id', u.unit_id, 'name', un.name) order by u.ini_date, u.id), '[]'::json)
        from treatunit u join unit un on un.id = u.unit_id where u.workspace_id = c.workspace_id and u.case_id = c.id)`.as('units'),
      months.as('months'),
    ])
    .where('c.id', '=', caseId)
    .where('c.workspace_id', '=', s.workspaceId);
  const inView = scopeCondition(db, ctx.registry, ctx.registry.table('tbcase'), s, 'c', 'read');
  if (inView) q = q.where(inView);
  return q.executeTakeFirst();
}

/** Prescriptions grouped by product, products in the order of their first period. */
function byProduct(ps: PrescriptionJson[]): ProductPrescriptions[] {
  const out = new Map<string, ProductPrescriptions>();
  for (const p of ps) {
    let g = out.get(p.productId);
    if (!g) out.set(p.productId, (g = { product: { id: p.productId, name: p.name, shortName: p.shortName }, periods: [] }));
    g.periods.push({ prescriptionId: p.id, ini: p.ini, end: p.end, doseUnit: p.doseUnit, frequency: p.frequency, comments: p.comments ?? null });
  }
  return [...out.values()];
}

/** Each month of the period: its days inside the period, planned days, recorded days, adherence as of `today`, its stored version. */
function followupOf(plan: PlanPrescription[], ini: number, end: number, stored: (StoredMonth & { version?: number })[], today: string): FollowupMonth[] {
  const byMonth = new Map(stored.map((m) => [m.year * 100 + m.month, m]));
  return monthsOf({ ini, end }).map(({ year, month }) => {
    const first = dayOfYmd(year, month, 1);
    const last = first + daysInMonth(year, month) - 1;
    const planned = plannedInMonth(plan, { ini, end }, year, month);
    const row = byMonth.get(year * 100 + month);
    const days = decodeDays(row?.days ?? '');
    const soFar = monthAdherence({ year, month, planned, days }, today);
    return {
      year,
      month,
      iniDay: Math.max(first, ini) - first + 1,
      endDay: Math.min(last, end) - first + 1,
      plannedDays: planned.length,
      planned,
      days,
      plannedSoFar: soFar.plannedDays,
      takenDays: soFar.takenDays,
      adherence: soFar.percent,
      version: row?.version ?? 0,
    };
  });
}

/**
 * `GET /api/cases/case/treatment/{caseId}` (the contract is `types.ts`): the treatment
 * of a case in the reader's view — regimen, period, progress, units, prescriptions by product,
 * and with CASE_INTAKEMED the monthly calendar, adherence and the alert. 404 outside the view.
 *
 * @example await treatmentView(ctx, session, caseId) // { started: true, period: { ini: '2026-03-01', end: '2026-08-27' }, progress: 40, … }
 */
export async function treatmentView(ctx: AppContext, s: Session, caseId: string, now = Date.now()): Promise<TreatmentView> {
  const calendar = hasPermission(s, 'CASE_INTAKEMED');
  const row = await load(ctx.orm.em.fork(), ctx, s, caseId, calendar);
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
  const clientMode = ctx.config.clientMode;
  // a case the user sees but may not change (their unit transferred it out) offers nothing to do
  const writable = await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), ctx.orm.em.fork(), s, 'write').exists(caseId);
  const treats = writable && hasPermission(s, 'CASE_TREAT');
  if (!row.trId) {
    const refusal = treatmentStartRefusal(row, await validationModeOf(ctx.orm.em.fork(), s.workspaceId, row.classification));
    return { started: false, canStart: treats && !refusal, ...(refusal ? { startRefusal: t(s.lang, refusal) } : {}), clientMode };
  }
  const ini = dayOf(row.ini);
  const end = dayOf(row.end);
  // the user's today (the workspace's or the browser's zone), or the outcome date of a closed case
  const now0 = dayOf(todayOf(s, new Date(now)));
  const today = row.state === 'CLOSED' && row.outcome ? Math.min(now0, dayOf(row.outcome)) : now0;
  const plan: PlanPrescription[] = row.prescriptions.map((p) => ({ iniDate: p.ini, endDate: p.end, frequency: p.frequency }));
  const stored = row.months as StoredMonth[];
  const followup = calendar ? followupOf(plan, ini, end, stored, isoOf(today)) : [];
  const upTo = Math.min(today, end);
  const plannedSoFar = calendar && upTo >= ini ? plannedCount(plan, ini, upTo) : 0;
  let taken = 0;
  for (const m of followup) for (const d of m.days) if (d.status !== 'NOT_TAKEN' && dayOfYmd(m.year, m.month, d.day) <= upTo) taken++;
  const { alertFrom: _, ...alert } = adherenceAlert({ ini: row.ini, end: row.end, months: calendar ? stored : [], today: isoOf(today) });
  const onTreatment = row.state === 'ONTREATMENT';
  return {
    started: true,
    regimen: row.regimenId ? { id: row.regimenId, name: row.regimenName ?? '' } : null,
    movedToIndividualized: !!row.moved,
    period: { ini: row.ini, end: row.end },
    progress: Math.max(0, Math.min(100, Math.round(((today - ini + 1) / (end - ini + 1)) * 100))),
    units: row.units.map((u) => ({ ini: u.ini, end: u.end, unit: { id: u.id, name: u.name } })),
    prescriptions: byProduct(row.prescriptions),
    followup,
    adherence: { plannedDays: plannedSoFar, takenDays: taken, percent: percentOf(taken, plannedSoFar) },
    alert: calendar ? alert : { missedRun: false, longestMissedDays: 0, monthsWithoutDoses: 0 },
    calendar,
    editable: onTreatment && writable && hasPermission(s, 'CASE_INTAKEMED_EDT'),
    canChange: onTreatment && treats,
    clientMode,
  };
}
