import type { AppContext } from '../server/types.ts';
import { kysely, type Database } from '../server/db/kysely.ts';
import { demoWorkspaceName } from '../catalogues/demo/seed.ts';
import { refreshWorkspaceTags } from './auto-tags/index.ts';
import { readCatalogue } from './demo/catalogue.ts';
import { insertRegister } from './demo/insert.ts';
import { planRegister } from './demo/plan.ts';
import { planHandTreatments, type UntreatedCase } from './demo/hand-cases.ts';
import { Random } from './demo/random.ts';
import { systemSession } from '../server/auth/system-session.ts';
import { systemUpdate } from '../server/tbl/system-write.ts';
import { sql, type Kysely } from 'kysely';

/** The seed of the demo register: every fresh start plans the same cases (relative to its day). */
export const DEMO_SEED = 2024;

/**
 * The demo workspace's register, made once when the workspace is created (`DomainModule.seed`):
 * `config.demoCases` patients with a case each (`TB_DEMO_CASES`, default 300) over the demo units, in
 * every quarter of the last four years, planned by the WHO rules (`demo/`: `course.ts` the clinical
 * course, `exams.ts`, `calendar.ts`, `case-data.ts`, `talk.ts`, `plan.ts`) — drug-susceptible TB on
 * 2HRZE/4HR (children on the dispersible combinations), DR-TB with its resistance type, DST and the
 * regimen that type calls for, NTM, presumptive TB; HIV results with ART and CPT; outcomes that fit
 * each treatment; a calendar of intake, monitoring smears and cultures, weight and X-ray; contacts,
 * adverse effects, previous treatments, manual tags; comments and issues by the unit's users, the
 * district's coordinator and the national centre; some cases transferring between units. Written
 * through the writer's batch door (`demo/insert.ts`: fed to the change log as creates), then the automatic
 * tags computed.
 * The modules after this one (the drug supply) seed their own demo on top of it: they run after it
 * (`app/domains.ts`) and read the register as any reader does.
 *
 * @example await seedDemoCases(ctx, { login: 'ADMIN', password: 'Admin123' }) // after the catalogues' seed
 */
export async function seedDemoCases(ctx: AppContext, created?: { login: string; password: string }): Promise<undefined> {
  if (!created || ctx.config.demoCases <= 0) return undefined;
  const db = kysely(ctx.orm.em.fork());
  const ws = await db.selectFrom('workspace').select('id').where('name', '=', demoWorkspaceName).executeTakeFirst();
  if (!ws) return undefined;
  const workspaceId = ws.id as string;
  const catalogue = await readCatalogue(db, workspaceId);
  const rows = planRegister(catalogue, ctx.registry, { n: ctx.config.demoCases, seed: DEMO_SEED, now: new Date() });
  const hand = planHandTreatments(await untreatedCases(db, workspaceId), catalogue, new Random(DEMO_SEED + 1));
  const session = systemSession(workspaceId, demoWorkspaceName);
  await ctx.orm.em.fork().transactional(async (em) => {
    const x = { em, ctx, session };
    await insertRegister(x, rows);
    await insertRegister(x, hand.rows);
    // the hand-written cases (through the writer already) keep the period and alert of their new treatment
    for (const [id, values] of hand.cases) await systemUpdate(x, 'tbcase', id, values, 'derived');
  });
  await refreshWorkspaceTags(ctx.orm.em.fork(), ctx, workspaceId);
  return undefined;
}

/** The workspace's cases on treatment that have no treatment rows (the hand-written ones). */
async function untreatedCases(db: Kysely<Database>, workspaceId: string): Promise<UntreatedCase[]> {
  const rows = await db
    .selectFrom('tbcase as c')
    .select(['c.id', 'c.classification', 'c.drug_resistance_type', 'c.owner_unit_id', sql<string>`c.ini_treatment_date::text`.as('ini')])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.state', '=', 'ONTREATMENT')
    .where('c.ini_treatment_date', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('treatment as t').select('t.id').whereRef('t.case_id', '=', 'c.id'))))
    .orderBy('c.case_number')
    .execute();
  return rows.map((r) => ({ id: r.id, classification: r.classification as UntreatedCase['classification'], drugResistanceType: (r.drug_resistance_type ?? undefined) as UntreatedCase['drugResistanceType'], ownerUnitId: r.owner_unit_id, iniTreatmentDate: r.ini }));
}
