/** An administrator's actions on a user of the workspace (spec 000 §7.3, §4). */
import { api, tableApi } from '../../api/index.ts';

/** Makes a new random password and e-mails it to the user. */
export const resetPassword = (userWsId: string) => api.post<unknown>('/api/tbl/userws/resetpwd', { userWsId });

export interface NewPassword {
  newPassword: string;
  repeatNewPassword: string;
}

/** Sets the password the administrator typed. */
export const updatePassword = (userWsId: string, p: NewPassword) => api.post<unknown>('/api/tbl/userws/updatepwd', { ...p, userWsId });

/** Blocks (`false`) or unblocks (`true`): an update carrying only `{active}`. */
export const setActive = (userWsId: string, active: boolean) => tableApi.update('userws', userWsId, { active });
