/**
 * `POST /api/tbl/<form>/save`: a composed form (`x-form.parts`, e.g. the new notification = patient
 * + case) saved in one transaction through the generic writer, each part with its own permission
 * (its table's write permission: `x-table.write`, else `<permission>_EDT`), validation, hooks, row scope, change log and history entry;
 * one part refused ⇒ nothing stored. A part's reference to another part (the case's `patientId`) is
 * filled by the server.
 *
 * Body: the form's document (`{patient: {…}, tbcase: {…}}`, checked against the bundled form first:
 * only the fields the form shows), plus `id` — the main part's row when editing a loaded document
 * (`POST …/form {id}` gives it) — and `versions` (`{tbcase: 3}`: a part changed since is 409).
 * Answer: `{success, result: <main id>, ids: {<part>: id}}`. Errors name fields as `<part>.<field>`.
 *
 * @example POST /api/tbl/newnotif_tb/save {patient: {name: 'Айгуль', gender: 'FEMALE'}, tbcase: {registrationDate: '2026-11-23', …}}
 *   ⇒ {success: true, result: '<case id>', ids: {patient: '…', tbcase: '…'}}
 */
import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import { writePermission } from '../../engine/write-permission.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Session, Doc } from '../types.ts';
import { defineRoute, type DeclaredRoute } from '../http/define-route.ts';
import { ApiError, fail, isUuid } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';
import { bundledForm, formPlan, formRows, formSchemaFor, type FormMeta, type FormPart, type FormPlan } from './forms.ts';
import { writeTransaction } from './retry.ts';
import { TableWriter } from './write.ts';

/** The route of the file's opening comment. */
export const formSaveRoute = (ctx: AppContext): DeclaredRoute => defineRoute({
  method: 'POST',
  path: '/api/tbl/:table/save',
  rule: { kind: 'formSave' },
  summary: "A composed form's parts saved in one transaction (its permission and each part's write permission)",
  handler: async (c) => {
    const s = c.get('session');
    const schema = formSchemaFor(ctx, c);
    if (!schema) throw fail(404, t(s.lang, 'msg.unknownTable'));
    const plan = formPlan(ctx.registry, schema);
    // a form without parts (an action's input: schemas/forms/case_close.json) is saved by its action's route
    if (!plan.parts.length) throw fail(404, t(s.lang, 'msg.notFound'));
    const { id, versions, ...doc } = await jsonBody(c);
    // each part's write permission as its table declares it (x-table.write, else <permission>_EDT)
    for (const p of plan.parts) assertPermission(s, writePermission(p.def.meta, id === undefined ? 'create' : 'update'));
    const ids = await saveForm(ctx, schema, s, doc, { id, versions });
    return c.json({ success: true, result: ids[plan.main ?? plan.parts.at(-1)!.prop], ids });
  },
});

/**
 * Checks a composed form's document against the form (its picked fields, required ones and
 * conditions) and saves its parts in one transaction — what `POST /api/tbl/<form>/save` does after
 * its permission checks, for a domain route that guards a form by its own rule (the case data
 * tab's edit: NEWCASE / NEWSUSP by diagnosis type). `id`: the main part's row to update.
 * @example await saveForm(ctx, registry.schemas.get('newnotif_tb')!, session, {patient, tbcase}, { id: caseId }) // {patient: '…', tbcase: caseId}
 */
export async function saveForm(ctx: AppContext, schema: EntitySchemaFile, s: Session, doc: Doc, o: { id?: unknown; versions?: unknown } = {}): Promise<Record<string, string>> {
  const { id, versions } = o;
  if (id !== undefined && !isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
  if (versions !== undefined && (!versions || typeof versions !== 'object' || Array.isArray(versions))) throw fail(400, t(s.lang, 'msg.badJson'), 'versions');
  // the form's own rules first: its picked fields only, its required ones, its conditions
  const form = bundledForm(ctx.registry, schema).schema;
  dropHidden(form, doc);
  // a field sent as null is one the user emptied: checked as missing, emptied by its part's write
  const errors = ctx.validators.validate(`form:${schema.$id}`, form, withoutNulls(doc), s.lang);
  if (errors.length) throw new ApiError(400, errors);
  const values = ((schema['x-form'] as FormMeta | undefined)?.values ?? {}) as Record<string, Doc>;
  return saveParts(ctx, formPlan(ctx.registry, schema), s, doc, { id: (id as string | undefined)?.toLowerCase(), versions: (versions ?? {}) as Record<string, unknown>, values });
}

/**
 * Saves every part in one transaction: existing rows (named through the main part's `id`) updated, the
 * others created with `values` under them. `existing` names rows of parts that are already there
 * without the main one (the patient chosen for a new notification): the new parts link to them and
 * are written first, then those rows are updated (so a row the user reaches only through the new one —
 * a patient of another unit — is in their view by then). Parts named in `linkOnly` are existing rows
 * the new ones only link to: they are not written (a patient the user could not change before).
 * @example await saveParts(ctx, plan, s, {patient, tbcase}, { versions: {}, values: {tbcase: {ownerUnitId}}, existing: {patient: patientId} }) // {patient, tbcase: newId}
 */
export async function saveParts(ctx: AppContext, plan: FormPlan, s: Session, doc: Doc, o: { id?: string; versions: Record<string, unknown>; values: Record<string, Doc>; existing?: Record<string, string>; linkOnly?: string[]; within?: Em; undoneByCaller?: boolean; derived?: Record<string, Doc> }): Promise<Record<string, string>> {
  let current: FormPart | undefined;
  try {
    // inside a caller's transaction (an import's row): a savepoint of it — or none when the caller's own
    // savepoint is undone on any refusal (`undoneByCaller`: an import's row, one savepoint a row)
    // a transaction of its own is run again when the database aborts it as a deadlock's victim (./retry.ts)
    const inTransaction = (work: (em: Em) => Promise<Record<string, string>>) =>
      o.within ? (o.undoneByCaller ? work(o.within) : o.within.transactional(work)) : writeTransaction(ctx, work, `form ${plan.parts.map((p) => p.prop).join('+')} save`);
    return await inTransaction(async (em: Em) => {
      const ids: Record<string, string> = { ...o.existing };
      const later = plan.parts.filter((p) => o.existing?.[p.prop]);
      if (o.id) {
        const rows = await formRows(em, ctx, plan, s, o.id, 'write');
        // seen but not the user's to change (a case their unit transferred out): read-only, said so
        if (!rows) throw (await formRows(em, ctx, plan, s, o.id, 'read')) ? fail(403, t(s.lang, 'msg.readOnlyForYou'), 'id') : fail(404, t(s.lang, 'msg.notFound'), 'id');
        for (const [prop, row] of Object.entries(rows)) ids[prop] = row.id;
      }
      for (const part of [...plan.parts.filter((p) => !later.includes(p)), ...later]) {
        if (o.linkOnly?.includes(part.prop)) continue;
        current = part;
        const writer = new TableWriter(ctx, part.def, s);
        const input: Doc = { ...(doc[part.prop] as Doc) };
        for (const l of part.links) input[l.field.key] = ids[l.to];
        if (ids[part.prop]) {
          const version = o.versions[part.prop];
          await writer.update(ids[part.prop], version === undefined ? input : { ...input, version }, { within: em, edit: true });
        } else {
          ids[part.prop] = await writer.create({ ...o.values[part.prop], ...input }, undefined, em, { linked: part.links.map((l) => l.field.key), derived: o.derived?.[part.prop] });
        }
      }
      current = undefined;
      return ids;
    });
  } catch (e) {
    if (!current) throw e;
    const err = e instanceof ApiError ? e : new TableWriter(ctx, current.def, s).constraintError(e);
    if (!err) throw e;
    const prop = current.prop;
    throw new ApiError(err.status, err.errors.map((x) => ({ ...x, field: x.field ? `${prop}.${x.field}` : prop })), err.result);
  }
}

/** The document without its fields sent as null (list items kept as they are). */
function withoutNulls(doc: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(doc)) {
    if (v === null) continue;
    out[k] = typeof v === 'object' && !Array.isArray(v) ? withoutNulls(v as Doc) : v;
  }
  return out;
}
