/**
 * An administrator's actions on a user of the workspace: the declared row actions
 * of `userws` (server/actions), listed for a row with whether they may run now.
 */
import { api } from '../../api/index.ts';

/** One entry of a row's command bar: `GET /api/tbl/<table>/<id>/actions`. */
export interface RowActionState {
  name: string;
  enabled: boolean;
  reason?: string;
}

const row = (userWsId: string) => `/api/tbl/userws/${encodeURIComponent(userWsId)}`;

/** The actions on a user, each enabled or not with the reason. */
export const listActions = (userWsId: string) => api.get<RowActionState[]>(`${row(userWsId)}/actions`);

/** Runs one (`resetpwd`, `block`, `unblock`…); the server's refusal comes back as an ApiError. */
export const runAction = (userWsId: string, name: string, input: Record<string, unknown> = {}) =>
  api.post<unknown>(`${row(userWsId)}/action/${encodeURIComponent(name)}`, input);

export interface NewPassword {
  newPassword: string;
  repeatNewPassword: string;
}

/** Sets the password the administrator typed. */
export const updatePassword = (userWsId: string, p: NewPassword) => runAction(userWsId, 'updatepwd', { ...p });
