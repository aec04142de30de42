import { t } from '../../engine/i18n.ts';
import type { Userws } from '../../engine/generated/index.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { systemDelete, systemUpdate } from '../../server/tbl/system-write.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';

/** What a workspace user row shows of its account: nothing while the invitation waits. */
const accountOnly: (keyof Userws)[] = ['active', 'passwordExpired', 'emailConfirmed'];

/**
 * Shows, in workspace user rows that are invitations (`pending`: not linked to the account yet,
 * `inviteUserId` names it), what the inviter typed as login, name and e-mail, and no account
 * state (blocked, confirmed…): adding a login of another workspace discloses nothing of its owner.
 *
 * @example maskInvitations([{ pending: true, name: 'Иванов И.', inviteName: 'Doctor', … }]) // name: 'Doctor'
 */
export function maskInvitations(docs: Partial<Userws>[]): void {
  for (const d of docs) {
    if (!d.pending) continue;
    d.login = d.inviteLogin;
    d.name = d.inviteName ?? d.login;
    d.email = d.inviteEmail ?? '';
    d.sendSystemMessages ??= true; // the account's own preference is not read through an invitation
    for (const k of accountOnly) delete d[k];
  }
}

/** The session as it acts in the workspace of an invitation (its history entry belongs there). */
const inWorkspace = (s: Session, workspaceId: string, workspaceName: string): Session => ({
  ...s, workspaceId, workspaceName, unitId: null, unitName: null, adminUnitId: null, adminUnitName: null,
});

/**
 * The account owner's side of an invitation (spec: linking an account of another workspace needs its
 * owner's consent): `POST /api/sys/invitations` → `[{id, workspaceId, workspaceName}]` the pending
 * memberships of the session's account; `POST /api/sys/invitations/{id}/accept` makes one a
 * membership (the workspace is then offered at login); `…/decline` removes it. Each writes a
 * command-history entry in the inviting workspace.
 */
export function invitationRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sys/invitations', rule: rule.session, summary: "The user's pending invitations to other workspaces", handler: async (c) => {
    const s = c.get('session');
    const rows = await kysely(ctx.orm.em.fork())
      .selectFrom('userws as uw')
      .innerJoin('workspace as w', 'w.id', 'uw.workspace_id')
      .select(['uw.id as id', 'w.id as workspaceId', 'w.name as workspaceName'])
      .where('uw.invite_user_id', '=', s.userId)
      .where('uw.pending', '=', true)
      .orderBy('w.name')
      .execute();
    return c.json(rows);
  } }),

  ...(['accept', 'decline'] as const).map((answer) =>
    defineRoute({ method: 'POST', path: `/api/sys/invitations/:id/${answer}`, rule: rule.session, summary: `The user's ${answer === 'accept' ? 'acceptance of' : 'refusal of'} an invitation`, handler: async (c) => {
      const s = c.get('session');
      const id = c.req.param('id');
      if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
      await writeTransaction(ctx, async (em) => {
        const db = kysely(em);
        const row = await db
          .selectFrom('userws as uw')
          .innerJoin('workspace as w', 'w.id', 'uw.workspace_id')
          .select(['uw.id', 'w.id as workspaceId', 'w.name as workspaceName'])
          .where('uw.id', '=', id)
          .where('uw.invite_user_id', '=', s.userId)
          .where('uw.pending', '=', true)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
        // the owner's answer, written in the inviting workspace through the writer's system door
        // (version, change feed, history entry `userws.accept|decline`): the inviter's rules on who
        // may change a workspace user are not the owner's to pass
        const x = { em, ctx, session: inWorkspace(s, row.workspaceId, row.workspaceName) };
        const command = { action: answer, entityName: s.userName };
        if (answer === 'accept') {
          await systemUpdate(x, 'userws', id, { userId: s.userId, pending: null, inviteUserId: null, inviteLogin: null, inviteName: null, inviteEmail: null }, command);
        } else await systemDelete(x, 'userws', id, command); // its profiles cascade
      }, `invitation ${answer}`);
      ctx.identities.clear();
      return c.json({ success: true });
    } }),
  ),
  ];
}
