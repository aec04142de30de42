import type { AppContext } from '../server/types.ts';
import { kysely } from '../server/db/kysely.ts';
import { demoWorkspaceName } from '../catalogues/demo/seed.ts';
import { generateCases } from './generate.ts';
import { generateTreatments } from './treatment/generate.ts';
import { generateDemoTalk } from './demo-talk.ts';
import { generateDemoExams, refreshDemoDerived } from './demo-exams.ts';
import { feedGenerated } from '../server/tbl/feed-generated.ts';
import { generateDemoCaseData } from './case-data/demo.ts';
import { refreshWorkspaceTags } from './auto-tags/index.ts';

/**
 * The demo workspace's register, made once when the workspace is created: `config.demoCases`
 * generated patients and cases (`TB_DEMO_CASES`, default 300) over the demo units, registered in
 * the last two years, in every state, diagnosis type and classification, some transferring; each
 * case on treatment with its prescriptions and intake calendar; comments and review issues on some;
 * the case data tab's comorbidities, contacts, adverse effects and previous treatments; smears,
 * Xpert and cultures (`demo-exams.ts`).
 *
 * @example await seedDemoCases(ctx, { login: 'ADMIN', password: 'Admin123' }) // after the catalogues' seed
 */
export async function seedDemoCases(ctx: AppContext, created?: { login: string; password: string }): Promise<undefined> {
  if (!created || ctx.config.demoCases <= 0) return undefined;
  const db = kysely(ctx.orm.em.fork());
  const ws = await db.selectFrom('workspace').select('id').where('name', '=', demoWorkspaceName).executeTakeFirst();
  if (!ws) return undefined;
  const from = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  await generateCases(db, ws.id as string, ctx.config.demoCases, { seed: 'demo', numberPrefix: 'Д-', registeredFrom: from, registeredDays: 720 });
  // every case on treatment has its treatment: prescriptions and a daily intake calendar
  await generateTreatments(db, ws.id as string);
  await generateDemoTalk(db, ws.id as string);
  await generateDemoExams(ctx, ws.id as string);
  // comorbidities, contacts, adverse effects and previous treatments (the case data tab)
  await generateDemoCaseData(db, ws.id as string);
  // generated rows bypass the writer: the change feed learns them as creates, before anything changes them
  await feedGenerated(ctx, ws.id as string);
  // then what a write would have done: the cases' derived columns, their automatic tags
  await refreshDemoDerived(ctx, ws.id as string);
  await refreshWorkspaceTags(ctx.orm.em.fork(), ctx, ws.id as string);
  return undefined;
}
