import type { AppContext, Session } from '../../server/types.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';

/**
 * The user licence agreement: while the settings require it (`ulaActive`), a session reports
 * `ulaAccepted: false` until the user accepts it once (`POST /api/sys/acceptula`), and the server
 * refuses every other call but the language and logout (`requireSession`, from the session's
 * `ulaPending`, read with the user's identity).
 */
export async function ulaSessionInfo({ session }: { session: Session }): Promise<{ ulaAccepted: boolean }> {
  return { ulaAccepted: !session.ulaPending };
}

export function ulaRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sys/acceptula', rule: rule.session, summary: 'Accepts the user licence agreement the settings require', handler: async (c) => {
    const s = c.get('session');
    await writeTransaction(ctx, async (em) => {
      const acceptula = { type: 'sysuser', action: 'acceptula', entityId: s.userId, entityName: s.userName };
      await systemUpdate({ em, ctx, session: s }, 'sysuser', s.userId, { ulaAcceptedAt: new Date().toISOString() }, acceptula);
    }, 'licence acceptance');
    ctx.identities.clear(); // the next request of this user goes through at once
    return c.json({ success: true });
  } }),
  ];
}
