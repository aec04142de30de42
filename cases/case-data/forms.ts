import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Row, Session } from '../../server/types.ts';
import type { Tbcase } from '../../engine/generated/index.ts';
import { fail } from '../../server/http/errors.ts';
import type { FormMeta } from '../../server/tbl/forms.ts';
import { TableStore } from '../../server/tbl/store.ts';

/**
 * The form a case's data is edited with: the notification form of its diagnosis type and
 * classification (`schemas/forms/newnotif_*.json`, variants of one another), so what was notified is
 * what can be corrected, declared once.
 * @example editFormName({ diagnosisType: 'SUSPECT', classification: 'DRTB' }) // 'newnotif_suspect_drtb'
 */
export function editFormName(tbcase: Partial<Pick<Tbcase, 'diagnosisType' | 'classification'>>): string {
  const cla = String(tbcase.classification ?? 'TB').toLowerCase();
  return `newnotif_${tbcase.diagnosisType === 'SUSPECT' ? 'suspect_' : ''}${cla}`;
}

/**
 * The case as the session reads it (workspace, view; CASEMAN asked by the caller), or 404 on `caseId`.
 * @example const row = await readCase(em, ctx, session, caseId)
 */
export async function readCase(em: Em, ctx: AppContext, s: Session, caseId: string): Promise<Row<Tbcase>> {
  const row = await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, 'read').read<Tbcase>(caseId);
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
  return row;
}

/**
 * The edit form of a case and the permission it needs (its `x-form.permission`: NEWCASE for a
 * confirmed case, NEWSUSP for a presumptive one — who may notify such a case may correct it).
 * @example editFormOf(ctx, row) // { schema: <newnotif_tb>, permission: 'NEWCASE' }
 */
export function editFormOf(ctx: AppContext, row: Partial<Pick<Tbcase, 'diagnosisType' | 'classification'>> & { id?: string }): { schema: EntitySchemaFile; permission?: string } {
  const schema = ctx.registry.schemas.get(editFormName(row));
  if (!schema) throw new Error(`no edit form for case ${String(row.id)} (${editFormName(row)})`);
  return { schema, permission: (schema['x-form'] as FormMeta | undefined)?.permission };
}
