/**
 * The DHIS2 mappings, declared in `schemas/reports/dhis2/<id>.json` and read once at start:
 * a data set of the national DHIS2, its period type, which places are its org units (`unit`: the
 * units, `area`: the areas — each by the `dhis2Uid` it has in the catalogues), and each value it
 * holds — a WHO form's cell (`form`, `table`, `row`, `column`) or an indicator's number (`indicator`,
 * `part`: numerator or denominator) — with its data element and category option combo (UIDs).
 * A bad file stops the start naming its file and what is wrong (docs/dhis2.md).
 *
 * @example
 * { "id": "tb-quarterly", "name": {"ru": "…", "en": "…"}, "dataSet": "TbQrtRpt001", "periodType": "Quarterly", "orgUnits": "unit",
 *   "values": [ {"form": "tb07", "table": "byGroup", "row": "new", "column": "pulmonaryBc", "dataElement": "Tb07New0000", "categoryOptionCombo": "CocPBc00000"},
 *               {"indicator": "TB.IND.8", "part": "numerator", "dataElement": "TbInd8Num00", "categoryOptionCombo": "HllvX50cXC0"} ] }
 */
import { compiledOnce, readDeclarationFiles } from '../declaration-files.ts';
import { join } from 'node:path';
import type { FormDefinition } from '../who/definition.ts';
import type { IndicatorDefinition } from '../dak/definition.ts';

/** DHIS2's identifiers: 11 characters, letters and digits, a letter first. */
export const UID_PATTERN = '^[A-Za-z][A-Za-z0-9]{10}$';
export const isUid = (s: unknown): s is string => typeof s === 'string' && new RegExp(UID_PATTERN).test(s);

interface Target {
  dataElement: string;
  categoryOptionCombo: string;
  /** ADX: the value's disaggregation as attributes (category code → option code); without it the combination's UID. */
  disaggregation?: Record<string, string>;
}
export type FormCellValue = Target & { form: string; table: string; row: string; column: string };
export type IndicatorValue = Target & { indicator: string; part: 'numerator' | 'denominator' };
export type MappedValue = FormCellValue | IndicatorValue;

export interface Dhis2Mapping {
  id: string;
  order: number;
  name: { ru: string; en: string };
  dataSet: string;
  periodType: 'Quarterly' | 'Yearly';
  orgUnits: 'unit' | 'area';
  values: MappedValue[];
}

const uid = { type: 'string', pattern: UID_PATTERN };
const id = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,40}$' };
const target = { dataElement: uid, categoryOptionCombo: uid, disaggregation: { type: 'object', minProperties: 1, propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,40}$', not: { enum: ['dataElement', 'value', 'categoryOptionCombo'] } }, additionalProperties: { type: 'string', minLength: 1, maxLength: 100 } } };

/** The meta-schema a mapping file is checked against. */
export const mappingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'dataSet', 'periodType', 'orgUnits', 'values'],
  properties: {
    $comment: { type: 'string' },
    id,
    order: { type: 'integer' },
    name: { type: 'object', additionalProperties: false, required: ['ru', 'en'], properties: { ru: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } } },
    dataSet: uid,
    periodType: { enum: ['Quarterly', 'Yearly'] },
    orgUnits: { enum: ['unit', 'area'] },
    values: {
      type: 'array', minItems: 1,
      items: {
        oneOf: [
          { type: 'object', additionalProperties: false, required: ['form', 'table', 'row', 'column', 'dataElement', 'categoryOptionCombo'], properties: { form: id, table: id, row: id, column: id, ...target } },
          { type: 'object', additionalProperties: false, required: ['indicator', 'part', 'dataElement', 'categoryOptionCombo'], properties: { indicator: { type: 'string', pattern: '^TB\\.IND\\.[0-9]{1,3}$' }, part: { enum: ['numerator', 'denominator'] }, ...target } },
        ],
      },
    },
  },
};

/** Where the mapping files are. */
export const mappingsDir = (schemasDir: string) => join(schemasDir, 'reports', 'dhis2');

export const isFormCell = (v: MappedValue): v is FormCellValue => 'form' in v;

/** What a value is in words, for the preview and the errors: `tb07 byGroup/new/pulmonaryBc`, `TB.IND.8 numerator`. */
export const valueName = (v: MappedValue) => (isFormCell(v) ? `${v.form} ${v.table}/${v.row}/${v.column}` : `${v.indicator} ${v.part}`);

/**
 * What is wrong with a mapping against the forms and indicators declared: a cell or indicator that
 * does not exist (or that the data cannot count), a denominator of a count, a form in a yearly data
 * set (the forms are quarterly), one data element and combination given twice.
 * @example mappingProblems(m, forms, indicators) // ['/values/3: tb07 has no row "nope" in table "byGroup"']
 */
export function mappingProblems(m: Dhis2Mapping, forms: Map<string, FormDefinition>, indicators: IndicatorDefinition[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  m.values.forEach((v, i) => {
    const at = `/values/${i}`;
    const key = `${v.dataElement}.${v.categoryOptionCombo}`;
    if (seen.has(key)) problems.push(`${at}: ${v.dataElement} / ${v.categoryOptionCombo} is already /values/${seen.get(key)}`);
    else seen.set(key, i);
    if (isFormCell(v)) {
      const f = forms.get(v.form);
      const table = f?.tables.find((t) => t.id === v.table);
      if (!f) problems.push(`${at}: no WHO form "${v.form}" (schemas/reports/who/)`);
      else if (!table) problems.push(`${at}: ${v.form} has no table "${v.table}"`);
      else if (!table.rows.some((r) => r.id === v.row)) problems.push(`${at}: ${v.form} has no row "${v.row}" in table "${v.table}"`);
      else if (!table.columns.some((c) => c.id === v.column)) problems.push(`${at}: ${v.form} has no column "${v.column}" in table "${v.table}"`);
      if (m.periodType !== 'Quarterly') problems.push(`${at}: a WHO form is quarterly, the data set is ${m.periodType}`);
    } else {
      const d = indicators.find((x) => x.code === v.indicator);
      if (!d) problems.push(`${at}: no indicator "${v.indicator}" (schemas/reports/dak/)`);
      else if (d.unsupported) problems.push(`${at}: ${v.indicator} is not counted (the data cannot support it)`);
      else if (v.part === 'denominator' && d.denominator?.count) problems.push(`${at}: ${v.indicator} is a number, it has no denominator`);
    }
  });
  return problems;
}

/**
 * Reads and checks every mapping file of `dir` (none: no folder); throws naming every problem.
 * @example loadMappings(mappingsDir(ctx.schemasDir), forms, indicators) // [{ id: 'tb-quarterly', … }]
 */
export function loadMappings(dir: string, forms: Map<string, FormDefinition>, indicators: IndicatorDefinition[]): Dhis2Mapping[] {
  const { files, problems } = readDeclarationFiles<Omit<Dhis2Mapping, 'order'>>(dir, compiledOnce(mappingSchema));
  const out: Dhis2Mapping[] = [];
  for (const { file, doc } of files) {
    const m = { order: 0, ...doc } as Dhis2Mapping;
    if (out.some((x) => x.id === m.id)) problems.push(`${file} /id: the mapping "${m.id}" is declared twice`);
    problems.push(...mappingProblems(m, forms, indicators).map((p) => `${file} ${p}`));
    out.push(m);
  }
  if (problems.length) throw new Error(`invalid DHIS2 mapping files:\n  ${problems.join('\n  ')}`);
  return out.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
