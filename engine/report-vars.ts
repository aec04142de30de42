/**
 * Report variables and filters, read from the `x-report` keyword of the
 * fields they count by (docs/schema-format.md, Report variables) — no variable is written in code.
 * Where the field lives says how a case reaches it:
 * - a field of the case (`tbcase`): its column;
 * - a field of a table a case field references (the patient): joined through that reference;
 * - a field of a sub-record (`x-table.parent` naming the case): one row per case (a unique parent:
 *   the treatment) joined as is; a dated sub-record (an exam) by its newest row; any other (tags,
 *   prescriptions) by each of its rows — a case then counts once under each of its values; with `any`,
 *   every row of a sub-record folded to one value (an exam type's results over the whole episode).
 * What is counted by follows the field's type: an enum by its values in declared order (labels
 * `<x-enum>.<value>`), a boolean yes / no, a reference by the target's rows (named by their label),
 * a date by month, quarter or year or whether it is recorded (`by`), a birth date by the age-range
 * catalogue at a case date (`ageAt`), a unit reference also by its admin unit at each level (`areas`).
 */
import type { Registry } from './registry.ts';
import type { Field, TableDef } from './types.ts';

/** How a case reaches the table holding the field. */
export type VarSource =
  | { kind: 'case' }
  /** A table a case field references (`column` of the case). */
  | { kind: 'ref'; table: string; column: string }
  /** A sub-record with at most one row per case (its parent column is unique). */
  | { kind: 'one'; table: string; parent: string }
  /** The newest sub-record by `date` — with `until`, the newest dated no later than the case's date column plus `months` (`x-report.asOf`). */
  | { kind: 'latest'; table: string; parent: string; date: string; until?: { column: string; months: number } }
  /** Every sub-record of the case. */
  | { kind: 'each'; table: string; parent: string }
  /** Every sub-record of the case folded to one value (`x-report.any`): the first of the listed keys any row holds, or whether any row records the field. */
  | { kind: 'any'; table: string; parent: string };

/** What a variable's keys are. */
export type VarValue =
  | { kind: 'enum'; keys: (string | number)[]; labels?: string }
  | { kind: 'boolean' }
  | { kind: 'period'; by: 'month' | 'quarter' | 'year' }
  | { kind: 'recorded' }
  /** Whole months from the date to today, plus one: 1 in the first month after it (the month of treatment). */
  | { kind: 'monthsSince' }
  /** The ids of the target table's rows, named by `labels` columns. */
  | { kind: 'ref'; table: string; labels: string[] }
  /** The age-range catalogue's rows, at the case date in column `at`. */
  | { kind: 'age'; at: string }
  /** The admin unit at `level` (1…5; 0 in a filter: any level) of the referenced unit's `column` (its address). */
  | { kind: 'area'; level: number; table: string; column: string };

export type FilterType = 'select' | 'multiSelect' | 'period';

/** One declared field as the report engine reads it. */
interface Base {
  id: string;
  group: string;
  /** i18n key of its name, and the values it takes (`{label}` of a date variant). */
  label: string;
  labelVars?: Record<string, string>;
  source: VarSource;
  /** The column of the source table it reads. */
  column: string;
  value: VarValue;
  /** The permission reading the field needs beyond reading cases: its table's (an exam type's), or for a case column derived from sub-records (`x-derived`) theirs. */
  permission?: string;
}

export interface ReportVariable extends Base {
  rows: boolean;
  columns: boolean;
  /** An enum's keys that count as a success (`x-report.success`: cured and treatment completed): an indicator by it shows their share beside the counts. */
  success?: (string | number)[];
}

export interface ReportFilter extends Base {
  type: FilterType;
}

export interface ReportCatalogue {
  variables: ReportVariable[];
  filters: ReportFilter[];
  /** Group ids in the order they are first declared. */
  groups: string[];
  variable(id: string): ReportVariable | undefined;
  filter(id: string): ReportFilter | undefined;
  /** In a reader's catalogue (`allowedCatalogue`): a declared variable or filter they may not use. */
  refused?(id: string): ReportVariable | ReportFilter | undefined;
}

export interface XReport {
  id?: string;
  group: string;
  label?: string;
  filter?: boolean;
  rows?: boolean;
  columns?: boolean;
  by?: ('month' | 'quarter' | 'year' | 'recorded' | 'monthsSince')[];
  labels?: Record<string, string>;
  ageAt?: string;
  areas?: string;
  /** A dated sub-record's field as it stood `months` after a case date (the culture at month 6 of treatment). */
  asOf?: { date: string; months: number };
  /** Every row of a sub-record folded to one value: an enum's first key of these any row holds, or (`true`) whether any row records the field (yes / no). */
  any?: true | (string | number)[];
  /** On an enum: the keys that count as a success (WHO treatment success: cured and treatment completed). */
  success?: (string | number)[];
}

const CASE = 'tbcase';

/** How a case reaches table `def`, or an error naming why it cannot. */
function sourceOf(registry: Registry, def: TableDef): VarSource {
  if (def.name === CASE) return { kind: 'case' };
  const caseDef = registry.table(CASE);
  if (def.meta.parent) {
    const parent = def.fields.find((f) => f.key === def.meta.parent)!;
    if (parent.ref !== CASE) throw new Error(`${def.name}: x-report on a sub-record of ${parent.ref}, not of the case`);
    if ((def.meta.unique ?? []).some((u) => u.length === 1 && u[0] === parent.key)) return { kind: 'one', table: def.name, parent: parent.column };
    const date = def.fields.find((f) => f.key === 'date' && f.format === 'date');
    return date ? { kind: 'latest', table: def.name, parent: parent.column, date: date.column } : { kind: 'each', table: def.name, parent: parent.column };
  }
  const refs = caseDef.fields.filter((f) => f.ref === def.name);
  if (refs.length !== 1) throw new Error(`${def.name}: x-report needs exactly one case field referencing the table (found ${refs.length})`);
  return { kind: 'ref', table: def.name, column: refs[0].column };
}

/** What a field's keys are: an enum's values in declared order, yes / no, a reference's rows (named by their label columns). */
export function valueOf(def: TableDef, f: Field): VarValue {
  const s = f.schema;
  if (Array.isArray(s.enum)) return { kind: 'enum', keys: s.enum as (string | number)[], labels: s['x-enum'] as string | undefined };
  if (f.type === 'boolean') return { kind: 'boolean' };
  if (f.ref) return { kind: 'ref', table: f.ref, labels: f.refLabel ?? ['name'] };
  throw new Error(`${def.name}.${f.key}: x-report on a field that is not an enum, a boolean, a date or a reference`);
}

/** What reading the field needs besides the case: its own table's permission, or that of the sub-records a derived case column is computed from. */
function permissionOf(registry: Registry, def: TableDef, f: Field): string | undefined {
  const from = (f.schema['x-derived'] as { from?: string } | undefined)?.from;
  const table = def.name === CASE ? (from ? registry.table(from) : undefined) : def;
  const p = table?.meta.permission;
  return p && p !== registry.table(CASE).meta.permission ? p : undefined;
}

/**
 * The catalogue as one reader may use it: without the variables and filters whose field they may not
 * read (an exam type, the treatment), so they are neither offered nor accepted — a user without the
 * HIV test's permission gets no count by HIV result.
 * @example allowedCatalogue(cat, (p) => hasPermission(s, p)).variable('hivResult') // undefined without EXAM_HIV
 */
export function allowedCatalogue(cat: ReportCatalogue, may: (permission: string) => boolean): ReportCatalogue {
  const ok = (x: { permission?: string }) => !x.permission || may(x.permission);
  if (cat.variables.every(ok) && cat.filters.every(ok)) return cat;
  const variables = cat.variables.filter(ok);
  const filters = cat.filters.filter(ok);
  const byVar = new Map(variables.map((v) => [v.id, v]));
  const byFilter = new Map(filters.map((v) => [v.id, v]));
  const refused = (id: string) => {
    const x = cat.variable(id) ?? cat.filter(id);
    return x && !ok(x) ? x : undefined;
  };
  return { variables, filters, groups: cat.groups, variable: (id) => byVar.get(id), filter: (id) => byFilter.get(id), refused };
}

/** The source read as of a case date plus some months (`asOf`): only a dated sub-record's, at a date of the case. */
function asOfSource(registry: Registry, source: VarSource, asOf: XReport['asOf'], where: string): VarSource {
  if (!asOf) return source;
  if (source.kind !== 'latest') throw new Error(`${where}: asOf on a field that is not of a dated sub-record of the case`);
  const at = fieldOf(registry.table(CASE), asOf.date, where);
  if (at.format !== 'date' || !Number.isInteger(asOf.months) || asOf.months < 0) throw new Error(`${where}: asOf needs a date of the case and whole months`);
  return { ...source, until: { column: at.column, months: asOf.months } };
}

/**
 * A declaration folding every row of a sub-record (`any`): an enum field by the first of the listed
 * keys any row holds (the HIV status of the episode: positive if any test is), any field by whether
 * any row records it (an ART start on any HIV exam).
 */
function anyOf(registry: Registry, def: TableDef, f: Field, x: XReport, where: string): { source: VarSource; value: VarValue } {
  const source = sourceOf(registry, def);
  if (source.kind !== 'latest' && source.kind !== 'each') throw new Error(`${where}: any on a field that is not of a sub-record with several rows per case`);
  if (!x.id) throw new Error(`${where}: any needs an id of its own`);
  const folded: VarSource = { kind: 'any', table: source.table, parent: source.parent };
  if (x.any === true) return { source: folded, value: { kind: 'boolean' } };
  const keys = f.schema.enum as (string | number)[] | undefined;
  const bad = (x.any as (string | number)[]).filter((k) => !keys?.includes(k));
  if (!keys || bad.length || !(x.any as unknown[]).length) throw new Error(`${where}: any lists ${bad.length ? `"${bad.join('", "')}", not values of the field` : 'no value of an enum'}`);
  return { source: folded, value: { kind: 'enum', keys: x.any as (string | number)[], labels: f.schema['x-enum'] as string | undefined } };
}

/** The success keys of an enum's declaration, each one of its values. */
function successOf(value: VarValue, keys: (string | number)[], where: string): (string | number)[] {
  const bad = value.kind !== 'enum' ? keys : keys.filter((k) => !value.keys.includes(k));
  if (bad.length || !keys.length) throw new Error(`${where}: success lists ${value.kind !== 'enum' ? 'keys of a field that is no enum' : `"${bad.join('", "')}", not values of the field`}`);
  return keys;
}

/** A field of table `def` by key, or an error naming the declaration. */
function fieldOf(def: TableDef, key: string, where: string): Field {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`${where}: unknown field "${key}"`);
  return f;
}

/**
 * The report variables and filters every schema declares (`x-report`), checked: ids unique, each
 * field reachable from a case and of a kind that can be counted. Throws on a bad declaration, so
 * the server does not start with one.
 * @example
 * const cat = reportCatalogue(registry);
 * cat.variable('gender') // { id: 'gender', group: 'patient', source: { kind: 'ref', table: 'patient', column: 'patient_id' }, value: { kind: 'enum', keys: ['MALE', 'FEMALE'], labels: 'gender' }, … }
 * cat.filter('registrationDate')?.type // 'period'
 */
export function reportCatalogue(registry: Registry): ReportCatalogue {
  const variables: ReportVariable[] = [];
  const filters: ReportFilter[] = [];
  const groups: string[] = [];
  // the case's own fields first: their groups lead
  // a table counted by its own rows (the stock ledger) declares variables of its own: engine/report-rows.ts
  const tables = [registry.table(CASE), ...[...registry.tables.values()].filter((d) => d.name !== CASE && !d.meta.reportRows)];
  for (const def of tables) {
    for (const f of def.fields) {
      const declared = f.schema['x-report'] as XReport | XReport[] | undefined;
      if (!declared) continue;
      // a field may be declared more than once (the newest exam's ART start, and whether any exam records one)
      for (const [i, x] of (Array.isArray(declared) ? declared : [declared]).entries()) {
        const where = `${def.schemaId}: /properties/${f.path.join('/properties/')}/x-report${Array.isArray(declared) ? `/${i}` : ''}`;
        if (!groups.includes(x.group)) groups.push(x.group);
        const id = x.id ?? f.key.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());
        const base = { group: x.group, label: x.label ?? f.title ?? f.key, source: asOfSource(registry, sourceOf(registry, def), x.asOf, where), column: f.column, permission: permissionOf(registry, def, f) };
        const rows = x.rows ?? true, columns = x.columns ?? true;
        const wantFilter = x.filter ?? true;
        if (x.any !== undefined) {
          const folded = anyOf(registry, def, f, x, where);
          const v = { id, ...base, source: folded.source, value: folded.value };
          variables.push({ ...v, rows, columns });
          if (wantFilter) filters.push({ ...v, type: folded.value.kind === 'boolean' ? 'select' : 'multiSelect' });
          continue;
        }
        if (f.format === 'date') {
          if (x.ageAt) {
            const at = fieldOf(registry.table(CASE), x.ageAt, where);
            const value: VarValue = { kind: 'age', at: at.column };
            variables.push({ id, ...base, value, rows, columns });
            if (wantFilter) filters.push({ id, ...base, value, type: 'multiSelect' });
            continue;
          }
          const by = x.by ?? ['month', 'quarter', 'year'];
          for (const b of by) {
            const value: VarValue = b === 'recorded' || b === 'monthsSince' ? { kind: b } : { kind: 'period', by: b };
            const own = x.labels?.[b];
            const label = own ?? (b === 'recorded' ? base.label : `indicator.by${b[0].toUpperCase()}${b.slice(1)}`);
            variables.push({ id: `${id}.${b}`, ...base, label, labelVars: own || b === 'recorded' ? undefined : { label: base.label }, value, rows, columns });
          }
          if (wantFilter) filters.push({ id, ...base, value: { kind: 'period', by: 'month' }, type: 'period' });
          continue;
        }
        const value = valueOf(def, f);
        const success = x.success && successOf(value, x.success, where);
        variables.push({ id, ...base, value, rows, columns, ...(success ? { success } : {}) });
        if (wantFilter) filters.push({ id, ...base, value, type: value.kind === 'boolean' ? 'select' : 'multiSelect' });
        if (x.areas) {
          if (value.kind !== 'ref') throw new Error(`${where}: areas on a field that is no reference`);
          const target = registry.table(value.table);
          const area = fieldOf(target, x.areas, where);
          if (area.ref !== 'adminunit') throw new Error(`${where}: areas names "${x.areas}", not a reference to an admin unit`);
          for (let level = 1; level <= 5; level++) {
            variables.push({ id: `${id}Area${level}`, ...base, label: 'indicator.area', labelVars: { label: base.label, level: String(level) }, value: { kind: 'area', level, table: value.table, column: area.column }, rows, columns });
          }
          if (wantFilter) filters.push({ id: `${id}Area`, ...base, label: 'indicator.areaFilter', labelVars: { label: base.label }, value: { kind: 'area', level: 0, table: value.table, column: area.column }, type: 'multiSelect' });
        }
      }
    }
  }
  const seen = new Set<string>();
  for (const v of [...variables.map((x) => x.id), ...filters.filter((x) => !variables.some((v) => v.id === x.id)).map((x) => x.id)]) {
    if (seen.has(v)) throw new Error(`x-report: the id "${v}" is declared twice`);
    seen.add(v);
  }
  const byVar = new Map(variables.map((v) => [v.id, v]));
  const byFilter = new Map(filters.map((v) => [v.id, v]));
  return {
    variables,
    filters,
    groups,
    variable: (id) => byVar.get(id),
    filter: (id) => byFilter.get(id),
  };
}
