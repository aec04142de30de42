import { t } from '../../engine/i18n.ts';
import { runAction } from '../../server/actions/run.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext } from '../../server/types.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/**
 * The spec's routes for an administrator's password actions on a user, kept as
 * aliases of the declared actions (./actions.ts): `POST /api/tbl/userws/resetpwd {userWsId}` runs
 * `resetpwd`, `POST /api/tbl/userws/updatepwd {userWsId, newPassword, repeatNewPassword}` runs
 * `updatepwd` — the same as `POST /api/tbl/userws/{userWsId}/action/<name>`. USERS_EDT; a user of
 * another workspace → 404 on `userWsId`.
 */
export function passwordRoutes(ctx: AppContext): DeclaredRoute[] {
  return (['resetpwd', 'updatepwd'] as const).map((name) =>
    defineRoute({ method: 'POST', path: `/api/tbl/userws/${name}`, rule: rule.perm('USERS_EDT'), summary: `The user action ${name} on the workspace user named by the body's userWsId`, handler: async (c) => {
      const s = c.get('session');
      const { userWsId, ...input } = await jsonBody(c);
      if (!isUuid(userWsId)) throw fail(400, t(s.lang, 'msg.badId'), 'userWsId');
      try {
        await runAction(ctx, s, 'userws', userWsId, name, input);
      } catch (e) {
        // the row is named by `userWsId` here
        if (e instanceof ApiError && e.status === 404) throw fail(404, t(s.lang, 'msg.notFound'), 'userWsId');
        throw e;
      }
      return c.json({ success: true });
    } }),
  );
}
