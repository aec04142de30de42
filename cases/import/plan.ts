/**
 * One row of a register as the writes it asks for: the notification (patient and case parts, the
 * variant's diagnosis type and classification, the unit), the exams given in its columns, and the
 * workflow facts (validated, the treatment's start and regimen, the outcome) — each value converted
 * from its cell (`values.ts`), or the row's errors per field. A field the row's notification form does
 * not show (a resistance type on a presumptive case) is left out with a warning, as the form would not
 * take it.
 */
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Doc } from '../../server/types.ts';
import { formPlan } from '../../server/tbl/forms.ts';
import { setPath } from '../../server/tbl/rows.ts';
import { notificationForm } from '../notify/variants.ts';
import type { Catalogues } from './catalogues.ts';
import { cellText, type Cell } from './files/cells.ts';
import { fieldLabel, KEY_FIELD, sheetFields } from './fields.ts';
import type { ImportMapping, SheetMapping } from './mapping.ts';
import type { RowMessage } from './messages.ts';
import { convert, isBlank } from './values.ts';

/** The values of one row by import field, with the column each came from. */
export interface RowValues {
  values: Map<string, unknown>;
  columns: Map<string, string>;
  messages: RowMessage[];
}

/** A case row's writes. */
export interface CasePlan {
  key: string | null;
  diagnosisType: string;
  classification: string;
  unitId: string;
  patient: Doc;
  tbcase: Doc;
  exams: { table: string; doc: Doc }[];
  validated: boolean;
  treatment?: { iniDate?: string; regimenId?: string };
  close?: { outcome?: string; outcomeDate?: string; otherOutcome?: string };
}

/** An exam row's write: its case by key, its document. */
export interface ExamPlan {
  key: string | null;
  table: string;
  doc: Doc;
}

/**
 * The row's cells read through the sheet's mapping (and, for the cases' sheet, the fixed values for
 * what no column gives): each field's value, or an error message naming its column and cell.
 */
export async function readValues(registry: Registry, sheet: SheetMapping, headers: string[], cells: Cell[], m: ImportMapping, o: { lang: Lang; catalogues: Catalogues }): Promise<RowValues> {
  const fields = new Map(sheetFields(registry, sheet.role!).map((f) => [f.id, f]));
  const out: RowValues = { values: new Map(), columns: new Map(), messages: [] };
  for (const [header, id] of Object.entries(sheet.columns)) {
    const f = fields.get(id);
    const i = headers.indexOf(header);
    if (!f || i < 0) continue;
    out.columns.set(id, header);
    const cell = cells[i] ?? null;
    if (isBlank(cell)) continue;
    const r = await convert(f, cell, { lang: o.lang, matched: m.values?.[id], catalogues: o.catalogues });
    if ('value' in r) out.values.set(id, r.value);
    else out.messages.push({ field: id, column: header, value: cellText(cell), msg: `${header}: ${r.error}`, level: 'error' });
  }
  if (sheet.role === 'case') for (const [id, v] of Object.entries(m.fixed ?? {})) if (!out.values.has(id) && fields.has(id)) out.values.set(id, v);
  return out;
}

/** The part (`patient`, `tbcase`, an exam table) and field key of an import field id. */
const split = (id: string) => {
  const dot = id.indexOf('.');
  return { table: id.slice(0, dot), key: id.slice(dot + 1) };
};

/**
 * A case row's plan, or the messages of what keeps it out (`plan` undefined). The warnings of
 * values its form does not take come with a plan.
 * @example await casePlan(registry, values, 'ru') // { plan: { diagnosisType: 'CONFIRMED', patient: { lastName: 'Асанов', … }, … }, messages: [] }
 */
export function casePlan(registry: Registry, r: RowValues, lang: Lang): { plan?: CasePlan; messages: RowMessage[] } {
  const messages = [...r.messages];
  const v = (id: string) => r.values.get(id) as any;
  const diagnosisType = v('tbcase.diagnosisType');
  const classification = v('tbcase.classification');
  const unitId = v('tbcase.ownerUnitId');
  const need = (id: string) => {
    if (v(id) !== undefined || messages.some((x) => x.field === id)) return;
    const f = sheetFields(registry, 'case').find((x) => x.id === id)!;
    messages.push({ field: id, column: r.columns.get(id) ?? null, msg: `${fieldLabel(registry, f, lang)}: ${t(lang, 'msg.required')}`, level: 'error' });
  };
  ['tbcase.diagnosisType', 'tbcase.classification', 'tbcase.ownerUnitId'].forEach(need);
  const form = diagnosisType && classification ? notificationForm(registry, diagnosisType, classification) : undefined;
  if (diagnosisType && classification && !form) messages.push({ field: 'tbcase.classification', column: r.columns.get('tbcase.classification'), msg: t(lang, 'importjob.msg.noForm'), level: 'error' });
  if (messages.some((x) => x.level === 'error') || !form) return { messages };
  const shown = new Map(formPlan(registry, form).parts.map((p) => [p.def.name, new Set(p.fields)]));
  const plan: CasePlan = {
    key: textOf(v(KEY_FIELD) ?? v('tbcase.caseNumber')),
    diagnosisType, classification, unitId,
    patient: {}, tbcase: {}, exams: [],
    validated: v('tbcase.validated') === true,
  };
  const exams = new Map<string, Doc>();
  for (const [id, value] of r.values) {
    if (id === KEY_FIELD || ['tbcase.diagnosisType', 'tbcase.classification', 'tbcase.ownerUnitId', 'tbcase.validated'].includes(id)) continue;
    const { table, key } = split(id);
    if (id === 'tbcase.iniTreatmentDate') (plan.treatment ??= {}).iniDate = value as string;
    else if (id === 'treatment.regimenId') (plan.treatment ??= {}).regimenId = value as string;
    else if (['tbcase.outcome', 'tbcase.outcomeDate', 'tbcase.otherOutcome'].includes(id)) (plan.close ??= {} as NonNullable<CasePlan['close']>)[key as 'outcome'] = value as string;
    else if (table === 'patient' || table === 'tbcase') {
      if (!shown.get(table)?.has(key.split('.')[0])) {
        const f = sheetFields(registry, 'case').find((x) => x.id === id)!;
        messages.push({ field: id, column: r.columns.get(id), msg: t(lang, 'importjob.msg.notOnForm', { field: fieldLabel(registry, f, lang), form: t(lang, String(form.title)) }), level: 'warning' });
        continue;
      }
      setPath(table === 'patient' ? plan.patient : plan.tbcase, key.split('.'), value);
    } else {
      if (!exams.has(table)) exams.set(table, {});
      setPath(exams.get(table)!, key.split('.'), value);
    }
  }
  plan.exams = [...exams].map(([table, doc]) => ({ table, doc }));
  return { plan, messages };
}

/**
 * An exam row's plan: its key and document, or the messages keeping it out.
 * @example examPlan('exammic', values, 'ru') // { plan: { key: '000042', table: 'exammic', doc: { date: '2024-03-05', result: 'PLUS' } }, messages: [] }
 */
export function examPlan(registry: Registry, table: string, r: RowValues, lang: Lang): { plan?: ExamPlan; messages: RowMessage[] } {
  const messages = [...r.messages];
  const key = textOf(r.values.get(KEY_FIELD));
  if (!key && !messages.some((x) => x.field === KEY_FIELD)) messages.push({ field: KEY_FIELD, column: r.columns.get(KEY_FIELD), msg: `${t(lang, 'importjob.field.key')}: ${t(lang, 'msg.required')}`, level: 'error' });
  if (messages.some((x) => x.level === 'error')) return { messages };
  const doc: Doc = {};
  for (const [id, value] of r.values) if (id !== KEY_FIELD) setPath(doc, split(id).key.split('.'), value);
  return { plan: { key, table, doc }, messages };
}

const textOf = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v).trim());
