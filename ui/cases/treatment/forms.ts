/**
 * The treatment dialogs' forms: each is a form schema the server declares (`TREATMENT_FORMS`,
 * `POST /api/tbl/<name>/form`), loaded with the dialog's starting values; in client mode the
 * treatment-unit field is left out. The end-date rule is checked in the browser
 * too: 'Дата окончания не может предшествовать дате начала'.
 *
 * @example
 *   loadTreatmentForm('prescription_edit', { values: { iniDate: '2026-03-01' } })
 *   endBeforeIni({ iniDate: '2026-03-05', endDate: '2026-03-01' }) // [{ field: 'endDate', msg: END_BEFORE_INI }]
 */
import { tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';

/** The message key of an end date before the start. */
export const END_BEFORE_INI = 'treatment.endBeforeIni';

/** The error of an end date (`end` field) before the start (the `ini` field's value, or `ini` given as a date). */
export function endBeforeIni(doc: Doc, opts: { iniField?: string; endField?: string; ini?: string } = {}): FieldError[] {
  const { iniField = 'iniDate', endField = 'endDate' } = opts;
  const ini = opts.ini ?? doc[iniField];
  const end = doc[endField];
  if (typeof ini !== 'string' || typeof end !== 'string' || !ini || !end) return [];
  return end.slice(0, 10) < ini.slice(0, 10) ? [{ field: endField, msg: END_BEFORE_INI }] : [];
}

/** A form schema without one of its fields (the treatment unit in client mode). */
export function withoutField(schema: Record<string, unknown>, field: string): Record<string, unknown> {
  const props = { ...((schema.properties as Record<string, unknown>) ?? {}) };
  delete props[field];
  const required = Array.isArray(schema.required) ? schema.required.filter((f) => f !== field) : schema.required;
  return { ...schema, properties: props, ...(required ? { required } : {}) };
}

/** Loads a treatment form with `values` over the server's document; `dropUnit` leaves `unitId` out. */
export async function loadTreatmentForm(name: string, opts: { values?: Doc; dropUnit?: boolean; id?: string } = {}): Promise<RemoteForm> {
  const form = await tableApi.form(name, opts.id);
  const doc = { ...(form.doc ?? {}), ...(opts.values ?? {}) };
  if (!opts.dropUnit) return { ...form, doc };
  delete doc.unitId;
  return { ...form, doc, schema: withoutField(form.schema, 'unitId') };
}
