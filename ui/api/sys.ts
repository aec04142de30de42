/** Session, workspaces, global search and the user's own settings (`/api/sys/*`, `/api/session/*`). */
import { api } from './client.ts';
import type { SearchResult, Session, WorkspaceItem } from './types.ts';

export const fetchSession = () => api.post<Session>('/api/sys/session');

export const fetchWorkspaces = (signal?: AbortSignal) => api.post<WorkspaceItem[]>('/api/sys/workspaces', {}, signal);

export const changeWorkspace = (id: string) => api.post<unknown>(`/api/sys/changews/${encodeURIComponent(id)}`);

/** Tells the server the session's language (its messages follow; remembered for the next login). */
export const setSessionLanguage = (lang: string) => api.post<unknown>(`/api/sys/language/${encodeURIComponent(lang)}`);

/** Global search, capped at `maxResults` (10 in the toolbar). */
export const search = (key: string, maxResults = 10, signal?: AbortSignal) =>
  api.post<SearchResult[]>('/api/session/search', { key, maxResults }, signal);

export interface UserSettings {
  name: string;
  mobile?: string;
  email: string;
  timeZone?: string;
}

export const fetchUserSettings = (signal?: AbortSignal) => api.get<UserSettings>('/api/sys/usersettings', signal);

export const saveUserSettings = (doc: UserSettings) => api.post<unknown>('/api/sys/usersettings', doc);

export interface PasswordChange {
  password: string;
  newPassword: string;
  repeatNewPassword: string;
}

export const changePassword = (doc: PasswordChange) => api.post<unknown>('/api/sys/changepassword', doc);
