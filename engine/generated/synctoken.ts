/* Generated from schemas/tables/synctoken.json by `npm run gen:types`. Do not edit. */

export interface Synctoken {
  userId: string;
  userwsId?: string;
  tokenHash: string;
  device: string;
  expiresAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}
