/**
 * Dispensing from treatment: what a patient's treatment calls for, from the prescriptions
 * and the adherence already recorded — each day a dose was taken (DOTS or self-administered) counts
 * the dose units of every prescription of that day that plans it (its dates and weekly frequency:
 * cases/treatment/plan.ts) — less what was dispensed to the case already. So dispensing for a period
 * follows the doses actually taken, and asking twice gives nothing the second time.
 */
import { sql } from 'kysely';
import { isTaken } from '../cases/treatment/days.ts';
import { dayOf, dayOfYmd, weekday } from '../engine/day-numbers.ts';
import { WEEKDAYS } from '../cases/treatment/plan.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';

export interface DuePrescription {
  productId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: number;
}

export interface DueMonth {
  year: number;
  month: number;
  /** One character a day: D, S taken; N not taken; - not recorded. */
  days: string;
}

/**
 * The dose units taken of each medicine up to `to` (included), by medicine id.
 * @example
 *   // 4 units a day, 7 days a week; taken on 1 and 2 March, not on the 3rd
 *   takenUnits([{ productId: 'h', iniDate: '2026-03-01', endDate: '2026-06-30', doseUnit: 4, frequency: 7 }], [{ year: 2026, month: 3, days: 'DSN' + '-'.repeat(28) }], '2026-03-31') // Map { 'h' => 8 }
 */
export function takenUnits(prescriptions: DuePrescription[], months: DueMonth[], to: string): Map<string, number> {
  const last = dayOf(to);
  const ps = prescriptions.map((p) => ({ ...p, ini: dayOf(p.iniDate), end: dayOf(p.endDate), weekdays: new Set(WEEKDAYS[p.frequency] ?? WEEKDAYS[7]) }));
  const out = new Map<string, number>(prescriptions.map((p) => [p.productId, 0]));
  for (const m of months) {
    const first = dayOfYmd(m.year, m.month, 1);
    for (let i = 0; i < m.days.length; i++) {
      const day = first + i;
      if (day > last || !isTaken(m.days[i])) continue;
      for (const p of ps) if (day >= p.ini && day <= p.end && p.weekdays.has(weekday(day))) out.set(p.productId, out.get(p.productId)! + p.doseUnit);
    }
  }
  return out;
}

/** One medicine of a case's treatment: units taken up to the day asked, units dispensed, units due. */
export interface MedicineDue {
  productId: string;
  productName: string;
  taken: number;
  dispensed: number;
  due: number;
}

// Stryker disable all: database reads, run by the stock API tests (tests/api/stock-*.test.ts); the rules are takenUnits and dueByMedicine
/**
 * What the case's treatment calls for up to `to`, per prescribed medicine (by name).
 * @example await caseDue(em, ws, caseId, '2026-03-31') // [{ productName: 'HRZE …', taken: 120, dispensed: 84, due: 36 }]
 */
export async function caseDue(em: Em, workspaceId: string, caseId: string, to: string): Promise<MedicineDue[]> {
  const db = kysely(em);
  const prescriptions = (await db.selectFrom('prescription').select(['product_id as productId', sql<string>`ini_date::text`.as('iniDate'), sql<string>`end_date::text`.as('endDate'), 'dose_unit as doseUnit', 'frequency'])
    .where('workspace_id', '=', workspaceId).where('case_id', '=', caseId).execute()) as DuePrescription[];
  if (!prescriptions.length) return [];
  const months = (await db.selectFrom('adherence').select(['year', 'month', 'days']).where('workspace_id', '=', workspaceId).where('case_id', '=', caseId).execute()) as DueMonth[];
  const taken = takenUnits(prescriptions, months, to);
  const dispensed = new Map((await db.selectFrom('stockmovement').select(['product_id', sql<string>`-sum(quantity)`.as('n')])
    .where('workspace_id', '=', workspaceId).where('case_id', '=', caseId).where('type', '=', 'DISPENSING').groupBy('product_id').execute()).map((r) => [r.product_id as string, Number(r.n)]));
  const names = new Map((await db.selectFrom('product').select(['id', 'name']).where('id', 'in', [...taken.keys()]).execute()).map((r) => [r.id as string, r.name as string]));
  return dueByMedicine(taken, dispensed, names);
}
// Stryker restore all

/**
 * What is still to give out per prescribed medicine: the units taken less those dispensed, never
 * below none (a patient given a week ahead owes nothing), by medicine name.
 * @example dueByMedicine(new Map([['h', 120]]), new Map([['h', 84]]), new Map([['h', 'H 300']])) // [{ productId: 'h', productName: 'H 300', taken: 120, dispensed: 84, due: 36 }]
 */
export function dueByMedicine(taken: Map<string, number>, dispensed: Map<string, number>, names: Map<string, string>): MedicineDue[] {
  return [...taken]
    .map(([productId, units]) => {
      const out = dispensed.get(productId) ?? 0;
      return { productId, productName: names.get(productId) ?? '', taken: units, dispensed: out, due: Math.max(0, units - out) };
    })
    .sort((a, b) => a.productName.localeCompare(b.productName));
}

// Stryker disable all: database reads, run by the stock API tests (tests/api/stock-*.test.ts)

/** A dispensing to the case as its page lists it. */
export interface CaseDispensing {
  id: string;
  date: string;
  unitName: string;
  productName: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
}

/**
 * The case's dispensings, newest first (at most 500), quantities as given out (positive).
 * @example await caseDispensings(em, ws, caseId) // [{ date: '2026-03-31', productName: 'HRZE …', batchNumber: 'A1', quantity: 36 }]
 */
export async function caseDispensings(em: Em, workspaceId: string, caseId: string): Promise<CaseDispensing[]> {
  const rows = await kysely(em).selectFrom('stockmovement as m').innerJoin('product as p', 'p.id', 'm.product_id').innerJoin('unit as u', 'u.id', 'm.unit_id')
    .select(['m.id', sql<string>`m.date::text`.as('date'), 'u.name as unitName', 'p.name as productName', 'm.batch_number as batchNumber', sql<string>`m.expiry_date::text`.as('expiryDate'), 'm.quantity'])
    .where('m.workspace_id', '=', workspaceId).where('m.case_id', '=', caseId).where('m.type', '=', 'DISPENSING')
    .orderBy('m.date', 'desc').orderBy('m.id').limit(500).execute();
  return rows.map((r) => ({ ...r, quantity: -Number(r.quantity) })) as CaseDispensing[];
}
// Stryker restore all
