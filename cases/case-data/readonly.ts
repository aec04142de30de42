/**
 * `GET /api/tbl/case/form/readonly/{caseId}`: the case data tab's read-only form —
 * `schemas/forms/casedata.json` (the patient and the case's registration data) loaded by the case's id,
 * plus `views: {patient, tbcase}`: each part's shown, non-empty fields as `[{title, value}]` in the
 * reader's language (enum texts, Да/Нет, units by name, dates as the UI writes them, fields
 * hidden by their conditions left out), and `resources.canEdit`: whether the session may open the edit dialog (the case's
 * notification form's permission, cases/case-data/edit.ts, and the case in the write view). Needs CASEMAN; 404 outside the view.
 *
 * @example GET /api/tbl/case/form/readonly/4f0c… ⇒ {doc: {patient, tbcase}, schema, resources: {readOnly: true, canEdit: true, …}, views: {patient: [{title: 'Фамилия', value: 'Токтогулова'}, …], tbcase: […]}}
 */
import { t } from '../../engine/i18n.ts';
import { dropHidden } from '../../engine/visibility.ts';
import { describeDoc } from '../../server/history/describe.ts';
import type { Casedata } from '../../engine/generated/index.ts';
import type { AppContext } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { formPlan, remoteForm } from '../../server/tbl/forms.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { editFormOf } from './forms.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/** A stored date as the UI writes it (dayjs `L`): `20.11.1979` in Russian, `11/20/1979` in English. */
const localDate = (iso: string, lang: string) => {
  const [y, m, d] = iso.split('-');
  return lang === 'en' ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
};

export function caseReadonlyRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/tbl/case/form/readonly/:caseId', rule: rule.perm('CASEMAN'), summary: "The case data tab's read-only form", handler: async (c) => {
    const s = c.get('session');
    const caseId = c.req.param('caseId');
    if (!isUuid(caseId)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
    const schema = ctx.registry.schemas.get('casedata')!;
    const form = await remoteForm(schema, ctx, c, { id: caseId });
    const em = ctx.orm.em.fork();
    const views: Record<string, unknown> = {};
    for (const part of formPlan(ctx.registry, schema).parts) {
      const doc = (form.doc as Casedata)[part.prop as keyof Casedata];
      if (!doc) continue;
      // only the fields the form picks, named as the command history names them
      const def = { ...part.def, fields: part.def.fields.filter((f) => part.fields.includes(f.path[0])), children: [] };
      const shown: Record<string, unknown> = dropHidden(part.def.schema, { ...doc });
      for (const f of def.fields) if (f.schema.format === 'date' && typeof shown[f.key] === 'string') shown[f.key] = localDate(shown[f.key] as string, s.lang);
      views[part.prop] = (await describeDoc(em, def, shown, s.lang)).items ?? [];
    }
    const row = { ...(form.doc as Casedata).tbcase, id: caseId };
    // the form's permission, and the case within the session's write view (its own unit without playOtherUnits)
    const canEdit =
      hasPermission(s, editFormOf(ctx, row).permission ?? 'CASEMAN') &&
      !!(await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, 'write').read(caseId.toLowerCase()));
    return c.json({ ...form, resources: { ...form.resources, readOnly: true, canEdit }, views });
  } }),
  ];
}
