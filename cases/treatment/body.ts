import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { bundledForm } from '../../server/tbl/forms.ts';

/**
 * Checks a treatment call's body against its form schema (`schemas/forms/treatstart_standard.json`, …: the
 * dialogs render the same file) — ajv with the same messages as every form — after taking out the
 * ids that name what is changed (`caseId`, `prescriptionId`), which must be uuids.
 * @example const { ids, doc } = checkBody<PrescriptionAdd>(ctx, s, 'prescription_add', body, ['caseId'])
 */
export function checkBody<T extends object>(ctx: AppContext, s: Session, form: string, body: object, idKeys: string[]): { ids: Record<string, string>; doc: T } {
  const { schema } = bundledForm(ctx.registry, ctx.registry.schemas.get(form) as EntitySchemaFile);
  const ids: Record<string, string> = {};
  const doc: Record<string, unknown> = { ...body };
  for (const k of idKeys) {
    if (!isUuid(doc[k])) throw fail(400, t(s.lang, doc[k] === undefined ? 'msg.required' : 'msg.badId'), k);
    ids[k] = String(doc[k]).toLowerCase();
    delete doc[k];
  }
  dropHidden(schema, doc);
  const errors = ctx.validators.validate(`form:${form}`, schema, doc, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  return { ids, doc: doc as T };
}
