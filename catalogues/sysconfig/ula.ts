import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { recordCommand } from '../../server/history/record.ts';
import type { AppContext, Env, Session } from '../../server/http/context.ts';
import { kysely } from '../../server/tbl/store.ts';

/**
 * The user licence agreement: while the settings require it (`ulaActive`), a session reports
 * `ulaAccepted: false` until the user accepts it once (`POST /api/sys/acceptula`).
 */
export async function ulaSessionInfo({ em, session }: { em: Em; session: Session }): Promise<{ ulaAccepted: boolean }> {
  const r = await sql<{ required: boolean | null; accepted: Date | null }>`
    select (select ula_active from sysconfig order by created_at limit 1) as required,
           (select ula_accepted_at from sysuser where id = ${session.userId}) as accepted`.execute(kysely(em));
  return { ulaAccepted: r.rows[0].required !== true || r.rows[0].accepted != null };
}

export function ulaRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/sys/acceptula', async (c) => {
    const s = c.get('session');
    await ctx.orm.em.fork().transactional(async (em) => {
      await kysely(em).updateTable('sysuser').set({ ula_accepted_at: sql`now()` }).where('id', '=', s.userId).execute();
      await recordCommand(em, s, { type: 'sysuser', action: 'acceptula', entityId: s.userId, entityName: s.userName });
    });
    return c.json({ success: true });
  });
}
