/**
 * A template register for a notification form, generated from the schemas: a cases' sheet whose
 * columns are the form's patient and case fields (as the form names them), the case's diagnosis type,
 * classification and unit, and the workflow facts a register carries; a sheet per follow-up exam keyed
 * by the case number; and a sheet of the values each coded column takes (codes and names), which the
 * coded columns offer as a list. A filled template maps itself: its headers are the fields' names.
 */
import ExcelJS from 'exceljs';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import { formPlan } from '../../server/tbl/forms.ts';
import { notificationForm } from '../notify/variants.ts';
import type { Catalogues } from './catalogues.ts';
import { columnLetter } from './files/cells.ts';
import { caseSheetFields, examFields, examTables, fieldLabel, KEY_FIELD, sheetNameOf, WORKFLOW_FIELDS, type ImportField } from './fields.ts';
import { optionsOf } from './view.ts';

/** The notification forms a template is made for (each diagnosis type × classification that has one). */
export function templateForms(registry: Registry): string[] {
  const out: string[] = [];
  for (const d of ['SUSPECT', 'CONFIRMED']) for (const c of ['TB', 'DRTB', 'NTM']) {
    const f = notificationForm(registry, d, c);
    if (f && !out.includes(f.$id)) out.push(f.$id);
  }
  return out;
}

/** The cases' sheet's fields for a form: its parts' fields, the case's identity, the workflow facts and the regimen (no exams: they have sheets). */
function formFields(registry: Registry, formId: string): ImportField[] {
  const form = registry.schemas.get(formId)!;
  const shown = new Set(formPlan(registry, form).parts.flatMap((p) => p.fields.map((k) => `${p.def.name}.${k.split('.')[0]}`)));
  const suspect = (form['x-form'] as { values?: { tbcase?: { diagnosisType?: string } } }).values?.tbcase?.diagnosisType === 'SUSPECT';
  return caseSheetFields(registry).filter((f) => {
    if (f.id === KEY_FIELD || !f.table || registry.table(f.table).meta.followup) return false;
    const key = f.id.slice(f.table.length + 1);
    if (f.table === 'patient') return shown.has(`patient.${key.split('.')[0]}`);
    if (f.table === 'treatment') return !suspect;
    if (['diagnosisType', 'classification', 'ownerUnitId'].includes(key)) return true;
    if (WORKFLOW_FIELDS.includes(key)) return !suspect || !['iniTreatmentDate'].includes(key);
    return shown.has(`tbcase.${key}`);
  });
}

/**
 * @example const xlsx = await importTemplate(registry, 'newnotif_tb', 'ru', catalogues)
 */
export async function importTemplate(registry: Registry, formId: string, lang: Lang, catalogues: Catalogues): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const listsName = t(lang, 'importjob.template.values');
  const lists: { title: string; values: string[] }[] = [];
  /** Keeps a field's options for the values' sheet (written last); the range its list validation names. */
  const listOf = async (f: ImportField): Promise<string | undefined> => {
    const options = await optionsOf(f, lang, catalogues);
    if (!options?.length) return undefined;
    lists.push({ title: fieldLabel(registry, f, lang), values: options.map((o) => (f.kind === 'ref' ? o.label.replace(/ \([^)]*\)$/, '') : o.label)) });
    const letter = columnLetter(lists.length - 1);
    return `'${listsName}'!$${letter}$2:$${letter}$${options.length + 1}`;
  };
  const sheet = async (name: string, fields: ImportField[], keyLabel?: string) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const headers = [...(keyLabel ? [keyLabel] : []), ...fields.map((f) => fieldLabel(registry, f, lang, { withTable: false }))];
    ws.addRow(headers).font = { bold: true };
    headers.forEach((h, i) => (ws.getColumn(i + 1).width = Math.min(40, Math.max(12, h.length + 2))));
    for (const [i, f] of fields.entries()) {
      const col = ws.getColumn(i + 1 + (keyLabel ? 1 : 0));
      if (f.kind === 'date') col.numFmt = 'dd.mm.yyyy';
      const range = ['enum', 'ref', 'boolean'].includes(f.kind) ? await listOf(f) : undefined;
      if (range) for (let r = 2; r <= 1000; r++) ws.getCell(r, col.number).dataValidation = { type: 'list', allowBlank: true, formulae: [range], showErrorMessage: false };
    }
  };
  await sheet(t(lang, 'importjob.role.case'), formFields(registry, formId));
  const caseNumber = caseSheetFields(registry).find((f) => f.id === 'tbcase.caseNumber')!;
  for (const def of examTables(registry)) await sheet(sheetNameOf(t(lang, String(def.schema.title))), examFields(registry, def), fieldLabel(registry, caseNumber, lang));
  const ws = wb.addWorksheet(listsName);
  lists.forEach((l, i) => {
    ws.getColumn(i + 1).width = 40;
    ws.getCell(1, i + 1).value = l.title;
    l.values.forEach((v, r) => (ws.getCell(r + 2, i + 1).value = v));
  });
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
