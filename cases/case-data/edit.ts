/**
 * The case data tab's edit dialog:
 * - `GET /api/cases/case/edit/form/{caseId}`: the remote form to edit the case and its patient —
 *   the case's notification form (forms.ts) loaded by the case's id (`{doc: {patient, tbcase},
 *   schema, resources: {form: {ids, versions}}}`);
 * - `POST /api/cases/case/edit/save {doc, caseId, patientId, versions?}`: both parts saved in one
 *   transaction through the table writer (validation, row scope, change log, one history entry
 *   per changed part); errors as `{errors: [{field: 'tbcase.registrationDate', msg}]}`, nothing
 *   stored then.
 * Both need CASEMAN and the form's permission (NEWCASE for a confirmed case, NEWSUSP for a
 * presumptive one); saving also needs the case in the session's write view (404 otherwise).
 *
 * @example POST /api/cases/case/edit/save {caseId, patientId, doc: {patient: {name: 'Асель', gender: 'FEMALE'}, tbcase: {registrationDate: '2025-01-10', …}}} ⇒ {success: true, result: caseId}
 */
import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission, hasPermission } from '../../server/http/middleware.ts';
import { saveForm } from '../../server/tbl/form-save.ts';
import { remoteForm } from '../../server/tbl/forms.ts';
import { editFormOf, readCase } from './forms.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/** Editing any case needs CASEMAN and NEWCASE or NEWSUSP (then the case's own form says which). */
function assertMayEdit(s: Session): void {
  assertPermission(s, 'CASEMAN');
  if (!hasPermission(s, 'NEWCASE')) assertPermission(s, 'NEWSUSP');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function caseEditRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/cases/case/edit/form/:caseId', rule: rule.perm('NEWCASE', 'NEWSUSP'), summary: "The case data tab's edit form with the case's values", handler: async (c) => {
    const s = c.get('session');
    assertMayEdit(s);
    const caseId = c.req.param('caseId');
    if (!isUuid(caseId)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
    const form = editFormOf(ctx, await readCase(ctx.orm.em.fork(), ctx, s, caseId.toLowerCase()));
    assertPermission(s, form.permission);
    return c.json(await remoteForm(form.schema, ctx, c, { id: caseId }));
  } }),

  defineRoute({ method: 'POST', path: '/api/cases/case/edit/save', rule: rule.perm('NEWCASE', 'NEWSUSP'), summary: "Saves the case data tab's edit (patient and case parts)", handler: async (c) => {
    const s = c.get('session');
    assertMayEdit(s);
    const { doc, caseId, patientId, versions, ...rest } = await jsonBody(c);
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw fail(400, t(s.lang, 'msg.unknownField'), extra);
    if (!isUuid(caseId)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
    if (!isObject(doc)) throw fail(400, t(s.lang, 'msg.badJson'), 'doc');
    const row = await readCase(ctx.orm.em.fork(), ctx, s, caseId.toLowerCase());
    const form = editFormOf(ctx, row);
    assertPermission(s, form.permission);
    // the patient named must be the case's own: the form never moves a case to another patient
    if (patientId !== undefined && (!isUuid(patientId) || patientId.toLowerCase() !== row.patientId)) throw fail(400, t(s.lang, 'msg.badId'), 'patientId');
    await saveForm(ctx, form.schema, s, doc, { id: row.id, versions });
    return c.json({ success: true, result: row.id });
  } }),
  ];
}
