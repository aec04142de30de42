/**
 * A mapping of a register's sheets and columns to the declared fields (saved as `importmapping` and
 * reused for the next file of the same layout):
 * ```json
 * { "sheets": [ { "name": "Случаи", "role": "case", "columns": { "Фамилия": "patient.lastName", "Дата рег.": "tbcase.registrationDate" } },
 *               { "name": "Микроскопия", "role": "exammic", "columns": { "№ случая": "key", "Дата": "exammic.date", "Результат": "exammic.result" } } ],
 *   "fixed": { "tbcase.diagnosisType": "CONFIRMED", "tbcase.classification": "TB", "tbcase.ownerUnitId": "<unit id>" },
 *   "values": { "patient.gender": { "м": "MALE", "ж": "FEMALE" } } }
 * ```
 * `role`: `case` (one row a case, at most one such sheet), an exam table (one row an exam, joined to its
 * case by the key column), or null (not imported). `fixed`: values every case gets that no column gives.
 * `values`: the user's matches of file values the server did not recognise.
 */
import { createHash } from 'node:crypto';
import { t, type Lang } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { Registry } from '../../engine/registry.ts';
import { ApiError } from '../../server/http/errors.ts';
import { bundledForm } from '../../server/tbl/forms.ts';
import { notificationForm } from '../notify/variants.ts';
import { caseSheetFields, enumOptions, examFields, examTables, fieldLabel, KEY_FIELD, sheetFields, sheetNameOf, sheetRoles, type ImportField } from './fields.ts';
import { normalize } from './normalize.ts';
import type { ReadSheet } from './files/sheet.ts';

export interface SheetMapping {
  name: string;
  role: string | null;
  columns: Record<string, string>;
}

export interface ImportMapping {
  sheets: SheetMapping[];
  fixed: Record<string, string | number | boolean>;
  values: Record<string, Record<string, string>>;
}

/** The shape of a mapping as a request gives it (checked before {@link checkMapping} reads it). */
export const mappingSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sheets'],
  properties: {
    sheets: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'role', 'columns'],
        properties: {
          name: { type: 'string', maxLength: 255 },
          role: { type: ['string', 'null'], maxLength: 63 },
          columns: { type: 'object', maxProperties: 200, additionalProperties: { type: 'string', maxLength: 100 } },
        },
      },
    },
    fixed: { type: 'object', maxProperties: 100, additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 200 } },
    values: { type: 'object', maxProperties: 200, additionalProperties: { type: 'object', maxProperties: 5000, additionalProperties: { type: 'string', maxLength: 200 } } },
  },
};

/** The fields every case must get, from a column or a fixed value: the case's identity and what every notification form requires. */
export function requiredCaseFields(registry: Registry): string[] {
  const out = new Set(['tbcase.diagnosisType', 'tbcase.classification', 'tbcase.ownerUnitId']);
  let common: Set<string> | undefined;
  for (const d of ['SUSPECT', 'CONFIRMED']) for (const c of ['TB', 'DRTB', 'NTM']) {
    const form = notificationForm(registry, d, c);
    if (!form) continue;
    const b = bundledForm(registry, form).schema;
    const req = new Set(Object.entries(b.properties ?? {}).flatMap(([part, s]) => ((s as JsonSchema).required ?? []).map((k) => `${part}.${k}`)));
    common = common ? new Set([...common].filter((k) => req.has(k))) : req;
  }
  for (const k of common ?? []) out.add(k);
  return [...out];
}

/**
 * Checks a mapping against the file's sheets: every sheet and header it names is in the file, every
 * role and field is declared and fits its sheet, no field twice on a sheet, an exam sheet has its key,
 * one cases' sheet at most, the fields every case needs come from a column or a fixed value, fixed
 * values are values of their fields. 400 with every problem, each on its place in the mapping.
 * @example checkMapping(registry, sheets, mapping, 'ru') // throws ApiError 400 [{ field: 'sheets.0.columns.Пол', msg: '…' }]
 */
export function checkMapping(registry: Registry, sheets: ReadSheet[], m: ImportMapping, lang: Lang): void {
  const errors: { field: string | null; msg: string }[] = [];
  const roles = sheetRoles(registry);
  m.sheets.forEach((s, i) => {
    const sheet = sheets.find((x) => x.name === s.name);
    if (!sheet) return errors.push({ field: `sheets.${i}.name`, msg: t(lang, 'importjob.msg.noSheet', { sheet: s.name }) });
    if (s.role === null) return;
    if (!roles.includes(s.role)) return errors.push({ field: `sheets.${i}.role`, msg: t(lang, 'importjob.msg.badRole') });
    const allowed = new Set(sheetFields(registry, s.role).map((f) => f.id));
    const seen = new Map<string, string>();
    for (const [header, field] of Object.entries(s.columns)) {
      const at = `sheets.${i}.columns.${header}`;
      if (!sheet.headers.includes(header)) errors.push({ field: at, msg: t(lang, 'importjob.msg.noColumn', { column: header }) });
      else if (!allowed.has(field)) errors.push({ field: at, msg: t(lang, 'importjob.msg.badField') });
      else if (seen.has(field)) errors.push({ field: at, msg: t(lang, 'importjob.msg.fieldTwice', { column: seen.get(field) }) });
      seen.set(field, header);
    }
    if (s.role !== 'case' && !seen.has(KEY_FIELD)) errors.push({ field: `sheets.${i}.columns`, msg: t(lang, 'importjob.msg.keyNeeded') });
  });
  const caseSheets = m.sheets.filter((s) => s.role === 'case');
  if (caseSheets.length > 1) errors.push({ field: 'sheets', msg: t(lang, 'importjob.msg.oneCaseSheet') });
  if (!m.sheets.some((s) => s.role)) errors.push({ field: 'sheets', msg: t(lang, 'importjob.msg.noRole') });
  const fields = new Map(caseSheetFields(registry).map((f) => [f.id, f]));
  for (const [id, value] of Object.entries(m.fixed ?? {})) {
    const f = fields.get(id);
    if (!f || id === KEY_FIELD) errors.push({ field: `fixed.${id}`, msg: t(lang, 'importjob.msg.badField') });
    else if (!fixedFits(f, value)) errors.push({ field: `fixed.${id}`, msg: t(lang, 'importjob.msg.badFixed', { value: String(value) }) });
  }
  if (caseSheets.length === 1) {
    const given = new Set([...Object.values(caseSheets[0].columns), ...Object.keys(m.fixed ?? {})]);
    const missing = requiredCaseFields(registry).filter((id) => !given.has(id));
    if (missing.length) errors.push({ field: 'sheets', msg: t(lang, 'importjob.msg.requiredMissing', { fields: missing.map((id) => fieldLabel(registry, fields.get(id)!, lang)).join(', ') }) });
  }
  if (errors.length) throw new ApiError(400, errors);
}

/** Whether a fixed value is a value of its field (an enum's code, an id, a day, yes/no, a number). */
function fixedFits(f: ImportField, v: string | number | boolean): boolean {
  switch (f.kind) {
    case 'enum':
      return enumOptions(f, 'ru').some((o) => o.value === String(v));
    case 'ref':
      return typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    default:
      return typeof v === 'string';
  }
}

/**
 * A first mapping for the file: the first sheet holds the cases, a sheet named like an exam type
 * ('Микроскопия') that exam; each column whose header reads like a field's name in either language
 * (or its id) is mapped to it. With `saved`, a saved mapping is applied instead: its sheets by name
 * (else by position) and its columns by header, the rest left unmapped.
 * @example suggestMapping(registry, sheets) // { sheets: [{ name: 'Лист1', role: 'case', columns: { Фамилия: 'patient.lastName' } }], fixed: {}, values: {} }
 */
export function suggestMapping(registry: Registry, sheets: ReadSheet[], saved?: ImportMapping): ImportMapping {
  if (saved) {
    return {
      sheets: sheets.map((sheet, i) => {
        const s = saved.sheets.find((x) => x.name === sheet.name) ?? saved.sheets[i];
        const columns = Object.fromEntries(Object.entries(s?.columns ?? {}).filter(([h]) => sheet.headers.includes(h)));
        return { name: sheet.name, role: s?.role ?? null, columns };
      }),
      fixed: { ...saved.fixed },
      values: structuredClone(saved.values ?? {}),
    };
  }
  const exams = examTables(registry);
  return {
    sheets: sheets.map((sheet, i) => {
      const byName = exams.find((d) => [d.name, ...(['ru', 'en'] as Lang[]).flatMap((l) => [t(l, String(d.schema.title)), sheetNameOf(t(l, String(d.schema.title)))])].map(normalize).includes(normalize(sheet.name)));
      const role = byName ? byName.name : i === 0 ? 'case' : null;
      const fields = role === 'case' ? caseSheetFields(registry) : byName ? [{ id: KEY_FIELD, kind: 'text' as const }, ...examFields(registry, byName)] : [];
      const names = new Map<string, string>();
      // an exam sheet names its case by the case number (the template's first column)
      const caseNumber = caseSheetFields(registry).find((f) => f.id === 'tbcase.caseNumber');
      if (byName && caseNumber) for (const lang of ['ru', 'en'] as Lang[]) names.set(normalize(fieldLabel(registry, caseNumber, lang)), KEY_FIELD);
      for (const f of fields) {
        for (const lang of ['ru', 'en'] as Lang[]) {
          for (const text of [f.id, fieldLabel(registry, f, lang), fieldLabel(registry, f, lang, { withTable: true }), ...(role === 'case' ? [] : [fieldLabel(registry, f, lang, { withTable: false })])]) if (!names.has(normalize(text))) names.set(normalize(text), f.id);
        }
      }
      const columns: Record<string, string> = {};
      const used = new Set<string>();
      for (const h of sheet.headers) {
        const id = names.get(normalize(h));
        if (id && !used.has(id)) {
          columns[h] = id;
          used.add(id);
        }
      }
      return { name: sheet.name, role, columns };
    }),
    fixed: {},
    values: {},
  };
}

/**
 * The mapping's digest: the dry run records the one it checked, and the run starts only with it.
 * @example mappingDigest(m) // 'a3f…' (64 hex digits)
 */
export function mappingDigest(m: ImportMapping): string {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])])) : Array.isArray(v) ? v.map(canon) : v;
  return createHash('sha256').update(JSON.stringify(canon(m))).digest('hex');
}
