/**
 * The area tree 'Распределение осуществляемых случаев': a node is
 * the workspace, an area or a unit with its open cases by group; children load lazily. Only units in
 * the reader's view count, and a limited view lists only the places holding some of its units.
 */
import type { Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';
import type { Session } from '../../server/types.ts';
import { seesWholeWorkspace } from '../../server/scope/view.ts';
import { nodeCounts, placeCounts, type NodeCounts } from './counts.ts';
import { unitsWhere } from './place.ts';

export interface TreeNode {
  id: string;
  name: string;
  /** `WORKSPACE` is the root of a whole workspace; `ADMINUNIT` an area. */
  type: 'WORKSPACE' | 'ADMINUNIT' | 'UNIT';
  /** For a unit: TBUNIT or LAB (its icon). */
  unitType?: string;
  hasChildren: boolean;
  suspectCount: number;
  tbCount: number;
  drtbCount: number;
  ntmCount: number;
}

const node = (id: string, name: string, type: TreeNode['type'], c: NodeCounts | undefined, hasChildren: boolean, unitType?: string): TreeNode => ({
  id,
  name,
  type,
  ...(unitType ? { unitType } : {}),
  hasChildren,
  suspectCount: c?.suspect ?? 0,
  tbCount: c?.tb ?? 0,
  drtbCount: c?.drtb ?? 0,
  ntmCount: c?.ntm ?? 0,
});

/**
 * The root node: the area named (its subtree), or the whole workspace.
 * @example await rootNode(db, s) // { id: <workspace>, type: 'WORKSPACE', tbCount: 512, hasChildren: true, … }
 */
export async function rootNode(db: Kysely<Database>, s: Session, areaId?: string): Promise<TreeNode | undefined> {
  if (areaId) {
    const area = await db.selectFrom('adminunit').select(['id', 'name']).where('id', '=', areaId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
    if (!area) return undefined;
    const c = (await nodeCounts(db, s, [areaId], [])).get(areaId);
    const whole = seesWholeWorkspace(s);
    const has = whole ? (await childRows(db, s, areaId)).length > 0 : (c?.units ?? 0) > 0;
    return node(areaId, area.name as string, 'ADMINUNIT', c, has);
  }
  const c = await placeCounts(db, s, { kind: 'workspace' });
  const has = (await childRows(db, s, s.workspaceId)).length > 0;
  return node(s.workspaceId, s.workspaceName, 'WORKSPACE', { suspect: c.suspect, tb: c.tb, drtb: c.drtb, ntm: c.ntm, units: 0 }, has);
}

/** The areas and units directly under a parent (the workspace id: the top areas), by name. */
async function childRows(db: Kysely<Database>, s: Session, parentId: string) {
  const top = parentId === s.workspaceId;
  let areas = db.selectFrom('adminunit').select(['id', 'name']).where('workspace_id', '=', s.workspaceId);
  areas = top ? areas.where('parent_id', 'is', null) : areas.where('parent_id', '=', parentId);
  const areaRows = await areas.orderBy('name').execute();
  const unitRows = top
    ? []
    : await (() => {
        let q = db.selectFrom('unit as u').select(['u.id', 'u.name', 'u.type']).where('u.workspace_id', '=', s.workspaceId).where('u.address_admin_unit_id', '=', parentId);
        const w = unitsWhere(db, s, { kind: 'workspace' }, 'u.id');
        if (w) q = q.where(w);
        return q.orderBy('u.name').execute();
      })();
  return [...areaRows.map((r) => ({ ...r, kind: 'area' as const })), ...unitRows.map((r) => ({ ...r, kind: 'unit' as const }))];
}

/**
 * The children of a node: its areas (then its units), each with its counts; for a limited view only
 * the places holding units in it.
 * @example await childNodes(db, s, areaId) // [{ type: 'ADMINUNIT', name: 'Бишкек', … }, { type: 'UNIT', … }]
 */
export async function childNodes(db: Kysely<Database>, s: Session, parentId: string): Promise<TreeNode[]> {
  const rows = await childRows(db, s, parentId);
  const areaIds = rows.filter((r) => r.kind === 'area').map((r) => r.id as string);
  const unitIds = rows.filter((r) => r.kind === 'unit').map((r) => r.id as string);
  const counts = await nodeCounts(db, s, areaIds, unitIds);
  const whole = seesWholeWorkspace(s);
  const parents = whole ? await areasHolding(db, s, 'adminunit', 'parent_id', areaIds) : new Set<string>();
  const withUnits = whole ? await areasHolding(db, s, 'unit', 'address_admin_unit_id', areaIds) : new Set<string>();
  const out: TreeNode[] = [];
  for (const r of rows) {
    const c = counts.get(r.id as string);
    if (r.kind === 'unit') out.push(node(r.id as string, r.name as string, 'UNIT', c, false, r.type as string));
    else if (whole) out.push(node(r.id as string, r.name as string, 'ADMINUNIT', c, parents.has(r.id as string) || withUnits.has(r.id as string)));
    else if ((c?.units ?? 0) > 0) out.push(node(r.id as string, r.name as string, 'ADMINUNIT', c, true));
  }
  return out;
}

/** The areas among `ids` that some row of `table` names in `column` (a child area, a unit of their own). */
async function areasHolding(db: Kysely<Database>, s: Session, table: string, column: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await kyselyByName(db).selectFrom(table).select(`${column} as id`).distinct().where('workspace_id', '=', s.workspaceId).where(column, 'in', ids).execute();
  return new Set(rows.map((r) => r.id as string));
}
