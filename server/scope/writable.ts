import { t } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { Session, Doc } from '../types.ts';
import { fail } from '../http/errors.ts';
import { kysely } from '../db/kysely.ts';
import { TableStore } from '../tbl/store.ts';
import { unitsInView, writerView } from './view.ts';

/**
 * Refuses a document the user may not write in its new state: a row placed by a unit must stay in a
 * unit they may act for (a unit-view doctor cannot register a case in another unit, nor move one
 * there by editing it), and a sub-record's parent must be a row they may change.
 * With `scope.alsoUnit` either unit field may be the writer's (a case transferred out: the unit
 * it leaves names itself there, the new owner unit is another). A sub-record of a parent the user
 * sees but may not change (a case their unit transferred out) is refused with 403, read-only.
 * Reading the old row through the write view (`TableStore.of(…, 'write')`) covers where it was.
 * `linked`: reference fields the caller set to rows it wrote in this transaction as this user (an
 * import's exam → the case its row just registered, in their view): such a parent is not read again.
 * @example await assertWritable(em, registry, registry.table('tbcase'), { ownerUnitId: other, … }, unitDoctor) // throws 400 on ownerUnitId
 */
export async function assertWritable(em: Em, registry: Registry, def: TableDef, doc: Doc, s: Session, linked: string[] = []): Promise<void> {
  const unitKey = def.meta.scope?.unit;
  if (unitKey && typeof doc[unitKey] === 'string') {
    const v = writerView(s);
    const inView = async (unitId: unknown) =>
      typeof unitId !== 'string' ? false
      : v.kind === 'workspace' ? true
      : v.kind === 'unit' ? unitId === v.unitId
      : v.kind === 'area' ? !!(await unitsInView(kysely(em), s.workspaceId, v).where('su.id', '=', unitId).executeTakeFirst())
      : false;
    const also = def.meta.scope?.alsoUnit;
    if (!(await inView(doc[unitKey])) && !(also && (await inView(doc[also])))) throw fail(400, t(s.lang, 'msg.outsideView'), unitKey);
  }
  const parentKey = def.meta.parent;
  if (parentKey && !linked.includes(parentKey)) {
    const parent = registry.table(def.fields.find((f) => f.key === parentKey)!.ref!);
    const parentId = doc[parentKey];
    if (typeof parentId !== 'string' || !(await TableStore.of(registry, parent, em, s, 'write').exists(parentId))) {
      // a parent the user sees but may not change (a case their unit transferred out): read-only, said so
      if (typeof parentId === 'string' && (await TableStore.of(registry, parent, em, s, 'read').exists(parentId))) throw fail(403, t(s.lang, 'msg.readOnlyForYou'), parentKey);
      throw fail(400, t(s.lang, 'msg.outsideView'), parentKey);
    }
  }
}
