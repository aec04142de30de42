import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { AppContext, Session, Doc } from '../../server/types.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { bundledForm } from '../../server/tbl/forms.ts';

/**
 * Checks a treatment call's body against its form schema (`schemas/forms/treatstart_standard.json`, …: the
 * dialogs render the same file) — ajv with the same messages as every form — after taking out the
 * ids that name what is changed (`caseId`, `prescriptionId`), which must be uuids.
 * @example const { ids, doc } = checkBody(ctx, s, 'prescription_add', body, ['caseId'])
 */
export function checkBody(ctx: AppContext, s: Session, form: string, body: Doc, idKeys: string[]): { ids: Record<string, string>; doc: Doc } {
  const { schema } = bundledForm(ctx.registry, ctx.registry.schemas.get(form) as EntitySchemaFile);
  const ids: Record<string, string> = {};
  const doc: Doc = { ...body };
  for (const k of idKeys) {
    if (!isUuid(doc[k])) throw fail(400, t(s.lang, doc[k] === undefined ? 'msg.required' : 'msg.badId'), k);
    ids[k] = String(doc[k]).toLowerCase();
    delete doc[k];
  }
  dropHidden(schema, doc);
  const errors = ctx.validators.validate(`form:${form}`, schema, doc, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  return { ids, doc };
}
