/**
 * Reads what the demo register is planned from: the demo workspace's seeded catalogues (units and
 * the areas they serve, laboratories, regimens, medicines, substances, manual tags), its users with
 * the cases each may write on (their write view and permissions), today and the workspace's WHO
 * definitions.
 */
import { sql, type Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';
import type { DemoCatalogue, DemoRegimen, DemoUser } from './types.ts';

/** Every area id below `id` (itself included), from a parent map. */
function subtree(id: string, children: Map<string, string[]>): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/**
 * The demo catalogue of the workspace.
 * @example const cat = await readCatalogue(kysely(em), workspaceId); cat.units.length // 8
 */
export async function readCatalogue(db: Kysely<Database>, workspaceId: string): Promise<DemoCatalogue> {
  const today = (await sql<{ d: string }>`select current_date::text as d`.execute(db)).rows[0].d;
  const ws = await db.selectFrom('workspace').select('tb_definitions').where('id', '=', workspaceId).executeTakeFirst();
  const areas = await db.selectFrom('adminunit').select(['id', 'parent_id']).where('workspace_id', '=', workspaceId).execute();
  const children = new Map<string, string[]>();
  for (const a of areas) if (a.parent_id) children.set(a.parent_id, [...(children.get(a.parent_id) ?? []), a.id]);
  const unitRows = await db.selectFrom('unit').selectAll().where('workspace_id', '=', workspaceId).where('active', '=', true).orderBy('name').execute();
  const tbUnits = unitRows.filter((u) => u.type === 'TBUNIT');
  const units = tbUnits
    .filter((u) => u.tb_facility || u.drtb_facility || u.ntm_facility)
    .map((u) => ({ id: u.id, name: u.name, areaId: u.address_admin_unit_id, areas: subtree(u.address_admin_unit_id, children), tb: !!u.tb_facility, drtb: !!u.drtb_facility, ntm: !!u.ntm_facility }));
  const labs = unitRows.filter((u) => u.type === 'LAB').map((u) => ({ id: u.id, culture: !!u.perform_culture, dst: !!u.perform_dst }));
  const regimenRows = await db.selectFrom('regimen').select(['id', 'custom_id', 'classification']).where('workspace_id', '=', workspaceId).where('active', '=', true).execute();
  const medicines = await db.selectFrom('regimen_medicines').selectAll().where('parent_id', 'in', regimenRows.length ? regimenRows.map((x) => x.id) : ['00000000-0000-4000-8000-000000000000']).orderBy('idx').execute();
  const regimens = regimenRows.map((x) => ({
    id: x.id, code: x.custom_id ?? '', classification: x.classification as DemoRegimen['classification'],
    medicines: medicines.filter((m) => m.parent_id === x.id).map((m) => ({ productId: m.medicine_id, doseUnit: m.default_dose_unit, frequency: m.default_frequency, iniDay: m.ini_day, days: m.days })),
  }));
  const byShortName = async (table: string) =>
    Object.fromEntries((await kyselyByName(db).selectFrom(table).select(['id', 'short_name']).where('workspace_id', '=', workspaceId).execute()).map((x) => [x.short_name, x.id]));
  const tags = Object.fromEntries((await db.selectFrom('tag').select(['id', 'name']).where('workspace_id', '=', workspaceId).where('auto_generated', '=', false).execute()).map((x) => [x.name, x.id]));
  return { workspaceId, today, definitions: ws?.tb_definitions === 'WHO2013' ? 'WHO2013' : 'WHO2021', units, labs, regimens, products: await byShortName('product'), substances: await byShortName('substance'), users: await readUsers(db, workspaceId, tbUnits.map((u) => ({ id: u.id, areas: subtree(u.address_admin_unit_id, children) }))), tags };
}

/** The workspace's active users, each with the units whose cases they may write on. */
async function readUsers(db: Kysely<Database>, workspaceId: string, units: { id: string; areas: string[] }[]): Promise<DemoUser[]> {
  const rows = await db
    .selectFrom('userws as w')
    .innerJoin('sysuser as u', 'u.id', 'w.user_id')
    .select(['u.id', 'u.login', 'w.unit_id', 'w.view', 'w.play_other_units', 'w.administrator'])
    .select((eb) => eb.selectFrom('userws_profiles as p').innerJoin('userprofile_permissions as pp', 'pp.parent_id', 'p.value_id').whereRef('p.parent_id', '=', 'w.id').select(sql<string[]>`array_agg(distinct pp.permission)`.as('x')).as('permissions'))
    .where('w.workspace_id', '=', workspaceId)
    .where('u.active', '=', true)
    .orderBy('u.login')
    .execute();
  return rows.map((w) => {
    const own = units.find((u) => u.id === w.unit_id);
    const wide = w.administrator || w.play_other_units;
    const writesFor = !wide ? [w.unit_id]
      : w.administrator || w.view === 'WORKSPACE' ? units.map((u) => u.id)
      : w.view === 'ADMINUNIT' && own ? units.filter((u) => own.areas.includes(u.areas[0])).map((u) => u.id)
      : [w.unit_id];
    const has = (p: string) => w.administrator || (w.permissions ?? []).includes(p);
    return { id: w.id, login: w.login, unitId: w.unit_id, writesFor, comments: has('CASE_COMMENTS'), raises: has('NEW_ISSUE'), answers: has('ANSWER_ISSUE') };
  });
}
