import { createHash, randomBytes } from 'node:crypto';

export const cookieName = 'tbsid';
export const newToken = () => randomBytes(32).toString('base64url');
/** Only the hash is stored, so a leaked session table opens no session. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
