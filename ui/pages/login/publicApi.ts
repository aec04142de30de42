/** What the login page asks without a session: `GET /api/pub/sysconfig`, `POST /api/pub/register`. */
import { api } from '../../api/index.ts';

export interface PublicConfig {
  allowRegPage: boolean;
  ulaActive: boolean;
  workspaceName?: string | null;
}

export const fetchPublicConfig = (signal?: AbortSignal) => api.get<PublicConfig>('/api/pub/sysconfig', signal);

export interface Registration {
  login: string;
  name: string;
  email: string;
  password: string;
}

export const register = (r: Registration) => api.post<unknown>('/api/pub/register', r);

/** 6 to 20 characters with at least one letter and one digit. */
export const isValidPassword = (p: unknown): boolean =>
  typeof p === 'string' && p.length >= 6 && p.length <= 20 && /\p{L}/u.test(p) && /\d/.test(p);
