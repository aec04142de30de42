/**
 * The WHO quarterly forms as declared files: `schemas/reports/who/<id>.json`, read once at
 * start. A form names the cases it is about (`population`: a condition, and the case date whose
 * quarter selects them, `quartersBack` quarters before the one asked: the outcome cohort is the
 * quarter a year earlier), its tables (rows and columns: conditions over declared report variables,
 * `engine/report-vars.ts`), why a case of the population is left out (`exclude`: reasons in order,
 * the first that holds is the one listed; with `cells`, it leaves the case out of those cells only —
 * a case with no site of disease is still counted by sex and age) and, for an outcome cohort, which
 * cell of which form its total must equal (`reconcile`, `except` the cases reported in another
 * cohort). A country changes its national form by editing the file.
 *
 * Conditions are the platform's one condition language (`engine/condition/`, docs/conditions.md)
 * with `var` subjects: `{var, in: [keys]}`, `{var, equals}`, `{var, empty: true}`, `{var, notEmpty: true}`,
 * an age variable's whole years at its case date `{var, from, to}`, `{span: [fromField, toField],
 * maxMonths | overMonths}` (two dates of the case, fields of `tbcase` on its analytic row: the planned
 * length of a regimen), `{all}`, `{any}`, `{not}`; a row or column without `when` counts every case of the table.
 */
import { compiledOnce, readDeclarationFiles } from '../declaration-files.ts';
import { join } from 'node:path';
import type { ReportCatalogue, ReportVariable } from '../../engine/report-vars.ts';
import type { TableDef } from '../../engine/types.ts';
import { subjectOf, subjectsOf, type Condition, type SpanCondition } from '../../engine/condition/index.ts';

/** A label in both languages of the interface. */
export interface Label {
  ru: string;
  en: string;
}

/** A span as loaded: the case columns of its two dates, set by the check at load. */
type LoadedSpan = SpanCondition & { columns?: [string, string] };

/**
 * The analytic-row columns of a span's two dates (set when the forms are loaded).
 * @example spanColumns(form.tables[0].rows[0].when) // ['ini_treatment_date', 'treatment_end_date']
 */
export function spanColumns(c: SpanCondition): [string, string] {
  const cols = (c as LoadedSpan).columns;
  if (!cols) throw new Error(`WHO form: the span ${c.span.join(' → ')} was not checked at load`);
  return cols;
}

export interface Line {
  id: string;
  label: Label;
  when?: Condition;
}

export interface FormTable {
  id: string;
  title: Label;
  /** Cases counted in this table (besides the population); none: all of them. */
  when?: Condition;
  rows: Line[];
  columns: Line[];
  /** A counted case in none of this table's rows is listed as excluded ('in no row of the form'). */
  complete?: boolean;
}

/** Cells of one table: every cell, or those of the rows and/or columns named. */
export interface CellSelector {
  table: string;
  rows?: string[];
  columns?: string[];
}

/** Why a case of the population is left out: of the whole form, or (`cells`) of those cells only. */
export interface Exclusion {
  id: string;
  label: Label;
  when: Condition;
  /** The cells that need what the case lacks; none: the whole form. */
  cells?: CellSelector[];
}

export interface CellRef {
  form?: string;
  table: string;
  row: string;
  column: string;
}

export interface FormDefinition {
  id: string;
  title: Label;
  /** The form's short name: in Russian the region's (ТБ 07, ТБ 08), in English WHO's. */
  code: Label;
  order: number;
  population: { date: string; quartersBack: number; when?: Condition };
  exclude: Exclusion[];
  tables: FormTable[];
  /**
   * The cohort's total (`own`) must equal the cell of another form for the cohort's quarter (`of`),
   * but for the cases this form leaves out for the reasons `except` names (reported in their own
   * cohort: RR/DR-TB), which neither side counts.
   */
  reconcile?: { own: CellRef; of: CellRef & { form: string }; except?: string[] };
}

const label = { type: 'object', additionalProperties: false, required: ['ru', 'en'], properties: { ru: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } } };
const id = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,40}$' };
const cellRef = { type: 'object', additionalProperties: false, required: ['table', 'row', 'column'], properties: { form: id, table: id, row: id, column: id } };
const cellSelector = { type: 'object', additionalProperties: false, required: ['table'], properties: { table: id, rows: { type: 'array', minItems: 1, items: id }, columns: { type: 'array', minItems: 1, items: id } } };
const line = { type: 'object', additionalProperties: false, required: ['id', 'label'], properties: { id, label, when: { $ref: 'condition#/$defs/var' } } };

/** The meta-schema a definition file is checked against. */
export const definitionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'title', 'code', 'population', 'tables'],
  properties: {
    $comment: { type: 'string' },
    id,
    title: label,
    code: label,
    order: { type: 'integer' },
    population: {
      type: 'object',
      additionalProperties: false,
      required: ['date'],
      properties: { date: { type: 'string' }, quartersBack: { type: 'integer', minimum: 0, maximum: 40 }, when: { $ref: 'condition#/$defs/var' } },
    },
    exclude: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['id', 'label', 'when'], properties: { id, label, when: { $ref: 'condition#/$defs/var' }, cells: { type: 'array', minItems: 1, items: cellSelector } } },
    },
    tables: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'rows', 'columns'],
        properties: { id, title: label, when: { $ref: 'condition#/$defs/var' }, complete: { type: 'boolean' }, rows: { type: 'array', minItems: 1, items: line }, columns: { type: 'array', minItems: 1, items: line } },
      },
    },
    reconcile: { type: 'object', additionalProperties: false, required: ['own', 'of'], properties: { own: cellRef, of: { ...cellRef, required: ['form', 'table', 'row', 'column'] }, except: { type: 'array', minItems: 1, items: id } } },
  },
} as const;

/** The folder of the forms inside a schemas folder. */
export const formsDir = (schemasDir: string) => join(schemasDir, 'reports', 'who');

/**
 * Whether an exclusion leaves a case out of a cell: an exclusion without `cells` leaves it out of
 * every cell; with them, of the cells they select (a table's every cell, or the rows and/or columns named).
 * @example leavesOut({ id: 'noSite', …, cells: [{ table: 'outcomes', rows: ['newRelapseEp'] }] }, 'outcomes', 'total', 'registered') // false
 */
export function leavesOut(e: Exclusion, table: string, row: string, column: string): boolean {
  if (!e.cells) return true;
  return e.cells.some((x) => x.table === table && (!x.rows || x.rows.includes(row)) && (!x.columns || x.columns.includes(column)));
}

/** Whether an exclusion leaves a case out of the whole form (it names no cells). */
export const wholeForm = (e: Exclusion) => !e.cells;

/** The variables a condition reads (a span reads two dates of the case, no variable). */
export const conditionVars = (c: Condition): string[] => subjectsOf(c);

/** What is wrong with a condition's variables and keys, as messages with their pointer. */
function checkCondition(cat: ReportCatalogue, c: Condition, at: string, caseDef: TableDef): string[] {
  const inner = (x: Condition, where: string) => checkCondition(cat, x, where, caseDef);
  if ('all' in c) return c.all.flatMap((x, i) => inner(x, `${at}/all/${i}`));
  if ('any' in c) return c.any.flatMap((x, i) => inner(x, `${at}/any/${i}`));
  if ('not' in c) return inner(c.not, `${at}/not`);
  if ('span' in c) {
    const fields = c.span.map((k) => caseDef.fields.find((f) => f.key === k && f.format === 'date'));
    if (fields[0] && fields[1]) (c as LoadedSpan).columns = [fields[0].column, fields[1].column];
    // the forms read the cases' analytic rows: a date there is a report variable's, or carried with x-analytic
    const carried = (i: number) => fields[i]!.schema['x-report'] !== undefined || fields[i]!.schema['x-analytic'] === true;
    return c.span.flatMap((k, i) => (!fields[i] ? [`${at}/span: "${k}" is no date of the case`] : carried(i) ? [] : [`${at}/span: "${k}" is not on the case's analytic row (declare the field x-analytic)`]));
  }
  const id = subjectOf(c);
  const v: ReportVariable | undefined = cat.variable(id);
  if (!v) return [`${at}: unknown report variable "${id}"`];
  if (v.source.kind === 'each') return [`${at}: "${id}" has several rows per case; a form reads one value per case`];
  if ('from' in c) return v.value.kind === 'age' ? (c.from <= c.to ? [] : [`${at}: from after to`]) : [`${at}: "${id}" is no age variable`];
  if ('in' in c || 'equals' in c) {
    const keys = 'in' in c ? c.in : [c.equals];
    const val = v.value;
    // an enum's own keys; yes/no of a boolean or a recorded date; text of anything else (a period, a catalogue row's id)
    const ok = (k: unknown) => (val.kind === 'enum' ? val.keys.includes(k as string) : val.kind === 'boolean' || val.kind === 'recorded' ? typeof k === 'boolean' : typeof k === 'string');
    const bad = keys.filter((k) => !ok(k));
    return bad.length ? [`${at}: "${id}" has no value ${bad.map((b) => JSON.stringify(b)).join(', ')}`] : [];
  }
  return [];
}

/** What is wrong with a definition beyond its shape: variables, ids, references to other forms. */
export function definitionProblems(cat: ReportCatalogue, caseDef: TableDef, d: FormDefinition, all: Map<string, FormDefinition>): string[] {
  const out: string[] = [];
  const conditionProblems = (c: Condition, at: string) => checkCondition(cat, c, at, caseDef);
  const date = cat.filter(d.population.date);
  if (!date || date.type !== 'period' || date.source.kind !== 'case') out.push(`/population/date: "${d.population.date}" is no date of the case`);
  if (d.population.when) out.push(...conditionProblems(d.population.when, '/population/when'));
  (d.exclude ?? []).forEach((e, i) => {
    out.push(...conditionProblems(e.when, `/exclude/${i}/when`));
    (e.cells ?? []).forEach((x, k) => {
      const t = d.tables.find((tb) => tb.id === x.table);
      const at = `/exclude/${i}/cells/${k}`;
      if (!t) return out.push(`${at}: no table "${x.table}"`);
      for (const side of ['rows', 'columns'] as const) for (const lid of x[side] ?? []) if (!t[side].some((l) => l.id === lid)) out.push(`${at}/${side}: no ${side === 'rows' ? 'row' : 'column'} "${lid}" in "${t.id}"`);
    });
  });
  const unique = (ids: string[], at: string) => ids.forEach((x, i) => ids.indexOf(x) !== i && out.push(`${at}: "${x}" twice`));
  unique(d.tables.map((t) => t.id), '/tables');
  unique((d.exclude ?? []).map((e) => e.id), '/exclude');
  d.tables.forEach((t, ti) => {
    if (t.when) out.push(...conditionProblems(t.when, `/tables/${ti}/when`));
    for (const side of ['rows', 'columns'] as const) {
      unique(t[side].map((l) => l.id), `/tables/${ti}/${side}`);
      t[side].forEach((l, li) => l.when && out.push(...conditionProblems(l.when, `/tables/${ti}/${side}/${li}/when`)));
    }
  });
  const cellOk = (f: FormDefinition | undefined, r: CellRef, at: string) => {
    const t = f?.tables.find((x) => x.id === r.table);
    if (!f) out.push(`${at}: unknown form "${r.form}"`);
    else if (!t || !t.rows.some((x) => x.id === r.row) || !t.columns.some((x) => x.id === r.column)) out.push(`${at}: no cell ${r.table}/${r.row}/${r.column} in "${f.id}"`);
  };
  if (d.reconcile) {
    cellOk(d, d.reconcile.own, '/reconcile/own');
    cellOk(all.get(d.reconcile.of.form), d.reconcile.of, '/reconcile/of');
    for (const x of d.reconcile.except ?? []) if (!(d.exclude ?? []).some((e) => e.id === x && wholeForm(e))) out.push(`/reconcile/except: "${x}" is no reason leaving a case out of the whole form`);
  }
  return out;
}

/**
 * Every form of `schemas/reports/who/`, checked against the meta-schema and the report catalogue;
 * throws naming the file and pointer of each problem, so the server does not start with a bad form.
 * @example const forms = loadForms(formsDir(schemasDir), reportCatalogue(registry), registry.table('tbcase')); forms.get('tb07')?.tables[0].rows[0].id // 'new'
 */
export function loadForms(dir: string, cat: ReportCatalogue, caseDef: TableDef): Map<string, FormDefinition> {
  const { files, problems } = readDeclarationFiles<FormDefinition>(dir, compiledOnce(definitionSchema));
  const forms = new Map<string, FormDefinition>();
  for (const { file, doc: d } of files) {
    if (forms.has(d.id)) problems.push(`${file} /id: the form "${d.id}" is declared twice`);
    forms.set(d.id, { ...d, order: d.order ?? 0, exclude: d.exclude ?? [], population: { ...d.population, quartersBack: d.population.quartersBack ?? 0 } });
  }
  for (const d of forms.values()) problems.push(...definitionProblems(cat, caseDef, d, forms).map((p) => `${join(dir, d.id)}.json ${p}`));
  if (problems.length) throw new Error(`invalid WHO form definitions:\n  ${problems.join('\n  ')}`);
  return forms;
}
