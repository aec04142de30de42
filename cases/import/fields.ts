/**
 * The fields a register's columns can be mapped to, derived from the schemas (nothing listed by hand
 * but the workflow facts' order): on the cases' sheet, the patient's fields and the case's as the
 * notification forms show them (`schemas/forms/newnotif_*.json`, their `x-pick`s together), the case's
 * diagnosis type, classification and unit, the workflow facts a register carries (validated, the
 * treatment's start and regimen, the outcome and its date) and, for an exam done at registration, each
 * follow-up exam table's fields (`x-table.followup`); on an exam sheet, the case key and that exam's
 * fields. A new exam file or a field added to a notification form is offered without code.
 */
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import { formPlan } from '../../server/tbl/forms.ts';
import { notificationForm } from '../notify/variants.ts';

/** What a cell must turn into for the field. */
export type FieldKind = 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'enum' | 'ref';

export interface ImportField {
  /** `patient.lastName`, `tbcase.registrationDate`, `exammic.result`, `treatment.regimenId`, `key`. */
  id: string;
  /** The table written (`patient`, `tbcase`, `treatment`, an exam table), none for the key. */
  table?: string;
  /** The table's field (its path, type, enum, reference). */
  field?: Field;
  kind: FieldKind;
}

/** The case key: what ties an exam sheet's row to its case (else the case number). */
export const KEY_FIELD = 'key';

/** The case's workflow facts a register carries, each changed by its declared action (validate, start treatment, close). */
export const WORKFLOW_FIELDS = ['validated', 'iniTreatmentDate', 'outcome', 'outcomeDate', 'otherOutcome'];
/** What names the notification form of a case and where it is registered. */
const CASE_IDENTITY = ['diagnosisType', 'classification', 'ownerUnitId'];

const DIAGNOSIS = [['SUSPECT', 'CONFIRMED'], ['TB', 'DRTB', 'NTM']];

/** The kind a declared field's values are. */
export function kindOf(f: Field): FieldKind {
  if (f.ref) return 'ref';
  if (Array.isArray(f.schema.enum)) return 'enum';
  if (f.format === 'date') return 'date';
  if (f.type === 'boolean' || f.type === 'integer' || f.type === 'number') return f.type as FieldKind;
  return 'text';
}

/** A table's fields a user types (not system, hidden, read-only, derived or an array's). */
const typed = (def: TableDef, except: string[] = []) => def.fields.filter((f) => !f.hidden && !f.readonly && f.kind !== 'none' && f.kind !== 'via' && f.kind !== 'json' && !except.includes(f.key));

const of = (def: TableDef, f: Field): ImportField => ({ id: `${def.name}.${f.key}`, table: def.name, field: f, kind: kindOf(f) });

/** The follow-up exam tables, in schema-file order. */
export const examTables = (registry: Registry): TableDef[] => [...registry.tables.values()].filter((d) => d.meta.followup && d.meta.parent);

/** An exam table's fields (not its case). */
export const examFields = (registry: Registry, def: TableDef): ImportField[] => typed(def, [def.meta.parent!]).map((f) => of(def, f));

const cache = new WeakMap<Registry, ImportField[]>();

/**
 * Every field of the cases' sheet, in the forms' order: the key, the patient, the case, its workflow
 * facts and treatment regimen, then each exam's fields.
 * @example caseSheetFields(registry).map((f) => f.id) // ['key', 'patient.name', …, 'tbcase.registrationDate', …, 'treatment.regimenId', 'exammic.date', …]
 */
export function caseSheetFields(registry: Registry): ImportField[] {
  const found = cache.get(registry);
  if (found) return found;
  const patient = registry.table('patient');
  const tbcase = registry.table('tbcase');
  const picked = new Set<string>();
  for (const d of DIAGNOSIS[0]) for (const c of DIAGNOSIS[1]) {
    const form = notificationForm(registry, d, c);
    for (const part of form ? formPlan(registry, form).parts : []) if (part.def.name === 'tbcase') part.fields.forEach((k) => picked.add(k));
  }
  const caseKeys = [...CASE_IDENTITY, ...[...picked].filter((k) => !CASE_IDENTITY.includes(k)), ...WORKFLOW_FIELDS];
  const caseFields = caseKeys.map((k) => tbcase.fields.find((f) => f.key === k)).filter((f): f is Field => !!f);
  const regimen = registry.table('treatment').fields.find((f) => f.key === 'regimenId')!;
  const out: ImportField[] = [
    { id: KEY_FIELD, kind: 'text' },
    ...typed(patient).map((f) => of(patient, f)),
    ...caseFields.map((f) => of(tbcase, f)),
    of(registry.table('treatment'), regimen),
    ...examTables(registry).flatMap((d) => examFields(registry, d)),
  ];
  cache.set(registry, out);
  return out;
}

/**
 * The fields of a sheet of the given role: the cases' sheet's, or the key and an exam table's.
 * @example sheetFields(registry, 'examcul').map((f) => f.id) // ['key', 'examcul.date', 'examcul.sampleNumber', …]
 */
export function sheetFields(registry: Registry, role: string): ImportField[] {
  if (role === 'case') return caseSheetFields(registry);
  const def = examTables(registry).find((d) => d.name === role);
  return def ? [{ id: KEY_FIELD, kind: 'text' }, ...examFields(registry, def)] : [];
}

/** The roles a sheet may have: the cases, or one exam table each. */
export const sheetRoles = (registry: Registry): string[] => ['case', ...examTables(registry).map((d) => d.name)];

/**
 * A field's name for people: its title, after its table's for an exam ('Микроскопия: Результат');
 * the key 'Ключ случая'.
 * @example fieldLabel(registry, field, 'ru') // 'Дата регистрации'
 */
export function fieldLabel(registry: Registry, f: ImportField, lang: Lang, opts: { withTable?: boolean } = {}): string {
  if (f.id === KEY_FIELD) return t(lang, 'importjob.field.key');
  const own = t(lang, f.field?.title ?? f.id);
  if (f.table === 'treatment') return t(lang, 'importjob.field.regimen');
  const def = registry.table(f.table!);
  const withTable = opts.withTable ?? !!def.meta.followup;
  return withTable ? `${t(lang, String(def.schema.title))}: ${own}` : own;
}

/**
 * The name of a sheet for a title, as Excel takes it (at most 31 characters, none of `[]:*?/\`): the
 * title, else its abbreviation in brackets ('ТЛЧ'), else the words of it that fit.
 * @example sheetNameOf('Тест на лекарственную чувствительность (ТЛЧ)') // 'ТЛЧ'
 * @example sheetNameOf('Xpert MTB/RIF') // 'Xpert MTB RIF'
 */
export function sheetNameOf(title: string): string {
  const clean = (x: string) => x.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim();
  const whole = clean(title);
  if (whole.length <= 31) return whole;
  const abbr = /\(([^()]{1,31})\)\s*$/.exec(title)?.[1];
  if (abbr) return clean(abbr);
  let out = '';
  for (const w of whole.split(' ')) if (`${out} ${w}`.trim().length <= 31) out = `${out} ${w}`.trim(); else break;
  return out || whole.slice(0, 31);
}

/** A field's values offered to match against (an enum's codes and labels). */
export function enumOptions(f: ImportField, lang: Lang): { value: string; label: string }[] {
  const values = (f.field?.schema.enum ?? []) as unknown[];
  const prefix = f.field?.schema['x-enum'] as string | undefined;
  return values.map((v) => ({ value: String(v), label: prefix ? t(lang, `${prefix}.${v}`) : String(v) }));
}
