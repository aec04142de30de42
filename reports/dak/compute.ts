/**
 * WHO's TB indicators computed for a period and a place: each declared indicator as
 * numerator / denominator / % with the rows left out and why; one it cannot be (its data is not kept)
 * says so with what is missing — never a zero —, one the reader may not read (an exam type's results,
 * the contacts) says which permission it needs. A breakdown gives the same numbers per key of a
 * disaggregation (sex, the DAK's age bands, area, regimen type, history, HIV status).
 *
 * @example const list = await computeIndicators(db, defs, { s, place, from: '2025-01-01', to: '2026-01-01' }, (p) => hasPermission(s, p))
 *   // [{ code: 'TB.IND.8', numerator: 412, denominator: null, … }, { code: 'TB.IND.1', unsupported: 'Систематический скрининг…' }, …]
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import type { IndicatorDefinition } from './definition.ts';
import { indicatorFacts } from './definition.ts';
import { DIMENSIONS, FACTS, type Dimension, type DimensionId, type Subject } from './facts.ts';
import { indicatorRate, type IndicatorRate } from './rate.ts';
import { columnsOf, groupStatement, monthsBefore, withoutJit, type IndicatorQuery } from './sql.ts';

/** The permission reading a subject's rows needs. */
export const SUBJECT_PERMISSION: Record<Subject, string> = { case: 'CASEMAN', contact: 'CASECONTACT' };

export interface IndicatorResult {
  code: string;
  order: number;
  process: string;
  subject: Subject;
  name: string;
  numeratorLabel: string | null;
  denominatorLabel: string | null;
  /** A number, not a proportion (its denominator is only what it counts among). */
  count: boolean;
  numerator: number | null;
  denominator: number | null;
  /** numerator / denominator as a percentage, one decimal; null without a denominator. */
  percent: number | null;
  excluded: number;
  reasons: { id: string; label: string; count: number }[];
  disaggregate: DimensionId[];
  /** A number given also per population (TB.IND.9): the place's population in the year and the rate, or why there is none. */
  rate?: IndicatorRate;
  /** The data cannot support it: what is missing. */
  unsupported?: string;
  note?: string;
  /** The permission the reader lacks to read it. */
  needs?: string;
  /** The dates its rows were taken in (`to` excluded): the period asked, or a cohort's before it. */
  period: { from: string; to: string; date: string } | null;
}

/** The permission an indicator needs that the reader lacks, or undefined. */
export function missingPermission(d: IndicatorDefinition, may: (permission: string) => boolean): string | undefined {
  const needed = [SUBJECT_PERMISSION[d.subject], ...indicatorFacts(d).map((f) => FACTS[d.subject][f].permission)].filter((p): p is string => !!p);
  return needed.find((p) => !may(p));
}

export const percentOf = (num: number, den: number): number | null => (den > 0 ? Math.round((num * 1000) / den) / 10 : null);

function shell(d: IndicatorDefinition, lang: Lang, q: IndicatorQuery): IndicatorResult {
  return {
    code: d.code, order: d.order, process: d.process, subject: d.subject, name: d.name[lang],
    numeratorLabel: d.numerator?.label[lang] ?? null, denominatorLabel: d.denominator?.count ? null : d.denominator?.label[lang] ?? null,
    count: !!d.denominator?.count, numerator: null, denominator: null, percent: null, excluded: 0, reasons: [], disaggregate: d.disaggregate,
    ...(d.note ? { note: d.note[lang] } : {}),
    period: d.unsupported ? null : { from: monthsBefore(q.from, d.period.monthsBack), to: monthsBefore(q.to, d.period.monthsBack), date: d.period.date },
  };
}

/**
 * The indicators one statement computes together: those of `defs` sharing a subject and a period date.
 * @example statementGroups(defs).map((g) => g.length) // [38, 2, 2]: the cases by registration, the contacts by TPT start, by registration
 */
export function statementGroups(defs: IndicatorDefinition[]): IndicatorDefinition[][] {
  const groups = new Map<string, IndicatorDefinition[]>();
  for (const d of defs) groups.set(`${d.subject}:${d.period.date}`, [...(groups.get(`${d.subject}:${d.period.date}`) ?? []), d]);
  return [...groups.values()];
}

/**
 * Every indicator of `defs` for the query, in their order: one statement per subject and period date.
 */
export async function computeIndicators(db: Kysely<Database>, defs: IndicatorDefinition[], q: IndicatorQuery, may: (permission: string) => boolean): Promise<IndicatorResult[]> {
  const lang = q.s.lang;
  const out = new Map<string, IndicatorResult>();
  const counted: IndicatorDefinition[] = [];
  for (const d of defs) {
    const r = shell(d, lang, q);
    out.set(d.code, r);
    if (d.unsupported) r.unsupported = d.unsupported[lang];
    else if ((r.needs = missingPermission(d, may))) r.needs = t(lang, `perm.${r.needs}`);
    else counted.push(d);
    if (!r.needs) delete r.needs;
  }
  await Promise.all(
    statementGroups(counted).map(async (group) => {
      const row = (await withoutJit(db, (c) => groupStatement(c, group, q).executeTakeFirst())) as Record<string, number>;
      group.forEach((d, i) => Object.assign(out.get(d.code)!, numbersOf(d, i, row, lang)));
    }),
  );
  for (const d of defs) {
    const r = out.get(d.code)!;
    if (d.rate && q.period && r.numerator !== null) r.rate = await indicatorRate(db, q.s, q.place, q.period, r.numerator, d.rate.per);
  }
  return defs.map((d) => out.get(d.code)!);
}

function numbersOf(d: IndicatorDefinition, i: number, row: Record<string, number>, lang: Lang) {
  const cols = columnsOf(i, d);
  const den = Number(row?.[cols.den] ?? 0);
  const num = Number(row?.[cols.num] ?? 0);
  const reasons = d.exclude.map((x, j) => ({ id: x.id, label: x.label[lang], count: Number(row?.[cols.reasons[j]] ?? 0) }));
  return {
    numerator: num,
    denominator: d.denominator?.count ? null : den,
    percent: d.denominator?.count ? null : percentOf(num, den),
    excluded: reasons.reduce((s, r) => s + r.count, 0),
    reasons,
  };
}

export interface BreakdownRow {
  /** The key (null: not known). */
  key: string | null;
  label: string;
  numerator: number;
  denominator: number | null;
  percent: number | null;
}

/**
 * An indicator's numbers per key of a disaggregation, the declared keys first in their order (with
 * zeros), then any other key that counts something (an area), then the rows whose key is not known
 * when there are some.
 */
export async function breakdown(db: Kysely<Database>, d: IndicatorDefinition, q: IndicatorQuery, dim: DimensionId): Promise<BreakdownRow[]> {
  return (await breakdowns(db, [d], q, dim)).get(d.code)!;
}

/**
 * The breakdowns by one disaggregation of every indicator of `defs` that declares it (counted, and
 * readable: the caller's choice), one statement per subject and period date: the export's sheets.
 * @example (await breakdowns(db, defs, q, 'sex')).get('TB.IND.8') // [{ key: 'MALE', numerator: 2, … }, …]
 */
export async function breakdowns(db: Kysely<Database>, defs: IndicatorDefinition[], q: IndicatorQuery, dim: DimensionId): Promise<Map<string, BreakdownRow[]>> {
  const out = new Map<string, BreakdownRow[]>();
  for (const group of statementGroups(defs.filter((x) => !x.unsupported && x.disaggregate.includes(dim) && DIMENSIONS[x.subject][dim]))) {
    const rows = (await withoutJit(db, (c) => groupStatement(c, group, q, dim).execute())) as Record<string, any>[];
    const dimension = DIMENSIONS[group[0].subject][dim]!;
    const found = [...new Set(rows.map((r) => (r.dim == null ? null : String(r.dim))))];
    const names = dimension.areas ? await areaNames(db, q.s.workspaceId, found.filter((k): k is string => !!k)) : new Map<string, string>();
    group.forEach((d, i) => out.set(d.code, shape(d, i, rows, dimension, names, q.s.lang)));
  }
  return out;
}

/** One indicator's rows of a breakdown statement (`i` its place in the statement). */
function shape(d: IndicatorDefinition, i: number, rows: Record<string, any>[], dimension: Dimension, names: Map<string, string>, lang: Lang): BreakdownRow[] {
  const cols = columnsOf(i, d);
  const byKey = new Map(rows.map((r) => [r.dim === null || r.dim === undefined ? null : String(r.dim), r]));
  const found = rows.map((r) => (r.dim == null ? null : String(r.dim)));
  const keys: (string | null)[] = [...dimension.keys, ...found.filter((k): k is string => k !== null && !dimension.keys.includes(k)).sort(), ...(byKey.has(null) ? [null] : [])];
  const counted = (key: string | null) => Number(byKey.get(key)?.[cols.num] ?? 0) > 0 || Number(byKey.get(key)?.[cols.den] ?? 0) > 0;
  // the declared keys always (zeros too); a key found beyond them (an area) or an unknown one only when it counts something
  return keys.filter((key) => (key !== null && dimension.keys.includes(key)) || counted(key)).map((key) => {
    const r = byKey.get(key);
    const num = Number(r?.[cols.num] ?? 0);
    const den = Number(r?.[cols.den] ?? 0);
    const label = key === null ? t(lang, 'dak.unknown') : dimension.areas ? names.get(key) ?? key : dimension.labels ? t(lang, `${dimension.labels}.${key}`) : key;
    return { key, label, numerator: num, denominator: d.denominator?.count ? null : den, percent: d.denominator?.count ? null : percentOf(num, den) };
  });
}

/** The names of admin units by id. */
async function areaNames(db: Kysely<Database>, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('adminunit').select(['id', 'name']).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}

/** The period of a year, or of one of its quarters: `from` included, `to` excluded. */
export function periodOf(year: number, quarter?: number): { from: string; to: string } {
  if (!quarter) return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
  const m = (quarter - 1) * 3 + 1;
  const next = m + 3 > 12 ? `${year + 1}-01-01` : `${year}-${String(m + 3).padStart(2, '0')}-01`;
  return { from: `${year}-${String(m).padStart(2, '0')}-01`, to: next };
}

