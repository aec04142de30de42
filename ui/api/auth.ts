/** Login and logout (`/api/auth/*`). */
import { api } from './client.ts';
import { ApiError } from './ApiError.ts';
import type { WorkspaceItem } from './types.ts';

export interface LoginRequest {
  login: string;
  password: string;
  workspaceId?: string;
}

/** What a login attempt ended with: signed in, or the workspaces to choose from. */
export type LoginOutcome = { kind: 'ok' } | { kind: 'chooseWorkspace'; workspaces: WorkspaceItem[] };

/**
 * Signs in. When the user has several workspaces and none was given, the server answers 400 with
 * `result.workspaces`: that becomes `{kind: 'chooseWorkspace'}` instead of an error.
 */
export async function login(req: LoginRequest): Promise<LoginOutcome> {
  try {
    await api.post<unknown>('/api/auth/login', req);
    return { kind: 'ok' };
  } catch (err) {
    const workspaces = (err as ApiError).result as { workspaces?: WorkspaceItem[] } | undefined;
    if (err instanceof ApiError && workspaces?.workspaces?.length) {
      return { kind: 'chooseWorkspace', workspaces: workspaces.workspaces };
    }
    throw err;
  }
}

export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}
