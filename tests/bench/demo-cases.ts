import { sql, type Kysely } from 'kysely';
import { generateCases } from '../../cases/generate.ts';
import type { Database } from '../../engine/generated/database.ts';

/**
 * The id of the demo workspace (the first made) on a benchmark's database.
 * @example const ws = await demoWorkspaceId(kysely(server.ctx.orm.em.fork()));
 */
export async function demoWorkspaceId(db: Kysely<Database>): Promise<string> {
  return (await db.selectFrom('workspace').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id as string;
}

/**
 * Fills the demo workspace to `n` generated patients with a case each (`cases/generate.ts`): only
 * the cases it lacks are generated, so a database kept between runs (`BENCH_DATABASE_URL`) is filled
 * once; numbers `<letter><cases it had>-<i>`, new on each fill. Today's daily refresh of the
 * automatic tags is taken first, as a server running since the morning has it: it would otherwise
 * start 10 minutes after the server (cases/auto-tags/daily.ts), in the middle of a long generation
 * or of the timings. Prints the progress and the time taken; answers the workspace and the cases it
 * now has (`generated`: how many were made this time, 0 when none — then nothing needs analysing).
 * @example const { ws, cases, generated } = await fillDemoCases(db, 1_000_000, 'G');
 */
export async function fillDemoCases(db: Kysely<Database>, n: number, letter = 'G'): Promise<{ ws: string; cases: number; generated: number }> {
  const ws = await demoWorkspaceId(db);
  await sql`insert into tagrefresh (id, workspace_id, day) values (gen_random_uuid(), ${ws}, current_date)
            on conflict (workspace_id) do update set day = excluded.day`.execute(db);
  const have = Number((await db.selectFrom('tbcase').select(sql<number>`count(*)::int`.as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
  if (have >= n) return { ws, cases: have, generated: 0 };
  const started = Date.now();
  await generateCases(db, ws, n - have, { numberPrefix: `${letter}${have}-`, onProgress: (done) => process.stdout.write(`\r  generating ${done} / ${n - have}`) });
  console.log(`\n  ${n - have} patients and cases generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { ws, cases: n, generated: n - have };
}
